"""The reveal and resolution of a turn (Seasons: Turns): purchases appear, then pillage, then moves,
then battles one by one, then areas change hands and the turn's income is worked out.

Readings of the text made here:

* A pillage yields the area's production of the turn again (Tokens / Pillage: it doubles the
  turn's collection), and the halving of the area shows from the next turn on. Pillage tokens are
  served in the order they were placed (first come, first served).
* Moves happen at once: landings first, then war boats sail with their cargo, then land moves,
  then units board the war boats waiting where they embark.
* A battle happens wherever units of nations that are not allies stand together, or where units
  enter an area whose holder defends it with a building alone. Aid from an area that is itself
  attacked is cancelled (Tokens / Aid).
* Losers retreat to an adjacent area their nation holds with no enemy in it (their area of
  origin first); with none they are captured (Battles). War boats retreat to an adjacent ocean
  without enemy boats, cargo and all.
"""

from __future__ import annotations

from model.rules.seasons import automatic, economy
from model.rules.seasons import battle as fight
from model.rules.seasons.schema import Building
from model.rules.seasons.state import CASUALTIES, OVER, Allocation, BattleState, SeasonsState, UnitState

# --- reveal, pillage, moves ------------------------------------------------------------------------


def _reveal(state: SeasonsState) -> list[str]:
    board = state.board
    effects: list[str] = []
    for purchase in board.purchases:
        area = purchase.area
        if purchase.kind in ("unit", "untrained"):
            unit_id = state.new_id(purchase.nation)
            trained = purchase.kind == "unit"
            board.units[unit_id] = UnitState(unit_id, purchase.what, purchase.nation, area, trained)
            board.count(f"bought_{purchase.what}")
            label = purchase.what if trained else f"untrained {purchase.what}"
            effects.append(f"{purchase.nation} places {label} {unit_id} in {area}")
        elif purchase.kind == "raise":
            board.count("raises")
            cap = state.game.tables.economy.max_resources
            board.areas[area].resources = min(board.areas[area].resources + 1, cap)
            effects.append(f"{area} rises to {board.areas[area].resources}")
        elif purchase.kind == "building":
            board.count(f"built_{purchase.what}")
            board.areas[area].building = purchase.what
            board.areas[area].damage = 0
            effects.append(f"{purchase.nation} builds a {purchase.what} in {area}")
    board.purchases = []
    return effects


def _pillage(state: SeasonsState) -> list[str]:
    """Seasons: Tokens / Pillage, first come first served."""
    board = state.board
    effects: list[str] = []
    for order in sorted((o for o in board.orders if o.kind == "pillage"), key=lambda o: o.seq):
        area = board.areas[order.target]
        if order.target in board.pillaged or not economy.can_be_pillaged(area.resources, state.game.tables):
            effects.append(f"{order.nation} cannot pillage {order.target}: already pillaged")
            continue
        gained = economy.pillage_bonus(board.snapshot[order.target])
        board.bonus[order.nation] = board.bonus.get(order.nation, 0) + gained
        area.resources = economy.after_pillage(area.resources, state.game.tables)
        board.pillaged.append(order.target)
        board.count("pillages")
        effects.append(f"{order.nation} pillages {order.target} for {gained}; it drops to {area.resources}")
    return effects


def _moves(state: SeasonsState) -> list[str]:
    """Seasons: Tokens / Move and Units / War Boat."""
    from model.rules.seasons.rules import move_kind

    board = state.board
    effects: list[str] = []
    moves = sorted((o for o in board.orders if o.kind == "move"), key=lambda o: o.seq)
    phases = ("landing", "sail", "land", "embark")
    capacity = state.game.tables.units.war_boat.capacity
    for phase in phases:
        for order in moves:
            if move_kind(state, order.source, order.target) != phase:
                continue
            for unit_id in order.units:
                unit = board.units.get(unit_id)
                if unit is None or unit.area != order.source:
                    continue
                if phase == "landing":
                    # Units / War Boat: a boat is busy when its cargo lands to attack; cargo landing
                    # in an area of its own nation or an ally's lands in peace and the boat stays free.
                    holder = board.areas[order.target].owner
                    peaceful = holder is not None and state.game.allied(holder, unit.nation)
                    if unit.boat and not peaceful and unit.boat not in board.busy_boats:
                        board.busy_boats.append(unit.boat)
                    unit.boat = None
                elif phase == "sail":
                    for cargo in board.units.values():
                        if cargo.boat == unit.id:
                            cargo.area = order.target
                elif phase == "embark":
                    boats = [
                        b
                        for b in state.units_of(unit.nation, order.target)
                        if b.kind == fight.WAR_BOAT
                        and b.trained
                        and sum(1 for c in board.units.values() if c.boat == b.id) < capacity
                    ]
                    if not boats:
                        effects.append(f"{unit_id} finds no room on a war boat in {order.target}")
                        continue
                    unit.boat = boats[0].id
                board.moved_from[unit_id] = order.source
                unit.area = order.target
            effects.append(
                f"{order.nation} moves {','.join(order.units)} from {order.source} to {order.target}"
            )
    return effects


def resolve_turn(state: SeasonsState, effects: list[str]) -> None:
    """Reveal the tokens and purchases and resolve the turn, stopping when a nation must choose;
    each step's effects go to ``effects`` as an automatic step of its own (``automatic``)."""
    board = state.board
    automatic.begin(state, automatic.REVEAL, effects)
    effects += ["reveal", *_reveal(state)]
    change = state.effects.production
    board.snapshot = {area: economy.production(a.resources, change) for area, a in board.areas.items()}
    automatic.begin(state, automatic.PILLAGE, effects)
    effects += _pillage(state)
    automatic.begin(state, automatic.MOVES, effects)
    effects += _moves(state)
    continue_battles(state, effects)


# --- battles ---------------------------------------------------------------------------------------


def _side_key(state: SeasonsState, nation: str) -> str:
    return state.game.alliances.get(nation, nation)


def fighters_in(state: SeasonsState, area: str) -> list[UnitState]:
    """Return the units that fight in an area: land units on land, war boats at sea."""
    at_sea = area in state.game.sea
    return sorted(
        (
            u
            for u in state.board.units.values()
            if u.area == area and ((u.kind == fight.WAR_BOAT) if at_sea else u.boat is None)
        ),
        key=lambda u: u.id,
    )


def sides_in(state: SeasonsState, area: str) -> list[list[str]]:
    """Return the sides present in an area (allies together), the holder's side first."""
    nations = {u.nation for u in fighters_in(state, area)}
    holder = state.board.areas[area].owner if area in state.game.land else None
    # A holder with a building but no units still defends against anyone who is not its ally.
    if (
        holder is not None
        and state.board.areas[area].building
        and holder not in nations
        and any(not state.game.allied(holder, n) for n in nations)
    ):
        nations.add(holder)
    groups: dict[str, list[str]] = {}
    for nation in state.game.nations:
        if nation in nations:
            groups.setdefault(_side_key(state, nation), []).append(nation)
    sides = list(groups.values())
    sides.sort(key=lambda side: 0 if holder in side else 1)
    return sides


def _next_battle(state: SeasonsState) -> str | None:
    board = state.board
    for area in sorted(state.game.land) + sorted(state.game.sea):
        if area not in board.fought and len(sides_in(state, area)) >= 2:
            return area
    return None


def _fighter(state: SeasonsState, unit: UnitState) -> fight.Fighter:
    aboard = sum(1 for u in state.board.units.values() if u.boat == unit.id and u.kind == fight.INFANTRY)
    return fight.Fighter(unit.id, unit.kind, unit.nation, unit.trained, aboard)


def _attacked(state: SeasonsState, area: str) -> bool:
    return area in state.board.fought or len(sides_in(state, area)) >= 2


def _aid_for(state: SeasonsState, area: str, side: list[str]) -> tuple[int, list[str]]:
    """Seasons: Tokens / Aid and Buildings / Castle: aid tokens and castle auto-aid for one side."""
    board = state.board
    tasked = state.tasked()
    total = 0
    notes: list[str] = []
    sources: list[tuple[str, str]] = [
        (o.nation, o.source)
        for o in sorted(board.orders, key=lambda o: o.seq)
        if o.kind == "aid" and o.target == area and any(state.game.allied(o.nation, n) for n in side)
    ]
    for neighbour in sorted(state.game.links.get(area, ())):
        holder = board.areas[neighbour].owner if neighbour in state.game.land else None
        if (
            holder is not None
            and board.areas[neighbour].building == Building.CASTLE.value
            and any(state.game.allied(holder, n) for n in side)
            and (holder, neighbour) not in sources
        ):
            sources.append((holder, neighbour))
    for nation, source in sources:
        if _attacked(state, source):
            notes.append(f"aid from {source} is cancelled: {source} is attacked")
            continue
        helpers = [
            _fighter(state, u)
            for u in state.units_of(nation, source)
            if u.id not in tasked and u.boat is None
        ]
        might = fight.aid_might(helpers, state.game.tables.battle, state.game.tables.units, board.busy_boats)
        if might:
            total += might
            notes.append(f"{nation} aids from {source} with {might}")
    return total, notes


def _adjacent_bonus(state: SeasonsState, area: str, side: list[str]) -> int:
    """Seasons: Buildings: towers and castles add might to the defence of neighbouring areas."""
    total = 0
    for neighbour in state.game.links.get(area, ()):
        if neighbour not in state.game.land:
            continue
        other = state.board.areas[neighbour]
        if other.building and other.owner in side:
            total += state.game.tables.buildings.stats(Building(other.building)).adjacent_might
    return total


def _fortification(state: SeasonsState, area: str) -> fight.Fortification | None:
    if area not in state.game.land:
        return None
    here = state.board.areas[area]
    if not here.building:
        return None
    building = Building(here.building)
    return fight.Fortification(building, state.game.tables.buildings.stats(building).might - here.damage)


def _sides(state: SeasonsState, area: str, nations: list[list[str]]) -> tuple[list[fight.Side], list[str]]:
    holder = state.board.areas[area].owner if area in state.game.land else None
    fighters = fighters_in(state, area)
    sides: list[fight.Side] = []
    notes: list[str] = []
    for group in nations:
        defends = holder is not None and holder in group
        aid, aid_notes = _aid_for(state, area, group)
        notes += aid_notes
        sides.append(
            fight.Side(
                tuple(group),
                tuple(_fighter(state, u) for u in fighters if u.nation in group),
                aid=aid,
                adjacent=_adjacent_bonus(state, area, group) if defends else 0,
                fortification=_fortification(state, area) if defends else None,
            )
        )
    return sides, notes


def _roll(state: SeasonsState, area: str, sides: list[fight.Side]) -> tuple[fight.Outcome, int]:
    """Roll until there is a winner, or settle a tie as the ``battle.tie`` table says."""
    tables = state.game.tables
    die = fight.die_for(sum(len(side.units) for side in sides), tables.battle)
    attempts = 1 + (tables.battle.max_rerolls if tables.battle.tie == "reroll" else 0)
    for _ in range(attempts):
        rolls = [state.rng.roll(1, f"{area}: {'+'.join(side.nations)}", die) for side in sides]
        outcome = fight.resolve(sides, rolls, tables.units, tables.battle)
        if outcome.winner is not None:
            return outcome, outcome.winner
    best = max(outcome.totals)
    tied = [index for index, total in enumerate(outcome.totals) if total == best]
    defenders = [index for index in tied if sides[index].defends]
    return outcome, (defenders or tied)[0]


def _start_battle(state: SeasonsState, area: str, effects: list[str]) -> None:
    """Seasons: Battles: work out might, roll, and queue the casualties of every nation; the
    battle's lines go to ``effects``, the rng's trace, so that its dice follow its first line."""
    groups = sides_in(state, area)
    sides, notes = _sides(state, area, groups)
    effects += [f"battle in {area}: " + " vs ".join("+".join(side.nations) for side in sides), *notes]
    outcome, winner = _roll(state, area, sides)
    for side, might, roll, total in zip(sides, outcome.might, outcome.rolls, outcome.totals, strict=True):
        effects.append(f"{'+'.join(side.nations)}: might {might} + d{outcome.die} {roll} = {total}")
    effects.append(f"{'+'.join(sides[winner].nations)} wins")
    queue: list[Allocation] = []
    holder = state.board.areas[area].owner if area in state.game.land else None
    for side, amount in zip(sides, outcome.casualties, strict=True):
        present = [n for n in side.nations if any(u.nation == n for u in side.units) or n == holder]
        for nation, share in fight.split_casualties(amount, present).items():
            if share > 0:
                queue.append(Allocation(nation, share))
                effects.append(f"{nation} takes {share} casualties")
    state.board.battle = BattleState(area, groups, winner, dict(outcome.unit_might), queue)
    state.board.count("battles")
    if len(groups) > 2:
        state.board.count("battles_three_or_more_sides")


def casualty_targets(state: SeasonsState, nation: str) -> list[str]:
    """Return the units (and the area, for its building) that may take the nation's casualties now."""
    current = state.board.battle
    if current is None:
        return []
    targets = [
        u.id for u in fighters_in(state, current.area) if u.nation == nation and u.id in current.mights
    ]
    if current.area in state.game.land:
        here = state.board.areas[current.area]
        if here.owner == nation and here.building and not current.building_hit:
            targets.append(current.area)
    return targets


def absorbs_of(state: SeasonsState, target: str) -> int:
    """Return how much casualty might a target of the current battle soaks up (a building: its cap)."""
    current = state.board.battle
    assert current is not None
    if target == current.area:
        fortification = _fortification(state, target)
        assert fortification is not None
        return fight.building_cap(fortification.value, state.game.tables.battle)
    unit = state.board.units[target]
    return fight.absorbs(_fighter(state, unit), current.mights[target], state.game.tables.units)


def _remove(state: SeasonsState, unit_id: str) -> list[str]:
    """Remove a unit and the cargo of a war boat; return the ids removed."""
    board = state.board
    gone = [unit_id, *sorted(u.id for u in board.units.values() if u.boat == unit_id)]
    for item in gone:
        board.units.pop(item, None)
    return gone


def _hit(state: SeasonsState, allocation: Allocation, target: str) -> list[str]:
    """Apply the nation's remaining casualties to one target (Seasons: Battles / Casualties)."""
    current = state.board.battle
    assert current is not None
    tables = state.game.tables
    if target == current.area:
        here = state.board.areas[target]
        fortification = _fortification(state, target)
        result = fight.apply_casualties(
            allocation.amount, [fight.BUILDING_TARGET], {}, {}, fortification, tables.units, tables.battle
        )
        current.building_hit = True
        allocation.amount = result.left
        assert fortification is not None
        if result.building_after is not fortification.building or result.building_value is None:
            here.building = result.building_after.value if result.building_after else None
            here.damage = 0
            return [f"the {fortification.building.value} in {target} falls"]
        here.damage = tables.buildings.stats(fortification.building).might - result.building_value
        taken = fortification.value - result.building_value
        return [f"the {fortification.building.value} in {target} takes {taken}"]
    unit = state.board.units[target]
    result = fight.apply_casualties(
        allocation.amount,
        [target],
        {target: _fighter(state, unit)},
        current.mights,
        None,
        tables.units,
        tables.battle,
    )
    allocation.amount = result.left
    current.mights.pop(target)
    if result.lost:
        gone = _remove(state, target)
        current.lost += gone
        state.board.count("units_lost_in_battle", len(gone))
        return [f"{', '.join(gone)} lost"]
    return [f"{target} holds"]


def _settle_queue(state: SeasonsState) -> list[str]:
    """Apply casualties that need no choice; stop at the first nation with a real choice."""
    current = state.board.battle
    assert current is not None
    effects: list[str] = []
    while current.queue:
        allocation = current.queue[0]
        targets = casualty_targets(state, allocation.nation)
        if allocation.amount <= 0 or not targets:
            current.queue.pop(0)
            continue
        if len(targets) > 1 and allocation.amount < sum(absorbs_of(state, t) for t in targets):
            state.board.phase = CASUALTIES
            return effects
        effects += _hit(state, allocation, targets[0])
    return effects


def choose_casualty(state: SeasonsState, nation: str, target: str, effects: list[str]) -> None:
    """Apply a nation's chosen casualty target and carry on with the battles (the rest of the
    turn goes to ``effects`` as automatic steps after the nation's own hit)."""
    current = state.board.battle
    assert current is not None and current.queue and current.queue[0].nation == nation
    effects += _hit(state, current.queue[0], target)
    continue_battles(state, effects)


def _retreat_target(state: SeasonsState, unit: UnitState, area: str) -> str | None:
    game = state.game
    board = state.board
    at_sea = area in game.sea
    options = []
    for neighbour in sorted(game.links.get(area, ())):
        if at_sea != (neighbour in game.sea):
            continue
        if not at_sea and board.areas[neighbour].owner != unit.nation:
            continue
        if any(not game.allied(u.nation, unit.nation) for u in fighters_in(state, neighbour)):
            continue
        options.append(neighbour)
    origin = board.moved_from.get(unit.id)
    if origin in options:
        return origin
    return options[0] if options else None


def _finish_battle(state: SeasonsState) -> list[str]:
    """Seasons: Battles: the losers retreat or are captured; the area goes to the winner."""
    board = state.board
    current = board.battle
    assert current is not None
    area = current.area
    winners = current.sides[current.winner]
    effects: list[str] = []
    captured = 0
    for unit in fighters_in(state, area):
        if unit.nation in winners:
            continue
        target = _retreat_target(state, unit, area)
        if target is None:
            gone = _remove(state, unit.id)
            captured += len(gone)
            board.count("units_captured", len(gone))
            effects.append(f"{', '.join(gone)} captured")
            continue
        for moving in [unit] + [u for u in board.units.values() if u.boat == unit.id]:
            moving.area = target
        effects.append(f"{unit.id} retreats to {target}")
    if area in state.game.land:
        here = board.areas[area]
        if here.owner not in winners:
            present = [u.nation for u in fighters_in(state, area) if u.nation in winners]
            if present:
                here.owner = max(winners, key=lambda n: (present.count(n), -winners.index(n)))
                effects.append(f"{here.owner} takes {area}")
    lead = board.areas[area].owner if area in state.game.land else None
    lead = lead if lead in winners else winners[0]
    if captured:
        gain = captured * state.game.tables.economy.capture_bonus
        board.bonus[lead] = board.bonus.get(lead, 0) + gain
        effects.append(f"{lead} gains {gain} for {captured} captured units")
    board.fought.append(area)
    board.battle = None
    return effects


def continue_battles(state: SeasonsState, effects: list[str]) -> None:
    """Fight the battles one by one until a nation must choose casualties or the turn ends; what
    they do goes to ``effects`` as the automatic battles step."""
    board = state.board
    automatic.begin(state, automatic.BATTLES, effects)
    while True:
        if board.battle is not None:
            effects += _settle_queue(state)
            if board.battle.queue:
                return
            effects += _finish_battle(state)
        area = _next_battle(state)
        if area is None:
            end_turn(state, effects)
            return
        _start_battle(state, area, effects)


# --- end of the turn -------------------------------------------------------------------------------


def _occupy(state: SeasonsState) -> list[str]:
    """Areas entered without a battle go to the nation with the most units there."""
    board = state.board
    effects: list[str] = []
    for area_id in sorted(state.game.land):
        here = board.areas[area_id]
        present = [u.nation for u in fighters_in(state, area_id)]
        if not present or (here.owner is not None and all(state.game.allied(here.owner, n) for n in present)):
            continue
        nations = [n for n in state.game.nations if n in present]
        here.owner = max(nations, key=lambda n: (present.count(n), -nations.index(n)))
        effects.append(f"{here.owner} takes {area_id}")
    return effects


def end_turn(state: SeasonsState, effects: list[str]) -> None:
    """Hand out the turn's income (due at the start of the next) and start the next turn; the
    turn's end and the next turn's start go to ``effects`` as automatic steps of their own."""
    board = state.board
    automatic.begin(state, automatic.TURN_END, effects)
    effects += _occupy(state)
    for nation, treasury in board.nations.items():
        held = [area for area, a in board.areas.items() if a.owner == nation]
        treasury.income = sum(board.snapshot.get(area, 0) for area in held) + board.bonus.get(nation, 0)
        effects.append(f"{nation} will collect {treasury.income}")
    board.orders = []
    if board.turn >= state.game.turns:
        board.phase = OVER
        effects.append("the game ends")
        return
    board.turn += 1
    board.season = state.game.tables.seasons.after(state.season).value
    automatic.begin(state, automatic.TURN_START, effects)
    effects += state.begin_turn()


def disband(state: SeasonsState, nation: str, target: str) -> list[str]:
    """Give up a unit (with its cargo) or let a building fall to a ruin (Seasons: Resources)."""
    board = state.board
    board.count("disbanded")
    if target in board.units:
        return [f"{nation} disbands {', '.join(_remove(state, target))}"]
    here = board.areas[target]
    here.building, here.damage = Building.RUIN.value, 0
    return [f"{nation} abandons the building in {target}; it falls to a ruin"]
