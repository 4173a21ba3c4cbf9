"""The balance dock's dialogs: the handicap preview before "Apply suggested handicaps", and the
side-by-side comparison of the shown report with another one ("Compare with a report…").

The preview offers two suggestions: the report's own, which evens out the empires' mean scores,
and the one of ``mappa playtest handicaps``, which evens out their win rates on the final scores
of the run's games (``model.playtest.win_handicaps``; it needs the run's results log). Both show
figures the model computes (``model.playtest.precision`` and ``model.playtest.compare``), so the
editor says exactly what ``report.json``, ``mappa playtest handicaps`` and ``mappa playtest
compare`` say.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from model.playtest.compare import CHANCE_NOTE, compare_reports
from model.playtest.journal import JOURNAL_NAME
from model.playtest.precision import VP_HALF_WIDTH, WIN_RATE_HALF_WIDTH, even_win_preview, handicap_preview
from model.playtest.win_handicaps import METHOD as EVEN_WIN_METHOD


class Suggestion(StrEnum):
    """Which suggested handicaps to apply."""

    MEANS = "means"
    """The report's own: every empire's mean final score brought to the mean of means."""
    WINS = "wins"
    """Every empire winning an equal share of the run's games (``model.playtest.win_handicaps``)."""


SUGGESTION_LABELS = {Suggestion.MEANS: "Even out mean scores", Suggestion.WINS: "Even out win rates"}
"""The preview's name of each suggestion."""


def _table(
    parent: QWidget, headers: list[str], rows: list[list[str]], bold: set[tuple[int, int]]
) -> QTableWidget:
    """A read-only table of text cells; ``bold`` cells (row, column) stand out (significant)."""
    table = QTableWidget(parent)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    _fill(table, headers, rows, bold)
    return table


def _fill(table: QTableWidget, headers: list[str], rows: list[list[str]], bold: set[tuple[int, int]]) -> None:
    """Put ``rows`` of text under ``headers`` in ``table`` (replacing what it showed)."""
    table.clear()
    table.setRowCount(len(rows))
    table.setColumnCount(len(headers))
    table.setHorizontalHeaderLabels(headers)
    for r, cells in enumerate(rows):
        for c, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if (r, c) in bold:
                font = QFont(item.font())
                font.setBold(True)
                item.setFont(font)
            table.setItem(r, c, item)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # the names take the spare width


def _percent(share: float) -> str:
    return f"{100 * share:.1f}%"


class HandicapPreviewDialog(QDialog):
    """The change per empire of the chosen suggestion (old, new, and the interval or win rates it
    rests on), the games it rests on and, when the intervals are wide, how many games a wanted
    width needs, with a button to run them.

    ``win_suggestion`` is what ``even_win_handicaps`` found on the run's games; without it (no
    results log) the "Even out win rates" choice is disabled and ``win_reason`` says why.
    ``apply`` is called with the chosen :class:`Suggestion` and says whether it applied.
    """

    def __init__(
        self,
        report: dict[str, Any],
        names: dict[str, str],
        apply: Callable[[Suggestion], bool],
        run_games: Callable[[int], None],
        parent: QWidget | None = None,
        win_suggestion: dict[str, Any] | None = None,
        win_reason: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Apply suggested handicaps")
        self.report = report
        self.names = names
        self._apply = apply
        self._run_games = run_games
        layout = QVBoxLayout(self)
        self.preview = handicap_preview(report)
        self.win_preview = even_win_preview(win_suggestion) if win_suggestion is not None else None
        choices = QHBoxLayout()
        self.means_option = QRadioButton(SUGGESTION_LABELS[Suggestion.MEANS], self)
        self.means_option.setToolTip(
            "The report's suggestion: every empire's mean final score brought to the mean of means"
        )
        self.wins_option = QRadioButton(SUGGESTION_LABELS[Suggestion.WINS], self)
        self.wins_option.setEnabled(self.win_preview is not None)
        self.wins_option.setToolTip(
            EVEN_WIN_METHOD
            if self.win_preview is not None
            else win_reason or f"Needs the run's results log ({JOURNAL_NAME})."
        )
        choices.addWidget(self.means_option)
        choices.addWidget(self.wins_option)
        choices.addStretch(1)
        layout.addLayout(choices)
        # A disabled choice's tooltip is easy to miss: say why under the choices too.
        self.wins_note = QLabel("" if self.win_preview is not None else self.wins_option.toolTip(), self)
        self.wins_note.setWordWrap(True)
        self.wins_note.setEnabled(False)  # greyed, as the choice it explains
        self.wins_note.setVisible(self.win_preview is None)
        layout.addWidget(self.wins_note)
        self.table = _table(self, [], [], set())
        layout.addWidget(self.table, 1)
        self.basis = QLabel("", self)
        self.basis.setWordWrap(True)
        layout.addWidget(self.basis)
        form = QFormLayout()
        self.vp_width = QDoubleSpinBox(self)
        self.vp_width.setRange(0.1, 50.0)
        self.vp_width.setSingleStep(0.5)
        self.vp_width.setValue(VP_HALF_WIDTH)
        self.vp_width.setPrefix("± ")
        self.vp_width.setSuffix(" VP")
        self.win_width = QDoubleSpinBox(self)
        self.win_width.setRange(0.5, 50.0)
        self.win_width.setValue(100 * WIN_RATE_HALF_WIDTH)
        self.win_width.setPrefix("± ")
        self.win_width.setSuffix(" %")
        form.addRow("Wanted handicap interval", self.vp_width)
        form.addRow("Wanted win-rate interval", self.win_width)
        layout.addLayout(form)
        self.precision = QLabel("", self)
        self.precision.setWordWrap(True)
        layout.addWidget(self.precision)
        buttons = QDialogButtonBox(self)
        self.run_button = buttons.addButton("Run games", QDialogButtonBox.ButtonRole.ActionRole)
        self.apply_button = buttons.addButton("Apply", QDialogButtonBox.ButtonRole.AcceptRole)
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        layout.addWidget(buttons)
        self.apply_button.clicked.connect(self._on_apply)
        self.run_button.clicked.connect(self._on_run)
        cancel.clicked.connect(self.reject)
        self.vp_width.valueChanged.connect(self._update_precision)
        self.win_width.valueChanged.connect(self._update_precision)
        # The report's own suggestion first, unless it changes nothing and the other one does.
        means_change = any(row["new"] != row["old"] for row in self.preview["rows"])
        wins_change = self.win_preview is not None and any(
            row["new"] != row["old"] for row in self.win_preview["rows"]
        )
        (self.wins_option if wins_change and not means_change else self.means_option).setChecked(True)
        self.means_option.toggled.connect(self._show_choice)
        self._show_choice()
        self._update_precision()
        self.resize(640, 480)

    def choice(self) -> Suggestion:
        """The suggestion chosen to apply."""
        return Suggestion.WINS if self.wins_option.isChecked() else Suggestion.MEANS

    def _rows(self) -> list[dict[str, Any]]:
        if self.choice() is Suggestion.WINS and self.win_preview is not None:
            rows: list[dict[str, Any]] = self.win_preview["rows"]
            return rows
        means: list[dict[str, Any]] = self.preview["rows"]
        return means

    def _show_choice(self) -> None:
        """Fill the table and the basis with the chosen suggestion's figures."""
        rows = self._rows()
        changed = {(r, 2) for r, row in enumerate(rows) if row["new"] != row["old"]}
        names = [self.names.get(row["empire"], row["empire"]) for row in rows]
        if self.choice() is Suggestion.WINS and self.win_preview is not None:
            cells = [
                [
                    name,
                    f"{row['old']:+d}",
                    f"{row['new']:+d}",
                    f"{_percent(row['wins_now'])} → {_percent(row['wins_after'])}",
                    f"{_percent(row['low'])} to {_percent(row['high'])}",
                ]
                for name, row in zip(names, rows, strict=True)
            ]
            headers = ["Empire", "Old", "New", "Wins now → with it", "95% interval (with it)"]
            self.basis.setText(
                f"The suggestion rests on the final scores of {self.win_preview['games']} finished "
                f"games in the run's results log ({JOURNAL_NAME}). The win rates are each empire's "
                "share of their wins under the old and the new handicaps (ties shared); the interval "
                "is where the share with it lies, 95% of the time. A fit to these games: apply it and "
                "check it on a run with another seed."
            )
        else:
            cells = [
                [name, f"{row['old']:+d}", f"{row['new']:+d}", f"{row['low']:+.1f} to {row['high']:+.1f}"]
                for name, row in zip(names, rows, strict=True)
            ]
            headers = ["Empire", "Old", "New", "95% interval"]
            self.basis.setText(
                f"The suggestion rests on {self.preview['games']} finished games. The interval is "
                "where the handicap that evens the mean scores lies, 95% of the time."
            )
        _fill(self.table, headers, cells, changed)
        self.apply_button.setEnabled(bool(changed))
        self.apply_button.setToolTip(
            "Set every empire's handicap to this suggestion (one undo step)"
            if changed
            else "The handicaps already are this suggestion's"
        )

    def games_needed(self) -> int:
        """Games in all for both wanted widths (the larger of the two needs)."""
        return max(self.preview["games_needed_vp"], self.preview["games_needed_win"])

    def _update_precision(self) -> None:
        self.preview = handicap_preview(self.report, self.vp_width.value(), self.win_width.value() / 100)
        needed_vp, needed_win = self.preview["games_needed_vp"], self.preview["games_needed_win"]
        games = self.preview["games"]
        text = (
            f"Widest interval now: ±{self.preview['widest']:.1f} VP. "
            f"±{self.vp_width.value():g} VP needs about {needed_vp} games; win rates within "
            f"±{self.win_width.value():g}% need about {needed_win} games (from this report's spread)."
        )
        more = self.games_needed() > games
        if self.preview["wide"]:
            text = "The intervals are wide. " + text
        self.precision.setText(text)
        self.run_button.setText(f"Run {self.games_needed()} games")
        self.run_button.setEnabled(more)
        self.run_button.setToolTip(
            "Run the report again with that many games" if more else "This report already has enough games"
        )

    def _on_apply(self) -> None:
        if self._apply(self.choice()):
            self.accept()

    def _on_run(self) -> None:
        self._run_games(self.games_needed())
        self.accept()


def _rate(side: dict[str, Any] | None) -> str:
    if side is None:
        return "—"
    low, high = side["win_rate_ci95"]
    return f"{100 * side['win_rate']:.1f}%  [{100 * low:.1f}–{100 * high:.1f}]"


def _p(value: float | None) -> str:
    return "—" if value is None else f"{value:.4f}"


class CompareDialog(QDialog):
    """Two reports side by side: win rates with intervals, mean VP, events per game, with the
    significant changes in bold (the tests of ``model.playtest.compare``)."""

    def __init__(
        self, a: dict[str, Any], b: dict[str, Any], a_label: str, b_label: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Compare balance reports")
        self.comparison = compare_reports(a, b)
        layout = QVBoxLayout(self)
        about_a, about_b = self.comparison["a"], self.comparison["b"]
        self.heading = QLabel(
            f"<b>A</b>: {a_label} ({about_a['finished']} games, seed {about_a['seed']})<br>"
            f"<b>B</b>: {b_label} ({about_b['finished']} games, seed {about_b['seed']})",
            self,
        )
        layout.addWidget(self.heading)
        rows, bold = [], set()
        for r, row in enumerate(self.comparison["seats"]):
            win_change = row["win_rate_change"]
            vp_change = row["mean_vp_change"]
            rows.append(
                [
                    row["name"],
                    _rate(row["a"]),
                    _rate(row["b"]),
                    "—"
                    if win_change is None
                    else f"{100 * win_change:+.1f}" + ("*" if row["win_rate_significant"] else ""),
                    _p(row["win_rate_p"]),
                    "—" if row["a"] is None else f"{row['a']['mean_vp']:.1f}",
                    "—" if row["b"] is None else f"{row['b']['mean_vp']:.1f}",
                    "—"
                    if vp_change is None
                    else f"{vp_change:+.1f}" + ("*" if row["mean_vp_significant"] else ""),
                    _p(row["mean_vp_p"]),
                ]
            )
            if row["win_rate_significant"]:
                bold |= {(r, 3), (r, 4)}
            if row["mean_vp_significant"]:
                bold |= {(r, 7), (r, 8)}
        headers = [
            "Seat",
            "Win rate A [95%]",
            "Win rate B [95%]",
            "Change",
            "p",
            "Mean VP A",
            "Mean VP B",
            "Change",
            "p",
        ]
        self.seats = _table(self, headers, rows, bold)
        layout.addWidget(self.seats, 2)
        layout.addWidget(QLabel("Events per game", self))
        events = self.comparison["events"]
        self.events = _table(
            self,
            ["Event", "A", "B", "Change", "p"],
            [
                [
                    e["event"].replace("_", " "),
                    f"{e['a_per_game']:.2f}",
                    f"{e['b_per_game']:.2f}",
                    f"{e['change']:+.2f}" + ("*" if e["significant"] else ""),
                    _p(e["p"]),
                ]
                for e in events
            ],
            {(r, c) for r, e in enumerate(events) if e["significant"] for c in range(5)},
        )
        layout.addWidget(self.events, 1)
        tests = self.comparison["tests"]
        note = QLabel(
            "* and bold: significant at 5%. Win rates: "
            f"{tests['win_rate']}; mean VP: {tests['mean_vp']}; events: {tests['events_per_game']}. "
            + CHANCE_NOTE,
            self,
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        close = QPushButton("Close", self)
        close.clicked.connect(self.accept)
        layout.addWidget(close)
        self.resize(900, 520)
