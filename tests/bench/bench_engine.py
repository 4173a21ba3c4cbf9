"""Benchmark: whole EotMA games per second with heuristic bots, single process.

Run ``python tests/bench/bench_engine.py [--games N] [--profile]``. Prints the figures and writes
them to tests/bench/results/bench_engine.json. Games: every shipped EotMA scenario played for 20
rounds, and a generated 4-empire, 20-round map (the issue's reference game).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from gamebench import actions_in, profile, save, time_games  # noqa: E402

from model import io  # noqa: E402
from model.bots.base import play  # noqa: E402
from model.rules.eotma.board import Board, Catalog, LandSpec  # noqa: E402
from model.rules.eotma.bot import EotmaHeuristicBot  # noqa: E402
from model.rules.eotma.game import AreaStart, EotmaGame, Options, PlayerSetup, build_game  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "bench_engine.json"


def four_empire_game(rounds: int = 20) -> EotmaGame:
    """A 6x6 grid of land areas with two sea areas, four empires in the corners."""
    size = 6
    lands: list[LandSpec] = []
    languages = ["north", "east", "south", "west"]
    for r in range(size):
        for c in range(size):
            quarter = (r >= size // 2) * 2 + (c >= size // 2)
            lands.append(
                LandSpec(
                    f"a{r}{c}",
                    language=languages[quarter],
                    religion="church" if quarter < 3 else "old",
                    population=(r * 7 + c * 3) % 4 - 1,
                    seafaring=(r, c) in ((0, 0), (5, 5)),
                )
            )
    edges = [(f"a{r}{c}", f"a{r}{c + 1}") for r in range(size) for c in range(size - 1)]
    edges += [(f"a{r}{c}", f"a{r + 1}{c}") for r in range(size - 1) for c in range(size)]
    coast = [(f"a0{c}", "north_sea") for c in range(size)] + [(f"a5{c}", "south_sea") for c in range(size)]
    coast += [(f"a{r}0", "north_sea") for r in range(3)] + [(f"a{r}5", "south_sea") for r in range(3, 6)]
    catalog = Catalog(
        language_family={"north": "f1", "east": "f1", "south": "f2", "west": "f2"},
        religion_group={"church": "christian", "old": "pagan"},
        group_kind={"christian": "christian", "pagan": "pagan"},
    )
    board = Board.build(
        lands, ["north_sea", "south_sea"], edges, [("north_sea", "south_sea")], coast, catalog
    )
    corners = {
        "p1": ["a00", "a01", "a10"],
        "p2": ["a05", "a04", "a15"],
        "p3": ["a50", "a40", "a51"],
        "p4": ["a55", "a54", "a45"],
    }
    starts: dict[str, AreaStart] = {}
    players = []
    for i, (pid, areas) in enumerate(corners.items()):
        players.append(
            PlayerSetup(pid, combat=2 + i % 3, administrative=3, diplomatic=4 - i % 3, court=areas[0])
        )
        starts[areas[0]] = AreaStart(pid, 2, fortification=2)
        for area in areas[1:]:
            starts[area] = AreaStart(pid, 1)
    for r in range(size):
        for c in range(size):
            starts.setdefault(f"a{r}{c}", AreaStart(None, (r + c) % 3 - 1))
    options = Options(events=True, armies_fleets=True, civilisation_markers=True)
    return EotmaGame(board, players, starts, options=options, rounds=rounds)


def games() -> dict[str, EotmaGame]:
    """Return the benchmark games by name."""
    result: dict[str, EotmaGame] = {"generated-4-empires-20-rounds": four_empire_game()}
    for path in sorted((ROOT / "scenarios").glob("*.mappa.json")):
        scenario = io.load(path)
        if scenario.ruleset.id != "eotma":
            continue
        scenario.metadata.rounds = 20
        g = build_game(scenario)
        result[f"{path.name} ({g.n_players} empires, {g.board.n} land areas, 20 rounds)"] = g
    return result


def bench(game: EotmaGame, count: int) -> dict[str, float]:
    """Play ``count`` games with heuristic bots; return games per second and actions per game."""
    bot = EotmaHeuristicBot()
    play(game, bot, 0)  # warm caches (sea reach, deck odds)
    return time_games(count, lambda seed: actions_in(play(game, bot, seed).log))


def main() -> None:
    """Run the benchmark and print and save the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument(
        "--profile", action="store_true", help="profile the generated game and print hot spots"
    )
    args = parser.parse_args()
    figures: dict[str, dict[str, float]] = {}
    for name, game in games().items():
        figures[name] = bench(game, args.games)
        print(f"{name}: {figures[name]}")
    save(RESULTS, figures)
    if args.profile:
        game = four_empire_game()
        profile(lambda: [play(game, EotmaHeuristicBot(), seed) for seed in range(10)])


if __name__ == "__main__":
    main()
