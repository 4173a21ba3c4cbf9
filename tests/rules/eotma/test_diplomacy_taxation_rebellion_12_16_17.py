"""Diplomacy modifiers (12.19), plunder (16.13) and rebellion checks (17.0).

Each test plays its case through the public API and is named after the rule it checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from eotma_helpers import BLANK, area, card, start

from model import io
from model.rules.eotma.game import AreaStart, build_game
from model.rules.protocol import IllegalActionError

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


RULE_LOSS = card(2, rule={"result": ["+1(9>)", "-1(<5)"]})
"""A ruling card whose result at the probe's rating is the loss of a social state level."""


def test_12_19_independent_venice_is_minus_five_in_every_shipped_scenario() -> None:
    for path in sorted(SCENARIOS.glob("medieval-europe-*.mappa.json")):
        game_ = build_game(io.load(path))
        board = game_.board
        venice = board.index["venice"]
        assert board.independent_diplomacy[venice] == -5, path.name
        assert board.independent_diplomacy[board.index["lombardy"]] is None  # 12.18: the usual -3


def test_16_13_an_area_not_connected_to_the_court_cannot_be_plundered() -> None:
    state = start(hand=[BLANK] * 5, areas={"march": AreaStart(None, 0), "border": AreaStart("west", 2)})
    state.apply("taxation")
    assert "plunder border" not in {str(a) for a in state.legal_actions()}
    with pytest.raises(IllegalActionError, match=r"16\.13"):
        state.apply("plunder border")


def test_17_0_no_rebellion_check_when_nothing_is_lost_at_the_lowest_social_state() -> None:
    state = start(RULE_LOSS, hand=[2], areas={"march": AreaStart("west", -3, unrest=True)})
    state.rng.force(6, 6)  # a rebellion check, if one were rolled, would make the area rebel
    entry = state.apply("rule march")
    assert area(state, "march")["owner"] == "west"
    assert area(state, "march")["social_state"] == -3
    assert not any("rebellion" in effect for effect in entry.effects)
