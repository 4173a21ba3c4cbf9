"""Batch self-play and the balance report (DESIGN.md: ``playtest``).

``run_playtest(scenario, PlaytestConfig(...))`` plays AI games in parallel processes (or on a Dask
cluster: ``cluster.py``, over TLS with the client's certificates: ``cluster_tls.py``, whose workers
must run the Mappa the client runs: ``identity.py``),
optionally logging each game's result so a run can be resumed (``journal.py``), and returns
``BalanceStats``; ``report.write_report`` turns them into ``report.json`` and ``report.html``.
"""

from model.playtest.runner import (
    PlaytestConfig,
    PlaytestError,
    game_seed,
    parse_seats,
    play_game,
    run_playtest,
)
from model.playtest.stats import BalanceStats, GameResult, wilson_interval

__all__ = [
    "BalanceStats",
    "GameResult",
    "PlaytestConfig",
    "PlaytestError",
    "game_seed",
    "parse_seats",
    "play_game",
    "run_playtest",
    "wilson_interval",
]
