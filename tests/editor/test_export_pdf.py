"""Print-and-play PDF: tiling by paper and pages across, overlap labels, legend and setup tables."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from editor.cli_entry import main as cli_main
from editor.document import ScenarioDocument
from editor.export.pdf_sheet import SheetError, SheetOptions, choose_layout, render_sheet, write_sheet
from editor.export.setup_table import setup_tables
from editor.export.sheet_dialog import SheetDialog, export_sheet
from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.mapview.scene import MapScene
from model.scenario import Scenario


def _pdf_pages(path: Path) -> int:
    """Count the page objects of a PDF (``/Type /Page``, not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", path.read_bytes()))


def test_page_count_follows_paper_and_pages_across(scenario: Scenario, tmp_path: Path) -> None:
    scene = MapScene(ScenarioDocument(scenario))
    # The default map is 1280 x 880 units with its margin: two portrait A4 pages hold it in one row.
    layout = choose_layout(scene.map_rect(), SheetOptions("A4", 2))
    assert (layout.columns, layout.rows, layout.landscape) == (2, 1, False)
    bigger = choose_layout(scene.map_rect(), SheetOptions("A4", 4))
    assert bigger.columns == 4 and bigger.rows >= 2
    result = write_sheet(scene, tmp_path / "sheet.pdf", SheetOptions("A4", 2))
    kinds = [page.kind for page in result.pages]
    # Two map pages, the legend, then empires, areas and units (each fits one page).
    assert kinds == ["map", "map", "legend", "table", "table", "table"]
    assert _pdf_pages(result.path) == 6
    result = write_sheet(scene, tmp_path / "big.pdf", SheetOptions("A4", 4))
    assert kinds.count("map") < [p.kind for p in result.pages].count("map") == bigger.pages
    assert _pdf_pages(result.path) == len(result.pages)


def test_map_pages_are_labelled_with_their_neighbours(scenario: Scenario, tmp_path: Path) -> None:
    scene = MapScene(ScenarioDocument(scenario))
    result = write_sheet(scene, tmp_path / "sheet.pdf", SheetOptions("A3", 2))
    first, second = result.pages[:2]
    assert "map page 1 of 2 (row 1, column 1)" in first.label
    assert first.lines == ("right: page 2",)
    assert second.lines == ("left: page 1",)
    # The tiles overlap: the second starts before the first ends.
    tiles = result.layout.tiles
    assert tiles[1].source.left() < tiles[0].source.right()


def test_setup_table_text(scenario: Scenario, tmp_path: Path) -> None:
    result = render_sheet(scenario, tmp_path / "sheet.pdf")
    text = result.text()
    for expected in (
        "Kingdom of Aldmoor | Aldric the Tall | 3 | 4 | 2 | Aldmoor | 12",  # leader statures, court, treasury
        "Leader combat",
        "Social state",
        "Population",
        "Army | Kingdom of Aldmoor | Aldmoor | 2",
        "Fleet | Sarnian League | Tarsk | 1",
        "Map mode: Owner",
        "Printed scale: 1 cm = ",
    ):
        assert expected in text
    areas = next(t for t in setup_tables(scenario) if t.title == "Areas")
    assert areas.headers[:2] == ("Area", "Owner")
    assert "Fortification" in areas.headers and "Language" in areas.headers and "Religion" in areas.headers
    # Sea zones are not set up by players: only land areas are listed.
    assert all(row[0] != "Mirror Bay" for row in areas.rows)


def test_bad_options_are_refused(scenario: Scenario, tmp_path: Path) -> None:
    scene = MapScene(ScenarioDocument(scenario))
    with pytest.raises(SheetError, match="unknown paper 'B5'; use one of A4, A3, Letter"):
        write_sheet(scene, tmp_path / "x.pdf", SheetOptions("B5", 2))
    with pytest.raises(SheetError, match="pages across must be 1 to 20, not 0"):
        write_sheet(scene, tmp_path / "x.pdf", SheetOptions("A4", 0))
    with pytest.raises(SheetError, match=r"is a \.pdf file"):
        write_sheet(scene, tmp_path / "x.png", SheetOptions("A4", 1))


def test_render_sheet_subcommand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.pdf"
    args = [
        "render",
        str(DEFAULT_SCENARIO),
        "-o",
        str(out),
        "--sheet",
        "--paper",
        "Letter",
        "--pages-across",
        "1",
    ]
    assert cli_main(args) == 0
    printed = capsys.readouterr().out
    assert "map on 1)" in printed
    assert out.read_bytes().startswith(b"%PDF") and _pdf_pages(out) == 5
    assert cli_main([*args[:-4], "--paper", "B5"]) != 0
    assert "unknown paper 'B5'" in capsys.readouterr().err


def test_dialog_summarises_the_page_count(qtbot: object) -> None:
    window = MainWindow(ScenarioDocument.open(DEFAULT_SCENARIO))
    dialog = SheetDialog(window)  # built, never exec()'d
    dialog.pages_across.setValue(1)
    assert "1 portrait page " in dialog.summary.text() or "1 landscape page " in dialog.summary.text()
    dialog.paper.setCurrentText("A3")
    dialog.pages_across.setValue(3)
    assert "3 across" in dialog.summary.text()
    assert dialog.options() == SheetOptions("A3", 3, window.scene.mode_id)
    assert "export_sheet" in window.actions_by_name
    window.close()


def test_file_export_writes_the_sheet_and_keeps_the_window_mode(
    qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = MainWindow(ScenarioDocument.open(DEFAULT_SCENARIO))
    window.set_mode("religion")
    target = tmp_path / "narrow-sea"  # no suffix: .pdf is added

    def accept(dialog: SheetDialog) -> int:
        dialog.mode.setCurrentIndex(dialog.mode.findData("owner"))
        dialog.paper.setCurrentText("A3")
        return int(SheetDialog.DialogCode.Accepted.value)

    monkeypatch.setattr(SheetDialog, "exec", accept)
    monkeypatch.setattr(
        "editor.export.sheet_dialog.QFileDialog.getSaveFileName", lambda *args, **kwargs: (str(target), "")
    )
    assert export_sheet(window)
    written = target.with_suffix(".pdf")
    assert written.read_bytes().startswith(b"%PDF") and _pdf_pages(written) >= 5
    assert window.scene.mode_id == "religion"  # the sheet's mode was for the paper only
    window.close()
