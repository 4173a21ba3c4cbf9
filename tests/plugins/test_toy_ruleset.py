"""The proof that rulesets are plug-ins: Stake (``tests/plugins/toyrules``), a ruleset written only
for the tests, plugs into the validator, ``mappa validate``, ``mappa playtest``, the per-seat log
and capture with no line of Mappa's shared code naming it, registered for each test only.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import toyrules
from toyrules import model_part
from toyrules.engine import StakeState

from editor import cli_entry
from model import io
from model.bots.base import play
from model.playtest.capture import capture, summarize
from model.rules import registry
from model.rules.protocol import IllegalActionError, replay_log
from model.scenario import Scenario
from model.validate import validate

ROOT = Path(__file__).resolve().parents[2]
SHARED = ("model", "editor", "resources", "scenarios", "pyproject.toml", "README.md", ".ci")
"""Everything of Mappa outside the toy's own folder (the tests of other parts are not shared code)."""


@pytest.fixture
def toy() -> Iterator[registry.RulesetSpec]:
    """Stake, registered for this test only."""
    assert registry.get(model_part.RULESET_ID) is None
    with model_part.installed() as spec:
        yield spec
    assert registry.get(model_part.RULESET_ID) is None


@pytest.fixture
def scenario(toy: registry.RulesetSpec) -> Scenario:
    return io.load(model_part.SCENARIO)


def finished_game(scenario: Scenario, spec: registry.RulesetSpec, seed: int = 4) -> StakeState:
    game = spec.engine_factory()(scenario)
    state = play(game, {seat: spec.make_bot("greedy") for seat in game.players()}, seed)
    assert isinstance(state, StakeState)
    return state


def test_no_shared_code_names_the_toy_ruleset() -> None:
    files = [
        path
        for top in SHARED
        for path in ([ROOT / top] if (ROOT / top).is_file() else (ROOT / top).rglob("*"))
        if path.is_file()
        and path.suffix in (".py", ".toml", ".md", ".json", "")
        and "__pycache__" not in path.parts
    ]
    assert sum(path.suffix == ".py" for path in files) > 100  # the shared code is really searched
    naming = []
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        if "toyrules" in text or "Stake (test ruleset)" in text or '"toy"' in text:
            naming.append(str(path.relative_to(ROOT)))
    assert naming == []
    assert Path(toyrules.__file__).resolve().parent == ROOT / "tests" / "plugins" / "toyrules"


def test_the_validator_checks_its_schema_and_runs_its_checks(scenario: Scenario) -> None:
    assert [issue.code for issue in validate(scenario)] == []
    scenario.map.areas[0].attributes = {"value": 9}  # the schema allows 1-3
    scenario.setup.areas.pop("a22")  # blue holds nothing at the start
    codes = {issue.code for issue in validate(scenario)}
    assert "TOY_PLAYER_WITHOUT_START" in codes
    assert "ATTRIBUTE_INVALID" in codes  # Stake's schema: value 1-3


def test_mappa_validate_reads_it_and_lists_its_codes(
    toy: registry.RulesetSpec, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_entry.main(["validate", str(model_part.SCENARIO)]) == 0
    assert cli_entry.main(["validate", "--list-codes"]) == 0
    assert "TOY_TOO_FEW_PLAYERS" in capsys.readouterr().out
    alone = io.load(model_part.SCENARIO)
    alone.setup.empires = alone.setup.empires[:1]
    alone.setup.areas.pop("a22")
    path = tmp_path / "alone.mappa.json"
    io.save(alone, path)
    assert cli_entry.main(["validate", str(path)]) == 1
    assert "TOY_TOO_FEW_PLAYERS" in capsys.readouterr().out


def test_mappa_playtest_writes_a_balance_report_with_worker_processes(
    toy: registry.RulesetSpec, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Two processes: the workers get Stake's spec from the parent, which registered it by hand.
    out = tmp_path / "report"
    argv = ["playtest", str(model_part.SCENARIO), "--games", "6", "--jobs", "2", "--level", "greedy"]
    assert cli_entry.main([*argv, "--out", str(out)]) == 0
    figures = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert figures["games"] == 6 and figures["finished"] == 6 and figures["engine_errors"] == 0
    assert set(figures["empires"]) == {"red", "blue"}
    assert sum(e["wins"] for e in figures["empires"].values()) == pytest.approx(6)
    assert figures["events"]["claims"]["total"] >= 6 * 7  # seven free areas are claimed each game
    assert (out / "report.html").exists()


def test_the_open_information_default_shows_every_seat_the_whole_log(
    scenario: Scenario, toy: registry.RulesetSpec
) -> None:
    state = finished_game(scenario, toy)
    assert state.log and all(state.log_for(seat) == state.log for seat in ("red", "blue", None))
    assert state.statistics_for("red") == state.statistics() == {"claims": 7, "passes": 0}


def test_capture_writes_the_final_owners_back_as_the_setup(
    scenario: Scenario, toy: registry.RulesetSpec
) -> None:
    state = finished_game(scenario, toy)
    captured = capture(scenario, state)
    owners = {area: entry.owner for area, entry in captured.setup.areas.items()}
    assert owners == {area: owner for area, owner in state.owners.items() if owner is not None}
    assert captured.areas == {}
    lines = summarize(scenario, captured)
    assert "Field 01: owner none -> Red" in lines or "Field 01: owner none -> Blue" in lines
    assert len(lines) == 7


def _write_dist(folder: Path, name: str, entry_points: str) -> None:
    """Write what installing the distribution ``name`` leaves in ``folder``: its dist-info with
    these ``mappa.rulesets`` entry point lines."""
    dist = folder / f"{name.replace('-', '_')}-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[mappa.rulesets]\n" + entry_points)


def _empty_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Start the ruleset registry over, nothing discovered yet (restored after the test)."""
    monkeypatch.setattr(registry, "_REGISTRY", {})
    monkeypatch.setattr(registry, "_PROBLEMS", [])
    monkeypatch.setattr(registry, "_discovered", False)


def test_a_ruleset_installed_as_a_distribution_is_found_by_its_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What `pip install stake-rules` would leave on sys.path: a dist-info with the entry point.
    _write_dist(tmp_path, "stake-rules", "toy = toyrules.model_part:SPEC\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    _empty_registry(monkeypatch)
    assert registry.known() == ["eotma", "seasons", "sevenages", "toy"]
    assert registry.get("toy") is model_part.SPEC
    assert registry.problems() == []


def test_a_broken_entry_point_is_reported_and_the_others_still_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write_dist(
        tmp_path,
        "broken-rules",
        "nowhere = toyrules.no_such_module:SPEC\nmislabelled = toyrules.model_part:SPEC\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    _empty_registry(monkeypatch)
    assert registry.known() == ["eotma", "seasons", "sevenages"]
    problems = registry.problems()
    assert len(problems) == 2
    assert any("'nowhere'" in p and "broken-rules" in p and "ModuleNotFoundError" in p for p in problems)
    assert any("'mislabelled'" in p and "gives the ruleset 'toy'" in p for p in problems)
    # A scenario of a ruleset that did not load says why.
    (unknown,) = [i for i in validate(io.load(model_part.SCENARIO)) if i.code == "RULESET_UNKNOWN"]
    assert "a ruleset plug-in failed to load" in unknown.message and "'mislabelled'" in unknown.message


def test_registered_restores_the_ruleset_it_shadowed() -> None:
    seasons = registry.get("seasons")
    assert seasons is not None
    stand_in = dataclasses.replace(model_part.SPEC, id="seasons")
    with registry.registered(stand_in):
        assert registry.get("seasons") is stand_in
    assert registry.get("seasons") is seasons


def test_the_mappa_command_finds_an_installed_ruleset_in_a_fresh_process(tmp_path: Path) -> None:
    # As after `pip install stake-rules`: no registration by hand, only the entry point.
    site = tmp_path / "site"
    _write_dist(site, "stake-rules", "toy = toyrules.model_part:SPEC\n")
    package_root = Path(toyrules.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(package_root)])}
    script = "import sys; from editor.cli_entry import main; sys.exit(main(sys.argv[1:]))"
    out = tmp_path / "report"
    for argv in (
        ["validate", str(model_part.SCENARIO)],
        ["playtest", str(model_part.SCENARIO), "--games", "4", "--jobs", "2", "--out", str(out)],
    ):
        done = subprocess.run(
            [sys.executable, "-c", script, *argv],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stderr
    figures = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert figures["finished"] == 4 and set(figures["empires"]) == {"red", "blue"}


def test_its_engine_obeys_the_protocol(scenario: Scenario, toy: registry.RulesetSpec) -> None:
    state = finished_game(scenario, toy, seed=9)
    game = state.game
    assert state.is_over() and state.legal_actions() == [] and state.current_player() is None
    assert game.state_from_json(json.loads(json.dumps(state.to_json()))) == state
    twin = state.clone()
    assert twin == state and twin.owners is not state.owners
    assert replay_log(game, 9, state.log) == state
    fresh = game.new_state(9)
    with pytest.raises(IllegalActionError, match="S2"):
        fresh.apply("claim a20")  # not next to an area the player holds
    assert fresh.log == [] and fresh == game.new_state(9)  # a refused action changes nothing


def test_without_any_entry_point_the_message_says_to_reinstall(monkeypatch: pytest.MonkeyPatch) -> None:
    # A checkout run without installing it has no package metadata, hence no ruleset at all.
    _empty_registry(monkeypatch)
    monkeypatch.setattr(registry, "_entry_points", list)
    assert registry.known() == []
    (unknown,) = [
        i for i in validate(io.load(ROOT / "scenarios" / "default.mappa.json")) if i.code == "RULESET_UNKNOWN"
    ]
    assert "'eotma' is unknown (known: none)" in unknown.message
    assert "reinstall Mappa (pip install -e .)" in unknown.message
