"""Fixtures of the Seasons tests: the game of the shipped Four Isles scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import io
from model.rules.seasons.game import SeasonsGame, build_game

SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "seasons-isles.mappa.json"


@pytest.fixture(scope="session")
def isles() -> SeasonsGame:
    game: SeasonsGame = build_game(io.load(SCENARIO))
    return game
