"""Reading a saved ``report.json`` back (``model.playtest.report_file``): a real report passes, and a
report missing a figure its reader needs is refused with the file and the place in it named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from model import io
from model.playtest import PlaytestConfig, run_playtest
from model.playtest.compare import compare_reports
from model.playtest.report import build_report, write_report
from model.playtest.report_file import ReportFileError, check_report, read_report

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def real_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The report.json of a real 3-game run of the default scenario."""
    scenario = io.load(ROOT / "scenarios" / "default.mappa.json")
    stats = run_playtest(scenario, PlaytestConfig(games=3, jobs=1, seed=4))
    report = build_report(scenario, stats.to_json(), {"games": 3, "seed": 4})
    json_path, _html = write_report(scenario, report, tmp_path_factory.mktemp("run"))
    return json_path


def _changed(path: Path, tmp_path: Path, change: Any) -> Path:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    changed = tmp_path / "report.json"
    changed.write_text(json.dumps(data), encoding="utf-8")
    return changed


def test_a_real_report_reads_back_as_written(real_report: Path) -> None:
    written = json.loads(real_report.read_text(encoding="utf-8"))
    assert read_report(real_report, shown=True) == written
    assert read_report(real_report) == written


def test_a_missing_percentile_is_refused_for_the_dock_but_not_for_a_comparison(
    real_report: Path, tmp_path: Path
) -> None:
    empire = next(iter(json.loads(real_report.read_text(encoding="utf-8"))["empires"]))
    changed = _changed(real_report, tmp_path, lambda d: d["empires"][empire]["victory_points"].pop("p10"))
    with pytest.raises(ReportFileError) as caught:
        read_report(changed, shown=True)
    assert str(caught.value).startswith(f"{changed}: empires.{empire}.victory_points.p10: field required;")
    assert read_report(changed)["empires"][empire]["victory_points"].get("p10") is None


def test_a_figure_of_the_wrong_kind_names_its_place_and_counts_the_others(
    real_report: Path, tmp_path: Path
) -> None:
    def spoil(data: dict[str, Any]) -> None:
        data["finished"] = "many"
        del data["game_length"]

    changed = _changed(real_report, tmp_path, spoil)
    with pytest.raises(ReportFileError, match=r"report\.json: finished: input should be a valid integer"):
        read_report(changed)  # a comparison reads "finished" too
    with pytest.raises(
        ReportFileError,
        match=r": finished: .* \(and 1 more problem\); write it again with `mappa playtest SCENARIO --out",
    ):
        read_report(changed, shown=True)


def test_a_win_rate_above_one_and_a_short_interval_are_refused(real_report: Path, tmp_path: Path) -> None:
    empire = next(iter(json.loads(real_report.read_text(encoding="utf-8"))["empires"]))
    changed = _changed(real_report, tmp_path, lambda d: d["empires"][empire].update(win_rate=1.5))
    too_high = rf"empires\.{empire}\.win_rate: input should be less than or equal to 1"
    with pytest.raises(ReportFileError, match=too_high):
        read_report(changed)
    changed = _changed(real_report, tmp_path, lambda d: d["empires"][empire].update(win_rate_ci95=[0.1]))
    with pytest.raises(ReportFileError, match=rf"empires\.{empire}\.win_rate_ci95\.1: field required"):
        read_report(changed)


def test_no_json_no_object_no_empires(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ReportFileError, match=r"report\.json: not a JSON file"):
        read_report(path)
    with pytest.raises(
        ReportFileError, match=r"^r\.json: not a balance report \(it holds a list, not an obj"
    ):
        check_report([1, 2], "r.json")
    with pytest.raises(ReportFileError, match=r"^r\.json: not a balance report \(no table of empires\)$"):
        check_report({"games": 3}, "r.json")
    with pytest.raises(ReportFileError, match=r"nowhere\.json: cannot read the report"):
        read_report(tmp_path / "nowhere.json")


def test_what_a_comparison_names_in_its_heading_must_be_of_the_right_kind(
    real_report: Path, tmp_path: Path
) -> None:
    # compare_reports reads the settings' seed, the scenario's title, the games and the seat names:
    # a report with them of another kind stopped `mappa playtest compare` with an internal error.
    spoilt = {
        "settings": (None, "settings: should be an object, not null;"),
        "scenario": ("Isles", "scenario: should be an object, not a string;"),
        "games": ("many", "games: input should be a valid integer"),
        "seat_names": (["a"], "seat_names: should be an object, not a list;"),
    }
    for key, (value, said) in spoilt.items():
        changed = _changed(real_report, tmp_path, lambda d, key=key, value=value: d.update({key: value}))
        with pytest.raises(ReportFileError) as caught:
            read_report(changed)
        assert str(caught.value).startswith(f"{changed}: {said}"), key
    # They may be left out, though: a comparison names what there is.
    bare = _changed(real_report, tmp_path, lambda d: [d.pop(k) for k in spoilt])
    report = read_report(bare)
    assert compare_reports(report, report)["a"] == {"title": "", "games": 0, "finished": 3, "seed": None}


def test_the_dock_s_tables_of_handicaps_and_engine_errors_are_checked(
    real_report: Path, tmp_path: Path
) -> None:
    empire = next(iter(json.loads(real_report.read_text(encoding="utf-8"))["empires"]))

    def spoil_handicap(data: dict[str, Any]) -> None:
        data["suggested_handicaps"]["empires"][empire]["suggested"] = "+2"

    changed = _changed(real_report, tmp_path, spoil_handicap)
    place = rf"suggested_handicaps\.empires\.{empire}\.suggested: input should be a valid integer"
    with pytest.raises(ReportFileError, match=place):
        read_report(changed, shown=True)
    assert read_report(changed)["suggested_handicaps"]["empires"][empire]["suggested"] == "+2"
    changed = _changed(real_report, tmp_path, lambda d: d.update(errors=[{"game": 1, "seed": 9}]))
    with pytest.raises(ReportFileError, match=r": errors\.0\.error: field required;"):
        read_report(changed, shown=True)
    changed = _changed(real_report, tmp_path, lambda d: d["empires"][empire].update(victory_points=None))
    with pytest.raises(
        ReportFileError, match=rf"empires\.{empire}\.victory_points: should be an object, not null;"
    ):
        read_report(changed)
