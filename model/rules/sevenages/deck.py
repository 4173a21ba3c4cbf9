"""The deck: drawing, dealing and discarding cards (7A facts 1, cards; 3.1 the seeded shuffle)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState


def draw(state: SevenAgesState) -> str | None:
    """Draw the top card, shuffling the discard pile back in when the deck is empty (7A facts 3.1)."""
    board = state.board
    if not board.deck and board.discards:
        board.deck, board.discards = board.discards, []
        state.rng.shuffle(board.deck)
        board.count("reshuffles")
    return board.deck.pop() if board.deck else None


def value(state: SevenAgesState, card: str | None) -> int:
    """Return a card's value 0-7 (no card: 0)."""
    return state.game.cards[card].value if card is not None and card in state.game.cards else 0


def draw_value(state: SevenAgesState, label: str, effects: list[str]) -> int:
    """Draw a card for its value only (conflict, neutral control) and discard it; log the draw."""
    card = draw(state)
    amount = value(state, card)
    if card is not None:
        state.board.discards.append(card)
    effects.append(f"{label} draws {card or 'nothing'} ({amount})")
    return amount
