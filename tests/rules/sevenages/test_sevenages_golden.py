"""A golden playthrough of the tiny 7 Ages scenario: seed and actions in, scores, counters and log out.

The recorded game is a whole heuristic-bot game. When a rules change alters it on purpose,
regenerate the record by running this file as a script and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from model.rules.protocol import LogEntry, is_automatic

GOLDEN = Path(__file__).with_name("golden_tiny.json")
SEED = 7


def last_effects(log: list[LogEntry], actions: int = 4) -> list[str]:
    """The effects of the last ``actions`` actions, each with the automatic steps it set off
    (logged as entries of their own after it), in the order they happened."""
    starts = [index for index, entry in enumerate(log) if not is_automatic(entry)]
    return [effect for entry in log[starts[-actions] :] for effect in entry.effects]


def record() -> dict[str, Any]:
    """Play the recorded game and return what the test compares."""
    from sevenages_scenario import tiny_sevenages_scenario

    from model.bots.base import play
    from model.rules.sevenages.bot import HeuristicBot
    from model.rules.sevenages.game import build_game

    game = build_game(tiny_sevenages_scenario())
    state = play(game, {p: HeuristicBot(seed=n) for n, p in enumerate(game.seats)}, SEED)
    return {
        "seed": SEED,
        "actions": [entry.action for entry in state.log if not is_automatic(entry)],
        "scores": state.scores(),
        "winners": state.winners(),
        "statistics": state.statistics(),
        "last_effects": last_effects(state.log),
    }


def test_golden_playthrough_replays_exactly() -> None:
    from sevenages_scenario import tiny_sevenages_scenario

    from model.rules.protocol import replay
    from model.rules.sevenages.game import build_game

    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    state = replay(build_game(tiny_sevenages_scenario()), golden["seed"], golden["actions"])
    assert state.is_over()
    assert state.scores() == golden["scores"]
    assert state.winners() == golden["winners"]
    assert state.statistics() == golden["statistics"]
    assert last_effects(state.log) == golden["last_effects"]


if __name__ == "__main__":
    root = Path(__file__).resolve()
    sys.path[:0] = [str(root.parents[3]), str(root.parent)]
    GOLDEN.write_text(json.dumps(record(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN.name}")
