"""The play-test session: one game of the scenario being edited, run by the real rules engine.

The session owns a *copy* of the scenario (with the options chosen for this play), the engine's
Game and State, and a bot per AI seat. It never touches the editor's document: playing changes
nothing there until the user captures a position (``editor.playtest.capture_action``).

AI seats act from a ``QTimer`` so the window stays responsive: each tick applies actions for at
most ``TICK_BUDGET_MS`` of work, then yields to the event loop. A bot that says its decisions are
slow (``slow``: the MCTS level searches for tenths of a second or more) chooses in a worker thread
on a clone of the state while the window goes on (``thinking_changed``); its action is applied on
the UI thread when it arrives, unless the position changed meanwhile (undo, restart).

Auto-play stops by itself when a human seat must act, at the goal the user asked for (end of the
turn or the round), at the end of the game, or on an engine error. Undo to an earlier action
replays the log from the seed (DESIGN.md: ``seed + actions`` replays to an identical state).

An exception from the engine or a bot never escapes: the session stops, keeps a
:class:`PlaytestFailure` (the error, the action that caused it, the traceback) and writes a
replay file that reproduces it.
"""

from __future__ import annotations

import json
import logging
import random
import sys
import time
import traceback
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal

from model import io
from model.rules import registry
from model.rules.protocol import PUBLIC, Action, ActionError, Game, LogEntry, State, is_automatic
from model.scenario import Scenario

log = logging.getLogger(__name__)

HUMAN = "human"
"""The seat value of a seat played by a person at this computer."""

REPLAY_FORMAT = "mappa-playtest-replay"
TICK_BUDGET_MS = 30
"""Work done per timer tick while playing fast (the UI must never freeze for 100 ms)."""
CHECKPOINT_EVERY = 40
THINKING_SWITCH_S = 0.001
"""Python's GIL switch interval while a slow seat thinks in the worker thread (the default is
5 ms): the UI thread waits that long for the lock each time it wants to run Python, so with the
default a 976 game with an MCTS seat had event-loop gaps of 8 ms median and 99 ms at the 99th
percentile, and with 1 ms 5 and 32 ms."""
"""A clone of the state is kept every this many actions, so going back replays only a few."""


class SessionError(ValueError):
    """A play-test that cannot start or a replay that cannot be loaded; the message says why."""


@dataclass(frozen=True)
class PlaytestSetup:
    """What the setup dialog chose: each seat (``HUMAN`` or an AI level), the seed, the options."""

    seats: Mapping[str, str]
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlaytestFailure:
    """An engine or bot error that stopped the play-test."""

    error: str
    action: str | None
    traceback: str
    replay_path: Path | None


def new_seed() -> int:
    """Return a fresh random seed (for "restart with a new seed")."""
    return random.SystemRandom().randrange(1, 2**31)


def replay_folder() -> Path:
    """Where failure replays go: the application's data folder."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home()) / "playtest-replays"


class PlaytestSession(QObject):
    """One game in progress. Signals:

    * ``changed()``: the state moved (an action, an undo, a restart): views redraw.
    * ``running_changed(bool)``: auto-play started or stopped.
    * ``failed(PlaytestFailure)``: the engine raised; the session is stopped.
    * ``thinking_changed(bool)``: a slow AI seat started or finished choosing in the background.
    """

    changed = Signal()
    running_changed = Signal(bool)
    failed = Signal(object)
    thinking_changed = Signal(bool)
    _decided = Signal(int, object)
    """A background decision ended: (the position's generation when asked, its future). Emitted
    from the worker thread, so Qt queues it to the session's own (UI) thread."""

    def __init__(self, scenario: Scenario, setup: PlaytestSetup, parent: QObject | None = None) -> None:
        super().__init__(parent)
        spec = registry.get(scenario.ruleset.id)
        if spec is None:
            raise SessionError(
                f"unknown ruleset {scenario.ruleset.id!r}; known: {', '.join(registry.known())}"
            )
        # Play on a copy with the chosen options, so the editor's document stays as it is.
        self.scenario = scenario.model_copy(deep=True)
        # No options given means the scenario's own (a dialog always passes every option it shows).
        options = dict(setup.options) or dict(self.scenario.ruleset.options)
        try:
            spec.options.model_validate(options)
        except ValueError as error:
            raise SessionError(f"the optional rules are not valid for {spec.name}: {error}") from error
        self.scenario.ruleset.options = options
        self.spec = spec
        try:
            self.game: Game = spec.engine_factory()(self.scenario)
        except (LookupError, ValueError) as error:
            raise SessionError(f"cannot start a play-test: {error}") from error
        players = self.game.players()
        levels = spec.bot_levels()
        seats = {p: setup.seats.get(p, levels[-1] if levels else HUMAN) for p in players}
        for player, seat in seats.items():
            if seat != HUMAN and seat not in levels:
                raise SessionError(f"seat {player}: no AI level {seat!r}; levels: {', '.join(levels)}")
        self.seats: dict[str, str] = seats
        self.seed = setup.seed
        self.options = dict(self.scenario.ruleset.options)
        self.actions: list[str] = []
        self.failure: PlaytestFailure | None = None
        self.interval_ms = 400
        self._goal: str | None = None
        self._goal_mark: tuple[Any, ...] = ()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self._bots: dict[str, Any] = {}
        self._checkpoints: dict[int, State] = {}
        self._thinker: ThreadPoolExecutor | None = None
        self._generation = 0
        """Counts changes of position other than actions (undo, restart, stop): a background
        decision asked before one of them is dropped when it arrives."""
        self._thinking = False
        self._switch_interval = sys.getswitchinterval()
        self._decided.connect(self._on_decided)
        self.state: State = self._fresh_state()

    # --- state ----------------------------------------------------------------------------------

    def _fresh_state(self) -> State:
        self._make_bots()
        return self.game.new_state(self.seed)

    def _make_bots(self) -> None:
        """New bots for the AI seats (a bot may keep plans about the position it last saw)."""
        self._bots = {
            player: self.spec.make_bot(level, seed=self.seed + number)
            for number, (player, level) in enumerate(sorted(self.seats.items()))
            if level != HUMAN
        }

    @property
    def log(self) -> list[LogEntry]:
        """The game's log: every accepted action with its effects, and the automatic entries (the
        game's start, the steps an action set off that nobody chose) beside them."""
        return self.state.log

    def log_seen_by(self, viewer: str | None) -> list[LogEntry]:
        """The log as the people at the screen may read it (``State.log_for``, hidden information).

        With no human seat the author watches AI play and reads everything; otherwise what
        ``viewer`` (the human seat looking, see ``status.viewer``) may read, and with nobody's
        seat in particular (hot seat while an AI acts) what every seat may. Entries keep their
        ``seq``, so they still name the game's actions.
        """
        if not any(level == HUMAN for level in self.seats.values()):
            return list(self.state.log)
        return self.state.log_for(PUBLIC if viewer is None else viewer)

    def view(self) -> dict[str, Any]:
        """The state as plain data for the map and panels (the ruleset's public ``view()``)."""
        return dict(self.state.view())

    def current_player(self) -> str | None:
        """The seat that must act now (None when the game is over)."""
        return None if self.state.is_over() else self.state.current_player()

    def human_to_act(self) -> bool:
        """Whether a human seat must act now (AI play waits for it)."""
        player = self.current_player()
        return player is not None and self.seats.get(player) == HUMAN

    @property
    def running(self) -> bool:
        """Whether auto-play is on."""
        return self._timer.isActive()

    @property
    def thinking(self) -> bool:
        """Whether a slow AI seat is choosing its action in the background."""
        return self._thinking

    @property
    def stopped(self) -> bool:
        """Whether the session stopped on an error (nothing more can be played)."""
        return self.failure is not None

    # --- acting ---------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions (empty when over or stopped)."""
        if self.stopped or self.state.is_over():
            return []
        try:
            return self.state.legal_actions()
        except Exception as error:  # an engine bug must stop the play-test, not the editor
            self._fail(error, None)
            return []

    def act(self, action: Action | str) -> LogEntry | None:
        """Apply an action for the current (human) seat; refused actions raise ``ActionError``.

        An engine failure stops the session and returns None (see ``failed``).
        """
        if self.stopped:
            raise SessionError("the play-test stopped on an engine error: restart it")
        return self._apply(action)

    def _apply(self, action: Action | str) -> LogEntry | None:
        text = str(action)
        try:
            entry = self.state.apply(action)
        except ActionError:
            raise
        except Exception as error:
            self._fail(error, text)
            return None
        self.actions.append(entry.action)
        if len(self.actions) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self.actions)] = self.state.clone()
        return entry

    def step(self) -> bool:
        """Let the AI seat to act take one action; return False when it is a human's turn or over."""
        if self.stopped or self.state.is_over() or self.human_to_act():
            return False
        player = self.state.current_player()
        if player is None:
            self._fail(RuntimeError("the game is not over but no player is to act"), None)
            return False
        try:
            action = self._bots[player].choose(self.state)
        except Exception as error:
            self._fail(error, None)
            return False
        try:
            entry = self._apply(action)
        except ActionError as error:  # a bot choosing an illegal action is an engine/bot bug
            self._fail(error, str(action))
            return False
        return entry is not None

    def step_once(self) -> None:
        """The Step button: one AI action, then tell the views (a slow seat's when it arrives)."""
        self.pause()
        if self._thinking:
            return
        if self._slow_seat_to_act():
            self._think()
        elif self.step():
            self.changed.emit()

    # --- slow bots choose in the background --------------------------------------------------------

    def _slow_seat_to_act(self) -> bool:
        """Whether the seat to act is an AI whose bot chooses slowly (see the module docstring)."""
        if self.stopped or self.state.is_over() or self.human_to_act():
            return False
        bot = self._bots.get(self.state.current_player() or "")
        return bool(getattr(bot, "slow", False))

    def _think(self) -> None:
        """Ask the slow bot to act in the worker thread, on a clone (the UI keeps the state)."""
        player = self.state.current_player()
        assert player is not None
        if self._thinker is None:
            self._thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="playtest-ai")
        generation = self._generation
        future = self._thinker.submit(self._bots[player].choose, self.state.clone())
        self._set_thinking(True)
        future.add_done_callback(lambda done: self._decided.emit(generation, done))

    def _on_decided(self, generation: int, future: Future[Action]) -> None:
        """Apply a background decision on the UI thread, unless the position changed since."""
        if generation != self._generation:
            return  # asked before an undo or restart: that position is gone
        self._set_thinking(False)
        try:
            action = future.result()
        except Exception as error:
            self._fail(error, None)
            return
        try:
            entry = self._apply(action)
        except ActionError as error:  # a bot choosing an illegal action is an engine/bot bug
            self._fail(error, str(action))
            return
        if entry is None:
            return
        if self._goal_reached():
            self.pause()
        self.changed.emit()

    def _set_thinking(self, thinking: bool) -> None:
        """Note whether a slow seat thinks, with the GIL switch interval it needs, and tell the views."""
        if self._thinking == thinking:
            return
        self._thinking = thinking
        if thinking:
            self._switch_interval = sys.getswitchinterval()
            sys.setswitchinterval(THINKING_SWITCH_S)
        else:
            sys.setswitchinterval(self._switch_interval)
        self.thinking_changed.emit(thinking)

    def _forget_decision(self) -> None:
        """Drop a background decision in flight: the position it was asked for is gone."""
        self._generation += 1
        self._set_thinking(False)

    def shutdown(self) -> None:
        """Stop auto-play and let the worker end (a decision in flight finishes and is dropped)."""
        self.pause()
        self._forget_decision()
        if self._thinker is not None:
            self._thinker.shutdown(wait=False, cancel_futures=True)
            self._thinker = None

    # --- auto-play ------------------------------------------------------------------------------

    def _mark(self, goal: str) -> tuple[Any, ...]:
        round_ = self.state.cursor()[0]
        if goal == "round":
            return (round_,)
        view = self.view()
        return (round_, view.get("active") or self.state.current_player())

    def play(self, goal: str | None = None, interval_ms: int | None = None) -> None:
        """Auto-play AI seats: to the end of the game (None), of the ``turn`` or of the ``round``."""
        if self.stopped or self.state.is_over():
            return
        if goal not in (None, "turn", "round"):
            raise ValueError(f"unknown goal {goal!r}: use None, 'turn' or 'round'")
        self._goal = goal
        self._goal_mark = self._mark(goal) if goal else ()
        if interval_ms is not None:
            self.interval_ms = max(0, interval_ms)
        # Play to a goal runs fast; plain auto-play goes at the chosen speed.
        self._timer.start(0 if goal else self.interval_ms)
        self.running_changed.emit(True)

    def set_speed(self, interval_ms: int) -> None:
        """Milliseconds between AI actions in auto-play (0: as fast as the UI allows)."""
        self.interval_ms = max(0, interval_ms)
        if self.running and self._goal is None:
            self._timer.setInterval(self.interval_ms)

    def pause(self) -> None:
        """Stop auto-play (the position stays)."""
        if self._timer.isActive():
            self._timer.stop()
            self.running_changed.emit(False)

    def _goal_reached(self) -> bool:
        return bool(self._goal) and self._mark(self._goal or "") != self._goal_mark

    def _tick(self) -> None:
        """One timer tick: one action at the chosen speed, or a batch within the budget when fast."""
        if self._thinking:
            return  # the decision's arrival applies it; ticks wait for it
        fast = self._goal is not None or self.interval_ms == 0
        started = time.monotonic()
        moved = False
        while True:
            if self._slow_seat_to_act():
                self._think()
                break
            if not self.step():
                self.pause()
                break
            moved = True
            if self._goal_reached():
                self.pause()
                break
            if not fast or (time.monotonic() - started) * 1000 >= TICK_BUDGET_MS:
                break
        if moved or self.stopped:
            self.changed.emit()

    def run_to_end(self, max_actions: int = 1_000_000) -> None:
        """Play AI seats synchronously until a human must act or the game ends (tests, scripts)."""
        for _ in range(max_actions):
            if not self.step():
                break
        self.changed.emit()

    # --- undo, restart, replay ------------------------------------------------------------------

    def go_to(self, count: int) -> None:
        """Return to the position after the first ``count`` player actions (replayed from the seed)."""
        if not 0 <= count <= len(self.actions):
            raise SessionError(
                f"there is no position after {count} actions (the game has {len(self.actions)})"
            )
        self.pause()
        self._forget_decision()
        kept = self.actions[:count]
        self.failure = None
        # Start from the last checkpoint at or before the position (clone equals the original).
        start = max((k for k in self._checkpoints if k <= count), default=0)
        self._checkpoints = {k: v for k, v in self._checkpoints.items() if k <= count}
        if start == 0:
            self.state = self._fresh_state()
        else:
            self._make_bots()
            self.state = self._checkpoints[start].clone()
        self.actions = kept[:start]
        for text in kept[start:]:
            try:
                self._apply(text)
            except ActionError as error:
                self._fail(error, text)
            if self.stopped:
                break
        self.changed.emit()

    def undo_to_entry(self, seq: int) -> None:
        """Go back to just before log entry ``seq``. An automatic entry (a round's start, raiders'
        attacks) belongs to the action that set it off: going back before it goes back before that
        action, since no position lies between them."""
        log = self.state.log
        first = min(seq, len(log))
        while 0 < first < len(log) and is_automatic(log[first]):
            first -= 1
        self.go_to(sum(1 for entry in log[:first] if not is_automatic(entry)))

    def restart(self, seed: int | None = None) -> None:
        """Start again from the setup, with the same seed or ``seed``."""
        self.pause()
        self._forget_decision()
        if seed is not None:
            self.seed = seed
        self.failure = None
        self.actions = []
        self._checkpoints = {}
        self.state = self._fresh_state()
        self.changed.emit()

    def replay_data(self) -> dict[str, Any]:
        """The replay file's content: enough to rebuild this position from the scenario."""
        return {
            "format": REPLAY_FORMAT,
            "ruleset": self.scenario.ruleset.id,
            "scenario": self.scenario.metadata.title,
            "seed": self.seed,
            "seats": dict(self.seats),
            "options": self.options,
            "actions": list(self.actions),
            "log": [entry.to_json() for entry in self.state.log],
        }

    def save_log(self, path: Path) -> None:
        """Write the log and replay data as JSON (atomically)."""
        io.atomic_write(Path(path), (json.dumps(self.replay_data(), indent=1) + "\n").encode("utf-8"))

    @classmethod
    def from_replay(cls, scenario: Scenario, path: Path, parent: QObject | None = None) -> PlaytestSession:
        """Load a saved log (or a balance-report failure replay) and replay it on ``scenario``.

        Raises :class:`SessionError` when the file is unreadable, for another ruleset, or its
        actions are refused here (the scenario changed since it was saved).
        """
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise SessionError(f"cannot read the replay {Path(path).name}: {error}") from error
        if not isinstance(data, dict) or "seed" not in data or "actions" not in data:
            raise SessionError(f"{Path(path).name} is not a play-test log: it has no seed and actions")
        if data.get("ruleset") not in (None, scenario.ruleset.id):
            raise SessionError(
                f"{Path(path).name} is a {data.get('ruleset')} game; "
                f"this scenario plays {scenario.ruleset.id}"
            )
        setup = PlaytestSetup(
            seats=dict(data.get("seats") or {}),
            seed=int(data["seed"]),
            options=dict(data.get("options") or scenario.ruleset.options),
        )
        session = cls(scenario, setup, parent)
        actions = list(data["actions"])
        if data.get("failed_action"):
            actions.append(data["failed_action"])  # a failure replay reproduces its failure
        for number, text in enumerate(actions):
            try:
                if session._apply(str(text)) is None:
                    break
            except ActionError as error:
                raise SessionError(
                    f"action {number + 1} of the replay ({text!r}) is refused here: {error.reason}; "
                    "was it saved from another version of the scenario?"
                ) from error
        return session

    # --- failures -------------------------------------------------------------------------------

    def _fail(self, error: BaseException, action: str | None) -> None:
        """Stop on an engine error: keep it, write a replay that reproduces it, tell the views."""
        self._timer.stop()
        self._forget_decision()
        details = "".join(traceback.format_exception(error))
        log.error("play-test stopped by an engine error: %s", details)
        data = self.replay_data()
        data["failed_action"] = action
        data["error"] = f"{type(error).__name__}: {error}"
        data["traceback"] = details
        path: Path | None = replay_folder() / f"failure-seed{self.seed}-{len(self.actions)}.replay.json"
        try:
            assert path is not None
            path.parent.mkdir(parents=True, exist_ok=True)
            io.atomic_write(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
        except OSError:
            log.exception("cannot write the failure replay")
            path = None
        self.failure = PlaytestFailure(f"{type(error).__name__}: {error}", action, details, path)
        self.running_changed.emit(False)
        self.failed.emit(self.failure)
