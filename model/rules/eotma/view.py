"""A plain-data picture of a state for the play-test UI and reports (no engine types inside)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from model.rules.eotma import npc
from model.rules.eotma.actions import Defend, Endeavour, Oppose
from model.rules.eotma.conversion import conversion_differential
from model.rules.eotma.decisions import ABOUT_ENDEAVOUR, DecisionKind
from model.rules.eotma.endeavours.common import defended_area, defense_price, is_conversion, locate
from model.rules.eotma.ratings import base_rating, cost, defense_value
from model.rules.eotma.victory import victory_points

if TYPE_CHECKING:
    from model.rules.eotma.position import Position
    from model.rules.protocol import Action


def _players(mask: int, ids: tuple[str, ...]) -> list[str]:
    return [pid for i, pid in enumerate(ids) if mask & (1 << i)]


_FIRST_AREA = frozenset(
    (
        DecisionKind.NPC_DEFENSE,
        DecisionKind.WAIVE,
        DecisionKind.VOTE,
        DecisionKind.CONTEST,
        DecisionKind.COMPLY,
        DecisionKind.TRANSFER,
    )
)
"""Decisions whose first number is the area they concern."""


def _decision_about(state: Position) -> dict[str, Any] | None:
    """Return who decides what, and the areas concerned, when a decision is pending."""
    if not state.pending:
        return None
    decision = state.pending[-1]
    board = state.game.board
    listed = (DecisionKind.RELOCATE, DecisionKind.ROUTE, DecisionKind.CRUSADER_STATE)
    areas = [board.ids[a] for a in decision.data if decision.kind in listed and 0 <= a < board.n]
    if decision.kind == DecisionKind.CONSENT:
        areas = [board.ids[a] for a in decision.data[1:] if 0 <= a < board.n]
    if decision.kind in _FIRST_AREA and decision.data:
        first = decision.data[0]
        areas = [board.ids[first]] if 0 <= first < board.n else []
    if decision.kind in ABOUT_ENDEAVOUR and decision.action is not None:
        areas = list(decision.action.areas())
    elif decision.kind == DecisionKind.LOSS and len(decision.data) > 1:
        areas = [board.ids[decision.data[1]]]  # a raid's, Magnate's or crusader's -1 (33.33)
    return {
        "kind": decision.kind.value,
        "player": state.game.player_ids[decision.player],
        "about": decision.subject,
        "areas": areas,
    }


def _attacked_this_round(state: Position) -> list[tuple[str, str]]:
    """Return (attacker name, area id) of every raid and Magnate attack made this round (24).

    Read from the log: the round's attacks are logged after its ``round N (year)`` effect, each as
    ``"{name} attack {area}: card ..."`` (``npc.resolve``).
    """
    start = f"round {state.round + 1} ("
    found: list[tuple[str, str]] = []
    for entry in reversed(state.log):
        for effect in reversed(entry.effects):
            if effect.startswith(start):
                found.reverse()
                return found
            head, sep, _rest = effect.partition(": card ")
            name, attack, area = head.rpartition(" attack ")
            if sep and attack and area in state.game.board.index:
                found.append((name, area))
    return []


def _conversion(state: Position) -> dict[int, dict[str, dict[str, int]]]:
    """Per area: player id -> C results toward converting it and the results needed now (22.2)."""
    ids = state.game.player_ids
    result: dict[int, dict[str, dict[str, int]]] = {}
    for (player, area), done in sorted(state.conversion.items()):
        needed = conversion_differential(state, player, area)
        result.setdefault(area, {})[ids[player]] = {"results": done, "needed": needed}
    return result


def _magnates(state: Position, attacked: list[tuple[str, str]]) -> dict[str, Any]:
    """Each Magnate: court, combat stature, areas held, attacks queued and made this round (24)."""
    game = state.game
    board = game.board
    result: dict[str, Any] = {}
    for k, name in enumerate(state.mag_names):
        code = game.n_players + k
        court = state.mag_court[k] if k < len(state.mag_court) else -1
        result[name] = {
            "court": board.ids[court] if 0 <= court < board.n else None,  # -1 once lost (24)
            "combat": state.mag_stat[k] if k < len(state.mag_stat) else 0,
            "areas": [board.ids[a] for a, owner in enumerate(state.owner) if owner == code],
            "attacking": [
                board.ids[q.target] for q in state.npc_queue if q.kind == "magnate" and q.name == name
            ],
            "attacked": [area for who, area in attacked if who == name],
        }
    return result


def _raiders(state: Position, attacked: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """The raider groups active this round: where they strike from and what they attack (24)."""
    game = state.game
    if not game.options.raiders:
        return []
    board = game.board
    year = game.year(state.round)
    result: list[dict[str, Any]] = []
    for raider in game.rules.raiders:
        first, last = raider["years"]
        if not first <= year <= last:
            continue
        name = raider["name"]
        spec = raider.get("targets", {})
        result.append(
            {
                "id": raider.get("id", name),
                "name": name,
                "stature": npc._stature(raider, year),
                "raids": int(raider["raids"]),
                "seas": [s for s in spec.get("seas", []) if s in board.sea_index],
                "near": [a for a in spec.get("near", []) if a in board.index],
                "targets": [board.ids[a] for a in npc.raider_targets(state, raider)],
                "attacking": [
                    board.ids[q.target] for q in state.npc_queue if q.kind == "raid" and q.name == name
                ],
                "attacked": [area for who, area in attacked if who == name],
            }
        )
    return result


def view(state: Position) -> dict[str, Any]:
    """Return what the map shows per area and what the panels show per empire and for the turn."""
    game = state.game
    board = game.board
    ids = game.player_ids
    areas: dict[str, Any] = {}
    partial: dict[int, dict[str, int]] = {}
    for (target, _base), (holder, count) in state.partial.items():
        by = partial.setdefault(target, {})
        name = state.owner_name(holder) or "independent"  # Magnates hold C results too (24)
        by[name] = by.get(name, 0) + count
    conversion = _conversion(state)
    for a, area_id in enumerate(board.ids):
        areas[area_id] = {
            "owner": state.owner_name(state.owner[a]),
            "social_state": state.ss[a],
            "unrest": state.unrest[a],
            "fortification": state.fort[a],
            "ties": _players(state.ties[a], ids),
            "claims": _players(state.claims[a], ids),
            "partial_conquest": partial.get(a, {}),
            "religion": state.religion[a],
            "army": state.army[a],
            "fleet": state.fleet[a],
            "civilisation": state.civ[a],
            "crusader_state": state.crusader_state[a],
            "conversion": conversion.get(a, {}),
        }
    attacked = _attacked_this_round(state)
    vps = victory_points(state)
    empires = {
        pid: {
            "treasury": state.treasury[p],
            "leader": {
                "combat": state.stat[p][0],
                "administrative": state.stat[p][1],
                "diplomatic": state.stat[p][2],
            },
            "court": board.ids[state.court[p]] if state.court[p] >= 0 else None,
            "exiled": state.court[p] < 0,
            "excommunicated": state.excommunicated[p],
            "year_cards_left": len(state.hand[p]),
            "holding_cards": list(state.holding[p]),
            "kept_cards": list(state.kept[p]),
            "victory_points": vps[p],
        }
        for p, pid in enumerate(ids)
    }
    return {
        "round": state.round + 1,
        "year": game.year(state.round),
        "phase": state.phase,
        "active": ids[state.active()] if state.phase == "turn" else None,
        "current_player": state.current_player(),
        "decision": state.pending[-1].kind.value if state.pending else None,
        "decision_about": _decision_about(state),
        "turn_order": [ids[p] for p in state.order],
        "churches_united": state.union,
        "areas": areas,
        "empires": empires,
        "magnates": _magnates(state, attacked),
        "raiders": _raiders(state, attacked),
    }


def preview(state: Position, action: Action) -> str:
    """What an endeavour would be worth if chosen now: its effectiveness rating with the extra gold
    (9; before the defender's card and gold of 13 or the opposing gold of 12.2) and its price
    (9.17, 9.33); for a conversion attempt only the price, since the conversion chart decides
    (22.2); for a defense or opposing gold what it takes off the rating and its price. Empty for
    other actions."""
    if isinstance(action, Defend | Oppose):
        return _decision_preview(state, action)
    player = state.active()
    if not isinstance(action, Endeavour) or player < 0:
        return ""
    at = locate(state, player, action)
    if isinstance(at, str):
        return ""
    price = cost(state, at.kind, at.seas, action.gold)
    if at.kind == "conquest" and is_conversion(state, player, at.target):
        return f"the conversion chart decides (22.2), costs {price} gold"
    rating = base_rating(state, player, at.kind, at.target, at.base, at.seas) + action.gold
    return f"rating {rating:+d}, costs {price} gold"


def _decision_preview(state: Position, action: Defend | Oppose) -> str:
    """The effect and price of a defense (13.21: combat + gold + technology off the attacker's rating;
    13.11: the minimum, sea gold and the extra gold) or of opposing gold (12.2: each gold spent takes
    one off the rating)."""
    if not state.pending:
        return ""
    decision = state.pending[-1]
    if isinstance(action, Oppose):
        return (
            f"takes {action.gold} off the rating, costs {action.gold} gold"
            if decision.kind is DecisionKind.OPPOSE
            else ""
        )
    if decision.kind not in (DecisionKind.DEFENSE, DecisionKind.NPC_DEFENSE):
        return ""
    area = defended_area(state, decision)
    price = defense_price(state, decision.player, area, action.gold)
    value = defense_value(state, decision.player, action.gold, area)
    return f"takes {value} off the attacker's rating, costs {price} gold"
