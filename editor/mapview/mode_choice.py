"""View > Map mode and the toolbar's mode box list the modes of the open scenario's ruleset.

The menu holds every mode of every known ruleset (so each keeps its Alt+N key); when a scenario
opens, the modes of other rulesets are hidden, and a map shown in a hidden mode goes back to the
owners. Shared modes (owner, land and sea, validation...) always show.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QListView

from editor.document import DocumentChange
from editor.mapview.modes import modes_for

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow


def follow_ruleset(window: MainWindow, actions: Mapping[str, QAction], box: QComboBox) -> None:
    """Show the modes of the scenario's ruleset now and after each file that opens."""

    def update(change: DocumentChange | None = None) -> None:
        if change is not None and not (change.reset or change.setup):
            return
        offered = modes_for(window.document.scenario.ruleset.id)
        for key, action in actions.items():
            if key.startswith("mode_"):
                action.setVisible(key.removeprefix("mode_") in offered)
        view = box.view()
        for row in range(box.count()):
            if isinstance(view, QListView):
                view.setRowHidden(row, box.itemData(row) not in offered)
        if window.scene.mode_id not in offered:
            window.set_mode("owner")

    window.document.changed.connect(update)
    update()
