"""What a nation may do now, and what its decisions change (Seasons: Tokens, Resources, Units, Buildings).

``reason(state, action)`` returns why an action is illegal (None when it is legal); the checks
and the list of legal actions both come from it, so they cannot disagree.
"""

from __future__ import annotations

from model.rules.protocol import Action, IllegalActionError
from model.rules.seasons import economy, mapgraph, resolution
from model.rules.seasons.actions import (
    UNIT_KINDS,
    Aid,
    Build,
    Buy,
    Casualty,
    Disband,
    Done,
    Move,
    Pillage,
    Raise,
)
from model.rules.seasons.battle import CAVALRY, INFANTRY, LAND_KINDS, WAR_BOAT
from model.rules.seasons.schema import Building
from model.rules.seasons.state import CASUALTIES, PLAN, UPKEEP, Order, Purchase, SeasonsState, UnitState

ORDERS = (Move, Aid, Pillage)


def _nation(state: SeasonsState) -> str:
    nation = state.current_player()
    assert nation is not None
    return nation


def reason(state: SeasonsState, action: Action) -> str | None:
    """Return why ``action`` is not allowed now, or None when it is."""
    phase = state.board.phase
    if phase == PLAN:
        if isinstance(action, Done):
            return None
        checker = _PLAN_CHECKS.get(type(action))
        if checker is None:
            return f"'{action.VERB}' is not a planning action"
        return checker(state, _nation(state), action)
    if phase == UPKEEP:
        if not isinstance(action, Disband):
            return "supply cannot pay the upkeep: disband a unit or a building first"
        if action.target not in state.disbandable(_nation(state)):
            return f"{action.target!r} is not a unit or building of {_nation(state)}"
        return None
    if phase == CASUALTIES:
        if not isinstance(action, Casualty):
            return "a battle waits for casualties to be chosen"
        if action.target not in resolution.casualty_targets(state, _nation(state)):
            return f"{action.target!r} cannot take casualties of {_nation(state)} in this battle"
        return None
    return "the game is over"


def check(state: SeasonsState, action: Action) -> None:
    """Raise ``IllegalActionError`` when the action is not allowed now."""
    why = reason(state, action)
    if why is not None:
        raise IllegalActionError(action, why)


# --- purchases -------------------------------------------------------------------------------------


def _held(state: SeasonsState, nation: str, area: str) -> str | None:
    if area not in state.game.land:
        return f"{area!r} is not a land area"
    if state.board.areas[area].owner != nation:
        return f"{nation} does not hold {area}"
    return None


def _afford(state: SeasonsState, nation: str, cost: int) -> str | None:
    have = state.board.nations[nation].resources
    return None if cost <= have else f"it costs {cost} and {nation} has {have} resources"


def _buy(state: SeasonsState, nation: str, action: Action) -> str | None:
    """Seasons: Units: units are placed where a tower or castle stands (war boats on an ocean next
    to the nation); a nation with neither places them in any area it holds, untrained."""
    assert isinstance(action, Buy)
    if action.kind == WAR_BOAT:
        if action.area not in state.game.sea:
            return "war boats are placed on an ocean area"
        if not any(
            state.board.areas[a].owner == nation
            for a in state.game.links[action.area]
            if a in state.game.land
        ):
            return f"{action.area} is not next to an area {nation} holds"
    else:
        held = _held(state, nation, action.area)
        if held:
            return held
        building = state.board.areas[action.area].building
        if state.has_stronghold(nation) and building not in ("tower", "castle"):
            return "units are placed where the nation has a tower or castle"
    return _afford(state, nation, economy.unit_cost(action.kind, state.game.tables))


def _raise(state: SeasonsState, nation: str, action: Action) -> str | None:
    assert isinstance(action, Raise)
    if state.effects.no_raise:
        return f"area resources cannot be raised in {state.board.season}"
    held = _held(state, nation, action.area)
    if held:
        return held
    current = state.board.areas[action.area].resources + state.pending_raises(action.area)
    if current >= state.game.tables.economy.max_resources:
        return f"{action.area} is at the maximum resource number"
    return _afford(state, nation, economy.raise_cost(current, state.game.tables))


def _build(state: SeasonsState, nation: str, action: Action) -> str | None:
    assert isinstance(action, Build)
    if state.effects.no_build:
        return f"nothing can be built in {state.board.season}"
    held = _held(state, nation, action.area)
    if held:
        return held
    if any(p.kind == "building" and p.area == action.area for p in state.board.purchases):
        return f"a building is already going up in {action.area} this turn"
    standing = state.board.areas[action.area].building
    try:
        cost = economy.building_cost(
            Building(action.building), Building(standing) if standing else None, state.game.tables
        )
    except economy.PurchaseError as error:
        return str(error)
    return _afford(state, nation, cost)


# --- tokens ----------------------------------------------------------------------------------------


def _tokens(state: SeasonsState, nation: str, source: str, kind: str) -> str | None:
    used = state.tokens_used(nation, source)
    limit = state.token_limit(nation, source)
    cost = state.token_cost(kind)
    if used + cost > limit:
        return f"{source} may use {limit} tokens and {used} are placed ({kind} needs {cost})"
    return None


def _adjacent(state: SeasonsState, source: str, target: str) -> str | None:
    if source not in state.game.links or not state.game.adjacent(source, target):
        return f"{target!r} is not next to {source!r}"
    return None


def move_kind(state: SeasonsState, source: str, target: str) -> str:
    """Return which kind of move goes from source to target: land, embark, sail or landing."""
    return mapgraph.move_kind(state.game.land, source, target)


def movable(state: SeasonsState, nation: str, source: str, target: str) -> list[UnitState]:
    """Return the untasked units of a nation that may take a move from source to target."""
    kind = move_kind(state, source, target)
    tasked = state.tasked()
    units = [u for u in state.units_of(nation, source) if u.id not in tasked]
    if kind in ("land", "embark"):
        return [u for u in units if u.kind in LAND_KINDS]
    if kind == "sail":
        return [u for u in units if u.kind == WAR_BOAT]
    return [u for u in units if u.boat is not None]


def room(state: SeasonsState, nation: str, ocean: str) -> int:
    """Return how many more land units the nation's staying war boats in an ocean can take this turn."""
    tasked = state.tasked()
    boats = [
        u for u in state.units_of(nation, ocean) if u.kind == WAR_BOAT and u.trained and u.id not in tasked
    ]
    capacity = state.game.tables.units.war_boat.capacity * len(boats)
    aboard = sum(1 for u in state.board.units.values() if u.boat in {b.id for b in boats})
    ordered = sum(
        len(o.units)
        for o in state.board.orders
        if o.nation == nation and o.kind == "move" and o.target == ocean
    )
    return capacity - aboard - ordered


def _move(state: SeasonsState, nation: str, action: Action) -> str | None:
    assert isinstance(action, Move)
    adjacent = _adjacent(state, action.source, action.target)
    if adjacent:
        return adjacent
    allowed = {u.id for u in movable(state, nation, action.source, action.target)}
    for unit in action.units:
        if unit not in allowed:
            return f"{unit!r} is not an untasked unit of {nation} in {action.source} that can make this move"
    if move_kind(state, action.source, action.target) == "embark" and room(
        state, nation, action.target
    ) < len(action.units):
        return f"{nation} has no war boat with room for them in {action.target}"
    return _tokens(state, nation, action.source, "move")


def _aid(state: SeasonsState, nation: str, action: Action) -> str | None:
    assert isinstance(action, Aid)
    adjacent = _adjacent(state, action.source, action.target)
    if adjacent:
        return adjacent
    if not state.units_of(nation, action.source):
        return f"{nation} has no units in {action.source}"
    if any(
        o.kind == "aid" and o.nation == nation and o.source == action.source and o.target == action.target
        for o in state.board.orders
    ):
        return f"{action.source} already aids {action.target}"
    return _tokens(state, nation, action.source, "aid")


def _pillage(state: SeasonsState, nation: str, action: Action) -> str | None:
    """Seasons: Tokens / Pillage: an infantry or cavalry unit in the area, or next to it from a castle."""
    assert isinstance(action, Pillage)
    unit = state.board.units.get(action.unit)
    if unit is None or unit.nation != nation or unit.area != action.source or unit.id in state.tasked():
        return f"{action.unit!r} is not an untasked unit of {nation} in {action.source}"
    if unit.kind not in (INFANTRY, CAVALRY) or action.source not in state.game.land:
        return "only infantry or cavalry on land pillage"
    if action.target != action.source:
        if action.target not in state.game.land or not state.game.adjacent(action.source, action.target):
            return f"{action.target!r} is not a land area next to {action.source}"
        here = state.board.areas[action.source]
        if here.building != "castle" or here.owner != nation:
            return "only from a castle may a nation pillage a neighbouring area"
    if not economy.can_be_pillaged(state.board.areas[action.target].resources, state.game.tables):
        return f"{action.target} has nothing left to pillage"
    if any(
        o.kind == "pillage" and o.nation == nation and o.target == action.target for o in state.board.orders
    ):
        return f"{nation} already pillages {action.target} this turn"
    return _tokens(state, nation, action.source, "pillage")


_PLAN_CHECKS = {Buy: _buy, Raise: _raise, Build: _build, Move: _move, Aid: _aid, Pillage: _pillage}


# --- legal actions ---------------------------------------------------------------------------------


def _candidates(state: SeasonsState, nation: str) -> list[Action]:
    game = state.game
    held = sorted(area for area, a in state.board.areas.items() if a.owner == nation)
    coasts = sorted({s for area in held for s in game.links.get(area, ()) if s in game.sea})
    found: list[Action] = [Done()]
    for kind in UNIT_KINDS:
        for area in coasts if kind == WAR_BOAT else held:
            found.append(Buy(kind, area))
    for area in held:
        found += [Raise(area), Build("tower", area), Build("castle", area)]
    sources = sorted({u.area for u in state.board.units.values() if u.nation == nation})
    for source in sources:
        for target in sorted(game.links.get(source, ())):
            units = movable(state, nation, source, target)
            if units:
                found.append(Move(source, target, tuple(u.id for u in units)))
                if len(units) > 1:
                    found += [Move(source, target, (u.id,)) for u in units]
            found.append(Aid(source, target))
        pillagers = [u for u in state.units_of(nation, source) if u.kind in (INFANTRY, CAVALRY)]
        if pillagers and source in game.land:
            targets = [source, *sorted(t for t in game.links.get(source, ()) if t in game.land)]
            untasked = [u for u in pillagers if u.id not in state.tasked()]
            if untasked:
                found += [Pillage(source, target, untasked[0].id) for target in targets]
    return found


def legal_actions(state: SeasonsState) -> list[Action]:
    """Return every action the current nation may take now.

    Move tokens are listed for all the untasked units that can make the move and for each one alone
    (every group is legal, but listing all 2^n groups would swamp bots and menus); a pillage names
    the first untasked infantry or cavalry unit, which stands for any of them.
    """
    nation = state.current_player()
    if nation is None:
        return []
    phase = state.board.phase
    if phase == UPKEEP:
        return [Disband(target) for target in state.disbandable(nation)]
    if phase == CASUALTIES:
        return [Casualty(target) for target in resolution.casualty_targets(state, nation)]
    return [action for action in _candidates(state, nation) if reason(state, action) is None]


# --- applying --------------------------------------------------------------------------------------


def apply(state: SeasonsState, action: Action) -> list[str]:
    """Carry out a checked action and every automatic step after it; return the effects."""
    nation = _nation(state)
    board = state.board
    treasury = board.nations[nation]
    tables = state.game.tables
    if isinstance(action, Buy):
        treasury.resources -= economy.unit_cost(action.kind, tables)
        trained = action.kind == WAR_BOAT or state.has_stronghold(nation)
        board.purchases.append(Purchase(nation, "unit" if trained else "untrained", action.kind, action.area))
        return []
    if isinstance(action, Raise):
        current = board.areas[action.area].resources + state.pending_raises(action.area)
        treasury.resources -= economy.raise_cost(current, tables)
        board.purchases.append(Purchase(nation, "raise", "resources", action.area))
        return []
    if isinstance(action, Build):
        standing = board.areas[action.area].building
        treasury.resources -= economy.building_cost(
            Building(action.building), Building(standing) if standing else None, tables
        )
        board.purchases.append(Purchase(nation, "building", action.building, action.area))
        return []
    if isinstance(action, ORDERS):
        kind = action.VERB
        units = (
            list(action.units)
            if isinstance(action, Move)
            else [action.unit]
            if isinstance(action, Pillage)
            else []
        )
        board.orders.append(Order(board.seq, nation, kind, action.source, action.target, units))
        board.seq += 1
        return []
    # The effects are written into the rng's trace, so that a battle's dice are logged where they
    # are rolled: in the battles step (``model.rules.seasons.automatic``), not with the action.
    effects = state.rng.trace
    if isinstance(action, Done):
        effects += state.finish_planning(nation)
        if board.phase == PLAN:
            state.next_planner(effects)
        return effects
    if isinstance(action, Disband):
        effects += resolution.disband(state, nation, action.target)
        effects += state.try_pay(nation)
        if board.phase == PLAN:
            state.next_planner(effects)
        return effects
    if isinstance(action, Casualty):
        resolution.choose_casualty(state, nation, action.target, effects)
        return effects
    raise IllegalActionError(action, "not a Seasons action")
