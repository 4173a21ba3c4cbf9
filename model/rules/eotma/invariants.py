"""What must hold in every EotMA position, whatever was played (DESIGN.md "Tests and checks").

Used after every action by the random-game tests and by ``mappa validate --smoke``: a message per
broken invariant, an empty list when the position is sound.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def violations(state: Position) -> list[str]:
    """Return a message for every invariant the position's data breaks (``EotmaState`` adds that
    legal actions exist until the game is over)."""
    game = state.game
    rules = game.rules
    ids = game.board.ids
    found: list[str] = []
    for player, gold in zip(game.player_ids, state.treasury, strict=True):
        if gold < 0:  # 16.0: gold is spent, never owed
            found.append(f"treasury of {player} is {gold}")
    for area, ss in zip(ids, state.ss, strict=True):
        if not rules.ss_min <= ss <= rules.ss_max:  # 16.11
            found.append(f"social state of {area} is {ss}, outside {rules.ss_min}..{rules.ss_max}")
    owners = game.n_players + len(state.mag_stat)  # Magnates may appear during play (24.5)
    for area, owner in zip(ids, state.owner, strict=True):
        if not -1 <= owner < owners:
            found.append(f"{area} has no valid owner (code {owner})")
    for area, fort in zip(ids, state.fort, strict=True):
        if not 0 <= fort <= 3:  # 14.0 builds 2 and raises to 3
            found.append(f"fortification of {area} is {fort}")
    for player, court in zip(game.player_ids, state.court, strict=True):
        if court != -1 and state.owner[court] != game.player_index[player]:  # 21.0
            found.append(f"the court of {player} ({ids[court]}) is not {player}'s")
    for (target, base), (holder, count) in state.partial.items():  # 10.33
        if count < 1 or state.owner[target] == holder or (base != -1 and state.owner[base] != holder):
            found.append(f"partial conquest of {ids[target]} by code {holder} ({count}) is inconsistent")
    return found
