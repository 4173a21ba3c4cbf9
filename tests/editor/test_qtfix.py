"""The guard against PySide6 6.12 dropping references to None on CPython 3.11."""

from __future__ import annotations

import sys

from PySide6.QtCore import QPointF

import editor  # noqa: F401 - importing the package installs the guard


def test_many_void_calls_never_bring_none_near_zero() -> None:
    point = QPointF()
    for _ in range(20_000):
        point.setX(2.0)
    assert sys.getrefcount(None) > 1_000_000
