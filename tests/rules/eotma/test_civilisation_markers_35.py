"""Civilisation markers: cathedrals under a union (35.22), universities (35.34).

Each test plays its case through the public API and is named after the rule it checks."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from eotma_helpers import idx, start

from model import io
from model.rules.eotma import rebellion
from model.rules.eotma.decisions import UNIVERSITY
from model.rules.eotma.game import (
    AreaStart,
    Options,
    build_game,
)

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


def test_35_22_under_a_union_a_cathedral_of_the_other_church_is_kept() -> None:
    options = Options(events=False, civilisation_markers=True)
    for union in (False, True):
        state = start(hand=[99], player="east", options=options, areas={"border": AreaStart("east", 1)})
        border = idx(state, "border")
        state.religion[border] = "eastern"
        state.civ[border] = 1  # a cathedral
        state.union = union
        state.apply("give west area border")
        assert bool(state.civ[border] & 1) is union


def test_35_34_a_university_doubles_a_social_state_rise() -> None:
    game_ = build_game(io.load(SCENARIOS / "medieval-europe-976.mappa.json"))
    game_.options = dataclasses.replace(game_.options, civilisation_markers=True)
    state = game_.new_state(1)
    area = next(a for a in range(len(state.ss)) if state.ss[a] <= state.game.rules.ss_max - 2)
    before = state.ss[area]
    state.civ[area] |= UNIVERSITY
    rebellion.raise_social_state(state, area, [])
    assert state.ss[area] == before + 2
