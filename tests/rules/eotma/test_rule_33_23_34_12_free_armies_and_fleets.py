"""33.23, 34.12: some event cards give armies or fleets at no cost, maintained as any others
afterwards. The rules name no such card, so the event card table holds house-default ones,
in the deck only with the armies and fleets rule: Mercenaries (2 army points in the court) and
Hired Fleet (1 fleet point in the court when coastal, else the most populous coastal area)."""

from __future__ import annotations

from eotma_helpers import area, start

from model.rules.eotma import events
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.state import EotmaState

DG = Options(events=False, armies_fleets=True)


def _drawn(card: str, player: int = 0, **kwargs: object) -> tuple[EotmaState, list[str]]:
    state = start(hand=[99, 99], options=DG, **kwargs)  # type: ignore[arg-type]
    state.event_deck = [card]
    effects: list[str] = []
    events.draw(state, player, effects)
    return state, effects


def test_33_23_mercenaries_give_army_points_at_no_cost_in_the_court() -> None:
    state, effects = _drawn("mercenaries")
    assert area(state, "home")["army"] == 2 and state.treasury[0] == 12
    assert "home: army 0 -> 2, at no cost (33.23)" in effects


def test_33_23_the_free_army_points_are_maintained_from_the_end_of_the_turn() -> None:
    state, _ = _drawn("mercenaries")
    state.apply("rule home")
    state.apply("end-turn")
    assert area(state, "home")["army"] == 2 and state.treasury[0] == 10  # 1 gold a point (33.23)


def test_34_12_a_hired_fleet_goes_to_a_coastal_court() -> None:
    state, effects = _drawn("hired_fleet")
    assert area(state, "home")["fleet"] == 1 and state.treasury[0] == 12
    assert "home: fleet 0 -> 1, at no cost (34.12)" in effects


def test_34_12_a_hired_fleet_goes_to_the_most_populous_coast_when_the_court_is_inland() -> None:
    # east's court (capital) has no coast; of its areas only faraway touches a sea area.
    state, _ = _drawn("hired_fleet", player=1, areas={"faraway": AreaStart("east", 0)})
    assert area(state, "faraway")["fleet"] == 1 and area(state, "capital")["fleet"] == 0


def test_33_23_34_12_the_free_unit_cards_are_in_the_deck_only_with_armies_and_fleets() -> None:
    with_units = start(options=Options(events=True, armies_fleets=True)).game
    without = start(options=Options(events=True)).game
    assert events.in_game(with_units, "mercenaries") and events.in_game(with_units, "hired_fleet")
    assert not events.in_game(without, "mercenaries") and not events.in_game(without, "hired_fleet")
