"""The results log of a play-test: one JSON line per finished game, so a long run can be resumed.

``mappa playtest`` appends every game's result to ``games.jsonl`` in the output folder as soon as
it arrives (flushed per game, in whatever order the games finish). The first line is a header
naming the run (scenario digest, seed, seats, options); ``--resume`` reads the log back, folds
the games it holds and plays only the missing ones, and since the statistics do not depend on
the order games are folded in (``model.playtest.stats``) the report equals that of an
uninterrupted run byte for byte.

A line is written with one ``write`` call ending in a newline, so a run killed mid-write leaves at
most its last line torn: a last line without its newline, or one that is not JSON, is dropped (and
cut from the file before appending) and its game is played again. A bad line anywhere else means
the file was changed by hand or by something else, and is an error, not something to guess at.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from model.playtest.coverage import GameCoverage
from model.playtest.stats import GameResult

JOURNAL_NAME = "games.jsonl"
"""The results log's file name in the play-test's output folder."""

FORMAT = 1
"""The version of the log's line format (in the header)."""

RESUME_REMEDY = "run without --resume to start afresh, or choose another --out"
"""What to do about a log that cannot be resumed, told to whoever asked for ``--resume``."""


class JournalError(RuntimeError):
    """A results log that cannot be resumed: unreadable, from another run, or corrupt before its end."""


def scenario_digest(scenario_text: str) -> str:
    """The digest of a scenario's text that a run's header names it by."""
    return hashlib.sha256(scenario_text.encode("utf-8")).hexdigest()


def read_header(path: Path) -> dict[str, Any]:
    """Return the header of the results log at ``path`` (``JournalError`` when it cannot be read
    or its first line is not a header)."""
    try:
        with path.open("rb") as handle:
            header = json.loads(handle.readline() or b"{}")
    except (OSError, ValueError) as error:
        raise JournalError(f"{path}: cannot read the results log ({error})") from error
    if not isinstance(header, dict) or "mappa_playtest_log" not in header:
        raise JournalError(f"{path}: not a play-test results log (its first line is not a header)")
    return header


def run_header(
    scenario_text: str, ruleset: str, seed: int, levels: Mapping[str, str], **options: Any
) -> dict[str, Any]:
    """Return the header that names a run: what must match for its games to be folded together.

    The number of games is not part of it: resuming with a larger ``--games`` extends a run.
    ``options`` are the other settings that change a game's result (``coverage``, ``max_actions``).
    """
    return {
        "mappa_playtest_log": FORMAT,
        "scenario_sha256": scenario_digest(scenario_text),
        "ruleset": ruleset,
        "seed": seed,
        "seats": dict(sorted(levels.items())),
        **dict(sorted(options.items())),
    }


def _counter_rows(counter: Mapping[Any, int]) -> list[list[Any]]:
    """A counter with tuple (or string) keys as sorted rows ``[*key, count]`` (JSON has no tuple keys)."""
    rows = [[*(key if isinstance(key, tuple) else (key,)), count] for key, count in counter.items()]
    return sorted(rows)


def _tuple_counter(rows: list[list[Any]]) -> Counter[Any]:
    return Counter({tuple(row[:-1]): int(row[-1]) for row in rows})


def result_to_json(result: GameResult, replay_file: str | None = None) -> dict[str, Any]:
    """Return one game's result as plain JSON data (the replay itself stays in its own file)."""
    data: dict[str, Any] = {
        "index": result.index,
        "seed": result.seed,
        "scores": result.scores,
        "winners": list(result.winners),
        "rounds": result.rounds,
        "actions": result.actions,
        "owner_changes": result.owner_changes,
        "connections_used": sorted(result.connections_used),
        "counters": result.counters,
    }
    if result.error is not None:
        data["error"] = result.error
    if replay_file is not None:
        data["replay_file"] = replay_file
    if result.coverage is not None:
        coverage = result.coverage
        data["coverage"] = {
            "decisions": _counter_rows(coverage.decisions),
            "legal": _counter_rows(coverage.legal),
            "chosen": _counter_rows(coverage.chosen),
            "crossings": _counter_rows(coverage.crossings),
        }
    return data


def result_from_json(data: Mapping[str, Any]) -> tuple[GameResult, str | None]:
    """Return the result a line holds and the name of its replay file (None when it has none)."""
    coverage = None
    if "coverage" in data:
        raw = data["coverage"]
        coverage = GameCoverage(
            decisions=_tuple_counter(raw["decisions"]),
            legal=_tuple_counter(raw["legal"]),
            chosen=_tuple_counter(raw["chosen"]),
            crossings=Counter({str(row[0]): int(row[1]) for row in raw["crossings"]}),
        )
    result = GameResult(
        index=int(data["index"]),
        seed=int(data["seed"]),
        scores=dict(data["scores"]),
        winners=tuple(data["winners"]),
        rounds=int(data["rounds"]),
        actions=int(data["actions"]),
        owner_changes=dict(data["owner_changes"]),
        connections_used=frozenset(data["connections_used"]),
        counters=dict(data["counters"]),
        error=data.get("error"),
        coverage=coverage,
    )
    replay = data.get("replay_file")
    return result, str(replay) if replay is not None else None


def _line(data: Mapping[str, Any]) -> bytes:
    return (json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


@dataclass
class LoggedGames:
    """What :func:`read_log` found: the games and where the good part of the file ends."""

    header: dict[str, Any]
    end: int
    """Byte offset just past the last whole line (a torn last line starts here)."""
    torn: bool
    """Whether a torn last line was found (and will be dropped)."""


def read_log(
    path: Path, header: Mapping[str, Any], remedy: str = RESUME_REMEDY
) -> tuple[LoggedGames, Iterator[tuple[GameResult, str | None]]]:
    """Check ``path``'s header against ``header`` and return it with an iterator over its games.

    ``remedy`` ends the message of a log that is not one or was changed in its middle: what the
    reader can do about it (a resumed run can start afresh; a reader of a finished run's scores
    can only play the run again).

    The header is checked at once (``JournalError`` when the log belongs to another run); the
    games are read lazily, one line at a time, so a log of any length costs no memory. The
    returned ``LoggedGames.end`` and ``torn`` are final once the iterator is exhausted; ``end``
    is 0 when the file holds no whole header (empty, or cut while its header was written).
    """
    try:
        handle = path.open("rb")
    except OSError as error:
        raise JournalError(f"{path}: cannot read the results log ({error.strerror or error})") from error
    first = handle.readline()
    if not first.endswith(b"\n"):  # empty, or killed while writing its header: nothing logged yet
        handle.close()
        return LoggedGames(header={}, end=0, torn=bool(first)), iter(())
    try:
        found = json.loads(first)
    except ValueError:
        found = None
    if not isinstance(found, dict) or "mappa_playtest_log" not in found:
        handle.close()
        raise JournalError(f"{path}: not a play-test results log (its first line is not a header); {remedy}")
    different = sorted(key for key in set(found) | set(header) if found.get(key) != header.get(key))
    if different:
        handle.close()
        what = ", ".join(f"{key} {found.get(key)!r} here, {header.get(key)!r} now" for key in different)
        raise JournalError(
            f"{path}: the results log is from another run ({what}); resume with the same scenario "
            "and options, or run without --resume (or with another --out) to start afresh"
        )
    logged = LoggedGames(header=found, end=len(first), torn=False)

    def games() -> Iterator[tuple[GameResult, str | None]]:
        number = 1
        with handle:
            while True:
                line = handle.readline()
                if not line:
                    return
                number += 1
                try:
                    if not line.endswith(b"\n"):
                        raise ValueError("no newline at its end")
                    data = json.loads(line)
                    item = result_from_json(data)
                except (ValueError, KeyError, TypeError) as error:
                    if not handle.read(1):  # the last line: a write cut short, dropped
                        logged.torn = True
                        return
                    raise JournalError(
                        f"{path}: line {number} is not a game result ({error}) and is not the last "
                        f"line, so the log was not cut short but changed; {remedy}"
                    ) from error
                logged.end += len(line)
                yield item

    return logged, games()


class ResultsLog:
    """The results log being written: a header, then one line per game, flushed as it is written."""

    def __init__(self, handle: IO[bytes]) -> None:
        self._handle = handle

    @classmethod
    def create(cls, path: Path, header: Mapping[str, Any]) -> ResultsLog:
        """Start a new log at ``path`` (replacing any) with ``header`` as its first line."""
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("wb")
        handle.write(_line(header))
        handle.flush()
        return cls(handle)

    @classmethod
    def reopen(cls, path: Path, end: int) -> ResultsLog:
        """Go on appending to ``path`` after cutting it at byte ``end`` (dropping a torn last line)."""
        handle = path.open("r+b")
        handle.truncate(end)
        handle.seek(end)
        return cls(handle)

    def append(self, result: GameResult, replay_file: str | None = None) -> None:
        """Write one game's result as one line, in one write, and flush it to the operating system.

        Flushing (not syncing to disk) is what survives the run being killed; a machine losing
        power may lose the last lines written, which a resume then plays again.
        """
        self._handle.write(_line(result_to_json(result, replay_file)))
        self._handle.flush()

    def close(self) -> None:
        """Sync the log to disk and close it."""
        if self._handle.closed:
            return
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self._handle.close()

    def __enter__(self) -> ResultsLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
