"""Starting an empire (7A facts 2.3; E&N: Starting Empires against neutrals) and buying units.

A card from the hand starts an empire in the current age; its starting money buys units for its
start areas; then conversion, and the start areas held by others are fought for with the new
empire attacking; finally the capital is founded in the first start area if the empire holds it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.protocol import Action
from model.rules.sevenages import automatic, colours, conflict, economy, neutrals
from model.rules.sevenages.actions import Words, act
from model.rules.sevenages.state import EmpireState, Unit

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState


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
    """Return the age of the most advanced empire on the map (None: none yet, start age if set)
    (7A facts 2.3)."""
    empires = state.board.empires
    if not empires:
        return state.game.start_age
    return state.game.rules.age(max(e.progress for e in empires.values()))


def start_buys(state: SevenAgesState, empire: str) -> list[Action]:
    """Return the units the new empire may buy into its start areas with its starting money (7A facts 2.3)."""
    card = state.game.empire_cards[empire]
    money = state.board.empires[empire].treasury
    areas = [a for a in card.start_areas if a in state.game.areas]
    found: list[Action] = []
    for kind in economy.buildable(state, empire, money):
        for area in areas:
            if economy.domain_ok(state, kind, area):
                found.append(act("buy", kind, area))
    return found


def start(state: SevenAgesState, player: str, card: str, effects: list[str]) -> None:
    """Start an empire from a card in hand (or none): first level of the current age, its money
    (7A facts 2.3)."""
    board = state.board
    if card == "none":
        board.ctx["sub"] = "end"
        return
    info = state.game.empire_cards[card]
    age = current_age(state) or min(info.ages, default=1)
    board.players[player].hand.remove(card)
    # 7A facts 1: the empire uses a colour set its player picked after the bid.
    shade = colours.free_set(state, player)
    board.empires[card] = EmpireState(player, state.game.rules.first_level(age), info.start_money, shade)
    board.ctx.update(sub="start_buy", empire=card)
    effects.append(f"{player} starts {card} ({shade} set) in age {age} with {info.start_money} money")
    board.count("empires_started")


def buy(state: SevenAgesState, empire: str, action: Words, effects: list[str]) -> None:
    """Buy a unit or a fort from the treasury (starting money, or production; 7A facts 2.8)."""
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


def start_done(state: SevenAgesState, effects: list[str]) -> None:
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
            # 7A facts 2.3 (HOUSE DEFAULT): a unit converts only while its type has a free counter.
            limit = state.game.rules.counters(board.empires[empire].shade)
            used = economy.in_play(state, empire)
            converted, after = 0, []
            for unit in board.units[area]:
                wanted = unit.owner != empire if card.convert == "any" else unit.owner == card.convert
                if wanted and (limit is None or used.get(unit.kind, 0) < limit):
                    used[unit.kind] = used.get(unit.kind, 0) + 1
                    unit = Unit(empire, unit.kind, unit.level)
                    converted += 1
                after.append(unit)
            board.units[area] = after
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


def settle_start(state: SevenAgesState, effects: list[str]) -> None:
    """Found the capital in the first start area if the new empire holds it (7A facts 2.3)."""
    board = state.board
    empire = board.ctx["empire"]
    board.ctx["sub"] = "end"
    if empire not in board.empires:
        return
    automatic.begin(state, automatic.FOUNDING, effects)
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
