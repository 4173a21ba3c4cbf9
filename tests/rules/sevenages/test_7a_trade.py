"""7A facts 2.9: trade & progress. The cards are swapped, the giver of the higher card advances,
and the trading empire may then give its partner money as financial aid."""

from __future__ import annotations

from sevenages_helpers import RULES, at_step, last_action, make_game, play

from model.rules.sevenages.bot import HeuristicBot
from model.rules.sevenages.state import SevenAgesState


def traded(treasury: int) -> SevenAgesState:
    """Ann's Assyria trades with Ben's Babylon next door: card06 (5) against card03 (2)."""
    game = make_game(
        [("a1", "b1"), ("b1", "c1")],
        empires={"assyria": ("ann", 3), "babylon": ("ben", 3), "carthage": ("cid", 3)},
        units=[
            ("a1", "assyria", "spearmen", None, 1),
            ("b1", "babylon", "spearmen", None, 1),
            ("c1", "carthage", "spearmen", None, 1),
        ],
    )
    state = at_step(game, 3, {"ann": {"assyria": "trade"}})
    state.board.players["ann"].hand = ["card06"]
    state.board.players["ben"].hand = ["card03"]
    state.board.empires["assyria"].treasury = treasury
    state.board.empires["babylon"].treasury = 1
    assert [str(a) for a in state.legal_actions()] == ["trade babylon", "trade none"]
    play(state, "trade babylon", "give card06", "give card03")
    return state


def test_the_higher_card_advances_its_giver_and_the_cards_change_hands() -> None:
    state = traded(7)  # the aid question holds the step before the end of the turn
    assert state.board.empires["assyria"].progress == 3 + RULES.trade_win_advance == 5
    assert state.board.empires["babylon"].progress == 3
    assert state.board.players["ann"].hand == ["card03"] and state.board.players["ben"].hand == ["card06"]


def test_financial_aid_gives_the_partner_money_up_to_the_tables_most() -> None:
    state = traded(7)
    assert state.current_player() == "ann"
    # The progress table's financial_aid_max (5, a HOUSE DEFAULT) caps the gift below the treasury.
    assert RULES.financial_aid_max == 5
    assert [str(a) for a in state.legal_actions()] == [f"fund {n}" for n in range(6)]
    decision = state.view(None)["decision_about"]
    assert decision["kind"] == "trade_fund" and decision["about"] == "babylon"
    assert "financial aid" in decision["text"]
    play(state, "fund 3")
    assert state.board.empires["assyria"].treasury == 4
    assert state.board.empires["babylon"].treasury == 4
    assert state.statistics()["financial_aid"] == 3
    assert "assyria gives babylon 3 money as financial aid" in last_action(state).effects


def test_the_gift_is_within_the_treasury_and_none_leaves_the_money() -> None:
    state = traded(2)
    assert [str(a) for a in state.legal_actions()] == ["fund 0", "fund 1", "fund 2"]
    play(state, "fund 0")
    assert (state.board.empires["assyria"].treasury, state.board.empires["babylon"].treasury) == (2, 1)
    assert "financial_aid" not in state.statistics()


def test_an_empty_treasury_is_asked_nothing() -> None:
    state = traded(0)
    assert "assyria advances 2 to 5" in last_action(state).effects
    assert not any(str(a).startswith("fund") for a in state.legal_actions())
    assert state.board.ctx.get("sub") != "trade_fund"


def test_the_heuristic_bot_gives_no_aid() -> None:
    state = traded(7)
    assert str(HeuristicBot(0).choose(state)) == "fund 0"
