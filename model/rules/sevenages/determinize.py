"""A position one player could be in, for search bots (``SevenAgesState.determinize``).

What a player cannot see (E&N: Fog of war; 7A facts 1, cards) is dealt again at random:

* the other players' hands and the deck: pooled, shuffled, and dealt back, each hand keeping its
  size (a player knows how many cards the others hold, not which), the rest making the deck in a
  new order;
* the neutral units of every stack still face down: dealt again among those stacks, each stack
  keeping how many units of each domain (land, sea) it holds, which is what the map shows.

Left true (the search knows them): the other players' face-down action markers of this turn,
which must stay a legal set of choices that is costly to draw, and the card a trading player has
already given when its partner is to answer (the swap takes that very card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.rng import Rng
from model.rules.sevenages.game import NEUTRAL

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState, Unit


def deal_hidden(state: SevenAgesState, seat: str, rng: Rng) -> None:
    """Deal what ``seat`` cannot see again, in place (``state`` is already a copy)."""
    _deal_cards(state, seat, rng)
    if state.game.fog_of_war:
        _deal_neutrals(state, rng)


def _deal_cards(state: SevenAgesState, seat: str, rng: Rng) -> None:
    board = state.board
    others = [player for player in board.order if player != seat and player in board.players]
    # A card already given in a trade under way (7A facts 2.9) is committed: it stays in its
    # giver's hand, where the swap will take it from, and out of the deal.
    committed = _committed_card(state)
    pool = list(board.deck)
    for player in others:
        hand = list(board.players[player].hand)
        if committed is not None and committed[0] == player:
            hand.remove(committed[1])
        pool.extend(hand)
    rng.shuffle(pool)
    for player in others:
        size = len(board.players[player].hand)
        if committed is not None and committed[0] == player:
            board.players[player].hand, pool = [*pool[: size - 1], committed[1]], pool[size - 1 :]
        else:
            board.players[player].hand, pool = pool[:size], pool[size:]
    board.deck = pool


def _committed_card(state: SevenAgesState) -> tuple[str, str] | None:
    """Return ``(player, card)`` of a card given in a trade whose partner has still to answer."""
    ctx = state.board.ctx
    if ctx.get("sub") != "trade_answer" or "card" not in ctx:
        return None
    return (str(ctx["player"]), str(ctx["card"]))


def _deal_neutrals(state: SevenAgesState, rng: Rng) -> None:
    board = state.board
    units = state.game.rules.units
    slots: dict[str, list[tuple[str, int]]] = {}  # domain -> (area, index in its list)
    faces: dict[str, list[Unit]] = {}
    for area in sorted(board.units):
        if board.areas[area].revealed:
            continue
        for index, unit in enumerate(board.units[area]):
            if unit.owner == NEUTRAL:
                domain = units[unit.kind].domain
                slots.setdefault(domain, []).append((area, index))
                faces.setdefault(domain, []).append(unit)
    for domain, places in slots.items():
        dealt = faces[domain]
        rng.shuffle(dealt)
        for (area, index), unit in zip(places, dealt, strict=True):
            board.units[area][index] = unit  # the copy's own list (Board.clone copies each)
