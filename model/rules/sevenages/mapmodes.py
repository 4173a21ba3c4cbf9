"""7 Ages map modes (filled in below)."""

from __future__ import annotations

from model.rules.mapmodes import MapMode

MAP_MODES: tuple[MapMode, ...] = ()
