"""The editor tells the author when it tidied temporaries a killed save left beside the file, and
saves through a symbolic link to its target."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from editor.document import ScenarioDocument
from editor.mainwindow import MainWindow
from model import io

ROOT = Path(__file__).resolve().parents[2]


def _stale(folder: Path, target: Path) -> Path:
    leftover = folder / f".{target.name}.a1b2c3d4.tmp"
    leftover.write_bytes(b"{")
    old = time.time() - 3600
    os.utime(leftover, (old, old))
    return leftover


def test_open_and_save_say_they_removed_stale_temporaries(tmp_path: Path, qtbot: Any) -> None:
    target = tmp_path / "map.mappa.json"
    target.write_bytes((ROOT / "scenarios" / "default.mappa.json").read_bytes())
    leftover = _stale(tmp_path, target)
    window = MainWindow(ScenarioDocument())
    qtbot.addWidget(window)
    assert window.open_path(target)
    assert not leftover.exists()
    assert (
        window.status.currentMessage()
        == f"Removed 1 temporary file left beside {target.name} by an interrupted save"
    )
    window.status.clearMessage()
    leftovers = [_stale(tmp_path, target), tmp_path / f".{target.name}.zzzzzzzz.tmp"]
    leftovers[1].write_bytes(b"{")
    os.utime(leftovers[1], (0, 0))
    assert window.files.save()
    assert not any(p.exists() for p in leftovers)
    assert "Removed 2 temporary files" in window.status.currentMessage()


def test_saving_a_file_opened_through_a_link_keeps_the_link(tmp_path: Path, qtbot: Any) -> None:
    real = tmp_path / "work" / "map.mappa.json"
    real.parent.mkdir()
    real.write_bytes((ROOT / "scenarios" / "default.mappa.json").read_bytes())
    link = tmp_path / "map-link.mappa.json"
    link.symlink_to(real)
    window = MainWindow(ScenarioDocument())
    qtbot.addWidget(window)
    assert window.open_path(link)
    window.document.scenario.metadata.title = "Edited through the link"  # as if edited
    assert window.files._write(link)
    assert link.is_symlink() and io.load(real).metadata.title == "Edited through the link"
