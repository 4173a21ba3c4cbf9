"""Runs in a worker thread for the editor's dialogs (Generate, Import): a ``QThread`` per run.

A new thread per run, not a pooled one: pyproj keeps each thread's PROJ context in C
thread-local storage but frees it with the Python thread state, which a pooled thread drops
after every run, so the next run in that thread would use a freed context and crash.

Every run started is kept in ``JOBS`` until it has finished, so that closing a dialog never
frees a running thread, and the application waits for the runs under way before it quits.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QThread, Signal

JOBS: list[BackgroundJob] = []
"""Runs under way or finished; kept here so that closing a dialog never frees a running thread."""

_HOOKED = "mappa_background_jobs_hooked"
"""Application property set once ``wait_for_jobs`` is connected to ``aboutToQuit``."""


class BackgroundJob(QThread):
    """One run in a thread of its own; its outcome is queued to the UI thread.

    A subclass sets ``expected`` (the errors a user's input can cause) and ``what`` (named in
    the log when anything else goes wrong), and does the work in ``work``.
    """

    outcome = Signal(int, object, object)
    """serial, the run's result or None, the error or None (queued to the UI thread)."""

    expected: tuple[type[Exception], ...] = ()
    what = "background run"

    def __init__(self, serial: int) -> None:
        super().__init__()
        self.serial = serial

    def work(self) -> object:
        """Do the run in the worker thread and return its result."""
        raise NotImplementedError

    def run(self) -> None:
        """Run ``work``; every failure becomes the outcome's error (a worker never dies silently)."""
        result: object = None
        error: Exception | None = None
        try:
            result = self.work()
        except self.expected as failure:
            error = failure
        except Exception as failure:  # a bug in the work: report it, keep the editor alive
            logging.getLogger(type(self).__module__).exception("%s failed", self.what)
            error = failure
        self.outcome.emit(self.serial, result, error)


def keep(job: BackgroundJob) -> None:
    """Keep ``job`` until it has finished (drop the finished ones), and wait for it at quit."""
    JOBS[:] = [kept for kept in JOBS if not kept.isFinished()]
    if not JOBS:
        app = QCoreApplication.instance()
        if app is not None and not app.property(_HOOKED):
            app.aboutToQuit.connect(wait_for_jobs)
            app.setProperty(_HOOKED, True)
    JOBS.append(job)


def wait_for_jobs() -> None:
    """Let runs under way end before the application quits (a QThread must not outlive its object)."""
    for job in JOBS:
        job.wait()
    JOBS.clear()
