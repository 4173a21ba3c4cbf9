"""Play-test mode in the main window: starts a session and keeps the map and panel in step with it.

One ``PlaytestController`` per window. It starts a :class:`PlaytestSession` on a copy of the
document's scenario, shows the state on the map (``PlayOverlay``) and in the dock, turns clicks
on areas into a human seat's choices, and writes a captured position back as one undo step.
Questions and warnings go through a window seam (``self.prompts``, see ``editor.playtest.prompts``);
capture and log files have modules of their own (``capture_action``, ``logfiles``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QLabel

from editor import rulesets
from editor.mapview.modes import get_mode
from editor.mapview.tools import Tool, ToolContext
from editor.playtest import logfiles, status
from editor.playtest.capture_action import capture_position
from editor.playtest.chips import (
    AreaPicture,
    npc_rows_for,
    pictures_and_owners,
    seat_table_for,
    side_list_for,
)
from editor.playtest.choices import Choice, choices_for_area, group_actions
from editor.playtest.decisions import describe as describe_decision
from editor.playtest.legend import owner_legend
from editor.playtest.orders import chips_by_area, order_marks_for
from editor.playtest.outcomes import OutcomeNote, chance_text, latest, outcome_line, spoken, told
from editor.playtest.overlay import PlayOverlay
from editor.playtest.panel import SPEEDS_MS, PlayLogDock, PlaytestDock
from editor.playtest.prompts import PlaytestPrompts, QtPrompts
from editor.playtest.session import (
    HUMAN,
    PlaytestFailure,
    PlaytestSession,
    PlaytestSetup,
    SessionError,
    new_seed,
)
from editor.rulesets import PictureContext
from model.rules import protocol, registry
from model.rules.protocol import ActionError, LogEntry

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow


class PlayTool(Tool):
    """The map tool while a play-test runs: a click on an area lists the human seat's choices there."""

    name = "Play"
    id = "playtest"
    hint = "Click an area to see what your seat may do there"

    def __init__(self, window: MainWindow, controller: PlaytestController) -> None:
        super().__init__(window.view, ToolContext(window.document, window.selection, window.report))
        self.controller = controller

    def press(self, point: QPointF, event: QMouseEvent) -> bool:
        """Pick the area under the click."""
        self.controller.select_area(self.view.map_scene.area_at(point))
        return True


class PlaytestController(QObject):
    """Runs play-test mode for one main window."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        # Every message box and file dialog goes through this seam (tests give it a script).
        self.prompts: PlaytestPrompts = QtPrompts(window)
        self.session: PlaytestSession | None = None
        self.overlay: PlayOverlay | None = None
        self.area: str | None = None
        self.dock = PlaytestDock(window)
        self.dock.preview = lambda action: self.session.state.preview(action) if self.session else ""
        self.dock.chance = lambda action: chance_text(self.session.state, action) if self.session else ""
        self.log_dock = PlayLogDock(window)  # both docks are placed by the main window
        self._previous_tool = "select"
        # The round, phase and who acts, over the map's top-left corner while playing.
        self.banner = QLabel(window.view)  # not the viewport: scrolling moves its children
        self.banner.setObjectName("playtest_banner")
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.banner.setStyleSheet(
            "QLabel { background: rgba(255, 255, 255, 215); border: 1px solid #808080;"
            " border-radius: 4px; padding: 3px 6px; }"
        )
        self.banner.move(8, 8)
        self.banner.hide()
        # The last action's outcome, under the banner (also on the status bar and in the log).
        self.note = OutcomeNote(window.view)
        self.note.move(8, 40)
        self._told = 0  # log entries whose outcome was shown on the map
        self._connect_dock()
        window.document.changed.connect(self._on_document_changed)

    # --- starting and stopping ------------------------------------------------------------------

    def start_with_dialog(self) -> bool:
        """Play-test action: ask for seats, seed and options, then start."""
        scenario = self.window.document.scenario
        spec = registry.get(scenario.ruleset.id)
        if spec is None or not spec.engine:
            self.window.report(f"Ruleset {scenario.ruleset.id!r} has no rules engine to play")
            return False
        chosen = self.prompts.ask_setup(scenario, spec)
        return chosen is not None and self.start(chosen)

    def start(self, setup: PlaytestSetup) -> bool:
        """Start a play-test of the document's scenario as it is now (saved or not)."""
        try:
            session = PlaytestSession(self.window.document.scenario, setup, self)
        except SessionError as error:
            self.prompts.warn("Cannot start the play-test", str(error))
            return False
        self._adopt(session)
        return True

    def load_log(self, path: Path | None = None) -> bool:
        """Load a saved log (or a failure replay) and show its last position."""
        session = logfiles.load_log(self.window.document.scenario, self.prompts, self, path)
        if session is None:
            return False
        self._adopt(session)
        return True

    def _adopt(self, session: PlaytestSession) -> None:
        self.stop()
        self.session = session
        session.changed.connect(self.refresh)
        session.failed.connect(self._on_failed)
        session.running_changed.connect(self._on_running)
        session.thinking_changed.connect(self._on_thinking)
        session.set_speed(SPEEDS_MS[self.dock.speed.value()])
        self.overlay = PlayOverlay(self.window.scene)
        self.area = None
        self._previous_tool = next(
            (k for k, t in self.window.tools.items() if t is self.window.tool), "select"
        )
        self.window.tools["playtest"] = PlayTool(self.window, self)
        self.window.set_tool("playtest")
        self.log_dock.log.clear()
        self._told = len(self.log_entries())  # the start (or a loaded log) is no action to tell
        self.dock.set_error("")
        self.dock.show()
        self.log_dock.show()
        self.dock.raise_()
        self.log_dock.raise_()
        self.refresh()
        if session.failure is not None:
            self._on_failed(session.failure)

    def stop(self) -> None:
        """End play-test mode: the map and tools are the editor's again."""
        if self.session is None:
            return
        self.session.shutdown()
        self.session.changed.disconnect(self.refresh)
        self.session.thinking_changed.disconnect(self._on_thinking)
        self.session.deleteLater()
        self.session = None
        if self.overlay is not None:
            self.overlay.clear()
            self.overlay = None
        if "playtest" in self.window.tools:
            self.window.set_tool(
                self._previous_tool if self._previous_tool in self.window.tools else "select"
            )
            del self.window.tools["playtest"]
        self.window.legend_dock.set_entries(
            get_mode(self.window.scene.mode_id).name, self.window.scene.legend
        )
        self.dock.set_status("No play-test running")
        self.dock.set_choices([], "")
        self.dock.hide()
        self.log_dock.hide()
        self.banner.hide()
        self.note.hide()
        self._told = 0
        # Back to editing: the tabs the play-test docks covered come to the front again (Qt would
        # otherwise show whichever tab happens to be next, e.g. the Catalogs).
        self.window.inspector.raise_()
        self.window.issues_dock.raise_()
        # Hiding the docks moved the keyboard focus along the focus chain (to the inspector's Name
        # field, text selected): give it to the map, so a tool key does not rename an area.
        self.window.focus_map()

    # --- showing the state ----------------------------------------------------------------------

    def _colours(self) -> dict[str, str]:
        setup = self.window.document.scenario.setup
        return {**{m.id: m.colour for m in setup.magnates}, **{e.id: e.colour for e in setup.empires}}

    def refresh(self) -> None:
        """Redraw map, status, seats, choices and log from the session's state."""
        session = self.session
        if session is None or self.overlay is None:
            return
        scenario = self.window.document.scenario
        names = {a.id: a.name for a in scenario.map.areas}
        colours = self._colours()
        try:
            viewer = self.viewer()
            orders = order_marks_for(scenario.ruleset.id, session.state, viewer)
            tokens = chips_by_area(orders, names, colours)
            seats = self._seat_names()
            # Only the author watching AI seats sees everything; in hot seat while an AI acts the
            # viewer is None as well, but the people at the screen see the public view only.
            author = status.looking(session) is None
            context = PictureContext(names, seats, colours, viewer, tokens, author=author)
            pictures, owners = pictures_and_owners(scenario.ruleset.id, session.state, context)
            view = session.view()
        except Exception as error:  # a broken view must not take the window down
            session._fail(error, None)
            return
        self.overlay.show(pictures)
        self.overlay.show_orders(orders, names, colours)
        self._show_legend(owners, pictures, seats, colours)
        self._show_status(view)
        self._show_seats(view)
        self.dock.set_npcs(
            npc_rows_for(scenario.ruleset.id, view, context), side_list_for(scenario.ruleset.id)
        )
        self._show_choices()
        entries = self.log_entries()
        every_name = self._names()
        state = session.state
        self.log_dock.set_log(
            entries,
            self._rule_of,
            every_name,
            self._first_round(),
            lambda entry: outcome_line(state, entry, every_name),
        )
        self._tell_outcome(entries, every_name)
        self._update_buttons()

    def _tell_outcome(self, entries: list[LogEntry], names: dict[str, str]) -> None:
        """Show the newest action's outcome on the map and the status bar (once per new entry)."""
        if len(entries) < self._told:  # went back: what is on the map is no longer the last action
            self.note.hide()
        if len(entries) > self._told and self.session is not None:
            # The newest action and the automatic steps it set off, each told as its doer's.
            lines = told(self.session.state, latest(entries, self._told), names)
            self.note.say_all(lines)
            if lines:
                self.window.status.showMessage(" · ".join(spoken(who, line) for who, line in lines), 8000)
        self._told = len(entries)

    def log_entries(self) -> list[LogEntry]:
        """The log as the seat at the computer may read it (``PlaytestSession.log_seen_by``)."""
        return [] if self.session is None else self.session.log_seen_by(self.viewer())

    def viewer(self) -> str | None:
        """The seat whose own hidden orders the map may show (see ``status.viewer``)."""
        return None if self.session is None else status.viewer(self.session)

    def _show_legend(
        self,
        owners: tuple[str, ...],
        pictures: dict[str, AreaPicture],
        seats: dict[str, str],
        colours: dict[str, str],
    ) -> None:
        """The legend lists the powers holding areas in the view the map shows (``legend``)."""
        scenario = self.window.document.scenario
        label = rulesets.get(scenario.ruleset.id).magnate_label
        entries = owner_legend(scenario, owners, pictures, seats, colours, label)
        self.window.legend_dock.set_entries("Play-test: owners", entries)

    def _first_round(self) -> int:
        """What round 0 of the engine's cursor is called (see ``status.first_round``)."""
        return 0 if self.session is None else status.first_round(self.session.scenario.ruleset.id)

    def _seat_names(self) -> dict[str, str]:
        """Names of every side: empires, Magnates and the engine's own seats (``status.seat_names``)."""
        if self.session is None:
            return protocol.seat_names(self.window.document.scenario)
        return status.seat_names(self.session)

    def _names(self) -> dict[str, str]:
        """Names of the ruleset's own ids (unit types, cards: the editor part's ``names``), the
        areas and the powers, for the log and the choices (the engine's texts hold ids); an area's
        or a seat's name wins over the ruleset's."""
        scenario = self.window.document.scenario
        own = rulesets.get(scenario.ruleset.id).names
        return {
            **(own(scenario) if own is not None else {}),
            **{a.id: a.name for a in scenario.map.areas},
            **self._seat_names(),
        }

    def _name(self, player: str | None) -> str:
        return status.player_name(self._seat_names(), player)

    def _show_status(self, view: dict[str, Any]) -> None:
        assert self.session is not None
        parts = status.status_parts(self.session, view, self.window.document.scenario)
        self.dock.set_status(" · ".join(parts))
        self.window.status.showMessage(self.dock.status.text().replace("<b>", "").replace("</b>", ""), 4000)
        self.banner.setText(" · ".join(parts[:-1]))
        self.banner.adjustSize()
        self.banner.show()

    def _show_seats(self, view: dict[str, Any]) -> None:
        assert self.session is not None
        scenario = self.window.document.scenario
        rows = status.seat_rows(self.session, view, scenario)
        self.dock.set_seats(rows, seat_table_for(scenario.ruleset.id))

    def _show_choices(self) -> None:
        session = self.session
        assert session is not None
        if session.stopped or session.state.is_over():
            self.dock.set_choices([], "The game is over." if session.state.is_over() else "")
            return
        if not session.human_to_act():
            self.dock.set_choices(
                [], f"{self._name(session.current_player())} (AI) is to act: Step or Auto-play."
            )
            return
        choices = group_actions(session.legal_actions())
        name = self._name(session.current_player())
        names = self._names()
        view = session.view()
        decision = view.get("decision_about")
        if decision is None and view.get("decision"):  # a ruleset that names only the kind
            decision = {"kind": view["decision"], "about": "", "areas": []}
        if decision and self.area is None:
            # A decision point lists every answer (a court to move to names an area, too).
            shown = choices
            hint = describe_decision(session.scenario.ruleset.id, decision, name, names)
            if self.overlay is not None:
                self.overlay.highlight(tuple(decision.get("areas") or ()))
        elif self.area is not None:
            shown = choices_for_area(choices, self.area)
            label = names.get(self.area, self.area)
            hint = (
                f"{name}: {len(shown)} choices at {label}." if shown else f"{name}: nothing to do at {label}."
            )
        else:
            shown = choices_for_area(choices, None)
            with_area = len(choices) - len(shown)
            phase = view.get("phase")
            hint = f"{name} to act" + (f" ({phase})" if phase else "")
            if with_area:
                hint += f". Click an area for the {with_area} choices on the map; other choices:"
            else:
                hint += ":"
        self.dock.set_choices(shown, hint, names)

    def _rule_of(self, text: str) -> str:
        """The rule an action's text refers to (the first line of its class's docstring)."""
        if self.session is None:
            return ""
        try:
            action = self.session.game.parse_action(text)
        except ActionError:
            return ""
        doc = (type(action).__doc__ or "").strip().splitlines()
        return doc[0] if doc else ""

    def _update_buttons(self) -> None:
        session = self.session
        alive = session is not None and not session.stopped and not session.state.is_over()
        ai_turn = alive and session is not None and not session.human_to_act()
        for button in (
            self.dock.step_button,
            self.dock.turn_button,
            self.dock.round_button,
            self.dock.play_button,
        ):
            button.setEnabled(bool(ai_turn))
        self.dock.back_button.setEnabled(session is not None and bool(session.actions))
        self.dock.capture_button.setEnabled(session is not None)

    # --- user input -----------------------------------------------------------------------------

    def select_area(self, area_id: str | None) -> None:
        """A click on the map: list the choices there (and outline the area)."""
        self.area = area_id
        if self.overlay is not None:
            self.overlay.highlight([area_id] if area_id else [])
        if self.session is not None:
            self._show_choices()

    def choose(self, choice: Choice, gold: int = 0) -> bool:
        """Carry out a human seat's choice with this much extra gold."""
        session = self.session
        if session is None:
            return False
        try:
            session.act(choice.action(gold))
        except (ActionError, KeyError, SessionError) as error:
            self.prompts.warn("Not allowed", str(error))
            return False
        self.area = None
        if self.overlay is not None:
            self.overlay.highlight(choice.areas)
        session.changed.emit()
        return True

    def show_log_entry(self, seq: int) -> None:
        """Outline the areas of a log entry's action."""
        session = self.session
        if session is None or self.overlay is None:
            return
        # The entry as the seat reads it: a hidden action outlines nothing.
        entry = next((e for e in self.log_entries() if e.seq == seq), None)
        if entry is not None:
            self.overlay.highlight(self._areas_of(entry.action))

    def _areas_of(self, text: str) -> tuple[str, ...]:
        """The areas an action's text concerns (none for text the engine cannot parse)."""
        if self.session is None:
            return ()
        try:
            return tuple(self.session.game.parse_action(text).areas())
        except ActionError:
            return ()

    def back_one(self) -> None:
        """Undo the last action (back to before the last human action when a human plays)."""
        session = self.session
        if session is None or not session.actions:
            return
        # With a human seat, "back" means back to that seat's last decision: stepping back over an
        # AI action would only let the AI take it again.
        players = [entry.player for entry in session.log if entry.player is not None]
        human = [i for i, player in enumerate(players) if session.seats.get(player) == HUMAN]
        session.go_to(human[-1] if human else len(session.actions) - 1)

    def back_to_chosen(self) -> None:
        """Go back to before the log entry chosen in the dock."""
        seq = self.log_dock.chosen_log_entry()
        if self.session is not None and seq is not None:
            self.session.undo_to_entry(seq)

    def save_log(self, path: Path | None = None) -> bool:
        """Save the log as a replay file."""
        if self.session is None:
            return False
        return logfiles.save_log(self.session, self.prompts, self.window.report, path)

    def capture(self) -> bool:
        """Use this position as the scenario setup: one undoable edit, after showing what changes."""
        if self.session is None:
            return False
        return capture_position(self.window.document, self.session, self.prompts, self.window.report)

    # --- wiring ---------------------------------------------------------------------------------

    def _connect_dock(self) -> None:
        dock = self.dock
        dock.step_button.clicked.connect(self.step_once)
        dock.turn_button.clicked.connect(lambda: self.play_to("turn"))
        dock.round_button.clicked.connect(lambda: self.play_to("round"))
        dock.play_button.toggled.connect(self._on_play_toggled)
        dock.speed.valueChanged.connect(lambda i: self._on_session("set_speed", SPEEDS_MS[i]))
        dock.back_button.clicked.connect(self.back_one)
        dock.restart_button.clicked.connect(lambda: self._on_session("restart"))
        dock.new_seed_button.clicked.connect(lambda: self._on_session("restart", new_seed()))
        dock.capture_button.clicked.connect(self.capture)
        dock.stop_button.clicked.connect(self.stop)
        dock.choice_made.connect(self.choose)
        log_dock = self.log_dock
        log_dock.log_entry_chosen.connect(self.show_log_entry)
        log_dock.back_to_button.clicked.connect(self.back_to_chosen)
        log_dock.save_log_button.clicked.connect(lambda: self.save_log())
        log_dock.load_log_button.clicked.connect(lambda: self.load_log())

    def _on_document_changed(self, change: Any) -> None:
        # Another scenario was opened (or New): the game belongs to the old one.
        if getattr(change, "reset", False) and self.session is not None:
            self.stop()
            self.window.report("The play-test ended: another scenario was opened")

    def step_once(self) -> None:
        """Play-test > Step: let the seat to act (an AI) make one move; nothing when no game runs."""
        self._on_session("step_once")

    def play_to(self, until: str) -> None:
        """Play-test > To end of turn / round: AI seats play until ``until`` ("turn" or "round") ends."""
        self._on_session("play", until)

    def _on_session(self, method: str, *args: Any) -> None:
        """Call a session method from a dock button (nothing when no play-test runs)."""
        if self.session is not None:
            getattr(self.session, method)(*args)

    def _on_play_toggled(self, on: bool) -> None:
        if self.session is None:
            return
        if on and not self.session.running:
            self.session.play(None, SPEEDS_MS[self.dock.speed.value()])
        elif not on:
            self.session.pause()

    def _on_running(self, running: bool) -> None:
        self.dock.play_button.blockSignals(True)
        self.dock.play_button.setChecked(running and self.session is not None and self.session._goal is None)
        self.dock.play_button.setText("Pause" if self.dock.play_button.isChecked() else "Auto-play")
        self.dock.play_button.blockSignals(False)

    def _on_thinking(self, _thinking: bool) -> None:
        """A slow AI seat started or stopped choosing in the background: the status says so."""
        if self.session is not None:
            self.refresh()

    def _on_failed(self, failure: PlaytestFailure) -> None:
        where = f" Replay: {failure.replay_path}" if failure.replay_path else ""
        action = f" while playing {failure.action!r}" if failure.action else ""
        self.dock.set_error(f"The engine stopped{action}: {failure.error}.{where}")
        self.window.report(f"Play-test stopped by an engine error: {failure.error}")
        self.refresh()
