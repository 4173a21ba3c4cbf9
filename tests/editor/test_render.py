"""Headless rendering: PNG pixels show the mode colours; SVG and PDF are written; bad input refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from editor.cli_entry import main as cli_main
from editor.files import DEFAULT_SCENARIO
from editor.mapview.modes import SEA
from editor.render import RenderError, render_scenario
from model import io
from model.scenario import Scenario


def _pixel_at(image: QImage, scenario: Scenario, point: tuple[float, float], width: int) -> str:
    bounds = scenario.map.bounds
    assert bounds is not None
    margin = 40.0  # MapScene.map_rect adds this around the bounds
    scale = width / (bounds.max_x - bounds.min_x + 2 * margin)
    x = round((point[0] - bounds.min_x + margin) * scale)
    y = round((point[1] - bounds.min_y + margin) * scale)
    return QColor(image.pixel(x, y)).name()


def test_png_shows_owner_colours_at_the_anchors(scenario: Scenario, tmp_path: Path) -> None:
    out = render_scenario(scenario, tmp_path / "map.png", mode="owner", width=1200)
    image = QImage(str(out))
    assert image.width() == 1200
    # Sample a little off the anchor, away from the label drawn on it.
    x, y = scenario.area("kestria").anchors[0]
    colour = _pixel_at(image, scenario, (x + 30, y + 40), 1200)
    assert colour == scenario.empire("kestrian_duchy").colour.lower()
    x, y = scenario.area("mirror_bay").anchors[0]
    assert _pixel_at(image, scenario, (x + 25, y + 40), 1200) == SEA


def test_svg_and_pdf_are_written(scenario: Scenario, tmp_path: Path) -> None:
    svg = render_scenario(scenario, tmp_path / "map.svg", mode="religion", width=800)
    text = svg.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    assert scenario.metadata.title in text
    pdf = render_scenario(scenario, tmp_path / "map.pdf", mode="language")
    assert pdf.read_bytes().startswith(b"%PDF")


def test_unknown_format_mode_and_width_are_refused(scenario: Scenario, tmp_path: Path) -> None:
    with pytest.raises(RenderError, match=r"use \.png, \.svg or \.pdf"):
        render_scenario(scenario, tmp_path / "map.gif")
    with pytest.raises(KeyError, match="unknown map mode"):
        render_scenario(scenario, tmp_path / "map.png", mode="weather")
    with pytest.raises(RenderError, match="out of range"):
        render_scenario(scenario, tmp_path / "map.png", width=5)


def test_the_render_subcommand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cli.png"
    status = cli_main(["render", str(DEFAULT_SCENARIO), "-o", str(out), "--mode", "kind", "--width", "640"])
    assert status == 0
    assert QImage(str(out)).width() == 640
    assert cli_main(["render", str(DEFAULT_SCENARIO), "-o", str(out), "--mode", "nope"]) == 2
    assert "unknown map mode 'nope'" in capsys.readouterr().err


def test_validation_mode_colours_areas_with_issues(tmp_path: Path) -> None:
    scenario = io.load(DEFAULT_SCENARIO)
    out = render_scenario(scenario, tmp_path / "v.png", mode="validation", width=600)
    assert not QImage(str(out)).isNull()
