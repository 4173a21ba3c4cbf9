"""The EotMA State: a :class:`~model.rules.eotma.position.Position` with the engine protocol.

The position is plain data (see ``position``); the rules live in the sibling modules (the moves
table, sequence, endeavours, taxation, rebellion, territory, leaders, events, victory) and work
on a ``Position``. This module sits above them all and gives the protocol's entry points:
``start``, ``current_player``, ``legal_actions``, ``apply`` (through ``moves``), ``scores``, ``view``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from model.rules.eotma import invariants, moves, sequence, victory, view
from model.rules.eotma import outcome as outcomes
from model.rules.eotma.decisions import CATHEDRAL, COMMERCE, PALACE, UNIVERSITY, Pending
from model.rules.eotma.position import TALLY, Position
from model.rules.protocol import Action, LogEntry, State
from model.rules.rng import Rng

if TYPE_CHECKING:
    from model.rules.eotma.gamedata import GameData


class EotmaState(Position, State):
    """A position in an EotMA game that plays by the protocol (see ``position`` for the data)."""

    game: GameData

    @classmethod
    def start(cls, game: GameData, seed: int) -> EotmaState:
        """Return the opening state: starting position placed, first round dealt (logged as entry 0)."""
        state = cls(game, seed)
        sequence.setup(state)  # both write into the rng trace, so rolls and effects interleave
        sequence.advance(state)
        state.log.append(LogEntry(0, state.round, "setup", None, "start", tuple(state.rng.drain())))
        return state

    def invariant_violations(self) -> list[str]:
        """Return what is wrong with this position (empty when every invariant holds)."""
        found = invariants.violations(self)
        if not self.is_over() and not self.legal_actions():
            found.append(f"no legal action at round {self.round}, phase {self.phase}")
        return found

    # --- protocol (``current_player``, ``cursor``, ``is_over``, ``clone``, ``to_json``: Position) ---

    def determinize(self, seat: str | None, rng: Rng) -> Self:
        """Return a copy with the face-down cards dealt again, for search bots.

        Year cards are dealt unseen and turned up one by one as they are used (EotMA facts 1.3, 13.0): no
        player, the seat itself included, knows the order of any hand, so every hand and the
        undealt cards are pooled and dealt back, each hand keeping its size. The event deck (36)
        is shuffled too. What the map and the panels show stays as it is.
        """
        sample = self.clone()
        if seat is None:
            return sample
        pool = [card for hand in sample.hand for card in hand] + list(sample.undealt)
        rng.shuffle(pool)
        for index, hand in enumerate(sample.hand):
            sample.hand[index], pool = pool[: len(hand)], pool[len(hand) :]
        sample.undealt = pool
        deck = list(sample.event_deck)
        rng.shuffle(deck)
        sample.event_deck = deck
        return sample

    def legal_actions(self) -> list[Action]:
        return moves.legal_actions(self)

    def scores(self) -> dict[str, float]:
        return victory.scores(self)

    def evaluation(self) -> dict[str, float]:
        """Return each empire's victory points plus its gold's worth (``victory.evaluation``)."""
        return victory.evaluation(self)

    def winners(self) -> list[str]:
        """Return the empires with the most points, ties broken by stature (``victory.winners``)."""
        return victory.winners(self)

    def _check(self, action: Action) -> None:
        moves.check(self, action)

    def _apply(self, action: Action) -> list[str]:
        return moves.apply(self, action)

    def view(self) -> dict[str, Any]:
        """Return what the map and the panels should show, as plain data (see ``view.view``)."""
        return view.view(self)

    def decision_kind(self) -> str:
        """The pending decision's kind, else the phase (what ``view()["decision"]`` says, read
        without building the whole view)."""
        return self.pending[-1].kind.value if self.pending else self.phase

    def connections_crossed(self, action: Action) -> tuple[str, ...]:
        """The connections between an action's first two areas (a conquest, pillage or raid
        target and its base, an army's move): a strait joins them as a land border (2.1)."""
        areas = action.areas()
        if len(areas) < 2 or not self.game.crossings:
            return ()
        return self.game.crossings.get(frozenset(areas[:2]), ())

    def preview(self, action: Action) -> str:
        """An endeavour's rating and price if chosen now (see ``view.preview``)."""
        return view.preview(self, action)

    def chance(self, action: Action) -> float | None:
        """The share of the year deck that makes an endeavour succeed now (see ``outcomes.chance``)."""
        return outcomes.chance(self, action)

    def outcome(self, entry: LogEntry) -> str:
        """Whether the endeavours an entry resolved succeeded, by which card (``outcomes.outcome``)."""
        return outcomes.outcome(self, entry.effects)


__all__ = ["CATHEDRAL", "COMMERCE", "PALACE", "TALLY", "UNIVERSITY", "EotmaState", "Pending"]
