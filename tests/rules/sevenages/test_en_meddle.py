"""E&N: Meddle Affairs and the emissary counters, with the rules' three-player example played out.

Player order A-B-C (ann, ben, cid): ann and cid took the wild card as an additional action, ben
put it on his empire; ben and cid have neutrals near their borders.
"""

from __future__ import annotations

import pytest
from sevenages_helpers import at_step, make_game, play

from model.rules.sevenages.game import SevenAgesGame
from model.rules.sevenages.state import SevenAgesState

LINKS = [
    ("a_home", "n1"),
    ("n1", "n2"),
    ("n2", "b_border"),
    ("b_border", "b_home"),
    ("b_home", "n3"),
    ("n3", "c_home"),
]


@pytest.fixture
def game() -> SevenAgesGame:
    return make_game(
        LINKS,
        empires={"assyria": ("ann", 3), "babylon": ("ben", 3), "carthage": ("cid", 3)},
        units=[
            ("a_home", "assyria", "spearmen", None, 1),
            ("b_home", "babylon", "spearmen", None, 2),
            ("b_border", "babylon", "spearmen", None, 1),
            ("c_home", "carthage", "spearmen", None, 1),
            ("n1", "neutral", "chariots", None, 3),
            ("n2", "neutral", "spearmen", None, 2),
            ("n3", "neutral", "spearmen", None, 2),
        ],
        income={"n2": 3},
    )


def example_start(game: SevenAgesGame) -> SevenAgesState:
    markers = {
        "ann": {"slot": "wild:emissary", "assyria": "production"},
        "ben": {"babylon": "wild:emissary"},
        "cid": {"slot": "wild:emissary", "carthage": "production"},
    }
    state = at_step(game, 7, markers)
    state.board.empires["babylon"].treasury = 5
    return state


def counters(state: SevenAgesState) -> dict[str, int]:
    return {p: d.counters for p, d in state.board.players.items()}


def test_the_three_player_example_step_by_step(game: SevenAgesGame) -> None:
    state = example_start(game)
    # A reveals the wild card as an additional action: three counters.
    assert state.current_player() == "ann"
    assert counters(state) == {"ann": 3, "ben": 0, "cid": 0}
    play(state, "advisors n1", "done")
    assert counters(state)["ann"] == 2
    # Everyone else is asked after the declaration; both still hold unrevealed wild cards.
    assert state.current_player() == "ben"
    assert [str(a) for a in state.legal_actions()] == ["meddle reveal", "pass"]
    play(state, "pass", "pass")
    # The stack may not vacate n1: at most two of the three chariots go.
    sends = [str(a) for a in state.legal_actions()]
    assert "send n1 b_border chariots 2 2" in sends and "send n1 b_border chariots 2 3" not in sends
    play(state, "send n1 b_border chariots 2 2")
    assert [u.kind for u in state.units_of("neutral", "b_border")] == ["chariots", "chariots"]
    # B reveals his wild card on an empire: four counters, one spent at once.
    play(state, "meddle reveal")
    assert counters(state) == {"ann": 2, "ben": 3, "cid": 0}
    # The stack goes back to where it started (n1), not to n2 which it passed through.
    assert len(state.units_of("neutral", "n1")) == 3
    assert state.units_of("neutral", "b_border") == [] and len(state.units_of("neutral", "n2")) == 2
    # No further stacks move: A is back at choosing initiatives, advisors no longer offered.
    legal = [str(a) for a in state.legal_actions()]
    assert state.current_player() == "ann" and not any(a.startswith(("advisors", "arms")) for a in legal)
    # A skips the peace mission and tries economic aid near B: B cancels it too.
    play(state, "aid n2 unit", "done")
    assert counters(state)["ann"] == 1
    play(state, "meddle")
    assert counters(state) == {"ann": 1, "ben": 2, "cid": 0}
    assert len(state.units_of("neutral", "n2")) == 2
    play(state, "finish")
    # B's own action: two counters left on his empire; arms sales near C.
    assert state.current_player() == "ben"
    play(state, "arms n3 unit spearmen")
    assert counters(state)["ben"] == 1 and state.board.empires["babylon"].treasury == 3
    assert state.current_player() == "cid"
    play(state, "meddle reveal")
    assert counters(state) == {"ann": 1, "ben": 1, "cid": 2}
    # A meddled arms sale is refunded, and nothing was placed.
    assert state.board.empires["babylon"].treasury == 5
    assert len(state.units_of("neutral", "n3")) == 2
    play(state, "finish")
    # C has two counters: military advisors near B, which B cancels with his last counter.
    assert state.current_player() == "cid"
    play(state, "advisors n3", "done")
    assert state.current_player() == "ann"
    play(state, "pass", "meddle")
    assert counters(state) == {"ann": 1, "ben": 0, "cid": 1}
    # C's last counter: economic aid near B; A may cancel it but lets it go (B has none left).
    play(state, "aid n2 unit", "done")
    assert state.current_player() == "ann"
    assert [str(a) for a in state.legal_actions()] == ["meddle", "pass"]
    play(state, "pass")
    assert [(u.kind, u.level) for u in state.units_of("neutral", "n2")] == [("spearmen", 1)] * 3
    assert counters(state) == {"ann": 1, "ben": 0, "cid": 0}
    play(state, "finish")
    # End of turn: A's unused counter is returned; B's empire carried the wild card, so it
    # gets no free progress, while the others advance one level.
    assert state.board.turn == 2
    assert counters(state) == {"ann": 0, "ben": 0, "cid": 0}
    assert {e: d.progress for e, d in state.board.empires.items()} == {
        "assyria": 4,
        "babylon": 3,
        "carthage": 4,
    }
    stats = state.statistics()
    assert stats["meddles"] == 4 and stats["arms_refunds"] == 1 and stats["cancelled_initiatives"] == 4
    assert (stats["emissary_advisors"], stats["emissary_aid"], stats["emissary_arms"]) == (2, 2, 1)


def test_a_meddle_cannot_be_meddled_with(game: SevenAgesGame) -> None:
    state = example_start(game)
    play(state, "peace n2")
    play(state, "peace n2")
    play(state, "meddle reveal")
    # The meddle closed the window at once: no window was opened on the meddle itself.
    assert state.board.window is None and state.current_player() == "ann"
    assert len(state.units_of("neutral", "n2")) == 2


def test_initiatives_go_in_order_and_once_each(game: SevenAgesGame) -> None:
    state = example_start(game)
    play(state, "peace n1", "peace n1", "pass", "pass")
    legal = {str(a).split()[0] for a in state.legal_actions()}
    # After the peace mission only economic aid (and finishing) remains.
    assert legal == {"aid", "finish"}
    play(state, "aid n2 city", "done", "pass", "pass")
    assert {str(a) for a in state.legal_actions()} == {"finish"}


def test_additional_action_cannot_sell_arms_but_an_empire_can(game: SevenAgesGame) -> None:
    state = example_start(game)
    assert not any(str(a).startswith("arms") for a in state.legal_actions())
    play(state, "finish")
    assert state.current_player() == "ben" and state.board.players["ben"].counters == 4
    assert "arms n3 unit spearmen" in [str(a) for a in state.legal_actions()]
    # n1 lies two areas from babylon's b_border: beyond its range (1 in age 1) for a unit, within
    # double range for modernising (E&N: Arms Sales).
    legal = [str(a) for a in state.legal_actions()]
    assert "arms n1 unit spearmen" not in legal and "arms n1 modernise" in legal
    assert "arms n2 unit spearmen" in legal
