"""The rules engine protocol every ruleset implements (DESIGN.md "Rules engine protocol").

* :class:`Game` holds what never changes during play (board, tables, options) and makes states.
  Its seats (``players()``) are the scenario's empires unless the engine names them otherwise
  (``seat_names()``: players who take over empires); :func:`seat_names` names every side.
* :class:`State` holds what changes. Its :meth:`State.apply` is the only way to change it: the
  base class checks the action, applies it, and appends a :class:`LogEntry` with the effects and
  every die roll, so no rule can forget to log. A rejected action leaves the state untouched.
* :class:`Action` values are small frozen objects with a text form (``str(action)``) that an
  :class:`ActionCodec` parses back; errors are :class:`MalformedActionError` (not an action),
  :class:`IllegalActionError` (an action, but not now) and :class:`AmbiguousActionError` (text
  that could mean several actions), all ``ValueError`` subclasses naming the input and the reason.
* Beyond the mandatory methods a state may offer ``view()``, ``log_for(seat)``, ``area_owners()``,
  ``winners()``, ``invariant_violations()``, ``statistics()`` and ``statistics_for(seat)`` (for the
  play-test UI and the balance report); the base class gives each a default, so callers call them
  plainly.
* Hidden information: ``log`` keeps every action and effect (replays need them all); what one seat
  may see of it is :meth:`State.log_for`, beside ``view()``. A ruleset with open information
  keeps the default, the whole log; one with hidden information (Seasons: face-down units,
  hidden treasuries) filters entries and effects there. A human seat, and a replay saved for a
  seat, read ``log_for(seat)``; ``seat=None`` is the author, who sees everything, and
  :data:`PUBLIC` nobody in particular (what every seat may know).
  A search bot samples what a seat cannot see with :meth:`State.determinize` (default: a clone,
  open information); a ruleset that hides things deals them again there.
  A search bot that stops a playout early judges the position by :meth:`State.evaluation`
  when the ruleset offers one (each seat's score plus what its holdings will be worth).
* Randomness is a :class:`model.rules.rng.Rng` kept in the state, so :func:`replay` of
  ``seed + actions`` rebuilds an identical state.
* Automatic steps: an action may set off steps that are nobody's choice (a round's end, attacks
  by sides no seat plays, upkeep). A ruleset marks where each begins in its effects with
  :meth:`State.begin_automatic`; :meth:`State.apply` then logs the step's effects as an entry of
  their own after the action's, with no player and the step's name as its action (what did it:
  ``raiders``, ``round-start``), so no log reads as if the acting player did them. Such entries
  are not actions: :func:`replay_log` skips them, and an undo counts them with the action before.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from model.rules.rng import Rng

if TYPE_CHECKING:
    from model.scenario import Scenario

PUBLIC = ""
"""The ``seat`` of :meth:`State.log_for` that is nobody in particular: what every seat may know
(hot-seat play while an AI acts). No player id is empty."""


class ActionError(ValueError):
    """An action (or its text) that the engine refuses; names the input and why."""

    kind = "invalid"

    def __init__(self, action: object, reason: str) -> None:
        self.action = str(action)
        self.reason = reason
        super().__init__(f"{self.kind} action {self.action!r}: {reason}")


class MalformedActionError(ActionError):
    """Text or values that do not form an action of this ruleset at all."""

    kind = "malformed"


class IllegalActionError(ActionError):
    """A well-formed action that the rules do not allow in the current state."""

    kind = "illegal"


class AmbiguousActionError(ActionError):
    """Text that matches several actions; ``candidates`` lists their text forms."""

    kind = "ambiguous"

    def __init__(self, action: object, reason: str, candidates: Sequence[str] = ()) -> None:
        self.candidates = tuple(candidates)
        shown = ", ".join(self.candidates[:8]) + (" ..." if len(self.candidates) > 8 else "")
        super().__init__(action, f"{reason}: {shown}" if shown else reason)


@dataclass(frozen=True)
class Action:
    """Base of every action: a frozen value whose text form is ``VERB arg arg ...``.

    Subclasses set ``VERB``, implement :meth:`args` (the text tokens after the verb) and
    :meth:`from_args` (the inverse, raising :class:`MalformedActionError`), and may override
    :meth:`areas` (the area ids the action concerns, for highlighting on the map).
    """

    VERB: ClassVar[str] = ""

    def args(self) -> tuple[str, ...]:
        """Return the tokens of the text form after the verb."""
        return ()

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        """Build the action from the tokens after the verb (``text`` is the whole input, for errors)."""
        if args:
            raise MalformedActionError(text, f"{cls.VERB!r} takes no arguments")
        return cls()

    def areas(self) -> tuple[str, ...]:
        """Return the ids of the areas this action concerns (empty when none)."""
        return ()

    def __str__(self) -> str:
        return " ".join((self.VERB, *self.args()))


class ActionCodec:
    """Parses action text for one ruleset: the verb may be abbreviated to any unique prefix."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self.classes: dict[str, type[Action]] = {}
        for cls in classes:
            if not cls.VERB or cls.VERB in self.classes:
                raise ValueError(f"action class {cls.__name__} needs a unique VERB, not {cls.VERB!r}")
            self.classes[cls.VERB] = cls

    def parse(self, text: str) -> Action:
        """Return the action that ``text`` spells, or raise a malformed or ambiguous error."""
        tokens = text.split()
        if not tokens:
            raise MalformedActionError(text, "empty text")
        verb = tokens[0].lower()
        cls = self.classes.get(verb)
        if cls is None:
            matches = sorted(v for v in self.classes if v.startswith(verb))
            if not matches:
                raise MalformedActionError(
                    text, f"unknown verb {verb!r}; verbs are {', '.join(sorted(self.classes))}"
                )
            if len(matches) > 1:
                raise AmbiguousActionError(text, f"verb {verb!r} could be any of several verbs", matches)
            cls = self.classes[matches[0]]
        return cls.from_args(tokens[1:], text)


@dataclass(frozen=True)
class LogEntry:
    """One accepted action and what it did: ``effects`` include every die roll, in order.

    An automatic entry (``player`` None) logs what the engine did by itself: the game's start, or
    an automatic step that an action set off (:meth:`State.begin_automatic`); its ``action``
    names the step, i.e. who or what did it, and is no action text to replay.
    """

    seq: int
    round: int
    phase: str
    player: str | None
    action: str
    effects: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """Return the entry as plain JSON data."""
        return {
            "seq": self.seq,
            "round": self.round,
            "phase": self.phase,
            "player": self.player,
            "action": self.action,
            "effects": list(self.effects),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LogEntry:
        """Rebuild an entry saved by :meth:`to_json`."""
        return cls(
            int(data["seq"]),
            int(data["round"]),
            str(data["phase"]),
            data["player"],
            str(data["action"]),
            tuple(str(e) for e in data["effects"]),
        )


@dataclass(frozen=True)
class AutomaticStep:
    """Where an automatic step begins in the effects of the action being applied, and its entry's
    cursor (see :meth:`State.begin_automatic`)."""

    start: int
    """The number of effects logged before the step (its first effect's index)."""
    name: str
    """Who or what did it: the automatic entry's ``action``."""
    round: int
    phase: str


def is_automatic(entry: LogEntry) -> bool:
    """Return whether ``entry`` logs something the engine did by itself (no player chose it)."""
    return entry.player is None


class Game(ABC):
    """The fixed part of a game: map, tables, options, seats. Makes and restores states."""

    ruleset: ClassVar[str] = ""
    codec: ActionCodec

    @abstractmethod
    def players(self) -> tuple[str, ...]:
        """Return the ids of the seats, in setup order."""

    @abstractmethod
    def new_state(self, seed: int) -> State:
        """Return the starting state of a game whose randomness starts from ``seed``."""

    @abstractmethod
    def state_from_json(self, data: dict[str, Any]) -> State:
        """Rebuild a state saved by :meth:`State.to_json` (for this same game)."""

    def parse_action(self, text: str) -> Action:
        """Return the action spelled by ``text`` (syntax only; legality is the state's business)."""
        return self.codec.parse(text)

    def seat_names(self) -> dict[str, str]:
        """Return names for the seats (and any other side the engine's texts name by id) that the
        scenario's empires and Magnates do not give; see :func:`seat_names`.

        Empty by default: the seats are the scenario's empires, named there. A
        ruleset whose seats are something else (players who take over empires) names them here.
        """
        return {}


class State(ABC):
    """The changing part of a game. Subclasses implement the ``_`` hooks; the base class logs."""

    game: Game
    rng: Rng
    log: list[LogEntry]
    _automatic_steps: list[AutomaticStep] | None = None
    """The automatic steps marked while an action is applied (None outside :meth:`apply`)."""

    # --- what subclasses implement ---

    @abstractmethod
    def current_player(self) -> str | None:
        """Return the player who must act now (a defender at a decision point), None when over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Return every action the current player may take now (non-empty until the game is over)."""

    @abstractmethod
    def is_over(self) -> bool:
        """Return whether the game has ended."""

    @abstractmethod
    def scores(self) -> dict[str, float]:
        """Return each player's score (victory points so far, final once the game is over)."""

    @abstractmethod
    def clone(self) -> Self:
        """Return an independent copy that compares equal to this state."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Return the whole state (log and generator included) as plain JSON data."""

    @abstractmethod
    def cursor(self) -> tuple[int, str]:
        """Return ``(round, phase)`` for log entries and displays."""

    @abstractmethod
    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` when ``action`` is not allowed now; change nothing."""

    @abstractmethod
    def _apply(self, action: Action) -> list[str]:
        """Carry out a checked action (and every automatic step after it); return its effects.

        Rolls are logged before the effects, unless the returned list is ``self.rng.trace``
        itself (then rolls and effects stay in the order they happened). Where a step that is
        not the acting player's doing begins, mark it with :meth:`begin_automatic`.
        """

    # --- optional: what a ruleset may offer beyond the mandatory protocol ---

    def view(self) -> dict[str, Any]:
        """Return what the map and panels should show, as plain data.

        ``view()["areas"]`` maps each area id to a dict with at least ``"owner"`` (a player id or
        None). Rulesets with a play-test UI override this; the default refuses.
        """
        raise NotImplementedError(f"ruleset {self._ruleset_name()} does not implement view()")

    def log_for(self, seat: str | None) -> list[LogEntry]:
        """Return the log as ``seat`` may see it: the entries it may know of, with the effects it
        may read (``None``: the author, who sees everything; :data:`PUBLIC`: what every seat may).

        The default is the whole log (open information); a ruleset with hidden information
        overrides this, keeping ``seq`` so that an entry is still the same action of the game.
        """
        return list(self.log)

    def determinize(self, seat: str | None, rng: Rng) -> Self:
        """Return a copy of this state that ``seat`` could be in, for a search bot (information set
        Monte Carlo tree search): what ``seat`` may not see is drawn at random with ``rng`` from
        what it could be, what it may see is kept.

        The default is a plain clone, right for open information. A ruleset with hidden
        information overrides this; one that keeps the default although it hides something gives
        its search bots the true state (they cheat), and says so in its docs.
        Future dice are not this hook's business: a search bot reseeds the copy's generator.
        """
        return self.clone()

    def evaluation(self) -> dict[str, float] | None:
        """Return each seat's worth of this position for a search bot that stops a playout before
        the end, in the units of :meth:`scores`: the score plus what the seat holds that will
        count later (gold, units), as the ruleset judges it. None (the default) when the ruleset
        offers no such estimate: the search then reads :meth:`scores` and :meth:`winners`.
        A finished game is judged by its scores whatever this returns."""
        return None

    def statistics_for(self, seat: str | None) -> dict[str, int]:
        """Return the event counters ``seat`` may know of (``None``: all, as :meth:`statistics`)."""
        return self.statistics()

    def area_owners(self) -> dict[str, str | None]:
        """Return who holds each area now (None when nobody); by default read from :meth:`view`."""
        areas: dict[str, Any] = self.view().get("areas", {})
        return {area: data.get("owner") for area, data in areas.items()}

    def winners(self) -> list[str]:
        """Return the players who win (or lead) now; by default those with the top score."""
        scores = self.scores()
        best = max(scores.values(), default=0.0)
        return [player for player, score in scores.items() if score == best]

    def invariant_violations(self) -> list[str]:
        """Return what is wrong with this position (empty when every invariant holds, the default)."""
        return []

    def statistics(self) -> dict[str, int]:
        """Return the game's event counters for the balance report (none by default)."""
        return {}

    def decision_kind(self) -> str:
        """Return the kind of decision the current player faces, for the play-test coverage table.

        By default the ``"decision"`` that :meth:`view` names (a pending decision inside another
        player's turn) when the ruleset's view gives one, else the phase of :meth:`cursor`. A
        ruleset whose view is costly overrides this with the same answer, read directly.
        """
        try:
            decision = self.view().get("decision")
        except NotImplementedError:
            decision = None
        return str(decision) if decision else self.cursor()[1]

    def connections_crossed(self, action: Action) -> tuple[str, ...]:
        """Return the ids of the map's connections (straits, sea lanes) that ``action`` crosses if
        applied now; asked before the action is applied. None by default: a ruleset that moves or
        strikes across connections names them here, for the play-test coverage table."""
        return ()

    def preview(self, action: Action) -> str:
        """Return a short note on what a legal action would be worth now (e.g. an endeavour's
        rating and cost), for a human player choosing it; empty when there is nothing to say."""
        return ""

    def chance(self, action: Action) -> float | None:
        """Return the chance (0 to 1) that a legal action succeeds if chosen now, as far as the
        engine can tell before it is chosen (e.g. an endeavour's rating against the cards or dice
        that decide it); None when nothing decides it by chance or the engine cannot say."""
        return None

    def outcome(self, entry: LogEntry) -> str:
        """Return a log entry's outcome in a short line (success or failure, with the rating and the
        card or die that decided it), naming things by id; empty when it has none to tell."""
        return ""

    def begin_automatic(self, name: str, effects: Sequence[str], phase: str | None = None) -> None:
        """Mark that the effects ``_apply`` appends to ``effects`` from now on are the automatic step
        ``name``'s (who or what did them: ``raiders``, ``round-start``), not the acting player's.

        ``effects`` is the list ``_apply`` returns (the rng's trace when rolls and effects
        interleave; otherwise the step's rolls stay with the action's entry). The step lasts until
        the next one begins or the action ends; marking the step already under way (same name
        and phase) changes nothing, and a step that logs nothing gets no entry. The entry's round
        and phase are the cursor's now, unless ``phase`` names another. Outside :meth:`apply` (a
        state's setup, which logs one entry of its own) marks are ignored.
        """
        if not name.strip():
            raise ValueError("an automatic step needs a name: its log entry's action says what did it")
        steps = self._automatic_steps
        if steps is None:
            return
        round_, now = self.cursor()
        step = AutomaticStep(len(effects), name, round_, phase or now)
        while steps and steps[-1].start == step.start:
            steps.pop()  # a step that logged nothing: the one before it may go on
        if steps and (steps[-1].name, steps[-1].phase) == (step.name, step.phase):
            return
        steps.append(step)

    def _ruleset_name(self) -> str:
        game = getattr(self, "game", None)
        return repr(getattr(game, "ruleset", "") or type(self).__name__)

    # --- the protocol's fixed behaviour ---

    def apply(self, action: Action | str) -> LogEntry:
        """Check and carry out ``action`` (or its text), log it, and return the log entry.

        The automatic steps the action set off (:meth:`begin_automatic`) are logged after it, each
        as an automatic entry; the returned entry is the action's own.
        Raises a :class:`ActionError` subclass and changes nothing when the action is refused.
        """
        if isinstance(action, str):
            action = self.resolve(action)
        if self.is_over():
            raise IllegalActionError(action, "the game is over")
        self._check(action)
        player = self.current_player()
        round_, phase = self.cursor()
        self.rng.drain()
        self._automatic_steps = []
        try:
            effects = self._apply(action)
        finally:
            steps, self._automatic_steps = self._automatic_steps, None
        rolls = self.rng.drain()
        # A ruleset that writes its effects into the rng's trace gets rolls and effects interleaved.
        combined = effects if rolls is effects else rolls + effects
        shift = 0 if rolls is effects else len(rolls)  # marks count the effects, not the rolls before
        starts = [step.start + shift for step in steps] + [len(combined)]
        entry = LogEntry(len(self.log), round_, phase, player, str(action), tuple(combined[: starts[0]]))
        self.log.append(entry)
        for step, start, end in zip(steps, starts, starts[1:], strict=False):
            if end > start:
                part = tuple(combined[start:end])
                self.log.append(LogEntry(len(self.log), step.round, step.phase, None, step.name, part))
        return entry

    def resolve(self, text: str) -> Action:
        """Return the legal action that ``text`` names, completing abbreviated text when unique.

        Text that parses is returned as is (legality is checked by :meth:`apply`). Text that does
        not parse is matched as a prefix of the legal actions' text forms: one match is returned,
        several raise :class:`AmbiguousActionError`, none re-raises the parse error.
        """
        try:
            return self.game.parse_action(text)
        except MalformedActionError as error:
            wanted = " ".join(text.split()).lower()
            if not wanted:
                raise
            matches = [a for a in self.legal_actions() if str(a).lower().startswith(wanted)]
            if len(matches) == 1:
                return matches[0]
            if len(matches) > 1:
                raise AmbiguousActionError(
                    text, "the text matches several legal actions", [str(a) for a in matches]
                ) from error
            raise

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def seat_names(scenario: Scenario, game: Game | None = None) -> dict[str, str]:
    """Return a name for every side of a game: the scenario's Magnates and empires, then what the
    engine adds or renames (:meth:`Game.seat_names`), for panels, banners and log texts."""
    names = {magnate.id: magnate.name for magnate in scenario.setup.magnates}
    names.update({empire.id: empire.name for empire in scenario.setup.empires})
    if game is not None:
        names.update(game.seat_names())
    return names


def replay(game: Game, seed: int, actions: Iterable[Action | str]) -> State:
    """Return the state reached from ``game.new_state(seed)`` by applying ``actions`` in order."""
    state = game.new_state(seed)
    for action in actions:
        state.apply(action)
    return state


def replay_log(game: Game, seed: int, log: Iterable[LogEntry]) -> State:
    """Replay the actions of a log (entries whose player is None are automatic and skipped)."""
    return replay(game, seed, [entry.action for entry in log if not is_automatic(entry)])
