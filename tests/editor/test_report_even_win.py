"""The balance dock's choice between the handicaps that even out mean scores (the report's own) and
those that even out win rates (``model.playtest.win_handicaps``, found on the games of the run's
results log): the values shown, one undo step, and the choice disabled without the games."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from editor import commands
from editor.mainwindow import MainWindow
from editor.playtest.balance_dialogs import HandicapPreviewDialog, Suggestion
from editor.playtest.report import ReportDock, report_dock
from model import io, ops
from model.playtest import PlaytestConfig, run_playtest, wilson_interval
from model.playtest.journal import JOURNAL_NAME
from model.playtest.precision import handicap_preview
from model.playtest.report import build_report, current_handicaps, write_report
from model.playtest.win_handicaps import even_win_handicaps

SEED, GAMES = 1, 6
"""A run of the default scenario whose two suggestions differ (and differ from no handicaps)."""


def _play(window: MainWindow, folder: Path, seed: int = SEED) -> Path:
    """Play GAMES games of the window's scenario as ``mappa playtest --out folder`` does; return
    the path of its report.json (its results log beside it)."""
    scenario = window.document.scenario
    config = PlaytestConfig(games=GAMES, jobs=1, seed=seed)
    stats = run_playtest(scenario, config, results_log=folder / JOURNAL_NAME)
    report = build_report(scenario, stats.to_json(), {"games": GAMES, "seed": seed})
    json_path, _html = write_report(scenario, report, folder)
    return json_path


def _from_log(folder: Path, current: dict[str, int]) -> dict[str, Any]:
    """What ``even_win_handicaps`` finds on the scores of the log's lines (read here as JSON)."""
    lines = (folder / JOURNAL_NAME).read_text(encoding="utf-8").splitlines()[1:]
    return even_win_handicaps([json.loads(line)["scores"] for line in lines], current)


def _cells(table: QTableWidget) -> list[list[str]]:
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def _headers(table: QTableWidget) -> list[str]:
    return [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]


def _open_preview(dock: ReportDock) -> HandicapPreviewDialog:
    dock.apply_button.click()
    assert dock.preview is not None and dock.preview.isVisible(), dock.message.text()
    return dock.preview


def test_the_even_win_choice_shows_what_win_handicaps_finds_on_the_runs_games(
    window: MainWindow, tmp_path: Path
) -> None:
    before = current_handicaps(window.document.scenario)
    assert before is not None
    path = _play(window, tmp_path)
    dock = report_dock(window)
    assert dock.open_report(path), dock.message.text()
    expected = _from_log(tmp_path, before)
    assert expected["games"] == GAMES
    assert dock.win_suggestion == expected
    suggested = {empire: row["suggested"] for empire, row in expected["empires"].items()}
    assert dock.report is not None
    means = {e: row["suggested"] for e, row in dock.report["suggested_handicaps"]["empires"].items()}
    assert suggested != before and suggested != means  # a run where the choice matters
    preview = _open_preview(dock)
    assert preview.means_option.isChecked() and preview.wins_option.isEnabled()
    assert preview.wins_note.isHidden()
    assert preview.means_option.text() == "Even out mean scores"
    assert preview.wins_option.text() == "Even out win rates"
    preview.wins_option.click()
    assert preview.choice() is Suggestion.WINS
    assert _headers(preview.table) == ["Empire", "Old", "New", "Wins now → with it", "95% interval (with it)"]
    names = {e.id: e.name for e in window.document.scenario.setup.empires}
    rows = []
    for empire, row in expected["empires"].items():
        low, high = wilson_interval(row["wins_after"] * GAMES, GAMES)
        rows.append(
            [
                names[empire],
                f"{before[empire]:+d}",
                f"{row['suggested']:+d}",
                f"{100 * row['wins_now']:.1f}% → {100 * row['wins_after']:.1f}%",
                f"{100 * round(low, 4):.1f}% to {100 * round(high, 4):.1f}%",
            ]
        )
    assert _cells(preview.table) == rows
    changed = [r for r, row in enumerate(expected["empires"].values()) if row["change"]]
    assert changed and all(preview.table.item(r, 2).font().bold() for r in changed)
    assert f"rests on the final scores of {GAMES} finished games" in preview.basis.text()
    assert preview.apply_button.isEnabled()
    preview.means_option.click()  # back to the report's own: its table, with its intervals
    assert _headers(preview.table) == ["Empire", "Old", "New", "95% interval"]
    mean_rows = handicap_preview(dock.report)["rows"]
    assert [cells[2] for cells in _cells(preview.table)] == [f"{row['new']:+d}" for row in mean_rows]
    assert f"rests on {GAMES} finished games" in preview.basis.text()


def test_applying_the_even_win_handicaps_is_one_undo_step(window: MainWindow, tmp_path: Path) -> None:
    document = window.document
    before = current_handicaps(document.scenario)
    assert before is not None
    dock = report_dock(window)
    assert dock.open_report(_play(window, tmp_path))
    expected = {e: row["suggested"] for e, row in _from_log(tmp_path, before)["empires"].items()}
    text_before = io.dumps(document.scenario)
    steps = document.undo_stack.count()
    preview = _open_preview(dock)
    preview.wins_option.click()
    preview.apply_button.click()
    assert not preview.isVisible()
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Apply even-win handicaps"
    assert current_handicaps(document.scenario) == expected
    model = window.tables_dock.empires.model
    column = [name for name, _getter in model.columns].index("Handicap")
    shown = {empire: model.index(model.row_of(empire), column).data() for empire in expected}
    assert shown == expected
    assert not dock.apply_button.isEnabled()  # the games' handicaps are no longer the document's
    text_after = io.dumps(document.scenario)
    document.undo_stack.undo()
    assert current_handicaps(document.scenario) == before
    assert io.dumps(document.scenario) == text_before
    assert {empire: model.index(model.row_of(empire), column).data() for empire in expected} == before
    assert dock.apply_button.isEnabled()
    document.undo_stack.redo()
    assert io.dumps(document.scenario) == text_after


def test_without_the_runs_games_the_choice_is_disabled_and_says_why(
    window: MainWindow, tmp_path: Path
) -> None:
    path = _play(window, tmp_path / "run")
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copyfile(path, alone / "report.json")  # the report without its folder's results log
    dock = report_dock(window)
    assert dock.open_report(alone / "report.json")
    assert dock.win_suggestion is None
    preview = _open_preview(dock)
    assert preview.means_option.isChecked()
    assert not preview.wins_option.isEnabled()
    why = preview.wins_option.toolTip()
    assert JOURNAL_NAME in why and "opened without it" in why
    assert preview.wins_note.text() == why and not preview.wins_note.isHidden()
    before = io.dumps(window.document.scenario)
    assert not dock.apply_handicaps(Suggestion.WINS)
    assert io.dumps(window.document.scenario) == before
    # A log whose games were played on another version of the scenario is refused too.
    commands.execute(window.document, lambda s: ops.set_metadata(s, title="Another version"))
    assert dock.open_report(path)
    assert dock.win_suggestion is None and "another version" in dock.win_reason
    # The report's own suggestion is still there.
    assert dock.apply_button.isEnabled()


def test_a_results_log_of_another_run_beside_the_report_is_not_read_as_its_games(
    window: MainWindow, tmp_path: Path
) -> None:
    # Same scenario, another seed: the folder's log is another run's (a report saved over a folder
    # that held one, or files copied by hand), so its games are not the report's.
    path = _play(window, tmp_path / "run")
    _play(window, tmp_path / "other", seed=SEED + 1)
    shutil.copyfile(tmp_path / "other" / JOURNAL_NAME, tmp_path / "run" / JOURNAL_NAME)
    dock = report_dock(window)
    assert dock.open_report(path)
    assert dock.win_suggestion is None
    assert f"seed {SEED + 1}" in dock.win_reason and f"seed {SEED}" in dock.win_reason
    assert dock.apply_button.isEnabled()  # the report's own suggestion is still there


def test_a_run_in_the_dock_keeps_its_games_and_saves_them_beside_the_report(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    dock = report_dock(window)
    dock.games.setValue(GAMES)
    dock.jobs.setValue(1)
    dock.seed.setValue(SEED)
    dock.run_button.click()
    qtbot.waitUntil(lambda: dock.worker is None, timeout=120_000)
    assert dock.report is not None, dock.message.text()
    current = current_handicaps(window.document.scenario)
    assert current is not None
    assert dock.run_folder is not None
    found = dock.win_suggestion
    assert found == _from_log(dock.run_folder, current)
    assert dock.save(tmp_path)
    assert (tmp_path / JOURNAL_NAME).read_bytes() == (dock.run_folder / JOURNAL_NAME).read_bytes()
    assert JOURNAL_NAME in dock.message.text()
    scratch = dock.run_folder
    assert dock.open_report(tmp_path / "report.json")  # the saved folder opens with its games
    assert dock.win_suggestion == found
    assert not scratch.exists()  # the run's own folder went with its report


def test_a_report_missing_a_figure_the_dock_draws_is_refused_with_its_place(
    window: MainWindow, tmp_path: Path
) -> None:
    path = _play(window, tmp_path / "run")
    data = json.loads(path.read_text(encoding="utf-8"))
    empire = next(iter(data["empires"]))
    del data["empires"][empire]["victory_points"]["p90"]  # the box plot's upper whisker
    path.write_text(json.dumps(data), encoding="utf-8")
    dock = report_dock(window)
    assert not dock.open_report(path)
    assert dock.report is None
    assert dock.message.text().startswith(
        f"Cannot open the report: {path}: empires.{empire}.victory_points.p90: field required;"
    )
    # The dock's own buttons, not a command line the reader is not at.
    assert dock.message.text().endswith(
        "; run the games again here (Run) and keep their report (Save report…)"
    )
