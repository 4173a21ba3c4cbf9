"""The refusal of a local topology update: it cannot be proved equal to a full build."""

from __future__ import annotations


class Refusal(Exception):
    """A local update cannot be proved equal to a full build (its message says why)."""
