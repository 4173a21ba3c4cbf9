"""View > Map mode and the toolbar's mode box list the modes of the open scenario's ruleset.

The menu holds every mode of every known ruleset; when a scenario opens, the modes of other
rulesets are hidden, and a map shown in a hidden mode goes back to the owners. Shared modes
(owner, land and sea, validation...) always show. The Alt+1 to Alt+9 keys go to the first nine
modes shown, so every ruleset's own modes get keys however many rulesets are installed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QListView

from editor.document import DocumentChange
from editor.mapview.modes import modes_for

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow

MODE_KEYS = 9
"""How many of the modes shown get an Alt+N key (Alt+1 to Alt+9; Qt has no Alt+10)."""


def follow_ruleset(window: MainWindow, actions: Mapping[str, QAction], box: QComboBox) -> None:
    """Show the modes of the scenario's ruleset now and after each file that opens."""

    def update(change: DocumentChange | None = None) -> None:
        if change is not None and not (change.reset or change.setup):
            return
        offered = modes_for(window.document.scenario.ruleset.id)
        keys = {
            mode_id: f"Alt+{number}" for number, mode_id in enumerate(offered, start=1) if number <= MODE_KEYS
        }
        for key, action in actions.items():
            if key.startswith("mode_"):
                mode_id = key.removeprefix("mode_")
                action.setVisible(mode_id in offered)
                action.setShortcut(QKeySequence(keys.get(mode_id, "")))
        view = box.view()
        for row in range(box.count()):
            if isinstance(view, QListView):
                view.setRowHidden(row, box.itemData(row) not in offered)
        if window.scene.mode_id not in offered:
            window.set_mode("owner")

    window.document.changed.connect(update)
    update()
