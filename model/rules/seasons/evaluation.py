"""What a Seasons position is worth to each nation, for a search that stops before the game's end
(``SeasonsState.evaluation``, read by model/bots/mcts.py).

Seasons: Winning counts only the areas held at the end, so a playout cut off at a turn's end
judged by areas alone sees a purchase as free (its upkeep is paid in a later summer or winter)
and a lost army as no loss. Here a nation's worth is its areas plus what its units, buildings and
treasury could still win: their price in resources (Seasons: Resources) times the bot table's
``worth_per_resource``, scaled down as the turns run out, since what a nation holds after the last
turn wins nothing. On the 40 games of seed 101 on scenarios/seasons-isles.mappa.json it raised
the MCTS level's share from 0.28 to 0.45 alone and to 0.55 with the shortlist's alternatives; the
figures on fresh seeds are in resources/bots/MCTS-TUNING.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.seasons.schema import Building

if TYPE_CHECKING:
    from model.rules.seasons.state import SeasonsState


def worth(state: SeasonsState) -> dict[str, float] | None:
    """Return each nation's areas plus its units, buildings and treasury in areas, or None when the
    bot table's ``worth_per_resource`` is 0 (the search then judges by the areas alone)."""
    tables = state.game.tables
    weight = tables.bot.worth_per_resource
    if weight <= 0:
        return None
    board = state.board
    # Turns still to play, the current one included: what is held now can act in each of them.
    left = max(state.game.turns - board.turn + 1, 0) / state.game.turns
    assets = {
        nation: float(t.resources + t.supply + t.income - t.debt) for nation, t in board.nations.items()
    }
    for unit in board.units.values():
        if unit.nation in assets:
            assets[unit.nation] += tables.units.stats(unit.kind).cost
    held = {nation: 0.0 for nation in board.nations}
    for area in board.areas.values():
        if area.owner not in held:
            continue
        held[area.owner] += 1
        if area.building:
            assets[area.owner] += tables.buildings.stats(Building(area.building)).cost
    return {nation: held[nation] + weight * left * assets[nation] for nation in held}
