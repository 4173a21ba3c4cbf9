"""Errors never crash the window: an exception hook that logs and shows a message instead.

Qt calls Python slots from C++; an exception escaping a slot would otherwise just print and leave
the window in an unknown state. ``install_excepthook`` replaces ``sys.excepthook`` so the user sees
what went wrong and what to do, and the traceback goes to the log.
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

log = logging.getLogger("mappa")

_showing = False


def describe(error: BaseException) -> str:
    """A one-paragraph description of an error for a message box."""
    name = type(error).__name__
    text = str(error) or name
    return text if isinstance(error, ValueError | OSError) else f"{name}: {text}"


def show_error(parent: QWidget | None, title: str, message: str, details: str = "") -> None:
    """Show an error message box (non-blocking for tests is not needed: it is modal like any dialog)."""
    box = QMessageBox(QMessageBox.Icon.Critical, title, message, QMessageBox.StandardButton.Ok, parent)
    if details:
        box.setDetailedText(details)
    box.exec()


def install_excepthook(parent: Callable[[], QWidget | None]) -> None:
    """Route uncaught exceptions to the log and a message box (never to a crash)."""

    def hook(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        global _showing
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, error, trace)
            return
        details = "".join(traceback.format_exception(kind, error, trace))
        log.error("uncaught exception\n%s", details)
        if _showing or QApplication.instance() is None:
            return  # an error while showing an error: the log has it
        _showing = True
        try:
            show_error(
                parent(),
                "Mappa: unexpected error",
                f"{describe(error)}\n\nThe last action may not have completed. Your work is kept: "
                "save it under a new name if in doubt, and report the details below.",
                details,
            )
        finally:
            _showing = False

    sys.excepthook = hook
