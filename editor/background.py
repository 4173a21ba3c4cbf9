"""Run a slow, pure computation off the UI thread while the UI stays responsive, and wait for it.

``in_background`` is for work a user asked for and waits on (reading and projecting a basemap they
chose): the caller gets the result as if the call were direct, but meanwhile the event loop runs,
a busy dialog with a Cancel button appears after a short delay, and the window keeps repainting.
The work must not touch widgets or edit the scenario (it runs on a worker thread); reading is fine
because the dialog is modal, so no edit happens meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

T = TypeVar("T")

_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="editor-background")
SHOW_AFTER_MS = 300
POLL_MS = 30


class Cancelled(Exception):
    """The user pressed Cancel: the result is dropped (the worker finishes on its own)."""


def in_background(work: Callable[[], T], label: str, parent: QWidget | None = None) -> T:
    """Return ``work()`` computed on a worker thread; re-raise what it raised; ``Cancelled`` on Cancel."""
    future: Future[T] = _WORKER.submit(work)
    if not future.done() and _wait(future, label, parent):
        raise Cancelled(label)
    return future.result()


def _wait(future: Future[T], label: str, parent: QWidget | None) -> bool:
    """Run the event loop until the work is done or the user cancels; return True when cancelled."""
    loop = QEventLoop()
    dialog = QProgressDialog(label, "Cancel", 0, 0, parent)  # 0..0: a busy bar
    dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.canceled.connect(loop.quit)
    timer = QTimer()
    timer.setInterval(POLL_MS)
    timer.timeout.connect(lambda: loop.quit() if future.done() or dialog.wasCanceled() else None)
    timer.start()
    try:
        loop.exec()
        return dialog.wasCanceled() and not future.done()
    finally:
        timer.stop()
        dialog.reset()
        dialog.deleteLater()
