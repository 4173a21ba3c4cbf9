"""Crusades (23.3, optional): when one may happen, calling it, and the crusader phase.

The crusaders (players whose leader is of the crusading church, 23.31) act in order of combat
stature (23.32 step 2), each in turn choosing a conquest of Syria or Jerusalem or a pass, until
both are taken or nobody can act. ``state.crusade`` holds ``[leader, done, order...]`` and a
pending ``crusade`` decision names the crusader to act. House defaults are listed in the
``crusades`` table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma.decisions import Pending
from model.rules.eotma.endeavours.conquest import take
from model.rules.eotma.leaders import stature_check
from model.rules.eotma.ratings import COMBAT, language_difference, leader_religion, religion_difference

if TYPE_CHECKING:
    from model.rules.eotma.state import EotmaState


def holy_places(state: EotmaState) -> tuple[int, int] | None:
    """Return the indices of Syria and Jerusalem, or None when the map has not both."""
    index = state.game.board.index
    rules = state.game.rules
    if rules.crusade_syria in index and rules.crusade_jerusalem in index:
        return index[rules.crusade_syria], index[rules.crusade_jerusalem]
    return None


def is_crusader(state: EotmaState, player: int) -> bool:
    """Return whether the player's leader belongs to the crusading church (23.31), excommunication aside."""
    religion = leader_religion(state, player)
    church = state.game.rules.crusade_church
    names = state.game.board.catalog.religion_names
    return religion is not None and (
        religion == church or names.get(religion, "").lower().replace(" ", "_") == church
    )


def possible(state: EotmaState) -> str | None:
    """Return why no crusade can happen now, or None (23.31 conditions 1-3, one per game turn)."""
    game = state.game
    if not game.options.crusades:
        return "crusades (23.3) are not used in this scenario"
    first, last = game.rules.crusade_years
    if not first <= game.year(state.round) <= last:
        return f"crusades happen from {first} to {last} only (23.31)"
    if state.union:
        return "there is no schism (23.31)"
    places = holy_places(state)
    if places is None:
        return "the map has no Syria and Jerusalem"
    syria, jerusalem = places
    owner = state.owner[syria]
    if (
        owner < game.n_players
        or state.owner[jerusalem] != owner
        or state.mag_court[owner - game.n_players] != syria
    ):
        return "no Magnate based in Syria holds Syria and Jerusalem (23.31)"
    if state.crusade_turn == state.round // 5:
        return "there has already been a crusade this game turn"
    if state.crusade:
        return "a crusade is under way"
    return None


def begin(state: EotmaState, leader: int, effects: list[str]) -> None:
    """Start the crusader phase (23.32): order the crusaders and ask the first one."""
    game = state.game
    crusaders = [p for p in range(game.n_players) if is_crusader(state, p)]
    if not crusaders:
        effects.append("no crusader answers the call")
        return
    if leader < 0 or leader not in crusaders:
        # 23.32 step 1: the highest combat stature leads; then the higher sum of statures.
        leader = max(crusaders, key=lambda p: (state.stat[p][COMBAT], sum(state.stat[p]), -p))
    order = sorted(crusaders, key=lambda p: (-state.stat[p][COMBAT], p))
    state.crusade = [leader, 0, *order]
    state.crusade_turn = state.round // 5
    effects.append(
        f"a crusade led by {game.player_ids[leader]}: "
        + ", ".join(game.player_ids[p] for p in order)
        + " (23.32)"
    )
    state.crusade_route = route(state)
    state.crusade_targets = []
    if state.crusade_route:
        effects.append(
            "the crusaders march through " + ", ".join(game.board.ids[a] for a in state.crusade_route)
        )
    march(state, effects)


def _friendly(state: EotmaState, area: int) -> bool:
    """23.32 step 3: the crusaders' own areas and independent areas of their church are friendly."""
    owner = state.owner[area]
    if owner in state.crusade[2:]:
        return True
    church = state.game.rules.crusade_church
    return owner == -1 and state.religion[area] == church


def route(state: EotmaState) -> list[int]:
    """Return the unfriendly areas between friendly land and the holy places (fewest first, 23.32.3-4).

    House default: the crusaders take the route with the fewest unfriendly areas, by land or across
    up to three sea areas from a friendly coast (the launch area, 23.32 step 3).
    """
    import heapq

    board = state.game.board
    places = holy_places(state)
    assert places is not None
    cost: dict[int, int] = {}
    came: dict[int, int] = {}
    heap = [(0, a) for a in range(board.n) if _friendly(state, a)]
    for _c, a in heap:
        cost[a] = 0
    heapq.heapify(heap)
    goal = -1
    while heap:
        c, a = heapq.heappop(heap)
        if c > cost.get(a, 1 << 30):
            continue
        if a in places:
            goal = a
            break
        steps = list(board.adj[a])
        if board.coast[a] and _friendly(state, a):
            steps += [b for b, seas in board.sea_reach(a).items() if seas <= 3]
        for b in steps:
            nc = c + (0 if _friendly(state, b) or b in places else 1)
            if nc < cost.get(b, 1 << 30):
                cost[b] = nc
                came[b] = a
                heapq.heappush(heap, (nc, b))
    path: list[int] = []
    node = goal
    while node in came:
        node = came[node]
        if not _friendly(state, node) and node not in places:
            path.append(node)
    return list(reversed(path))


def march(state: EotmaState, effects: list[str]) -> None:
    """Go along the route: ask the Byzantine player for passage (23.32 step 4), mark areas to conquer."""
    game = state.game
    byzantine = game.player_index.get(game.rules.schism_byzantine, -1)
    while state.crusade_route:
        area = state.crusade_route[0]
        if state.owner[area] == byzantine and byzantine not in state.crusade[2:]:
            state.pending.append(Pending("passage", byzantine, "crusade", (area,)))
            return
        state.crusade_route.pop(0)
        state.crusade_targets.append(area)  # non-Catholic, independent or Magnate areas are conquered
    _next(state, 0, effects)


def passage(state: EotmaState, granted: bool, effects: list[str]) -> None:
    """The Byzantine answer on passage: granted, the area loses a level; refused, it must be conquered."""
    decision = state.pending.pop()
    area = state.crusade_route.pop(0)
    name = state.game.board.ids[area]
    if granted:
        effects.append(f"passage through {name} granted (23.32 step 4)")
        before = state.ss[area]
        if before > state.game.rules.ss_min:
            state.ss[area] = before - 1
            effects.append(f"{name}: social state {before} -> {before - 1} (crusaders passing)")
    else:
        effects.append(f"passage through {name} refused: the crusaders must conquer it")
        state.crusade_targets.append(area)
    del decision
    march(state, effects)


def open_targets(state: EotmaState) -> list[int]:
    """Return the areas the crusaders may attack now: obstacles on the route first, then the holy places."""
    crusaders = set(state.crusade[2:])
    obstacles = [a for a in state.crusade_targets if state.owner[a] not in crusaders]
    if obstacles:
        return obstacles
    places = holy_places(state) or ()
    return [a for a in places if state.owner[a] not in crusaders]


def _next(state: EotmaState, start: int, effects: list[str]) -> None:
    """Ask the next crusader able to act, or end the crusade."""
    places = holy_places(state)
    assert places is not None
    order = state.crusade[2:]
    crusaders = set(order)
    if all(state.owner[p] in crusaders for p in places):
        finish(state, True, effects)
        return
    for step in range(len(order)):
        player = order[(start + step) % len(order)]
        if state.hand[player] and state.treasury[player] >= state.game.rules.min_gold["conquest"]:
            state.crusade[1] = (start + step) % len(order)
            state.pending.append(Pending("crusade", player, "crusade"))
            return
    finish(state, False, effects)


def attack(state: EotmaState, target: int, gold: int, effects: list[str]) -> None:
    """One crusader's conquest endeavour against a holy place (23.32 step 5)."""
    decision = state.pending.pop()
    player = decision.player
    game = state.game
    board = game.board
    price = game.rules.min_gold["conquest"] + gold
    state.treasury[player] -= price
    card = game.rules.card_by_id[state.hand[player].pop(0)]
    rating = state.stat[player][COMBAT] - state.ss[target] - state.fort[target]
    rating -= language_difference(state, player, target) + religion_difference(state, player, target)
    rating += gold
    effects.append(
        f"{game.player_ids[player]} crusades against {board.ids[target]}: card {card.id}, rating {rating}"
    )
    for result in card.for_kind("conquest"):
        if result.code == "C" and result.column == "result" and result.applies(rating):
            _c_result(state, player, target, effects)
    stature_check(state, player, COMBAT, card, effects)
    _next(state, state.crusade[1] + 1, effects)


def pass_turn(state: EotmaState, effects: list[str]) -> None:
    """A crusader passes; when every crusader passes in a row the crusade ends."""
    decision = state.pending.pop()
    effects.append(f"{state.game.player_ids[decision.player]} passes")
    state.crusade[1] += 1
    passes = state.crusade_passes + 1
    state.crusade_passes = passes
    if passes >= len(state.crusade) - 2:
        finish(state, False, effects)
        return
    _next(state, state.crusade[1], effects)


def _c_result(state: EotmaState, player: int, target: int, effects: list[str]) -> None:
    state.crusade_passes = 0
    population = state.game.board.population[target]
    key = (target, -2 - player)  # crusaders have no base on the map
    if population > 1:
        _p, count = state.partial.get(key, (player, 0))
        state.partial[key] = (player, count + 1)
        total = sum(c for (t, _b), (p, c) in state.partial.items() if t == target and p == player)
        effects.append(f"{state.game.board.ids[target]}: {total} of {population} C results (10.3)")
        if total < population:
            return
    take(state, player, target, effects)


def finish(state: EotmaState, success: bool, effects: list[str]) -> None:
    """End the crusade; a success gives the Byzantine player claims (first time) or ties (facts sheet 6.1)."""
    state.crusade = []
    state.crusade_route = []
    state.crusade_targets = []
    state.crusade_passes = 0
    game = state.game
    if not success:
        effects.append("the crusade ends without taking the holy places")
        return
    places = holy_places(state)
    assert places is not None
    byzantine = game.player_index.get(game.rules.schism_byzantine)
    if byzantine is not None:
        for place in places:
            if state.crusades_won == 0:
                state.claims[place] |= 1 << byzantine
            else:
                state.ties[place] |= 1 << byzantine
    state.crusades_won += 1
    effects.append("the crusade takes Syria and Jerusalem (23.32)")
