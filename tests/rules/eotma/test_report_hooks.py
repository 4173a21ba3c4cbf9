"""What the balance report and the smoke test read from an EotMA state: owners, event tallies,
invariants, and a view that survives Magnates holding conquest results (24, 10.33)."""

from __future__ import annotations

from pathlib import Path

from model import io
from model.bots.base import play
from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.game import build_game
from model.rules.eotma.records import Partial
from model.rules.eotma.state import TALLY, EotmaState

DEFAULT = Path(__file__).resolve().parents[3] / "scenarios" / "default.mappa.json"


def test_area_owners_match_the_view_after_a_whole_game() -> None:
    game = build_game(io.load(DEFAULT))
    state = play(game, EotmaHeuristicBot(), seed=4)
    view = state.view()
    assert state.area_owners() == {area: data["owner"] for area, data in view["areas"].items()}
    assert set(state.statistics()) == set(TALLY)
    assert all(count >= 0 for count in state.statistics().values())


def test_tally_counts_rebellions_and_survives_clone_and_json() -> None:
    game = build_game(io.load(DEFAULT))
    state: EotmaState = game.new_state(1)
    state.count("rebellions")
    state.count("rebellions")
    assert state.statistics()["rebellions"] == 2
    assert state.clone().statistics() == state.statistics()
    assert game.state_from_json(state.to_json()).statistics()["rebellions"] == 2


def test_10_33_view_names_a_magnate_holding_conquest_results() -> None:
    scenario = io.load(DEFAULT)
    game = build_game(scenario)
    state: EotmaState = game.new_state(1)
    magnate_code = game.n_players  # the first Magnate's owner number
    target = 0 if state.owner[0] != magnate_code else 1
    state.partial[(target, -1)] = Partial(magnate_code, 1)
    shown = state.view()["areas"][game.board.ids[target]]["partial_conquest"]
    assert shown == {state.owner_name(magnate_code): 1}


def test_invariant_violations_name_the_broken_value() -> None:
    game = build_game(io.load(DEFAULT))
    state: EotmaState = game.new_state(1)
    assert state.invariant_violations() == []
    state.treasury[0] = -3
    state.ss[2] = 5
    found = state.invariant_violations()
    assert f"treasury of {game.player_ids[0]} is -3" in found
    assert any(message.startswith(f"social state of {game.board.ids[2]} is 5") for message in found)
