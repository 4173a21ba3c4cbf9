"""The heuristic bot fortifies an area a rival borders (14.31, 14.32), valued as a share of the
area (the ``bot`` table's ``fort_threat_share``); with the share at 0 it fortifies only its court."""

from __future__ import annotations

from typing import Any

from eotma_helpers import card, idx, start

from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.data import default_rules
from model.rules.eotma.game import AreaStart
from model.rules.eotma.state import EotmaState

FORTS = [card(n, fortify={"result": ["F"]}) for n in range(1, 37)]
"""36 cards that fortify at any rating (with the 12 blank ones: three chances in four)."""


def _choose(state: EotmaState, **changes: Any) -> str:
    return str(EotmaHeuristicBot(default_rules().bot.replace(changes)).choose(state))


def _west(march_neighbour: str | None) -> EotmaState:
    """West's court home is fortified to the full; its march (social state 3) borders city,
    held by ``march_neighbour`` (None: independent)."""
    state = start(
        *FORTS, hand=[1, 2], areas={"march": AreaStart("west", 3), "city": AreaStart(march_neighbour, 1)}
    )
    state.fort[idx(state, "home")] = 3
    state.treasury[0] = 10
    return state


def test_14_31_it_fortifies_an_area_a_rival_borders() -> None:
    # march is worth 3 + 3 + 1 = 7 VP; a quarter of it at 3 chances in 4 beats the 2 gold (0.9 VP).
    assert _choose(_west("east")) == "fortify march"
    assert _choose(_west("east"), fort_threat_share=0) != "fortify march"


def test_14_31_not_an_area_only_independent_areas_border() -> None:
    assert _choose(_west(None)) != "fortify march"
