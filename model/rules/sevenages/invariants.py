"""What must hold in every 7 Ages position, as messages (random-game tests, ``--smoke``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.sevenages.game import NEUTRAL

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState


def violations(state: SevenAgesState) -> list[str]:
    """Return a message for every invariant the position breaks (empty when sound)."""
    game, board = state.game, state.board
    rules = game.rules
    found: list[str] = []
    for empire, data in board.empires.items():
        if data.treasury < 0:
            found.append(f"treasury of {empire} is {data.treasury}")
        if data.player not in board.players:
            found.append(f"{empire} belongs to an unknown player {data.player}")
        capitals = [a for a, i in board.areas.items() if i.capital and i.owner == empire]
        if len(capitals) > 1:
            found.append(f"{empire} has {len(capitals)} capitals")
    limit = rules.counters_on_empire
    for player, seat in board.players.items():
        if not 0 <= seat.counters <= limit:
            found.append(f"{player} holds {seat.counters} emissary counters")
        wilds = sum(1 for m in seat.markers.values() if m.startswith("wild"))
        if wilds > 1:
            found.append(f"{player} placed {wilds} wild cards")
    found.extend(_colour_sets(state))
    for area, info in board.areas.items():
        if not 0 <= info.city <= rules.max_city_level:
            found.append(f"city of {area} at level {info.city}")
        if info.capital and (info.owner not in board.empires or info.city < 1):
            found.append(f"capital in {area} without an empire or a city")
        if info.revealed and not state.units_of(NEUTRAL, area):
            found.append(f"{area} is marked revealed without neutral units")
    settled = board.conflict is None and not board.conflicts and board.window is None
    for area, stack in board.units.items():
        if not stack:
            found.append(f"{area} has an empty unit list")
        for unit in stack:
            kind = rules.units.get(unit.kind)
            if kind is None:
                found.append(f"unknown unit type {unit.kind} in {area}")
                continue
            if unit.level < kind.level:
                found.append(f"{unit.kind} in {area} at level {unit.level}, below its type's {kind.level}")
            if unit.owner != NEUTRAL and unit.owner not in board.empires:
                found.append(f"unit of the discarded or unknown empire {unit.owner} in {area}")
            if kind.domain != "sea" and not game.is_land(area):
                found.append(f"{unit.kind} stands at sea in {area}")
            if kind.domain == "sea" and game.is_land(area) and all(game.is_land(n) for n in game.links[area]):
                found.append(f"{unit.kind} stands inland in {area}")
        if (
            settled
            and board.ctx.get("sub") not in ("move", "send", "start_buy")
            and area not in board.advised  # military advisors' conflicts may wait for the step's end
            and len(state.sides(area)) > 1
        ):
            found.append(f"{area} is contested outside a conflict: {state.sides(area)}")
    if settled and board.ctx.get("sub") not in ("move", "send", "start_buy"):
        present = {u.owner for s in board.units.values() for u in s}
        for empire in board.empires:
            if empire not in present:
                found.append(f"{empire} has no units but was not discarded")
    return found


def _colour_sets(state: SevenAgesState) -> list[str]:
    """7A facts 1: no shade is handed out beyond the table's sets, and every empire of a player who
    picked sets uses one of them (each set one empire)."""
    board, found = state.board, []
    held: dict[str, int] = {}
    for seat in board.players.values():
        for shade in seat.sets:
            held[shade] = held.get(shade, 0) + 1
    for shade, count in held.items():
        if count > state.game.rules.set_pool.get(shade, 0):
            found.append(
                f"{count} {shade} colour sets held, the table has {state.game.rules.set_pool.get(shade, 0)}"
            )
    for player, seat in board.players.items():
        if not seat.sets:
            continue
        left = list(seat.sets)
        for empire in state.empires_of(player):
            shade = board.empires[empire].shade
            if shade in left:
                left.remove(shade)
            else:
                found.append(f"{empire} uses a {shade} set that {player} does not hold")
    return found
