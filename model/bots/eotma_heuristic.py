"""A heuristic EotMA bot: values gold, social state, areas and victory points, defends its court.

It never looks ahead. Endeavours are scored by expected value with the odds of the year-card
deck at each rating (computed once per deck); taxes are raised where the expected gold beats
the expected loss of the area to rebellion.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from model.rules.eotma import rebellion
from model.rules.eotma.actions import (
    BeginTaxation,
    ChooseSlot,
    Decline,
    Defend,
    Endeavour,
    EndTaxation,
    EndTurn,
    Oppose,
    Plunder,
    Relocate,
    Tax,
)
from model.rules.eotma.cards import YearCard
from model.rules.eotma.data import Rules
from model.rules.eotma.endeavours.common import locate
from model.rules.eotma.endeavours.diplomacy import outcome
from model.rules.eotma.legal import endeavour_targets, legal_actions
from model.rules.eotma.ratings import base_rating
from model.rules.eotma.state import EotmaState
from model.rules.protocol import Action, State

LOW, HIGH = -15, 25
"""Ratings outside this range behave like its ends for every card."""

# 2d6 sums: ways out of 36.
_WAYS = {s: 6 - abs(s - 7) for s in range(2, 13)}


@dataclass(frozen=True)
class Odds:
    """Fractions of the deck giving each result at each rating (index: rating - LOW)."""

    conquest: tuple[float, ...]
    conquest_base_loss: tuple[float, ...]
    pillage_gold: tuple[float, ...]
    pillage_target: tuple[float, ...]
    diplomacy_c: tuple[float, ...]
    diplomacy_t: tuple[float, ...]
    fortify: tuple[float, ...]
    rule_plus: tuple[float, ...]
    rule_minus: tuple[float, ...]

    @staticmethod
    def at(table: tuple[float, ...], rating: int) -> float:
        """Return a table's value at a rating (clamped to the table's range)."""
        return table[min(max(rating, LOW), HIGH) - LOW]


def _fraction(cards: tuple[YearCard, ...], kind: str, code: str, column: str, rating: int) -> float:
    hits = sum(
        1
        for card in cards
        if any(r.code == code and r.column == column and r.applies(rating) for r in card.for_kind(kind))
    )
    return hits / len(cards)


@cache
def odds(rules: Rules) -> Odds:
    """Return the deck's odds for every rating (cached per ruleset tables)."""
    cards = rules.year_cards
    span = range(LOW, HIGH + 1)

    def table(kind: str, code: str, column: str) -> tuple[float, ...]:
        return tuple(_fraction(cards, kind, code, column, r) for r in span)

    dip = [[outcome(card, r) for card in cards] for r in span]
    return Odds(
        conquest=table("conquest", "C", "result"),
        conquest_base_loss=table("conquest", "-1", "base"),
        pillage_gold=table("pillage", "G", "result"),
        pillage_target=table("pillage", "-1", "target"),
        diplomacy_c=tuple(row.count("C") / len(cards) for row in dip),
        diplomacy_t=tuple(row.count("T") / len(cards) for row in dip),
        fortify=table("fortify", "F", "result"),
        rule_plus=table("rule", "+1", "target"),
        rule_minus=table("rule", "-1", "target"),
    )


class EotmaHeuristicBot:
    """Plays EotMA sensibly and fast: taxes prudently, expands, rules unrest away, defends."""

    gold_value = 0.45
    """Victory points one gold is worth to this bot."""
    keep_for_defense = 1
    """Year cards it keeps back for defense in its own turn."""

    def choose(self, state: State) -> Action:
        """Return the bot's action for the current player."""
        assert isinstance(state, EotmaState)
        if state.pending:
            return self._decide(state)
        if state.phase == "initiative":
            free = [s for s in range(1, state.game.n_players + 1) if s not in state.slots]
            return ChooseSlot(free[0])
        player = state.active()
        if state.tax_stage == 1:
            return self._tax(state, player)
        if state.tax_stage == 0 and not state.is_exiled(player) and self._wants_tax(state, player):
            return BeginTaxation()
        if state.hand[player] and (
            state.endeavours_done == 0 or len(state.hand[player]) > self.keep_for_defense
        ):
            best = self._best_endeavour(state, player)
            if best is not None and (state.endeavours_done == 0 or best[0] > 0.25):
                return best[1]
        if state.endeavours_done == 0 and not state.is_exiled(player) and state.hand[player]:
            return legal_actions(state)[0]
        if state.tax_stage == 0 and not state.is_exiled(player):
            return BeginTaxation()
        return EndTurn()

    # --- decisions inside another player's turn ---

    def _decide(self, state: EotmaState) -> Action:
        decision = state.pending[-1]
        actions = legal_actions(state)
        if decision.kind == "defense":
            target = state.game.board.index[state.game.codec.parse(decision.action).areas()[0]]
            player = decision.player
            valuable = target == state.court[player] or state.ss[target] >= 1 or state.fort[target] >= 2
            defends = [a for a in actions if isinstance(a, Defend)]
            if valuable and defends:
                budget = min(3, max(0, state.treasury[player] - 4) // 2)
                affordable = [a for a in defends if a.gold <= budget]
                return max(affordable or defends[:1], key=lambda a: a.gold)
            return Decline()
        if decision.kind == "oppose":
            player = decision.player
            gold = 2 if state.treasury[player] >= 10 else (1 if state.treasury[player] >= 5 else 0)
            options = [a for a in actions if isinstance(a, Oppose) and a.gold <= gold]
            return max(options, key=lambda a: a.gold)
        relocations = [a for a in actions if isinstance(a, Relocate)]
        return max(relocations, key=lambda a: state.game.board.population[state.game.board.index[a.area]])

    # --- taxation ---

    def _wants_tax(self, state: EotmaState, player: int) -> bool:
        return state.endeavours_done > 0 or state.treasury[player] < 4 or not state.hand[player]

    def _tax(self, state: EotmaState, player: int) -> Action:
        best: tuple[float, Action] | None = None
        for action in legal_actions(state):
            if isinstance(action, Tax):
                area = state.game.board.index[action.area]
                value = self._tax_value(state, player, area, action.amount)
            elif isinstance(action, Plunder):
                area = state.game.board.index[action.area]
                value = (
                    -1.0 if state.unrest[area] or state.ss[area] > 0 else 0.5 * (1.6 * self.gold_value) - 1.2
                )
            else:
                continue
            if value > 0 and (best is None or value > best[0]):
                best = (value, action)
        return best[1] if best is not None else EndTaxation()

    def _tax_value(self, state: EotmaState, player: int, area: int, amount: int) -> float:
        if area == state.court[player]:
            return amount * self.gold_value + 0.01
        rv = rebellion.rebellion_value(state, area, amount)
        rules = state.game.rules
        rebel = sum(_WAYS[s] for s in rules.rebellion_set(rv - rules.rebellion_offset)) / 36
        unrest = sum(_WAYS[s] for s in rules.rebellion_set(rv)) / 36 - rebel
        keep = 1 - rebel
        area_value = rules.vp_area + state.ss[area] + 2
        return keep * amount * self.gold_value - rebel * area_value - unrest * 0.8

    # --- endeavours ---

    def _best_endeavour(self, state: EotmaState, player: int) -> tuple[float, Endeavour] | None:
        game = state.game
        table = odds(game.rules)
        treasury = state.treasury[player]
        best: tuple[float, Endeavour] | None = None
        for cls, target_id, base_id in endeavour_targets(state, player):
            probe: Endeavour = cls(target_id, 0, base_id) if base_id is not None else cls(target_id, 0)  # type: ignore[call-arg]
            located = locate(state, player, probe)
            if isinstance(located, str):
                continue
            price = located.cost(state, 0)
            if price > treasury:
                continue
            rating = base_rating(state, player, located.kind, located.target, located.base, located.seas)
            for gold in game.rules.extra_gold:
                if price + gold > treasury:
                    break
                value = self._value(
                    state, player, located.kind, located.target, located.base, rating + gold, table
                )
                value -= (price + gold) * self.gold_value
                if best is None or value > best[0]:
                    if gold:
                        action: Endeavour = (
                            cls(target_id, gold, base_id) if base_id is not None else cls(target_id, gold)  # type: ignore[call-arg]
                        )
                    else:
                        action = probe
                    best = (value, action)
        return best

    def _value(
        self, state: EotmaState, player: int, kind: str, target: int, base: int, rating: int, table: Odds
    ) -> float:
        board = state.game.board
        owner = state.owner[target]
        at = Odds.at
        area_value = 3.0 + state.ss[target] + max(board.population[target], 0)
        defended = 0 <= owner < state.game.n_players and owner != player
        if defended and state.court[owner] == target:
            area_value += 4.0  # taking a court forces a relocation or an exile
        if defended:
            rating -= state.stat[owner][0] // 2  # expect a defense
        if kind == "conquest":
            if owner == player:
                return at(table.conquest, rating) * 2.0  # a conversion step
            mine = sum(c for (t, _b), (p, c) in state.partial.items() if t == target and p == player)
            need = max(1, board.population[target] - mine)
            loss = at(table.conquest_base_loss, rating) * 1.2
            return at(table.conquest, rating) * area_value / need - loss
        if kind == "pillage":
            return at(table.pillage_gold, rating) * 1.6 * self.gold_value + at(
                table.pillage_target, rating
            ) * (0.8 if defended else 0.2)
        if kind == "diplomacy":
            tie_value = 0.6 if owner == player else 0.3
            if state.ties[target] & (1 << player):
                tie_value = 0.0
            return at(table.diplomacy_c, rating) * area_value + at(table.diplomacy_t, rating) * tie_value
        if kind == "fortify":
            exposed = any(state.owner[n] != player for n in board.adj[target])
            weight = 2.0 if target == state.court[player] else (1.0 if exposed else 0.2)
            return at(table.fortify, rating) * weight
        # rule
        gain = at(table.rule_plus, rating) * (1.0 if state.ss[target] < 3 else 0.0)
        loss = at(table.rule_minus, rating) * (3.0 if state.unrest[target] else 1.0)
        quell = (1.0 - at(table.rule_minus, rating)) * 2.5 if state.unrest[target] else 0.0
        return gain + quell - loss
