"""A Monte Carlo tree search bot for any ruleset, built on the rules engine protocol only.

Each decision runs a fixed number of iterations (information set MCTS, single observer):

1. *Determinize*: ``State.determinize(seat, rng)`` gives a copy the deciding seat could be in
   (hidden things drawn at random), and the copy's generator is reseeded, so future dice are
   unknown too. One tree is shared by every determinization; its edges are action texts.
2. *Select and expand*: from the root, children are ranked by UCB1 over the times they were
   available (the legal actions differ between determinizations). Progressive widening keeps
   the tree narrow where there are hundreds of legal actions: a node may hold about
   ``widening * visits ** 0.5`` children, and the first one it gets is the rollout policy's own
   choice, so the search starts from the heuristic move and looks for better ones. A narrow
   tree (``widening`` 0.5) pays: where chance decides outcomes, an alternative needs many
   samples before it can be told from luck (tests/bench/bench_mcts.py on the default scenario,
   the same 21 seeds: 1.5 won 6 games, below the fair share, and 0.5 won 11).
3. *Roll out*: the ruleset's strongest other AI level (its heuristic bot) plays on for at most
   ``depth`` actions; then ``State.scores()`` is turned into a reward in [0, 1] per seat (half for
   leading, half for the score's place between the lowest and the highest).
4. *Back up*: every edge on the path adds the reward of the seat that chose it.

The move played is the root's most visited child. Everything random comes from the bot's own
seeded generator, so a decision depends only on the seed, the state and the budget; a time budget
(``seconds``) may cut the iterations short for interactive play, at the cost of that determinism.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from model.bots.base import Bot, BotError, RandomBot
from model.rules import registry
from model.rules.protocol import Action, ActionError, State
from model.rules.rng import Rng

LEVEL = "mcts"
"""The AI level name a ruleset registers this bot under (its spec's ``bots``)."""

RolloutFactory = Callable[[State, int], Bot]
"""Makes the rollout policy for a state's ruleset from a seed."""


@dataclass
class _Node:
    """One edge of the tree (the action text that led here) and the statistics of its subtree."""

    mover: str | None = None
    action: Action | None = None
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[str, _Node] = field(default_factory=dict)


def heuristic_rollout(state: State, seed: int) -> Bot:
    """Return the strongest AI level of the state's ruleset below this one (its heuristic bot),
    or the random bot when the ruleset offers nothing else."""
    spec = registry.get(state.game.ruleset)
    levels = [level for level in spec.bot_levels() if level != LEVEL] if spec is not None else []
    if spec is None or not levels:
        return RandomBot(seed=seed)
    bot: Bot = spec.make_bot(levels[-1], seed=seed)
    return bot


def rewards(state: State) -> dict[str, float]:
    """Return each seat's reward in [0, 1] for a finished or cut-off game: half for being among
    the leaders (``State.winners()``, shared between them), half for the score's place between the
    lowest and the highest."""
    scores = state.scores()
    if not scores:
        return {}
    low, high = min(scores.values()), max(scores.values())
    # The ruleset's own leaders: its tie-breaks may pick one of several equal scores.
    leaders = [seat for seat in state.winners() if seat in scores]
    spread = high - low
    result = {}
    for seat, score in scores.items():
        place = (score - low) / spread if spread > 0 else 0.5
        lead = 1.0 / len(leaders) if seat in leaders else 0.0
        result[seat] = 0.5 * lead + 0.5 * place
    return result


class MctsBot:
    """Chooses by information set Monte Carlo tree search with the heuristic bot as rollout policy."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 48,
        depth: int = 60,
        exploration: float = 0.7,
        widening: float = 0.5,
        seconds: float | None = None,
        rollout: RolloutFactory = heuristic_rollout,
    ) -> None:
        if iterations < 1 or depth < 0:
            raise ValueError(f"MCTS needs at least one iteration and a depth >= 0, not {iterations}, {depth}")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.depth = depth
        self.exploration = exploration
        self.widening = widening
        self.seconds = seconds
        self.rollout = rollout

    def choose(self, state: State) -> Action:
        """Return the action the search rates best for ``state.current_player()``."""
        legal = state.legal_actions()
        if not legal:
            raise BotError(f"no legal action for {state.current_player()} in a game that is not over")
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        root = _Node(mover=None)
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        for _ in range(self.iterations):
            self._iterate(state, seat, root)
            if deadline is not None and time.monotonic() >= deadline:
                break
        listed = {str(action) for action in legal}
        # Most visited; ties by the reward, then by the text (never by dict order).
        for _, _, text in sorted(((n.visits, n.reward, t) for t, n in root.children.items()), reverse=True):
            action = root.children[text].action
            if action is not None and (text in listed or _allowed(state, action)):
                return action
        return legal[0]

    # --- one iteration ---------------------------------------------------------------------------

    def _iterate(self, state: State, seat: str | None, root: _Node) -> None:
        sample = state.determinize(seat, self.rng)
        sample.rng.state = self.rng.below(2**62)  # the future dice are unknown too
        policy = self.rollout(sample, self.rng.below(2**31))
        path: list[_Node] = []
        node = root
        while not sample.is_over():
            child = self._select(sample, node, policy)
            assert child.action is not None
            sample.apply(child.action)
            path.append(child)
            node = child
            if child.visits == 0:
                break
        for _ in range(self.depth):
            if sample.is_over():
                break
            sample.apply(policy.choose(sample))
        reward = rewards(sample)
        root.visits += 1  # the root's visits widen it; its reward is nobody's
        for child in path:
            child.visits += 1
            if child.mover is not None:
                child.reward += reward.get(child.mover, 0.0)

    def _select(self, sample: State, node: _Node, policy: Bot) -> _Node:
        """Return the child to follow in this determinization, expanding one when the node may widen."""
        mover = sample.current_player()
        legal = {str(action): action for action in sample.legal_actions()}
        present = [text for text in legal if text in node.children]
        for text in present:
            node.children[text].available += 1
        allowed = max(1, math.ceil(self.widening * math.sqrt(node.visits + 1)))
        if len(present) < min(allowed, len(legal)):
            action = self._candidate(sample, node, legal, policy)
            child = node.children.setdefault(str(action), _Node(mover=mover, action=action))
            child.available += 1
            return child
        log_total = math.log(max(sum(node.children[t].available for t in present), 1))

        def ucb(text: str) -> tuple[float, str]:
            child = node.children[text]
            if child.visits == 0:
                return (math.inf, text)
            mean = child.reward / child.visits
            return (mean + self.exploration * math.sqrt(log_total / child.visits), text)

        best = node.children[max(present, key=ucb)]
        best.action = legal[str(best.action)]  # this sample's own action object
        return best

    def _candidate(self, sample: State, node: _Node, legal: dict[str, Action], policy: Bot) -> Action:
        """The next action to add under ``node``: the rollout policy's choice first, then others at
        random. A heuristic bot may choose an action that ``legal_actions()`` does not list (a
        group of units of its own choosing); it is taken when the engine accepts it here."""
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
