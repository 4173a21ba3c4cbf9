"""Raiders and Magnates (24; facts sheet 7.1-7.3 house defaults): the raid rating, tied targets, armies
in a raided area (33.5, 33.33), Magnate stature checks and the Ottoman rows.

Each test plays its case through the public API and is named after the rule it checks."""

from __future__ import annotations

from typing import Any

from eotma_helpers import VIKINGS, area, card, game, idx

from model.rules.eotma.data import _default_table
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.state import EotmaState


def _raided(seed: int, **kwargs: Any) -> EotmaState:
    options = Options(events=False, raiders=True, armies_fleets=kwargs.pop("armies", False))
    tables = {"raiders": VIKINGS, "year_cards": {"cards": RAID_DECK}, **kwargs.pop("tables_extra", {})}
    return game(*RAID_DECK, options=options, tables=tables, **kwargs).new_state(seed)


RAID_DECK = [
    card(i, pillage={"target": ["-1(0>)"]}, conquest={"result": ["C"]}, stature_check=[1, 9])
    for i in range(1, 40)
]


def _raid(**table: object) -> dict[str, object]:
    raider = {
        "id": "saracens",
        "name": "Saracens",
        "years": [900, 1100],
        "stature": [[9999, 5]],
        "raids": 1,
        "language": "kestrian",  # unrelated to home's aldic: 2
        "religion": "old_faith",  # another religion than home's Latin Church: 2
        "targets": {"seas": ["inner"], "near": [], "steps": 0},
    }
    return {"raiders": [raider], **table}


HIGH_RAID_DECK = [card(i, pillage={"target": ["-1(3>)"]}) for i in range(1, 40)]
"""Every raid draws a card whose -1 needs a rating of 3 or more."""


def _raided_home(raiders: dict[str, object]) -> tuple[str, int]:
    g = game(
        *HIGH_RAID_DECK,
        options=Options(events=False, raiders=True),
        tables={"raiders": raiders, "year_cards": {"cards": HIGH_RAID_DECK}},
        areas={"home": AreaStart("west", 3)},
    )
    state = g.new_state(4)
    entry = state.apply("decline")
    return " ".join(entry.effects), area(state, "home")["social_state"]


def test_house_7_2_raid_targets_tied_at_the_cut_are_chosen_by_die_rolls() -> None:
    # home 2 + 0 and isle 1 + 1 are equally rich: a die roll each, the higher is raided.
    for seed in range(1, 6):
        state = _raided(seed, areas={"home": AreaStart("west", 0), "isle": AreaStart(None, 1)})
        rolls: dict[str, int] = {}
        for line in state.log[0].effects:
            if line.startswith("Vikings target: "):
                name, _, value = line.removeprefix("Vikings target: ").partition(": 1d6 ")
                rolls[name] = int(value.rpartition("=")[2])
        assert set(rolls) == {"home", "isle"}
        raided = "home" if rolls["home"] > rolls["isle"] else "isle"
        if raided == "home":
            assert state.view()["decision"] == "npc-defense"
            state.apply("decline")
        attacks = [e for entry in state.log for e in entry.effects if e.startswith("Vikings attack ")]
        assert attacks and attacks[0].startswith(f"Vikings attack {raided}: card")


def test_33_5_armies_in_a_raided_area_count_for_the_defence_and_33_33_take_the_loss() -> None:
    state = _raided(4, armies=True)
    home = idx(state, "home")
    assert state.view()["decision"] == "npc-defense" and state.current_player() == "west"
    state.army[home] = 2
    entry = state.apply("decline")
    # 5 + population 2 - social state 2 = 5, minus 2 army points: 3; the owner lets the army take the -1.
    assert any(e.startswith("Vikings attack home: card") and e.endswith("rating 3") for e in entry.effects)
    entry = state.apply("lose army")
    assert "home: an army point is lost instead of a level (33.33)" in entry.effects
    assert state.army[home] == 1 and area(state, "home")["social_state"] == 2


def test_house_7_3_a_magnate_is_checked_like_a_leader_when_its_card_calls_a_check() -> None:
    matrix = {"rows": [{"from": 0, "to": 3000, "areas": ["border"] * 11}], "attack": True}
    g = game(
        *RAID_DECK,
        options=Options(events=False, magnates=True),
        tables={"magnates": matrix, "year_cards": {"cards": RAID_DECK}},
        areas={"venice": AreaStart(None, 0)},
    )
    state = g.new_state(4)
    assert state.view()["decision"] == "npc-defense"
    state.rng.force(1, 1)  # the stature check table: 2 is a death (house default)
    entry = state.apply("decline")
    assert any(
        e.startswith("magnate-border: the Magnate dies; its heir's combat stature is") for e in entry.effects
    )


def test_house_7_3_after_1300_the_matrix_rolls_ottoman_entries_in_anatolia() -> None:

    rows = _default_table("magnates")["rows"]
    late = [r for r in rows if r["from"] <= 1350 <= r["to"]]
    assert len(late) == 1 and late[0]["areas"][:3] == ["anatolia"] * 3
    early = [r for r in rows if r["from"] <= 1100 <= r["to"]]
    assert early[0]["areas"][:3] == ["syria", "egypt", "anatolia"]


def test_house_7_1_a_raid_ignores_language_and_religion_by_default() -> None:
    # facts sheet 7.1: stature 5 + population 2 - social state 3 = 4, no differences subtracted
    effects, social_state = _raided_home(_raid())
    assert "rating 4" in effects and social_state == 2


def test_house_7_1_the_raiders_table_may_count_language_and_religion() -> None:
    effects, social_state = _raided_home(_raid(language_religion=True))
    assert "rating 0" in effects and social_state == 3  # 4 - 2 - 2: the -1(3>) misses
