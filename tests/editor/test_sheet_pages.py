"""Print-and-play pages: orientation chosen (or asked for), no page without map on it, the page count
said before writing (issue 18.6: A4, 2 pages across gave 4 map pages, 2 of them almost blank)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage
from PySide6.QtPdf import QPdfDocument

from editor.cli_entry import main as cli_main
from editor.document import ScenarioDocument
from editor.export.pdf_sheet import (
    LABEL_MM,
    MARGIN_MM,
    SheetError,
    SheetOptions,
    plan_sheet,
    render_sheet,
)
from editor.mapview.scene import MapScene
from model import io

ROOT = Path(__file__).resolve().parents[2]
EUROPE = ROOT / "scenarios" / "medieval-europe-976.mappa.json"
POINTS_PER_MM = 72 / 25.4


def _page_images(path: Path) -> list[QImage]:
    document = QPdfDocument()
    document.load(str(path))
    images = []
    for index in range(document.pageCount()):
        size = document.pagePointSize(index)
        images.append(document.render(index, QSize(round(size.width()), round(size.height()))))
    return images


def _map_share(image: QImage) -> float:
    """The share of a map page's map frame covered by drawing (fills, borders), not by paper."""
    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    data = np.frombuffer(bytes(image.constBits()), dtype=np.uint8)
    rgba = data.reshape(image.height(), image.bytesPerLine() // 4, 4)[:, : image.width(), :3].astype(int)
    margin = round(MARGIN_MM * POINTS_PER_MM) + 2
    top = margin + round(LABEL_MM * POINTS_PER_MM) + 2
    frame = rgba[top : image.height() - margin, margin : image.width() - margin]
    paper = np.array([0xF4, 0xF4, 0xF0])  # the map's background colour
    white = np.array([255, 255, 255])
    blank = (np.abs(frame - paper).max(axis=2) <= 6) | (np.abs(frame - white).max(axis=2) <= 6)
    return float(1.0 - blank.mean())


def test_a4_two_pages_across_prints_every_map_page_full_of_map(tmp_path: Path) -> None:
    said: list[str] = []
    result = render_sheet(
        io.load(EUROPE), tmp_path / "sheet.pdf", SheetOptions("A4", 2), announce=said.append
    )
    kinds = [page.kind for page in result.pages]
    assert kinds.count("map") == 2  # one row of two portrait pages, not two rows with a sliver
    assert result.layout.columns == 2 and result.layout.rows == 1
    assert said == [
        f"{len(result.pages)} pages: the map on 2 portrait pages (2 across, 1 down), a legend page and "
        f"{kinds.count('table')} pages of setup tables"
    ]
    images = _page_images(result.path)
    assert len(images) == len(result.pages)
    for image, page in zip(images, result.pages, strict=True):
        if page.kind == "map":
            assert _map_share(image) > 0.6, page.label


@pytest.mark.parametrize("scenario_file", sorted((ROOT / "scenarios").glob("*.mappa.json")))
@pytest.mark.parametrize("across", [1, 2, 3])
def test_no_shipped_scenario_gets_a_map_page_without_map(scenario_file: Path, across: int) -> None:
    scene = MapScene(ScenarioDocument(io.load(scenario_file)))
    layout = plan_sheet(scene, SheetOptions("A4", across)).layout
    step = 1.0 / layout.scale
    for tile in layout.tiles:
        # The page's own part (what no earlier page repeats) holds some area of the map.
        own = tile.source.adjusted(10 * step if tile.column else 0, 10 * step if tile.row else 0, 0, 0)
        assert any(item.mapToScene(item.path()).intersects(own) for item in scene.areas.values())
    assert layout.pages <= layout.columns * layout.rows


def test_orientation_can_be_asked_for(tmp_path: Path) -> None:
    scene = MapScene(ScenarioDocument(io.load(EUROPE)))
    assert plan_sheet(scene, SheetOptions("A4", 2, orientation="auto")).layout.landscape is False
    landscape = plan_sheet(scene, SheetOptions("A4", 2, orientation="landscape"))
    assert landscape.layout.landscape is True
    assert "landscape" in landscape.text()
    with pytest.raises(
        SheetError, match="unknown orientation 'sideways'; use one of auto, portrait, landscape"
    ):
        plan_sheet(scene, SheetOptions("A4", 2, orientation="sideways"))


def test_the_command_says_the_page_count_before_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sheet.pdf"
    args = ["render", str(EUROPE), "-o", str(out), "--sheet", "--paper", "A4", "--pages-across", "2"]
    assert cli_main([*args, "--orientation", "landscape"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("the sheet will be ") and "landscape pages" in printed[0]
    assert printed[1].startswith(f"wrote {out}")
    pages = int(printed[0].split("the sheet will be ")[1].split(" pages")[0])
    assert len(_page_images(out)) == pages
