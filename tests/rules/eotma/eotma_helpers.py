"""A small hand-made board and helpers to put EotMA states where a rule can be tested.

Map (no geometry): ``home`` - ``march`` - ``border`` - ``city`` - ``capital`` by land, and
``march`` - ``city``; ``home`` touches sea ``inner``; ``isle`` lies on ``inner`` and ``outer``;
``faraway`` only on ``outer`` (two sea areas from ``home``); ``venice`` is an independent
seafaring home on ``outer``. Player ``west`` (court ``home``) speaks aldic (westric), Latin;
player ``east`` (court ``capital``) speaks kestrian (eastric), Latin.
"""

from __future__ import annotations

from typing import Any

from model.rules.eotma.board import Board, Catalog, LandSpec
from model.rules.eotma.data import Rules, _default_table
from model.rules.eotma.game import AreaStart, EotmaGame, Options, PlayerSetup
from model.rules.eotma.state import EotmaState
from model.rules.protocol import LogEntry

CATALOG = Catalog(
    language_family={"aldic": "westric", "lowenish": "westric", "kestrian": "eastric"},
    religion_group={"latin": "christian", "eastern": "christian", "old_faith": "pagan"},
    group_kind={"christian": "christian", "pagan": "pagan"},
    religion_names={"latin": "Latin Church", "eastern": "Eastern Church", "old_faith": "Old Faith"},
)

LANDS = [
    LandSpec("home", language="aldic", religion="latin", population=2),
    LandSpec("march", language="aldic", religion="latin", population=1),
    LandSpec("border", language="lowenish", religion="latin", population=1),
    LandSpec("city", language="kestrian", religion="latin", population=3),
    LandSpec("capital", language="kestrian", religion="latin", population=2),
    LandSpec("isle", language="aldic", religion="old_faith", population=1),
    LandSpec("faraway", language="kestrian", religion="eastern", population=1),
    LandSpec(
        "venice",
        language="lowenish",
        religion="latin",
        population=2,
        seafaring=True,
        independent_diplomacy=-5,
    ),
]
LAND_EDGES = [
    ("home", "march"),
    ("march", "border"),
    ("border", "city"),
    ("city", "capital"),
    ("march", "city"),
]
SEAS = ["inner", "outer"]
COAST = [("home", "inner"), ("isle", "inner"), ("isle", "outer"), ("faraway", "outer"), ("venice", "outer")]


VIKINGS = {
    "note": "one raider with one raid",
    "raiders": [
        {
            "id": "vikings",
            "name": "Vikings",
            "years": [900, 1100],
            "stature": [[9999, 5]],
            "raids": 1,
            "language": None,
            "religion": None,
            "targets": {"seas": ["inner"], "near": [], "steps": 0},
        }
    ],
}
"""The raiders table of the raider tests: the Vikings, one raid on the inner sea, 900-1100."""


def board() -> Board:
    """Return the test board."""
    return Board.build(LANDS, SEAS, LAND_EDGES, [("inner", "outer")], COAST, CATALOG)


def card(card_id: int, **columns: Any) -> dict[str, Any]:
    """Return a year-card table entry: ``card(1, conquest={"result": ["C(3>)"]}, stature_check=[1, 2])``."""
    data: dict[str, Any] = {"id": card_id, "stature_check": columns.pop("stature_check", None)}
    data.update(columns)
    return data


ISLE_LINKED: dict[str, Any] = {
    "endeavours": {**_default_table("endeavours"), "connection_non_seafaring_range": 1}
}
"""Tables under which ``isle`` stays connected to ``home`` across ``inner``: neither end is a
seafaring home, so the house-default line of communications (7.51) would not cross."""

BLANK = 99
"""A card with no results at all."""


TEST_SCHISM = {
    **_default_table("schism"),
    "union_churches": ["roman_catholic", "eastern_orthodox", "latin", "eastern"],
}
"""The schism table with the test board's two churches (``latin``, ``eastern``) standing for the
Roman Catholic and Eastern Orthodox churches a union makes one (23.11)."""


def rules_with(*cards: dict[str, Any], blanks: int = 12, **tables: Any) -> Rules:
    """Return the shipped rules with the year deck replaced by these cards (plus blanks) and
    any other tables replaced by ``tables`` (the schism table: ``TEST_SCHISM`` unless given)."""
    deck = list(cards) + [card(BLANK + i) for i in range(blanks)]
    return Rules.load({"year_cards": {"cards": deck}, "schism": TEST_SCHISM, **tables})


def game(
    *cards: dict[str, Any],
    areas: dict[str, AreaStart] | None = None,
    west: dict[str, Any] | None = None,
    east: dict[str, Any] | None = None,
    options: Options | None = None,
    rounds: int = 3,
    shipped_deck: bool = False,
    tables: dict[str, Any] | None = None,
    start_year: int = 976,
) -> EotmaGame:
    """Return a two-player game on the test board (events off unless options say otherwise)."""
    starts = {
        "home": AreaStart("west", 2),
        "march": AreaStart("west", 1),
        "capital": AreaStart("east", 2),
        "city": AreaStart("east", 1),
    }
    starts.update(areas or {})
    players = [
        PlayerSetup(
            "west", **{"combat": 3, "administrative": 3, "diplomatic": 3, "court": "home", **(west or {})}
        ),
        PlayerSetup(
            "east", **{"combat": 3, "administrative": 3, "diplomatic": 3, "court": "capital", **(east or {})}
        ),
    ]
    return EotmaGame(
        board(),
        players,
        starts,
        rules=Rules.load({"schism": TEST_SCHISM}) if shipped_deck else rules_with(*cards, **(tables or {})),
        options=options or Options(events=False),
        rounds=rounds,
        start_year=start_year,
    )


def turn_of(state: EotmaState, player: str, cards: list[int] | None = None) -> EotmaState:
    """Choose initiative places so that ``player`` moves first; optionally fix its year cards."""
    while state.phase == "initiative":
        chooser = state.current_player()
        free = [s for s in range(1, state.game.n_players + 1) if s not in state.slots]
        state.apply(f"slot {free[0] if chooser == player else free[-1]}")
    assert state.current_player() == player
    if cards is not None:
        state.force_year_cards(player, cards)
    return state


def pagan_north(rules: Rules) -> EotmaState:
    """West to move in a north of three Norse pagan areas (one religion group, 22.25) on a chain.

    home (west's Latin court) - denmark (west's, tied to west) - norway (nobody's) - sweden (east's)
    - east_home (east's Eastern court); all Aldic but east_home.
    """
    catalog = Catalog(
        language_family=dict(CATALOG.language_family),
        religion_group={**CATALOG.religion_group, "norse_pagan": "pagan"},
        group_kind=dict(CATALOG.group_kind),
        religion_names={**CATALOG.religion_names, "norse_pagan": "Norse Pagan"},
    )
    north = Board.build(
        [
            LandSpec("home", language="aldic", religion="latin"),
            LandSpec("denmark", language="aldic", religion="norse_pagan"),
            LandSpec("norway", language="aldic", religion="norse_pagan"),
            LandSpec("sweden", language="aldic", religion="norse_pagan"),
            LandSpec("east_home", language="kestrian", religion="eastern"),
        ],
        land_edges=[
            ("home", "denmark"),
            ("denmark", "norway"),
            ("norway", "sweden"),
            ("sweden", "east_home"),
        ],
        catalog=catalog,
    )
    seats = [PlayerSetup("west", court="home"), PlayerSetup("east", court="east_home")]
    starts = {
        "home": AreaStart("west", 1),
        "denmark": AreaStart("west", 0, ties=("west",)),
        "sweden": AreaStart("east", 0),
        "east_home": AreaStart("east", 1),
    }
    game = EotmaGame(north, seats, starts, rules=rules, options=Options(events=False))
    return turn_of(game.new_state(1), "west")


def rome_game(
    rome: AreaStart | None = None, *, cards: tuple[dict[str, Any], ...] = (), **tables: Any
) -> EotmaGame:
    """Byzantium (court cpl, Eastern) and France (court paris, Latin) in 1100 under the schism (23).

    ``rome`` (Latin) starts as ``rome`` says, or nobody's when None; ``cards`` are the year deck
    (before the blanks, see :func:`rules_with`); ``tables`` override shipped ones.
    """
    board = Board.build(
        [
            LandSpec("rome", religion="latin"),
            LandSpec("cpl", religion="eastern"),
            LandSpec("paris", religion="latin"),
        ],
        catalog=CATALOG,
    )
    seats = [PlayerSetup("byzantium", court="cpl"), PlayerSetup("france", court="paris")]
    starts = {"cpl": AreaStart("byzantium", 1), "paris": AreaStart("france", 1)}
    if rome is not None:
        starts["rome"] = rome
    return EotmaGame(
        board,
        seats,
        starts,
        rules=rules_with(*cards, **tables),
        options=Options(events=False, schism=True),
        start_year=1100,
    )


def start(
    *cards: dict[str, Any], player: str = "west", hand: list[int] | None = None, **kwargs: Any
) -> EotmaState:
    """Return a state at the start of ``player``'s turn in round 1 of :func:`game`."""
    return turn_of(game(*cards, **kwargs).new_state(7), player, hand)


def idx(state: EotmaState, area: str) -> int:
    """Return an area's index on the board."""
    return state.game.board.index[area]


def area(state: EotmaState, area_id: str) -> dict[str, Any]:
    """Return the view of one area."""
    result: dict[str, Any] = state.view()["areas"][area_id]
    return result


def unopposed(state: EotmaState, text: str) -> LogEntry:
    """Apply a diplomacy endeavour and let every empire but the target's owner spend no gold
    against it (12.2: any opponent may, the endeavours table's ``oppose_diplomacy``); return one
    entry with the effects of the endeavour and the answers."""
    from dataclasses import replace

    from model.rules.eotma.decisions import DecisionKind

    entry = state.apply(text)
    effects = list(entry.effects)
    target = state.game.board.index.get(text.split()[1], -1)
    while (
        state.pending
        and state.pending[-1].kind == DecisionKind.OPPOSE
        and state.owner[target] != state.pending[-1].player
    ):
        effects += state.apply("oppose 0").effects
    return replace(entry, effects=tuple(effects))
