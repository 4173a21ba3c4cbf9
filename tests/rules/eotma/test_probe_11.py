"""Probes of pillage (11) through the public API on the small test board."""

from __future__ import annotations

import pytest
from eotma_helpers import area, card, start
from probe_helpers import legal, price, rating

from model.rules.eotma.game import AreaStart
from model.rules.protocol import IllegalActionError

NOTHING = card(1)
TARGET_AT_2 = card(2, pillage={"target": ["-1(2>)"]})
GOLD_AT_4 = card(3, pillage={"result": ["G(4>)"]})
EVERYTHING = card(4, pillage={"target": ["-1"], "result": ["G"], "base": ["-1(<50)"]})


def test_11_0_a_pillage_rating_adds_the_targets_population_to_the_conquest_rating() -> None:
    state = start(NOTHING, hand=[1], areas={"city": AreaStart(None, 1)})
    # city has population 3 (10.3); everything else is the conquest's arithmetic (facts sheet 3.2)
    assert rating(state, "pillage city from march") == rating(state, "conquest city from march") + 3


def test_11_1_pillage_pays_only_the_sea_gold_of_its_line_of_communications() -> None:
    state = start(NOTHING, hand=[1])
    assert price(state, "pillage border from march") == 0
    # isle lies one sea area (inner) from home: 9.17 charges that sea, a conquest adds its own 2 (10.2)
    assert price(state, "pillage isle from home") == 1
    assert price(state, "conquest isle from home") == 3
    assert price(state, "pillage isle from home +2") == 3


def test_11_0_no_pillage_of_an_area_at_minus_three() -> None:
    state = start(NOTHING, hand=[1], areas={"border": AreaStart(None, -3)})
    assert not any(a.startswith("pillage border") for a in legal(state))
    with pytest.raises(IllegalActionError):
        state.apply("pillage border from march")


def test_11_2_the_target_loses_a_level_only_at_the_threshold_and_then_is_spared() -> None:
    # rating: combat 3 + SS(march) 1 + population 1 - SS(border) (-2) - related language 1 = 6
    state = start(TARGET_AT_2, hand=[2, 2], areas={"border": AreaStart(None, -2)})
    assert rating(state, "pillage border from march") == 6
    state.apply("pillage border from march")
    assert area(state, "border")["social_state"] == -3
    assert not any(a.startswith("pillage border") for a in legal(state))  # 11.0 now


def test_11_2_a_gold_result_below_its_threshold_gives_nothing() -> None:
    # rating: 3 + 1 + 1 - SS(border) 1 - 1 = 3 < 4
    state = start(GOLD_AT_4, hand=[3, 3], areas={"border": AreaStart(None, 1)})
    assert rating(state, "pillage border from march") == 3
    entry = state.apply("pillage border from march")
    assert state.treasury[0] == 12 and not any("gold from pillage" in e for e in entry.effects)
    state.rng.force(6)  # 11.3: a 6 gives 3 gold
    entry = state.apply("pillage border from march +1")  # rating 4
    assert "west: +3 gold from pillage" in entry.effects
    assert state.treasury[0] == 12 - 1 + 3


def test_11_0_a_pillage_never_takes_the_area_and_every_listed_result_applies() -> None:
    state = start(EVERYTHING, hand=[4], areas={"border": AreaStart(None, 1)})
    state.rng.force(1)  # 11.3: a 1 gives no gold
    entry = state.apply("pillage border from march +5")
    assert area(state, "border")["owner"] is None and area(state, "border")["social_state"] == 0
    assert area(state, "march")["social_state"] == 0  # -1(<50) on the base
    assert "west: +0 gold from pillage" in entry.effects and state.treasury[0] == 12 - 5
