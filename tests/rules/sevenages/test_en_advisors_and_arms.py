"""E&N: Military Advisors (two areas, origins never vacated, neutrals ignore neutrals) and Arms Sales
(produce, fortify or modernise; paid by the empire)."""

from __future__ import annotations

from sevenages_helpers import at_step, make_game, play

from model.rules.sevenages.game import SevenAgesGame


def game() -> SevenAgesGame:
    return make_game(
        [("home", "n1"), ("n1", "n2"), ("n2", "far"), ("far", "n3"), ("n1", "b_home")],
        empires={"assyria": ("ann", 12), "babylon": ("ben", 3)},
        units=[
            ("home", "assyria", "spearmen", None, 1),
            ("b_home", "babylon", "spearmen", None, 1),
            ("n1", "neutral", "chariots", None, 2),
            ("n1", "neutral", "spearmen", None, 1),
            ("n2", "neutral", "spearmen", None, 1),
            ("n3", "neutral", "archers", None, 2),
        ],
    )


def test_advisors_move_only_from_the_picked_areas_and_never_vacate_them() -> None:
    state = at_step(game(), 7, {"ann": {"slot": "wild:emissary"}})
    legal = [str(a) for a in state.legal_actions()]
    # n2 has a single unit: it could send nothing without vacating, so it cannot be picked.
    assert "advisors n1" in legal and "advisors n3" in legal and "advisors n2" not in legal
    play(state, "advisors n1", "done")
    sends = [str(a) for a in state.legal_actions()]
    assert not any(s.startswith("send n3") for s in sends)
    # Chariots move 2 and pass through the neutral n2 (neutrals ignore neutrals) to far.
    assert "send n1 far chariots 2 2" in sends
    # Spearmen and chariots together are three units: at most two of them may leave n1.
    play(state, "send n1 far chariots 2 2")
    assert not any(s.startswith("send n1 far spearmen") for s in (str(a) for a in state.legal_actions()))
    play(state, "done")
    assert [u.kind for u in state.units_of("neutral", "n1")] == ["spearmen"]
    assert state.board.areas["far"].owner == "neutral" and state.statistics()["advisor_moves"] == 1


def test_arms_sales_produce_a_neutral_unit_paid_by_the_empire() -> None:
    state = at_step(game(), 7, {"ann": {"assyria": "wild:emissary"}})
    state.board.empires["assyria"].treasury = 4
    assert state.board.players["ann"].counters == 4
    play(state, "arms n1 unit swords")
    assert state.board.empires["assyria"].treasury == 1
    assert ("swords", 8) in [(u.kind, u.level) for u in state.units_of("neutral", "n1")]


def test_arms_sales_modernise_two_areas_up_to_the_empire_progress() -> None:
    state = at_step(game(), 7, {"ann": {"assyria": "wild:emissary"}})
    # assyria is at level 12 (age 2, range 2): double range 4 reaches n3.
    play(state, "arms n1 modernise", "arms n3 modernise")
    kinds = sorted((u.kind, u.level) for u in state.units_of("neutral", "n1"))
    # chariots -> light horse (6) -> horse (13) stops at 12; spearmen -> swords (8) -> pikes (16) stops.
    assert kinds == [("light_horse", 6), ("light_horse", 6), ("swords", 8)]
    # archers -> catapult (11).
    assert [u.kind for u in state.units_of("neutral", "n3")] == ["catapult", "catapult"]
    # Modernising counts as a reveal of both stacks.
    assert state.board.areas["n1"].revealed and state.board.areas["n3"].revealed


def test_table_switches_reach_the_emissary_step() -> None:
    """The neutrals table holds the HOUSE DEFAULTs: pick counts, meddle windows, conflict timing."""
    from dataclasses import replace

    from sevenages_helpers import RULES

    rules = replace(
        RULES,
        picks={**RULES.picks, "peace": 3},
        meddle_windows=("declared",),
        advisor_conflict="end_of_step",
    )
    base = game()
    state = at_step(
        replace(base, rules=rules), 7, {"ann": {"slot": "wild:emissary"}, "ben": {"slot": "wild:emissary"}}
    )
    play(state, "advisors n1", "done", "pass", "send n1 b_home chariots 2 2")
    # No window after a stack moves: ann goes on moving; the conflict waits for the step's end.
    assert state.current_player() == "ann" and state.board.window is None
    play(state, "done")
    assert state.board.conflict is None and state.board.advised == {"b_home": "ann"}
    # Three removals for a peace mission now.
    play(state, "peace n3", "peace n3", "peace n3", "pass", "finish")
    assert state.units_of("neutral", "n3") == []
    assert state.current_player() == "ben"
    play(state, "finish")
    c = state.board.conflict
    assert c is not None and c["area"] == "b_home" and c["control"]["neutral"] == "ann"
