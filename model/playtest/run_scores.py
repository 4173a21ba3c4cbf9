"""The final scores of a finished run's games, read back from its results log (``games.jsonl``).

The even-win handicaps (``model.playtest.win_handicaps``) rest on every game's final scores,
which the report's folded statistics no longer hold: only the results log of the run's folder
(``model.playtest.journal``) keeps them. Both ``mappa playtest handicaps`` and the editor's
balance dock read them here, so they rest on the same games.
"""

from __future__ import annotations

from pathlib import Path

from model.playtest.journal import JOURNAL_NAME, JournalError, read_header, read_log, scenario_digest

REPLAY_REMEDY = "play the run again to write a new log (its games' scores are read from this one)"
"""What to do about a finished run's log that was changed: nothing can be resumed from it."""


class OtherScenarioError(JournalError):
    """A results log whose games were played on another scenario, or another version of it."""


class OtherRunError(JournalError):
    """A results log of another run of the scenario (another seed) than the one asked for."""


def logged_scores(
    folder: Path, scenario_text: str | None = None, seed: int | None = None
) -> list[dict[str, float]]:
    """Return the final scores by empire of the games in ``folder``'s results log, by game number.

    Games that hit an engine error have no final scores and are left out; a game logged twice
    (a hand-joined log) counts once, as a resumed run folds it. With ``scenario_text`` the log's
    header must name that text (the scenario's canonical JSON, as ``mappa playtest`` logs it), or
    ``OtherScenarioError``; with ``seed`` (a report's) it must name that seed, or
    ``OtherRunError``. A log that cannot be read is a ``JournalError`` naming its path.
    """
    path = folder / JOURNAL_NAME
    header = read_header(path)
    if scenario_text is not None and header.get("scenario_sha256") != scenario_digest(scenario_text):
        raise OtherScenarioError(f"{path}: the games were played on another scenario or another version")
    if seed is not None and header.get("seed") != seed:
        raise OtherRunError(
            f"{path}: the games are of the run with seed {header.get('seed')}, not seed {seed}"
        )
    _logged, games = read_log(path, header, remedy=REPLAY_REMEDY)
    # The first record of a game is the one a resumed run folds, an engine error's too.
    by_index: dict[int, dict[str, float] | None] = {}
    for result, _replay in games:
        if result.index not in by_index:
            scores = {empire: float(score) for empire, score in result.scores.items()}
            by_index[result.index] = scores if result.error is None else None
    return [scores for _index, scores in sorted(by_index.items()) if scores is not None]
