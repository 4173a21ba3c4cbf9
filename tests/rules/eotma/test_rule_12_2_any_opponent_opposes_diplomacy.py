"""12.2: an opponent may spend gold against a diplomacy endeavour, also one aimed at an
independent area (the endeavours table's ``oppose_diplomacy``: ``any`` other empire by house
default; ``owner`` keeps it to the target's owner). Each gold takes one off the rating (9.33)."""

from __future__ import annotations

from eotma_helpers import card, start

from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.data import _default_table
from model.rules.eotma.game import AreaStart

TIE = card(2, diplomacy={"result": ["T(1>)"]})


def _rating(effects: tuple[str, ...]) -> int:
    line = next(e for e in effects if e.startswith("diplomacy border: card"))
    return int(line.rsplit(" ", 1)[1])


def test_12_2_another_empire_may_oppose_diplomacy_against_an_independent_area() -> None:
    state = start(TIE, hand=[2, 2], areas={"border": AreaStart(None, 0)})
    state.apply("diplomacy border")
    assert state.current_player() == "east" and state.view()["decision"] == "oppose"
    free = _rating(state.apply("oppose 0").effects)
    state.apply("diplomacy border")
    gold = state.treasury[1]
    opposed = _rating(state.apply("oppose 2").effects)
    assert opposed == free - 2 and state.treasury[1] == gold - 2


def test_12_2_the_owner_option_lets_nobody_oppose_against_an_independent_area() -> None:
    table = dict(_default_table("endeavours"))
    table["oppose_diplomacy"] = {"value": "owner"}
    state = start(TIE, hand=[2], areas={"border": AreaStart(None, 0)}, tables={"endeavours": table})
    entry = state.apply("diplomacy border")
    assert not state.pending and any(e.startswith("diplomacy border: card") for e in entry.effects)


def test_12_2_the_heuristic_bot_spends_nothing_on_areas_it_has_no_stake_in() -> None:
    state = start(TIE, hand=[2], areas={"border": AreaStart(None, 0)})
    state.apply("diplomacy border")
    assert str(EotmaHeuristicBot().choose(state)) == "oppose 0"
