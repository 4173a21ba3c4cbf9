"""Messages that authors and players read speak their language (issue 17): no "HOUSE DEFAULT 7",
"facts sheet 6.1", "7A facts 2.14", data paths such as "setup.areas", nor internal ids such as
"npc-defense" or snake_case names in the validator's code descriptions (core, smoke and every
ruleset's ``CODES``), the EotMA decision questions, or a generated balance report. Rule numbers
stay (players know them); internal names belong in an issue's ``path`` and ``rule`` fields."""

from __future__ import annotations

import re
from pathlib import Path

from editor.rulesets.eotma.decisions import QUESTIONS
from model import io
from model.playtest import PlaytestConfig, run_playtest
from model.playtest.report import build_report, render_html
from model.rules.eotma.decisions import DecisionKind
from model.validate.codes import all_codes

ROOT = Path(__file__).resolve().parents[2]
INTERNAL = re.compile(
    r"house.default|facts sheet|7A facts|\bsetup\.|\bmap\.areas|\bruleset\.(tables|options)"
    r"|\b[a-z]+_[a-z0-9_]+\b",  # a snake_case id: an option, table or field name
    re.IGNORECASE,
)
DECISION_IDS = re.compile("|".join(re.escape(k.value) for k in DecisionKind if "-" in k.value))
"""The decision kinds whose ids are not English words (npc-defense, crusader-state)."""


def _internal(text: str) -> list[str]:
    return [m.group(0) for m in (*INTERNAL.finditer(text), *DECISION_IDS.finditer(text))]


def test_every_code_description_is_in_players_words() -> None:
    found = {code: _internal(text) for code, (_severity, text, _where) in all_codes().items()}
    assert {code: words for code, words in found.items() if words} == {}


def test_every_eotma_decision_question_is_in_players_words() -> None:
    found = {kind: _internal(f"{question} ({rule})") for kind, (question, rule) in QUESTIONS.items()}
    assert {kind: words for kind, words in found.items() if words} == {}


def test_a_generated_balance_report_is_in_players_words() -> None:
    scenario = io.load(ROOT / "scenarios" / "medieval-europe-1136.mappa.json")
    stats = run_playtest(scenario, PlaytestConfig(games=1, seed=3))
    settings = {"games": 1, "seed": 3, "seats": stats.seats}
    page = render_html(scenario, build_report(scenario, stats.to_json(), settings))
    visible = re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.DOTALL)
    assert "Empires of the Middle Ages" in visible  # the ruleset by its name, not its id
    assert "leader deaths" in visible  # the engine's counters in words
    assert _internal(visible) == []


PATHS = re.compile(
    r"\b(map|setup|ruleset|catalogs|metadata)\.[a-z_]+|house.default|facts sheet", re.IGNORECASE
)
"""Data paths and internal references: the issue's ``path`` and ``rule`` fields carry them."""


def test_validator_messages_leave_data_paths_to_the_path_field() -> None:
    from model import validate

    scenario = io.load(ROOT / "scenarios" / "default.mappa.json")
    scenario.setup.units[0].id = "aldmoor"  # an area's id: DUPLICATE_ID
    scenario.map.areas[3].attributes["population"] = "many"  # ATTRIBUTE_INVALID
    scenario.ruleset.options["armies_fleets"] = "yes please"  # ATTRIBUTE_INVALID of an option
    scenario.ruleset.tables["schism"] = True  # TABLE_INVALID
    issues = validate.validate(scenario)
    codes = {issue.code for issue in issues}
    assert {"DUPLICATE_ID", "ATTRIBUTE_INVALID", "TABLE_INVALID"} <= codes
    assert [i.message for i in issues if PATHS.search(i.message)] == []
    assert all(i.path for i in issues if i.code in ("DUPLICATE_ID", "ATTRIBUTE_INVALID"))
