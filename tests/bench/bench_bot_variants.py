"""Benchmark: the heuristic bot with its shipped ``bot`` table against a variant of it, in rotated seats.

Run ``python tests/bench/bench_bot_variants.py SCENARIO [--games N] [--seed S] [--variant NAME]``.
Game ``g`` seats the shipped bot in seat ``g mod n`` and the variant in every other seat. The
default variant, ``plain``, switches off the behaviours that make the bots use every action kind
(EotMA: plunder when short, lowering forts, fortifying where a rival borders, untie before asking
asylum and in asylum, asking a court that would grant it, diplomacy in asylum, revoking asylum, the
coup on a leader's claim step, armies to the planned attack's base, bribes for two voters and in
the last round, bases chosen by rating;
Seasons: frontier towers, defensive aid, pillage before the end; 7 Ages: the worth of land across
straits): a new heuristic must win at least its fair share against the old one. A win counts 1
(shared when the ruleset names several winners); the fair share is ``1 / n``. Also printed: per
seat, the mean score when seated with the shipped table minus the mean score of the same seat with
the variant; and the paired gain: each game is played again with the variant in every seat from the
same seed, and the shipped seat's score is compared with that seat's score there (far less noise
than wins). ``--changes '{"plunder_short": 0}'`` plays against any other variant of the table.
Writes the figures to tests/bench/results/bench_bot_variants.json (or ``--out``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from gamebench import load_game, save  # noqa: E402

from model.bots.base import Bot, play  # noqa: E402
from model.playtest.stats import wilson_interval  # noqa: E402
from model.rules.eotma.bot import EotmaHeuristicBot  # noqa: E402
from model.rules.eotma.game import EotmaGame  # noqa: E402
from model.rules.seasons.bot import HeuristicBot as SeasonsBot  # noqa: E402
from model.rules.seasons.game import SeasonsGame  # noqa: E402
from model.rules.sevenages.bot import HeuristicBot as SevenAgesBot  # noqa: E402
from model.rules.sevenages.botweights import shipped as sevenages_weights  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "bench_bot_variants.json"

VARIANTS: dict[str, dict[str, dict[str, Any]]] = {
    "plain": {
        "eotma": {
            "bribe_voters": 1,
            "bribe_last_round": False,
            "claim_unfree_first": False,
            "plunder_short": 0,
            "reduce_fort_to_convert": False,
            "slight_before_fall": False,
            "untie_for_asylum": False,
            "ask_willing_host": False,
            "untie_in_asylum": False,
            "exile_diplomacy": False,
            "fort_threat_share": 0,
            "base_by_rating": False,
            "revoke_lead": -1,
            "revoke_for_vote": False,
            "coup_on_claims": False,
            "tie_to_convert": False,
            "army_to_attack_base": False,
        },
        "seasons": {"pillage_before_end": 0, "frontier_towers": 0, "defensive_aid": False},
        "sevenages": {"cross_straits": False},
    },
}
"""Variant name -> ruleset id -> the ``bot`` table entries it changes."""


def variant_maker(game: object, ruleset: str, changes: dict[str, Any]) -> Callable[[int], Bot]:
    """Return a maker of the variant bot (by seed) for the game's ruleset."""
    if ruleset == "eotma":
        assert isinstance(game, EotmaGame)
        weights = game.rules.bot.replace(changes)
        return lambda _seed: EotmaHeuristicBot(weights)
    if ruleset == "seasons":
        assert isinstance(game, SeasonsGame)
        table = game.tables.bot.model_copy(update=changes)
        return lambda seed: SeasonsBot(seed, table=table)
    if ruleset == "sevenages":
        weights = sevenages_weights().replace(**changes)
        return lambda seed: SevenAgesBot(seed, weights)
    raise SystemExit(f"no bot variants for the ruleset {ruleset!r}")


def main() -> None:
    """Play the games, print the shares and write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", type=Path)
    parser.add_argument("--games", type=int, default=28)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="plain", choices=sorted(VARIANTS))
    parser.add_argument(
        "--changes", type=json.loads, default=None, help="a JSON object of bot table entries: the variant"
    )
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()

    spec, game = load_game(args.scenario)
    changes = args.changes if args.changes is not None else VARIANTS[args.variant][spec.id]
    make_variant = variant_maker(game, spec.id, changes)
    seats = list(game.players())
    wins = 0.0
    paired: list[float] = []
    scores: dict[str, dict[str, list[float]]] = {seat: {"shipped": [], "variant": []} for seat in seats}
    started = time.perf_counter()
    for number in range(args.games):
        seed = args.seed + number
        shipped = seats[number % len(seats)]
        bots: dict[str, Bot] = {seat: make_variant(seed * 31 + i) for i, seat in enumerate(seats)}
        bots[shipped] = spec.make_bot("heuristic", seed=seed * 31 + seats.index(shipped))
        state = play(game, bots, seed)
        # The same seed with the variant in every seat: the shipped seat's score against its own
        # (paired, so the deal of the cards and dice weigh far less).
        plain = play(game, {seat: make_variant(seed * 31 + i) for i, seat in enumerate(seats)}, seed)
        paired.append(state.scores()[shipped] - plain.scores()[shipped])
        winners = state.winners()
        wins += 1.0 / len(winners) if shipped in winners else 0.0
        for seat, score in state.scores().items():
            scores[seat]["shipped" if seat == shipped else "variant"].append(score)
        print(f"game {number + 1}/{args.games}: shipped table in {shipped}, winners {winners}", flush=True)
    low, high = wilson_interval(wins, args.games) if args.games else (0.0, 1.0)
    gains = {
        seat: statistics.fmean(s["shipped"]) - statistics.fmean(s["variant"])
        for seat, s in scores.items()
        if s["shipped"] and s["variant"]
    }
    figures = {
        "scenario": args.scenario.name,
        "ruleset": spec.id,
        "variant": args.variant,
        "changes": changes,
        "games": args.games,
        "seed": args.seed,
        "fair_share": 1 / len(seats),
        "shipped_wins": wins,
        "shipped_share": wins / args.games if args.games else 0.0,
        "interval_95": [low, high],
        "score_gain_by_seat": gains,
        "mean_score_gain": statistics.fmean(gains.values()) if gains else None,
        "paired_gain": statistics.fmean(paired) if paired else None,
        "paired_gain_se": statistics.stdev(paired) / len(paired) ** 0.5 if len(paired) > 1 else None,
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(
        f"{spec.id} {args.scenario.name}: the shipped table won {wins:g} of {args.games} games against "
        f"'{args.variant}': share {figures['shipped_share']:.3f}, 95% interval [{low:.3f}, {high:.3f}], "
        f"fair share {1 / len(seats):.3f}; mean score gain per seat {figures['mean_score_gain']}; "
        f"paired gain {figures['paired_gain']} (standard error {figures['paired_gain_se']})"
    )
    save(args.out, figures)
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
