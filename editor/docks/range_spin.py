"""Spin boxes that refuse an out-of-range number out loud instead of silently keeping another value.

A plain ``QSpinBox`` over 0..3 drops the keystroke when the author types 9 (its validator calls the
text invalid), or puts the previous value back when the author leaves the box: the author sees 0
and believes 9 was taken. These boxes say so: ``out_of_range(message)`` names the number typed and
the allowed range ("9 is out of range: allowed 0 to 3"), and the tooltip always shows the range.
"""

from __future__ import annotations

from PySide6.QtCore import QLocale, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

INT_LIMIT = 1_000_000
"""The bound a spin box gets where the schema sets none (Qt spin boxes need one)."""

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def _number(text: str, locale: QLocale) -> float | None:
    """The number ``text`` spells (in the box's locale or plainly), or ``None``."""
    text = text.strip()
    if not text or text in ("-", "+"):
        return None
    value, ok = locale.toDouble(text)
    if ok:
        return float(value)
    try:
        return float(text)
    except ValueError:
        return None


def _spell(value: float, decimals: int) -> str:
    if decimals == 0 or float(value).is_integer():
        return str(int(value))
    return f"{value:.{decimals}f}".rstrip("0").rstrip(".")


def range_text(minimum: float, maximum: float, decimals: int = 0, unset: bool = False) -> str:
    """The allowed range in words: "0 to 3", "at least 0", "at most 9" or "any number"."""
    low = None if minimum <= -INT_LIMIT else _spell(minimum + (1 if unset else 0), decimals)
    high = None if maximum >= INT_LIMIT else _spell(maximum, decimals)
    if low is not None and high is not None:
        return f"{low} to {high}"
    if low is not None:
        return f"at least {low}"
    if high is not None:
        return f"at most {high}"
    return "any number"


class _RangeChecks:
    """What both boxes share: find a typed number outside the range and say so.

    A mixin placed before the Qt class, so that its ``validate``, ``keyPressEvent`` and
    ``focusOutEvent`` are the overrides Qt calls.
    """

    out_of_range: Signal
    unset_below = False  # the minimum is the "not set" value, not a number the field allows
    _last_refused = ""

    def allowed(self) -> str:
        """The allowed range in words."""
        box = self._box()
        decimals = box.decimals() if isinstance(box, QDoubleSpinBox) else 0
        return range_text(box.minimum(), box.maximum(), decimals, self.unset_below)

    def _box(self) -> QSpinBox | QDoubleSpinBox:
        assert isinstance(self, QSpinBox | QDoubleSpinBox)
        return self

    def _refused(self, text: str) -> str | None:
        """The message for ``text`` when it is a number outside the range, else ``None``."""
        box = self._box()
        clean = text
        if box.prefix() and clean.startswith(box.prefix()):
            clean = clean[len(box.prefix()) :]
        if box.suffix() and clean.endswith(box.suffix()):
            clean = clean[: -len(box.suffix())]
        number = _number(clean, box.locale())
        if number is None:
            return None
        low = box.minimum() + (1 if self.unset_below else 0)
        if low <= number <= box.maximum():
            return None
        decimals = box.decimals() if isinstance(box, QDoubleSpinBox) else 0
        special = box.specialValueText()
        shown = special if special and box.value() == box.minimum() else box.textFromValue(box.value())
        return (
            f"{_spell(number, decimals)} is out of range: allowed {self.allowed()} (the value stays {shown})"
        )

    def _update_tip(self) -> None:
        self._box().setToolTip(f"Allowed: {self.allowed()}")

    def validate(self, text: str, pos: int) -> object:
        """Qt's check of each keystroke; a refused number is reported rather than dropped silently."""
        result = super().validate(text, pos)  # type: ignore[misc]
        state = result[0] if isinstance(result, tuple) else result
        if state != QValidator.State.Acceptable:
            self._report(self._refused(text))
        return result

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter with an out-of-range number (one Qt lets through while typing) reports it."""
        if event.key() in ENTER_KEYS:
            self._report(self._refused(self._box().lineEdit().text()))
        super().keyPressEvent(event)  # type: ignore[misc]

    def focusOutEvent(self, event: QFocusEvent) -> None:
        """Leaving the box with an out-of-range number reports it (Qt then shows the old value)."""
        self._report(self._refused(self._box().lineEdit().text()))
        self._last_refused = ""
        super().focusOutEvent(event)  # type: ignore[misc]

    def _report(self, message: str | None) -> None:
        # Each keystroke validates the text again: report a refusal once, not on every check.
        if message and message != self._last_refused:
            self._last_refused = message
            self.out_of_range.emit(message)


class RangeSpinBox(_RangeChecks, QSpinBox):
    """A ``QSpinBox`` that emits ``out_of_range(message)`` when the author types a number it refuses."""

    out_of_range = Signal(str)

    def set_allowed(self, minimum: int, maximum: int, unset_below: bool = False) -> None:
        """Set the range (``unset_below``: the minimum stands for "not set") and its tooltip."""
        self.unset_below = unset_below
        self.setRange(minimum, maximum)
        self._update_tip()


class RangeDoubleSpinBox(_RangeChecks, QDoubleSpinBox):
    """A ``QDoubleSpinBox`` that emits ``out_of_range(message)`` for a number it refuses."""

    out_of_range = Signal(str)

    def set_allowed(self, minimum: float, maximum: float) -> None:
        """Set the range and its tooltip."""
        self.setRange(minimum, maximum)
        self._update_tip()
