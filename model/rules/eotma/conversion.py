"""Conversion of own areas (22.2-22.28): the C results a conversion needs, each result toward it,
the conversion itself (a whole pagan group, 22.25), Iberian Moslem areas (22.27) and the claims
that end when an area changes religion (house default 18).

Below conquest and rebellion, which both carry conversions forward (a conquest of an own area of
another faith, 22.2; C results held until a rebellion check's tie waivers are in, 12.42).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma.ratings import faith, of_leaders_faith

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def is_iberian_moslem(state: Position, area: int) -> bool:
    """Return whether the area is an Iberian Moslem area (22.27): marked so on the map and still
    of the religion it started with."""
    board = state.game.board
    return board.iberian_moslem[area] and state.religion[area] == board.religion[area]


def roman_catholic(state: Position, player: int) -> str | None:
    """Return the Roman Catholic religion id of the map, else the player's own faith (22.27)."""
    catalog = state.game.board.catalog
    for religion_id, name in catalog.religion_names.items():
        if religion_id == "roman_catholic" or name.lower() == "roman catholic":
            return religion_id
    return faith(state, player)


def conversion_differential(state: Position, player: int, area: int) -> int:
    """Return the C results a conversion needs (22.2-22.24, 35.31), at least one."""
    game = state.game
    rules = game.rules
    board = game.board
    names = board.catalog.religion_names
    area_religion = state.religion[area]
    leader = faith(state, player)
    convictional = rules.conversion_rating(
        area_religion, board.group_kind(area_religion), names.get(area_religion or "")
    )["convictional"]
    if is_iberian_moslem(state, area):
        convictional = rules.iberian_convictional
    proselytic = rules.conversion_rating(leader, board.group_kind(leader), names.get(leader or ""))[
        "proselytic"
    ]
    if game.options.civilisation_markers and state.civ[area] & 1:
        proselytic += 1
    differential = convictional - proselytic
    if state.ties[area] & (1 << player):
        differential //= 2  # 22.24
    if any(rules.event_kinds[c].effect.get("type") == "missionary_fervor" for c in state.kept[player]):
        differential //= 2  # 22.23
    return max(1, differential)


def convert_result(state: Position, player: int, area: int, effects: list[str]) -> None:
    """A C result toward converting an own area; the last one converts it (22.2, 22.25, 22.28)."""
    game = state.game
    board = game.board
    needed = conversion_differential(state, player, area)
    done = state.conversion.get((player, area), 0) + 1
    effects.append(f"{board.ids[area]}: conversion {done} of {needed}")
    if done < needed:
        state.conversion[(player, area)] = done
        return
    state.conversion.pop((player, area), None)
    new = faith(state, player)
    for other in converting_areas(state, player, area):
        state.religion[other] = new
        state.count("conversions")
        state.conversion.pop((player, other), None)
        state.vp_conversions[player] += game.rules.vp_conversion
        effects.append(f"{board.ids[other]}: converted to {new} (+{game.rules.vp_conversion} VP, 22.28)")
        end_claims(state, other, effects)


def converting_areas(state: Position, player: int, area: int) -> list[int]:
    """Return the areas a conversion of ``area`` by ``player`` would turn to its leader's faith
    now: the area, and for a pagan group the whole group, except areas held by a player of
    another religion or church (22.25; under a union result the united churches are one, 23.11)."""
    game = state.game
    board = game.board
    old = state.religion[area]
    new = faith(state, player)
    converted = [area]
    if old not in game.rules.group_conversion:
        return converted
    for other in range(board.n):
        if other == area or state.religion[other] != old:
            continue
        owner = state.owner[other]
        if (
            0 <= owner < game.n_players
            and owner != player
            and board.religion_difference(faith(state, owner), new, state.united()) != 0
        ):
            continue
        converted.append(other)
    return converted


def conversion_progress(state: Position, player: int) -> float:
    """Return the victory points the C results ``player`` holds toward converting its own areas
    would bring were every conversion finished (22.28 for each area that would convert with it,
    22.25), each counted for the share of its results already gained (22.2: results needed)."""
    points = 0.0
    for (holder, area), done in state.conversion.items():
        if holder != player or state.owner[area] != player or done <= 0:
            continue
        needed = conversion_differential(state, player, area)
        share = min(1.0, done / needed)
        points += share * state.game.rules.vp_conversion * len(converting_areas(state, player, area))
    return points


def end_claims(state: Position, area: int, effects: list[str]) -> None:
    """House default 18 (``claims`` table ``end_on_conversion``): once an area has turned to another
    religion, the claims of players whose leader is not of its religion or church end."""
    game = state.game
    if not game.rules.claims_end_on_conversion or not state.claims[area]:
        return
    for p in range(game.n_players):
        if state.claims[area] & (1 << p) and not of_leaders_faith(state, p, area):
            state.claims[area] &= ~(1 << p)
            who = game.player_ids[p]
            effects.append(f"{game.board.ids[area]}: the claim of {who} ends with the conversion (18)")
