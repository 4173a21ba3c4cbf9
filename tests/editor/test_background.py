"""Work a user waits on runs off the UI thread: the event loop keeps running, Cancel drops it."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton

from editor.background import Cancelled, in_background


def test_the_ui_keeps_running_while_the_work_runs(qtbot: Any) -> None:
    release = threading.Event()
    ticks: list[int] = []

    def on_ui_thread() -> None:  # runs only if the event loop turns while we wait
        ticks.append(threading.get_ident())
        release.set()

    QTimer.singleShot(20, on_ui_thread)

    def work() -> str:
        assert release.wait(10), "the UI thread was blocked"
        return f"done on {threading.get_ident()}"

    assert in_background(work, "Working…") != f"done on {threading.get_ident()}"
    assert ticks == [threading.get_ident()]


def test_errors_come_back_to_the_caller(qtbot: Any) -> None:
    def work() -> None:
        raise ValueError("bad.geojson: not a GeoJSON or TopoJSON file")

    with pytest.raises(ValueError, match=r"bad\.geojson"):
        in_background(work, "Working…")


def test_cancel_drops_the_result(qtbot: Any) -> None:
    release = threading.Event()

    def press_cancel() -> None:
        (dialog,) = [w for w in QApplication.topLevelWidgets() if isinstance(w, QProgressDialog)]
        dialog.findChild(QPushButton).click()  # the Cancel button

    QTimer.singleShot(50, press_cancel)
    try:
        with pytest.raises(Cancelled):
            in_background(lambda: release.wait(10), "Reading a huge basemap…")
    finally:
        release.set()
