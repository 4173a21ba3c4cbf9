"""Polygonize a linework, or check it, in a helper process, so that a worker thread does not stall the UI.

Shapely's ``polygonize`` holds Python's GIL for its whole run (about a third of a second for the
60,000 borders of a 20,000-area map, measured with a thread ticking beside it), and while it runs
the UI thread cannot run at all, worker thread or not. The live validator builds its own faces
after every open, so it hands the lines to a helper process (as WKB, exact doubles) and gets the
polygons back in shapely's order: the same faces ``model.topology.polygonize_here`` makes.

The document checks the whole linework of a map it opened (``model.topology.LineworkCheck``) in a
worker thread; on a big map (``CHECK_ELSEWHERE_AREAS`` areas) that is a second or two of shapely
calls and Python loops, whose stretches holding the GIL (building a spatial index of 90,000 lines,
one of them) froze the UI after an open. ``check_elsewhere`` runs it in the helper instead: the
lines go as WKB, the problems come back, the same ones ``LineworkCheck.run`` finds here.

The helper is a plain ``python -m editor.polygonize_process`` reading requests on its stdin (not
``multiprocessing``, whose "spawn" start re-runs the caller's main script when it has no
``__main__`` guard, and whose "fork" would copy a running Qt process). This module imports no Qt.
The helper exits when its stdin closes: ``stop_helper`` closes it when the
editor's window closes (and when the application quits), waits for the helper to exit and reaps it.
In the packaged application ``sys.executable`` is Mappa itself, whose entry point
(``packaging/mappa_main.py``) answers ``-m editor.polygonize_process`` by running ``serve()``.
"""

from __future__ import annotations

import logging
import os
import pickle
import struct
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon

from model.topology import LineworkCheck, LineworkResult

log = logging.getLogger(__name__)

_ROOT = Path(__file__).resolve().parents[1]
_LOCK = threading.Lock()
_HELPER: subprocess.Popen[bytes] | None = None


def helper_environment() -> dict[str, str]:
    """The environment of a helper process started as ``sys.executable -m editor.MODULE``: this
    one, with the code's root on ``PYTHONPATH`` (a checkout not installed still finds itself)."""
    return dict(
        os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(_ROOT), os.environ.get("PYTHONPATH")]))
    )


def helper() -> subprocess.Popen[bytes]:
    """The helper process, started on first use (and again if it died)."""
    global _HELPER
    if _HELPER is None or _HELPER.poll() is not None:
        _HELPER = subprocess.Popen(
            [sys.executable, "-m", "editor.polygonize_process"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=helper_environment(),
        )
    return _HELPER


HELPER_EXIT_WAIT_S = 2.0
"""How long ``stop_helper`` waits for the helper to exit on its own before it kills it."""


def stop_helper() -> None:
    """Stop the helper process, if one runs: close its stdin, wait for it to exit, reap it.

    A request under way is not waited for beyond ``HELPER_EXIT_WAIT_S`` (then the helper is killed):
    its reader sees the pipe close and polygonizes in its own process instead. A later request
    starts a new helper.
    """
    global _HELPER
    process, _HELPER = _HELPER, None
    if process is None:
        return
    if process.stdin is not None:
        try:
            process.stdin.close()  # the helper's loop reads the end of its input and returns
        except OSError:  # it died meanwhile: nothing left to tell it
            log.debug("closing the polygonize helper's input", exc_info=True)
    try:
        process.wait(HELPER_EXIT_WAIT_S)
    except subprocess.TimeoutExpired:  # busy with a big request: it need not finish
        log.warning("the polygonize helper (pid %s) did not exit; killing it", process.pid)
        process.kill()
        process.wait()
    # Its output is closed here unless a request is reading it (that reader sees the end).
    if process.stdout is not None and _LOCK.acquire(blocking=False):
        try:
            process.stdout.close()
        finally:
            _LOCK.release()


def polygonize_wkb(lines: list[bytes]) -> list[bytes]:
    """The faces of these lines (WKB in, WKB out): what the helper computes."""
    polygons = shapely.get_parts(shapely.polygonize(shapely.from_wkb(np.array(lines, dtype=object))))
    return list(shapely.to_wkb(polygons))


def polygonize_elsewhere(lines: list[LineString]) -> list[Polygon]:
    """The faces of a linework, polygonized in the helper process (a ``model.topology.Polygonizer``).

    Falls back to this process when the helper cannot run (the faces are needed either way).
    """
    wkb = _in_slices(shapely.to_wkb, lines)
    try:
        with _LOCK:  # one request at a time on the one pipe
            process = helper()
            assert process.stdin is not None and process.stdout is not None
            send(process.stdin, wkb)
            faces = receive(process.stdout)
    except Exception:
        log.exception("cannot polygonize in a helper process; polygonizing here")
        return list(shapely.get_parts(shapely.polygonize(lines)))
    return _in_slices(shapely.from_wkb, faces)


CONVERT_SLICE = 5000
"""Geometries converted (to or from WKB) by one shapely call: a few milliseconds each."""


def _in_slices(convert: Any, items: list[Any]) -> list[Any]:
    """``list(convert(items))``, a slice at a time: shapely keeps the GIL while it makes Python
    objects (bytes, geometries), 60-90 ms for the 90,000 borders of a 30,000-area map in one call."""
    result: list[Any] = []
    for start in range(0, len(items), CONVERT_SLICE):
        result.extend(convert(np.array(items[start : start + CONVERT_SLICE], dtype=object)))
    return result


def send(stream: IO[bytes], value: Any) -> None:
    """Write one pickled value to a helper's pipe, its length first (the framing every Mappa
    helper process and its editor use)."""
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(struct.pack("<Q", len(data)))
    stream.write(data)
    stream.flush()


def receive(stream: IO[bytes]) -> Any:
    """Read one value that ``send`` wrote; ``EOFError`` when the pipe closed."""
    head = stream.read(8)
    if len(head) < 8:
        raise EOFError("the helper process closed its pipe")
    (size,) = struct.unpack("<Q", head)
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("the helper process closed its pipe")
    return pickle.loads(data)  # our own child process's answer (or its editor's), never a file


CHECK_ELSEWHERE_AREAS = 5000
"""From this many areas the document's whole-linework check after an open runs in the helper."""


def check_elsewhere(work: LineworkCheck) -> LineworkResult:
    """Run a whole-linework check in the helper process: the result ``work.run()`` gives.

    Falls back to this thread when the helper cannot run (the check is needed either way).
    """
    ids = list(work.lines)
    wkb = _in_slices(shapely.to_wkb, [work.lines[bid] for bid in ids])
    # In parts: one ``pickle.dumps`` of 90,000 lines held the GIL for 60 ms (its memo grows in C).
    parts = []
    for start in range(0, len(ids), CONVERT_SLICE):
        chunk = ids[start : start + CONVERT_SLICE]
        order = [work.order[bid] for bid in chunk]
        parts.append(
            (chunk, wkb[start : start + CONVERT_SLICE], order, [bid in work.bounded for bid in chunk])
        )
    try:
        with _LOCK:  # one request at a time on the one pipe
            process = helper()
            assert process.stdin is not None and process.stdout is not None
            send(process.stdin, ("check", len(parts), work.build))
            for part in parts:
                send(process.stdin, part)
            problems = receive(process.stdout)
    except Exception:
        log.exception("cannot check the linework in a helper process; checking here")
        return work.run()
    return LineworkResult(problems, work.build)


def check_parts(stream: IO[bytes], parts: int, build: int) -> Any:
    """Read the parts of a linework that ``check_elsewhere`` sent and return its problems (what the
    helper computes)."""
    lines: dict[str, Any] = {}
    order: dict[str, int] = {}
    bounded: set[str] = set()
    for _ in range(parts):
        ids, wkb, positions, sided = receive(stream)
        lines.update(zip(ids, shapely.from_wkb(np.array(wkb, dtype=object)), strict=True))
        order.update(zip(ids, positions, strict=True))
        bounded.update(bid for bid, has in zip(ids, sided, strict=True) if has)
    return LineworkCheck(lines, order, bounded, build).run().problems


def serve() -> None:
    """The helper's loop: polygonize or check each request until the editor closes the pipe."""
    while True:
        try:
            request = receive(sys.stdin.buffer)
        except EOFError:
            return
        if isinstance(request, tuple) and request and request[0] == "check":
            send(sys.stdout.buffer, check_parts(sys.stdin.buffer, *request[1:]))
        else:
            send(sys.stdout.buffer, polygonize_wkb(request))


if __name__ == "__main__":
    serve()
