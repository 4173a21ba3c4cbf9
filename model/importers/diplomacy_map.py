"""The Diplomacy variant ``.map`` format (DPjudge and the diplomacy package): a parser.

One directive a line; ``#`` starts a comment line. What this reads:

* ``Place Name = ABB alias...``: a place's full name and its three-letter abbreviation;
* ``LAND|COAST|WATER|PORT|SHUT ABB [ABUTS abut...]``: the terrain and the neighbours of a place
  (``SHUT``: impassable). ``SPA/NC`` is the north coast of ``SPA``. Case carries rules: a place
  written all lowercase (``spa``) cannot hold a fleet; in an ABUTS list, an all-lowercase
  neighbour cannot be reached by a fleet from here and ``Xxx`` cannot be reached by an army;
* ``POWER [(OWNWORD:L)] [centre...]``: a power and its home supply centres; ``OWNS``,
  ``CENTERS``, ``INHABITS``, ``HOME(S)`` and unit lines (``A PAR``, ``F STP/SC``) apply to the
  power named last; ``UNOWNED``/``NEUTRAL`` list the other supply centres;
* ``USE[S] file`` and ``MAP name`` read another file of the same folder first; ``DROP ABB``
  forgets a place; ``VICTORY``, ``BEGIN``, ``RULE(S)``, ``DUMMY``, ``DUMMIES``, ``UNPLAYED``,
  ``UNITS`` and ``DIRECTIVE``/``END`` change nothing on the map and are skipped.

Any other line is an error naming the file and the line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from model.importers.common import SourceError
from model.importers.textsource import read_text

TERRAINS = ("LAND", "COAST", "WATER", "PORT", "SHUT")
SKIPPED = {"VICTORY", "BEGIN", "RULE", "RULES", "DUMMY", "DUMMIES", "UNPLAYED", "DIRECTIVE", "END", "FLOW"}
UNIT_WORDS = {"A": "army", "F": "fleet", "ARMY": "army", "FLEET": "fleet"}
MAX_INCLUDES = 16


@dataclass
class Line:
    """A directive with where it was read (for messages)."""

    path: str
    number: int
    words: list[str]
    text: str

    @property
    def where(self) -> str:
        return f"{self.path}: line {self.number}"


@dataclass
class Place:
    """A place as its terrain line gives it: the abbreviation as written, terrain, neighbours."""

    written: str
    terrain: str
    abuts: list[str]
    line: Line


@dataclass
class Power:
    """A power: its home centres, the centres it owns at the start (None: its homes), its units."""

    name: str
    homes: list[str] = field(default_factory=list)
    owns: list[str] | None = None
    units: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class VariantMap:
    """Everything the map files declare, keyed by upper-case abbreviation."""

    names: dict[str, str]
    places: dict[str, Place]
    powers: dict[str, Power]
    unowned: list[str]
    files: list[str]

    def province(self, abbreviation: str) -> str:
        """The province of a place: ``SPA/NC`` -> ``SPA``."""
        return abbreviation.split("/")[0].upper()

    def terrains(self) -> dict[str, str]:
        """Each province's terrain (its coasts, ``SPA/NC``, left out), in file order."""
        return {self.province(k): p.terrain for k, p in self.places.items() if "/" not in k}

    def supply_centres(self) -> set[str]:
        """Every supply centre: homes, owned and unowned centres."""
        centres = set(self.unowned)
        for power in self.powers.values():
            centres.update(power.homes)
            centres.update(power.owns or [])
        return centres


def _read_lines(path: str, seen: list[str]) -> list[Line]:
    """The directive lines of a file, with those of the files it USEs in their place."""
    if len(seen) > MAX_INCLUDES:
        raise SourceError(f"{path}: more than {MAX_INCLUDES} files USE each other; is there a loop?")
    real = os.path.realpath(path)
    if real in seen:
        raise SourceError(f"{path}: is USEd again by a file it USEs (a loop)")
    seen.append(real)
    out: list[Line] = []
    for number, raw in enumerate(read_text(path, "Diplomacy .map file", latin1=True).splitlines(), start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        words = text.split()
        head = words[0].upper()
        if head in ("USE", "USES", "MAP") and "=" not in text:
            if len(words) < 2:
                raise SourceError(f"{path}: line {number}: {words[0]} names no file")
            for name in words[1:]:
                included = name if head != "MAP" and os.path.splitext(name)[1] else f"{name}.map"
                included_path = os.path.join(os.path.dirname(path), included)
                folder = os.path.realpath(os.path.dirname(path) or ".")
                if os.path.commonpath([folder, os.path.realpath(included_path)]) != folder:
                    # A variant's files sit together; an absolute path, '..' or a link out of the
                    # folder would make an import read files the author never meant to share.
                    raise SourceError(
                        f"{path}: line {number}: {words[0]} {name}: names a file outside the folder of "
                        "this .map file; copy that file beside it and USE it by its name"
                    )
                if not os.path.isfile(included_path):
                    raise SourceError(f"{path}: line {number}: {words[0]} {name}: no file {included_path}")
                out.extend(_read_lines(included_path, seen))
            continue
        out.append(Line(path, number, words, text))
    return out


def parse_map(path: str) -> VariantMap:
    """Read a ``.map`` file (and the files it USEs); raise ``SourceError`` naming file and line."""
    files: list[str] = []
    lines = _read_lines(path, files)
    names: dict[str, str] = {}
    places: dict[str, Place] = {}
    dropped: set[str] = set()
    rest: list[Line] = []
    for line in lines:
        if "=" in line.text:
            left, _, right = line.text.partition("=")
            words = right.split()
            if not left.strip() or not words:
                raise SourceError(f"{line.where}: expected 'Place Name = ABB alias...', got {line.text!r}")
            names[words[0].upper()] = left.strip()
            continue
        head = line.words[0].upper()
        if head in TERRAINS:
            places.update(_terrain(line))
        elif head == "DROP":
            for word in line.words[1:]:
                base = word.upper()
                dropped.add(base)
                for key in [k for k in places if k == base or k.startswith(base + "/")]:
                    del places[key]
        else:
            rest.append(line)
    known = {key.split("/")[0] for key in places}
    for place in places.values():
        for word in place.abuts:
            base = word.split("/")[0].upper()
            if base not in known and base not in dropped:
                raise SourceError(
                    f"{place.line.where}: {word!r} (a neighbour of {place.written!r}) is not a place any "
                    "terrain line declares; is the file complete?"
                )
        place.abuts = [w for w in place.abuts if w.split("/")[0].upper() in known]
    powers: dict[str, Power] = {}
    unowned: list[str] = []
    current: Power | None = None
    for line in rest:
        head = line.words[0].upper()
        args = line.words[1:]
        if head in SKIPPED or head == "UNITS":
            if head == "UNITS" and current is not None:
                current.units.clear()
            continue
        if head in ("UNOWNED", "NEUTRAL") or (head == "CENTERS" and current is None):
            _centres(line, args, known | dropped, unowned)
            current = None
        elif head in ("OWNS", "CENTERS"):
            power = _current(current, line)
            if head == "CENTERS" or power.owns is None:
                power.owns = []
            _centres(line, args, known | dropped, power.owns)
        elif head in ("INHABITS", "HOME", "HOMES"):
            power = _current(current, line)
            if head != "INHABITS":
                power.homes = []
            _centres(line, args, known | dropped, power.homes)
        elif head in UNIT_WORDS and len(args) == 1:
            _current(current, line).units.append((UNIT_WORDS[head], args[0].upper()))
        else:
            current = _power(line, known | dropped, powers)
    for power in powers.values():
        power.homes = [c for c in power.homes if c in known]
        power.owns = None if power.owns is None else [c for c in power.owns if c in known]
        power.units = [(kind, place) for kind, place in power.units if place.split("/")[0] in known]
        for centre in (*power.homes, *(power.owns or [])):
            if centre in unowned:
                unowned.remove(centre)  # listed as unowned and then owned: owned
    unowned[:] = [c for c in unowned if c in known]
    if not places:
        raise SourceError(f"{path}: no LAND, COAST, WATER, PORT or SHUT line: is it a Diplomacy .map file?")
    return VariantMap(names, places, powers, unowned, files)


def _terrain(line: Line) -> dict[str, Place]:
    words = line.words
    if len(words) < 2:
        raise SourceError(f"{line.where}: {words[0]} names no place; expected '{words[0]} ABB ABUTS ...'")
    written = words[1]
    abuts: list[str] = []
    if len(words) > 2:
        if words[2].upper() != "ABUTS":
            raise SourceError(
                f"{line.where}: expected ABUTS after {written!r}, found {words[2]!r} "
                f"(the form is '{words[0]} ABB ABUTS ABB ...')"
            )
        abuts = words[3:]
    for word in (written, *abuts):
        base = word.split("/")[0]
        if not base or not base.replace("_", "").isalnum():
            raise SourceError(f"{line.where}: {word!r} is not a place abbreviation")
    return {written.upper(): Place(written, words[0].upper(), abuts, line)}


def _centres(line: Line, words: list[str], known: set[str], into: list[str]) -> None:
    for word in words:
        remove = word.startswith("-")
        centre = word.lstrip("-").upper()
        if centre not in known:
            raise SourceError(f"{line.where}: {word!r} is not a place declared by a terrain line")
        if remove:
            if centre in into:
                into.remove(centre)
        elif centre not in into:
            into.append(centre)


def _current(power: Power | None, line: Line) -> Power:
    if power is None:
        raise SourceError(f"{line.where}: {line.words[0]} comes before any power line names a power")
    return power


def _power(line: Line, known: set[str], powers: dict[str, Power]) -> Power:
    """A power line: ``NAME [(OWNWORD:L)] [centre...]``; anything else cannot be parsed."""
    words = line.words
    name = words[0]
    rest = words[1:]
    if rest and rest[0].startswith("("):
        closing = next((i for i, word in enumerate(rest) if word.endswith(")")), None)
        if closing is None:
            raise SourceError(f"{line.where}: '(' after {name} is never closed")
        rest = rest[closing + 1 :]
    if not name.replace("_", "").replace("+", "").isalnum() or not all(
        word.lstrip("-").upper() in known for word in rest
    ):
        unknown = next((w for w in rest if w.lstrip("-").upper() not in known), name)
        raise SourceError(
            f"{line.where}: cannot parse {line.text!r}: not a terrain, name or power line "
            f"({unknown!r} is not a declared place)"
        )
    power = powers.setdefault(name.upper(), Power(name.strip("_").replace("+", "").title()))
    _centres(line, rest, known, power.homes)
    return power
