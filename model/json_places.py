"""Places in JSON text and data, for error messages that say where: line, column and JSON path.

``model.io`` reports every problem of a scenario file with its place. Python's ``json`` module
names a line and column for syntax errors only; for the other refusals (nesting too deep, an
integer too long, a lone surrogate, a wrong top level) the functions here find the place. The
scanners over text run only once a file has already been refused, so their speed does not matter
for good files; ``deepest`` and ``lone_surrogate`` walk parsed data without recursion.

This module imports nothing else from the model.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}:,]')
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")


def line_column(text: str, offset: int) -> str:
    """``"line L, column C"`` (both from 1) of a character offset in ``text``."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def join_path(parts: Sequence[str | int]) -> str:
    """A JSON path as the error messages write it: ``map.areas[3].attributes.x``."""
    path = ""
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else part
    return path


def short_path(parts: list[str | int], keep: int = 6) -> str:
    """A JSON path, its middle left out when it is very deep (the start finds it, the depth explains it)."""
    if len(parts) <= keep * 2:
        return join_path(parts)
    return f"{join_path(parts[:keep])}...({len(parts) - keep * 2} more levels)...{join_path(parts[-keep:])}"


def path_at(text: str, offset: int) -> list[str | int]:
    """The JSON path of the value at a character offset of (possibly invalid) JSON text."""
    frames: list[list[Any]] = []  # ["{", key or None, expecting a key] or ["[", index]
    for match in _TOKENS.finditer(text, 0, offset):
        token = match.group()
        if token in "[{":
            frames.append(["{", None, True] if token == "{" else ["[", 0])
        elif token in "]}":
            if frames:
                frames.pop()
        elif token == ",":
            if frames and frames[-1][0] == "[":
                frames[-1][1] += 1
            elif frames:
                frames[-1][2] = True
        elif token == ":":
            if frames and frames[-1][0] == "{":
                frames[-1][2] = False
        elif frames and frames[-1][0] == "{" and frames[-1][2]:
            frames[-1][1] = _unquote(token)
    parts: list[str | int] = []
    for frame in frames:
        if frame[0] == "[" or frame[1] is not None:
            parts.append(frame[1])
    return parts


def _unquote(token: str) -> str:
    inner = token[1:-1]
    return (
        inner if "\\" not in inner else inner.encode("latin-1", "backslashreplace").decode("unicode_escape")
    )


def too_deep_offset(text: str, limit: int) -> int | None:
    """The offset of the first bracket that opens level ``limit + 1`` (outside strings), or None."""
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return match.start()
        elif token in "]}":
            depth -= 1
    return None


def long_integer_offset(text: str, digits: int) -> int | None:
    """The offset of the first number (outside strings) with more than ``digits`` digits, or None."""
    pattern = re.compile(r'"(?:[^"\\]|\\.)*"|-?\d{' + str(digits + 1) + ",}")
    for match in pattern.finditer(text):
        if not match.group().startswith('"'):
            return match.start()
    return None


def first_value_offset(text: str) -> int:
    """The offset of the first character that is not white space (where the top-level value starts)."""
    stripped = text.lstrip(" \t\r\n\ufeff")
    return len(text) - len(stripped)


def _children(node: Any) -> Iterator[tuple[str | int, Any]]:
    if isinstance(node, dict):
        yield from node.items()
    elif isinstance(node, list):
        yield from enumerate(node)


Pattern = tuple[str | None, ...]
"""A JSON path with ``None`` for "any index": ``("map", "boundaries", None, "points")``."""


def deepest(data: Any, limit: int, skip: frozenset[Pattern] = frozenset()) -> list[str | int] | None:
    """The path of a value nested more than ``limit`` levels deep in parsed JSON, or None.

    The top-level container is level 1. Values at a path matching a pattern in ``skip`` are not
    entered (the lists of points of a map, whose shape the schema checks anyway), which keeps the
    walk short on large maps; the same key elsewhere (inside free-form attributes) is entered.

    Each value carries the rest of the patterns it may still match and a link to its parent
    (the path is spelled out only for the value returned): copying a path for every value of a
    20,000-area map took most of a second.
    """
    Link = tuple[Any, str | int] | None
    stack: list[tuple[Any, int, Link, tuple[Pattern, ...]]] = [(data, 0, None, tuple(skip))]
    while stack:
        node, depth, link, suffixes = stack.pop()
        if depth >= limit:
            return _spelled(link)
        for key, child in _children(node):
            if not isinstance(child, dict | list):
                continue
            rest: tuple[Pattern, ...] = ()
            if suffixes:
                rest = tuple(
                    pattern[1:]
                    for pattern in suffixes
                    if (pattern[0] is None and isinstance(key, int)) or pattern[0] == key
                )
                if () in rest:
                    continue  # the whole of a pattern matched: a list whose shape the schema fixes
            stack.append((child, depth + 1, (link, key), rest))
    return None


_NOT_STRUCTURE = bytes(sorted(set(range(256)) - set(b'"[]{}')))
"""Every byte but quotes and brackets: what ``text_depth`` drops before counting."""


def text_depth(data: bytes) -> int | None:
    """How deeply objects and arrays nest in valid JSON text (outside strings), or None if unsure.

    Counted over the bytes with numpy: a bracket outside strings has an even number of quotes
    before it, and its depth is the opening brackets up to it less the closing ones before it.
    Only the order of quotes and brackets matters, so every other byte is dropped first (in one
    C pass; a map file is mostly digits). On a 30,000-area map this takes a fraction of walking
    the parsed data (``deepest``), so the walk only runs when the text is deep enough to need
    it. Text with a quote right after a backslash (an escaped quote, or a string ending in an
    escaped backslash) answers None.
    """
    if b'\\"' in data:
        return None
    codes = np.frombuffer(data.translate(None, _NOT_STRUCTURE), dtype=np.uint8)
    quotes = np.flatnonzero(codes == 0x22)
    opens = np.flatnonzero((codes == 0x5B) | (codes == 0x7B))
    closes = np.flatnonzero((codes == 0x5D) | (codes == 0x7D))
    opens = opens[np.searchsorted(quotes, opens) % 2 == 0]
    closes = closes[np.searchsorted(quotes, closes) % 2 == 0]
    if not len(opens):
        return 0
    return int((np.arange(1, len(opens) + 1) - np.searchsorted(closes, opens)).max())


def _spelled(link: Any) -> list[str | int]:
    """The path that a chain of ``(parent link, key)`` stands for."""
    parts: list[str | int] = []
    while link is not None:
        link, key = link
        parts.append(key)
    return parts[::-1]


def lone_surrogate(data: Any) -> tuple[list[str | int], str] | None:
    """The path and the text of the first string (value or key) holding a lone UTF-16 surrogate."""
    stack: list[tuple[Any, list[str | int]]] = [(data, [])]
    while stack:
        node, parts = stack.pop()
        for key, child in _children(node):
            if isinstance(key, str) and _LONE_SURROGATE.search(key):
                return [*parts, key], key
            if isinstance(child, str) and _LONE_SURROGATE.search(child):
                return [*parts, key], child
            if isinstance(child, dict | list):
                stack.append((child, [*parts, key]))
    return None


_CONSTANT = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"|(-?Infinity|NaN)')
"""A string (skipped whole, never backtracked into) or one of the constants JSON does not allow."""

READABLE_DEPTH = 256
"""Nesting deeper than this is named as the place when ``json.loads`` runs out of stack (it does so
several hundred levels deep, depending on the stack already in use)."""


def constant_offset(text: str) -> int | None:
    """The offset of the first ``NaN``, ``Infinity`` or ``-Infinity`` outside strings, or None."""
    for match in _CONSTANT.finditer(text):
        if match.group(1):
            return match.start()
    return None


def unreadable_json(text: str, error: ValueError | RecursionError, digits: int) -> str:
    """Where and why ``json.loads(text)`` failed with ``error`` (not a syntax error), in words:
    ``"line 3, column 9 (features[0].properties.n): a whole number with 5,000 digits..."``.

    ``digits`` is the most digits Python converts (``sys.get_int_max_str_digits()``). The three
    cases are nesting too deep for the parser, an integer too long to convert, and ``NaN`` or
    ``Infinity``, which JSON does not allow; Python's own words (which suggest changing
    interpreter settings) are replaced by the author's.
    """
    if isinstance(error, RecursionError):
        offset = too_deep_offset(text, READABLE_DEPTH)
        what = f"objects or arrays nested more than {READABLE_DEPTH} levels deep; remove the nesting"
    elif "integer string conversion" in str(error):
        offset = long_integer_offset(text, digits)
        what = f"a whole number with more than {digits:,} digits; replace it with the value meant"
    else:
        offset = constant_offset(text)
        what = "NaN or Infinity, which JSON does not allow; replace it with a number"
    if offset is None:
        return what
    parts = path_at(text, offset)
    where = line_column(text, offset) + (f" ({short_path(parts)})" if parts else "")
    return f"{where}: {what}"
