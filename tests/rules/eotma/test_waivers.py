"""12.42 waivers before every rebellion check of a player's area, not only taxing and plundering:
the failed-endeavour check (17.0), the conversion check (22.2) and the Leader Dies Heirless
checks (19.1). Each opponent with a tie decides, in seat order, before the dice are rolled."""

from __future__ import annotations

from eotma_helpers import ISLE_LINKED, area, card, idx, start

from model.rules.eotma import leaders, rebellion
from model.rules.eotma.game import AreaStart
from model.rules.eotma.records import Crusade

MINUS = card(3, rule={"target": ["-1"]})
CONVERT = card(4, conquest={"target": ["-1"], "result": ["C"]})


def test_12_42_waivers_before_the_check_of_a_failed_ruling_in_unrest() -> None:
    state = start(MINUS, hand=[3], areas={"march": AreaStart("west", 1, unrest=True, ties=("east",))})
    entry = state.apply("rule march")
    assert any("after the tie holders say whether they waive" in e for e in entry.effects)
    assert not any(e.startswith("rebellion check") for e in entry.effects)  # no dice yet
    assert state.current_player() == "east" and state.view()["decision"] == "waive"
    assert state.view()["decision_about"]["areas"] == ["march"]
    state.rng.force(4, 4)
    entry = state.apply("waive")
    assert "east waives its tie (12.42)" in entry.effects
    # 5 for unrest only: west shares march's language and church, and the +2 of the tie is waived
    check = "rebellion check march (social state lost in unrest, value 5)"
    assert any(e.startswith(check) for e in entry.effects)
    assert state.current_player() == "west" and state.deferred == []


def test_12_42_a_kept_tie_counts_in_the_failed_endeavour_check() -> None:
    state = start(MINUS, hand=[3], areas={"march": AreaStart("west", 1, unrest=True, ties=("east",))})
    state.apply("rule march")
    state.rng.force(4, 4)
    entry = state.apply("waive no")
    assert "east keeps its tie (12.42)" in entry.effects
    assert any("value 7" in e for e in entry.effects)


def test_12_42_no_waiver_is_asked_without_an_opponents_tie() -> None:
    state = start(MINUS, hand=[3], areas={"march": AreaStart("west", 1, unrest=True, ties=("west",))})
    state.rng.force(4, 4)
    entry = state.apply("rule march")
    assert any(e.startswith("rebellion check march") for e in entry.effects)
    assert state.current_player() == "west" and not state.pending


def test_12_42_22_2_conversion_c_results_wait_for_the_waived_check() -> None:
    state = start(CONVERT, hand=[4], areas={"isle": AreaStart("west", 1, ties=("east",))}, tables=ISLE_LINKED)
    isle = idx(state, "isle")
    state.apply("conquest isle from isle")
    assert state.view()["decision"] == "waive" and state.conversion == {}
    state.rng.force(6, 1)  # value 7 (unrest 5, pagan area 2, the tie waived): a roll of 7 does nothing
    state.apply("waive")
    assert state.owner[isle] == 0 and state.conversion == {(0, isle): 1}


def test_12_42_22_2_a_rebellion_on_the_deferred_check_voids_the_held_c_results() -> None:
    state = start(CONVERT, hand=[4], areas={"isle": AreaStart("west", 1, ties=("east",))}, tables=ISLE_LINKED)
    isle = idx(state, "isle")
    state.apply("conquest isle from isle")
    state.rng.force(1, 1)  # value 9 with the tie kept: a roll of 2 is a rebellion
    entry = state.apply("waive no")
    assert any(e.split(": ")[-1] == "rebellion" for e in entry.effects if e.startswith("isle"))
    assert state.owner[isle] == -1 and state.conversion == {}


def test_12_42_19_1_each_heirless_check_waits_for_its_waivers() -> None:
    state = start(
        areas={
            "faraway": AreaStart("west", 1, ties=("east",)),
            "isle": AreaStart("west", 1, ties=("east",)),
        }
    )
    effects: list[str] = []
    state.rng.force(6, 1, 1)  # unrest rolls: march calm, isle and faraway in unrest
    leaders.heirless(state, 0, effects)
    assert not any(e.startswith("rebellion check") for e in state.rng.trace)
    assert [r[0] for r in state.deferred] == [idx(state, "isle"), idx(state, "faraway")]
    assert [p.kind for p in state.pending] == ["waive", "waive"]
    assert state.current_player() == "east" and state.view()["decision_about"]["areas"] == ["faraway"]
    state.rng.force(6, 1)
    entry = state.apply("waive")
    assert any(e.startswith("rebellion check faraway (leader died heirless, value 8)") for e in entry.effects)
    assert state.view()["decision_about"]["areas"] == ["isle"]
    state.rng.force(6, 1)
    entry = state.apply("waive no")
    assert any(e.startswith("rebellion check isle (leader died heirless, value 9)") for e in entry.effects)
    assert state.deferred == [] and not state.pending and state.current_player() == "west"


def test_12_42_a_check_inside_the_crusader_phase_goes_ahead_with_the_ties() -> None:
    state = start(areas={"march": AreaStart("west", 1, unrest=True, ties=("east",))})
    effects: list[str] = []
    state.crusade = Crusade(0, 0, (0,))  # inside a crusader phase
    state.rng.force(6, 1)
    result = rebellion.check(state, idx(state, "march"), 0, effects, "leader died heirless")
    assert result != rebellion.DEFERRED and not state.pending
    assert area(state, "march")["ties"] == ["east"]
