"""Live validation of a big map in a helper process, so that it never holds the editor's GIL.

A validation run on a 30,000-area map is seconds of Python (graphs, checks, shapely calls). In a
worker thread of the editor it shares Python's GIL with the UI thread: every stretch in which it
holds the GIL (a C call, a garbage collection, a switch interval) is a stretch in which the UI
cannot run, and with the Issues dock's sorting and the linework check running as well, those
stretches added up to freezes of 100-170 ms after a drag. In a process of its own it holds none.

The helper keeps its own copy of the scenario and its own faces (``model.topology.Topology``),
brought up to date run after run: the editor sends the whole scenario when a map is opened, and
then only what changed (``editor.scenario_delta``) with the boundaries and areas the edits touched,
which is what ``Topology.update`` needs. It answers with the issues, in chunks, so that the
editor's thread that reads them never holds the GIL for long while it unpickles them.

The helper is a plain ``python -m editor.validation_process`` reading requests on its stdin, like
``editor.polygonize_process`` (see there why not ``multiprocessing``); in the packaged application
``packaging/mappa_main.py`` answers ``-m editor.validation_process``. It exits when its stdin
closes: ``ValidationProcess.stop`` closes it (when the editor's window closes), and so does the
editor's own exit, however it ends. This module imports no Qt.
"""

from __future__ import annotations

import gc
import logging
import os
import pickle
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO, Any

from editor.polygonize_process import helper_environment, receive, send
from editor.scenario_delta import FieldPath, Flat, apply, delta, flatten
from model.issues import Issue
from model.perf import gc_paused
from model.scenario import Scenario
from model.topology import Topology
from model.validate import issue, validate

log = logging.getLogger(__name__)

ISSUES_CHUNK = 1000
"""Issues pickled together in an answer: unpickling one chunk holds the GIL for a millisecond or two."""

RESEND = -1
"""The helper's answer in place of a count of issues: send the whole scenario (it could not apply
the changes, so its copy is no longer known to be right)."""

EXIT_WAIT_S = 2.0
"""How long ``ValidationProcess.stop`` waits for the helper to exit on its own before it kills it."""


def validation_failed(error: BaseException) -> Issue:
    """The issue published when the validator itself crashed: the map was not checked."""
    return issue(
        "INTERNAL_ERROR",
        f"validation failed ({type(error).__name__}: {error}), so the map was not checked and "
        "may have problems that are not listed: please report this bug with the scenario file "
        "and this message",
    )


@dataclass(frozen=True)
class Edits:
    """What the edits since the last run touched: the helper's faces need only these redone."""

    boundaries: frozenset[str] = frozenset()
    areas: frozenset[str] = frozenset()
    reset: bool = False


class HelperError(RuntimeError):
    """The helper process could not be started, or died, or answered out of turn."""


@dataclass
class ValidationProcess:
    """The editor's side of one helper process that validates one document's scenario.

    ``validate`` is called from one worker thread at a time (the live validator's pool has one
    thread); ``stop`` from the UI thread.
    """

    process: subprocess.Popen[bytes] | None = None
    sent: Flat | None = field(default=None, repr=False)
    """The scenario as the helper has it (``scenario_delta.flatten``); None: send it whole."""
    stopped: bool = False

    def _helper(self) -> subprocess.Popen[bytes]:
        if self.stopped:
            raise HelperError("the validation helper was stopped (its window closed)")
        if self.process is None or self.process.poll() is not None:
            self.sent = None  # a new helper knows nothing yet
            self.process = subprocess.Popen(
                [sys.executable, "-m", "editor.validation_process"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=helper_environment(),
            )
        return self.process

    def validate(self, scenario: Scenario, edits: Edits) -> list[Issue]:
        """Validate ``scenario`` (a snapshot nobody edits) in the helper; ``edits``: what changed
        since the last call. Raises ``HelperError`` (or ``OSError``) when the helper fails: the
        next call then starts over with the whole scenario."""
        flat = flatten(scenario)
        try:
            process = self._helper()
            assert process.stdin is not None and process.stdout is not None
            # Until the helper has answered, what it holds is not known.
            previous, self.sent = self.sent, None
            if previous is None or edits.reset:
                send_scenario(process.stdin, scenario, flat)
            else:
                changes = delta(previous, flat)
                send(process.stdin, ("edit", changes, sorted(edits.boundaries), sorted(edits.areas)))
            count = receive(process.stdout)
            if count == RESEND:  # its copy no longer took the changes: start it over
                send_scenario(process.stdin, scenario, flat)
                count = receive(process.stdout)
            found: list[Issue] = []
            while len(found) < count:
                found.extend(receive(process.stdout))
        except (OSError, EOFError, pickle.PickleError, ValueError) as error:
            raise HelperError(f"the validation helper failed: {error}") from error
        self.sent = flat
        return found

    def stop(self) -> None:
        """Stop the helper: close its stdin, wait for it to exit (kill it after ``EXIT_WAIT_S``)."""
        self.stopped = True
        process, self.process = self.process, None
        self.sent = None
        if process is None:
            return
        if process.stdin is not None:
            try:
                process.stdin.close()  # its loop reads the end of its input and returns
            except OSError:
                log.debug("closing the validation helper's input", exc_info=True)
        try:
            process.wait(EXIT_WAIT_S)
        except subprocess.TimeoutExpired:  # in the middle of a run: it need not finish
            log.warning("the validation helper (pid %s) did not exit; killing it", process.pid)
            process.kill()
            process.wait()


OPEN_CHUNK = 5000
"""Items of a long list or dict (the map's boundaries and areas) pickled together when a whole
scenario is sent: one ``pickle.dumps`` of a 30,000-area scenario held the GIL for 50 ms and more
(its memo of millions of objects grows in C)."""


def send_scenario(stream: IO[bytes], scenario: Scenario, flat: Flat) -> None:
    """Send a whole scenario (``flat``: its ``flatten``): first the scenario with its long lists and
    dicts emptied, with the number of parts that follow, then their items ``OPEN_CHUNK`` at a time."""
    long = {
        path: value
        for path, value in flat.items()
        if len(path) == 2 and isinstance(value, list | dict) and len(value) > OPEN_CHUNK
    }
    emptied: dict[str, dict[str, Any]] = {}
    for top, name in long:
        emptied.setdefault(top, {})[name] = type(long[top, name])()
    skeleton = scenario.model_copy(
        update={top: getattr(scenario, top).model_copy(update=fields) for top, fields in emptied.items()}
    )
    parts: list[tuple[FieldPath, Any]] = []
    for path, value in long.items():
        if isinstance(value, list):
            parts.extend((path, value[i : i + OPEN_CHUNK]) for i in range(0, len(value), OPEN_CHUNK))
        else:
            items = list(value.items())
            parts.extend((path, dict(items[i : i + OPEN_CHUNK])) for i in range(0, len(items), OPEN_CHUNK))
    send(stream, ("open", skeleton, len(parts)))
    for part in parts:
        send(stream, part)


def receive_scenario(stream: IO[bytes], skeleton: Scenario, parts: int) -> Scenario:
    """Read the parts that ``send_scenario`` sent after ``skeleton`` and put them in it."""
    for _ in range(parts):
        (top, name), items = receive(stream)
        container = getattr(getattr(skeleton, top), name)
        if isinstance(container, list):
            container.extend(items)
        else:
            container.update(items)
    return skeleton


# --- the helper's side -----------------------------------------------------------------------------


class Validator:
    """The helper's state: its copy of the scenario and its faces, kept up to date run after run."""

    def __init__(self) -> None:
        self.scenario: Scenario | None = None
        self.topology: Topology | None = None

    def open(self, scenario: Scenario) -> list[Issue]:
        """Take a whole scenario (a map opened) and validate it."""
        self.scenario = scenario
        self.topology = None
        return self._run(Edits(reset=True))

    def edit(self, changes: list[Any], boundaries: Iterable[str], areas: Iterable[str]) -> list[Issue]:
        """Apply the changes since the last run and validate."""
        if self.scenario is None:
            raise HelperError("an edit came before any scenario")
        apply(self.scenario, changes)
        return self._run(Edits(frozenset(boundaries), frozenset(areas)))

    def _faces(self, edits: Edits) -> Topology | None:
        """The faces brought up to date (None when they cannot be built: ``validate`` says why)."""
        assert self.scenario is not None
        try:
            if self.topology is None or edits.reset:
                self.topology = Topology.build(self.scenario.map)
                gc.freeze()  # long-lived from now on: kept out of later full collections
            elif edits.boundaries or edits.areas:
                self.topology.update(self.scenario.map, edits.boundaries, edits.areas)
        except Exception:  # half-updated faces are unusable: build afresh next time
            log.exception("cannot bring the validator's faces up to date")
            self.topology = None
        return self.topology

    def _run(self, edits: Edits) -> list[Issue]:
        assert self.scenario is not None
        with gc_paused():
            try:
                return validate(self.scenario, topology=self._faces(edits))
            except Exception as error:  # an empty list would tell the author the map is clean
                log.exception("validation failed")
                self.topology = None
                return [validation_failed(error)]


def answer(stream: IO[bytes], issues: list[Issue]) -> None:
    """Send the issues: their count, then chunks of ``ISSUES_CHUNK``."""
    send(stream, len(issues))
    for start in range(0, len(issues), ISSUES_CHUNK):
        send(stream, issues[start : start + ISSUES_CHUNK])


def serve() -> None:
    """The helper's loop: validate after each request until the editor closes the pipe."""
    validator = Validator()
    source = sys.stdin.buffer
    # The answers get a descriptor of their own, and anything else written to stdout (a library's
    # print) goes to stderr: a stray line in the pipe would break the answers.
    sink = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    while True:
        try:
            request = receive(source)
        except EOFError:
            return
        if request[0] == "open":
            issues = validator.open(receive_scenario(source, request[1], request[2]))
        elif request[0] == "edit":
            try:
                issues = validator.edit(*request[1:])
            except Exception:  # the copy is no longer known to be right: ask for the whole
                log.exception("cannot apply the editor's changes; asking for the whole scenario")
                validator.scenario = validator.topology = None
                send(sink, RESEND)
                continue
        else:
            issues = [validation_failed(HelperError(f"unknown request {request[0]!r}"))]
        answer(sink, issues)


if __name__ == "__main__":
    serve()
