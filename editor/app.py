"""The editor application: ``main(argv)`` opens the main window (``mappa`` and ``mappa edit FILE``).

Start-up order: the QApplication and its identity (for QSettings and the recovery folder), the
exception hook (errors become messages, never crashes), the window shown, then the file: a crashed
session's recovery file if the user accepts it (asked over the shown window), else the one given or
the bundled default scenario.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from editor import polygonize_process
from editor.autosave import Recovery, pending_recoveries
from editor.errors import install_excepthook, show_error
from editor.files import startup_scenario
from editor.mainwindow import MainWindow
from model import about, io
from model.resources import resource_path

log = logging.getLogger("mappa")


def make_app(argv: Sequence[str] | None = None) -> QApplication:
    """Return the QApplication (created once), named so that settings and recovery files have a home."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(list(argv) if argv is not None else sys.argv[:1])
        # A window stops the helper when it closes; this catches a quit that closes no window.
        app.aboutToQuit.connect(polygonize_process.stop_helper)
    app.setOrganizationName("Mappa")
    app.setApplicationName("Mappa")
    app.setApplicationDisplayName("Mappa")
    app.setApplicationVersion(about.mappa_version())
    # The desktop entry's name (packaging/linux/mappa.desktop): Wayland and the task bars match
    # the window to the entry, and so to its icon, by it.
    app.setDesktopFileName("mappa")
    app.setWindowIcon(QIcon(str(resource_path("icons", "mappa.png"))))
    return app


def offer_recovery(window: MainWindow, recoveries: list[Recovery]) -> bool:
    """Ask whether to recover the newest crashed session; load it (unsaved) when accepted."""
    if not recoveries:
        return False
    newest = recoveries[0]
    where = f" (from {newest.original})" if newest.original else ""
    answer = QMessageBox.question(
        window,
        "Recover unsaved work?",
        f"Mappa did not close cleanly last time. A recovery copy of “{newest.title}”{where} exists.\n\n"
        "Recover it? (No deletes the copy.)",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.Yes,
    )
    if answer != QMessageBox.StandardButton.Yes:
        for recovery in recoveries:
            recovery.discard()
        return False
    return recover(window, newest)


def recover(window: MainWindow, recovery: Recovery) -> bool:
    """Load a recovery file into the window as unsaved changes to its original file."""
    try:
        scenario = io.load(recovery.scenario_path)
    except io.LoadError as error:
        show_error(window, "Cannot recover", str(error))
        recovery.discard()
        return False
    window.document.replace_scenario(scenario, recovery.original)
    # The recovered state differs from the file on disk: make it count as unsaved.
    window.document.undo_stack.resetClean()
    window.document.file_changed.emit()
    recovery.discard()
    return True


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Parse the editor's own arguments: an optional file to open."""
    parser = argparse.ArgumentParser(prog="mappa edit", description="Open the Mappa editor.")
    parser.add_argument(
        "file", nargs="?", help="a .mappa.json scenario (default: the bundled default scenario)"
    )
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the editor until its window closes; return the exit code."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    app = make_app()
    window = MainWindow()
    install_excepthook(lambda: window)
    start(window, args.file, pending_recoveries())
    return int(app.exec())


def start(window: MainWindow, file: str | None, recoveries: list[Recovery]) -> bool:
    """Show the window, then offer a crashed session's recovery over it, then open the file (the one
    given, else the bundled default) unless the recovery was taken; return whether it was.

    The window is shown and painted first so that the recovery question sits on the editor it
    belongs to, not alone on an empty screen (issue 18.14)."""
    window.show()
    QApplication.processEvents()  # let the window appear before the modal question blocks
    recovered = offer_recovery(window, recoveries)
    if file:
        path = Path(file)
        if recovered:
            log.info("recovered a crashed session; not opening %s", path)
        elif not window.open_path(path) and startup_scenario().exists():
            window.open_path(startup_scenario())  # the error was shown; still give the author a map
    elif not recovered and startup_scenario().exists():
        window.open_path(startup_scenario())
    return recovered


if __name__ == "__main__":
    raise SystemExit(main())
