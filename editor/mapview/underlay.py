"""Underlays on the map: basemap land and reference pictures drawn under the areas.

``UnderlayLayer`` keeps one graphics item per ``map.underlays`` entry inside the scene's
"underlay" layer (so View > Layers > Basemap underlay shows or hides them all), in file order
(the first is the lowest). Items are rebuilt only when an underlay's kind or source changes;
opacity, position, scale and visibility are applied in place. Loaded land and pictures are cached
by file, so undoing and redoing an underlay does not read its file again.

Files are read off the UI thread (a worker thread; the layer polls for the result with a timer,
so nothing crosses threads but plain values): a large basemap takes a while to parse and project,
and the UI must never wait for a disk. A source that names a place
outside the scenario's folder and resources/ (``model.underlay_files``) is refused before any read,
and the refusal is reported (``problem``) instead of the item.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_for
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QImage, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsPixmapItem

from editor.document import DocumentChange, ScenarioDocument
from editor.mapview.items import geometry_path
from model.scenario import MapData, Underlay
from model.underlay import UnderlayError, UnderlaySourceError, place_land, read_underlay, resolve_source

log = logging.getLogger(__name__)

LAND_FILL = QColor("#b9ae8e")
COAST_PEN = QColor("#6f6550")


def scenario_dir(document: ScenarioDocument) -> Path | None:
    """The folder underlay sources are relative to (None for a scenario never saved)."""
    return document.path.parent if document.path is not None else None


class BasemapItem(QGraphicsPathItem):
    """Basemap land: a faint fill with a thin coast line, one path for all of it."""

    def __init__(self, path: QPainterPath, parent: QGraphicsItem | None = None) -> None:
        super().__init__(path, parent)
        pen = QPen(COAST_PEN, 1.0)
        pen.setCosmetic(True)
        self.setPen(pen)
        self.setBrush(QBrush(LAND_FILL))
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)


Key = tuple[str, str, str]
"""What an underlay's look depends on: (kind, resolved file, the map's projection for basemaps)."""


def load_underlay(kind: str, path: Path, map_data: MapData) -> QPainterPath | QImage:
    """Read and prepare one underlay file (runs on a worker thread: no widget, no pixmap here).

    Raises ``UnderlayError`` saying why the file cannot be used.
    """
    if kind == "basemap":
        return geometry_path(place_land(path, map_data).land)
    image = QImage.fromData(read_underlay(path))
    if image.isNull():
        raise UnderlayError(f"{path.name}: cannot read the picture (is it a PNG, JPEG or SVG file?)")
    return image


_READER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="underlay-reader")
"""One worker reads underlay files, one at a time (they are few, and reading is disk and CPU bound)."""

POLL_MS = 50


def _read(kind: str, path: Path, map_data: MapData) -> QPainterPath | QImage | str:
    """``load_underlay`` on the worker: the result, or the reason it failed as text."""
    try:
        return load_underlay(kind, path, map_data)
    except UnderlayError as error:
        return str(error)
    except Exception as error:  # a bug must not vanish with the worker
        log.exception("reading underlay %s", path)
        return f"{path.name}: cannot be read ({type(error).__name__}: {error})"


class UnderlayLayer(QObject):
    """Keeps the scene's underlay items in step with ``map.underlays``.

    Signals: ``problem(str)`` when an underlay's source is refused or its file cannot be read (the
    item is left out); ``loaded()`` when a file read off the UI thread is ready (or failed).
    """

    problem = Signal(str)
    loaded = Signal()

    def __init__(self, scene: Any, document: ScenarioDocument) -> None:
        super().__init__(scene)
        self.scene = scene
        self.document = document
        self.items: dict[str, QGraphicsItem] = {}
        self._keys: dict[str, Key] = {}
        self._ready: dict[Key, QPainterPath | QPixmap] = {}
        self._failed: dict[Key, str] = {}
        self._pending: dict[Key, Future[QPainterPath | QImage | str]] = {}
        self.errors: dict[str, str] = {}
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._collect)
        document.changed.connect(self._on_changed)
        self.sync()

    @property
    def layer(self) -> QGraphicsItem:
        """The scene's underlay layer (shown and hidden from View > Layers)."""
        return self.scene.layers["underlay"]  # type: ignore[no-any-return]

    @property
    def busy(self) -> bool:
        """Whether some underlay file is still being read."""
        return bool(self._pending)

    def _on_changed(self, change: DocumentChange) -> None:
        # Underlay edits touch no id: they come as setup changes (or a whole new scenario).
        if change.reset:
            self._failed.clear()  # another file: read what failed again (it may have been fixed)
        if change.reset or change.setup:
            self.sync()

    def _key(self, kind: str, path: Path) -> Key:
        projection = self.document.scenario.map.projection
        shape = projection.model_dump_json() if kind == "basemap" and projection is not None else ""
        return (kind, str(path), shape)

    def sync(self) -> None:
        """Create, update and remove items so that they match the scenario's underlays.

        An underlay whose file has not been read yet gets its item when the read finishes.
        """
        underlays = self.document.scenario.map.underlays
        wanted = {u.id for u in underlays}
        for underlay_id in list(self.items):
            if underlay_id not in wanted:
                self._drop(underlay_id)
        for underlay_id in list(self.errors):
            if underlay_id not in wanted:
                del self.errors[underlay_id]
        for order, underlay in enumerate(underlays):
            try:
                path = resolve_source(underlay.source, scenario_dir(self.document))
            except UnderlaySourceError as error:
                self._drop(underlay.id)
                self._report(underlay, str(error))
                continue
            key = self._key(underlay.kind, path)
            if self._keys.get(underlay.id) != key:
                self._drop(underlay.id)
                item = self._build(underlay, key)
                if item is None:
                    continue
                self.items[underlay.id] = item
                self._keys[underlay.id] = key
            self.errors.pop(underlay.id, None)
            item = self.items[underlay.id]
            item.setPos(underlay.x, underlay.y)
            item.setScale(underlay.scale)
            item.setOpacity(underlay.opacity)
            item.setVisible(underlay.visible)
            item.setZValue(order)

    def _drop(self, underlay_id: str) -> None:
        item = self.items.pop(underlay_id, None)
        self._keys.pop(underlay_id, None)
        if item is not None and item.scene() is not None:
            item.scene().removeItem(item)

    def _report(self, underlay: Underlay, reason: str) -> None:
        message = f"Underlay {underlay.id}: {reason}"
        if self.errors.get(underlay.id) != message:  # once, not at every edit
            self.errors[underlay.id] = message
            log.warning("%s", message)
            self.problem.emit(message)

    def _build(self, underlay: Underlay, key: Key) -> QGraphicsItem | None:
        """The item of an underlay whose file is ready; None (and a read started) when it is not."""
        if key in self._failed:
            self._report(underlay, self._failed[key])
            return None
        ready = self._ready.get(key)
        if ready is None:
            self._start(key)
            return None
        if isinstance(ready, QPainterPath):
            return BasemapItem(ready, self.layer)
        picture = QGraphicsPixmapItem(ready, self.layer)
        picture.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        picture.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        return picture

    def _start(self, key: Key) -> None:
        if key in self._pending:
            return
        current = self.document.scenario.map
        map_data = MapData.model_construct(  # the worker's own copy of what placing land reads
            bounds=current.bounds.model_copy() if current.bounds is not None else None,
            projection=current.projection.model_copy() if current.projection is not None else None,
            grid=current.grid,
        )
        self._pending[key] = _READER.submit(_read, key[0], Path(key[1]), map_data)
        self._poll.start()

    def _collect(self) -> None:
        """Take the results of finished reads (on the UI thread) and build their items."""
        finished = [key for key, future in self._pending.items() if future.done()]
        if not self._pending or finished:
            for key in finished:
                result = self._pending.pop(key).result()
                if isinstance(result, str):
                    self._failed[key] = result
                elif isinstance(result, QImage):
                    self._ready[key] = QPixmap.fromImage(result)  # pixmaps belong to the UI thread
                else:
                    self._ready[key] = result
            if not self._pending:
                self._poll.stop()
            self.sync()
            self.loaded.emit()

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait for the files being read and build their items (tests, headless use); False on time-out."""
        wait_for(list(self._pending.values()), timeout=timeout)
        self._collect()
        return not self._pending
