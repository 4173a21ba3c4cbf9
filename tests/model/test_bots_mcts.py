"""The MCTS AI level (model/bots/mcts.py): legal, seeded, it finds a winning move, it keeps the
heuristic's move without evidence, and its tuning numbers are data (resources/bots/mcts.json).

Its strength against the heuristic level is measured by tests/bench/bench_mcts.py, not here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Self

import pytest

from model import io
from model.bots.base import Bot, RandomBot, RankingBot
from model.bots.mcts import (
    LEVEL,
    MctsBot,
    _Node,
    heuristic_rollout,
    lead_margin,
    lead_over_field,
    paired_gain,
    rewards,
    roll_out,
)
from model.bots.mcts_settings import MctsSettingsError, load_settings, settings_file
from model.rules import registry
from model.rules.protocol import Action, ActionCodec, Game, IllegalActionError, MalformedActionError, State
from model.rules.rng import Rng

ROOT = Path(__file__).resolve().parents[2]


# --- Nim: take one to three stones, whoever takes the last stone wins --------------------------


@dataclass(frozen=True)
class Take(Action):
    VERB: ClassVar[str] = "take"
    count: int = 1

    def args(self) -> tuple[str, ...]:
        return (str(self.count),)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 1 or not args[0].isdigit():
            raise MalformedActionError(text, "take COUNT")
        return cls(int(args[0]))


class NimGame(Game):
    ruleset = "nim-test"  # registered nowhere: the search falls back to random rollouts
    codec = ActionCodec([Take])

    def __init__(self, stones: int) -> None:
        self.stones = stones

    def players(self) -> tuple[str, ...]:
        return ("ann", "bob")

    def new_state(self, seed: int) -> NimState:
        return NimState(self, seed, self.stones, 0, None)

    def state_from_json(self, data: dict[str, Any]) -> NimState:
        return NimState(self, 0, data["stones"], data["turn"], data["winner"])


class NimState(State):
    game: NimGame

    def __init__(self, game: NimGame, seed: int, stones: int, turn: int, winner: str | None) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.log = []
        self.stones, self.turn, self.winner = stones, turn, winner

    def current_player(self) -> str | None:
        return None if self.is_over() else self.game.players()[self.turn % 2]

    def legal_actions(self) -> list[Action]:
        return [Take(n) for n in range(1, min(3, self.stones) + 1)] if not self.is_over() else []

    def is_over(self) -> bool:
        return self.stones == 0

    def scores(self) -> dict[str, float]:
        return {p: 1.0 if p == self.winner else 0.0 for p in self.game.players()}

    def clone(self) -> Self:
        copy = type(self)(self.game, 0, self.stones, self.turn, self.winner)
        copy.rng, copy.log = self.rng.clone(), list(self.log)
        return copy

    def to_json(self) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.turn, "winner": self.winner}

    def cursor(self) -> tuple[int, str]:
        return (self.turn, "take")

    def _check(self, action: Action) -> None:
        if not isinstance(action, Take) or action not in self.legal_actions():
            raise IllegalActionError(action, f"{self.stones} stones left")

    def _apply(self, action: Action) -> list[str]:
        assert isinstance(action, Take)
        self.stones -= action.count
        if self.stones == 0:
            self.winner = self.current_player_before()
        self.turn += 1
        return [f"{self.stones} left"]

    def current_player_before(self) -> str:
        return self.game.players()[self.turn % 2]


def random_rollout(state: State, seed: int) -> Bot:
    return RandomBot(seed=seed)


def test_the_move_that_wins_outright_is_found() -> None:
    # Three stones: taking all three wins now; anything else hands the win to the other side.
    state = NimGame(3).new_state(0)
    for seed in range(5):
        assert str(MctsBot(seed=seed, samples=40, rollout=random_rollout).choose(state)) == "take 3"


def test_the_winning_reply_two_moves_deep_is_found() -> None:
    # Five stones: only taking one leaves the other side a lost pile of four.
    state = NimGame(5).new_state(0)
    chosen = {str(MctsBot(seed=seed, samples=100, widening=3.0).choose(state)) for seed in range(3)}
    assert chosen == {"take 1"}


def test_the_only_action_is_returned_without_a_search() -> None:
    def no_rollout(state: State, seed: int) -> Bot:
        raise AssertionError("searched although one action was legal")

    state = NimGame(1).new_state(0)
    assert str(MctsBot(seed=3, rollout=no_rollout).choose(state)) == "take 1"


class TakeOne:
    """A rollout policy that always takes one stone."""

    def __init__(self, state: State, seed: int) -> None:
        pass

    def choose(self, state: State) -> Action:
        return Take(1)


def test_the_policy_move_is_kept_unless_another_is_better_beyond_the_confidence() -> None:
    # Two stones: the policy's "take 1" hands the last stone over; "take 2" wins.
    state = NimGame(2).new_state(0)
    sure = MctsBot(seed=1, samples=6, rollout=TakeOne, confidence=1.0)
    assert str(sure.choose(state)) == "take 2"
    assert sure.counts.overruled == 1 and sure.counts.searched == 1
    # Four rounds: the race waits for three pairs before it drops a move that has not gained yet.
    assert str(MctsBot(seed=1, samples=4, rollout=TakeOne).choose(state)) == "take 2"
    # Two paired rounds are too few to trust a spread: it keeps the policy's move.
    assert str(MctsBot(seed=1, samples=2, rollout=TakeOne).choose(state)) == "take 1"
    # With one candidate there is nothing to compare: no playout at all.
    alone = MctsBot(seed=1, rollout=TakeOne, candidates=1)
    assert str(alone.choose(state)) == "take 1" and alone.counts.playouts == 0


class Scripted(MctsBot):
    """Plays no game: a playout of the favourite (the first candidate) is worth 0.5, one of the
    other move 0.9 during the race and 0.1 afterwards, as when the race's margin was luck."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(seed=2, rollout=TakeOne, **settings)
        self.race_rounds = settings["samples"]
        self.calls = 0

    def _playout(self, state: State, seat: str | None, root: Any, seeds: Any, config: Any) -> float:
        self.calls += 1
        if str(root.action) == "take 1":
            return 0.5
        race = self.calls <= 2 * self.race_rounds
        return 0.9 + 0.01 * (self.calls % 3) if race else 0.1 + 0.01 * (self.calls % 3)


def test_the_race_winner_is_played_only_if_fresh_rounds_confirm_its_gain() -> None:
    state = NimGame(2).new_state(0)
    unchecked = Scripted(samples=5, candidates=2, verify=0)
    assert str(unchecked.choose(state)) == "take 2" and unchecked.calls == 10
    checked = Scripted(samples=5, candidates=2, verify=4)
    assert str(checked.choose(state)) == "take 1"
    assert checked.calls == 10 + 2 * 4 and checked.counts.overruled == 0


class Alternating(MctsBot):
    """Plays no game: the favourite's playouts are worth 0.5; the other move's 0.6 and 0.45 in
    turn (``gain``, ``loss``), so its paired gain is small, positive, and noisy."""

    def __init__(self, gain: float = 0.1, loss: float = -0.05, **settings: Any) -> None:
        super().__init__(seed=2, rollout=TakeOne, candidates=2, confidence=1.0, **settings)
        self.gain, self.loss = gain, loss
        self.rounds = 0

    def _playout(self, state: State, seat: str | None, root: Any, seeds: Any, config: Any) -> float:
        if str(root.action) == "take 1":
            return 0.5
        self.rounds += 1
        return 0.5 + (self.gain if self.rounds % 2 else self.loss)


def test_extra_rounds_go_only_to_a_decision_still_contested() -> None:
    state = NimGame(2).new_state(0)
    # Gains 0.1, -0.05, ...: after 4 rounds mean 0.025, error 0.0866 / 2 = 0.043: not played.
    plain = Alternating(samples=4)
    assert str(plain.choose(state)) == "take 1" and plain.rounds == 4
    # One extra round decides it: mean 0.04, error sqrt(0.00675 / 5) = 0.037.
    extended = Alternating(samples=4, extend=6)
    assert str(extended.choose(state)) == "take 2" and extended.rounds == 5
    # Gains 0.1, -0.08, ...: the error stays above the mean (after 8 rounds 0.01 against 0.034),
    # so it takes every extra round and keeps the favourite.
    open_ = Alternating(samples=4, extend=4, loss=-0.08)
    assert str(open_.choose(state)) == "take 1" and open_.rounds == 8
    # Gains 0.1, 0.05, ...: decided after the 4 rounds (mean 0.075, error 0.025): no extra round.
    decided = Alternating(samples=4, extend=6, loss=0.05)
    assert str(decided.choose(state)) == "take 2" and decided.rounds == 4
    # Gains 0.05, -0.1, ...: after 4 rounds it has lost ground (mean -0.025): no extra round.
    losing = Alternating(samples=4, extend=6, gain=0.05, loss=-0.1)
    assert str(losing.choose(state)) == "take 1" and losing.rounds == 4


def test_a_rollout_stops_at_its_depth_or_at_the_round_given() -> None:
    state = NimGame(20).new_state(0)  # a Nim round is one turn (its cursor)
    assert roll_out(state, TakeOne(state, 0), depth=6) == 6 and state.stones == 14
    assert roll_out(state, TakeOne(state, 0), depth=50, until_round=state.turn + 3) == 3
    assert state.stones == 11
    assert roll_out(state, TakeOne(state, 0), depth=50) == 11 and state.is_over()


class CountingTakeOne(TakeOne):
    """Takes one stone and counts, over all its instances, how often it was asked."""

    asked = 0

    def choose(self, state: State) -> Action:
        CountingTakeOne.asked += 1
        return Take(1)


def rollout_actions(**settings: Any) -> int:
    """How many actions the policy chose in one search of a 60-stone Nim game (a plain rollout
    after each root move: no tree)."""
    CountingTakeOne.asked = 0
    bot = MctsBot(seed=4, samples=3, candidates=2, widening=0, rollout=CountingTakeOne, **settings)
    bot.choose(NimGame(60).new_state(0))
    return CountingTakeOne.asked


def test_seat_depth_gives_each_seat_as_many_rollout_actions() -> None:
    # Two seats: 5 actions per seat are 10 a rollout, as a depth of 10 is.
    assert rollout_actions(depth=10) == rollout_actions(depth=1, seat_depth=5) > rollout_actions(depth=1)


class RatedNim(NimState):
    """Nim whose unfinished positions rate the side to move by the stones left (an evaluation)."""

    def evaluation(self) -> dict[str, float] | None:
        mover = self.game.players()[self.turn % 2]
        return {p: float(self.stones if p == mover else 0) for p in self.game.players()}


def test_a_cut_off_game_is_judged_by_the_rulesets_evaluation_and_a_finished_one_by_its_scores() -> None:
    game = NimGame(5)
    state = RatedNim(game, 0, 5, 0, None)
    # ann to move with 5 stones: she leads (half) and holds the top place (half); bob neither.
    assert rewards(state) == {"ann": 1.0, "bob": 0.0}
    state.apply("take 2")
    assert rewards(state) == {"ann": 0.0, "bob": 1.0}
    state.apply("take 3")  # bob took the last stone: the scores say he won, whatever it rates
    assert state.is_over() and rewards(state) == {"ann": 0.0, "bob": 1.0}
    # No evaluation: the scores, 0 each, so both lead (a quarter each) at the middle place.
    assert rewards(NimGame(3).new_state(0)) == {"ann": 0.5, "bob": 0.5}


def test_the_lead_margin_grows_with_the_lead_over_the_best_other_seat() -> None:
    # Scale: the mean size of the scores, (6 + 4 + 2) / 3 = 4; ann leads bob by 2, bob trails by 2,
    # cid trails ann by 4.
    margin = lead_margin({"ann": 6.0, "bob": 4.0, "cid": 2.0})
    assert margin == pytest.approx(
        {"ann": 0.5 + 0.5 * 2 / 6, "bob": 0.5 - 0.5 * 2 / 6, "cid": 0.5 - 0.5 * 4 / 8}
    )
    assert lead_margin({"ann": 3.0, "bob": 3.0}) == {"ann": 0.5, "bob": 0.5}
    assert lead_margin({"ann": 0.0, "bob": 0.0}) == {"ann": 0.5, "bob": 0.5}  # no scale: level
    assert lead_margin({"ann": 1.0}) == {"ann": 0.5}


def test_the_lead_over_the_field_is_measured_against_the_mean_of_the_others() -> None:
    # Scale (8 + 4 + 2 + 2) / 4 = 4. ann leads the others' mean (8 / 3) by 16 / 3; bob trails
    # theirs (12 / 3 = 4) by 0; cid and dee trail (14 / 3) by 8 / 3.
    over = lead_over_field({"ann": 8.0, "bob": 4.0, "cid": 2.0, "dee": 2.0})
    cid = 0.5 - 0.5 * (8 / 3) / (8 / 3 + 4)
    assert over == pytest.approx(
        {"ann": 0.5 + 0.5 * (16 / 3) / (16 / 3 + 4), "bob": 0.5, "cid": cid, "dee": cid}
    )
    # Unlike the margin, a seat gains by the others' losses a share at a time: the best other
    # losing 3 points moves cid's margin, only a third of it moves cid's lead over the field.
    before, after = (
        {"ann": 8.0, "bob": 4.0, "cid": 2.0, "dee": 2.0},
        {"ann": 5.0, "bob": 4.0, "cid": 2.0, "dee": 2.0},
    )
    assert lead_margin(after)["cid"] > lead_margin(before)["cid"]
    assert lead_over_field(after)["cid"] - lead_over_field(before)["cid"] < (
        lead_margin(after)["cid"] - lead_margin(before)["cid"]
    )
    assert lead_over_field({"ann": 1.0}) == {"ann": 0.5}


def test_a_field_weight_mixes_the_lead_over_the_field_into_the_reward() -> None:
    game = NimGame(9)
    near = RatedNim(game, 0, 5, 0, None)
    # Two seats: the lead over the field is the margin. Half of ann's reward is it.
    assert rewards(near, 0.0, 0.5)["ann"] == pytest.approx(0.5 + 0.5 * (0.5 + 0.5 * 5 / 7.5))
    assert rewards(near, 0.25, 0.25)["ann"] == pytest.approx(rewards(near, 0.5)["ann"])


def test_margin_and_field_together_may_not_exceed_the_whole_reward() -> None:
    with pytest.raises(MctsSettingsError, match="add up to more than 1"):
        load_settings("", {"margin": 0.6, "field": 0.5})
    assert load_settings("", {"margin": 0.5, "field": 0.5}).field == 0.5


def test_a_field_that_overfills_a_seat_tables_reward_is_refused_naming_that_table(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The file gives nim duels a margin of 0.5: a field of 0.6 suits games of other sizes, so the
    # bot takes it, and a duel refuses it naming the ruleset and the number of seats.
    path = tmp_path / "mcts.json"
    path.write_text(
        '{"samples": 5, "candidates": 2, "depth": 9, "confidence": 1, "widening": 0, "exploration": 1,'
        ' "rulesets": {"nim-test": {"seats": {"2": {"margin": 0.5}}}}}'
    )
    monkeypatch.setattr("model.bots.mcts_settings.settings_file", lambda: path)
    bot = MctsBot(field=0.6)
    assert load_settings("nim-test", bot.overrides, seats=3).field == 0.6
    with pytest.raises(
        MctsSettingsError, match=r"(?s)'nim-test' \(2 seats\) in mcts\.json.*add up to more than 1"
    ):
        bot.settings(NimGame(9).new_state(0))
    assert MctsBot(field=0.6, margin=0.0).settings(NimGame(9).new_state(0)).field == 0.6


def test_with_a_margin_weight_two_seats_are_rewarded_by_how_far_one_leads() -> None:
    game = NimGame(9)
    near, far = RatedNim(game, 0, 5, 0, None), RatedNim(game, 0, 9, 0, None)
    # Lead and place alone: ann leads bob (0 points) by any number of stones alike.
    assert rewards(near) == rewards(far) == {"ann": 1.0, "bob": 0.0}
    # Scale 2.5 with 5 stones: ann's margin 0.5 + 0.5 * 5 / 7.5; a quarter of her reward is it.
    assert rewards(near, 0.25)["ann"] == pytest.approx(0.75 + 0.25 * (0.5 + 0.5 * 5 / 7.5))
    assert rewards(far, 0.25)["ann"] == pytest.approx(0.75 + 0.25 * (0.5 + 0.5 * 9 / 13.5))
    assert rewards(near, 1.0)["bob"] == pytest.approx(0.5 - 0.5 * 5 / 7.5)


def test_paired_gain_is_the_mean_and_standard_error_of_the_differences() -> None:
    ours = {0: 1.0, 1: 0.5, 2: 1.0, 3: 0.0, 7: 1.0}
    theirs = {0: 0.5, 1: 0.5, 2: 0.0, 3: 0.0, 5: 1.0}
    mean, error, pairs = paired_gain(ours, theirs)
    assert pairs == 4 and mean == pytest.approx(0.375)
    assert error == pytest.approx(((0.125**2 + 2 * 0.375**2 + 0.625**2) / 3 / 4) ** 0.5)
    assert paired_gain({0: 1.0, 1: 1.0}, {0: 0.0, 1: 0.0})[1] == float("inf")  # too few pairs


def test_the_tuning_numbers_come_from_the_settings_file(tmp_path: Path) -> None:
    shipped = load_settings("eotma")
    assert shipped.model_dump().keys() == {
        "samples",
        "candidates",
        "explore",
        "depth",
        "seat_depth",
        "rounds",
        "confidence",
        "verify",
        "widening",
        "exploration",
        "margin",
        "field",
        "extend",
    }
    assert MctsBot().settings(NimGame(3).new_state(0)) == load_settings("nim-test")
    assert MctsBot(depth=7).settings(NimGame(3).new_state(0)).depth == 7
    path = tmp_path / "mcts.json"
    path.write_text(
        '{"samples": 5, "candidates": 2, "depth": 9, "confidence": 0.5, "widening": 0, '
        '"exploration": 1, "rulesets": {"nim-test": {"depth": 3}}}'
    )
    assert load_settings("other", path=path).depth == 9
    assert load_settings("nim-test", path=path).depth == 3
    assert load_settings("nim-test", {"depth": 4, "samples": None}, path=path).samples == 5
    with pytest.raises(MctsSettingsError, match="samples"):
        MctsBot(samples=0)
    path = tmp_path / "broken" / "mcts.json"  # a new file: a settings file is read once
    path.parent.mkdir()
    path.write_text('{"samples": 5, "rulesets": []}')
    with pytest.raises(MctsSettingsError, match=r"'rulesets' of mcts\.json"):
        load_settings("x", path=path)
    assert settings_file().name == "mcts.json" and settings_file().is_file()


def test_a_ruleset_may_override_its_settings_for_a_number_of_seats(tmp_path: Path) -> None:
    path = tmp_path / "mcts.json"
    path.write_text(
        '{"samples": 5, "candidates": 2, "depth": 9, "confidence": 1, "widening": 0, "exploration": 1,'
        ' "rulesets": {"nim-test": {"depth": 3, "seats": {"2": {"samples": 11, "confidence": 0.25}}}}}'
    )
    duel = load_settings("nim-test", path=path, seats=2)
    assert (duel.samples, duel.confidence, duel.depth) == (11, 0.25, 3)
    trio = load_settings("nim-test", path=path, seats=3)
    assert (trio.samples, trio.confidence, trio.depth) == (5, 1.0, 3)
    assert load_settings("other", path=path, seats=2).samples == 5  # another ruleset's table
    assert load_settings("nim-test", {"samples": 4}, path=path, seats=2).samples == 4  # given wins
    broken = tmp_path / "broken" / "mcts.json"
    broken.parent.mkdir()
    broken.write_text('{"samples": 5, "rulesets": {"nim-test": {"seats": [2]}}}')
    with pytest.raises(MctsSettingsError, match=r"'seats' of 'nim-test' in mcts\.json"):
        load_settings("nim-test", path=broken)


def test_the_bot_searches_with_the_settings_for_its_games_number_of_seats(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "mcts.json"
    path.write_text(
        '{"samples": 5, "candidates": 2, "depth": 9, "confidence": 1, "widening": 0, "exploration": 1,'
        ' "rulesets": {"nim-test": {"seats": {"2": {"samples": 2}}}}}'
    )
    monkeypatch.setattr("model.bots.mcts_settings.settings_file", lambda: path)
    assert MctsBot().settings(NimGame(9).new_state(0)).samples == 2
    bot = MctsBot(seed=3)
    state = NimGame(9).new_state(0)
    bot.choose(state)
    # Two paired rounds, each playing both candidates once: the duel's own sample count.
    assert bot.counts.searched == 1 and bot.counts.playouts == 2 * 2


def test_an_unregistered_ruleset_rolls_out_at_random() -> None:
    assert isinstance(heuristic_rollout(NimGame(4).new_state(0), 5), RandomBot)


def test_rewards_favour_the_leader_and_rank_the_others() -> None:
    state = NimGame(2).new_state(0)
    state.apply("take 2")
    assert rewards(state) == {"ann": 1.0, "bob": 0.0}


def test_determinize_defaults_to_an_independent_clone() -> None:
    state = NimGame(6).new_state(4)
    copy = state.determinize("ann", Rng(1))
    assert copy == state and copy is not state
    copy.apply("take 2")
    assert (state.stones, copy.stones) == (6, 4)


# --- the shipped rulesets ---------------------------------------------------------------------

SHIPPED = ("default.mappa.json", "seasons-isles.mappa.json", "sevenages-world.mappa.json")


def decisions(name: str, seed: int, count: int) -> list[str]:
    """The first ``count`` MCTS choices of a game on a shipped scenario, each checked for legality."""
    scenario = io.load(ROOT / "scenarios" / name)
    spec = registry.get(scenario.ruleset.id)
    assert spec is not None
    assert LEVEL in spec.bot_levels()
    game = spec.engine_factory()(scenario)
    state = game.new_state(seed)
    bot = spec.make_bot(LEVEL, seed=seed)
    assert isinstance(bot, MctsBot)
    bot.overrides.update(samples=3, depth=15, verify=3)  # cheap, and the check still runs
    chosen = []
    while len(chosen) < count and not state.is_over():
        listed = {str(action) for action in state.legal_actions()}
        action = bot.choose(state)
        # Heuristic moves may name a group of units that legal_actions() does not list: the
        # engine's own check is the judge, and it raises when the action is illegal.
        assert str(action) in listed or state.clone().apply(action) is not None
        state.apply(action)
        chosen.append(str(action))
    return chosen


@pytest.mark.parametrize("name", SHIPPED)
def test_the_mcts_level_plays_legal_actions_the_same_for_a_seed(name: str) -> None:
    first = decisions(name, seed=11, count=12)
    assert len(first) == 12
    assert decisions(name, seed=11, count=12) == first


# --- determinization of the shipped rulesets -------------------------------------------------


def started(name: str, actions: int) -> State:
    """A game on a shipped scenario after ``actions`` heuristic actions."""
    scenario = io.load(ROOT / "scenarios" / name)
    spec = registry.get(scenario.ruleset.id)
    assert spec is not None
    state = spec.engine_factory()(scenario).new_state(5)
    bot = spec.make_bot("heuristic", seed=5)
    for _ in range(actions):
        state.apply(bot.choose(state))
    return state


def test_eotma_deals_the_unseen_year_cards_again() -> None:
    state: Any = started("default.mappa.json", 3)
    seat = state.current_player()
    sample: Any = state.determinize(seat, Rng(2))
    assert [len(h) for h in sample.hand] == [len(h) for h in state.hand] and sum(map(len, state.hand)) > 0
    pooled = sorted([c for h in state.hand for c in h] + list(state.undealt))
    assert sorted([c for h in sample.hand for c in h] + list(sample.undealt)) == pooled
    assert sample.hand != state.hand  # no player knows the order of any hand, its own included
    assert sorted(sample.event_deck) == sorted(state.event_deck)
    assert sample.area_owners() == state.area_owners() and sample.scores() == state.scores()
    assert sample.invariant_violations() == []
    assert state.determinize(None, Rng(2)) == state  # the author sees everything


def test_seasons_deals_the_kinds_of_the_other_nations_face_down_units_again() -> None:
    state: Any = started("seasons-isles.mappa.json", 0)
    seat = state.current_player()
    changed = False
    for seed in range(4):
        sample: Any = state.determinize(seat, Rng(seed))
        for nation in state.game.nations:
            kinds = sorted(u.kind for u in state.board.units.values() if u.nation == nation)
            assert sorted(u.kind for u in sample.board.units.values() if u.nation == nation) == kinds
        for unit_id, unit in state.board.units.items():
            dealt = sample.board.units[unit_id]
            assert (dealt.nation, dealt.area) == (unit.nation, unit.area)
            if unit.nation == seat:
                assert dealt == unit  # its own units it knows
            changed |= dealt.kind != unit.kind
        assert sample.invariant_violations() == []
    assert changed


def test_sevenages_deals_other_hands_the_deck_and_face_down_neutrals_again() -> None:
    state: Any = started("sevenages-world.mappa.json", 0)
    seat = state.current_player()
    board = state.board
    sample: Any = state.determinize(seat, Rng(3))
    dealt = sample.board
    assert dealt.players[seat].hand == board.players[seat].hand
    others = [p for p in board.order if p != seat]
    assert [len(dealt.players[p].hand) for p in others] == [len(board.players[p].hand) for p in others]
    unseen = sorted([c for p in others for c in board.players[p].hand] + list(board.deck))
    assert sorted([c for p in others for c in dealt.players[p].hand] + list(dealt.deck)) == unseen
    assert [dealt.players[p].hand for p in others] != [board.players[p].hand for p in others]

    def neutral_counts(b: Any) -> dict[str, int]:
        return {a: sum(1 for u in us if u.owner == "neutral") for a, us in b.units.items()}

    assert neutral_counts(dealt) == neutral_counts(board) and sum(neutral_counts(board).values()) > 0
    hidden = [a for a in board.units if not board.areas[a].revealed and neutral_counts(board)[a]]
    assert sorted(u for a in hidden for u in dealt.units[a]) == sorted(
        u for a in hidden for u in board.units[a]
    )
    assert sample.invariant_violations() == []


def test_sevenages_keeps_a_card_given_in_a_trade_with_its_giver() -> None:
    # The trade partner answers after the trading player gave a card (7A facts 2.9): the swap takes
    # that card from the giver's hand, so a determinization for the partner must leave it there.
    scenario = io.load(ROOT / "scenarios" / "sevenages-world.mappa.json")
    spec = registry.get(scenario.ruleset.id)
    assert spec is not None
    game = spec.engine_factory()(scenario)
    bot = spec.make_bot("heuristic", seed=1)
    for seed in range(1, 40):
        state: Any = game.new_state(seed)
        while not state.is_over() and state.board.ctx.get("sub") != "trade_answer":
            state.apply(bot.choose(state))
        if not state.is_over():
            break
    else:
        pytest.fail("no trade reached its answer in 39 games")
    ctx = state.board.ctx
    giver, card = ctx["player"], ctx["card"]
    answerer = state.current_player()
    assert answerer != giver
    for draw in range(8):
        sample: Any = state.determinize(answerer, Rng(draw))
        assert card in sample.board.players[giver].hand
        assert len(sample.board.players[giver].hand) == len(state.board.players[giver].hand)
        for action in sample.legal_actions():
            sample.clone().apply(action)  # the swap finds both cards


# --- a policy that ranks its moves (model.bots.base.RankingBot) ---------------------------------


class RanksOneThenThree(TakeOne):
    """Takes one stone, and names taking three as its next best move (never two)."""

    asked: ClassVar[list[int]] = []

    def shortlist(self, state: State, k: int) -> list[Action]:
        RanksOneThenThree.asked.append(k)
        ranked: list[Action] = [Take(1), Take(3)]
        return ranked[:k]


class RootsPlayed(MctsBot):
    """Plays no game: records the root moves it played out (each worth 0.5)."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(seed=6, samples=4, rollout=RanksOneThenThree, **settings)
        self.roots: set[str] = set()

    def _playout(self, state: State, seat: str | None, root: Any, seeds: Any, config: Any) -> float:
        self.roots.add(str(root.action))
        return 0.5


def test_a_ranking_policy_gives_the_root_moves_and_explore_adds_random_ones() -> None:
    assert isinstance(RanksOneThenThree(NimGame(5).new_state(0), 0), RankingBot)
    state = NimGame(5).new_state(0)
    RanksOneThenThree.asked = []
    ranked = RootsPlayed(candidates=3, explore=0)
    assert str(ranked.choose(state)) == "take 1"  # no gain over the favourite
    assert ranked.roots == {"take 1", "take 3"} and RanksOneThenThree.asked == [3]
    explored = RootsPlayed(candidates=3, explore=1)
    explored.choose(state)
    assert explored.roots == {"take 1", "take 2", "take 3"}
    assert RootsPlayed(candidates=1, explore=0).choose(state) == Take(1)  # one candidate: no search


def test_below_the_root_a_ranking_policy_widens_the_tree_in_its_order() -> None:
    # Widening 3 lets the node after the root move grow children; the policy ranks "take 1" then
    # "take 3", so those are the first two children, in that order, before any random one.
    bot = MctsBot(seed=3, samples=6, candidates=1, explore=0, widening=3.0, rollout=RanksOneThenThree)
    root = _Node(mover="ann", action=Take(1))
    config = bot.settings(NimGame(9).new_state(0)).model_copy(update={"depth": 0})
    for round_ in range(3):
        bot._playout(NimGame(9).new_state(0), "ann", root, (1, 2, round_), config)
    assert list(root.children)[:2] == ["take 1", "take 3"]


# --- each shipped ruleset's shortlist -------------------------------------------------------------


@pytest.mark.parametrize("name", (*SHIPPED, "medieval-europe-976.mappa.json"))
def test_each_rulesets_heuristic_shortlist_is_legal_distinct_seeded_and_led_by_its_choice(name: str) -> None:
    scenario = io.load(ROOT / "scenarios" / name)
    spec = registry.get(scenario.ruleset.id)
    assert spec is not None
    state = spec.engine_factory()(scenario).new_state(7)
    longest = 0
    for step in range(60):
        if state.is_over():
            break
        listed = spec.make_bot("heuristic", seed=step)
        assert isinstance(listed, RankingBot)
        ranked = listed.shortlist(state, 4)
        choice = spec.make_bot("heuristic", seed=step).choose(state)
        assert 1 <= len(ranked) <= 4 and str(ranked[0]) == str(choice)
        assert len({str(action) for action in ranked}) == len(ranked)
        for action in ranked:
            state.clone().apply(action)  # raises when the engine refuses it
        again = spec.make_bot("heuristic", seed=step).shortlist(state, 4)
        assert [str(a) for a in again] == [str(a) for a in ranked]
        assert [str(a) for a in spec.make_bot("heuristic", seed=step).shortlist(state, 1)] == [str(choice)]
        longest = max(longest, len(ranked))
        state.apply(choice)
    assert longest == 4
