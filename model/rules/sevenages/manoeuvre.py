"""The manoeuvre step (7A facts 2.6): one-unit moves, sea transport, then the conflicts.

Entering an empty or own area takes it at once; entering an area held by another side (an
empire or neutrals) stops the unit and leaves a conflict, fought after the actor's last move.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from model.rules.protocol import Action
from model.rules.sevenages import conflict, movement, neutrals
from model.rules.sevenages.actions import Words, act
from model.rules.sevenages.state import Unit

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState


def moves(state: SevenAgesState, empire: str) -> list[Action]:
    """Return every one-unit move of the empire's units that have not moved this step (7A facts 2.6)."""
    found: list[Action] = []
    for area in sorted(state.board.units):
        kinds = sorted(
            {(u.kind, u.level) for u in state.board.units[area] if u.owner == empire and not u.used}
        )
        for kind, level in kinds:
            if state.game.rules.units[kind].move <= 0:
                continue
            for target in sorted(movement.destinations(state, empire, kind, area)):
                found.append(act("move", area, target, kind, level))
    return found


def ferries(state: SevenAgesState, empire: str) -> list[Action]:
    """Return the sea transports of the empire's unmoved ships (7A facts 2.6 HOUSE DEFAULT)."""
    rules = state.game.rules
    units = state.board.units
    found: list[Action] = []
    for sea in sorted(a for a in units if not state.game.is_land(a)):
        ships = sorted(
            u.kind
            for u in units[sea]
            if u.owner == empire and not u.used and rules.units[u.kind].domain == "sea"
        )
        if not ships:
            continue
        ends = movement.ferry_ends(state, empire, ships[0], sea)
        for origin in sorted(a for a in state.game.links[sea] if state.game.is_land(a) and a in units):
            groups = Counter(
                (u.kind, u.level)
                for u in units[origin]
                if u.owner == empire
                and not u.used
                and rules.units[u.kind].domain == "land"
                and rules.units[u.kind].move > 0
            )
            for (kind, level), count in sorted(groups.items()):
                for target in sorted(t for t in ends if t != origin):
                    for n in range(1, min(count, rules.ship_capacity) + 1):
                        found.append(act("ferry", origin, sea, target, kind, level, n))
    return found


def move(state: SevenAgesState, empire: str, action: Words, effects: list[str]) -> None:
    """Move one unit, or finish moving and queue the conflicts the moves made (7A facts 2.6)."""
    board = state.board
    if action.VERB == "done":
        board.units.update(
            {
                a: [u._replace(used=False) if u.used and u.owner == empire else u for u in s]
                for a, s in board.units.items()
            }
        )
        fights = [
            a for a, s in board.units.items() if any(u.owner == empire for u in s) and len(state.sides(a)) > 1
        ]
        conflict.queue(state, sorted(fights), board.ctx["player"])
        board.ctx["sub"] = "move_settle"
        return
    if action.VERB == "ferry":
        ferry(state, empire, action, effects)
        return
    origin, target, kind, level = action.words[0], action.words[1], action.words[2], int(action.words[3])
    state.take(origin, Unit(empire, kind, level))
    arrive(state, empire, target, origin, [Unit(empire, kind, level, True)], effects)
    board.count("moves")


def arrive(
    state: SevenAgesState, empire: str, target: str, source: str, units: list[Unit], effects: list[str]
) -> None:
    """Units enter an area: an empty or own area is taken at once, an occupied one is a conflict
    (7A facts 2.6; E&N: Neutral Units and Areas)."""
    others = [s for s in state.sides(target) if s != empire]
    for unit in units:
        state.put(target, unit)
    if others:
        state.board.entries.setdefault(target, []).append(source)
    else:
        neutrals.change_hands(state, target, empire, effects, fought=False)


def ferry(state: SevenAgesState, empire: str, action: Words, effects: list[str]) -> None:
    """Carry land units by ship: the ship sails next to the target and lands them there (7A facts 2.6)."""
    origin, sea, target, kind = action.words[0], action.words[1], action.words[2], action.words[3]
    level, count = int(action.words[4]), int(action.words[5])
    units = state.board.units
    rules = state.game.rules
    ship = sorted(
        u for u in units[sea] if u.owner == empire and not u.used and rules.units[u.kind].domain == "sea"
    )[0]
    stop = movement.ferry_ends(state, empire, ship.kind, sea)[target]
    state.take(sea, ship)
    state.put(stop, ship._replace(used=True))
    for _ in range(count):
        state.take(origin, Unit(empire, kind, level))
    arrive(state, empire, target, stop, [Unit(empire, kind, level, True)] * count, effects)
    effects.append(f"{empire} ships {count} {kind} from {origin} by {stop} to {target}")
    state.board.count("ferries")
