"""A Monte Carlo tree search bot for any ruleset, built on the rules engine protocol only.

Where chance decides much (dice, card draws, hidden hands), a move is worth only slightly more or
less than another on average while single playouts differ wildly, so a plain UCB search with a few
dozen playouts picks among plausible moves mostly by luck (issue 16 measured it at the heuristic
level's strength). This search therefore compares moves on *paired* samples and leaves the
heuristic's move only on evidence:

1. *Candidates*: the rollout policy (the ruleset's heuristic bot) chooses in the true state; that
   move is the favourite. A policy that ranks its moves (``model.bots.base.RankingBot``: every
   shipped ruleset's heuristic bot) gives its ``candidates`` best, the favourite first, and
   ``explore`` other legal moves are drawn at random beside them; for another policy its choices
   in other determinizations, then other legal moves at random, fill up to ``candidates``. (Moves
   drawn at random were where the search's far-off diplomacy and gifts of areas came from.)
2. *Paired rounds*: each of ``samples`` rounds draws one determinization
   (``State.determinize(seat, rng)``: hidden things dealt again) and one seed for the future dice,
   and plays every candidate still in the race from that same sample. The differences between two
   candidates in a round are then free of the luck they share (common random numbers).
3. *Tree below the root* (information set MCTS, single observer): after its root move, a
   playout follows a tree shared by every determinization, whose edges are action texts; children
   are ranked by UCB1 over the times they were available, and progressive widening keeps a node at
   about ``widening * visits ** 0.5`` children, added in the policy's order (its shortlist, when
   it ranks), else its own choice first and then at random.
4. *Roll out and score*: the policy plays on for at most ``depth`` actions (or ``seat_depth`` per
   seat, so that a game of many seats is seen as far ahead as one of few), and when ``rounds``
   is set only until the game's round is that many past the decision's (a round's end is where
   the rules settle what its actions did: taxes, battles, rebellions). ``State.evaluation()``,
   where the ruleset offers it (each seat's score plus what its gold or units will be worth),
   else ``State.scores()`` and ``State.winners()``, give each seat a reward in [0, 1] (half for
   leading, half for the place between the lowest and the highest). With ``margin`` set, that
   share of it is the seat's lead over the best of the others (:func:`lead_margin`): with two
   seats the place says only who leads, which a move rarely changes within a few dozen actions,
   so every candidate scored alike. With ``field`` set, that share is the seat's lead over the
   mean of the others (:func:`lead_over_field`): with many seats the lowest and the highest
   scores that bound the place are single noisy seats, and their mean barely moves.
5. *Race and choose*: after each round, a candidate whose paired mean falls ``confidence`` standard
   errors below the best one's leaves the race, and from half the rounds on so does one that has
   not gained on the favourite. With ``extend`` set, up to that many more rounds are played while
   the decision is contested (a candidate still in the race gains on the favourite, none yet by
   ``confidence`` standard errors), so the budget goes to the close calls. The candidate with the
   best paired gain over the favourite, if that gain exceeds ``confidence`` standard errors, is
   played; with ``verify`` set it first plays that many fresh rounds against the favourite and is
   played only if it gains by as much there too, since the race's winner is the luckiest of several
   moves on shared samples, its margin biased upwards. Otherwise the favourite is played.

The tuning numbers' house defaults are data (resources/bots/mcts.json, model/bots/mcts_settings.py);
how each was measured is in resources/bots/MCTS-TUNING.md.
Everything random comes from the bot's own seeded generator, so a decision depends only on the
seed, the state and the settings; a time budget (``seconds``) may cut the rounds short for
interactive play, at the cost of that determinism.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from model.bots.base import Bot, BotError, RandomBot, RankingBot
from model.bots.mcts_settings import MctsSettings, load_settings
from model.rules import registry
from model.rules.protocol import Action, ActionError, State
from model.rules.rng import Rng

LEVEL = "mcts"
"""The AI level name a ruleset registers this bot under (its spec's ``bots``)."""

RolloutFactory = Callable[[State, int], Bot]
"""Makes the rollout policy for a state's ruleset from a seed."""

MIN_PAIRS = 3
"""Paired rounds needed before a standard error is trusted (two points give no spread worth the name)."""


@dataclass
class _Node:
    """One edge of the tree (the action text that led here) and the statistics of its subtree."""

    mover: str | None = None
    action: Action | None = None
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[str, _Node] = field(default_factory=dict)


@dataclass
class SearchCounts:
    """What a bot's searches cost and did, for benchmarks: decisions taken, decisions searched,
    playouts run, and searched decisions where a move other than the policy's was played."""

    decisions: int = 0
    searched: int = 0
    playouts: int = 0
    overruled: int = 0


def heuristic_rollout(state: State, seed: int) -> Bot:
    """Return the strongest AI level of the state's ruleset below this one (its heuristic bot),
    or the random bot when the ruleset offers nothing else."""
    spec = registry.get(state.game.ruleset)
    levels = [level for level in spec.bot_levels() if level != LEVEL] if spec is not None else []
    if spec is None or not levels:
        return RandomBot(seed=seed)
    bot: Bot = spec.make_bot(levels[-1], seed=seed)
    return bot


def rewards(state: State, margin: float = 0.0, field: float = 0.0) -> dict[str, float]:
    """Return each seat's reward in [0, 1] for a finished or cut-off game: half for being among
    the leaders, half for the score's place between the lowest and the highest, the whole taken
    ``1 - margin - field`` times, :func:`lead_margin` ``margin`` times and
    :func:`lead_over_field` ``field`` times.

    A finished game, or a cut-off one whose ruleset offers no ``State.evaluation()``, is judged by
    ``State.scores()``, its leaders being ``State.winners()``; a cut-off game whose ruleset
    offers an evaluation is judged by it, its leaders being the seats it rates highest."""
    estimate = None if state.is_over() else state.evaluation()
    scores = state.scores() if estimate is None else estimate
    if not scores:
        return {}
    low, high = min(scores.values()), max(scores.values())
    if estimate is None:
        # The ruleset's own leaders: its tie-breaks may pick one of several equal scores.
        leaders = [seat for seat in state.winners() if seat in scores]
    else:
        leaders = [seat for seat, value in scores.items() if value == high]
    spread = high - low
    result = {}
    for seat, score in scores.items():
        place = (score - low) / spread if spread > 0 else 0.5
        lead = 1.0 / len(leaders) if seat in leaders else 0.0
        result[seat] = 0.5 * lead + 0.5 * place
    # Only the leads asked for are computed: this runs once for every playout of a search.
    mixes = [
        (weight, lead(scores))
        for weight, lead in ((margin, lead_margin), (field, lead_over_field))
        if weight > 0
    ]
    if mixes:
        kept = 1 - margin - field
        for seat, value in result.items():
            mixed = kept * value
            for weight, by_seat in mixes:
                mixed += weight * by_seat[seat]
            result[seat] = mixed
    return result


def lead_margin(scores: dict[str, float]) -> dict[str, float]:
    """Return each seat's lead over the best of the others as a reward in (0, 1): 0.5 when level,
    ``0.5 + 0.5 * d / (|d| + scale)`` for a lead of ``d`` (negative when behind), ``scale`` being
    the mean size of the scores, so a small lead is worth about ``d / (2 * scale)``.

    The place between the lowest and the highest score tells two seats only who leads, which a
    move rarely changes a few dozen actions on; by how much is what a move can change."""
    if len(scores) < 2:
        return {seat: 0.5 for seat in scores}
    return _leads_as_rewards(
        scores,
        {seat: score - max(v for o, v in scores.items() if o != seat) for seat, score in scores.items()},
    )


def lead_over_field(scores: dict[str, float]) -> dict[str, float]:
    """Return each seat's lead over the mean of the others as a reward in (0, 1), on the same
    scale as :func:`lead_margin`: ``0.5 + 0.5 * d / (|d| + scale)`` for a lead of ``d``.

    In a game of many seats the best of the others changes with every rollout's luck; their mean
    does not, so a move's paired gain measures what it did for the seat (and, a little, against
    all of the others)."""
    if len(scores) < 2:
        return {seat: 0.5 for seat in scores}
    total = sum(scores.values())
    others = len(scores) - 1
    return _leads_as_rewards(
        scores, {seat: score - (total - score) / others for seat, score in scores.items()}
    )


def _leads_as_rewards(scores: dict[str, float], leads: dict[str, float]) -> dict[str, float]:
    """Each seat's lead ``d`` (of two seats or more) as ``0.5 + 0.5 * d / (|d| + scale)``,
    ``scale`` being the mean size of the scores (1 when all are 0)."""
    scale = sum(abs(value) for value in scores.values()) / len(scores) or 1.0
    return {seat: 0.5 + 0.5 * lead / (abs(lead) + scale) for seat, lead in leads.items()}


def roll_out(state: State, policy: Bot, depth: int, until_round: int | None = None) -> int:
    """Let ``policy`` play every seat of ``state`` for at most ``depth`` actions, stopping at the
    game's end or once its round (``State.cursor()``) reaches ``until_round``; return how many
    actions it played."""
    played = 0
    while played < depth and not state.is_over():
        if until_round is not None and state.cursor()[0] >= until_round:
            break
        state.apply(policy.choose(state))
        played += 1
    return played


def paired_gain(ours: dict[int, float], theirs: dict[int, float]) -> tuple[float, float, int]:
    """Return the mean and standard error of ``ours - theirs`` over the rounds both were played in,
    and how many rounds that is (mean 0 and an infinite error below :data:`MIN_PAIRS`)."""
    rounds = [r for r in ours if r in theirs]
    if len(rounds) < MIN_PAIRS:
        return (0.0, math.inf, len(rounds))
    gains = [ours[r] - theirs[r] for r in rounds]
    mean = sum(gains) / len(gains)
    variance = sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)
    return (mean, math.sqrt(variance / len(gains)), len(gains))


class MctsBot:
    """Chooses by paired-sample information set Monte Carlo tree search, with the heuristic bot as
    rollout policy and its choice as the move to beat.

    Every tuning number left as None takes its house default from resources/bots/mcts.json (with
    that file's overrides for the state's ruleset and number of seats); see :class:`MctsSettings`
    for their meaning.
    """

    slow: ClassVar[bool] = True
    """A decision takes tenths of a second or more: an interactive caller (the editor's play-test)
    asks it in a worker thread, on a clone of the state, rather than on its UI thread."""

    def __init__(
        self,
        seed: int = 0,
        samples: int | None = None,
        candidates: int | None = None,
        explore: int | None = None,
        depth: int | None = None,
        seat_depth: int | None = None,
        rounds: int | None = None,
        confidence: float | None = None,
        verify: int | None = None,
        widening: float | None = None,
        exploration: float | None = None,
        margin: float | None = None,
        field: float | None = None,
        extend: int | None = None,
        seconds: float | None = None,
        rollout: RolloutFactory = heuristic_rollout,
    ) -> None:
        self.rng = Rng(seed)
        self.overrides: dict[str, float | int | None] = {
            "samples": samples,
            "candidates": candidates,
            "explore": explore,
            "depth": depth,
            "seat_depth": seat_depth,
            "rounds": rounds,
            "confidence": confidence,
            "verify": verify,
            "widening": widening,
            "exploration": exploration,
            "margin": margin,
            "field": field,
            "extend": extend,
        }
        # Checked now so that a bad value fails where it is given, not in the middle of a game. A
        # value that fits the defaults but not a ruleset's or number of seats' own (a field beside
        # a duel's margin) is refused only by a game of those seats: it suits the others.
        load_settings("", self.overrides)
        self.seconds = seconds
        self.rollout = rollout
        self.counts = SearchCounts()

    def settings(self, state: State) -> MctsSettings:
        """Return the settings this bot searches with in ``state``'s ruleset and number of seats."""
        return load_settings(state.game.ruleset, self.overrides, seats=len(state.game.players()))

    def choose(self, state: State) -> Action:
        """Return the action the search rates best for ``state.current_player()``."""
        legal = state.legal_actions()
        if not legal:
            raise BotError(f"no legal action for {state.current_player()} in a game that is not over")
        self.counts.decisions += 1
        if len(legal) == 1:
            return legal[0]
        config = self.settings(state)
        seat = state.current_player()
        policy = self.rollout(state, self.rng.below(2**31))
        if isinstance(policy, RankingBot):
            candidates = self._ranked(state, legal, policy, config)
        else:
            candidates = self._candidates(state, seat, legal, policy.choose(state), config)
        if len(candidates) == 1:
            return candidates[0]
        self.counts.searched += 1
        chosen = self._search(state, seat, candidates, config)
        if chosen is not candidates[0]:
            self.counts.overruled += 1
        return chosen

    # --- the root ---------------------------------------------------------------------------------

    def _ranked(
        self, state: State, legal: list[Action], policy: RankingBot, config: MctsSettings
    ) -> list[Action]:
        """The root moves to compare when the policy ranks its moves: its ``candidates`` best
        (its own choice, the favourite, first), then ``explore`` other legal moves at random."""
        chosen = policy.shortlist(state, config.candidates)
        texts = {str(action) for action in chosen}
        fresh = [action for action in legal if str(action) not in texts]
        for _ in range(min(config.explore, len(fresh))):
            chosen.append(fresh.pop(self.rng.below(len(fresh))))
        return chosen

    def _candidates(
        self, state: State, seat: str | None, legal: list[Action], favourite: Action, config: MctsSettings
    ) -> list[Action]:
        """The root moves to compare: the favourite, the policy's choices in other determinizations
        (what it would do with other hidden cards), then other legal moves at random."""
        chosen = [favourite]
        texts = {str(favourite)}
        listed = {str(action) for action in legal}
        for _ in range(config.candidates):
            if len(chosen) >= config.candidates:
                break
            sample = state.determinize(seat, self.rng)
            action = self.rollout(sample, self.rng.below(2**31)).choose(sample)
            text = str(action)
            if text not in texts and (text in listed or _allowed(state, action)):
                chosen.append(action)
                texts.add(text)
        fresh = [action for action in legal if str(action) not in texts]
        while len(chosen) < config.candidates and fresh:
            chosen.append(fresh.pop(self.rng.below(len(fresh))))
        return chosen

    def _search(
        self, state: State, seat: str | None, candidates: list[Action], config: MctsSettings
    ) -> Action:
        """Race the candidates on paired samples; return the winner, or the favourite (first)."""
        roots = [_Node(mover=seat, action=action) for action in candidates]
        results: list[dict[int, float]] = [{} for _ in candidates]
        alive = list(range(len(candidates)))
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        for round_ in range(config.samples + config.extend):
            if round_ >= config.samples and not self._contested(alive, results, config):
                break
            seeds = (self.rng.below(2**62), self.rng.below(2**62), self.rng.below(2**31))
            for index in alive:
                reward = self._playout(state, seat, roots[index], seeds, config)
                if reward is not None:
                    results[index][round_] = reward
            halfway = round_ + 1 >= max(MIN_PAIRS, config.samples / 2)  # never before a spread is known
            alive = self._race(alive, results, config, halfway)
            if len(alive) == 1 or (deadline is not None and time.monotonic() >= deadline):
                break
        best, best_gain = 0, 0.0
        for index in alive[1:]:  # the favourite always stays first in the race
            mean, error, _ = paired_gain(results[index], results[0])
            if mean - config.confidence * error > 0 and mean > best_gain:
                best, best_gain = index, mean
        if best and config.verify and not self._confirmed(state, seat, roots, best, config, deadline):
            best = 0
        return candidates[best]

    def _confirmed(
        self,
        state: State,
        seat: str | None,
        roots: list[_Node],
        challenger: int,
        config: MctsSettings,
        deadline: float | None,
    ) -> bool:
        """Whether the race's winner also beats the favourite on ``verify`` fresh paired rounds.

        The race keeps the best of several moves measured on the same rounds, so the winner's
        margin there is the largest of several noisy ones; on new rounds it is unbiased."""
        fresh: list[dict[int, float]] = [{}, {}]
        for round_ in range(config.verify):
            seeds = (self.rng.below(2**62), self.rng.below(2**62), self.rng.below(2**31))
            for slot, index in enumerate((0, challenger)):
                reward = self._playout(state, seat, roots[index], seeds, config)
                if reward is not None:
                    fresh[slot][round_] = reward
            if deadline is not None and time.monotonic() >= deadline:
                break
        mean, error, _ = paired_gain(fresh[1], fresh[0])
        return mean - config.confidence * error > 0

    @staticmethod
    def _contested(alive: list[int], results: list[dict[int, float]], config: MctsSettings) -> bool:
        """Whether a candidate still in the race gains on the favourite (index 0) but not yet by
        ``confidence`` standard errors, and none does by that much: more rounds may decide it.
        A decision whose challengers all lost ground, or where one already won, takes no more."""
        open_ = False
        for index in alive[1:]:
            mean, error, _ = paired_gain(results[index], results[0])
            if mean - config.confidence * error > 0:
                return False
            open_ = open_ or mean > 0
        return open_

    @staticmethod
    def _race(
        alive: list[int], results: list[dict[int, float]], config: MctsSettings, halfway: bool
    ) -> list[int]:
        """Drop the candidates clearly worse than the best so far, and from half the rounds on
        those that have not gained on the favourite at all (they are very unlikely to gain enough
        to be played, and the rounds they would take are most of a search's cost). The favourite,
        index 0, always stays."""

        def mean(index: int) -> float:
            values = results[index].values()
            return sum(values) / len(values) if values else 0.0

        leader = max(alive, key=lambda index: (mean(index), -index))
        kept = []
        for index in alive:
            gain, error, _ = paired_gain(results[index], results[leader])
            if index == 0:
                kept.append(index)
                continue
            if halfway and paired_gain(results[index], results[0])[0] <= 0:
                continue
            if index == leader or gain + config.confidence * error >= 0:
                kept.append(index)
        return kept

    # --- one playout --------------------------------------------------------------------------------

    def _playout(
        self, state: State, seat: str | None, root: _Node, seeds: tuple[int, int, int], config: MctsSettings
    ) -> float | None:
        """Play ``root``'s move and on in one sample; return the deciding seat's reward, or None
        when the move is not legal in this determinization."""
        determination, dice, policy_seed = seeds
        sample = state.determinize(seat, Rng(determination))
        sample.rng.state = dice  # the future dice are unknown too
        policy = self.rollout(sample, policy_seed)
        assert root.action is not None
        try:
            sample.apply(root.action)
        except ActionError:
            return None
        self.counts.playouts += 1
        path: list[_Node] = [root]
        node = root
        while node.visits > 0 and not sample.is_over():
            child = self._select(sample, node, policy, config)
            assert child.action is not None
            sample.apply(child.action)
            path.append(child)
            node = child
        depth = config.seat_depth * len(state.game.players()) if config.seat_depth else config.depth
        roll_out(sample, policy, depth, state.cursor()[0] + config.rounds if config.rounds else None)
        reward = rewards(sample, config.margin, config.field)
        for child in path:
            child.visits += 1
            if child.mover is not None:
                child.reward += reward.get(child.mover, 0.0)
        return reward.get(seat, 0.0) if seat is not None else 0.0

    # --- the tree below the root --------------------------------------------------------------------

    def _select(self, sample: State, node: _Node, policy: Bot, config: MctsSettings) -> _Node:
        """Return the child to follow in this determinization, expanding one when the node may widen."""
        mover = sample.current_player()
        legal = {str(action): action for action in sample.legal_actions()}
        present = [text for text in legal if text in node.children]
        for text in present:
            node.children[text].available += 1
        allowed = max(1, math.ceil(config.widening * math.sqrt(node.visits)))
        if len(present) < min(allowed, len(legal)):
            action = self._expansion(sample, node, legal, policy)
            child = node.children.setdefault(str(action), _Node(mover=mover, action=action))
            child.available += 1
            return child
        log_total = math.log(max(sum(node.children[t].available for t in present), 1))

        def ucb(text: str) -> tuple[float, str]:
            child = node.children[text]
            if child.visits == 0:
                return (math.inf, text)
            mean = child.reward / child.visits
            return (mean + config.exploration * math.sqrt(log_total / child.visits), text)

        best = node.children[max(present, key=ucb)]
        best.action = legal[str(best.action)]  # this sample's own action object
        return best

    def _expansion(self, sample: State, node: _Node, legal: dict[str, Action], policy: Bot) -> Action:
        """The next action to add under ``node``: the best of the rollout policy's shortlist not
        yet a child when it ranks its moves, else its choice first, then others at random. A
        heuristic bot may choose an action that ``legal_actions()`` does not list (a
        group of units of its own choosing); it is taken when the engine accepts it here."""
        if isinstance(policy, RankingBot):
            # Its best move not yet in the tree: the shortlist one longer than the children.
            for action in policy.shortlist(sample, len(node.children) + 1):
                if str(action) not in node.children:
                    return legal.get(str(action), action)
        else:
            favourite = policy.choose(sample)
            text = str(favourite)
            if text not in node.children and (text in legal or _allowed(sample, favourite)):
                return legal.get(text, favourite)
        fresh = sorted(text for text in legal if text not in node.children)
        return legal[fresh[self.rng.below(len(fresh))]]


def _allowed(state: State, action: Action) -> bool:
    """Whether the engine accepts ``action`` in ``state`` (tried on a copy)."""
    try:
        state.clone().apply(action)
    except ActionError:
        return False
    return True
