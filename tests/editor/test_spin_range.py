"""Spin boxes generated from the schema refuse an out-of-range number with the allowed range, never
by silently keeping another value (issue 18.3: typing 9 as a fort strength became 0)."""

from __future__ import annotations

import pytest
from editor_helpers import dump
from pydantic import BaseModel, Field
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox
from pytestqt.qtbot import QtBot

from editor.docks.inspector import InspectorDock
from editor.docks.range_spin import range_text
from editor.docks.schemaform import SchemaForm
from editor.document import ScenarioDocument
from editor.selection import Selection


@pytest.fixture
def inspector(qtbot: QtBot, document: ScenarioDocument) -> InspectorDock:
    selection = Selection()
    dock = InspectorDock(document, selection)
    qtbot.addWidget(dock)
    dock._selection_keepalive = selection  # type: ignore[attr-defined]
    dock.show()
    qtbot.waitExposed(dock)
    return dock


def _type(qtbot: QtBot, box: QAbstractSpinBox, text: str) -> None:
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def test_typing_9_as_a_fort_strength_is_refused_with_the_range(
    inspector: InspectorDock, qtbot: QtBot
) -> None:
    document = inspector.document
    inspector.selection.set(["halden"])
    before = dump(document.scenario)
    box = inspector.form("Starting state").editors[("fortification",)].widget
    assert isinstance(box, QAbstractSpinBox)
    assert "Allowed: 0 to 3" in box.toolTip()
    shown = box.text()
    with qtbot.waitSignal(inspector.refused) as refused:
        _type(qtbot, box, "9")
    assert refused.args[0] == f"Fort strength: 9 is out of range: allowed 0 to 3 (the value stays {shown})"
    assert inspector.error.isVisibleTo(inspector)
    assert inspector.error.text() == refused.args[0]
    assert box.text() == shown
    assert dump(document.scenario) == before
    assert document.undo_stack.count() == 0


def test_a_number_in_range_is_still_applied(inspector: InspectorDock, qtbot: QtBot) -> None:
    inspector.selection.set(["halden"])
    box = inspector.form("Starting state").editors[("fortification",)].widget
    assert isinstance(box, QAbstractSpinBox)
    with qtbot.assertNotEmitted(inspector.refused):
        _type(qtbot, box, "2")
    assert inspector.document.scenario.area_setup("halden").attributes["fortification"] == 2


class Ranges(BaseModel):
    """Ranges whose refused numbers Qt lets through while typing (below a minimum above 9)."""

    levy: int = Field(default=5, ge=5, le=20, title="Levy")
    tax: float = Field(default=0.5, ge=0, le=1.5, title="Tax rate")
    cap: int | None = Field(default=None, ge=1, le=6, title="Cap")


def test_below_the_minimum_on_enter_and_floats_and_optional_ints(qtbot: QtBot) -> None:
    form = SchemaForm(Ranges, lambda _ref: [])
    qtbot.addWidget(form)
    form.set_values([Ranges().model_dump()])
    form.show()
    qtbot.waitExposed(form)
    messages: list[str] = []
    form.invalid.connect(messages.append)
    with qtbot.assertNotEmitted(form.edited):
        _type(qtbot, form.editors[("levy",)].widget, "3")  # type: ignore[arg-type]
        _type(qtbot, form.editors[("tax",)].widget, "7")  # type: ignore[arg-type]
        _type(qtbot, form.editors[("cap",)].widget, "8")  # type: ignore[arg-type]
    assert messages == [
        "Levy: 3 is out of range: allowed 5 to 20 (the value stays 5)",
        "Tax rate: 7 is out of range: allowed 0 to 1.5 (the value stays 0.500)",
        "Cap: 8 is out of range: allowed 1 to 6 (the value stays not set)",
    ]


def test_range_words() -> None:
    assert range_text(-1_000_000, 9) == "at most 9"
    assert range_text(0, 1_000_000) == "at least 0"
    assert range_text(-1e9, 1e9) == "any number"
    assert range_text(0, 6, unset=True) == "1 to 6"
