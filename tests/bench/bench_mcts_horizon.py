"""Benchmark: what an MCTS search sees in a scenario, to tell why it wins or not there.

Run ``python tests/bench/bench_mcts_horizon.py [SCENARIO ...] [--points P] [--rollouts R]
[--depths D ...]`` (default scenarios/default.mappa.json). For each scenario it plays one game of
heuristic bots (seed 7) and prints the game's length, the actions of each round, the decisions
with more than one legal action per seat and their median number of legal actions: a rollout
``depth`` counts actions of every seat, so in a game of many seats it sees less of a round. Then,
from ``P`` positions spread over that game, it rolls out ``R`` times with the heuristic playing
every seat and reports, per rollout horizon, how often the seat the MCTS reward
(``model.bots.mcts.rewards``) puts first at the horizon wins the game in the end, the correlation
of every seat's reward there with its share of the final win, and the cost of a rollout action.
Writes the figures to tests/bench/results/bench_mcts_horizon.json (a list when several scenarios
are given).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from gamebench import load_game, save  # noqa: E402

from model.bots.mcts import rewards  # noqa: E402
from model.rules.protocol import State  # noqa: E402
from model.rules.rng import Rng  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "bench_mcts_horizon.json"
DEFAULT = ROOT / "scenarios" / "default.mappa.json"


def bench(path: Path, args: argparse.Namespace) -> dict[str, Any]:
    """Play the game, roll out from its positions; print and return the figures."""
    spec, game = load_game(path)
    seats = game.players()
    bots = {seat: spec.make_bot("heuristic", seed=index) for index, seat in enumerate(seats)}
    state = game.new_state(7)
    positions: list[tuple[State, int]] = []
    per_round: dict[int, int] = {}
    while not state.is_over():
        legal = len(state.legal_actions())
        positions.append((state.clone(), legal))
        per_round[state.cursor()[0]] = per_round.get(state.cursor()[0], 0) + 1
        player = state.current_player()
        assert player is not None
        state.apply(bots[player].choose(state))
    choices = [legal for _, legal in positions if legal > 1]
    figures: dict[str, Any] = {
        "scenario": path.name,
        "ruleset": spec.id,
        "seats": len(seats),
        "actions": len(positions),
        "actions_per_round": per_round,
        "decisions_per_seat": round(len(choices) / len(seats), 1),
        "median_legal_actions": statistics.median(choices) if choices else 0,
        "horizons": [],
    }
    print(
        f"{path.name}: {len(positions)} actions, {len(seats)} seats, rounds of "
        f"{min(per_round.values())}-{max(per_round.values())} actions; "
        f"{figures['decisions_per_seat']} decisions a seat, median "
        f"{figures['median_legal_actions']} legal actions",
        flush=True,
    )
    picked = [
        positions[int(k * (len(positions) - 1) / max(args.points - 1, 1))][0] for k in range(args.points)
    ]
    for depth in args.depths:
        figures["horizons"].append(horizon(spec, seats, picked, depth, args.rollouts))
        row = figures["horizons"][-1]
        print(
            f"  depth {depth}: the leader at the horizon wins {row['leader_wins']:.2f}, correlation of "
            f"the reward with the final share {row['correlation']:.2f}; {row['ms_per_action']:.2f} ms "
            "a rollout action",
            flush=True,
        )
    return figures


def horizon(spec: Any, seats: tuple[str, ...], picked: list[State], depth: int, count: int) -> dict[str, Any]:
    """Roll out ``count`` times from each position; compare the reward after ``depth`` actions
    with the end of the game."""
    leads: list[float] = []
    pairs: list[tuple[float, float]] = []
    actions = 0
    clock = time.perf_counter()
    for position in picked:
        for number in range(count):
            sample = position.determinize(position.current_player(), Rng(number))
            sample.rng.state = number * 7919 + 1
            policy = {seat: spec.make_bot("heuristic", seed=number * 10 + k) for k, seat in enumerate(seats)}
            seen: dict[str, float] | None = None
            played = 0
            while not sample.is_over():
                if played == depth:
                    seen = rewards(sample)
                player = sample.current_player()
                sample.apply(policy[player].choose(sample))
                played += 1
            actions += played
            seen = rewards(sample) if seen is None else seen
            winners = sample.winners()
            final = {seat: (1 / len(winners) if seat in winners else 0.0) for seat in seats}
            leads.append(1.0 if max(seen, key=lambda seat: seen[seat]) in winners else 0.0)
            pairs += [(seen[seat], final[seat]) for seat in seats]
    xs, ys = zip(*pairs, strict=True)
    return {
        "depth": depth,
        "rollouts": len(leads),
        "leader_wins": sum(leads) / len(leads),
        "correlation": statistics.correlation(xs, ys),
        "ms_per_action": 1000 * (time.perf_counter() - clock) / max(actions, 1),
    }


def main() -> None:
    """Profile each scenario, print the figures and write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", type=Path, default=[DEFAULT])
    parser.add_argument("--points", type=int, default=6)
    parser.add_argument("--rollouts", type=int, default=6)
    parser.add_argument("--depths", type=int, nargs="+", default=[16, 40, 120, 400])
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    results = [bench(path, args) for path in args.scenarios]
    save(args.out, results if len(results) > 1 else results[0])
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
