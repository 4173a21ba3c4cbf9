"""Conflict resolution: the [AID] procedure of 7A facts 2.7 with the E&N neutral hooks.

A round: each side commits units (``commit KIND:LEVEL:COUNT ...`` names them; ``commit N`` takes
the N best; half of them rounded up, those best at the front, fight in the frontline, the rest
support), each side draws a card for its base value, and the lower total
loses its committed units while the higher side's committed units become used; a tie loses both.
A side without available units turns its used units back and takes a disorder marker; once the
opponent holds one, a side may retreat. Rounds go on until one side is left.

E&N: Conflict: defending neutrals are controlled by a player with no units in the area, dealt by
cards (highest wins, ties by turn order); attacking neutrals by the player who moved them; a
neutral stack's age is that of its highest-level unit; neutrals retreat only into areas with
neutrals and no empire units.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from math import ceil, prod
from typing import TYPE_CHECKING, Any

from model.rules.protocol import Action
from model.rules.sevenages import automatic, deck, neutrals
from model.rules.sevenages.actions import Words, act
from model.rules.sevenages.game import NEUTRAL
from model.rules.sevenages.state import Unit

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState


def queue(state: SevenAgesState, areas: list[str], chooser: str | None) -> None:
    """Add conflict areas to resolve; ``chooser`` picks their order when there are several
    (7A facts 2.6, 2.7)."""
    board = state.board
    for area in areas:
        if area not in board.conflicts and len(state.sides(area)) > 1:
            board.conflicts.append(area)
    board.chooser = chooser


def order_pending(state: SevenAgesState) -> bool:
    """Whether a player must pick which conflict area to resolve next."""
    board = state.board
    return board.conflict is None and board.chooser is not None and len(board.conflicts) > 1


def neutral_controller(state: SevenAgesState, area: str, attacker: str, effects: list[str]) -> str:
    """Deal the defending neutrals' control (E&N: Conflict; HOUSE DEFAULT when nobody is eligible)."""
    present = {state.player_of(side) for side in state.sides(area)}
    eligible = [p for p in state.board.order if p not in present]
    if not eligible:
        # HOUSE DEFAULT (7A facts 2.7): the first player in turn order who is not the attacker.
        owner = state.player_of(attacker)
        eligible = [p for p in state.board.order if p != owner][:1] or state.board.order[:1]
    if len(eligible) == 1:
        return eligible[0]
    best, chosen = -1, eligible[0]
    for player in eligible:  # in turn order, so a tie keeps the earlier player
        value = deck.draw_value(state, f"{player} (neutral control in {area})", effects)
        if value > best:
            best, chosen = value, player
    effects.append(f"{chosen} controls the neutrals in {area}")
    return chosen


def begin(state: SevenAgesState, area: str, effects: list[str]) -> None:
    """Start the conflict in an area (the holder defends, the first other side attacks; 7A facts 2.7)."""
    board = state.board
    board.conflicts.remove(area)
    sides = state.sides(area)
    if len(sides) < 2:
        return
    automatic.begin(state, automatic.CONFLICT, effects)
    holder = board.areas[area].owner
    defender = holder if holder in sides else sides[0]
    attacker = next(s for s in sides if s != defender)
    control: dict[str, str] = {}
    for side in (attacker, defender):
        if side != NEUTRAL:
            control[side] = state.player_of(side) or board.order[0]
        elif side == attacker and area in board.advised:
            control[side] = board.advised[area]
        else:
            control[side] = neutral_controller(state, area, attacker, effects)
    neutrals.reveal(state, area, effects)
    board.conflict = {
        "area": area,
        "attacker": attacker,
        "defender": defender,
        "control": control,
        "disorder": {attacker: 0, defender: 0},
        "commit": {},
        "asked": [],
        "await": None,
    }
    effects.append(f"conflict in {area}: {attacker} attacks {defender}")
    board.count("conflicts")
    if NEUTRAL in (attacker, defender):
        board.count("neutral_conflicts")
    proceed(state, effects)


def available(state: SevenAgesState, side: str, area: str) -> list[Unit]:
    """Return a side's units in the area that are not used this round cycle."""
    return [u for u in state.board.units.get(area, ()) if u.owner == side and not u.used]


def _shade(state: SevenAgesState, side: str) -> str:
    empire = state.board.empires.get(side)
    return empire.shade if empire else "white"


def choose(state: SevenAgesState, side: str, units: list[Unit], commitment: int | list[str]) -> list[Unit]:
    """Return the units a commitment names: ``N`` the N best (frontline plus support), or words
    ``KIND:LEVEL:COUNT`` naming the counters one by one."""
    if isinstance(commitment, int):
        shade = _shade(state, side)
        stats = {u: state.game.rules.stats(u.kind, shade) for u in set(units)}
        return sorted(units, key=lambda u: (-sum(stats[u]), u.kind, u.level))[:commitment]
    chosen: list[Unit] = []
    for word in commitment:
        kind, level, count = word.split(":")
        chosen.extend([u for u in units if u.kind == kind and u.level == int(level)][: int(count)])
    return chosen


def split(state: SevenAgesState, side: str, chosen: list[Unit]) -> tuple[list[Unit], list[Unit]]:
    """Return (frontline, support): half the committed units, rounded up, at the front.

    HOUSE DEFAULT (7A facts 2.7 leaves the choice to the owner): the units best at the front
    relative to their support value go there, which gives the highest total.
    """
    shade = _shade(state, side)
    stats = {u: state.game.rules.stats(u.kind, shade) for u in set(chosen)}
    ordered = sorted(chosen, key=lambda u: (stats[u][1] - stats[u][0], u.kind, u.level))
    front = ceil(len(ordered) / 2)
    return ordered[:front], ordered[front:]


def commitments(state: SevenAgesState, side: str, area: str) -> list[Action]:
    """Return the commitments open to a side: every choice of counters while there are at most the
    terrain table's ``commit_choices`` (a HOUSE DEFAULT) of them, else the best N units for each N,
    so a huge stack keeps the list short (7A facts 2.7)."""
    free = available(state, side, area)
    groups = Counter((u.kind, u.level) for u in free)
    keys = sorted(groups)
    if prod(groups[k] + 1 for k in keys) - 1 > state.game.rules.commit_choices:
        return [act("commit", n) for n in range(1, len(free) + 1)]
    found: list[Action] = []
    for combo in product(*(range(groups[k] + 1) for k in keys)):
        if any(combo):
            found.append(
                act("commit", *(f"{k}:{lv}:{n}" for (k, lv), n in zip(keys, combo, strict=True) if n))
            )
    return found


def _age(state: SevenAgesState, side: str, area: str) -> int:
    return state.neutral_age(area) if side == NEUTRAL else state.age_of(side)


def defence(state: SevenAgesState, area: str) -> int:
    """Return the defender's terrain, fort, city and crossing bonus (7A facts 2.7)."""
    game, info = state.game, state.board.areas[area]
    rules = game.rules
    bonus = info.city * rules.city_defence_per_level + (rules.fort_bonus if info.fort else 0)
    if game.is_land(area):
        bonus += rules.terrain.get(game.areas[area].terrain, 0)
        sources = state.board.entries.get(area, [])
        if sources and all(not game.is_land(s) for s in sources):
            bonus += rules.beach_bonus  # an invasion from the sea
        elif sources and all(game.edge_bonus.get(frozenset((s, area)), 0) for s in sources):
            bonus += min(game.edge_bonus[frozenset((s, area))] for s in sources)
    return bonus


def combat_value(state: SevenAgesState, side: str, card: int, front: list[Unit], support: list[Unit]) -> int:
    """Return a side's total for one round (7A facts 2.7 formula; no elite markers in the core)."""
    c = state.board.conflict
    assert c is not None
    area, rules = c["area"], state.game.rules
    other = c["defender"] if side == c["attacker"] else c["attacker"]
    shade = _shade(state, side)
    total = card
    total += sum(rules.stats(u.kind, shade)[0] for u in front)
    total += sum(rules.stats(u.kind, shade)[1] for u in support)
    total += max(0, _age(state, side, area) - _age(state, other, area)) * rules.advanced_age_bonus
    own = state.units_of(side, area)
    if c["disorder"][other] and own:
        best_front = max(rules.stats(u.kind, shade)[0] for u in own)
        best_support = max(rules.stats(u.kind, shade)[1] for u in own)
        total += c["disorder"][other] * (best_front + best_support)
    if side == c["defender"]:
        total += defence(state, area)
    return total


def _round(state: SevenAgesState, effects: list[str]) -> None:
    c = state.board.conflict
    assert c is not None
    automatic.begin(state, automatic.CONFLICT, effects)  # the last commitment's player fights none
    area = c["area"]
    totals: dict[str, int] = {}
    committed: dict[str, list[Unit]] = {}
    for side in (c["attacker"], c["defender"]):
        front, support = split(
            state, side, choose(state, side, available(state, side, area), c["commit"][side])
        )
        card = deck.draw_value(state, side, effects)
        totals[side] = combat_value(state, side, card, front, support)
        committed[side] = front + support
        effects.append(
            f"{side} commits {neutrals.describe(front)} | {neutrals.describe(support)}: {totals[side]}"
        )
    a, d = c["attacker"], c["defender"]
    losers = [a, d] if totals[a] == totals[d] else [a if totals[a] < totals[d] else d]
    for side in (a, d):
        for unit in committed[side]:
            state.take(area, unit)
            if side not in losers:
                state.put(area, unit._replace(used=True))
        if side in losers:
            effects.append(f"{side} loses {len(committed[side])} units")
    for side in (a, d):
        own = state.units_of(side, area)
        if own and not available(state, side, area):
            state.board.units[area] = [
                u._replace(used=False) if u.owner == side else u for u in state.board.units[area]
            ]
            c["disorder"][side] += 1
            effects.append(f"{side} takes a disorder marker")
    c["commit"] = {}
    c["asked"] = []


def retreats(state: SevenAgesState, side: str) -> list[str]:
    """Return where a side may retreat now (empty when it may not; 7A facts 2.7, E&N)."""
    c = state.board.conflict
    assert c is not None
    other = c["defender"] if side == c["attacker"] else c["attacker"]
    allowed = c["disorder"][other] > 0
    if state.game.retreat_when == "any_disorder":
        allowed = allowed or c["disorder"][side] > 0
    if not allowed:
        return []
    area = c["area"]
    land = state.game.is_land(area)
    found = []
    for nxt in sorted(state.game.links.get(area, ())):
        if state.game.is_land(nxt) != land or nxt in state.board.conflicts:
            continue
        owners = set(state.sides(nxt))
        if side == NEUTRAL:
            if owners == {NEUTRAL}:
                found.append(nxt)
        elif owners == {side}:
            found.append(nxt)
    return found


def proceed(state: SevenAgesState, effects: list[str]) -> None:
    """Run the conflict until a decision is needed or it is over (7A facts 2.7)."""
    board = state.board
    while board.conflict is not None:
        c = board.conflict
        area = c["area"]
        sides = [s for s in (c["attacker"], c["defender"]) if state.units_of(s, area)]
        if len(sides) < 2:
            end(state, sides[0] if sides else c["defender"], effects)
            return
        waiting = False
        for side in (c["attacker"], c["defender"]):
            if side in c["commit"]:
                continue
            free = len(available(state, side, area))
            if free == 1:
                c["commit"][side] = 1
            else:
                c["await"] = ["commit", side]
                waiting = True
                break
        if waiting:
            return
        _round(state, effects)
        if all(state.units_of(s, area) for s in (c["attacker"], c["defender"])):
            for side in (c["attacker"], c["defender"]):
                if retreats(state, side):
                    c["await"] = ["retreat", side]
                    c["asked"].append(side)
                    return


def end(state: SevenAgesState, winner: str, effects: list[str]) -> None:
    """Close the conflict: the winner holds the area (a change of hands costs fort and city level)
    (7A facts 2.7, 2.14)."""
    board = state.board
    c = board.conflict
    assert c is not None
    automatic.begin(state, automatic.CONFLICT, effects)  # after a retreat, the rules settle the area
    area = c["area"]
    board.units[area] = [u._replace(used=False) if u.used else u for u in board.units.get(area, [])]
    if not board.units[area]:
        del board.units[area]
    effects.append(f"{winner} holds {area}")
    if state.units_of(winner, area):
        neutrals.change_hands(state, area, winner, effects, fought=True)
    board.conflict = None
    board.advised.pop(area, None)
    board.entries.pop(area, None)
    if len(state.sides(area)) > 1:
        board.conflicts.insert(0, area)
    neutrals.automatic_discards(state, effects)


def decider(state: SevenAgesState) -> str:
    """Return who decides in the running conflict."""
    c = state.board.conflict
    assert c is not None and c["await"] is not None
    player: str = c["control"][c["await"][1]]
    return player


def legal(state: SevenAgesState) -> list[Action]:
    """Return the conflict decisions: how many units to commit, or where to retreat."""
    c = state.board.conflict
    assert c is not None and c["await"] is not None
    what, side = c["await"]
    if what == "commit":
        return commitments(state, side, c["area"])
    return [act("retreat", a) for a in retreats(state, side)] + [act("stay")]


def apply(state: SevenAgesState, action: Words, effects: list[str]) -> None:
    """Carry out a commitment or a retreat decision."""
    c: dict[str, Any] | None = state.board.conflict
    assert c is not None
    _, side = c["await"]
    c["await"] = None
    if action.VERB == "commit":
        words = list(action.words)
        c["commit"][side] = int(words[0]) if words[0].isdigit() else words
    elif action.VERB == "retreat":
        area, target = c["area"], action.word(0)
        for unit in state.units_of(side, area):
            state.take(area, unit)
            state.put(target, unit._replace(used=False))
        effects.append(f"{side} retreats from {area} to {target}")
        state.board.count("retreats")
        other = c["defender"] if side == c["attacker"] else c["attacker"]
        end(state, other, effects)
        return
    else:
        # ``stay``: the other side may still be offered a retreat this round.
        other = c["defender"] if side == c["attacker"] else c["attacker"]
        if other not in c["asked"] and retreats(state, other):
            c["asked"].append(other)
            c["await"] = ["retreat", other]
            return
    proceed(state, effects)
