"""The EotMA ruleset tables, read once per game into typed, fast look-ups.

Every HOUSE DEFAULT is one of these tables (resources/rulesets/eotma/*.json), replaced per
scenario through ``scenario.ruleset.tables``; nothing here hard-codes a house value.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from model.resources import resource_path
from model.rules.eotma.cards import YearCard, parse_card

TABLE_IDS = (
    "endeavours",
    "unrest_rebellion",
    "rebellion_value",
    "pillage_plunder",
    "stature_check",
    "heirs",
    "heirless",
    "victory",
    "claims",
    "schism",
    "conversion",
    "year_cards",
    "event_cards",
    "limits",
    "raiders",
    "magnates",
    "crusades",
)


class RulesDataError(ValueError):
    """A ruleset table with a missing or malformed entry."""


@dataclass(frozen=True, slots=True)
class EventCard:
    """One event card kind: ``kind`` is immediate, kept or holding; ``effect`` is its data."""

    id: str
    name: str
    kind: str
    effect: Mapping[str, Any]
    years: tuple[int, int] | None = None
    """Provisional and leader cards (36): the years in which they may be used."""
    option: str | None = None
    """The rules option a card needs to be in the deck (the name of an ``Options`` flag, e.g.
    ``armies_fleets`` for the cards that give armies or fleets, 33.23, 34.12), or None."""


def _value(entry: Any) -> Any:
    return entry["value"] if isinstance(entry, dict) and "value" in entry else entry


MAX_REBELLION_ROW = 100
"""The highest rebellion value the unrest table may give a row (the shipped one stops at 12; a row
for each value up to the highest is built, so a huge one would exhaust memory)."""


def tables_dir() -> Path:
    """The folder of the shipped EotMA tables (``resources/rulesets/eotma``)."""
    return resource_path("rulesets", "eotma")


@cache
def _default_table(table_id: str) -> Any:
    path = tables_dir() / f"{table_id}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise RulesDataError(f"cannot read the EotMA table {table_id!r}: {error}") from error


def _policy(value: Any) -> str:
    """Return a player-choice policy word: ``choice``, ``always`` or ``never`` (true and false,
    the older spelling, read as ``always`` and ``never``)."""
    if isinstance(value, bool):
        return "always" if value else "never"
    if value not in ("choice", "always", "never"):
        raise ValueError(f"expected choice, always or never, not {value!r}")
    return str(value)


def _or_shipped(table: Mapping[str, Any], table_id: str, key: str, *inner: str) -> Any:
    """Return ``table[key]`` (its ``value`` when it has one), or the shipped table's entry when a
    scenario's table lacks the key (written before the entry existed, or partial): the defaults
    live in the JSON tables only. ``inner`` keys read one level further down the same way."""
    entry = table[key] if key in table else _default_table(table_id)[key]
    if inner:
        (name,) = inner
        return _value(entry[name] if name in entry else _default_table(table_id)[key][name])
    return _value(entry)


def _rows(table: Mapping[str, Any], key: str, table_id: str) -> list[tuple[int, Any]]:
    rows = sorted((int(row["max_roll"]), row[key]) for row in table["rows"])
    if not rows:
        raise RulesDataError(f"table {table_id!r} has no rows")
    return rows


def _lookup(rows: list[tuple[int, Any]], roll: int) -> Any:
    for max_roll, value in rows:
        if roll <= max_roll:
            return value
    return rows[-1][1]


class Rules:
    """All EotMA tables as attributes; build with :meth:`load` (scenario overrides win)."""

    def __init__(self, get: Callable[[str], Any]) -> None:
        try:
            self._read(get)
        except RulesDataError:  # already says which table and what is wrong
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise RulesDataError(f"malformed EotMA table: {error!r}") from error

    def _read(self, get: Callable[[str], Any]) -> None:
        e = get("endeavours")
        self.min_gold: dict[str, int] = {k: int(v) for k, v in e["min_gold"].items()}
        self.stature_of: dict[str, str] = dict(e["stature"])
        self.fixed_cost: frozenset[str] = frozenset(_value(e["fixed_cost"]))
        self.max_unit: int = int(_value(e["max_unit_strength"]))
        """33.31, 34.21: the strength of the largest counter (an area's total is not capped)."""
        self.army_absorbs: str = _policy(_or_shipped(e, "endeavours", "army_absorbs_losses"))
        """33.33: ``choice`` (house default: the player is asked), ``always`` or ``never``."""
        self.build_quells_unrest: bool = bool(_or_shipped(e, "endeavours", "build_quells_unrest"))
        """35.11 with 15.3: whether a marker endeavour quells unrest as a ruling does (house default: yes)."""
        self.partial_on_transfer: str = str(_or_shipped(e, "endeavours", "partial_conquest_on_transfer"))
        """10.31-10.38: whether C results against an area that changes hands other than by a
        conquest ``keep`` (house default) or ``remove``."""
        if self.partial_on_transfer not in ("keep", "remove"):
            raise RulesDataError(
                f"endeavours table: partial_conquest_on_transfer must be 'keep' or 'remove', "
                f"not {self.partial_on_transfer!r}"
            )
        self.oppose_diplomacy: str = str(_or_shipped(e, "endeavours", "oppose_diplomacy"))
        """12.2: who may spend gold against a diplomacy endeavour: ``any`` other empire (house
        default) or the target's ``owner``."""
        self.exile_check_stature: str = str(_or_shipped(e, "endeavours", "exile_check_stature"))
        self.pillage_takes_markers: str = _policy(_or_shipped(e, "endeavours", "pillage_takes_markers"))
        """35.24: ``choice`` (house default: the pillager is asked), ``always`` or ``never``."""
        self.card_column: dict[str, str] = dict(_value(e["card_column"]))
        self.sea_gold: int = int(_value(e["sea_gold_per_area"]))
        self.halving_seas: int = int(_value(e["halving_seas"]))
        self.seafaring_range: int = int(_value(e["seafaring_range"]))
        self.non_seafaring_range: int = int(_value(e["non_seafaring_range"]))
        self.connection_seafaring_range: int = int(_or_shipped(e, "endeavours", "connection_seafaring_range"))
        """Sea areas a line of communications crosses from a seafaring end (7.51, house default 6)."""
        self.connection_non_seafaring_range: int = int(
            _or_shipped(e, "endeavours", "connection_non_seafaring_range")
        )
        """Sea areas it crosses between two ends that are not seafaring (7.51, house default 6)."""
        self.independent_diplomacy: int = int(_value(e["independent_diplomacy"]))
        self.magnate_diplomacy: int = int(_value(e["magnate_diplomacy"]))
        self.technology_bonus: int = int(_value(e["technology_bonus"]))
        self.extra_gold: tuple[int, ...] = tuple(int(x) for x in _value(e["extra_gold_choices"]))
        self.oppose_gold: tuple[int, ...] = tuple(int(x) for x in _value(e["oppose_gold_choices"]))
        self.cards_per_round: int = int(_value(e["year_cards_per_round"]))
        self.own_turn_endeavours: int = int(_or_shipped(e, "endeavours", "own_turn_endeavours"))
        """13.13: the endeavours due in the own turn; the cards kept for them before it."""
        self.max_defenses: int = self.cards_per_round - self.own_turn_endeavours
        """13.13: the most defenses in a round, derived so that the two limits always agree."""
        self.holding_limit: int = int(_value(e["holding_card_limit"]))
        self.holding_limit_36: int = int(_value(e["holding_card_limit_36"]))

        u = get("unrest_rebellion")
        sets = {int(k): frozenset(int(r) for r in v) for k, v in u["rolls"].items()}
        if not sets or not all(1 <= k <= MAX_REBELLION_ROW for k in sets):
            raise RulesDataError(
                "unrest_rebellion: rolls needs rows for rebellion values 1 to at most "
                f"{MAX_REBELLION_ROW} (17)"
            )
        if not all(2 <= roll <= 12 for rolls in sets.values() for roll in rolls):
            raise RulesDataError("unrest_rebellion: each row lists rolls of two dice, 2 to 12 (17)")
        top = max(sets)
        self.rebellion_sets: tuple[frozenset[int], ...] = tuple(
            frozenset() if rv <= 0 else sets.get(rv, sets[top] if rv > top else frozenset())
            for rv in range(top + 1)
        )
        self.rebellion_offset: int = int(_value(u["rebellion_offset"]))

        rv = get("rebellion_value")
        self.rv_per_gold: int = int(rv["per_gold"])
        self.rv_per_fort: int = int(rv["per_fort_point"])
        self.rv_language: tuple[int, ...] = tuple(int(x) for x in rv["language"])
        self.rv_religion: tuple[int, ...] = tuple(int(x) for x in rv["religion"])
        if len(self.rv_language) != 3 or len(self.rv_religion) != 3:
            raise RulesDataError(
                "rebellion_value: language and religion each need three modifiers, for the same, a "
                "related and a different language or religion (12.42, 14.32)"
            )
        self.rv_own_tie: int = int(rv["own_tie"])
        self.rv_opponent_ties: int = int(rv["opponent_ties"])
        self.rv_unrest: int = int(rv["unrest"])
        self.rv_kindred_independent: int = int(rv["adjoins_kindred_independent"])
        self.plunder_gold: int = int(rv["plunder_gold"])

        pp = get("pillage_plunder")["gold_by_roll"]
        self.pillage_gold: dict[int, int] = {int(k): int(v) for k, v in pp.items()}
        if set(self.pillage_gold) != set(range(1, 7)):
            raise RulesDataError(
                "pillage_plunder: gold_by_roll needs the gold for each roll of one die, 1-6 (11.3)"
            )

        sc = get("stature_check")
        self.stature_rows = _rows(sc, "result", "stature_check")
        self.min_stature: int = int(sc["min_stature"])
        self.max_stature: int = int(sc["max_stature"])
        self.heir_rows = _rows(get("heirs"), "stature", "heirs")
        hl = get("heirless")
        self.heirless_unconnected: bool = bool(hl["unconnected_unrest"])
        self.heirless_unrest_max: int = int(hl["unrest_max"])

        v = get("victory")
        self.vp_area: int = int(v["area_base"])
        self.vp_per_ss: int = int(v["per_social_state"])
        self.vp_claim: int = int(v["claim_bonus"])
        self.vp_court_multiplier: int = int(v["court_multiplier"])
        self.vp_conversion: int = int(v["conversion"])

        c = get("claims")
        self.claim_own_and_tie: bool = bool(c["own_and_tie"])
        self.claim_tie_and_conquest: bool = bool(c["tie_and_diplomatic_conquest"])
        self.claims_end_on_conversion: bool = bool(_or_shipped(c, "claims", "end_on_conversion"))
        """House default 18: a claim ends when its area turns to a religion that is not the holder's."""

        s = get("schism")
        self.schism_rows = _rows(s, "results", "schism")
        self.schism_rome: str = str(s["rome"])
        self.schism_byzantine: str = str(s["byzantine"])
        self.orthodox_religions: frozenset[str] = frozenset(str(x) for x in s["orthodox_religions"])
        """The religion ids of the Eastern Orthodox church (20.52)."""
        self.union_churches: frozenset[str] = frozenset(str(x) for x in s["union_churches"])
        """The churches a union result makes one (23.11), religion ids or names."""
        self.byzantine_orthodox_votes: int = int(s["byzantine_orthodox_votes"])
        """The Byzantine player's extra votes over an Eastern Orthodox area during a schism (20.52)."""
        self.union_before_year: int = int(s["union_before_year"])
        self.rome_without_tie_condition: int = int(_or_shipped(s, "schism", "rome_without_tie_condition"))
        """The influence condition when the Byzantine player holds Rome without a tie to it: 23.1
        lists no such case (house default 2)."""
        if not 1 <= self.rome_without_tie_condition <= 6:
            raise RulesDataError("schism: rome_without_tie_condition must be a condition 1-6 (23.1)")

        conv = get("conversion")
        self.conversion: dict[str, dict[str, int]] = {
            str(k): {"convictional": int(x["convictional"]), "proselytic": int(x["proselytic"])}
            for k, x in conv["religions"].items()
        }
        self.conversion_by_kind: dict[str, dict[str, int]] = {
            str(k): {"convictional": int(x["convictional"]), "proselytic": int(x["proselytic"])}
            for k, x in conv["by_group_kind"].items()
        }
        self.iberian_convictional: int = int(conv["iberian_moslem_convictional"])
        self.group_conversion: frozenset[str] = frozenset(str(x) for x in conv["group_conversion"])
        self.transfer_same_faith: bool = bool(_or_shipped(conv, "conversion", "transfer_same_faith"))
        self.inheritance_cancels: bool = bool(_or_shipped(conv, "conversion", "inheritance_cancels"))
        """Whether a Dynastic Inheritance negates the old owner's conversion results like a
        conquest (22.21; house default: yes)."""
        """Whether a partial conversion passes by agreement (22.21) only to a receiver whose leader
        has the giver's faith (the text is silent; house default: yes, the C results count toward
        that faith)."""

        self.year_cards: tuple[YearCard, ...] = tuple(parse_card(card) for card in get("year_cards")["cards"])
        if not self.year_cards:
            raise RulesDataError("the year-card table has no cards")
        self.card_by_id: dict[int, YearCard] = {card.id: card for card in self.year_cards}
        events: list[EventCard] = []
        self.event_kinds: dict[str, EventCard] = {}
        for entry in get("event_cards")["cards"]:
            years = tuple(int(y) for y in entry["years"]) if entry.get("years") else None
            card = EventCard(
                str(entry["id"]),
                str(entry.get("name", entry["id"])),
                str(entry["kind"]),
                entry["effect"],
                (years[0], years[1]) if years else None,
                str(entry["option"]) if entry.get("option") else None,
            )
            if card.kind not in ("immediate", "kept", "holding"):
                raise RulesDataError(
                    f"event card {card.id!r}: kind {card.kind!r} is not immediate, kept or holding"
                )
            self.event_kinds[card.id] = card
            events.extend([card] * int(entry.get("count", 1)))
        self.event_deck: tuple[str, ...] = tuple(card.id for card in events)
        self.early_card_substitute: bool = bool(
            _or_shipped(get("event_cards"), "event_cards", "early_card_substitute")
        )
        """36: whether a P or L card drawn before its years (under the deck again) is replaced by
        another draw (house default: yes, as for a card drawn after its years)."""

        raiders = get("raiders")
        self.raiders: tuple[dict[str, Any], ...] = tuple(raiders["raiders"])
        self.raider_differences: bool = bool(_or_shipped(raiders, "raiders", "language_religion"))
        """Whether a raid's rating subtracts language and religion differences (facts sheet 7.1)."""
        magnates = get("magnates")
        self.magnate_rows: tuple[dict[str, Any], ...] = tuple(magnates["rows"])
        self.magnates_attack: bool = bool(magnates["attack"])

        crusades = get("crusades")
        self.crusade_syria: str = str(crusades["syria"])
        self.crusade_jerusalem: str = str(crusades["jerusalem"])
        self.crusade_church: str = str(crusades["church"])
        self.crusade_years: tuple[int, int] = (int(crusades["first_year"]), int(crusades["last_year"]))
        self.crusade_sea_landing: int = int(_or_shipped(crusades, "crusades", "sea_landing_range"))
        """How many sea areas the crusaders may cross from a friendly coast (23.32 step 3 names no
        range; house default 3, as a seafaring home's reach, 9.53)."""
        self.crusade_sea_costs: bool = bool(_or_shipped(crusades, "crusades", "sea_costs"))
        """Whether a crusade launched by sea pays sea gold (9.17) and takes the sea adjustment
        (9.32) for the sea areas between the launch area and the landing (23.32 step 3)."""
        self.crusade_base: str = str(_or_shipped(crusades, "crusades", "base"))
        """The crusaders' base (23.32 step 3): ``launch`` (house default: the launch area) or ``none``."""
        self.crusade_launch_line: str = str(_or_shipped(crusades, "crusades", "launch_line"))
        """How the launch area links to a crusader's court (23.32 step 3): ``land`` (house default)
        or ``communications`` (sea areas too, as a line of communications, 7.51)."""
        self.crusade_parley_tie: bool = bool(_or_shipped(crusades, "crusades", "parley_tie_carries"))
        """Whether a tied crusade parley calls the crusade (20.46 is silent; house default: no)."""

        def state_rule(name: str) -> Any:
            return _or_shipped(crusades, "crusades", "crusader_states", name)

        self.crusader_states: bool = bool(state_rule("enabled"))
        """Whether the crusaders may found crusader states (23.32 step 5, house default table)."""
        self.crusader_state_areas: tuple[str, ...] = tuple(state_rule("areas"))
        self.crusader_state_route: bool = bool(state_rule("include_route_conquests"))
        self.crusader_state_rule: int = int(state_rule("rule_levels"))
        self.crusader_state_ties: bool = bool(state_rule("ties_to_crusaders"))
        self.crusader_state_friendly: bool = bool(state_rule("friendly_to_crusades"))

        limits = get("limits")
        self.ss_min: int = int(limits["social_state"]["min"])
        self.ss_max: int = int(limits["social_state"]["max"])

    def stature_check(self, roll: int) -> str | int:
        """Return the stature check result for a 2d6 roll: 'dies' or a stature change."""
        result: str | int = _lookup(self.stature_rows, roll)
        return result

    def heir_stature(self, roll: int) -> int | str:
        """Return the heir table entry for a 2d6 roll (an int, or 'd6+N')."""
        result: int | str = _lookup(self.heir_rows, roll)
        return result

    def schism_result(self, roll: int, condition: int) -> str:
        """Return U, S or - for a 2d6 roll under a Byzantine influence condition 1-6 (23.1)."""
        results = _lookup(self.schism_rows, roll)
        return str(results[condition - 1])

    def rebellion_set(self, value: int) -> frozenset[int]:
        """Return the 2d6 rolls that give a result at this rebellion value (17, facts sheet 5.3)."""
        if value <= 0:
            return frozenset()
        sets = self.rebellion_sets
        return sets[value] if value < len(sets) else sets[-1]

    def conversion_rating(self, religion: str | None, kind: str, name: str | None) -> dict[str, int]:
        """Return {convictional, proselytic} for a religion id (or name), else its group kind's row."""
        for key in (religion, _slug(name)):
            if key and key in self.conversion:
                return self.conversion[key]
        row = self.conversion_by_kind.get(kind)
        if row is None:
            raise RulesDataError(f"conversion table: by_group_kind has no row for the group kind {kind!r}")
        return row

    @classmethod
    def load(cls, overrides: Mapping[str, Any] | None = None) -> Rules:
        """Return the rules from the shipped tables, each replaced by ``overrides[id]`` when given."""
        overrides = overrides or {}

        def get(table_id: str) -> Any:
            if table_id in overrides:
                return overrides[table_id]
            return _default_table(table_id)

        return cls(get)


def _slug(name: str | None) -> str | None:
    if not name:
        return None
    return "_".join(name.lower().replace("-", " ").split())


@cache
def default_rules() -> Rules:
    """Return the rules built from the shipped tables only (shared, read-only)."""
    return Rules.load()
