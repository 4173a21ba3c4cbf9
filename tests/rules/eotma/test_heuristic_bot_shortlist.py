"""The heuristic bot's shortlist (``EotmaHeuristicBot.shortlist``): after its own choice, the
endeavours its scoring rates above nothing in the order of their value, then beginning taxation
or ending the turn; at a tax, the rest of its tax plan. The search of the MCTS level compares
these instead of moves drawn at random (model/bots/mcts.py)."""

from __future__ import annotations

from pathlib import Path

from model import io
from model.rules.eotma.actions import BeginTaxation, EndTurn, Tax
from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.moves import why_not
from model.rules.eotma.state import EotmaState
from model.rules.registry import get

SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "medieval-europe-976.mappa.json"


def _states(count: int) -> list[EotmaState]:
    """The first ``count`` states of a heuristic game on the shipped 976 scenario."""
    scenario = io.load(SCENARIO)
    spec = get(scenario.ruleset.id)
    assert spec is not None
    state = spec.engine_factory()(scenario).new_state(3)
    assert isinstance(state, EotmaState)
    found = []
    for _ in range(count):
        found.append(state.clone())
        state.apply(EotmaHeuristicBot().choose(state))
    return found


def test_main_step_shortlist_follows_the_endeavour_scoring_then_passing() -> None:
    checked = 0
    for state in _states(150):
        if state.pending or state.phase != "turn" or state.step == "move" or state.tax_stage == 1:
            continue
        player = state.active()
        if state.is_exiled(player):
            continue
        bot = EotmaHeuristicBot()
        ranked = [str(a) for a in bot.shortlist(state, 6)]
        scorer = EotmaHeuristicBot()
        scored = scorer._score(state, player, scorer._candidates(state, player))
        good = [str(scorer._action(state, at, gold)) for value, at, gold in scored if value > 0]
        parse = state.game.codec.parse
        good = [text for text in good if why_not(state, parse(text)) is None and text != ranked[0]]
        passing = [str(a) for a in (BeginTaxation(), EndTurn()) if why_not(state, a) is None]
        passing = [text for text in passing if text != ranked[0]]
        expected = [ranked[0], *dict.fromkeys(good), *passing][:6]
        assert ranked[: len(expected)] == expected
        checked += len(good) >= 2
    assert checked >= 3  # positions with several endeavours worth their gold were seen


def test_at_a_tax_the_shortlist_is_the_rest_of_the_tax_plan() -> None:
    checked = 0
    for state in _states(150):
        if state.pending or state.phase != "turn" or state.tax_stage != 1:
            continue
        ranked = EotmaHeuristicBot().shortlist(state, 3)
        first_tax, second_tax = [*ranked, ranked[0]][:2]
        if isinstance(first_tax, Tax) and isinstance(second_tax, Tax) and first_tax != second_tax:
            # Best first: the plan sorts the taxes by their value (``_tax_value``).
            bot = EotmaHeuristicBot()
            player = state.active()
            index = state.game.board.index
            first, second = (
                bot._tax_value(state, player, index[t.area], t.amount) for t in (first_tax, second_tax)
            )
            assert first >= second
            checked += 1
    assert checked >= 1
