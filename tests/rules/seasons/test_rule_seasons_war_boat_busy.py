"""Seasons: Units / War Boat: a war boat is busy, and gives no aid, when the units it carried
land to attack; units landing in peace in their own nation's area leave the boat free to aid
(+2 for an empty boat) a battle next to its ocean."""

from __future__ import annotations

from seasons_helpers import plan, stage

from model.rules.seasons.game import SeasonsGame


def _effects(state: object) -> list[str]:
    return [effect for entry in state.log for effect in entry.effects]  # type: ignore[attr-defined]


def test_units_war_boat_landing_at_home_leaves_the_boat_free_to_aid(isles: SeasonsGame) -> None:
    units = [
        ("ba", "war_boat", "vellmark", "north_sea"),
        ("i1", "infantry", "vellmark", "north_sea"),
        ("c1", "cavalry", "vellmark", "caldwick"),
        ("o1", "infantry", "ostrand", "brenmoor"),
    ]
    state = stage(isles, units, {"brenmoor": "ostrand"})
    state.board.units["i1"].boat = "ba"
    state.rng.force(1, 1)
    plan(
        state,
        {
            "vellmark": [
                "move north_sea caldwick i1",  # lands in vellmark's own caldwick: in peace
                "move caldwick brenmoor c1",
                "aid north_sea brenmoor",
            ]
        },
    )
    assert "vellmark aids from north_sea with 2" in _effects(state)
