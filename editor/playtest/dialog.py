"""The play-test setup dialog: who plays each seat, the seed, and the scenario's optional rules.

The options form is generated from the ruleset's pydantic ``options`` model (the inspector's
``SchemaForm``), so a new optional rule needs no widget code. Choices apply to this play only.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.docks.schemaform import SchemaForm, set_path
from editor.playtest.session import HUMAN, PlaytestSetup, new_seed
from model.rules.protocol import Game, seat_names
from model.rules.registry import RulesetSpec
from model.scenario import Scenario


def seats_of(scenario: Scenario, spec: RulesetSpec) -> list[tuple[str, str]]:
    """The seats of the game the scenario makes, ``(id, name)`` in seat order, as the engine
    lists them (``Game.players()``: the empires, or players who take over empires).

    A scenario the engine cannot set up falls back to its empires: starting then says what is wrong.
    """
    try:
        game: Game = spec.engine_factory()(scenario)
    except (LookupError, ValueError):
        return [(empire.id, empire.name) for empire in scenario.setup.empires]
    names = seat_names(scenario, game)
    return [(player, names.get(player, player)) for player in game.players()]


class PlaytestSetupDialog(QDialog):
    """Build with the scenario; read :meth:`setup` after the user accepts."""

    def __init__(self, scenario: Scenario, spec: RulesetSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Play-test")
        self.setObjectName("playtest_setup")
        layout = QVBoxLayout(self)
        seats_box = QGroupBox(f"Who plays each {spec.player_label}", self)
        seats_form = QFormLayout(seats_box)
        self.seat_boxes: dict[str, QComboBox] = {}
        levels = spec.bot_levels()
        for index, (player, name) in enumerate(seats_of(scenario, spec)):
            box = QComboBox(seats_box)
            box.setObjectName(f"seat_{player}")
            box.addItem("Human", HUMAN)
            for level in levels:
                box.addItem(f"AI: {level}", level)
            # The first seat is the author's by default; the others are the strongest AI.
            box.setCurrentIndex(0 if index == 0 else box.count() - 1)
            seats_form.addRow(name, box)
            self.seat_boxes[player] = box
        layout.addWidget(seats_box)

        seed_row = QHBoxLayout()
        self.seed = QSpinBox(self)
        self.seed.setRange(1, 2**31 - 1)
        self.seed.setValue(new_seed())
        self.seed.setToolTip("The same seed and actions always give the same game")
        reroll = QPushButton("New seed", self)
        reroll.clicked.connect(lambda: self.seed.setValue(new_seed()))
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(reroll)
        seed_form = QFormLayout()
        seed_form.addRow("Seed", seed_row)
        layout.addLayout(seed_form)

        options_box = QGroupBox("Optional rules (this play only)", self)
        options_layout = QVBoxLayout(options_box)
        self.options: dict[str, Any] = dict(scenario.ruleset.options)
        self.options_form = SchemaForm(spec.options, lambda _kind: [], options_box)
        self.options_form.set_values([spec.options.model_validate(self.options).model_dump(mode="json")])
        self.options_form.edited.connect(self._on_option)
        options_layout.addWidget(self.options_form)
        layout.addWidget(options_box)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Play")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _on_option(self, path: tuple[str, ...], value: Any) -> None:
        self.options = set_path(self.options, path, value)

    def set_seat(self, player: str, seat: str) -> None:
        """Choose who plays a seat (``HUMAN`` or an AI level); raise ``KeyError`` for an unknown one."""
        box = self.seat_boxes[player]
        index = box.findData(seat)
        if index < 0:
            raise KeyError(f"no seat choice {seat!r} for {player}")
        box.setCurrentIndex(index)

    def setup(self) -> PlaytestSetup:
        """What the dialog says now."""
        return PlaytestSetup(
            seats={player: str(box.currentData()) for player, box in self.seat_boxes.items()},
            seed=self.seed.value(),
            options=dict(self.options),
        )


def ask_setup(scenario: Scenario, spec: RulesetSpec, parent: QWidget | None) -> PlaytestSetup | None:
    """Show the dialog modally; return the choices, or None when cancelled (tests replace this)."""
    dialog = PlaytestSetupDialog(scenario, spec, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.setup()
