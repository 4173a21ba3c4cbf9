"""A plain-data picture of a state for the play-test UI and reports (no engine types inside)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from model.rules.eotma.victory import victory_points

if TYPE_CHECKING:
    from model.rules.eotma.state import EotmaState


def _players(mask: int, ids: tuple[str, ...]) -> list[str]:
    return [pid for i, pid in enumerate(ids) if mask & (1 << i)]


def _decision_about(state: EotmaState) -> dict[str, Any] | None:
    """Return who decides what, and the areas concerned, when a decision is pending."""
    if not state.pending:
        return None
    decision = state.pending[-1]
    board = state.game.board
    listed = ("relocate", "route", "crusader-state")
    areas = [board.ids[a] for a in decision.data if decision.kind in listed and 0 <= a < board.n]
    if decision.kind == "consent":
        areas = [board.ids[a] for a in decision.data[1:] if 0 <= a < board.n]
    if decision.kind in ("npc-defense", "waive", "vote", "contest", "comply") and decision.data:
        first = decision.data[0]
        areas = [board.ids[first]] if 0 <= first < board.n else []
    if decision.kind in ("defense", "oppose") and decision.action:
        areas = list(state.game.codec.parse(decision.action).areas())
    return {
        "kind": decision.kind,
        "player": state.game.player_ids[decision.player],
        "about": decision.action,
        "areas": areas,
    }


def view(state: EotmaState) -> dict[str, Any]:
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
        }
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
        "decision": state.pending[-1].kind if state.pending else None,
        "decision_about": _decision_about(state),
        "turn_order": [ids[p] for p in state.order],
        "churches_united": state.union,
        "areas": areas,
        "empires": empires,
    }
