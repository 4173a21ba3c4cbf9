"""23.32 step 3: the crusade is launched from a friendly area linked to a crusader's court by a
line of friendly areas (the crusaders' own and independent Roman Catholic areas).

Map: ``paris`` (France's court) - ``croatia`` (independent, pagan) - ``cpl`` (Byzantine court) -
``syria`` - ``jerusalem``; ``antioch``, independent and Roman Catholic, touches syria but no
friendly area; ``rome``, independent Roman Catholic and seafaring, lies on the sea area ``med`` with
``antioch``, and touches ``paris``.
"""

from __future__ import annotations

from eotma_helpers import card, rules_with, turn_of
from test_crusader_routes_and_states import CATALOG

from model.rules.eotma import crusades
from model.rules.eotma.board import Board, LandSpec
from model.rules.eotma.data import _default_table
from model.rules.eotma.game import AreaStart, EotmaGame, MagnateSetup, Options, PlayerSetup
from model.rules.eotma.state import EotmaState

C_ANY = card(1, conquest={"result": ["C"]})


def antioch_state(line: str | None = None) -> EotmaState:
    table = dict(_default_table("crusades"))
    table["sea_costs"] = {"value": False}
    if line is not None:
        table["launch_line"] = {"value": line}
    board = Board.build(
        [
            LandSpec("paris", language="aldic", religion="roman_catholic"),
            LandSpec("rome", language="aldic", religion="roman_catholic", seafaring=True),
            LandSpec("croatia", language="kestrian", religion="old_faith"),
            LandSpec("cpl", language="kestrian", religion="eastern"),
            LandSpec("antioch", language="lowenish", religion="roman_catholic"),
            LandSpec("syria", language="lowenish", religion="moslem", population=1),
            LandSpec("jerusalem", language="lowenish", religion="moslem", population=1),
        ],
        ["med"],
        [
            ("paris", "croatia"),
            ("paris", "rome"),
            ("croatia", "cpl"),
            ("cpl", "syria"),
            ("syria", "jerusalem"),
            ("antioch", "syria"),
        ],
        [],
        [("rome", "med"), ("antioch", "med")],
        CATALOG,
    )
    g = EotmaGame(
        board,
        [PlayerSetup("france", court="paris", combat=4), PlayerSetup("byzantium", court="cpl")],
        {
            "paris": AreaStart("france", 2),
            "cpl": AreaStart("byzantium", 2),
            "syria": AreaStart("sultan", 0),
            "jerusalem": AreaStart("sultan", 0),
        },
        rules=rules_with(C_ANY, crusades=table),
        options=Options(events=False, crusades=True, schism=False),
        start_year=1100,
        magnates=[MagnateSetup("sultan", 3, "syria")],
        union=False,
    )
    state = turn_of(g.new_state(1), "byzantium")
    state.force_year_cards("france", [1, 1, 1, 1])
    return state


def test_23_32_step_3_an_unlinked_friendly_area_cannot_launch_the_crusade() -> None:
    state = antioch_state()
    state.apply("crusade")
    ids = state.game.board.ids
    assert "antioch" not in {ids[launch] for launch, _chain in crusades.routes(state)}
    # rome, linked to the court, launches by sea and lands in antioch, a friendly area the march
    # passes freely (23.32 step 4); the other route goes overland through croatia.
    assert [(ids[launch], [ids[a] for a in chain]) for launch, chain in crusades.routes(state)] == [
        ("rome", []),
        ("paris", ["croatia", "cpl"]),
    ]


def test_23_32_step_3_the_communications_option_lets_the_line_cross_the_sea() -> None:
    state = antioch_state("communications")
    state.apply("crusade")
    ids = state.game.board.ids
    assert ("antioch", []) in [(ids[launch], chain) for launch, chain in crusades.routes(state)]
