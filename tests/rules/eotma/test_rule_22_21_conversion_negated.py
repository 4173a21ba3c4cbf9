"""22.21: another player's conquest of a partly converted area negates the owner's conversion
results. A diplomatic conquest is a conquest (12.31); a Dynastic Inheritance negates them too by
the house default of the conversion table (``inheritance_cancels``), or keeps them when off."""

from __future__ import annotations

from eotma_helpers import card, idx, start

from model.rules.eotma import events
from model.rules.eotma.data import _default_table
from model.rules.eotma.game import AreaStart
from model.rules.eotma.state import EotmaState

C_DIPLOMACY = card(6, diplomacy={"result": ["C"]})
INHERITANCE = {"type": "inheritance", "opponent_areas": True}


def test_22_21_a_diplomatic_conquest_negates_the_old_owners_conversion_results() -> None:
    state = start(C_DIPLOMACY, hand=[6], areas={"border": AreaStart("east", 1)})
    border = idx(state, "border")
    state.conversion[(1, border)] = 2
    state.treasury[1] = 0  # east has no gold to oppose the endeavour (12.2)
    state.apply("diplomacy border")
    assert state.owner[border] == 0
    assert (1, border) not in state.conversion
    assert state.unrest[border] is False  # 12.31: no unrest


def _heir(tables: dict[str, object] | None = None) -> EotmaState:
    # west's leader speaks lowenish: border (east's, next to march) is the suitable area (19.2).
    return start(areas={"border": AreaStart("east", 1)}, west={"language": "lowenish"}, tables=tables or {})


def test_22_21_a_dynastic_inheritance_negates_the_old_owners_conversion_results() -> None:
    state = _heir()
    border = idx(state, "border")
    state.conversion[(1, border)] = 2
    events.immediate(state, 0, INHERITANCE, [])
    assert state.owner[border] == 0
    assert state.conversion == {}


def test_22_21_the_conversion_table_may_let_an_inheritance_keep_them() -> None:
    table = dict(_default_table("conversion"))
    table["inheritance_cancels"] = {"value": False}
    state = _heir({"conversion": table})
    border = idx(state, "border")
    state.conversion[(1, border)] = 2
    events.immediate(state, 0, INHERITANCE, [])
    assert state.conversion == {(1, border): 2}
