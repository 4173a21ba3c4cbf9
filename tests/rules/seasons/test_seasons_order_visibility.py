"""Which order tokens a nation may read (Seasons: Tokens, Turns): its own before the reveal, every
token from the reveal on, and the last reveal's tokens read back from the log after the turn ends."""

from __future__ import annotations

from model.bots.base import RandomBot
from model.rules.seasons.game import SeasonsGame
from model.rules.seasons.state import CASUALTIES, PLAN, UPKEEP, Order, SeasonsState


def test_a_nation_reads_only_its_own_tokens_before_the_reveal(isles: SeasonsGame) -> None:
    state = SeasonsState.start(isles, 3)
    bot = RandomBot(3)
    checked = 0
    while not state.is_over() and checked < 300:
        if state.board.phase in (PLAN, UPKEEP) and state.board.orders:
            nations = {o.nation for o in state.board.orders}
            for nation in isles.nations:
                seen = state.orders_seen_by(nation)
                assert [o["seq"] for o in seen] == [o.seq for o in state.board.orders if o.nation == nation]
                assert all(o["nation"] == nation and not o["revealed"] for o in seen)
            assert state.orders_seen_by(None) == []
            checked += 1 if len(nations) > 1 else 0
        state.apply(bot.choose(state))
    assert checked, "no turn had tokens of two nations at once"


def test_every_token_is_face_up_from_the_reveal(isles: SeasonsGame) -> None:
    state = SeasonsState.start(isles, 3)
    first, second = isles.nations[0], isles.nations[1]
    state.board.orders = [Order(0, first, "aid", "a", "b"), Order(1, second, "move", "c", "d", ["u"])]
    assert not state.orders_revealed()
    state.board.phase = CASUALTIES  # the reveal is over, a battle waits for a casualty choice
    assert state.orders_revealed()
    seen = state.orders_seen_by(None)
    assert [(o["nation"], o["kind"], o["units"], o["revealed"]) for o in seen] == [
        (first, "aid", [], True),
        (second, "move", ["u"], True),
    ]


def test_the_last_reveal_is_read_back_from_the_log(isles: SeasonsGame) -> None:
    state = SeasonsState.start(isles, 5)
    assert state.last_revealed_orders() == (0, [])
    bot = RandomBot(5)
    placed: list[tuple[str, str, str, str]] = []
    while state.board.turn == 1 and not state.is_over():
        action = bot.choose(state)
        player = state.current_player()
        state.apply(action)
        if action.VERB in ("move", "aid", "pillage"):
            source, target = action.args()[:2]
            assert player is not None
            placed.append((player, action.VERB, source, target))
    turn, orders = state.last_revealed_orders()
    assert turn == 1
    assert [(o["nation"], o["kind"], o["source"], o["target"]) for o in orders] == placed
    assert all(o["revealed"] for o in orders)
