"""The actions of the eight steps, one actor at a time (7A facts 2.3, 2.8-2.12; E&N for 7 and 8).

The actor's progress lives in ``board.ctx``: ``player``, ``slot`` (an empire id or ``slot``) and
``sub``, the decision it waits for. Subs that need no decision (``start_settle``, ``move_settle``)
are run by :func:`resume` once the conflicts they queued are over; ``end`` hands over to the next
actor. The emissary step lives in ``model.rules.sevenages.emissary``.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from model.rules.protocol import Action
from model.rules.sevenages import conflict, deck, economy, emissary, events, movement, neutrals
from model.rules.sevenages.actions import Words, act
from model.rules.sevenages.state import EmpireState, Unit

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState

DECISIONS = {
    "start_card", "start_buy", "produce", "trade_partner", "trade_give", "trade_answer", "move",
    "destiny", "civilise", "event", "discard", *emissary.DECISIONS,
}  # fmt: skip


def starting(state: SevenAgesState) -> str | None:
    """Return the empire being set up (it has no units yet and must not be discarded)."""
    ctx = state.board.ctx
    return ctx.get("empire") if ctx.get("sub") == "start_buy" else None


def waiting(state: SevenAgesState) -> bool:
    """Whether the actor must decide now."""
    return state.board.ctx.get("sub") in DECISIONS


def decider(state: SevenAgesState) -> str:
    """Return who decides the current sub-step (the trade partner answers a trade)."""
    ctx = state.board.ctx
    player: str = ctx["answer"] if ctx.get("sub") == "trade_answer" else ctx["player"]
    return player


def begin(state: SevenAgesState, player: str, slot: str, effects: list[str]) -> None:
    """Start an actor's action in the current step."""
    board = state.board
    board.ctx = {"player": player, "slot": slot, "sub": "end"}
    step = board.step
    if step == 1:
        board.ctx["sub"] = "start_card"
    elif step == 2:
        economy.collect(state, slot, effects)
        neutrals.automatic_discards(state, effects)
        board.ctx["sub"] = "produce" if slot in board.empires else "end"
    elif step == 3:
        board.ctx["sub"] = "trade_partner"
    elif step == 4:
        board.ctx["sub"] = "move"
    elif step == 5:
        board.ctx["sub"] = "destiny"
    elif step == 6:
        board.ctx["sub"] = "event" if slot == "slot" else "civilise"
    elif step == 7:
        emissary.begin(state, player, slot, effects)
    else:
        board.ctx["sub"] = "discard"


def resume(state: SevenAgesState, effects: list[str]) -> bool:
    """Run an automatic sub-step; return False when the actor is done."""
    ctx = state.board.ctx
    sub = ctx.get("sub")
    if sub == "start_settle":
        _settle_start(state, effects)
        return True
    if sub == "move_settle":
        ctx["sub"] = "end"
        return True
    if sub in emissary.AUTO:
        return emissary.resume(state, effects)
    return False


# --- legal actions ---


def legal(state: SevenAgesState) -> list[Action]:
    """Return the actor's choices in the current sub-step."""
    ctx = state.board.ctx
    sub = ctx["sub"]
    player, slot = ctx["player"], ctx["slot"]
    if sub == "start_card":
        return [act("start", c) for c in startable(state, player)] + [act("start", "none")]
    if sub == "start_buy":
        return [*_start_buys(state, ctx["empire"]), act("done")]
    if sub == "produce":
        return [*_production_buys(state, slot), act("done")]
    if sub == "trade_partner":
        return [act("trade", e) for e in partners(state, slot)] + [act("trade", "none")]
    if sub in ("trade_give", "trade_answer"):
        giver = player if sub == "trade_give" else ctx["answer"]
        return [act("give", c) for c in sorted(set(state.board.players[giver].hand))]
    if sub == "move":
        return [*moves(state, slot), *ferries(state, slot), act("done")]
    if sub == "destiny":
        return [act("drop", c) for c in sorted(set(state.board.players[player].hand))] + [act("done")]
    if sub == "civilise":
        return [*_civilise_choices(state, slot), act("done")]
    if sub == "event":
        return [*events.choices(state, player), act("done")]
    if sub == "discard":
        return [act("discard", slot), act("keep")]
    return emissary.legal(state)


def startable(state: SevenAgesState, player: str) -> list[str]:
    """Return the empire cards in hand the player may start now (7A facts 2.3)."""
    board = state.board
    if len(state.empires_of(player)) >= state.game.max_empires(board.order, player):
        return []
    age = current_age(state)
    cards = state.game.empire_cards
    return sorted(
        {
            c
            for c in board.players[player].hand
            if c in cards and c not in board.empires and (age is None or age in cards[c].ages)
        }
    )


def current_age(state: SevenAgesState) -> int | None:
    """Return the age of the most advanced empire on the map (None: none yet, start age if set)."""
    empires = state.board.empires
    if not empires:
        return state.game.start_age
    return state.game.rules.age(max(e.progress for e in empires.values()))


def _start_buys(state: SevenAgesState, empire: str) -> list[Action]:
    card = state.game.empire_cards[empire]
    money = state.board.empires[empire].treasury
    areas = [a for a in card.start_areas if a in state.game.areas]
    found: list[Action] = []
    for kind in economy.buildable(state, empire, money):
        for area in areas:
            if economy.domain_ok(state, kind, area):
                found.append(act("buy", kind, area))
    return found


def _production_buys(state: SevenAgesState, empire: str) -> list[Action]:
    money = state.board.empires[empire].treasury
    places = economy.placements(state, empire)
    seas = economy.sea_placements(state, places, empire)
    found: list[Action] = []
    for kind in economy.buildable(state, empire, money):
        targets = seas if state.game.rules.units[kind].domain == "sea" else places
        found.extend(act("buy", kind, a) for a in targets)
    if money >= state.game.rules.fort_cost and not economy.barbarian(state, empire):
        found.extend(
            act("fort", a) for a in places if state.game.is_land(a) and not state.board.areas[a].fort
        )
    return found


def partners(state: SevenAgesState, empire: str) -> list[str]:
    """Return the other players' empires within range that can trade (7A facts 2.9)."""
    board = state.board
    me = board.empires[empire].player
    if not board.players[me].hand:
        return []
    reach = movement.in_range(state, empire)
    found = []
    for other, data in board.empires.items():
        if data.player == me or not board.players[data.player].hand:
            continue
        if any(state.controller(a) == other for a in reach):
            found.append(other)
    return sorted(found)


def moves(state: SevenAgesState, empire: str) -> list[Action]:
    """Return every one-unit move of the empire's units that have not moved this step."""
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


def _civilise_choices(state: SevenAgesState, empire: str) -> list[Action]:
    if economy.barbarian(state, empire):
        return []
    board, rules = state.board, state.game.rules
    money = board.empires[empire].treasury
    age = state.age_of(empire)
    found: list[Action] = []
    for area in sorted(economy.controlled(state, empire)):
        info = board.areas[area]
        if not state.game.is_land(area) or info.disorder:
            continue
        if info.city == 0 and money >= rules.city_build_cost:
            found.append(act("city", area))
        elif 0 < info.city < min(age, rules.max_city_level) and money >= economy.city_upgrade_cost(
            state, info.city + 1
        ):
            found.append(act("upgrade", area))
    return found


# --- applying ---


def apply(state: SevenAgesState, action: Words, effects: list[str]) -> None:
    """Carry out the actor's decision."""
    board = state.board
    ctx = board.ctx
    sub, verb = ctx["sub"], action.VERB
    player, slot = ctx["player"], ctx["slot"]
    if sub == "start_card":
        _start(state, player, action.word(0), effects)
    elif sub in ("start_buy", "produce") and verb in ("buy", "fort"):
        empire = ctx.get("empire", slot)
        _buy(state, empire, action, effects)
    elif sub == "start_buy":
        _start_done(state, effects)
    elif sub == "produce":
        ctx["sub"] = "end"
    elif sub == "trade_partner":
        _trade_partner(state, action.word(0), effects)
    elif sub == "trade_give":
        ctx["card"] = action.word(0)
        ctx["sub"] = "trade_answer"
    elif sub == "trade_answer":
        _trade_swap(state, action.word(0), effects)
    elif sub == "move":
        _move(state, slot, action, effects)
    elif sub == "destiny":
        _destiny(state, player, slot, action, effects)
    elif sub == "civilise":
        _civilise(state, slot, action, effects)
    elif sub == "event":
        if verb == "play":
            events.play(state, player, action, effects)
        ctx["sub"] = "end"
    elif sub == "discard":
        if verb == "discard":
            neutrals.discard_empire(state, slot, effects, automatic=False)
        ctx["sub"] = "end"
    else:
        emissary.apply(state, action, effects)


def _start(state: SevenAgesState, player: str, card: str, effects: list[str]) -> None:
    board = state.board
    if card == "none":
        board.ctx["sub"] = "end"
        return
    info = state.game.empire_cards[card]
    age = current_age(state) or min(info.ages, default=1)
    board.players[player].hand.remove(card)
    board.empires[card] = EmpireState(player, state.game.rules.first_level(age), info.start_money)
    board.ctx.update(sub="start_buy", empire=card)
    effects.append(f"{player} starts {card} in age {age} with {info.start_money} money")
    board.count("empires_started")


def _buy(state: SevenAgesState, empire: str, action: Words, effects: list[str]) -> None:
    rules = state.game.rules
    treasury = state.board.empires[empire]
    if action.VERB == "fort":
        area = action.word(0)
        treasury.treasury -= rules.fort_cost
        state.board.areas[area].fort = True
        effects.append(f"{empire} builds a fortification in {area}")
        state.board.count("forts_built")
        return
    kind, area = action.word(0), action.word(1)
    treasury.treasury -= rules.units[kind].cost
    state.put(area, Unit(empire, kind, rules.units[kind].level))
    state.board.count("units_bought")


def _start_done(state: SevenAgesState, effects: list[str]) -> None:
    """Conversion, then the start areas are taken or fought for (7A facts 2.3; E&N: Starting)."""
    board = state.board
    empire = board.ctx["empire"]
    card = state.game.empire_cards[empire]
    fights = []
    for area in card.start_areas:
        if area not in board.units:
            continue
        if card.convert != "none" and state.units_of(empire, area):
            # E&N: Starting Empires: 'any' converts neutrals too; a named empire only its units.
            before = board.units[area]
            hit = [u.owner != empire if card.convert == "any" else u.owner == card.convert for u in before]
            board.units[area] = [
                Unit(empire, u.kind, u.level) if h else u for u, h in zip(before, hit, strict=True)
            ]
            converted = sum(hit)
            if not state.units_of("neutral", area):
                board.areas[area].revealed = False
            if converted:
                effects.append(f"{empire} converts {converted} units in {area}")
                board.count("conversions", converted)
        sides = state.sides(area)
        if len(sides) > 1 and empire in sides:
            board.entries[area] = []
            fights.append(area)
        elif sides == [empire]:
            neutrals.change_hands(state, area, empire, effects, fought=False)
    conflict.queue(state, fights, None)
    board.ctx["sub"] = "start_settle"


def _settle_start(state: SevenAgesState, effects: list[str]) -> None:
    board = state.board
    empire = board.ctx["empire"]
    board.ctx["sub"] = "end"
    if empire not in board.empires:
        return
    card = state.game.empire_cards[empire]
    site = card.start_areas[0] if card.start_areas else None
    if (
        card.has_capital
        and site
        and not economy.barbarian(state, empire)
        and state.controller(site) == empire
    ):
        info = board.areas[site]
        info.city = max(info.city, state.game.rules.capital_start_level)
        info.capital = True
        info.owner = empire
        effects.append(f"{empire} founds its capital in {site}")
    neutrals.automatic_discards(state, effects)


def _trade_partner(state: SevenAgesState, partner: str, effects: list[str]) -> None:
    board = state.board
    ctx = board.ctx
    if partner == "none":
        _advance(state, ctx["slot"], state.game.rules.trade_no_partner_advance, effects)
        ctx["sub"] = "end"
        return
    ctx.update(sub="trade_give", partner=partner, answer=board.empires[partner].player)


def _trade_swap(state: SevenAgesState, answer: str, effects: list[str]) -> None:
    """Swap the two cards; the higher giver advances 2, ties by the errata (7A facts 2.9)."""
    board = state.board
    ctx = board.ctx
    empire, partner = ctx["slot"], ctx["partner"]
    mine, theirs = ctx["card"], answer
    me, other = ctx["player"], ctx["answer"]
    board.players[me].hand.remove(mine)
    board.players[other].hand.remove(theirs)
    board.players[me].hand.append(theirs)
    board.players[other].hand.append(mine)
    a, b = deck.value(state, mine), deck.value(state, theirs)
    effects.append(f"{empire} gives {mine} ({a}), {partner} gives {theirs} ({b})")
    board.count("trades")
    rules = state.game.rules
    if a > b:
        _advance(state, empire, rules.trade_win_advance, effects)
    elif b > a:
        _advance(state, partner, rules.trade_win_advance, effects)
    elif board.players[other].markers.get(partner, "").removeprefix("wild:") == "trade":
        # 7A facts 2.9 errata: both chose T&P, so the lower one advances; equal, neither.
        ours, yours = board.empires[empire].progress, board.empires[partner].progress
        if ours != yours:
            _advance(state, empire if ours < yours else partner, rules.trade_tie_advance, effects)
    else:
        _advance(state, empire, rules.trade_tie_advance, effects)
    ctx["sub"] = "end"


def _advance(state: SevenAgesState, empire: str, steps: int, effects: list[str]) -> None:
    if empire in state.board.empires:
        state.board.empires[empire].progress += steps
        effects.append(f"{empire} advances {steps} to {state.board.empires[empire].progress}")


def _move(state: SevenAgesState, empire: str, action: Words, effects: list[str]) -> None:
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
        _ferry(state, empire, action, effects)
        return
    origin, target, kind, level = action.words[0], action.words[1], action.words[2], int(action.words[3])
    state.take(origin, Unit(empire, kind, level))
    _arrive(state, empire, target, origin, [Unit(empire, kind, level, True)], effects)
    board.count("moves")


def _arrive(
    state: SevenAgesState, empire: str, target: str, source: str, units: list[Unit], effects: list[str]
) -> None:
    """Units enter an area: an empty or own area is taken at once, an occupied one is a conflict."""
    others = [s for s in state.sides(target) if s != empire]
    for unit in units:
        state.put(target, unit)
    if others:
        state.board.entries.setdefault(target, []).append(source)
    else:
        neutrals.change_hands(state, target, empire, effects, fought=False)


def _ferry(state: SevenAgesState, empire: str, action: Words, effects: list[str]) -> None:
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
    _arrive(state, empire, target, stop, [Unit(empire, kind, level, True)] * count, effects)
    effects.append(f"{empire} ships {count} {kind} from {origin} by {stop} to {target}")
    state.board.count("ferries")


def _destiny(state: SevenAgesState, player: str, slot: str, action: Words, effects: list[str]) -> None:
    board = state.board
    hand = board.players[player].hand
    if action.VERB == "drop":
        hand.remove(action.word(0))
        board.discards.append(action.word(0))
        return
    slot_limit, empire_limit, advanced_limit = state.game.rules.hand_limits
    limit = slot_limit
    if slot in board.empires:
        best = max(e.progress for e in board.empires.values())
        limit = advanced_limit if board.empires[slot].progress >= best else empire_limit
    drawn = 0
    while len(hand) < limit:
        card = deck.draw(state)
        if card is None:
            break
        hand.append(card)
        drawn += 1
    effects.append(f"{player} draws {drawn} cards (hand {len(hand)})")
    board.ctx["sub"] = "end"


def _civilise(state: SevenAgesState, empire: str, action: Words, effects: list[str]) -> None:
    board = state.board
    info = board.areas.get(action.word(0)) if action.words else None
    treasury = board.empires[empire]
    if action.VERB == "city" and info is not None:
        treasury.treasury -= state.game.rules.city_build_cost
        info.city, info.owner = 1, empire
        effects.append(f"{empire} builds a city in {action.word(0)}")
        board.count("cities_built")
    elif action.VERB == "upgrade" and info is not None:
        treasury.treasury -= economy.city_upgrade_cost(state, info.city + 1)
        info.city += 1
        effects.append(f"{empire} raises the city of {action.word(0)} to {info.city}")
        board.count("cities_upgraded")
    # 7A facts 2.15 (HOUSE DEFAULT): civilising lifts the empire's disorder markers.
    for area in economy.controlled(state, empire):
        board.areas[area].disorder = False
    board.ctx["sub"] = "event"
