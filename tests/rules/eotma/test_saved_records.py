"""The state's records (agreements 20.3, tie waivers 12.42, crusades 23.32, parleys 20.4, attacks 24)
have named fields and save as the plain lists older saves hold.

Each test plays its case through the public API and is named after the rule it checks."""

from __future__ import annotations

import json

from eotma_helpers import idx, start

from model.rules.eotma import rebellion
from model.rules.eotma.actions import Vote
from model.rules.eotma.game import (
    AreaStart,
)
from model.rules.eotma.records import (
    NO_PARLEY,
    Attack,
    ClaimWatch,
    Crusade,
    DeferredCheck,
    Partial,
    TaxWait,
)
from model.rules.eotma.state import EotmaState


def _round_trip(state: EotmaState) -> EotmaState:
    saved = json.loads(json.dumps(state.to_json()))
    again = EotmaState.from_json(state.game, saved)
    assert again.to_json() == state.to_json()
    return again


def test_12_42_20_3_state_records_have_named_fields_and_keep_their_saved_lists() -> None:
    state = start(areas={"march": AreaStart("west", 2, ties=("east",))})
    march, city = idx(state, "march"), idx(state, "city")
    state.apply("agree east truce")
    state.apply("accept")
    state.apply("taxation")
    state.apply("tax march 1")  # east's tie: a waiver decision first (12.42)
    state.partial[(city, march)] = Partial(0, 1)
    state.claim_watch.append(ClaimWatch(0, march))
    assert state.waiting == TaxWait(area=march, gold=1, waived=0, asked=1, plunder=False)
    assert state.agreements[0].terms == "truce" and state.agreements[0].parties() == {0, 1}
    saved = state.to_json()
    # The saved forms are the plain lists of before, so earlier saves still load.
    assert saved["waiting"] == [march, 1, 0, 1, 0] and saved["agreements"] == [[0, 1, "truce"]]
    assert saved["crusade"] == [] and [city, march, 0, 1] in saved["partial"]
    assert [0, march] in saved["claim_watch"]
    again = _round_trip(state)
    assert again.waiting is not None and again.waiting.area == march
    assert again.partial[(city, march)].results == 1 and again.claim_watch[-1].area == march
    copy_ = state.clone()
    copy_.apply("waive")
    assert copy_.waiting is None and state.waiting is not None and state.waiting.waived == 0


def test_23_32_a_crusade_under_way_is_a_named_record_saved_as_its_old_list() -> None:
    state = start()
    state.crusade = Crusade(leader=1, asked=0, order=(1, 0))
    saved = state.to_json()
    assert saved["crusade"] == [1, 0, 1, 0]
    again = _round_trip(state)
    assert again.crusade == Crusade(1, 0, (1, 0)) and again.crusade.order == (1, 0)


def test_20_4_a_parley_under_way_has_named_fields_and_saves_as_a_list() -> None:
    state = start(areas={"march": AreaStart("west", 1, ties=("west",))})
    assert state.parley == NO_PARLEY and state.to_json()["parley"] == []
    state.apply("parley claim march")
    assert (state.parley.kind, state.parley.caller, state.parley.area) == ("claim", 0, idx(state, "march"))
    assert state.to_json()["parley"] == ["claim", 0, idx(state, "march"), -1, 0, 0]
    again = _round_trip(state)
    assert again.parley == state.parley
    copy_ = state.clone()
    copy_.apply(Vote(True))
    assert state.parley.yes == 0 and copy_.parley.yes + copy_.parley.no > 0


def test_24_queued_attacks_and_12_42_deferred_checks_have_named_fields_and_save_as_lists() -> None:
    state = start()
    state.npc_queue.append(Attack("raid", "Vikings", 4, idx(state, "march"), -1, None, "norse_pagan"))
    state.deferred.append(DeferredCheck(idx(state, "city"), 1, 0, 2, 2, 0, 1))
    saved = state.to_json()
    assert saved["npc_queue"] == [["raid", "Vikings", 4, idx(state, "march"), -1, None, "norse_pagan"]]
    assert saved["deferred"] == [[idx(state, "city"), 1, 0, 2, 2, 0, 1]]
    again = _round_trip(state)
    assert again.npc_queue[0].target == idx(state, "march") and again.npc_queue[0].religion == "norse_pagan"
    assert again.deferred[0].held == 1 and again.deferred[0].left == 2
    copy_ = state.clone()
    rebellion.hold_conversion(copy_, idx(state, "city"))
    assert copy_.deferred[0].held == 2 and state.deferred[0].held == 1
