"""The print-and-play PDF: the map tiled across pages of a chosen paper, a legend and the setup table.

The map is printed at one scale chosen so that its width spans ``pages_across`` pages; it then
takes as many rows of pages as its height needs. Neighbouring tiles overlap by a strip (so that
the sheets can be trimmed and glued); the strip's inner edge is marked with a dashed cut line and
each page carries its label ("row 1, column 2") and which pages join it. After the map come a
legend page and the setup tables (empires, areas, units) paginated with repeated headers.

Pages are written through ``QPdfWriter`` at 96 dots per inch so that the map's items that keep a
constant size on screen (labels, unit counters) print at the size an author sees in the editor.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from editor.document import ScenarioDocument
from editor.export.image import clean_scene
from editor.export.setup_table import SetupTable, setup_tables
from editor.mapview.modes import get_mode
from editor.mapview.scene import MapScene
from editor.render import ensure_app
from model.scenario import Scenario

PAPERS: dict[str, QPageSize.PageSizeId] = {
    "A4": QPageSize.PageSizeId.A4,
    "A3": QPageSize.PageSizeId.A3,
    "Letter": QPageSize.PageSizeId.Letter,
}
"""Paper sizes offered, by the name the command line and the dialog use."""

DPI = 96
MM = DPI / 25.4
"""Device pixels per millimetre."""

MARGIN_MM = 10.0
OVERLAP_MM = 10.0
LABEL_MM = 7.0
"""Height of the label strip above the map on each map page."""


ORIENTATIONS = ("auto", "portrait", "landscape")

SHRINK_LIMIT = 0.8
"""How much smaller than ``pages_across`` pages wide the map may print to save a row (or a column)
of pages that would hold only a sliver of it."""

HasMap = Callable[[QRectF], bool]
"""Whether a rectangle of the map (map units) holds part of the map (an area)."""


class SheetError(ValueError):
    """A sheet that cannot be made (unknown paper, pages across out of range, unwritable file)."""


@dataclass(frozen=True)
class SheetOptions:
    """What the author chose: the paper, how many pages the map spans across, and the map mode."""

    paper: str = "A4"
    pages_across: int = 2
    mode: str = "owner"
    orientation: str = "auto"
    """``auto`` (whichever needs fewer pages; the map's shape on a tie), ``portrait`` or ``landscape``."""
    board: bool = False
    """Print the map in the board style (``editor.mapview.board_style``)."""

    def checked(self) -> SheetOptions:
        """Return self, or raise ``SheetError`` naming the bad choice and the allowed ones."""
        if self.paper not in PAPERS:
            raise SheetError(f"unknown paper {self.paper!r}; use one of {', '.join(PAPERS)}")
        if self.orientation not in ORIENTATIONS:
            raise SheetError(
                f"unknown orientation {self.orientation!r}; use one of {', '.join(ORIENTATIONS)}"
            )
        if not 1 <= self.pages_across <= 20:
            raise SheetError(f"pages across must be 1 to 20, not {self.pages_across}")
        get_mode(self.mode)  # KeyError naming the known modes
        return self


@dataclass(frozen=True)
class Tile:
    """One map page: its place in the grid and the map rectangle it prints (overlap included)."""

    row: int
    column: int
    source: QRectF


@dataclass(frozen=True)
class TileLayout:
    """How the map is cut into pages: grid size, scale (device px per map unit) and the tiles.

    ``tiles`` holds only the pages that print part of the map (a grid cell with none is left out).
    """

    columns: int
    rows: int
    scale: float
    landscape: bool
    tiles: tuple[Tile, ...]

    @property
    def pages(self) -> int:
        """The number of map pages."""
        return len(self.tiles)

    def page_number(self, row: int, column: int) -> int | None:
        """The page number (from 1) of the tile at this place of the grid, None when left out."""
        for number, tile in enumerate(self.tiles, start=1):
            if (tile.row, tile.column) == (row, column):
                return number
        return None


def _count(printed: float, content: float, overlap: float) -> int:
    """How many pages of ``content`` px, overlapping by ``overlap``, a span ``printed`` px long needs."""
    return max(1, math.ceil((printed - overlap) / max(content - overlap, 1e-9) - 1e-9))


def _span(pages: int, content: float, overlap: float) -> float:
    """The length ``pages`` overlapping pages print."""
    return pages * content - (pages - 1) * overlap


def plan_tiles(
    source: QRectF,
    content_w: float,
    content_h: float,
    pages_across: int,
    overlap: float,
    landscape: bool,
    has_map: HasMap | None = None,
) -> TileLayout:
    """Cut ``source`` (map units) into tiles of ``content_w`` x ``content_h`` device px.

    The printed map is ``pages_across`` pages wide less the overlaps; rows follow from its height.
    When the last row would hold only a sliver of the map, the map prints up to ``SHRINK_LIMIT``
    smaller to fit one row fewer. The map is centred on its pages, and a page whose own part (what
    no earlier page repeats) shows no map (``has_map``) is left out.
    """
    width, height = max(source.width(), 1e-9), max(source.height(), 1e-9)
    scale = _span(pages_across, content_w, overlap) / width
    rows = _count(height * scale, content_h, overlap)
    if rows > 1:
        fitted = _span(rows - 1, content_h, overlap) / height
        if fitted >= SHRINK_LIMIT * scale:
            scale, rows = fitted, rows - 1
    columns = min(pages_across, _count(width * scale, content_w, overlap))
    rows = _count(height * scale, content_h, overlap)
    # Centre the map on the grid of pages: the slack goes half to each side.
    left = source.left() - (_span(columns, content_w, overlap) / scale - width) / 2
    top = source.top() - (_span(rows, content_h, overlap) / scale - height) / 2
    step_x = (content_w - overlap) / scale
    step_y = (content_h - overlap) / scale
    ahead = overlap / scale
    tiles = []
    for row in range(rows):
        for column in range(columns):
            rect = QRectF(left + column * step_x, top + row * step_y, content_w / scale, content_h / scale)
            own = rect.adjusted(ahead if column else 0.0, ahead if row else 0.0, 0.0, 0.0)
            if has_map is None or has_map(own):
                tiles.append(Tile(row, column, rect))
    return TileLayout(columns, rows, scale, landscape, tuple(tiles))


def _page_layout(paper: str, landscape: bool) -> QPageLayout:
    orientation = QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    return QPageLayout(
        QPageSize(PAPERS[paper]),
        orientation,
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
        QPageLayout.Unit.Millimeter,
    )


def _content_size(paper: str, landscape: bool) -> tuple[float, float]:
    """The printable size of a page in device px (the map part: below the label strip)."""
    rect = _page_layout(paper, landscape).paintRect(QPageLayout.Unit.Millimeter)
    return rect.width() * MM, (rect.height() - LABEL_MM) * MM


def choose_layout(source: QRectF, options: SheetOptions, has_map: HasMap | None = None) -> TileLayout:
    """Lay the map out on the orientation asked for; ``auto``: whichever needs fewer pages (the
    map's shape on a tie)."""
    options.checked()
    turns = {"auto": (False, True), "portrait": (False,), "landscape": (True,)}[options.orientation]
    layouts = []
    for landscape in turns:
        width, height = _content_size(options.paper, landscape)
        layouts.append(
            plan_tiles(source, width, height, options.pages_across, OVERLAP_MM * MM, landscape, has_map)
        )
    fewest = min(layout.pages for layout in layouts)
    best = [layout for layout in layouts if layout.pages == fewest]
    wide = source.width() >= source.height()
    return next((layout for layout in best if layout.landscape == wide), best[0])


def map_content(scene: MapScene) -> HasMap:
    """Whether a rectangle of the scene holds part of an area (its fill, not only the margin)."""
    # The areas' fill records (what the map draws), not their items: those are made on demand.
    paths = [(fill.rect, fill.path) for fill in scene.fills.values() if not fill.path.isEmpty()]

    def has_map(rect: QRectF) -> bool:
        return any(bounds.intersects(rect) and path.intersects(rect) for bounds, path in paths)

    return has_map


@dataclass(frozen=True)
class SheetPlan:
    """The pages a sheet will have, known before anything is written."""

    layout: TileLayout
    table_pages: int

    @property
    def pages(self) -> int:
        """Every page: the map's, the legend and the tables'."""
        return self.layout.pages + 1 + self.table_pages

    def text(self) -> str:
        """The plan in words: "5 pages: the map on 2 portrait pages (2 across, 1 down), ..."."""
        turn = "landscape" if self.layout.landscape else "portrait"
        maps = self.layout.pages
        return (
            f"{self.pages} pages: the map on {maps} {turn} page{'s' if maps != 1 else ''} "
            f"({self.layout.columns} across, {self.layout.rows} down), a legend page and "
            f"{self.table_pages} page{'s' if self.table_pages != 1 else ''} of setup tables"
        )


def plan_sheet(scene: MapScene, options: SheetOptions) -> SheetPlan:
    """Count the sheet's pages for these options without writing it."""
    options = options.checked()
    layout = choose_layout(scene.map_rect(), options, map_content(scene))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)  # measures text as the real sheet does; nothing is drawn
    writer.setResolution(DPI)
    tables = sum(
        len(_table_plan(writer, table, layout.landscape, options.paper)[3])
        for table in setup_tables(scene.scenario)
    )
    return SheetPlan(layout, tables)


@dataclass(frozen=True)
class PageRecord:
    """What one page of the sheet shows: its kind (map, legend, table), label and text lines."""

    kind: str
    label: str
    lines: tuple[str, ...] = ()


@dataclass
class SheetResult:
    """The written file and a record of every page (what tests and the status bar report)."""

    path: Path
    layout: TileLayout
    pages: list[PageRecord] = field(default_factory=list)

    def text(self) -> str:
        """Every text line printed, page by page."""
        return "\n".join(line for page in self.pages for line in (page.label, *page.lines))


class _Pages:
    """Starts pages on the writer and records them; the first page needs no ``newPage``."""

    def __init__(self, writer: QPdfWriter, painter: QPainter, result: SheetResult) -> None:
        self.writer = writer
        self.painter = painter
        self.result = result

    def start(self, record: PageRecord, landscape: bool, paper: str) -> QRectF:
        """Begin a page; return its printable rectangle in device px."""
        if self.result.pages:
            self.writer.setPageLayout(_page_layout(paper, landscape))
            self.writer.newPage()
        self.result.pages.append(record)
        rect = _page_layout(paper, landscape).paintRect(QPageLayout.Unit.Millimeter)
        return QRectF(0, 0, rect.width() * MM, rect.height() * MM)


def _font(points: float, bold: bool = False) -> QFont:
    font = QFont("Sans Serif")
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


def write_sheet(
    scene: MapScene, output: str | os.PathLike[str], options: SheetOptions | None = None
) -> SheetResult:
    """Write the print-and-play PDF of the scene's scenario; return the file and its pages."""
    options = (options or SheetOptions()).checked()
    path = Path(output)
    if path.suffix.lower() != ".pdf":
        raise SheetError(f"{path}: a print-and-play sheet is a .pdf file")
    # Print what the author set up in the chosen mode: never the selection, tool marks or the
    # play-test overlay (the editor's view is put back afterwards).
    with clean_scene(scene, options.mode, board=options.board):
        result = _write_pages(scene, path, options)
    if not path.exists():
        raise SheetError(f"{path}: cannot write the PDF file")
    return result


def _write_pages(scene: MapScene, path: Path, options: SheetOptions) -> SheetResult:
    layout = choose_layout(scene.map_rect(), options, map_content(scene))
    writer = QPdfWriter(str(path))
    writer.setTitle(f"{scene.scenario.metadata.title} (print and play)")
    writer.setCreator("Mappa")
    writer.setResolution(DPI)
    writer.setPageLayout(_page_layout(options.paper, layout.landscape))
    result = SheetResult(path, layout)
    painter = QPainter(writer)
    if not painter.isActive():
        raise SheetError(f"{path}: cannot write the PDF file")
    state = scene.state
    saved = (state.scale, state.vector_labels)
    try:
        state.scale, state.vector_labels = layout.scale, True
        pages = _Pages(writer, painter, result)
        _map_pages(pages, scene, layout, options)
        _legend_page(pages, scene, layout, options)
        for table in setup_tables(scene.scenario):
            _table_pages(pages, table, scene.scenario.metadata.title, layout.landscape, options.paper)
    finally:
        painter.end()
        state.scale, state.vector_labels = saved
    return result


# --- map pages ------------------------------------------------------------------------------------


def _map_pages(pages: _Pages, scene: MapScene, layout: TileLayout, options: SheetOptions) -> None:
    total = layout.pages
    title = scene.scenario.metadata.title
    for number, tile in enumerate(layout.tiles, start=1):
        label = f"{title} — map page {number} of {total} (row {tile.row + 1}, column {tile.column + 1})"
        neighbours = _neighbours(tile, layout)
        page = pages.start(PageRecord("map", label, tuple(neighbours)), layout.landscape, options.paper)
        painter = pages.painter
        painter.save()
        painter.setFont(_font(9, bold=True))
        painter.setPen(QColor("#202020"))
        strip = QRectF(page.left(), page.top(), page.width(), LABEL_MM * MM)
        painter.drawText(strip, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
        painter.setFont(_font(7))
        painter.drawText(
            strip, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, "; ".join(neighbours)
        )
        target = QRectF(page.left(), page.top() + LABEL_MM * MM, page.width(), page.height() - LABEL_MM * MM)
        painter.setClipRect(target)
        painter.fillRect(target, scene.backgroundBrush())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        scene.render(painter, target, tile.source, Qt.AspectRatioMode.IgnoreAspectRatio)
        painter.setClipping(False)
        _overlap_marks(painter, target, tile, layout)
        painter.restore()


def _neighbours(tile: Tile, layout: TileLayout) -> list[str]:
    """Which pages join this one, by side (printed in the label strip for gluing)."""
    sides = []
    for side, row, column in (
        ("left", tile.row, tile.column - 1),
        ("right", tile.row, tile.column + 1),
        ("above", tile.row - 1, tile.column),
        ("below", tile.row + 1, tile.column),
    ):
        number = layout.page_number(row, column)
        if number is not None:
            sides.append(f"{side}: page {number}")
    return sides


def _overlap_marks(painter: QPainter, target: QRectF, tile: Tile, layout: TileLayout) -> None:
    """Shade the strips a neighbour repeats and draw a dashed cut line on their inner edge."""
    overlap = OVERLAP_MM * MM
    strips = []
    if layout.page_number(tile.row, tile.column + 1) is not None:
        strips.append(QRectF(target.right() - overlap, target.top(), overlap, target.height()))
    if layout.page_number(tile.row + 1, tile.column) is not None:
        strips.append(QRectF(target.left(), target.bottom() - overlap, target.width(), overlap))
    for strip in strips:
        painter.fillRect(strip, QColor(0, 0, 0, 28))
    pen = QPen(QColor("#404040"), 0.8, Qt.PenStyle.DashLine)
    painter.setPen(pen)
    # Cut on the left and top edges of the shared strips: this page keeps its neighbour's overlap.
    if tile.column > 0:
        x = target.left() + overlap
        painter.drawLine(QPointF(x, target.top()), QPointF(x, target.bottom()))
    if tile.row > 0:
        y = target.top() + overlap
        painter.drawLine(QPointF(target.left(), y), QPointF(target.right(), y))
    # Corner crop marks so that the sheets line up when glued.
    painter.setPen(QPen(QColor("#000000"), 0.8))
    tick = 4 * MM
    for corner in (target.topLeft(), target.topRight(), target.bottomLeft(), target.bottomRight()):
        painter.drawLine(
            QPointF(corner.x() - tick / 2, corner.y()), QPointF(corner.x() + tick / 2, corner.y())
        )
        painter.drawLine(
            QPointF(corner.x(), corner.y() - tick / 2), QPointF(corner.x(), corner.y() + tick / 2)
        )
    painter.setPen(QPen(QColor("#808080"), 0.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(target)


# --- legend ---------------------------------------------------------------------------------------


def _legend_page(pages: _Pages, scene: MapScene, layout: TileLayout, options: SheetOptions) -> None:
    scenario = scene.scenario
    mode = get_mode(options.mode)
    lines = [f"Map mode: {mode.name}"]
    lines += [entry.label for entry in scene.legend]
    facts = _facts(scene, layout)
    page = pages.start(PageRecord("legend", "Legend", tuple(lines + facts)), layout.landscape, options.paper)
    painter = pages.painter
    painter.save()
    painter.setPen(QColor("#000000"))
    painter.setFont(_font(16, bold=True))
    line = QFontMetricsF(_font(16, bold=True), pages.writer).height() * 1.3
    painter.drawText(QRectF(page.left(), page.top(), page.width(), line), scenario.metadata.title)
    y = page.top() + line * 1.2
    painter.setFont(_font(12, bold=True))
    small = QFontMetricsF(_font(10), pages.writer).height() * 1.5
    painter.drawText(QRectF(page.left(), y, page.width(), small), f"Legend — {mode.name}")
    y += small * 1.2
    painter.setFont(_font(10))
    for entry in scene.legend:
        swatch = QRectF(page.left(), y + small * 0.15, small * 1.2, small * 0.7)
        painter.setPen(QColor("#404040"))
        painter.setBrush(QColor(entry.colour))
        painter.drawRect(swatch)
        painter.setPen(QColor("#000000"))
        painter.drawText(QRectF(swatch.right() + small * 0.5, y, page.width(), small), entry.label)
        y += small
    y += small
    painter.setFont(_font(12, bold=True))
    painter.drawText(QRectF(page.left(), y, page.width(), small), "Scenario")
    y += small * 1.2
    painter.setFont(_font(10))
    for fact in facts:
        painter.drawText(QRectF(page.left(), y, page.width(), small), fact)
        y += small
    painter.restore()


def _facts(scene: MapScene, layout: TileLayout) -> list[str]:
    """The scenario-wide facts a player needs at the table (ruleset, year, rounds, options, scale)."""
    scenario = scene.scenario
    meta = scenario.metadata
    facts = [f"Ruleset: {scenario.ruleset.id}"]
    if meta.start_year is not None:
        facts.append(f"Start year: {meta.start_year}")
    if meta.rounds is not None:
        facts.append(f"Rounds: {meta.rounds}")
    chosen = [
        key.replace("_", " ") for key, value in sorted(scenario.ruleset.options.items()) if value is True
    ]
    if chosen:
        facts.append(f"Options: {', '.join(chosen)}")
    if meta.author:
        facts.append(f"Author: {meta.author}")
    units_per_cm = 10 * MM / max(layout.scale, 1e-12)
    facts.append(
        f"Printed scale: 1 cm = {units_per_cm:.3g} {scenario.map.units}; the map spans "
        f"{layout.columns} x {layout.rows} pages"
    )
    facts.append("Unit counters show the kind's initial and the strength (A2: army of strength 2).")
    return facts


# --- tables ---------------------------------------------------------------------------------------


def _chunks(rows: tuple[tuple[str, ...], ...], size: int) -> Iterator[tuple[tuple[str, ...], ...]]:
    size = max(size, 1)
    if not rows:
        yield ()
        return
    for start in range(0, len(rows), size):
        yield rows[start : start + size]


def _table_pages(pages: _Pages, table: SetupTable, title: str, landscape: bool, paper: str) -> None:
    """Print a table across as many pages as its rows need, the header repeated on each.

    A table wider than the page turns the page (landscape), then shrinks its font down to 5 pt
    rather than cut cells short.
    """
    landscape, size, widths, chunks = _table_plan(pages.writer, table, landscape, paper)
    font = _font(size)
    bold = _font(size, bold=True)
    row_h = QFontMetricsF(font, pages.writer).height() * 1.45
    for index, rows in enumerate(chunks, start=1):
        suffix = f" ({index} of {len(chunks)})" if len(chunks) > 1 else ""
        label = f"{title} — {table.title}{suffix}"
        lines = (" | ".join(table.headers), *(" | ".join(row) for row in rows))
        page = pages.start(PageRecord("table", label, lines), landscape, paper)
        painter = pages.painter
        painter.save()
        painter.setPen(QColor("#000000"))
        painter.setFont(_font(12, bold=True))
        painter.drawText(QRectF(page.left(), page.top(), page.width(), row_h * 1.8), label)
        y = page.top() + row_h * 2
        _table_row(painter, page.left(), y, row_h, widths, table.headers, bold, QColor("#dcdcdc"))
        y += row_h
        for number, row in enumerate(rows):
            fill = QColor("#f3f3f3") if number % 2 else QColor("#ffffff")
            _table_row(painter, page.left(), y, row_h, widths, row, font, fill)
            y += row_h
        painter.restore()


def _table_plan(
    writer: QPdfWriter, table: SetupTable, landscape: bool, paper: str
) -> tuple[bool, float, list[float], list[tuple[tuple[str, ...], ...]]]:
    """The orientation, font size, column widths and page chunks of a table (``plan_sheet`` counts them)."""
    size = 8.0
    widths = _column_widths(writer, table, size)
    portrait_w = _page_layout(paper, False).paintRect(QPageLayout.Unit.Millimeter).width() * MM
    if sum(widths) > portrait_w:
        landscape = True
    rect = _page_layout(paper, landscape).paintRect(QPageLayout.Unit.Millimeter)
    page_w, page_h = rect.width() * MM, rect.height() * MM
    if sum(widths) > page_w:
        size = max(5.0, size * page_w / sum(widths))
        widths = _column_widths(writer, table, size)
    if sum(widths) > page_w:
        widths = [w * page_w / sum(widths) for w in widths]
    row_h = QFontMetricsF(_font(size), writer).height() * 1.45
    per_page = int((page_h - 3 * row_h) // row_h)
    return landscape, size, widths, list(_chunks(table.rows, per_page))


def _column_widths(writer: QPdfWriter, table: SetupTable, size: float) -> list[float]:
    """Each column as wide as its widest cell (header in bold) plus padding, in device px."""
    metrics = QFontMetricsF(_font(size), writer)
    bold = QFontMetricsF(_font(size, bold=True), writer)
    pad = 8.0
    return [
        max([bold.horizontalAdvance(header)] + [metrics.horizontalAdvance(row[i]) for row in table.rows])
        + pad
        for i, header in enumerate(table.headers)
    ]


def _table_row(
    painter: QPainter,
    left: float,
    top: float,
    height: float,
    widths: list[float],
    cells: tuple[str, ...],
    font: QFont,
    fill: QColor,
) -> None:
    painter.setFont(font)
    x = left
    for width, cell in zip(widths, cells, strict=True):
        box = QRectF(x, top, width, height)
        painter.fillRect(box, fill)
        painter.setPen(QPen(QColor("#a0a0a0"), 0.5))
        painter.drawRect(box)
        painter.setPen(QColor("#000000"))
        painter.drawText(
            box.adjusted(3, 0, -3, 0), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, cell
        )
        x += width


def render_sheet(
    scenario: Scenario,
    output: str | os.PathLike[str],
    options: SheetOptions | None = None,
    announce: Callable[[str], None] | None = None,
) -> SheetResult:
    """Write a scenario's print-and-play sheet headless (``mappa render --sheet``).

    ``announce`` is given the page plan in words (``SheetPlan.text``) before anything is written."""
    options = (options or SheetOptions()).checked()
    ensure_app()
    document = ScenarioDocument(scenario)
    scene = MapScene(document)
    if options.mode == "validation":
        from model.validate import validate

        scene.set_issues(validate(scenario, topology=document.topology))
    if announce is not None:
        scene.set_mode(options.mode)
        announce(plan_sheet(scene, options).text())
    return write_sheet(scene, output, options)
