"""File > New: choose a ruleset's empty map (with its usual catalogs) or one of its shipped scenarios.

The choices are grouped by ruleset (``editor.new_scenario.choices``); the first row, an empty map
of the default ruleset, is chosen when the dialog opens, so Enter makes what File > New always
made, now with catalogs. Double-click or OK takes a row.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.new_scenario import RulesetChoices, choices

_CHOICE = Qt.ItemDataRole.UserRole


@dataclass(frozen=True)
class NewChoice:
    """What the author picked: a ruleset's empty map (``template`` None) or a shipped scenario."""

    ruleset_id: str
    template: Path | None = None


class NewScenarioDialog(QDialog):
    """The rulesets, each with "Empty map" and its shipped scenarios; ``choice()`` is the pick."""

    def __init__(self, parent: QWidget | None = None, groups: list[RulesetChoices] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("new_scenario_dialog")
        self.setWindowTitle("New scenario")
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("new_choices")
        self.tree.setHeaderLabels(["Start from", "Contents"])
        self.tree.setRootIsDecorated(False)
        self.tree.setColumnWidth(0, 320)
        self.about = QLabel(self)
        self.about.setWordWrap(True)
        self.about.setMinimumHeight(48)
        self.about.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Start a new scenario for a ruleset:", self))
        layout.addWidget(self.tree)
        layout.addWidget(self.about)
        layout.addWidget(buttons)
        self._fill(groups if groups is not None else choices())
        self.tree.currentItemChanged.connect(self._on_current)
        self.tree.itemDoubleClicked.connect(lambda item, _column: self.accept() if self._of(item) else None)
        first = self._first_choice()
        if first is not None:
            self.tree.setCurrentItem(first)
        self._on_current(self.tree.currentItem())
        self.resize(640, 420)

    def _fill(self, groups: list[RulesetChoices]) -> None:
        for group in groups:
            header = QTreeWidgetItem(self.tree, [group.name])
            header.setFlags(Qt.ItemFlag.ItemIsEnabled)  # a heading, not a choice
            font = header.font(0)
            font.setBold(True)
            header.setFont(0, font)
            empty = QTreeWidgetItem(header, ["    Empty map", f"with {group.catalog_summary()}"])
            empty.setData(0, _CHOICE, NewChoice(group.ruleset_id))
            empty.setToolTip(0, f"A blank {group.name} map with {group.catalog_summary()}")
            for template in group.templates:
                item = QTreeWidgetItem(header, [f"    {template.title}", template.path.name])
                item.setData(0, _CHOICE, NewChoice(group.ruleset_id, template.path))
                item.setToolTip(0, template.description)
            header.setExpanded(True)

    @staticmethod
    def _of(item: QTreeWidgetItem | None) -> NewChoice | None:
        value = item.data(0, _CHOICE) if item is not None else None
        return value if isinstance(value, NewChoice) else None

    def _first_choice(self) -> QTreeWidgetItem | None:
        for row in range(self.tree.topLevelItemCount()):
            header = self.tree.topLevelItem(row)
            if header is not None and header.childCount():
                return header.child(0)
        return None

    def _on_current(self, item: QTreeWidgetItem | None, _previous: object = None) -> None:
        choice = self._of(item)
        self.ok_button.setEnabled(choice is not None)
        if choice is None:
            self.about.setText("Pick an empty map or a shipped scenario.")
        elif choice.template is None:
            self.about.setText(
                "An empty map: draw the areas, then set up empires. The catalogs (languages, religions) "
                "are the ruleset's usual ones; edit them in the Catalogs panel."
            )
        else:
            self.about.setText(item.toolTip(0) if item is not None else "")

    def choice(self) -> NewChoice | None:
        """The row chosen (None when a heading is current)."""
        return self._of(self.tree.currentItem())

    def select(self, choice: NewChoice) -> bool:
        """Make the row of this choice current (tests and keyboard users); False when it is not listed."""
        for row in range(self.tree.topLevelItemCount()):
            header = self.tree.topLevelItem(row)
            for index in range(header.childCount() if header is not None else 0):
                item = header.child(index) if header is not None else None
                if self._of(item) == choice:
                    self.tree.setCurrentItem(item)
                    return True
        return False


def ask_new(parent: QWidget | None) -> NewChoice | None:
    """Show the New dialog; the choice, or None when cancelled."""
    dialog = NewScenarioDialog(parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.choice()
