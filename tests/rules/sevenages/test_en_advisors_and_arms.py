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
    play(state, "advisors n1", "advisors done")
    sends = [str(a) for a in state.legal_actions()]
    assert not any(s.startswith("send n3") for s in sends)
    # Chariots move 2 and pass through the neutral n2 (neutrals ignore neutrals) to far.
    assert "send n1 far chariots 2 2" in sends
    # Spearmen and chariots together are three units: at most two of them may leave n1.
    play(state, "send n1 far chariots 2 2")
    assert not any(s.startswith("send n1 far spearmen") for s in (str(a) for a in state.legal_actions()))
    play(state, "send done")
    assert [u.kind for u in state.units_of("neutral", "n1")] == ["spearmen"]
    assert state.board.areas["far"].owner == "neutral" and state.statistics()["advisor_moves"] == 1


def test_arms_sales_produce_a_neutral_unit_paid_by_the_empire() -> None:
    state = at_step(game(), 7, {"ann": {"assyria": "wild:emissary"}})
    state.board.empires["assyria"].treasury = 4
    assert state.board.players["ann"].counters == 4
    play(state, "arms unit swords n1")
    assert state.board.empires["assyria"].treasury == 1
    assert ("swords", 8) in [(u.kind, u.level) for u in state.units_of("neutral", "n1")]


def test_arms_sales_modernise_two_areas_up_to_the_empire_progress() -> None:
    state = at_step(game(), 7, {"ann": {"assyria": "wild:emissary"}})
    # assyria is at level 12 (age 2, range 2): double range 4 reaches n3.
    play(state, "arms modernise n1", "arms modernise n3")
    kinds = sorted((u.kind, u.level) for u in state.units_of("neutral", "n1"))
    # chariots -> light horse (6) -> horse (13) stops at 12; spearmen -> swords (8) -> pikes (16) stops.
    assert kinds == [("light_horse", 6), ("light_horse", 6), ("swords", 8)]
    # archers -> catapult (11).
    assert [u.kind for u in state.units_of("neutral", "n3")] == ["catapult", "catapult"]
    # Modernising counts as a reveal of both stacks.
    assert state.board.areas["n1"].revealed and state.board.areas["n3"].revealed
