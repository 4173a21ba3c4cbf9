"""What players read names rule numbers, never the project's house defaults, facts sheet sections
or data paths: the game log of a whole game, the rules each move and decision cites, and the
questions of the decisions (18, 7.52 and 1.3 stay as rule numbers)."""

from __future__ import annotations

import re
from pathlib import Path

from model import io
from model.bots.base import play
from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.game import build_game
from model.rules.eotma.moves import DECISIONS, MOVES

SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "medieval-europe-1136.mappa.json"
INTERNAL = re.compile(r"house default|facts sheet|setup\.|house_default", re.IGNORECASE)


def test_the_rules_cited_by_moves_and_decisions_are_rule_numbers() -> None:
    cited = (
        [m.rules for m in MOVES]
        + [d.rules for d in DECISIONS.values()]
        + [d.asks for d in DECISIONS.values()]
    )
    assert [text for text in cited if INTERNAL.search(text)] == []


def test_a_whole_game_log_names_no_house_default_nor_facts_sheet() -> None:
    # Seed 2: a game where claims come both by rule 18 and by a parley (20.42).
    state = play(build_game(io.load(SCENARIO)), EotmaHeuristicBot(), 2, max_actions=40_000)
    assert state.is_over()
    lines = [effect for entry in state.log for effect in entry.effects]
    assert any("(18, method" in line for line in lines)  # claims still cite their rule
    assert any(": claim for " in line and "(20.42)" in line for line in lines)
    assert [line for line in lines if INTERNAL.search(line)] == []
