"""What the editor opens on first launch (issue 6: Millennium 976 on the medieval Europe map)."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor import files
from model import io


def test_first_launch_opens_millennium_976() -> None:
    path = files.startup_scenario()
    assert path.name == "medieval-europe-976.mappa.json"
    scenario = io.load(path)
    assert scenario.metadata.start_year == 976 and scenario.metadata.rounds == 20


def test_without_the_historical_scenario_the_small_example_opens(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "STARTUP_SCENARIO", Path("missing.mappa.json"))
    assert files.startup_scenario() == files.DEFAULT_SCENARIO
