"""Taxation and plunder (16.1-16.23): one block per turn, the court exemption (16.17)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma import rebellion
from model.rules.eotma.decisions import COMMERCE, DecisionKind, Pending
from model.rules.eotma.endeavours.pillage import plunder_gold
from model.rules.eotma.records import TaxWait
from model.rules.eotma.territory import is_connected

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def tax_problem(state: Position, player: int, area: int, amount: int) -> str | None:
    """Return why the player cannot tax this area for this amount now, or None (16.1-16.15)."""
    name = state.game.board.ids[area]
    if state.owner[area] != player:
        return f"{name} is not the player's area"
    if area in state.taxed:
        return f"{name} was already taxed or plundered this turn (16.15)"
    if not is_connected(state, player, area):
        return f"{name} is not connected to the court (16.13)"
    if not 1 <= amount <= state.ss[area]:
        return f"{name} can yield 1 to {max(state.ss[area], 0)} gold at social state {state.ss[area]} (16.11)"
    return None


def plunder_problem(state: Position, player: int, area: int) -> str | None:
    """Return why the player cannot plunder this area now, or None (16.2-16.22)."""
    name = state.game.board.ids[area]
    if state.owner[area] != player:
        return f"{name} is not the player's area"
    if area in state.taxed:
        return f"{name} was already taxed or plundered this turn (16.2)"
    if not is_connected(state, player, area):  # plunder is a way of taxing (16.2)
        return f"{name} is not connected to the court and cannot be plundered (16.13)"
    if state.ss[area] <= state.game.rules.ss_min:
        return f"{name} is at the lowest social state and cannot be plundered (16.22)"
    return None


def tax(state: Position, player: int, area: int, amount: int, effects: list[str]) -> None:
    """Tax one area: the court pays without a check (16.17); others roll on the table (16.1)."""
    state.taxed.append(area)
    if area != state.court[player] and _ask_waivers(state, player, area, amount, TAX):
        return
    finish_tax(state, player, area, amount, False, effects)


TAX, PLUNDER = 0, 1


def _ask_waivers(state: Position, player: int, area: int, amount: int, kind: int) -> bool:
    """12.42: before the roll, each opponent with a tie may waive its +2 (decisions in seat order)."""
    others = [p for p in range(state.game.n_players) if p != player and state.ties[area] & (1 << p)]
    if not others:
        return False
    state.waiting = TaxWait(area, amount, 0, len(others), kind == PLUNDER)
    for other in reversed(others):
        state.pending.append(Pending(DecisionKind.WAIVE, other, "tax" if kind == TAX else "plunder", (area,)))
    return True


def waive(state: Position, waived: bool, effects: list[str]) -> None:
    """One opponent's answer on waiving its tie (12.42); the last answer lets the tax roll go ahead."""
    decision = state.pending.pop()
    effects.append(
        f"{state.game.player_ids[decision.player]} {'waives' if waived else 'keeps'} its tie (12.42)"
    )
    waiting = state.waiting
    assert waiting is not None
    if waived:
        waiting = state.waiting = waiting._replace(waived=waiting.waived + 1)
    if state.pending and state.pending[-1].kind == DecisionKind.WAIVE:
        return
    area, amount, count, asked, plunder = waiting
    state.waiting = None
    if not plunder:
        finish_tax(state, state.active(), area, amount, count == asked, effects)
    else:
        finish_plunder(state, state.active(), area, count == asked, effects)


def finish_tax(
    state: Position, player: int, area: int, amount: int, waived: bool, effects: list[str]
) -> None:
    """Roll the tax's rebellion check (not for the court, 16.17) and collect the gold."""
    name = state.game.board.ids[area]
    if area != state.court[player]:
        result = rebellion.check(state, area, amount, effects, f"taxing {amount}", waived=waived, ask=False)
        if result == rebellion.REBELLION:
            effects.append(f"{name}: rebels, no gold (16.1)")
            return
    gold = amount
    if state.game.options.civilisation_markers and state.civ[area] & COMMERCE:
        gold += 1  # 35.32: the commerce bonus is not counted in the rebellion value
    state.treasury[player] += gold
    effects.append(f"{state.game.player_ids[player]}: +{gold} gold from {name}")


def plunder(state: Position, player: int, area: int, effects: list[str]) -> None:
    """Plunder one area (16.22-16.23.2): -1 social state; unrest or a rebellion check; plunder table."""
    state.taxed.append(area)
    name = state.game.board.ids[area]
    rebellion.lower_social_state(state, area, effects, own_failure=False)
    if not state.unrest[area]:
        state.unrest[area] = True
        effects.append(f"{name}: unrest (16.23)")
        _plunder_gold(state, player, area, effects)
        return
    if _ask_waivers(state, player, area, state.game.rules.plunder_gold, PLUNDER):
        return
    finish_plunder(state, player, area, False, effects)


def finish_plunder(state: Position, player: int, area: int, waived: bool, effects: list[str]) -> None:
    """16.23.1-16.23.2: the rebellion check of a plunder in unrest, then the plunder table."""
    gold = state.game.rules.plunder_gold
    result = rebellion.check(state, area, gold, effects, "plunder in unrest", waived=waived, ask=False)
    if result == rebellion.REBELLION:
        effects.append(f"{state.game.board.ids[area]}: rebels, the plunder fails (16.23.1)")
        return
    _plunder_gold(state, player, area, effects)


def _plunder_gold(state: Position, player: int, area: int, effects: list[str]) -> None:
    name = state.game.board.ids[area]
    gold = plunder_gold(state, f"plunder gold {name}")
    state.treasury[player] += gold
    effects.append(f"{state.game.player_ids[player]}: +{gold} gold from plundering {name}")
