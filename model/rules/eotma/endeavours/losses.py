"""What a -1 result of a conquest or pillage takes: a level, an army point or a marker.

33.33 lets the player whose army stands in the area hit by a -1 (the attacker's base, the
defender's target) lose one army point instead of the level; 35.24 lets a pillager destroy a
civilisation marker in the target instead of lowering it, for one gold. Both are the players'
choices; the ``endeavours`` table says whether they are asked (``choice``, the default) or taken
for them (``always``/``never``). At the lowest social state there is no level to lose, so
nothing is given up instead (33.33: the point replaces a level loss).

The questions are asked in this order once the card is turned, before any result is applied:
the pillager's marker (35.24, it comes first since it spares the level the defender's army
would save), the defender's army point, the attacker's army point in the base. Each answer is
saved as a (question, choice) pair in the pending ``loss`` decision.

Attacks that are no player's endeavour (raids and Magnates, 24; crusaders, 23.32) ask the same
``loss`` decision (33.33 gives the choice to whoever has the army, whoever attacks): the decision
then holds no endeavour; its ``about`` names the attack and its numbers are the question, the area,
what the attack needs to resume and the answers so far (:func:`attack_decision`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from model.rules.eotma.actions import MARKERS
from model.rules.eotma.decisions import DecisionKind, Pending

if TYPE_CHECKING:
    from model.rules.eotma.cards import YearCard
    from model.rules.eotma.position import Position
    from model.rules.eotma.records import Located

MARKER, TARGET_ARMY, BASE_ARMY = 0, 1, 2
"""The questions: the pillager's marker, the defender's army, the attacker's army in the base."""
LEVEL, ARMY = 0, 1
"""Answer codes; a marker is ``2 + its bit index`` (cathedral 2 ... university 5)."""


class Answers(NamedTuple):
    """The answers given so far, as (question, choice) pairs (empty: none asked)."""

    pairs: tuple[tuple[int, int], ...] = ()

    def get(self, question: int) -> int | None:
        """Return the answer to a question, or None when it was not asked."""
        for asked, choice in self.pairs:
            if asked == question:
                return choice
        return None

    def army(self, question: int) -> bool | None:
        """Return whether an army point was chosen (None: not asked, the table's policy)."""
        choice = self.get(question)
        return None if choice is None else choice == ARMY

    def marker(self) -> int | None:
        """Return the marker bit the pillager chose, 0 for the level, None when not asked."""
        choice = self.get(MARKER)
        if choice is None:
            return None
        return 1 << (choice - 2) if choice >= 2 else 0


NO_ANSWERS = Answers()
"""Nobody was asked: each table policy decides."""


def code_of(what: str) -> int:
    """Return the answer code of a ``lose`` word."""
    if what == "level":
        return LEVEL
    if what == "army":
        return ARMY
    return 2 + MARKERS.index(what)


def _minus_one(card: YearCard, kind: str, column: str, rating: int, blocked: bool) -> bool:
    return any(
        r.code == "-1"
        and r.column == column
        and r.applies(rating)
        and not (blocked and r.is_good_for_actor(kind))
        for r in card.for_kind(kind)
    )


def _army_choice(state: Position, area: int, owner: int) -> bool:
    """Return whether the owner of an area hit by a -1 is asked about an army point there (33.33)."""
    game = state.game
    return (
        game.options.armies_fleets
        and game.rules.army_absorbs == "choice"
        and 0 <= owner < game.n_players
        and state.owner[area] == owner
        and state.army[area] > 0
        and state.ss[area] > game.rules.ss_min
    )


def question(
    state: Position, at: Located, card: YearCard, rating: int, blocked: bool, answers: Answers
) -> tuple[int, int] | None:
    """Return the next question to ask as (question, the player who answers), or None."""
    kind = at.kind
    if kind not in ("conquest", "pillage"):
        return None
    target_hit = _minus_one(card, kind, "target", rating, blocked)
    conversion = kind == "conquest" and state.owner[at.target] == at.player
    if answers.get(MARKER) is None and kind == "pillage" and target_hit and marker_choices(state, at.target):
        return MARKER, at.player
    defender = state.owner[at.target]
    if (
        answers.get(TARGET_ARMY) is None
        and target_hit
        and not conversion
        and not answers.marker()
        and defender != at.player
        and _army_choice(state, at.target, defender)
    ):
        return TARGET_ARMY, defender
    if (
        answers.get(BASE_ARMY) is None
        and at.base >= 0
        and _minus_one(card, kind, "base", rating, blocked)
        and _army_choice(state, at.base, at.player)
    ):
        return BASE_ARMY, at.player
    return None


def marker_choices(state: Position, area: int) -> list[str]:
    """Return the markers a pillager may destroy in the area when asked (35.24), none when the
    ``endeavours`` table does not ask."""
    game = state.game
    if not (game.options.civilisation_markers and game.rules.pillage_takes_markers == "choice"):
        return []
    return [name for bit, name in enumerate(MARKERS) if state.civ[area] & (1 << bit)]


def choices(state: Position, asked: int, area: int) -> list[str]:
    """Return the ``lose`` words that answer a question about an area."""
    if asked == MARKER:
        return ["level", *marker_choices(state, area)]
    return ["level", "army"]


def attack_question(
    state: Position,
    column: str,
    card: YearCard,
    turned: tuple[int, int],
    places: tuple[int, int, int],
    answers: Answers,
) -> tuple[int, int] | None:
    """Return the next army question of an attack that is no endeavour (raid, Magnate, crusader)
    as (question, the player who answers), or None (33.33).

    ``column`` is the card column read (``conquest`` or ``pillage``); ``turned`` the rating and
    the gold against it; ``places`` the attacker (a player, or -1 for raiders and Magnates), the
    target and the attacker's base (-1 without one). The target's owner answers for its army
    first, then the attacking player for its army in the base (the order endeavours use).
    """
    rating, against = turned
    attacker, target, base = places
    blocked = against > 0 and rating < 0  # 13.22: a defense below zero leaves the bad results only
    defender = state.owner[target]
    if (
        answers.get(TARGET_ARMY) is None
        and defender != attacker
        and _minus_one(card, column, "target", rating, blocked)
        and _army_choice(state, target, defender)
    ):
        return TARGET_ARMY, defender
    if (
        answers.get(BASE_ARMY) is None
        and base >= 0
        and 0 <= attacker < state.game.n_players
        and _minus_one(card, column, "base", rating, blocked)
        and _army_choice(state, base, attacker)
    ):
        return BASE_ARMY, attacker
    return None


def attack_decision(
    who: int, about: str, asked: tuple[int, int], resume: tuple[int, ...], answers: Answers
) -> Pending:
    """Return the ``loss`` decision of an attack that is no endeavour: ``asked`` is (question,
    area), ``resume`` the numbers the attack needs to go on once every question is answered."""
    flat = tuple(n for pair in answers.pairs for n in pair)
    return Pending(DecisionKind.LOSS, who, about, (*asked, len(resume), *resume, *flat))


def attack_parts(decision: Pending) -> tuple[int, int, tuple[int, ...], Answers]:
    """Return (question, area, resume numbers, answers so far) of an attack's ``loss`` decision."""
    question, area, size = decision.data[:3]
    resume = decision.data[3 : 3 + size]
    rest = decision.data[3 + size :]
    pairs = tuple((rest[i], rest[i + 1]) for i in range(0, len(rest), 2))
    return question, area, tuple(resume), Answers(pairs)


def answered(decision: Pending, what: str) -> tuple[tuple[int, ...], Answers]:
    """Return the resume numbers and the answers with this one added, for an attack's decision."""
    question, _area, resume, answers = attack_parts(decision)
    return resume, Answers((*answers.pairs, (question, code_of(what))))
