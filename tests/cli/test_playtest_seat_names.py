"""The balance report names the seats as the game does (``model.rules.protocol.seat_names``): the
empires in EotMA, the players in 7 Ages (whose seats are players who take over empire cards)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from model import io
from model.cli import main
from model.playtest.report import render_html, report_seat_names

ROOT = Path(__file__).resolve().parents[2]
EOTMA = ROOT / "scenarios" / "default.mappa.json"
SEVEN_AGES = ROOT / "scenarios" / "sevenages-world.mappa.json"


def _run(
    tmp_path: Path, scenario: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[dict[str, Any], str, str]:
    out = tmp_path / scenario.stem
    assert (
        main(["playtest", str(scenario), "--games", "1", "--jobs", "1", "--seed", "2", "--out", str(out)])
        == 0
    )
    report = json.loads((out / "report.json").read_text())
    return report, (out / "report.html").read_text(), capsys.readouterr().out


def test_seven_ages_seats_are_named_as_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report, page, printed = _run(tmp_path, SEVEN_AGES, capsys)
    assert set(report["empires"]) == {"player_1", "player_2", "player_3", "player_4"}
    names = report["seat_names"]
    assert [names[seat] for seat in sorted(report["empires"])] == [
        "Player 1",
        "Player 2",
        "Player 3",
        "Player 4",
    ]
    assert names["neutral"] == "Neutral peoples"  # the scenario's Magnate, the neutral side
    # The summary lines and the page name the players, never by their ids.
    assert "  Player 1 " in printed and "player_1" not in printed
    assert "Player 3</td>" in page and ">player_3<" not in page


def test_eotma_seats_keep_their_empires_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report, page, printed = _run(tmp_path, EOTMA, capsys)
    names = report["seat_names"]
    assert {seat: names[seat] for seat in report["empires"]} == {
        "aldmoor_kingdom": "Kingdom of Aldmoor",
        "kestrian_duchy": "Duchy of Kestria",
        "sarnian_league": "Sarnian League",
    }
    assert names["count_of_dravia"] == "Count of Dravia"
    assert "  Kingdom of Aldmoor " in printed and "Duchy of Kestria</td>" in page


def test_a_report_without_stored_names_falls_back_to_the_scenario(tmp_path: Path) -> None:
    scenario = io.load(EOTMA)
    assert report_seat_names(scenario)["sarnian_league"] == "Sarnian League"
    out = tmp_path / "old"
    assert main(["playtest", str(EOTMA), "--games", "1", "--jobs", "1", "--out", str(out)]) == 0
    report = json.loads((out / "report.json").read_text())
    del report["seat_names"]  # as written before the names were stored
    assert "Sarnian League</td>" in render_html(scenario, report)
