"""The play-test dock: status, controls, the human seat's choices, treasuries and VP, the log.

Widgets only; ``editor.playtest.controller`` connects them to the session. Every widget a test
drives is an attribute.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSlider,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.playtest.choices import Choice
from editor.playtest.decisions import with_names
from editor.playtest.outcomes import doer
from editor.rulesets import SeatTable, SideList
from model.rules.protocol import Action, LogEntry

STATUS_LINES = 4
"""Lines of status text the panel shows above its buttons before the text scrolls."""
HINT_LINES = 3
"""Lines of the choices' hint."""

NAME_CHARS = 18
"""The widest the side list's name column grows, in average characters: "Neutral peoples" or a
Magnate's name whole, the rest of a narrow panel left to the other columns."""
NAME_MIN_CHARS = 10
"""The narrowest it gets however narrow the panel: "Player 1" whole, not "P…"."""

SPEEDS_MS = (1500, 800, 400, 150, 40, 0)
"""Auto-play speeds (milliseconds between AI actions), slowest first; the slider picks one."""


def _button(text: str, tip: str, parent: QWidget) -> QPushButton:
    button = QPushButton(text, parent)
    button.setToolTip(tip)
    return button


class PlaytestDock(QDockWidget):
    """The play-test panel. Signal: ``choice_made(Choice, gold)``."""

    choice_made = Signal(object, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Play-test", parent)
        self.setObjectName("playtest_dock")
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)

        # The status and the error sit in a box of fixed height (it scrolls when they need more),
        # so the buttons below never move when the text wraps to another line: no misclicks.
        self.status_area = QScrollArea(body)
        self.status_area.setFrameShape(QFrame.Shape.NoFrame)
        self.status_area.setWidgetResizable(True)
        self.status_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        status_body = QWidget(self.status_area)
        status_layout = QVBoxLayout(status_body)
        status_layout.setContentsMargins(0, 0, 0, 0)
        self.status = QLabel("No play-test running", status_body)
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        status_layout.addWidget(self.status)
        self.error = QLabel("", status_body)
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #a50f15; font-weight: bold")
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error.hide()
        status_layout.addWidget(self.error)
        status_layout.addStretch(1)
        self.status_area.setWidget(status_body)
        self.status_area.setFixedHeight(self.status.fontMetrics().lineSpacing() * STATUS_LINES + 4)
        layout.addWidget(self.status_area)

        controls = QGridLayout()
        self.step_button = _button("Step", "Let the AI seat to act take one action", body)
        self.turn_button = _button("To end of turn", "Play AI seats until the turn passes", body)
        self.round_button = _button("To end of round", "Play AI seats until the next round", body)
        self.play_button = _button(
            "Auto-play", "Play AI seats at the chosen speed; press again to pause", body
        )
        self.play_button.setCheckable(True)
        self.speed = QSlider(Qt.Orientation.Horizontal, body)
        self.speed.setRange(0, len(SPEEDS_MS) - 1)
        self.speed.setValue(2)
        self.speed.setToolTip("Auto-play speed")
        self.back_button = _button("Back one", "Undo the last action (replayed from the log)", body)
        self.restart_button = _button("Restart", "Start again with the same seed", body)
        self.new_seed_button = _button("New seed", "Start again with a new seed", body)
        self.capture_button = _button(
            "Use as setup…", "Use this position as the scenario setup (one undoable edit)", body
        )
        self.stop_button = _button("Stop", "End the play-test and give the map back to the editor", body)
        for index, widget in enumerate(
            (
                self.step_button,
                self.turn_button,
                self.round_button,
                self.play_button,
                self.speed,
                self.back_button,
            )
        ):
            controls.addWidget(widget, index // 3, index % 3)
        controls.addWidget(self.restart_button, 2, 0)
        controls.addWidget(self.new_seed_button, 2, 1)
        controls.addWidget(self.capture_button, 2, 2)
        controls.addWidget(self.stop_button, 3, 2)
        layout.addLayout(controls)

        split = QSplitter(Qt.Orientation.Vertical, body)
        choices_box = QGroupBox("Your choices", split)
        choices_layout = QVBoxLayout(choices_box)
        self.choices_hint = QLabel("", choices_box)
        self.choices_hint.setWordWrap(True)
        self.choices_hint.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # Fixed too: a hint of one line or three leaves the list and Do it where they were.
        self.choices_hint.setFixedHeight(self.choices_hint.fontMetrics().lineSpacing() * HINT_LINES + 2)
        choices_layout.addWidget(self.choices_hint)
        self.choices = QListWidget(choices_box)
        choices_layout.addWidget(self.choices)
        row = QHBoxLayout()
        row.addWidget(QLabel("Gold:", choices_box))
        self.gold = QComboBox(choices_box)
        self.gold.setToolTip("Extra gold spent on the choice (9.33)")
        # The amounts say their effect and cost: the box takes the row's whole width, Do it the next.
        self.gold.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.gold.setMinimumContentsLength(12)
        row.addWidget(self.gold, 1)
        choices_layout.addLayout(row)
        # The engine's chance that the chosen action succeeds (with the gold chosen), before Do it;
        # a line of its own, kept even when empty, so that Do it stays where it is.
        self.chance_label = QLabel("", choices_box)
        self.chance_label.setObjectName("playtest_chance")
        self.chance_label.setWordWrap(True)
        self.chance_label.setFixedHeight(self.chance_label.fontMetrics().lineSpacing() * 2 + 2)
        self.chance_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        choices_layout.addWidget(self.chance_label)
        do_row = QHBoxLayout()
        do_row.addStretch(1)
        self.do_button = QPushButton("Do it", choices_box)
        self.do_button.setDefault(True)
        self.do_button.setToolTip("Carry out the chosen choice (pick one in the list first)")
        do_row.addWidget(self.do_button)
        choices_layout.addLayout(do_row)

        self.table = QTableWidget(0, 5, split)
        self._seat_table = SeatTable()
        self._show_seat_table(self._seat_table)
        self.table.verticalHeader().hide()
        # The table always fits the dock's width: the seat's name takes what the other columns
        # leave and is shortened with "…" (whole in its tooltip); nothing scrolls sideways.
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)

        self.npcs = QTreeWidget(split)
        self.npcs.setRootIsDecorated(False)
        # The columns first: a resize mode set for a column that does not exist yet is dropped.
        self._side_list = SideList()
        self._show_side_list(self._side_list)
        # As the seat table: the name gives way (elided, whole in the tooltip), nothing scrolls sideways.
        self.npcs.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for column in (2, 3):  # the attacks and the court or strike areas share the rest
            self.npcs.header().setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        # The name is as wide as the names listed, up to NAME_CHARS (see _fit_names): stretched
        # with the rest, it got what the long markers left and read "P…" in a narrow panel.
        self.npcs.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.npcs.viewport().installEventFilter(self)
        self.npcs.header().setStretchLastSection(False)
        self.npcs.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.npcs.hide()

        split.addWidget(choices_box)
        split.addWidget(self.table)
        split.addWidget(self.npcs)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setStretchFactor(2, 1)
        layout.addWidget(split, 1)
        self.setWidget(body)

        self._choices: list[Choice] = []
        self.choices.itemSelectionChanged.connect(self._on_choice_row)
        self.gold.currentIndexChanged.connect(lambda _i: self.gold.setToolTip(self.gold.currentText()))
        self.gold.currentIndexChanged.connect(lambda _i: self._show_chance())
        self.choices.itemDoubleClicked.connect(lambda _item: self._do())
        self.do_button.clicked.connect(self._do)

    # --- choices --------------------------------------------------------------------------------

    preview: Callable[[Action], str] | None = None
    """What an action would be worth if chosen now (the ruleset's ``State.preview``), shown beside
    each gold amount so that a player sees the rating the extra gold buys (9.33)."""

    chance: Callable[[Action], str] | None = None
    """The engine's chance that an action succeeds, in words (``outcomes.chance_text``), shown
    under the gold box for the chosen choice and amount."""

    def chosen_action(self) -> Action | None:
        """The action Do it would carry out now (the chosen choice with the chosen gold), or None."""
        row = self.chosen_row()
        if not 0 <= row < len(self._choices):
            return None
        gold = self.gold.currentData()
        options = dict(self._choices[row].options)
        return options.get(int(gold or 0), next(iter(options.values()), None))

    def _show_chance(self) -> None:
        action = self.chosen_action()
        self.chance_label.setText(self.chance(action) if action is not None and self.chance else "")

    def set_choices(self, choices: list[Choice], hint: str, names: Mapping[str, str] | None = None) -> None:
        """Show a human seat's choices (an empty list with a hint when it is not their turn).

        ``names`` turns the ids in the action text into display names.
        """
        self._choices = list(choices)
        self.choices.clear()
        self.choices_hint.setText(hint)
        for choice in choices:
            text = choice.describe(names or {})
            if len(choice.options) == 1:
                # A choice with one amount (oppose 3, a loan) says its effect and cost in the list.
                note = self._preview(choice.options[0][1])
                text = f"{text} ({note})" if note else text
            item = QListWidgetItem(text, self.choices)
            item.setToolTip(choice.rule)
        # Nothing is chosen for the player: Do it waits for a click on a choice (a pre-selected
        # "Give ... gold 1" was given away by pressing Do it without looking).
        self.choices.setCurrentRow(-1)
        self.choices.clearSelection()
        self.gold.clear()
        self.chance_label.clear()
        self.do_button.setEnabled(False)
        self.gold.setEnabled(False)

    def shown_choices(self) -> list[Choice]:
        """The choices listed now."""
        return list(self._choices)

    def _preview(self, action: Action) -> str:
        return self.preview(action) if self.preview is not None else ""

    def chosen_row(self) -> int:
        """The row the player picked (selected, not merely the keyboard's current row), or -1."""
        rows = [index.row() for index in self.choices.selectedIndexes()]
        return rows[0] if rows else -1

    def _on_choice_row(self, _row: int = -1) -> None:
        self.gold.clear()
        row = self.chosen_row()
        if 0 <= row < len(self._choices):
            choice = self._choices[row]
            for gold, action in choice.options:
                text = f"+{gold}"
                # Every amount says what it buys and what it costs ("+3: takes 7 off the
                # attacker's rating, costs 4 gold"), as the ruleset's preview words it.
                note = self._preview(action)
                self.gold.addItem(f"{text}: {note}" if note else text, gold)
            self.gold.setEnabled(len(choice.golds) > 1)
            # The list opens as wide as its longest amount, even in a narrow dock.
            self.gold.view().setMinimumWidth(self.gold.view().sizeHintForColumn(0) + 24)
        self.gold.setToolTip(self.gold.currentText() or "Extra gold spent on the choice (9.33)")
        self.do_button.setEnabled(0 <= row < len(self._choices))
        self._show_chance()

    def _do(self) -> None:
        row = self.chosen_row()
        if 0 <= row < len(self._choices):
            gold = self.gold.currentData()
            self.choice_made.emit(self._choices[row], int(gold or 0))

    # --- seats, status, log ---------------------------------------------------------------------

    def set_status(self, html: str) -> None:
        """Show the round, phase and who acts."""
        self.status.setText(html)

    def set_error(self, text: str) -> None:
        """Show why the play-test stopped (empty hides the message)."""
        self.error.setText(text)
        self.error.setVisible(bool(text))

    def _show_seat_table(self, seat_table: SeatTable) -> None:
        # Short headings: the dock is narrow, and every column should fit without scrolling.
        self.table.setHorizontalHeaderLabels(list(seat_table.headings))
        for column, (heading, tip) in enumerate(zip(seat_table.headings, seat_table.tips, strict=True)):
            item = self.table.horizontalHeaderItem(column)
            if item is not None:  # set by the labels above
                item.setToolTip(tip)
            # A column the ruleset leaves unnamed has nothing to show (a ruleset without courts).
            self.table.setColumnHidden(column, not heading)

    def set_seats(self, rows: Sequence[Mapping[str, Any]], seat_table: SeatTable | None = None) -> None:
        """Fill the seat table: ``seat``, ``colour``, ``played_by``, ``gold``, ``vp``, ``court``.

        ``seat_table`` (the ruleset's, ``editor.rulesets.SeatTable``) names the columns and hides
        those it leaves unnamed; the empires' headings by default.
        """
        seat_table = seat_table or SeatTable()
        if seat_table != self._seat_table:
            self._seat_table = seat_table
            self._show_seat_table(seat_table)
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            values = [row["seat"], row["played_by"], row["gold"], row["vp"], row.get("court") or ""]
            for c, value in enumerate(values):
                item = QTableWidgetItem(str(value))
                item.setToolTip(str(value))  # a name shortened to fit shows whole on hover
                if c == 0:
                    item.setBackground(QBrush(QColor(row.get("colour", "#ffffff"))))
                    if QColor(row.get("colour", "#ffffff")).lightness() < 120:
                        item.setForeground(QBrush(QColor("#ffffff")))
                if c in (2, 3):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if row.get("acting"):
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(r, c, item)
        # Every seat visible without scrolling: the splitter gives the choices the rest.
        self.table.resizeRowsToContents()
        rows_height = sum(self.table.rowHeight(r) for r in range(self.table.rowCount()))
        self.table.setMinimumHeight(min(320, self.table.horizontalHeader().height() + rows_height + 6))

    def _show_side_list(self, side_list: SideList) -> None:
        self.npcs.setHeaderLabels(list(side_list.headings))
        self.npcs.setToolTip(side_list.tip)

    def set_npcs(self, rows: Sequence[Mapping[str, Any]], side_list: SideList | None = None) -> None:
        """List the ruleset's side rows (Magnates and active raiders, 24, by default): ``name``,
        ``colour``, ``kind`` (``Magnate``, ``Raiders``...), ``where``, ``stature``, ``holds``,
        ``attacks``, ``tip``; hidden when empty.

        ``side_list`` (the ruleset's, ``editor.rulesets.SideList``) names the columns and the mark
        each name starts with, its map marker (♜ a Magnate's court, ☠ raiders by default) so the
        list and the map read alike; the tooltip tells the whole story.
        """
        side_list = side_list or SideList()
        if side_list != self._side_list:
            self._side_list = side_list
            self._show_side_list(side_list)
        self.npcs.clear()
        for row in rows:
            mark = side_list.mark(str(row.get("kind", "")))
            item = QTreeWidgetItem(
                [
                    f"{mark} {row['name']}" if mark else str(row["name"]),
                    str(row.get("stature", "")),
                    str(row.get("attacks", "")),
                    str(row.get("where", "")),
                    str(row.get("holds", "")),
                ]
            )
            colour = QColor(row.get("colour", "#ffffff"))
            item.setBackground(0, QBrush(colour))
            if colour.lightness() < 120:
                item.setForeground(0, QBrush(QColor("#ffffff")))
            for column in (1, 4):
                item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            for column in range(self.npcs.columnCount()):
                item.setToolTip(column, f"{row.get('kind', '')}: {row.get('tip', '')}")
            self.npcs.addTopLevelItem(item)
        self._fit_names()
        self.npcs.setVisible(bool(rows))
        # Every row visible without scrolling, as for the seats (a scroll bar's worth spare).
        rows_height = sum(self.npcs.sizeHintForRow(0) for _ in rows) if rows else 0
        spare = self.npcs.horizontalScrollBar().sizeHint().height() + 6
        self.npcs.setMinimumHeight(min(200, self.npcs.header().sizeHint().height() + rows_height + spare))

    def _fit_names(self) -> None:
        """Size the name column to its longest name or heading, at most :data:`NAME_CHARS` wide
        and no wider than the other columns leave; never below :data:`NAME_MIN_CHARS` (a longer
        name is shortened with "…", whole in its tooltip)."""
        header = self.npcs.header()
        average = self.npcs.fontMetrics().averageCharWidth()
        wanted = max(self.npcs.sizeHintForColumn(0), header.sectionSizeHint(0))
        others = 0
        for column in range(1, self.npcs.columnCount()):
            if header.sectionResizeMode(column) == QHeaderView.ResizeMode.Stretch:
                others += header.minimumSectionSize()
            else:
                others += header.sectionSize(column)
        left = self.npcs.viewport().width() - others
        width = max(average * NAME_MIN_CHARS, min(wanted, average * NAME_CHARS, left))
        if header.sectionSize(0) != width:
            header.resizeSection(0, width)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Refit the side list's name column when the list changes width (the dock resized)."""
        if watched is self.npcs.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_names()
        return super().eventFilter(watched, event)

    def shown_npcs(self) -> list[str]:
        """The first column of the Magnates and raiders list (for tests)."""
        return [self.npcs.topLevelItem(i).text(0) for i in range(self.npcs.topLevelItemCount())]


class PlayLogDock(QDockWidget):
    """The play-test log: every action with its effects. Signal: ``log_entry_chosen(seq)``."""

    log_entry_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Play-test log", parent)
        self.setObjectName("playtest_log_dock")
        log_box = QWidget(self)
        log_layout = QVBoxLayout(log_box)
        log_layout.setContentsMargins(4, 4, 4, 4)
        self.log = QTreeWidget(log_box)
        self._entries: list[LogEntry] = []  # what the items show, to update only what changed
        self.log.setHeaderLabels(["#", "Round", "Player", "Action and effects", "Outcome"])
        self.log.setColumnCount(5)
        self.log.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.log.setToolTip("Click an entry to see its areas on the map; expand it for its effects")
        log_layout.addWidget(self.log)
        log_row = QHBoxLayout()
        self.back_to_button = _button(
            "Go back before it", "Return to the position before the chosen entry", log_box
        )
        self.save_log_button = _button("Save log…", "Save the log as a replay file", log_box)
        self.load_log_button = _button("Load log…", "Load a saved log and replay it", log_box)
        for button in (self.back_to_button, self.save_log_button, self.load_log_button):
            log_row.addWidget(button)
        log_row.addStretch(1)
        log_layout.addLayout(log_row)
        self.setWidget(log_box)
        self.log.itemClicked.connect(self._on_log_item)

    def set_log(
        self,
        entries: list[LogEntry],
        rule: Callable[[str], str] | None = None,
        names: Mapping[str, str] | None = None,
        first_round: int = 1,
        outcome: Callable[[LogEntry], str] | None = None,
    ) -> None:
        """Show the log, adding only the new entries (a long game is not rebuilt each action).

        ``rule`` gives the rule an action's text refers to (shown as the entry's tooltip);
        ``names`` maps ids (players, areas) to names, shown instead of the engine's ids;
        ``first_round`` is how the ruleset's round 0 is shown (EotMA counts rounds from 0 inside);
        ``outcome`` words what an entry came to (``outcomes.outcome_line``), its row's last column:
        a failed attack reads on its own line, not only among the defender's effects.
        """
        names = names or {}
        shown = self.log.topLevelItemCount()
        # Entries shown before may read differently now (a seat's hidden entries after the reveal,
        # another seat looking): keep the items up to the first entry that differs.
        before = self._entries if len(self._entries) == shown else []
        same = 0
        while same < min(len(before), len(entries)) and before[same] == entries[same]:
            same += 1
        for index in range(shown - 1, same - 1, -1):
            self.log.takeTopLevelItem(index)
        shown = same
        self._entries = list(entries)
        for entry in entries[shown:]:
            item = QTreeWidgetItem(
                [
                    str(entry.seq),
                    f"{entry.round + first_round} {entry.phase}",
                    doer(entry, names),  # a player, or what did an automatic step (Raiders)
                    with_names(entry.action, names),
                    outcome(entry) if outcome is not None else "",
                ]
            )
            item.setToolTip(4, item.text(4))
            item.setData(0, Qt.ItemDataRole.UserRole, entry.seq)
            cited = rule(entry.action) if rule is not None else ""
            effects = [with_names(effect, names) for effect in entry.effects]
            item.setToolTip(3, "\n".join([cited, *effects] if cited else effects))
            for effect in effects:
                child = QTreeWidgetItem(["", "", "", effect])
                child.setData(0, Qt.ItemDataRole.UserRole, entry.seq)
                item.addChild(child)
            self.log.addTopLevelItem(item)
        if len(entries) > shown:
            self.log.scrollToItem(self.log.topLevelItem(self.log.topLevelItemCount() - 1))

    def chosen_log_entry(self) -> int | None:
        """The seq of the selected log entry (None when nothing is selected)."""
        item = self.log.currentItem()
        return None if item is None else int(item.data(0, Qt.ItemDataRole.UserRole))

    def _on_log_item(self, item: QTreeWidgetItem, _column: int) -> None:
        self.log_entry_chosen.emit(int(item.data(0, Qt.ItemDataRole.UserRole)))
