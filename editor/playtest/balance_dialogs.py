"""The balance dock's dialogs: the handicap preview before "Apply suggested handicaps", and the
side-by-side comparison of the shown report with another one ("Compare with a report…").

Both show figures the model computes (``model.playtest.precision`` and ``model.playtest.compare``),
so the editor says exactly what ``report.json`` and ``mappa playtest compare`` say.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from model.playtest.compare import CHANCE_NOTE, compare_reports
from model.playtest.precision import VP_HALF_WIDTH, WIN_RATE_HALF_WIDTH, handicap_preview


def _table(
    parent: QWidget, headers: list[str], rows: list[list[str]], bold: set[tuple[int, int]]
) -> QTableWidget:
    """A read-only table of text cells; ``bold`` cells (row, column) stand out (significant)."""
    table = QTableWidget(len(rows), len(headers), parent)
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
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
    return table


class HandicapPreviewDialog(QDialog):
    """The change per empire (old, new, 95% interval), the games it rests on and, when the
    intervals are wide, how many games a wanted width needs, with a button to run them."""

    def __init__(
        self,
        report: dict[str, Any],
        names: dict[str, str],
        apply: Callable[[], bool],
        run_games: Callable[[int], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Apply suggested handicaps")
        self.report = report
        self._apply = apply
        self._run_games = run_games
        layout = QVBoxLayout(self)
        self.preview = handicap_preview(report)
        rows = [
            [
                names.get(row["empire"], row["empire"]),
                f"{row['old']:+d}",
                f"{row['new']:+d}",
                f"{row['low']:+.1f} to {row['high']:+.1f}",
            ]
            for row in self.preview["rows"]
        ]
        changed = {(r, 2) for r, row in enumerate(self.preview["rows"]) if row["new"] != row["old"]}
        self.table = _table(self, ["Empire", "Old", "New", "95% interval"], rows, changed)
        layout.addWidget(self.table)
        self.basis = QLabel(
            f"The suggestion rests on {self.preview['games']} finished games. The interval is where "
            "the handicap that evens the mean scores lies, 95% of the time.",
            self,
        )
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
        self._update_precision()
        self.resize(560, 420)

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
        if self._apply():
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
