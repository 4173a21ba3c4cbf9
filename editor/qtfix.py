"""A guard against a reference-counting bug of PySide6 6.12 on CPython 3.11.

PySide6 6.12.0 returns ``None`` from methods without a result (``QPointF.setX``,
``QPainter.setPen``...) without taking a reference to it, which only works on Python 3.12+, where
``None`` is immortal (PEP 683). On 3.11 every such call drops one reference to ``None`` until the
interpreter aborts with "none_dealloc: deallocating None" (measured: 1,000 calls of
``QPointF.setX`` lower ``sys.getrefcount(None)`` by 1,000; the editor makes tens of thousands per
repaint). The guard gives ``None`` the same effectively-infinite reference count that 3.12 gives
it, so it can never reach zero. It does nothing on 3.12+ or when the bug is absent.
"""

from __future__ import annotations

import ctypes
import sys

_IMMORTAL = 1 << 40
"""Far more references than any session drops (about 10^12 calls)."""


def void_call_leaks_none() -> bool:
    """Whether calling a PySide6 method without a result loses a reference to ``None``."""
    from PySide6.QtCore import QPointF

    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(100):
        point.setX(1.0)
    return sys.getrefcount(None) < before - 50


def guard_none_refcount() -> bool:
    """Make ``None`` effectively immortal on CPython < 3.12 when PySide6 leaks it; return whether it did."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    if not void_call_leaks_none():
        return False
    # ob_refcnt is the first field of every object on CPython 3.11 (Py_ssize_t).
    refcount = ctypes.c_ssize_t.from_address(id(None))
    if refcount.value < _IMMORTAL:
        refcount.value += _IMMORTAL
    return True
