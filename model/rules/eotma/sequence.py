"""Sequence of play (facts sheet 1.3): rounds, initiative, player turns, taxation, maintenance.

The steps of a round are data (:data:`ROUND_STEPS`); each automatic step is a function here,
and the engine stops at every decision (choosing a slot, the active player's turn, a defense).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma import (
    armies,
    automatic,
    events,
    npc,
    schism,
)
from model.rules.eotma.decisions import DecisionKind, Pending
from model.rules.eotma.gamedata import ROUNDS_PER_GAME_TURN
from model.rules.eotma.leaders import stature_check
from model.rules.eotma.ratings import STATURE_INDEX, of_leaders_faith
from model.rules.eotma.records import ClaimWatch, Partial
from model.rules.eotma.schism import schism_check
from model.rules.eotma.territory import connection, cut_off

if TYPE_CHECKING:
    from model.rules.eotma.position import Position

ROUND_STEPS = ("schism", "raiders", "magnates", "crusade", "initiative", "turns", "end")
"""The steps of a round in order (facts sheet 1.3); optional ones do nothing when switched off."""


def setup(state: Position) -> list[str]:
    """Place the starting position: owners, social states, forts, ties, claims, courts, units, decks."""
    game = state.game
    board = game.board
    effects = state.rng.trace
    for area_id, start in game.starts.items():
        a = board.index[area_id]
        code = game.owner_code(start.owner)
        state.owner[a] = -1 if code is None else code
        state.ss[a] = start.social_state
        state.unrest[a] = start.unrest
        state.fort[a] = start.fortification
        state.civ[a] = 1 if start.cathedral else 0
        for empire in start.ties:
            if empire in game.player_index:
                state.ties[a] |= 1 << game.player_index[empire]
        for empire in start.claims:
            if empire in game.player_index:
                state.claims[a] |= 1 << game.player_index[empire]
    for area_id, start in game.starts.items():
        # 10.32: a partial conquest stands on a border with one of the holder's areas, so the
        # markers are placed once every owner is known, whatever the order of the areas.
        a = board.index[area_id]
        for empire, count in start.partial_conquest.items():
            if empire not in game.player_index or count <= 0:
                continue
            p = game.player_index[empire]
            bases = [b for b in board.adj[a] if state.owner[b] == p]
            state.partial[(a, bases[0] if bases else -1)] = Partial(p, int(count))
    for p, seat in enumerate(game.seats):
        if seat.court is not None and state.owner[board.index[seat.court]] == p:
            state.court[p] = board.index[seat.court]
        else:
            effects.append(f"{seat.id} starts in exile (21.0)")
            cut_off(state, p, effects)
    for unit in game.units:
        if unit.area in board.index and state.owner[board.index[unit.area]] == game.owner_code(unit.owner):
            target = state.army if unit.kind == "army" else state.fleet
            target[board.index[unit.area]] += unit.strength
    if game.options.events:
        state.event_deck = [c for c in game.rules.event_deck if events.in_game(game, c)]
        state.rng.shuffle(state.event_deck)
    state.invalidate()
    return effects


def advance(state: Position) -> list[str]:
    """Run automatic steps until a player must decide (or the game ends)."""
    effects = state.rng.trace
    if state.phase == "setup":
        start_round(state, effects)
    return effects


def start_round(state: Position, effects: list[str]) -> None:
    """Round start: schism check (23.1), deal five year cards, rank players for initiative.

    Inside an action (the last turn's end) these are automatic steps, logged apart from it
    (``automatic``): the round's start, the raiders' and Magnates' attacks (24), the initiative.
    """
    game = state.game
    in_setup = state.phase == "setup"
    automatic.begin(state, automatic.ROUND_START, effects, phase=automatic.ROUND_START)
    effects.append(f"round {state.round + 1} ({game.year(state.round)})")
    if game.options.schism and state.round % ROUNDS_PER_GAME_TURN == 0:
        schism_check(state, effects)
    cards = [card.id for card in game.rules.year_cards]
    state.rng.shuffle(cards)
    per = game.rules.cards_per_round
    for p in range(game.n_players):
        state.hand[p] = cards[p * per : (p + 1) * per]
    state.undealt = cards[game.n_players * per :]
    state.defenses = [0] * game.n_players
    if game.options.raiders or game.options.magnates:
        # 24: raiders, then Magnates, attack before initiative; defenders use the cards just dealt.
        state.phase = "raiders"
        state.turn = 0
        state.order = []
        npc.queue_attacks(state, effects)
        if not npc.run(state, effects):
            return
        if not in_setup:  # the setup's position is settled by the first action, as it always was
            settle(state, effects)
    begin_initiative(state, effects)


def begin_initiative(state: Position, effects: list[str]) -> None:
    """Initiative determination (facts sheet 1.3): rank, then each player picks a place."""
    game = state.game
    state.ranking = initiative_ranking(state)
    state.slots = [-1] * game.n_players
    state.pick = 0
    state.phase = "initiative"
    automatic.begin(state, automatic.INITIATIVE, effects)
    effects.append("initiative ranking: " + ", ".join(game.player_ids[p] for p in state.ranking))
    if game.n_players == 1:
        choose_slot(state, 1, effects)


def initiative_ranking(state: Position) -> list[int]:
    """Rank players by the sum of their leader's statures, ties to the one with more areas (facts 1.3)."""
    counts = [0] * state.game.n_players
    for owner in state.owner:
        if 0 <= owner < len(counts):
            counts[owner] += 1
    return sorted(range(state.game.n_players), key=lambda p: (-sum(state.stat[p]), -counts[p], p))


def choose_slot(state: Position, slot: int, effects: list[str]) -> None:
    """The ranked player takes a place in the turn order; the last choice starts the turns."""
    player = state.ranking[state.pick]
    state.slots[player] = slot
    effects.append(f"{state.game.player_ids[player]} takes place {slot}")
    state.pick += 1
    if state.pick < len(state.ranking):
        return
    state.order = sorted(range(state.game.n_players), key=lambda p: state.slots[p])
    state.phase = "turn"
    state.turn = 0
    start_turn(state, effects)


def start_turn(state: Position, effects: list[str]) -> None:
    """Turn start: reset the turn's counters and draw the event card(s) (19, 36)."""
    player = state.order[state.turn]
    state.endeavours_done = 0
    state.tax_stage = 0
    state.taxed = []
    # The rules, not the player whose action ended the last turn, start this one (logged apart).
    automatic.begin(state, automatic.TURN_START, effects)
    effects.append(f"turn of {state.game.player_ids[player]}")
    watch_claims(state, player)
    state.step = "main"
    if armies.start_movement(state, player):
        return  # 33.4: armies move before the event card is drawn
    draw_events(state, player, effects)


def draw_events(state: Position, player: int, effects: list[str]) -> None:
    """Draw the turn's event card, or two under the optional rule (19, 36)."""
    if state.game.options.events:
        for _ in range(2 if state.game.options.two_event_cards else 1):
            events.draw(state, player, effects)


def pay_demesne(state: Position, player: int, effects: list[str]) -> None:
    """19.2: each Enlargement of King's Personal Demesne card brings its gold during taxation, once
    a round (an exile, who may not tax, gets none)."""
    game = state.game
    demesne = sum(
        int(game.rules.event_kinds[c].effect.get("gold", 1))
        for c in state.kept[player]
        if game.rules.event_kinds[c].effect.get("type") == "demesne"
    )
    if demesne and not state.is_exiled(player):
        state.treasury[player] += demesne
        effects.append(f"{game.player_ids[player]}: +{demesne} gold from the royal demesne (19.2)")


def end_turn(state: Position, effects: list[str]) -> None:
    """Turn end: demesne gold when no taxation block was held (19.2), maintenance (33.23, 34.12),
    claims (house default 18), next turn."""
    game = state.game
    player = state.order[state.turn]
    if state.tax_stage == 0:
        pay_demesne(state, player, effects)
    if state.is_exiled(player) and state.hand[player]:
        # 21.1: an exile's cards go unused, but the stature checks they show are still made.
        which = STATURE_INDEX[game.rules.exile_check_stature]
        for card_id in state.hand[player]:
            stature_check(state, player, which, game.rules.card_by_id[card_id], effects)
        state.hand[player] = []
    if game.options.armies_fleets and not maintain(state, player, effects):
        return  # 33.23: the player first chooses which unit points go unpaid
    finish_turn(state, player, effects)


def finish_turn(state: Position, player: int, effects: list[str]) -> None:
    """After maintenance: claims (house default 18), then the next turn or the round's end.

    Unpaid unit points removed at the turn's end (33.23) may cut a line to the court; its unrest
    (17.0) is settled here, as the last thing the player's action did, before the next turn's
    event card is drawn (else it would read as the next turn's doing, and the card would choose
    among areas that are already due for unrest)."""
    settle(state, effects)
    grant_watched_claims(state, player, effects)
    state.turn += 1
    if state.turn < len(state.order):
        start_turn(state, effects)
        return
    end_round(state, effects)


def unit_points(state: Position, player: int) -> int:
    """Return the army and fleet points the player must maintain (33.23, 34.12)."""
    army, fleet = state.army, state.fleet
    return sum(army[a] + fleet[a] for a, owner in enumerate(state.owner) if owner == player)


def maintain(state: Position, player: int, effects: list[str]) -> bool:
    """33.23, 34.12: pay one gold per army and fleet point. Return False when the treasury falls
    short: the player then removes the unpaid points one by one, each its own choice (a
    ``maintain`` decision answered with ``disband``), and the turn ends after the last."""
    points = unit_points(state, player)
    if points > state.treasury[player]:
        short = points - state.treasury[player]
        state.pending.append(Pending(DecisionKind.MAINTAIN, player, "maintenance", (short,)))
        effects.append(
            f"{state.game.player_ids[player]} cannot maintain {short} unit points and removes them (33.23)"
        )
        return False
    state.treasury[player] -= points
    return True


def disband(state: Position, area: int, unit: str, effects: list[str]) -> None:
    """33.23, 34.12: remove one unpaid unit point the player chose; with the last one gone the rest
    is paid and the turn ends."""
    decision = state.pending.pop()
    player = decision.player
    _remove_point(state, area, unit, "unpaid and removed", effects)
    if decision.data[0] > 1:
        state.pending.append(Pending(DecisionKind.MAINTAIN, player, decision.about, (decision.data[0] - 1,)))
        return
    state.treasury[player] -= unit_points(state, player)
    finish_turn(state, player, effects)


def give_up_unit(state: Position, area: int, unit: str, effects: list[str]) -> None:
    """33.23: a player may choose not to maintain a unit point; in its own turn it gives the point
    up at once (whether it goes now or at the turn's end, no gold is paid for it)."""
    _remove_point(state, area, unit, "given up, not to be maintained", effects)


def _units(state: Position, unit: str) -> list[int]:
    """Return the per-area points of one unit kind (``army`` or ``fleet``)."""
    return state.army if unit == "army" else state.fleet


def _remove_point(state: Position, area: int, unit: str, how: str, effects: list[str]) -> None:
    _units(state, unit)[area] -= 1
    state.invalidate()
    effects.append(f"{state.game.board.ids[area]}: 1 {unit} point {how} (33.23)")


def disband_problem(state: Position, player: int, area_id: str, unit: str) -> str | None:
    """Return why this unit point cannot be the one removed, or None (33.23, 34.12)."""
    area = state.game.board.index.get(area_id)
    if area is None or state.owner[area] != player or not _units(state, unit)[area]:
        return f"{area_id} holds no {unit} point of the player to remove (33.23)"
    return None


def watch_claims(state: Position, player: int) -> None:
    """House default 18 method 1, at the start of a turn: the areas the player holds with a tie, of
    its leader's religion or church, are watched; those still so held at the turn's end are claimed."""
    if not state.game.rules.claim_own_and_tie:
        return
    bit = 1 << player
    owner, claims = state.owner, state.claims
    still = [w for w in state.claim_watch if w.player != player]
    for area, ties in enumerate(state.ties):
        if (
            ties & bit
            and owner[area] == player
            and not claims[area] & bit
            and of_leaders_faith(state, player, area)
        ):
            still.append(ClaimWatch(player, area))
    state.claim_watch = still


def grant_watched_claims(state: Position, player: int, effects: list[str]) -> None:
    """House default 18 method 1: own + tie to an area of the leader's religion or church gives a
    claim at the end of the player's next turn, if both are still held then: the areas watched
    since the start of this turn (the leader's own faith, excommunication aside, 22.11; one church
    under a union, 23.11)."""
    game = state.game
    bit = 1 << player
    for p, area in state.claim_watch:
        if (
            p == player
            and game.rules.claim_own_and_tie
            and state.owner[area] == player
            and state.ties[area] & bit
            and not state.claims[area] & bit
            and of_leaders_faith(state, player, area)
        ):
            state.claims[area] |= bit
            effects.append(f"{game.board.ids[area]}: claim for {game.player_ids[player]} (18, method 1)")
    state.claim_watch = [w for w in state.claim_watch if w.player != player]


def end_round(state: Position, effects: list[str]) -> None:
    """Round end: unused year cards are lost (13.14); the next round starts or the game ends."""
    game = state.game
    state.hand = [[] for _ in range(game.n_players)]
    state.round += 1
    if state.round >= game.rounds:
        state.phase = "over"
        automatic.begin(state, automatic.ROUND_END, effects)
        effects.append("the game is over")
        return
    start_round(state, effects)


def after_action(state: Position, effects: list[str]) -> None:
    """The automatic steps after every action: the raider and Magnate attacks still queued (24),
    unrest in areas cut off from their court (17.0), the schism condition (23.12)."""
    if state.phase == "raiders" and not state.pending and npc.run(state, effects):
        settle(state, effects)
        begin_initiative(state, effects)
    settle(state, effects)


def settle(state: Position, effects: list[str]) -> None:
    """What every change of the map calls at once: unrest in areas cut off from their court (17.0)
    and a schism check when Byzantine influence over Rome changed (23.12).

    Run after every action, and when the raiders' and Magnates' attacks are over (24), so that what
    a Magnate's conquest causes is logged with the Magnates' step, not the initiative after it.
    """
    _unrest_for_lost_connection(state, effects)
    if state.schism_condition:
        schism.recheck(state, effects)


def _unrest_for_lost_connection(state: Position, effects: list[str]) -> None:
    """17.0: an area cut off from its court goes into unrest (checked after every action).

    An exile's areas went into unrest when it lost its court (``territory.cut_off``); an area
    it takes while in exile (a diplomatic conquest through asylum, 21.2) has no line to lose and
    enters no unrest (12.31), so exiles are skipped here. A player still choosing where to move
    a lost court (7.52) is not an exile yet.
    """
    if not state.changed:
        return
    state.changed = False
    game = state.game
    relocating = {d.player for d in state.pending if d.kind == DecisionKind.RELOCATE}
    for p in range(game.n_players):
        if p in relocating or state.court[p] < 0:
            continue
        conn = connection(state, p)
        for area, owner in enumerate(state.owner):
            if owner == p and area not in conn and not state.unrest[area]:
                state.unrest[area] = True
                effects.append(f"{game.board.ids[area]}: cut off from the court, unrest (7.51, 17.0)")
