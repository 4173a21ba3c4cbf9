"""File > Export image: the map as the document has it, never the editor's selection or tool state.

``clean_scene`` turns the live scene into a picture of the document for the time of an export: the
selection is cleared (no red outline, no thick borders), every item that is not one of the map's
layers (a tool's preview, a vertex handle, the play-test overlay) is hidden, and the chosen map mode
and layers are applied; everything is put back afterwards. The print-and-play sheet uses it too.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QColor

from editor.mapview.modes import get_mode
from editor.mapview.scene import LAYERS, MapScene
from editor.render import DEFAULT_WIDTH, RenderError, render_scene

BACKGROUNDS = ("map", "white", "transparent")
"""The export's background: the map's own paper colour, white, or none (PNG and SVG)."""


@dataclass(frozen=True)
class ExportOptions:
    """What an export draws: map mode, visible layers, width in pixels, background and legend."""

    mode: str = "owner"
    layers: frozenset[str] = frozenset(layer_id for layer_id, _name, _z in LAYERS)
    width: int = DEFAULT_WIDTH
    background: str = "map"
    legend: bool = True
    board: bool = False
    """Draw the map in the board style (``editor.mapview.board_style``)."""

    def checked(self) -> ExportOptions:
        """Return self, or raise ``RenderError`` naming the bad choice and the allowed ones."""
        get_mode(self.mode)  # KeyError naming the known modes
        known = {layer_id for layer_id, _name, _z in LAYERS}
        unknown = sorted(self.layers - known)
        if unknown:
            raise RenderError(f"unknown layers {', '.join(unknown)}; known: {', '.join(sorted(known))}")
        if self.background not in BACKGROUNDS:
            raise RenderError(f"unknown background {self.background!r}; use one of {', '.join(BACKGROUNDS)}")
        return self


def current_options(scene: MapScene) -> ExportOptions:
    """The options that export what the author sees now: the scene's mode and visible layers."""
    visible = frozenset(layer_id for layer_id, _name, _z in LAYERS if scene.layers[layer_id].isVisible())
    return ExportOptions(mode=scene.mode_id, layers=visible, board=scene.state.board)


@contextmanager
def clean_scene(
    scene: MapScene, mode: str | None = None, layers: frozenset[str] | None = None, board: bool | None = None
) -> Iterator[None]:
    """Within the block, ``scene`` draws only the document's map (in ``mode``, with ``layers``, in
    the board style or not: ``board`` None keeps the scene's)."""
    previous_board = scene.state.board
    if board is not None:
        scene.set_board_style(board)
    try:
        with _clean(scene, mode, layers):
            yield
    finally:
        scene.set_board_style(previous_board)


@contextmanager
def _clean(scene: MapScene, mode: str | None, layers: frozenset[str] | None) -> Iterator[None]:
    selected = tuple(scene.state.selected)
    previous_mode = scene.mode_id
    map_layers = {layer_id for layer_id, _name, _z in LAYERS}
    visibility = {layer_id: scene.layers[layer_id].isVisible() for layer_id in map_layers}
    # The zoomed-out view draws fills and borders as one cached picture and makes their layers
    # transparent: the export draws the real items at its own resolution instead.
    opacity = {layer_id: scene.layers[layer_id].opacity() for layer_id in map_layers}
    keep = {id(scene.layers[layer_id]) for layer_id in map_layers}
    # Everything else at the top of the scene is editor state: the selection outline, tool
    # previews and handles, the play-test overlay, the "cannot draw" notice.
    hidden = [
        item
        for item in scene.items()
        if item.parentItem() is None and id(item) not in keep and item.isVisible()
    ]
    try:
        scene.set_selected(())
        for item in hidden:
            item.setVisible(False)
        for layer_id in map_layers:
            scene.layers[layer_id].setOpacity(1.0)
            if layers is not None:
                scene.layers[layer_id].setVisible(layer_id in layers)
        if mode is not None and mode != previous_mode:
            scene.set_mode(mode)
        yield
    finally:
        if scene.mode_id != previous_mode:
            scene.set_mode(previous_mode)
        for layer_id, visible in visibility.items():
            scene.layers[layer_id].setVisible(visible)
            scene.layers[layer_id].setOpacity(opacity[layer_id])
        for item in hidden:
            item.setVisible(True)
        scene.set_selected(selected)


def background_colour(scene: MapScene, background: str) -> QColor:
    """The colour an export's background is filled with (transparent: alpha 0)."""
    if background == "white":
        return QColor("#ffffff")
    if background == "transparent":
        return QColor(0, 0, 0, 0)
    return scene.backgroundBrush().color()


def export_image(scene: MapScene, output: str | os.PathLike[str], options: ExportOptions) -> Path:
    """Write the map to a PNG, SVG or PDF file with these options; raise ``RenderError`` when it cannot."""
    options.checked()
    with clean_scene(scene, options.mode, options.layers, options.board):
        return render_scene(
            scene,
            output,
            options.width,
            legend=options.legend,
            background=background_colour(scene, options.background),
        )
