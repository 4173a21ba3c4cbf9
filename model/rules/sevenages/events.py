"""Event cards played in the civilise step (7A facts 3.2 minimal deck; E&N: Events on neutrals).

HOUSE DEFAULT of the engine: events are played in the civilise step only, one per actor. An
area-scope event hits one area; an empire-scope event played against neutrals hits at most
``neutral_event_areas`` adjacent neutral areas (E&N: Events), here named as the second target.
Money and progress effects do nothing to neutrals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.protocol import Action
from model.rules.sevenages import economy, neutrals
from model.rules.sevenages.actions import Words, act
from model.rules.sevenages.game import NEUTRAL
from model.rules.sevenages.state import Unit

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState

AREA_EFFECTS = ("plague", "revolt", "fire", "earthquake", "migration")
EMPIRE_EFFECTS = ("famine", "schism", "golden_age")


def _effect(state: SevenAgesState, card: str) -> str | None:
    event = state.game.cards[card].event if card in state.game.cards else None
    kind = state.game.rules.events.get(event) if event else None
    return kind.effect.lower() if kind else (event.lower() if event else None)


def choices(state: SevenAgesState, player: str) -> list[Action]:
    """Return the event plays open to the player now (one target each)."""
    board = state.board
    found: list[Action] = []
    own = state.empires_of(player)
    for card in sorted(set(board.players[player].hand)):
        effect = _effect(state, card)
        if effect in ("plague", "revolt"):
            found.extend(act("play", card, a) for a in sorted(board.units) if len(state.sides(a)) == 1)
        elif effect in ("fire", "earthquake"):
            found.extend(act("play", card, a) for a, i in sorted(board.areas.items()) if i.city or i.fort)
        elif effect == "migration":
            found.extend(act("play", card, a) for a in sorted(board.units) if state.controller(a) in own)
        elif effect in ("famine", "schism"):
            found.extend(act("play", card, e) for e in sorted(board.empires))
            if effect == "schism":
                areas = [a for a in sorted(board.units) if state.is_neutral_area(a)]
                for a in areas:
                    found.extend(act("play", card, a, b) for b in areas if b > a and b in state.game.links[a])
        elif effect == "golden_age":
            found.extend(act("play", card, e) for e in own)
    return found


def play(state: SevenAgesState, player: str, action: Words, effects: list[str]) -> None:
    """Carry out an event and discard its card."""
    board = state.board
    card, target = action.word(0), action.word(1)
    effect = _effect(state, card)
    board.players[player].hand.remove(card)
    board.discards.append(card)
    board.count("events")
    effects.append(f"{player} plays {card} ({effect}) on {' '.join(action.words[1:])}")
    if effect == "plague":
        stack = board.units.get(target, [])
        if stack:
            if state.controller(target) == NEUTRAL:
                neutrals.reveal(state, target, effects)
            victim = min(stack, key=lambda u: (u.level, u.kind))
            state.take(target, victim)
            effects.append(f"plague removes {victim.kind} in {target}")
    elif effect == "revolt":
        neutrals.disorder(state, target, effects)
    elif effect in ("fire", "earthquake"):
        info = board.areas[target]
        if effect == "earthquake":
            info.fort = False
        info.city = max(0, info.city - 1)
        if info.city == 0:
            info.capital = False
    elif effect == "migration":
        side = state.controller(target)
        stack = board.units.get(target, [])
        if side and stack:
            model = stack[0]
            state.put(target, Unit(side, model.kind, model.level))
    elif effect == "famine" and target in board.empires:
        board.empires[target].treasury = max(0, board.empires[target].treasury - 2)
    elif effect == "schism":
        if target in board.empires:
            areas = sorted(economy.controlled(state, target), key=lambda a: -state.income_value(a))[:2]
        else:
            areas = [a for a in action.words[1:]][: state.game.rules.neutral_event_areas]
        for area in areas:
            neutrals.disorder(state, area, effects)
    elif effect == "golden_age" and target in board.empires:
        board.empires[target].progress += 1
    neutrals.automatic_discards(state, effects)
