"""The map scene's areas by id, each area's graphics item made the first time it is asked for.

Every area of the map has a fill record from the moment the map opens (``editor.mapview.fills``:
that is what draws it); its ``AreaItem``, the union of its faces as one path with the area's brush
and extent, is what the selection outline, the play-test highlight, zooming to an issue or an
export read. Few areas are ever asked for, so the items are made on demand: opening a
30,000-area map no longer makes 30,000 of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from editor.mapview.fills import AreaFill
from editor.mapview.items import AreaItem


class AreaItems(Mapping[str, AreaItem]):
    """Area id -> its ``AreaItem``: every area with a fill record is a key; reading one's value
    makes its item when it has none yet (``built`` holds those made)."""

    def __init__(self, fills: Mapping[str, AreaFill], make: Callable[[str], AreaItem]) -> None:
        self._fills = fills
        self._make = make
        self.built: dict[str, AreaItem] = {}
        """The items made so far (what an edit must keep up to date)."""

    def __getitem__(self, area_id: str) -> AreaItem:
        item = self.built.get(area_id)
        if item is None:
            if area_id not in self._fills:
                raise KeyError(area_id)
            item = self.built[area_id] = self._make(area_id)
        return item

    def __contains__(self, area_id: object) -> bool:
        return area_id in self._fills

    def __iter__(self) -> Iterator[str]:
        return iter(self._fills)

    def __len__(self) -> int:
        return len(self._fills)

    def drop(self, area_id: str) -> AreaItem | None:
        """Forget an area's item (its area left the map); return it when it was made."""
        return self.built.pop(area_id, None)
