"""What one nation may see of a Seasons game's log and counters (hidden information, rules/004).

The log keeps every action and effect, since replays need them all; a seat reads it through
``SeasonsState.log_for(seat)``, built here. What stays hidden from the other nations:

* Seasons: Tokens, Turns: until the reveal, the other nations' planning (tokens, purchases,
  their ``done`` with its payments) shows only as ``hidden`` entries.
* Seasons: Units: units stand face down, so the kind of a unit another nation buys is never
  shown: its ``buy`` reads ``buy (hidden) AREA`` and its placement at the reveal names no kind
  (``vellmark places a unit vellmark_7 in harrowmere``), trained or not; the counters of units
  bought by kind are left out of a seat's statistics too.
* Seasons: Resources: treasuries stay at each nation's own table, so the other nations' income,
  supply, payments, debts and capture gains are left out (``puts 6 into supply``, ``pays 2 from
  supply``, ``receives 5``, ``will collect 4``, ``gains 3 for 2 captured units``); a nation that
  must disband is still seen to (``vellmark must disband``).

A nation sees all of its own. The author (seat ``None`` in ``log_for``) sees everything; the
public view (``view(None)``) is what no nation in particular may know.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from model.rules.protocol import LogEntry

HIDDEN = "hidden"
"""The action text of an entry the seat may not read at all."""

PLANNING_PHASES = ("plan", "upkeep")
"""The phases whose entries stay face down until the turn's reveal."""

_Rewrite = Callable[[re.Match[str]], str | None]

# (pattern, rewrite): group "nation" is whose the effect is; the rewrite gives what the other
# nations read (None: nothing). Each pattern is the exact form the Seasons rules write.
_EFFECTS: tuple[tuple[re.Pattern[str], _Rewrite], ...] = (
    (
        re.compile(r"^(?P<nation>\S+) places (?:untrained )?\S+ (?P<unit>\S+) in (?P<area>\S+)$"),
        lambda m: f"{m['nation']} places a unit {m['unit']} in {m['area']}",
    ),
    (re.compile(r"^(?P<nation>\S+) puts -?\d+ into supply$"), lambda m: None),
    (re.compile(r"^(?P<nation>\S+) pays -?\d+ from supply$"), lambda m: None),
    (re.compile(r"^(?P<nation>\S+) receives -?\d+$"), lambda m: None),
    (re.compile(r"^(?P<nation>\S+) will collect -?\d+$"), lambda m: None),
    (re.compile(r"^(?P<nation>\S+) gains -?\d+ for \d+ captured units$"), lambda m: None),
    (re.compile(r"^(?P<nation>\S+) cannot pay -?\d+; supply -?\d+ is lost$"), lambda m: None),
    (
        re.compile(r"^(?P<nation>\S+) owes -?\d+ with supply -?\d+: it must disband$"),
        lambda m: f"{m['nation']} must disband",
    ),
)

_BUY = re.compile(r"^buy \S+ (?P<area>\S+)$")

HIDDEN_COUNTERS = re.compile(r"^bought_")
"""Counters of face-down purchases by kind, summed over every nation: no seat may read them."""


def effect_for(effect: str, seat: str | None) -> str | None:
    """Return what ``seat`` reads of one effect (None: nothing), unchanged when it is public."""
    for pattern, rewrite in _EFFECTS:
        match = pattern.match(effect)
        if match is not None:
            return effect if match["nation"] == seat else rewrite(match)
    return effect


def entry_for(entry: LogEntry, seat: str | None, face_down: bool) -> LogEntry:
    """Return the entry as ``seat`` may read it; ``face_down``: the entry's turn is not revealed yet.

    A seat reads its own actions whole, but not every effect of them; the automatic entries a
    turn's last ``done`` sets off (the reveal, battles, the turn's end and the next turn's start:
    ``model.rules.seasons.automatic``) tell other nations' purchases and treasuries too.
    """
    own = entry.player is not None and entry.player == seat
    if face_down and not own and entry.player is not None and entry.phase.endswith(PLANNING_PHASES):
        return LogEntry(entry.seq, entry.round, entry.phase, entry.player, HIDDEN, ())
    action = entry.action
    bought = _BUY.match(action) if entry.player is not None and not own else None
    if bought is not None:
        action = f"buy (hidden) {bought['area']}"
    effects = tuple(e for e in (effect_for(effect, seat) for effect in entry.effects) if e is not None)
    if action == entry.action and effects == entry.effects:
        return entry
    return LogEntry(entry.seq, entry.round, entry.phase, entry.player, action, effects)


def log_for(log: Iterable[LogEntry], seat: str | None, turn: int, revealed: bool) -> list[LogEntry]:
    """Return ``log`` as ``seat`` may read it; ``turn`` is the current turn, ``revealed`` whether
    its tokens are face up (earlier turns are always revealed)."""
    return [entry_for(entry, seat, face_down=not revealed and entry.round == turn) for entry in log]


def statistics_for(counters: Mapping[str, int], seat: str | None) -> dict[str, int]:
    """Return the counters ``seat`` may read (every one for the author, ``seat`` None)."""
    if seat is None:
        return dict(counters)
    return {name: value for name, value in counters.items() if not HIDDEN_COUNTERS.match(name)}
