"""A golden playthrough of the Four Isles: seed and actions in, scores, counters and log out.

The recorded game is a whole heuristic-bot game. When a rules change alters it on purpose,
regenerate the record by running this file as a script and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from model.rules.protocol import LogEntry, is_automatic

GOLDEN = Path(__file__).with_name("golden_isles.json")
SEED = 7


def last_effects(log: list[LogEntry], actions: int = 4) -> list[str]:
    """The effects of the last ``actions`` actions, each with the automatic steps it set off
    (logged as entries of their own after it), in the order they happened."""
    starts = [index for index, entry in enumerate(log) if not is_automatic(entry)]
    return [effect for entry in log[starts[-actions] :] for effect in entry.effects]


def record() -> dict[str, Any]:
    from model import io
    from model.bots.base import play
    from model.rules.seasons.bot import HeuristicBot
    from model.rules.seasons.game import build_game

    game = build_game(io.load(Path(__file__).resolve().parents[3] / "scenarios" / "seasons-isles.mappa.json"))
    state = play(game, {nation: HeuristicBot(seed=n) for n, nation in enumerate(game.nations)}, SEED)
    return {
        "seed": SEED,
        "actions": [entry.action for entry in state.log if not is_automatic(entry)],
        "scores": state.scores(),
        "winners": state.winners(),  # type: ignore[attr-defined]
        "statistics": state.statistics(),  # type: ignore[attr-defined]
        "last_effects": last_effects(state.log),
    }


def test_golden_playthrough_replays_exactly(isles: Any) -> None:
    from model.rules.protocol import replay

    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    state = replay(isles, golden["seed"], golden["actions"])
    assert state.is_over()
    assert state.scores() == golden["scores"]
    assert state.winners() == golden["winners"]  # type: ignore[attr-defined]
    assert state.statistics() == golden["statistics"]  # type: ignore[attr-defined]
    assert last_effects(state.log) == golden["last_effects"]


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    GOLDEN.write_text(json.dumps(record(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN.name}")
