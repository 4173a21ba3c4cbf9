"""Crusades (23.3, optional): when one may happen, calling it, and the crusader phase.

The crusaders (players whose leader is of the crusading church, 23.31) act in order of combat
stature (23.32 step 2), each in turn choosing a conquest of Syria or Jerusalem or a pass, until
both are taken or nobody can act. A crusader without the gold for a conquest may pillage instead,
ask another empire for a loan (a pending ``loan`` decision of the lender) or pass (step 2). An
empire whose area a crusader attacks or pillages may defend it (13.0, a pending ``npc-defense``
whose text begins ``crusade-``); whoever has an army where a -1 falls chooses whether it takes
the point (33.33, a pending ``loss`` decision naming the crusader's attack).
``state.crusade`` holds a ``records.Crusade`` (leader, crusader asked, order) and a pending
``crusade`` decision names the crusader to act. House defaults are listed in the ``crusades`` table.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING

from model.rules.eotma.decisions import DecisionKind, Pending
from model.rules.eotma.endeavours import losses
from model.rules.eotma.endeavours.common import may_defend, pay_defense
from model.rules.eotma.endeavours.conquest import count_c_result, take
from model.rules.eotma.leaders import stature_check
from model.rules.eotma.ratings import (
    COMBAT,
    combat_of,
    language_difference,
    leader_religion,
    religion_difference,
    sea_adjust,
    spend_leader_card,
    technology,
)
from model.rules.eotma.rebellion import army_absorbs, lower_social_state, raise_social_state
from model.rules.eotma.records import Crusade

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def current(state: Position) -> Crusade:
    """Return the crusade under way (the rule functions below run only during one)."""
    if state.crusade is None:
        raise RuntimeError("no crusade is under way")
    return state.crusade


def holy_places(state: Position) -> tuple[int, int] | None:
    """Return the indices of Syria and Jerusalem, or None when the map has not both."""
    index = state.game.board.index
    rules = state.game.rules
    if rules.crusade_syria in index and rules.crusade_jerusalem in index:
        return index[rules.crusade_syria], index[rules.crusade_jerusalem]
    return None


def _of_church(state: Position, religion: str | None) -> bool:
    """Return whether a religion id is the crusading church (by id or by name, ``crusades`` table)."""
    church = state.game.rules.crusade_church
    names = state.game.board.catalog.religion_names
    return religion is not None and (
        religion == church or names.get(religion, "").lower().replace(" ", "_") == church
    )


def is_crusader(state: Position, player: int) -> bool:
    """Return whether the player's leader belongs to the crusading church (23.31); an
    excommunicated leader is out of the church (22.12) and does not crusade."""
    return _of_church(state, leader_religion(state, player))


def possible(state: Position) -> str | None:
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
    if state.crusade_turn == game.game_turn(state.round):
        return "there has already been a crusade this game turn"
    if state.crusade:
        return "a crusade is under way"
    return None


def begin(state: Position, leader: int, effects: list[str]) -> None:
    """Start the crusader phase (23.32): order the crusaders and ask the first one."""
    game = state.game
    crusaders = [p for p in range(game.n_players) if is_crusader(state, p)]
    if not crusaders:
        effects.append("no crusader answers the call")
        return
    if leader < 0 or leader not in crusaders:
        # 23.32 step 1: the highest combat stature leads; then the higher sum of statures; then a die.
        best = max((state.stat[p][COMBAT], sum(state.stat[p])) for p in crusaders)
        tied = [p for p in crusaders if (state.stat[p][COMBAT], sum(state.stat[p])) == best]
        leader = roll_off(state, tied, "crusade leader")[0]
    # 23.32 step 2: the order of endeavours by combat stature, ties by die roll (highest first).
    order: list[int] = []
    for combat in sorted({state.stat[p][COMBAT] for p in crusaders}, reverse=True):
        order += roll_off(state, [p for p in crusaders if state.stat[p][COMBAT] == combat], "crusade order")
    state.crusade = Crusade(leader, 0, tuple(order))
    state.crusade_turn = game.game_turn(state.round)
    effects.append(
        f"a crusade led by {game.player_ids[leader]}: "
        + ", ".join(game.player_ids[p] for p in order)
        + " (23.32)"
    )
    state.crusade_route = []
    state.crusade_targets = []
    state.crusade_seas = 0
    state.crusade_launch = -1
    options = routes(state)
    if len(options) > 1:
        # 23.32 step 3: the leader chooses where to launch the crusade from.
        state.pending.append(
            Pending(DecisionKind.ROUTE, leader, "crusade", tuple(launch for launch, _ in options))
        )
        effects.append(
            f"{game.player_ids[leader]} chooses the route: "
            + "; ".join(
                f"from {game.board.ids[launch]} ({len(chain)} in the way)" for launch, chain in options
            )
        )
        return
    if options:
        choose_route(state, options[0][0], effects)
        return
    march(state, effects)


def roll_off(state: Position, tied: list[int], why: str, names: Sequence[str] | None = None) -> list[int]:
    """Order tied players by die rolls, highest first; those who roll alike roll again (23.32).
    With ``names`` (e.g. the area ids) the same roll-off orders other things, each roll logged
    under its name."""
    if len(tied) <= 1:
        return list(tied)
    ids = state.game.player_ids if names is None else names
    rolls: dict[int, list[int]] = {}
    for p in tied:
        rolls.setdefault(state.rng.roll(1, f"{why}: {ids[p]}"), []).append(p)
    result: list[int] = []
    for value in sorted(rolls, reverse=True):
        result += roll_off(state, rolls[value], why, names)
    return result


def _friendly(state: Position, area: int) -> bool:
    """23.32 step 3: the crusaders' own areas and independent areas of their church are friendly.

    House default (``crusader_states`` table): crusader states count as friendly too.
    """
    owner = state.owner[area]
    if owner in current(state).order:
        return True
    if owner != -1:
        return False
    if state.crusader_state[area] and state.game.rules.crusader_state_friendly:
        return True
    return _of_church(state, state.religion[area])


def linked(state: Position) -> set[int]:
    """Return the friendly areas linked to a crusader's court by a chain of friendly areas
    (23.32 step 3: only those may launch the crusade). The chain runs over land; with the
    ``crusades`` table's ``launch_line`` set to ``communications`` it may also cross sea areas
    as a line of communications does (7.51)."""
    from model.rules.eotma.territory import connection_range

    board = state.game.board
    by_sea = state.game.rules.crusade_launch_line == "communications"
    frontier = [
        court for p in current(state).order if (court := state.court[p]) >= 0 and state.owner[court] == p
    ]
    seen = set(frontier)
    while frontier:
        a = frontier.pop()
        steps = list(board.adj[a])
        if by_sea and board.coast[a]:
            reach = connection_range(state, a)
            steps += [
                b
                for b, seas in board.sea_reach(a).items()
                if seas <= reach or seas <= connection_range(state, b)
            ]
        for b in steps:
            if b not in seen and _friendly(state, b):
                seen.add(b)
                frontier.append(b)
    return seen


def base(state: Position) -> int:
    """Return the crusaders' base (23.32 step 3): the launch area the leader chose, or -1 when
    the crusade has none (no route, or the ``crusades`` table's ``base`` is ``none``)."""
    if state.game.rules.crusade_base != "launch":
        return -1
    return state.crusade_launch


def fleet_shortfall(state: Position, player: int, target: int) -> int:
    """Return by how many fleet points the target's fleets outnumber the crusader's own in the
    base when the crusade crossed the sea to land (34.33 with 23.32 step 3), 0 when none do or
    the crusade came overland (fleets do not matter across land, 34.33)."""
    if not state.game.options.armies_fleets or state.crusade_seas <= 0:
        return 0
    home = base(state)
    own = state.fleet[home] if home >= 0 and state.owner[home] == player else 0
    return max(0, state.fleet[target] - own)


def _landings(state: Position, launch: int) -> list[int]:
    """Return the areas the crusaders may enter first from a launch area: by land, or by sea from
    a coast (23.32 step 3) across up to the ``crusades`` table's ``sea_landing_range`` sea areas
    (a house default: the text gives no range)."""
    board = state.game.board
    steps = list(board.adj[launch])
    if board.coast[launch]:
        reach = state.game.rules.crusade_sea_landing
        steps += [b for b, seas in board.sea_reach(launch).items() if seas <= reach]
    return steps


def _landing(state: Position, launch: int, dist: dict[int, int]) -> tuple[int, int] | None:
    """Return the area the crusaders enter first from a launch area (the nearest to the holy
    places, by land rather than by sea on a tie) and the sea areas crossed to reach it (0 by
    land), or None when none leads there."""
    board = state.game.board
    entries = [b for b in _landings(state, launch) if b in dist]
    if not entries:
        return None

    def seas(b: int) -> int:
        return 0 if b in board.adj_sets[launch] else board.sea_reach(launch)[b]

    node = min(entries, key=lambda b: (dist[b], seas(b), b))
    return node, seas(node)


def _distances(state: Position) -> tuple[dict[int, int], dict[int, int]]:
    """Return, for each area from which the holy places can be reached, how many unfriendly
    areas lie in the way (the area itself included) and the next step.

    23.32 step 4: the crusaders advance through a chain of connected areas and must conquer
    (or be let through) only the unfriendly ones; a friendly area on the way (an independent
    Roman Catholic area beyond a conquered one, say) is passed at no cost, so it counts 0.
    """
    board = state.game.board
    places = holy_places(state)
    assert places is not None
    avoid = set(state.crusade_refused)  # refused passage: another route avoids it (23.32 step 4)
    dist = {p: 0 for p in places}
    nxt: dict[int, int] = {}
    frontier = deque(places)
    while frontier:  # 0-1 breadth-first search: friendly areas cost 0, the others 1
        a = frontier.popleft()
        for b in board.adj[a]:
            if b in places or b in avoid:
                continue
            free = _friendly(state, b)
            d = dist[a] + (0 if free else 1)
            if d >= dist.get(b, d + 1):
                continue
            dist[b] = d
            nxt[b] = a
            if free:
                frontier.appendleft(b)
            else:
                frontier.append(b)
    return dist, nxt


def routes(state: Position) -> list[tuple[int, list[int]]]:
    """Return the crusaders' possible routes as (launch area, unfriendly areas in the way).

    23.32 steps 3-4: the leader picks a friendly launch area; from there the crusaders march
    through a chain of areas to Syria or Jerusalem, conquering the unfriendly ones. Each launch is
    offered with its shortest chain; launches giving the same chain are offered once (the one
    crossing the fewest sea areas, then the first by area order).
    Sorted with the fewest unfriendly areas first (the bots' and the old house default). Areas
    whose passage was refused in this crusade are avoided.
    """
    dist, nxt = _distances(state)
    places = set(holy_places(state) or ())
    seen: dict[tuple[int, ...], tuple[int, int]] = {}  # chain: (sea areas crossed, launch)
    reachable = linked(state)  # 23.32 step 3: a line of friendly areas back to a crusader court
    for launch in range(state.game.board.n):
        if launch in places or launch not in reachable:
            continue
        landing = _landing(state, launch, dist)
        if landing is None:
            continue
        node = landing[0]
        chain: list[int] = []
        while node not in places:
            if not _friendly(state, node):  # 23.32 step 4: friendly areas are passed freely
                chain.append(node)
            node = nxt[node]
        # The same march from two launches: offer the one crossing fewer sea areas (9.17, 9.32).
        key = tuple(chain)
        seen[key] = min(seen.get(key, (landing[1], launch)), (landing[1], launch))
    options = [(launch, list(chain)) for chain, (_seas, launch) in seen.items()]
    options.sort(key=lambda o: (len(o[1]), o[0]))
    return options


def route(state: Position) -> list[int]:
    """Return the unfriendly areas of the route with the fewest of them (the default choice)."""
    options = routes(state)
    return options[0][1] if options else []


def choose_route(state: Position, launch: int, effects: list[str]) -> None:
    """The crusade leader's choice of launch area (23.32 step 3); the march begins (step 4).

    After a refused passage the choice may name the refused area itself: the crusaders stay on
    their route and conquer it.
    """
    decision = state.pending.pop() if state.pending and state.pending[-1].kind == DecisionKind.ROUTE else None
    board = state.game.board
    if decision is not None and decision.about == "refused":
        if launch in state.crusade_refused:
            effects.append(f"the crusaders will conquer {board.ids[launch]} (23.32 step 4)")
            state.crusade_targets.append(launch)
            march(state, effects)
            return
        state.crusade_targets = []  # a new route from the start: nothing was attacked yet
    chain = dict(routes(state)).get(launch, [])
    state.crusade_route = list(chain)
    state.crusade_launch = launch
    landing = _landing(state, launch, _distances(state)[0])
    state.crusade_seas = landing[1] if landing is not None else 0
    effects.append(
        f"the crusade is launched from {board.ids[launch]}"
        + (": in the way " + ", ".join(board.ids[a] for a in chain) if chain else "")
        + " (23.32 step 3)"
    )
    march(state, effects)


def march(state: Position, effects: list[str]) -> None:
    """Go along the route: ask the Byzantine player for passage (23.32 step 4), mark areas to conquer."""
    game = state.game
    byzantine = game.player_index.get(game.rules.schism_byzantine, -1)
    while state.crusade_route:
        area = state.crusade_route[0]
        if state.owner[area] == byzantine and byzantine not in current(state).order:
            state.pending.append(Pending(DecisionKind.PASSAGE, byzantine, "crusade", (area,)))
            return
        state.crusade_route.pop(0)
        state.crusade_targets.append(area)  # non-Catholic, independent or Magnate areas are conquered
    _next(state, 0, effects)


def passage(state: Position, granted: bool, effects: list[str]) -> None:
    """The Byzantine answer on passage (23.32 step 4): granted, the area loses a level; refused, the
    leader chooses between conquering it and another route avoiding it (when there is one)."""
    decision = state.pending.pop()
    area = state.crusade_route.pop(0)
    name = state.game.board.ids[area]
    if granted:
        effects.append(f"passage through {name} granted (23.32 step 4)")
        before = state.ss[area]
        if before > state.game.rules.ss_min:
            state.ss[area] = before - 1
            effects.append(f"{name}: social state {before} -> {before - 1} (crusaders passing)")
        del decision
        march(state, effects)
        return
    state.crusade_refused.append(area)
    alternatives = routes(state)
    if not alternatives:
        effects.append(f"passage through {name} refused: the crusaders must conquer it (23.32 step 4)")
        state.crusade_targets.append(area)
        march(state, effects)
        return
    # 23.32 step 4: the leader conquers the area or seeks another route; the area itself stands
    # for conquering it, the launch areas for the other routes (fewest unfriendly areas first).
    ahead = len(state.crusade_targets) + 1 + len(state.crusade_route)
    options = [(len(chain), launch) for launch, chain in alternatives]
    options.append((ahead, area))
    options.sort(key=lambda o: (o[0], o[1] != area))
    leader = current(state).leader
    state.pending.append(Pending(DecisionKind.ROUTE, leader, "refused", tuple(a for _n, a in options)))
    effects.append(
        f"passage through {name} refused: {state.game.player_ids[leader]} conquers it "
        "or seeks another route (23.32 step 4)"
    )


def open_targets(state: Position) -> list[int]:
    """Return the areas the crusaders may attack now: obstacles on the route first, then the holy places."""
    crusaders = set(current(state).order)
    obstacles = [a for a in state.crusade_targets if state.owner[a] not in crusaders]
    if obstacles:
        return obstacles
    places = holy_places(state) or ()
    return [a for a in places if state.owner[a] not in crusaders]


def _next(state: Position, start: int, effects: list[str]) -> None:
    """Ask the next crusader able to act, or end the crusade."""
    places = holy_places(state)
    assert places is not None
    crusade = current(state)
    order = crusade.order
    crusaders = set(order)
    if all(state.owner[p] in crusaders for p in places):
        if not propose(state, effects):
            finish(state, True, effects)
        return
    for step in range(len(order)):
        player = order[(start + step) % len(order)]
        if state.hand[player] and state.treasury[player] >= price(state, True):
            state.crusade = crusade._replace(asked=(start + step) % len(order))
            state.pending.append(Pending(DecisionKind.CRUSADE, player, "crusade", (0,)))
            return
    finish(state, False, effects)


def sea_areas(state: Position) -> int:
    """Return the sea areas on the crusaders' line of communications: those crossed from a coastal
    launch area to the landing (23.32 step 3), 0 overland or when the ``crusades`` table's
    ``sea_costs`` is off."""
    return state.crusade_seas if state.game.rules.crusade_sea_costs else 0


def price(state: Position, pillaging: bool, gold: int = 0) -> int:
    """Return a crusader endeavour's gold: the conquest's or pillage's minimum, one per sea area
    crossed (9.17) and the extra gold (9.33)."""
    rules = state.game.rules
    return rules.min_gold["pillage" if pillaging else "conquest"] + rules.sea_gold * sea_areas(state) + gold


def shortfall(state: Position, player: int) -> int:
    """Return the gold a crusader lacks to pay for a conquest endeavour (23.32 step 2), 0 if none."""
    return max(0, price(state, False) - state.treasury[player])


def refused_lenders(decision: Pending) -> int:
    """Return the mask of players who refused a loan to the crusader asked in this decision."""
    return decision.data[0] if decision.data else 0


def lenders(state: Position, decision: Pending) -> list[int]:
    """Return the players a crusader short of gold may ask for a loan (23.32 step 2): every other
    empire that holds the missing gold and has not refused this crusader's turn already."""
    player = decision.player
    missing = shortfall(state, player)
    if not missing or not state.hand[player]:
        return []
    refused = refused_lenders(decision)
    return [
        p
        for p in range(state.game.n_players)
        if p != player and not refused & (1 << p) and state.treasury[p] >= missing
    ]


def borrow(state: Position, lender: int, gold: int, effects: list[str]) -> None:
    """23.32 step 2: the crusader asks ``lender`` for the gold it lacks; the lender decides."""
    decision = state.pending.pop()
    game = state.game
    about = f"lend {gold} gold to {game.player_ids[decision.player]}"
    state.pending.append(
        Pending(DecisionKind.LOAN, lender, about, (decision.player, gold, refused_lenders(decision)))
    )
    effects.append(
        f"{game.player_ids[decision.player]} asks {game.player_ids[lender]} to lend {gold} gold "
        "for a crusade conquest (23.32 step 2)"
    )


def lend(state: Position, granted: bool, effects: list[str]) -> None:
    """The lender's answer (23.32 step 2, gold passes freely between players, 20.1): the gold
    changes hands, or the crusader may ask someone else, pillage or pass; either way the same
    crusader acts again."""
    decision = state.pending.pop()
    borrower, gold, refused = decision.data
    game = state.game
    who, to = game.player_ids[decision.player], game.player_ids[borrower]
    if granted:
        state.treasury[decision.player] -= gold
        state.treasury[borrower] += gold
        effects.append(f"{who} lends {gold} gold to {to} (23.32 step 2, 20.1)")
    else:
        refused |= 1 << decision.player
        effects.append(f"{who} refuses to lend {to} gold (23.32 step 2)")
    state.pending.append(Pending(DecisionKind.CRUSADE, borrower, "crusade", (refused,)))


def attack(state: Position, target: int, gold: int, effects: list[str]) -> None:
    """One crusader's conquest endeavour against an area in the way or a holy place (23.32 steps
    4-5): paid now; an empire owning the area may defend it (13.0) before the card is turned."""
    _declare(state, target, gold, False, effects)


def pillage(state: Position, target: int, gold: int, effects: list[str]) -> None:
    """23.32 step 2: a crusader short of gold for a conquest pillages instead (11).

    The rating is the conquest's plus the target's population (11.0); a base -1 result acts on
    the launch area (23.32 step 3, see ``base``). Gold comes from the Pillage/Plunder Table (11.3).
    """
    _declare(state, target, gold, True, effects)


def _declare(state: Position, target: int, gold: int, pillaging: bool, effects: list[str]) -> None:
    decision = state.pending.pop()
    player = decision.player
    game = state.game
    state.crusade_passes = 0  # an endeavour breaks a run of passes
    state.treasury[player] -= price(state, pillaging, gold)
    owner = state.owner[target]
    if owner != player and may_defend(state, owner, target):
        # 13.0: the owner may defend with a year card and gold, as against any conquest or pillage.
        verb = "crusade-pillage" if pillaging else "crusade-attack"
        about = f"{verb} {game.player_ids[player]} {game.board.ids[target]}"  # as a raid's: who, where
        state.pending.append(
            Pending(DecisionKind.NPC_DEFENSE, owner, about, (target, player, gold, int(pillaging)))
        )
        return
    _resolve(state, player, target, gold, pillaging, 0, effects)


def is_crusade_defense(decision: Pending) -> bool:
    """Return whether a pending defense answers a crusader's endeavour (not a raid or Magnate)."""
    return decision.kind == DecisionKind.NPC_DEFENSE and decision.about.startswith("crusade-")


def defend(state: Position, gold: int | None, effects: list[str]) -> None:
    """The owner's answer to a crusader's endeavour (13.0): defend with gold, or not."""
    decision = state.pending.pop()
    target, player, extra, pillaging = decision.data
    defender = decision.player
    if gold is None:
        effects.append(f"{state.game.player_ids[defender]} does not defend")
        _resolve(state, player, target, extra, bool(pillaging), 0, effects)
        return
    price, card, against = pay_defense(state, defender, target, gold)
    effects.append(
        f"{state.game.player_ids[defender]} defends: pays {price} gold, card {card.id}, rating -{against}"
    )
    # 13.23: the defender's stature check waits until the crusader's results are in.
    _resolve(state, player, target, extra, bool(pillaging), against, effects, (defender, card.id))


def _resolve(
    state: Position,
    player: int,
    target: int,
    gold: int,
    pillaging: bool,
    against: int,
    effects: list[str],
    defender: tuple[int, int] = (-1, 0),
) -> None:
    """Turn the crusader's card and apply its results; a defense that drives the rating below zero
    leaves only the bad results (13.22). ``defender`` is the defending player and its card, whose
    stature check follows the results (13.23)."""
    game = state.game
    board = game.board
    card = game.rules.card_by_id[state.hand[player].pop(0)]
    rating = crusade_rating(state, player, target, gold, pillage=pillaging) - against
    doing = (
        f"pillages {board.ids[target]} on crusade" if pillaging else f"crusades against {board.ids[target]}"
    )
    effects.append(f"{game.player_ids[player]} {doing}: card {card.id}, rating {rating}")
    turned = (card.id, rating, against, player, target, int(pillaging), *defender)
    _ask_or_apply(state, turned, losses.NO_ANSWERS, effects)


def _ask_or_apply(
    state: Position, turned: tuple[int, ...], answers: losses.Answers, effects: list[str]
) -> None:
    """Ask whoever has an army where a -1 falls whether it takes the point (33.33: the target's
    owner, then the crusader for the launch area), or apply the results. ``turned`` is (card id,
    rating, gold against, crusader, target, pillaging, defender, defender's card)."""
    card_id, rating, against, player, target, pillaging = turned[:6]
    game = state.game
    card = game.rules.card_by_id[card_id]
    column = "pillage" if pillaging else "conquest"
    home = base(state)
    asked = losses.attack_question(state, column, card, (rating, against), (player, target, home), answers)
    if asked is None:
        _apply(state, turned, answers, effects)
        return
    question, who = asked
    verb = "crusade-pillage" if pillaging else "crusade-attack"
    about = f"{verb} {game.player_ids[player]} {game.board.ids[target]}"
    area = home if question == losses.BASE_ARMY else target
    state.pending.append(losses.attack_decision(who, about, (question, area), turned, answers))
    effects.append(f"{game.player_ids[who]} chooses what the -1 result takes (33.33)")


def answer_loss(state: Position, what: str, effects: list[str]) -> None:
    """A choice of what a crusader's -1 takes (33.33); the next question or the results follow."""
    decision = state.pending.pop()
    _question, area, _resume, _answers = losses.attack_parts(decision)
    turned, answers = losses.answered(decision, what)
    effects.append(
        f"{state.game.player_ids[decision.player]} gives up the {what} in {state.game.board.ids[area]}"
    )
    _ask_or_apply(state, turned, answers, effects)


def _apply(state: Position, turned: tuple[int, ...], answers: losses.Answers, effects: list[str]) -> None:
    from model.rules.eotma.endeavours.pillage import plunder_gold

    card_id, rating, against, player, target, pillaging = turned[:6]
    # Saves made before the defender was carried here hold six numbers: no defender to check.
    defender, defender_card = turned[6:8] if len(turned) >= 8 else (-1, 0)
    game = state.game
    board = game.board
    card = game.rules.card_by_id[card_id]
    column = "pillage" if pillaging else "conquest"
    blocked = against > 0 and rating < 0
    results = [
        r
        for r in card.for_kind(column)
        if r.applies(rating) and not (blocked and r.is_good_for_actor(column))
    ]
    home = base(state)
    for result in results:  # resolved as any other: the target's -1 first (10, 11)
        target_hit = result.code == "-1" and result.column == "target"
        if target_hit and not army_absorbs(state, target, effects, answers.army(losses.TARGET_ARMY)):
            lower_social_state(state, target, effects, own_failure=False)
    for result in results:
        if result.code == "C" and result.column == "result" and not pillaging:
            _c_result(state, player, target, effects)
        elif result.code == "G" and pillaging:
            loot = plunder_gold(state, f"pillage gold {board.ids[target]}")
            state.treasury[player] += loot
            effects.append(f"{game.player_ids[player]}: +{loot} gold from pillage")
    if home >= 0:
        # 23.32 step 3: the launch area is the base; its -1(<#) acts as on any base (10, 11, 33.33).
        for result in results:
            base_hit = result.code == "-1" and result.column == "base"
            if base_hit and not army_absorbs(state, home, effects, answers.army(losses.BASE_ARMY)):
                lower_social_state(state, home, effects, own_failure=state.owner[home] == player)
    stature_check(state, player, COMBAT, card, effects)
    home = base(state)
    spend_leader_card(state, player, [home if home >= 0 else target])  # 36.11
    if defender >= 0:  # 13.23: the defender's check follows the crusader's results
        stature_check(state, defender, COMBAT, game.rules.card_by_id[defender_card], effects)
    _next(state, current(state).asked + 1, effects)


def crusade_rating(state: Position, player: int, target: int, gold: int, *, pillage: bool) -> int:
    """Return a crusader's rating against an area (23.32 steps 4-5): combat stature, the base's
    social state (the launch area, 23.32 step 3; 0 without one), the target's social state, fort,
    language and religion (a pillage adds its population, 11.0), the technology cards (19.2:
    every conquest and pillage), the crusader's own armies in the base less those in the target
    (33.5); then the sea adjustment for a crusade launched across two or more sea areas (9.32);
    then gold."""
    board = state.game.board
    home = base(state)
    rating = combat_of(state, player, home if home >= 0 else target) - state.ss[target] - state.fort[target]
    if home >= 0:
        rating += state.ss[home]
        if state.game.options.armies_fleets and state.owner[home] == player:
            rating += state.army[home]
    if pillage:
        rating += board.population[target]
    rating -= language_difference(state, player, target) + religion_difference(state, player, target)
    rating += technology(state, player)
    if state.game.options.armies_fleets:
        rating -= state.army[target]
    return sea_adjust(rating, sea_areas(state), state.game.rules.halving_seas) + gold


def pass_turn(state: Position, effects: list[str]) -> None:
    """A crusader passes; when every crusader passes in a row the crusade ends."""
    decision = state.pending.pop()
    effects.append(f"{state.game.player_ids[decision.player]} passes")
    crusade = state.crusade = current(state)._replace(asked=current(state).asked + 1)
    passes = state.crusade_passes + 1
    state.crusade_passes = passes
    if passes >= len(crusade.order):
        finish(state, False, effects)
        return
    _next(state, crusade.asked, effects)


def _c_result(state: Position, player: int, target: int, effects: list[str]) -> None:
    state.crusade_passes = 0
    total = count_c_result(state, player, target, -2 - player)  # crusaders have no base on the map
    if total is not None:
        population = state.game.board.population[target]
        effects.append(f"{state.game.board.ids[target]}: {total} of {population} C results (10.3)")
        if total < population:
            return
    take(state, player, target, effects)
    if target in state.crusade_targets and not _of_church(state, state.religion[target]):
        # 23.32 step 4: the crusaders pass through the area they had to conquer; one not of their
        # church loses a level besides what the endeavour cost it.
        effects.append(f"{state.game.board.ids[target]}: the crusaders pass through (23.32 step 4)")
        lower_social_state(state, target, effects, own_failure=False)


def founding_areas(state: Position) -> list[int]:
    """Return the conquered areas that may become crusader states (``crusader_states`` table).

    The text names Jerusalem (23.32 step 5); the table may add the areas the crusaders
    conquered on their march. Only areas a crusader holds, and which are no court, qualify.
    """
    game = state.game
    rules = game.rules
    if not rules.crusader_states or state.crusade is None:
        return []
    crusaders = set(state.crusade.order)
    areas = [game.board.index[a] for a in rules.crusader_state_areas if a in game.board.index]
    if rules.crusader_state_route:
        areas += [a for a in state.crusade_targets if a not in areas]
    courts = set(state.court)
    return [a for a in areas if state.owner[a] in crusaders and a not in courts]


def propose(state: Position, effects: list[str]) -> bool:
    """23.32 step 5: with both holy places taken, ask the leader whether to rule or fortify the
    conquered areas as crusader states. Return whether a decision is now pending."""
    areas = founding_areas(state)
    if not areas:
        return False
    leader = current(state).leader
    state.pending.append(Pending(DecisionKind.CRUSADER_STATE, leader, "crusade", tuple(areas)))
    effects.append(
        f"{state.game.player_ids[leader]} may propose a crusader state in "
        + ", ".join(state.game.board.ids[a] for a in areas)
        + " (23.32 step 5)"
    )
    return True


def answer_proposal(state: Position, choice: str, effects: list[str]) -> None:
    """The leader's proposal: ``no`` ends the crusade; ``rule`` or ``fortify`` asks each other
    crusader, in crusade order, for its consent (23.32 step 5: by mutual consent)."""
    decision = state.pending.pop()
    game = state.game
    if choice == "no":
        effects.append(f"{game.player_ids[decision.player]} founds no crusader state")
        finish(state, True, effects)
        return
    code = 0 if choice == "rule" else 1
    others = [p for p in current(state).order if p != decision.player]
    effects.append(f"{game.player_ids[decision.player]} proposes to {choice} a crusader state (23.32 step 5)")
    if not others:
        found(state, code, list(decision.data), [decision.player], effects)
        return
    # Ask in crusade order: the first to answer sits on top of the stack.
    for other in reversed(others):
        state.pending.append(Pending(DecisionKind.CONSENT, other, choice, (code, *decision.data)))


def consent(state: Position, agreed: bool, effects: list[str]) -> None:
    """One crusader's answer to the proposal; a refusal ends it, the last consent founds the state."""
    decision = state.pending.pop()
    game = state.game
    who = game.player_ids[decision.player]
    if not agreed:
        while state.pending and state.pending[-1].kind == DecisionKind.CONSENT:
            state.pending.pop()
        effects.append(f"{who} refuses: no crusader state (23.32 step 5)")
        finish(state, True, effects)
        return
    effects.append(f"{who} consents")
    if state.pending and state.pending[-1].kind == DecisionKind.CONSENT:
        return
    found(state, decision.data[0], list(decision.data[1:]), list(current(state).order), effects)


def found(state: Position, code: int, areas: list[int], founders: list[int], effects: list[str]) -> None:
    """Make the areas independent crusader states (23.32 step 5; house defaults in the
    ``crusader_states`` table): owner none, the social state kept on the state's own marker;
    ``rule`` raises it and removes unrest, ``fortify`` raises the fort one step (14.0); the
    founders get ties to it when the table says so."""
    from model.rules.eotma.territory import set_owner

    game = state.game
    rules = game.rules
    board = game.board
    for area in areas:
        set_owner(state, area, -1, effects)
        state.crusader_state[area] = True
        name = board.ids[area]
        effects.append(f"{name} becomes a crusader state (23.32 step 5)")
        state.unrest[area] = False  # independent areas carry no unrest (house default 8)
        if code == 0:
            effects.append(f"{name} is ruled")
            raise_social_state(state, area, effects, rules.crusader_state_rule)  # 35.34: a university doubles
        else:
            before = state.fort[area]
            state.fort[area] = 2 if before < 2 else 3
            if state.fort[area] != before:
                effects.append(f"{name}: fortification {before} -> {state.fort[area]} (14.0)")
        if rules.crusader_state_ties:
            for p in founders:
                state.ties[area] |= 1 << p
    finish(state, True, effects)


def finish(state: Position, success: bool, effects: list[str]) -> None:
    """End the crusade; a success gives the Byzantine player claims (first time) or ties (facts sheet 6.1)."""
    state.crusade = None
    state.crusade_seas = 0
    state.crusade_launch = -1
    state.crusade_route = []
    state.crusade_targets = []
    state.crusade_refused = []
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
