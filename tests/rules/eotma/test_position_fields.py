"""The position's saved fields are declared once (``position.Position``) and drive its start, its
clone and its JSON form; states saved before a field existed still load."""

from __future__ import annotations

import json

import pytest
from eotma_helpers import start

from model.rules.eotma.position import Position
from model.rules.eotma.state import EotmaState

SAVED_KEYS = [
    "ruleset",
    "players",
    "owner",
    "ss",
    "unrest",
    "fort",
    "ties",
    "claims",
    "religion",
    "civ",
    "army",
    "fleet",
    "treasury",
    "court",
    "asylum",
    "excommunicated",
    "vp_conversions",
    "defenses",
    "order",
    "slots",
    "leader_bonus",
    "undealt",
    "event_deck",
    "event_discard",
    "ranking",
    "taxed",
    "mag_stat",
    "mag_court",
    "parley_round",
    "mag_names",
    "crusade_route",
    "crusade_targets",
    "stat",
    "hand",
    "holding",
    "kept",
    "round",
    "phase",
    "turn",
    "pick",
    "endeavours_done",
    "tax_stage",
    "union",
    "seq_started",
    "step",
    "moves_left",
    "schism_condition",
    "crusade_turn",
    "crusade_passes",
    "crusades_won",
    "tally",
    "partial",
    "conversion",
    "claim_watch",
    "waiting",
    "agreements",
    "crusade",
    "pending",
    "crusade_refused",
    "crusade_seas",
    "crusade_launch",
    "crusader_state",
    "deferred",
    "npc_queue",
    "parley",
    "heirless_round",
    "rng",
    "log",
]
"""The keys of a saved state, in order, as every saved state and replay holds them."""


def test_every_declared_field_is_saved_in_the_order_saves_have_always_had() -> None:
    state = start()
    assert list(state.to_json()) == SAVED_KEYS
    assert [name for name, _slot in Position.SLOTS] == SAVED_KEYS[2:-2]


def test_a_clone_copies_every_mutable_field() -> None:
    state = start()
    twin = state.clone()
    for name, _slot in Position.SLOTS:
        value = getattr(state, name)
        if isinstance(value, list | dict):
            assert getattr(twin, name) == value and getattr(twin, name) is not value, name
    twin.treasury[0] += 5
    twin.hand[0].append(1)
    assert state.treasury[0] + 5 == twin.treasury[0] and 1 not in state.hand[0][-1:]


def test_a_state_saved_before_the_optional_fields_existed_loads_with_their_start_values() -> None:
    state = start()
    saved = json.loads(json.dumps(state.to_json()))
    optional = [name for name, slot in Position.SLOTS if slot.optional]
    assert {"tally", "agreements", "crusade_refused", "heirless_round", "waiting"} <= set(optional)
    for name in optional:
        del saved[name]
    again = EotmaState.from_json(state.game, saved)
    assert again.tally == [0, 0, 0, 0] and again.heirless_round == [-1, -1] and again.waiting is None


def test_a_save_without_a_required_field_is_refused_by_name() -> None:
    state = start()
    saved = state.to_json()
    del saved["owner"]
    with pytest.raises(ValueError, match="'owner'"):
        EotmaState.from_json(state.game, saved)
