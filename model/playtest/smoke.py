"""The smoke test of ``mappa validate --smoke N``: quick AI games whose failures become issues.

Random bots explore the rules more widely than heuristic ones, so the smoke test uses them.
Each engine exception or broken invariant becomes an error issue naming the game's seed and the
action that failed, with the ``mappa playtest`` command that reproduces it with a replay file.
"""

from __future__ import annotations

from model.issues import Issue, Severity
from model.playtest.runner import PlaytestConfig, PlaytestError, run_playtest
from model.scenario import Scenario
from model.validate import SMOKE_CODES as SMOKE_CODES  # the codes are documented with the validator's

SMOKE_SEED = 1
SMOKE_LEVEL = "random"


def smoke_test(scenario: Scenario, games: int, source: str = "FILE") -> list[Issue]:
    """Play ``games`` quick random-bot games (invariants checked after each action); return the failures."""
    config = PlaytestConfig(
        games=games, jobs=1, seed=SMOKE_SEED, default_level=SMOKE_LEVEL, check_invariants=True
    )
    try:
        stats = run_playtest(scenario, config)
    except PlaytestError as error:
        return [Issue("ENGINE_UNAVAILABLE", Severity.WARNING, f"smoke test not run: {error}")]
    issues = []
    for failure in stats.errors:
        code = "ENGINE_INVARIANT" if failure["error"].startswith("InvariantError") else "ENGINE_ERROR"
        issues.append(
            Issue(
                code,
                Severity.ERROR,
                f"smoke game {failure['game']} (seed {failure['seed']}): {failure['error']}; reproduce with "
                f"`mappa playtest {source} --games {failure['game'] + 1} --seed {SMOKE_SEED} "
                f"--level {SMOKE_LEVEL} --jobs 1`, which writes a replay file",
            )
        )
    return issues
