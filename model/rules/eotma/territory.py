"""Who owns what: lines of communication (7.51), sea range (9.53, 34.32), changes of owner,
loss and relocation of the court, exile and return (21).

HOUSE DEFAULT 6 (facts sheet 4): an area is connected when a chain of the owner's areas links it
to the court; a sea crossing in the chain may span up to the connection range of either end (a
seafaring home or an area with a fleet, 34.31: the ``connection_seafaring_range`` plus fleet
points beyond the first, 34.32; any other area: ``connection_non_seafaring_range``, none by
default). These ranges are their own table values, apart from the endeavour ranges (9.53).
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from model.rules.eotma.decisions import CATHEDRAL, PALACE, DecisionKind, Pending

if TYPE_CHECKING:
    from model.rules.eotma.data import Rules
    from model.rules.eotma.position import Position


def sea_range(state: Position, area: int) -> int:
    """Return how many sea areas a base can reach across (9.53, 34.31-34.32, house default 2).

    A seafaring home reaches the seafaring range plus one per fleet point; a fleet in any other
    area first makes it a seafaring home (that point adds no range).
    """
    return endeavour_sea_range(state.game.rules, state.game.board.seafaring[area], state.fleet[area])


def endeavour_sea_range(rules: Rules, seafaring: bool, fleets: int) -> int:
    """Return how many sea areas a base with these fleet points reaches across (9.53, 34.31-34.32).

    The engine's ``sea_range`` and the map's seafaring and fleet reaches both ask this.
    """
    if seafaring:
        return rules.seafaring_range + fleets
    if fleets > 0:
        return rules.seafaring_range + fleets - 1  # 34.32: the point that makes a seafaring home adds none
    return rules.non_seafaring_range


def connection_range(state: Position, area: int) -> int:
    """Return how many sea areas a line of communications may cross from this end (7.51, house default 6).

    A seafaring home, or an area a fleet makes one (34.31), reaches the connection range of the
    endeavours table plus one per further fleet point (34.32); any other area the (house default
    zero) non-seafaring connection range.
    """
    rules = state.game.rules
    fleets = state.fleet[area]
    if state.game.board.seafaring[area]:
        return rules.connection_seafaring_range + fleets
    if fleets > 0:
        return rules.connection_seafaring_range + fleets - 1
    return rules.connection_non_seafaring_range


def connection(state: Position, player: int) -> dict[int, int]:
    """Return {area: sea areas on its line of communications} for the player's connected areas (7.51)."""
    cached = state._conn[player]
    if cached is not None:
        return cached
    court = state.court[player]
    result: dict[int, int] = {}
    if court >= 0 and state.owner[court] == player:
        board = state.game.board
        owner = state.owner
        heap = [(0, court)]
        best = {court: 0}
        while heap:
            d, a = heapq.heappop(heap)
            if a in result:
                continue
            result[a] = d
            for b in board.adj[a]:
                if owner[b] == player and d < best.get(b, 1 << 30):
                    best[b] = d
                    heapq.heappush(heap, (d, b))
            if board.coast[a]:
                range_a = connection_range(state, a)
                for b, seas in board.sea_reach(a).items():
                    if owner[b] != player or b in result:
                        continue
                    if seas > range_a and seas > connection_range(state, b):
                        continue
                    nd = d + seas
                    if nd < best.get(b, 1 << 30):
                        best[b] = nd
                        heapq.heappush(heap, (nd, b))
    state._conn[player] = result
    return result


def is_connected(state: Position, player: int, area: int) -> bool:
    """Return whether the player's area is linked to the court (7.51)."""
    return area in connection(state, player)


def suitable_court(state: Position, player: int, area: int) -> bool:
    """Return whether an area may be the player's court: the leader's language and religion (21.3);
    under a union result the united churches count as one (23.11: for all purposes)."""
    game = state.game
    board = game.board
    return (
        board.language[area] == game.leader_language[player]
        and board.religion_difference(game.leader_religion[player], state.religion[area], state.united()) == 0
    )


def set_owner(
    state: Position,
    area: int,
    new: int,
    effects: list[str],
    *,
    conquest: bool = False,
    taken: bool | None = None,
) -> None:
    """Give an area to a new owner (-1 independent) and apply everything that follows.

    ``conquest`` says whether the change negates conversion results (22.21); ``taken`` whether it
    is a taking by conquest that ends the other players' partial conquests of the area (10.38;
    by default as ``conquest``). Partial conquest markers using the area as a base end (10.37);
    armies and fleets there are eliminated (33.32, 34.22); a palace is removed and a cathedral
    kept only by an owner of its religion (35.22-35.23); conversion progress is wiped by another
    player's conquest (22.21); a lost court forces relocation or exile, and a suitable area ends an
    exile (21.3). A crusader state that changes hands ends (house default, ``crusades`` table).
    """
    game = state.game
    old = state.owner[area]
    if old == new:
        return
    taken = conquest if taken is None else taken
    state.owner[area] = new
    effects.append(f"{game.board.ids[area]}: owner {_name(state, old)} -> {_name(state, new)}")
    if state.crusader_state[area]:
        state.crusader_state[area] = False  # taken by an empire or a Magnate (crusader_states table)
        effects.append(f"{game.board.ids[area]}: the crusader state ends")
    if state.partial:
        # 10.37: results scored from this area as a base end with its loss. 10.38: a taking by
        # conquest ends every other result against the area; a change of hands otherwise leaves
        # them standing (10.31; ``endeavours`` table ``partial_conquest_on_transfer``), but the
        # new owner's own.
        ends_all = taken or game.rules.partial_on_transfer == "remove"
        for key, (holder, _count) in list(state.partial.items()):
            if key[1] == area or (key[0] == area and (ends_all or holder == new)):
                del state.partial[key]
    state.army[area] = 0
    state.fleet[area] = 0
    civ = state.civ[area]
    if civ:
        civ &= ~PALACE
        court = state.court[new] if 0 <= new < game.n_players else -1
        if (
            civ & CATHEDRAL
            and court >= 0
            and game.board.religion_difference(state.religion[court], state.religion[area], state.united())
            != 0
        ):
            civ &= ~CATHEDRAL  # 35.22 (the united churches are one under a union, 23.11)
        state.civ[area] = civ
    if conquest and state.conversion:
        # 22.21: a conquest by another player negates the conversion results; a player who
        # takes back its own rebelled area keeps its own.
        for key in [k for k in state.conversion if k[1] == area and k[0] != new]:
            del state.conversion[key]
    state.invalidate()
    if 0 <= old < game.n_players and state.court[old] == area:
        lose_court(state, old, effects)
    elif old >= game.n_players and state.mag_court[old - game.n_players] == area:
        # House default 13: a Magnate that loses its court is gone; its other areas go independent.
        state.mag_court[old - game.n_players] = -1
        effects.append(f"{_name(state, old)} loses its court and disappears (24)")
        for other, owner in enumerate(state.owner):
            if owner == old:
                set_owner(state, other, -1, effects)
    if 0 <= new < game.n_players and state.court[new] < 0 and suitable_court(state, new, area):
        state.court[new] = area
        state.asylum[new] = -1
        state.invalidate()
        effects.append(
            f"{game.player_ids[new]} returns from exile with its court at {game.board.ids[area]} (21.3)"
        )


def _name(state: Position, code: int) -> str:
    owner = state.owner_name(code)
    return owner if owner is not None else "independent"


def court_candidates(state: Position, player: int) -> list[int]:
    """Return the areas a player who lost the court may move it to (HOUSE DEFAULT 7.52).

    Owned areas of the leader's language and religion in the largest group of the player's
    areas that hang together under the connection rules.
    """
    owned = [a for a, o in enumerate(state.owner) if o == player]
    if not owned:
        return []
    groups = _groups(state, player, owned)
    largest = max(groups, key=lambda g: (len(g), -min(g)))
    return sorted(a for a in largest if suitable_court(state, player, a))


def _groups(state: Position, player: int, owned: list[int]) -> list[set[int]]:
    board = state.game.board
    owned_set = set(owned)
    seen: set[int] = set()
    groups: list[set[int]] = []
    for start in owned:
        if start in seen:
            continue
        group = {start}
        stack = [start]
        seen.add(start)
        while stack:
            a = stack.pop()
            neighbours = [b for b in board.adj[a] if b in owned_set]
            if board.coast[a]:
                range_a = connection_range(state, a)
                neighbours += [
                    b
                    for b, seas in board.sea_reach(a).items()
                    if b in owned_set and (seas <= range_a or seas <= connection_range(state, b))
                ]
            for b in neighbours:
                if b not in seen:
                    seen.add(b)
                    group.add(b)
                    stack.append(b)
        groups.append(group)
    return groups


def cut_off(state: Position, player: int, effects: list[str]) -> None:
    """17.0: a player going into exile (or starting in it) has no court, so the areas it holds
    lose their line to the court (7.51) and go into unrest. Areas it takes later never had a
    line to lose: a diplomatic conquest through asylum brings no unrest (12.31), see
    ``sequence._unrest_for_lost_connection``."""
    for area, owner in enumerate(state.owner):
        if owner == player and not state.unrest[area]:
            state.unrest[area] = True
            effects.append(f"{state.game.board.ids[area]}: cut off from the court, unrest (7.51, 17.0)")


def lose_court(state: Position, player: int, effects: list[str]) -> None:
    """The court fell: move it at once (a decision when several areas qualify) or go into exile (21.0)."""
    game = state.game
    state.court[player] = -1
    state.invalidate()
    candidates = court_candidates(state, player)
    who = game.player_ids[player]
    if not candidates:
        effects.append(f"{who} has no suitable court left and goes into exile (21.0)")
        cut_off(state, player, effects)
        return
    if len(candidates) == 1:
        move_court(state, player, candidates[0], effects)
        return
    effects.append(f"{who} must choose a new court among {', '.join(game.board.ids[a] for a in candidates)}")
    state.pending.append(Pending(DecisionKind.RELOCATE, player, "", tuple(candidates)))


def move_court(state: Position, player: int, area: int, effects: list[str]) -> None:
    """Put the player's court in an area (house default 7.52)."""
    state.court[player] = area
    state.invalidate()
    effects.append(f"{state.game.player_ids[player]} moves its court to {state.game.board.ids[area]} (7.52)")
