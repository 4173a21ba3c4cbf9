"""Property over the shipped scenarios: a scenario compared with itself has no changes, whatever
the order its areas, boundaries, empires and units are listed in (order is no change to an author)."""

from __future__ import annotations

import functools
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from model import io
from model.cli import main
from model.diff import diff_scenarios
from model.scenario import Scenario

SHIPPED = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("*.mappa.json"))


@functools.cache
def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _shuffled(scenario: Scenario, rng: random.Random) -> Scenario:
    copy = scenario.model_copy(deep=True)
    for items in (copy.map.areas, copy.map.boundaries, copy.setup.empires, copy.setup.units):
        rng.shuffle(items)
    return copy


@settings(max_examples=8, deadline=None)
@given(path=st.sampled_from(SHIPPED), rng=st.randoms(use_true_random=False))
def test_a_shipped_scenario_equals_itself_in_any_order(path: Path, rng: random.Random) -> None:
    scenario = io.loads(_text(path), str(path))
    diff = diff_scenarios(scenario, _shuffled(io.loads(_text(path), str(path)), rng))
    assert diff.equal, [change.text for change in diff.changes[:5]]


def test_mappa_diff_of_a_file_with_itself_exits_0() -> None:
    assert len(SHIPPED) >= 5
    assert main(["diff", str(SHIPPED[0]), str(SHIPPED[0])]) == 0


@settings(max_examples=6, deadline=None)
@given(path=st.sampled_from(SHIPPED), rng=st.randoms(use_true_random=False))
def test_merging_a_shipped_scenario_with_one_side_unchanged_gives_the_other(
    path: Path, rng: random.Random
) -> None:
    from model.merge import merge_scenarios

    base = io.loads(_text(path), str(path))
    edited = base.model_copy(deep=True)
    area = rng.choice(edited.map.areas)
    area.name = f"{area.name} (edited)"
    area.attributes["note"] = rng.randint(0, 99)
    for ours, theirs in ((edited, base), (base, edited)):
        result = merge_scenarios(base, ours, theirs, check=False)
        assert result.clean
        assert io.dumps(result.scenario) == io.dumps(edited)
