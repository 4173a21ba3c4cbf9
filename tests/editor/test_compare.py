"""File > Compare with…: the Changes panel lists the diff, the map colours the areas, and clicking
a change selects its area; the other version from a file, the last saved file or a git revision."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from editor import commands
from editor.compare.controller import CompareSource, comparison, read_source
from editor.mainwindow import MainWindow
from model import io, ops
from tests.model.conftest import grid_scenario


@pytest.fixture
def versions(tmp_path: Path) -> tuple[Path, Path]:
    """The grid as saved before (old) and after (new) an author's edits."""
    old = tmp_path / "old.mappa.json"
    io.save(grid_scenario(), old)
    new_scenario = grid_scenario()
    ops.split_area(new_scenario, "a00", [(-1, 5), (11, 5)], name="North Land")
    ops.delete_area(new_scenario, "a22")
    ops.set_area_fields(new_scenario, "a11", name="Heartland")
    new = tmp_path / "new.mappa.json"
    io.save(new_scenario, new)
    return old, new


@pytest.fixture
def window(qtbot: QtBot, versions: tuple[Path, Path]) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(versions[1])
    window.resize(1300, 860)
    window.show()
    return window


def test_compare_lists_colours_and_locates(
    window: MainWindow, versions: tuple[Path, Path], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "editor.compare.controller.ask_source", lambda _window: CompareSource("file", str(versions[0]))
    )
    window.actions_by_name["compare"].trigger()
    comparison = window.comparison
    assert comparison is not None and comparison.dock.isVisible()
    assert comparison.dock.summary.text() == "Compared with old.mappa.json: 7 changes"
    assert comparison.dock.rows()[:4] == [
        "~ linework: 3 added, 2 redrawn boundaries",
        "+ area North Land (a100) added (land): split off from Land 00 (a00)",
        "- area Land 22 (a22) removed",
        "~ area Land 00 (a00) reshaped: 100 → 50 px² (-50.0%); land given to North Land (a100)",
    ]
    layer = comparison.layer
    assert {i: layer.status_of(i) for i in ("a100", "a22", "a00", "a11", "a01")} == {
        "a100": "added",
        "a22": "removed",
        "a00": "changed",
        "a11": "changed",
        "a01": None,
    }
    # The removed area is drawn where it was (its old square), hatched.
    assert layer.rect_of(["a22"]).getCoords() == pytest.approx((19.0, 19.0, 31.0, 31.0), abs=1.5)

    tree = comparison.dock.tree
    rows = [
        tree.topLevelItem(t).child(i)
        for t in range(tree.topLevelItemCount())
        for i in range(tree.topLevelItem(t).childCount())
    ]
    renamed = next(row for row in rows if "renamed" in row.text(0))
    assert renamed.text(0) == "~ area a11 renamed: 'Land 11' → 'Heartland'"
    tree.scrollToItem(renamed)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(renamed).center())
    assert window.selection.ids == ("a11",)

    # An edit while comparing: the list and the colours follow once the author pauses.
    commands.execute(window.document, [lambda s: ops.set_area_fields(s, "a01", name="Midmark")], "Rename")
    qtbot.waitUntil(
        lambda: "~ area a01 renamed: 'Land 01' → 'Midmark'" in comparison.dock.rows(), timeout=5000
    )
    assert layer.status_of("a01") == "changed"

    comparison.clear()
    assert layer.status_of("a100") is None and comparison.dock.rows() == []


def test_compare_with_the_last_saved_version(window: MainWindow) -> None:
    commands.execute(window.document, [lambda s: ops.set_area_fields(s, "a01", name="Midmark")], "Rename")
    old, label = read_source(window, CompareSource("saved"))
    diff = comparison(window).show(old, label)
    assert label == "the last saved new.mappa.json"
    assert [c.text for c in diff.changes] == ["area a01 renamed: 'Land 01' → 'Midmark'"]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_compare_with_a_git_revision(window: MainWindow, versions: tuple[Path, Path]) -> None:
    folder = versions[1].parent

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=folder, check=True, capture_output=True)

    git("init", "-q", "-b", "main")
    git("config", "user.name", "Test")
    git("config", "user.email", "test@example.org")
    shutil.copyfile(versions[0], versions[1])  # commit the old version under the open file's name
    git("add", "new.mappa.json")
    git("commit", "-q", "-m", "old")
    old, label = read_source(window, CompareSource("git", "HEAD"))
    assert label == "new.mappa.json at HEAD"
    assert io.dumps(old) == versions[0].read_text(encoding="utf-8")
    with pytest.raises(ValueError, match=r"git has no new\.mappa\.json in revision nosuch"):
        read_source(window, CompareSource("git", "nosuch"))


def test_a_merge_conflict_is_listed_in_the_issues_dock_and_locates_its_area(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from model.merge import merge_scenarios

    ours, theirs = grid_scenario(), grid_scenario()
    ops.set_area_fields(ours, "a12", name="Ours")
    ops.set_area_fields(theirs, "a12", name="Theirs")
    merged = tmp_path / "merged.mappa.json"
    io.save(merge_scenarios(grid_scenario(), ours, theirs).scenario, merged)
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(merged)
    qtbot.waitUntil(
        lambda: any(i.code == "MERGE_CONFLICT" for i in window.issues_dock.model.issues), timeout=10000
    )
    row = next(
        r
        for r in range(window.issues_dock.model.rowCount())
        if window.issues_dock.issue_at(r).code == "MERGE_CONFLICT"
    )
    window.issues_dock.issue_activated.emit(window.issues_dock.issue_at(row))
    assert window.selection.ids == ("a12",)
