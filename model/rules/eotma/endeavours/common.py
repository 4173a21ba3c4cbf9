"""What every endeavour shares: locating target and base, range, costs, who may defend (9, 13.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma.actions import MARKERS, Endeavour
from model.rules.eotma.decisions import DecisionKind, Pending
from model.rules.eotma.ratings import (
    cost,
    defense_value,
    diplomacy_base,
    domestic_seas,
    faith,
    foreign_seas,
    spend_leader_card,
)
from model.rules.eotma.records import Located

if TYPE_CHECKING:
    from model.rules.eotma.cards import YearCard
    from model.rules.eotma.position import Position


def is_conversion(state: Position, player: int, target: int) -> bool:
    """Return whether a conquest of this own area would be a conversion attempt (22.2).

    The leader's own religion counts, even when excommunicated (22.11 is about ratings and
    rebellion values only); under a union result (23.11) the united churches are one, so an
    area of the other church needs no conversion.
    """
    religion = faith(state, player)
    return (
        religion is not None
        and state.game.board.religion_difference(religion, state.religion[target], state.united()) != 0
    )


def locate(state: Position, player: int, action: Endeavour) -> Located | str:
    """Return where the endeavour takes place, or the reason it cannot be undertaken by this player.

    Costs are not checked here (see :func:`problem`), so a declared endeavour can be located
    again after its gold is paid.
    """
    game = state.game
    board = game.board
    kind = action.KIND
    target = board.index.get(action.target)
    if target is None:
        return f"{action.target!r} is not a land area"
    if state.is_exiled(player) and kind != "diplomacy":
        return "an exile may undertake only diplomacy (21.0)"
    owner = state.owner[target]
    if kind in ("conquest", "pillage"):
        base_id = action.base or ""
        base = board.index.get(base_id)
        if base is None:
            return f"{base_id!r} is not a land area"
        if state.owner[base] != player:
            return f"the base {base_id} is not the player's area (10.35)"
        if owner == player:
            if kind == "pillage":
                return "a player cannot pillage its own area (11.0)"
            if not is_conversion(state, player, target):
                return "conquest of an own area is only a conversion of another religion (22.2)"
            if base != target and target not in board.adj_sets[base]:
                return "a conversion is based in the area itself or an adjacent own area (22.2)"
            seas = domestic_seas(state, player, target)
            if seas is None:
                return f"{action.target} is not connected to the court (7.51)"
            return Located(kind, player, target, base, seas)
        if kind == "pillage" and state.ss[target] <= game.rules.ss_min:
            return f"{action.target} is at the lowest social state and cannot be pillaged (11.0)"
        seas = foreign_seas(state, player, target, base)
        if seas is None:
            return f"{action.target} is out of reach of {base_id} (9.53) or the base is not connected (7.51)"
        if (
            game.options.armies_fleets
            and target not in board.adj_sets[base]
            and state.fleet[target] > state.fleet[base]
        ):
            return f"the fleets in {action.target} outnumber those in {base_id} (34.33)"
        return Located(kind, player, target, base, seas)
    if kind == "diplomacy":
        if target in state.court or target in state.mag_court:
            return f"{action.target} is a court area and cannot be the target of diplomacy (12.16)"
        base = diplomacy_base(state, player)
        if base < 0:
            return "an exile without asylum cannot undertake diplomacy (21.2)"
        return Located(kind, player, target, base, 0)
    if owner != player:
        return f"{action.target} is not the player's area ({kind} is a domestic endeavour)"
    mobilisation = _mobilisation_problem(state, kind, target, action)
    if mobilisation:
        return mobilisation
    if kind == "fortify" and state.fort[target] >= 3:
        return f"{action.target} already has the strongest fortification (14.0)"
    seas = domestic_seas(state, player, target)
    if seas is None:
        return f"{action.target} is not connected to the court (7.51)"
    return Located(kind, player, target, target, seas)


def _mobilisation_problem(state: Position, kind: str, target: int, action: Endeavour) -> str | None:
    """Conditions of raising armies and fleets (33, 34) and building markers (35)."""
    game = state.game
    rules = game.rules
    if kind in rules.fixed_cost and action.gold:
        return f"no extra gold may be spent on {action.VERB} (33, 34.11, 35.11)"
    if kind in ("raise_army", "raise_fleet"):
        if not game.options.armies_fleets:
            return "armies and fleets (33, 34) are not used in this scenario"
        # 33.31, 34.21: a counter holds at most max_unit points, but an area may hold several.
        if kind == "raise_fleet" and not game.board.coast[target]:
            return f"{action.target} is not adjacent to a sea area (34.11, 34.22)"
    elif kind == "build":
        if not game.options.civilisation_markers:
            return "civilisation markers (35) are not used in this scenario"
        bit = 1 << MARKERS.index(getattr(action, "marker", "cathedral"))
        if state.civ[target] & bit:
            return f"{action.target} already has that marker (35.21)"
    return None


def problem(state: Position, player: int, action: Endeavour) -> str | None:
    """Return why the player cannot undertake this endeavour now, or None when it is legal."""
    if not state.hand[player]:
        return "no unused year card is left this round"
    located = locate(state, player, action)
    if isinstance(located, str):
        return located
    state.probed = (action, located)  # the apply that follows this check reuses it
    price = cost(state, located.kind, located.seas, action.gold)
    if price > state.treasury[player]:
        return f"it costs {price} gold and the treasury holds {state.treasury[player]}"
    return None


def defense_seas(state: Position, defender: int, area: int) -> int:
    """Return the sea areas between the defender's court and the defended area (13.11)."""
    seas = domestic_seas(state, defender, area)
    return seas if seas is not None else 0


def defense_price(state: Position, defender: int, area: int, extra: int = 0) -> int:
    """Return what a defense of the area costs the defender: the minimum, one gold per sea area
    from its court (13.11, 9.17) and the extra gold bought (9.33)."""
    rules = state.game.rules
    return rules.min_gold["defense"] + rules.sea_gold * defense_seas(state, defender, area) + extra


def pay_defense(state: Position, defender: int, area: int, extra: int) -> tuple[int, YearCard, int]:
    """13.0: the defender pays for its defense, counts it toward the round's limit and turns up its
    next year card (whose results are ignored, 13.22). Return the price, the card and the defense
    value (13.21)."""
    price = defense_price(state, defender, area, extra)
    state.treasury[defender] -= price
    state.defenses[defender] += 1
    card = state.game.rules.card_by_id[state.hand[defender].pop(0)]
    value = defense_value(state, defender, extra, area)
    spend_leader_card(state, defender, [area])  # 36.11: a defense is an endeavour too
    return price, card, value


def may_defend(state: Position, defender: int, area: int) -> bool:
    """Return whether a player can defend an area now (13.0, 13.11, 13.13, 13.14, 21.0)."""
    if not 0 <= defender < state.game.n_players or state.is_exiled(defender):
        return False
    rules = state.game.rules
    hand = len(state.hand[defender])
    if hand == 0 or state.defenses[defender] >= rules.max_defenses:
        return False
    if defender not in state.order[: state.turn] and hand <= rules.own_turn_endeavours:
        return False  # 13.13: the cards of the own turn's endeavours stay for it
    return state.treasury[defender] >= defense_price(state, defender, area)


def defended_area(state: Position, decision: Pending) -> int:
    """Return the area a pending defense is about (13, 24)."""
    if decision.kind == DecisionKind.NPC_DEFENSE:
        return decision.data[0]
    assert decision.action is not None, "a defense decision always holds its endeavour"
    return state.game.board.index[decision.action.target]
