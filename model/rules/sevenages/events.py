"""Event cards played in the civilise step (7A facts 3.2 minimal deck; E&N: Events on neutrals).

Each event belongs to the step of its ``timing_action`` (7A facts 2.11, CE cards coloured by
action); HOUSE DEFAULT of the engine: a player acting in that step may play one such event after
its action, once a step, on one target. The effect comes from the events table: ``disorder``,
``remove_lowest_unit``, ``city_down``, ``remove_fort_city_down`` and ``add_unit`` hit an area;
``money`` and ``progress`` an empire. E&N: Events: an empire-scope event played against neutrals
hits at most ``neutral_event_areas`` adjacent neutral areas (named as the targets), and money and
progress effects do nothing to neutrals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.protocol import Action
from model.rules.sevenages import economy, neutrals
from model.rules.sevenages.actions import IN_AREAS, ON_EMPIRE, Words, act
from model.rules.sevenages.game import NEUTRAL
from model.rules.sevenages.state import Unit
from model.rules.sevenages.tables import EventKind

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState


def kind_of(state: SevenAgesState, card: str) -> EventKind | None:
    """Return the event of a card (None: no event the table knows)."""
    info = state.game.cards.get(card)
    return state.game.rules.events.get(info.event) if info and info.event else None


def _area_targets(state: SevenAgesState, event: EventKind, player: str) -> list[str]:
    board = state.board
    if event.effect == "add_unit":
        own = set(state.empires_of(player))
        return [a for a in sorted(board.units) if state.controller(a) in own]
    if event.effect in ("city_down", "remove_fort_city_down"):
        return [a for a, i in sorted(board.areas.items()) if i.city or i.fort]
    return [a for a in sorted(board.units) if len(state.sides(a)) == 1]


def choices(state: SevenAgesState, player: str) -> list[Action]:
    """Return the event plays open to the player now (7A facts 2.11, 3.2)."""
    from model.rules.sevenages.sequence import STEPS

    board = state.board
    step = STEPS[board.step - 1] if board.phase == "step" and board.step else ""
    found: list[Action] = []
    for card in sorted(set(board.players[player].hand)):
        event = kind_of(state, card)
        if event is None or event.timing_action != step:
            continue
        if event.scope == "area":
            found.extend(act("play", card, IN_AREAS, a) for a in _area_targets(state, event, player))
            continue
        empires = state.empires_of(player) if event.target == "own" else sorted(board.empires)
        found.extend(act("play", card, ON_EMPIRE, e) for e in empires)
        if event.effect == "disorder" and event.target != "own":
            areas = [a for a in sorted(board.units) if state.is_neutral_area(a)]
            for a in areas:
                near = state.game.links[a] if state.game.rules.event_areas_adjacent else set(areas)
                found.extend(act("play", card, IN_AREAS, a, b) for b in areas if b > a and b in near)
    return found


def play(state: SevenAgesState, player: str, action: Words, effects: list[str]) -> None:
    """Carry out an event and discard its card."""
    board = state.board
    card, target = action.word(0), action.word(2)
    event = kind_of(state, card)
    assert event is not None
    board.players[player].hand.remove(card)
    board.discards.append(card)
    board.count("events")
    effects.append(f"{player} plays {card} ({event.id}) on {' '.join(action.words[2:])}")
    effect, amount = event.effect, event.amount
    if effect == "remove_lowest_unit":
        for _ in range(amount):
            stack = board.units.get(target, [])
            if not stack:
                break
            if state.controller(target) == NEUTRAL:
                neutrals.reveal(state, target, effects)
            victim = min(stack, key=lambda u: (u.level, u.kind))
            state.take(target, victim)
            effects.append(f"{event.id} removes {victim.kind} in {target}")
    elif effect == "disorder" and event.scope == "area":
        neutrals.disorder(state, target, effects)
    elif effect == "disorder":
        if target in board.empires:
            ranked = sorted(economy.controlled(state, target), key=lambda a: (-state.income_value(a), a))
            areas = ranked[:amount]
        else:
            # E&N: Events: against neutrals an empire-wide event hits at most two adjacent areas.
            areas = list(action.words[2:])[: state.game.rules.neutral_event_areas]
        for area in areas:
            neutrals.disorder(state, area, effects)
    elif effect in ("city_down", "remove_fort_city_down"):
        info = board.areas[target]
        if effect == "remove_fort_city_down":
            info.fort = False
        info.city = max(0, info.city - amount)
        if info.city == 0 and info.capital:
            neutrals.lose_capital(state, target, None, effects)
    elif effect == "add_unit":
        side = state.controller(target)
        stack = board.units.get(target, [])
        if side and stack:
            model = min(stack, key=lambda u: (u.level, u.kind))
            for _ in range(amount):
                state.put(target, Unit(side, model.kind, model.level))
    elif effect == "money" and target in board.empires:
        board.empires[target].treasury = max(0, board.empires[target].treasury + amount)
    elif effect == "progress" and target in board.empires:
        board.empires[target].progress += amount
    neutrals.automatic_discards(state, effects)
