"""Trade & progress (7A facts 2.9, HOUSE DEFAULT amounts in the progress table).

The actor's empire picks a partner empire of another player within range; both give a card
(the partner's player answers), the cards are swapped and the giver of the higher card advances;
ties follow the errata. After the swap the trading empire may give its partner money from its
treasury as financial aid (7A facts 2.9), up to the progress table's ``financial_aid_max``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.sevenages import deck, movement

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState


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


def choose_partner(state: SevenAgesState, partner: str, effects: list[str]) -> None:
    """Pick the partner, or trade with nobody and advance the no-partner amount (7A facts 2.9)."""
    board = state.board
    ctx = board.ctx
    if partner == "none":
        advance(state, ctx["slot"], state.game.rules.trade_no_partner_advance, effects)
        ctx["sub"] = "end"
        return
    ctx.update(sub="trade_give", partner=partner, answer=board.empires[partner].player)


def swap(state: SevenAgesState, answer: str, effects: list[str]) -> None:
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
        advance(state, empire, rules.trade_win_advance, effects)
    elif b > a:
        advance(state, partner, rules.trade_win_advance, effects)
    elif board.players[other].markers.get(partner, "").removeprefix("wild:") == "trade":
        # 7A facts 2.9 errata: both chose T&P, so the lower one advances; equal, neither.
        ours, yours = board.empires[empire].progress, board.empires[partner].progress
        if ours != yours:
            advance(state, empire if ours < yours else partner, rules.trade_tie_advance, effects)
    else:
        advance(state, empire, rules.trade_tie_advance, effects)
    # 7A facts 2.9: financial aid is offered only while both empires are on the map and the
    # trading one has money to give.
    giving = empire in board.empires and partner in board.empires and aid_amounts(state, empire)
    ctx["sub"] = "trade_fund" if giving else "end"


def aid_amounts(state: SevenAgesState, empire: str) -> list[int]:
    """Return the sums an empire may give as financial aid: 1 up to the table's most, within its
    treasury (empty: nothing to give)."""
    top = min(state.board.empires[empire].treasury, state.game.rules.financial_aid_max)
    return list(range(1, top + 1))


def fund(state: SevenAgesState, amount: int, effects: list[str]) -> None:
    """Give the partner ``amount`` money as financial aid (0: none; 7A facts 2.9)."""
    board = state.board
    ctx = board.ctx
    empire, partner = ctx["slot"], ctx["partner"]
    if amount:
        board.empires[empire].treasury -= amount
        board.empires[partner].treasury += amount
        effects.append(f"{empire} gives {partner} {amount} money as financial aid")
        board.count("financial_aid", amount)
    ctx["sub"] = "end"


def advance(state: SevenAgesState, empire: str, steps: int, effects: list[str]) -> None:
    """Move an empire up the progress track (an empire discarded meanwhile is skipped; 7A facts 2.9)."""
    if empire in state.board.empires:
        state.board.empires[empire].progress += steps
        effects.append(f"{empire} advances {steps} to {state.board.empires[empire].progress}")
