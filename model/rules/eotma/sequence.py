"""Sequence of play (facts sheet 1.3): rounds, initiative, player turns, taxation, maintenance.

The steps of a round are data (:data:`ROUND_STEPS`); each automatic step is a function here,
and the engine stops at every decision (choosing a slot, the active player's turn, a defense).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma import (
    armies,
    crusades,
    endeavours,
    events,
    npc,
    parleys,
    rebellion,
    schism,
    taxation,
)
from model.rules.eotma.actions import (
    Accept,
    Agree,
    AskAsylum,
    BeginTaxation,
    CallCrusade,
    CallParley,
    ChooseSlot,
    Contest,
    CrusadeAttack,
    CrusadeBorrow,
    CrusadePass,
    CrusadePillage,
    CrusadeRoute,
    CrusaderState,
    Decline,
    Defend,
    Disband,
    Discard,
    Endeavour,
    EndMovement,
    EndTaxation,
    EndTurn,
    Give,
    MoveArmy,
    Oppose,
    PlayCard,
    Plunder,
    ReduceFort,
    Refuse,
    Relocate,
    RevokeAsylum,
    RulePalaces,
    Tax,
    Untie,
    Vote,
    Waive,
)
from model.rules.eotma.decisions import DecisionKind, Pending
from model.rules.eotma.game import ROUNDS_PER_GAME_TURN
from model.rules.eotma.leaders import stature_check
from model.rules.eotma.ratings import STATURE_INDEX, of_leaders_faith
from model.rules.eotma.records import ClaimWatch, Partial
from model.rules.eotma.schism import schism_check
from model.rules.eotma.territory import connection, move_court
from model.rules.protocol import Action

if TYPE_CHECKING:
    from model.rules.eotma.state import EotmaState

ROUND_STEPS = ("schism", "raiders", "magnates", "crusade", "initiative", "turns", "end")
"""The steps of a round in order (facts sheet 1.3); optional ones do nothing when switched off."""


def setup(state: EotmaState) -> list[str]:
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
    for unit in game.units:
        if unit.area in board.index and state.owner[board.index[unit.area]] == game.owner_code(unit.owner):
            target = state.army if unit.kind == "army" else state.fleet
            target[board.index[unit.area]] += unit.strength
    if game.options.events:
        state.event_deck = [c for c in game.rules.event_deck if events.in_game(game, c)]
        state.rng.shuffle(state.event_deck)
    state.invalidate()
    return effects


def advance(state: EotmaState) -> list[str]:
    """Run automatic steps until a player must decide (or the game ends)."""
    effects = state.rng.trace
    if state.phase == "setup":
        start_round(state, effects)
    return effects


def start_round(state: EotmaState, effects: list[str]) -> None:
    """Round start: schism check (23.1), deal five year cards, rank players for initiative."""
    game = state.game
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
    begin_initiative(state, effects)


def begin_initiative(state: EotmaState, effects: list[str]) -> None:
    """Initiative determination (facts sheet 1.3): rank, then each player picks a place."""
    game = state.game
    state.ranking = initiative_ranking(state)
    state.slots = [-1] * game.n_players
    state.pick = 0
    state.phase = "initiative"
    effects.append("initiative ranking: " + ", ".join(game.player_ids[p] for p in state.ranking))
    if game.n_players == 1:
        choose_slot(state, 1, effects)


def initiative_ranking(state: EotmaState) -> list[int]:
    """Rank players by the sum of their leader's statures, ties to the one with more areas (facts 1.3)."""
    counts = [0] * state.game.n_players
    for owner in state.owner:
        if 0 <= owner < len(counts):
            counts[owner] += 1
    return sorted(range(state.game.n_players), key=lambda p: (-sum(state.stat[p]), -counts[p], p))


def choose_slot(state: EotmaState, slot: int, effects: list[str]) -> None:
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


def start_turn(state: EotmaState, effects: list[str]) -> None:
    """Turn start: reset the turn's counters and draw the event card(s) (19, 36)."""
    player = state.order[state.turn]
    state.endeavours_done = 0
    state.tax_stage = 0
    state.taxed = []
    effects.append(f"turn of {state.game.player_ids[player]}")
    watch_claims(state, player)
    state.step = "main"
    if armies.start_movement(state, player):
        return  # 33.4: armies move before the event card is drawn
    draw_events(state, player, effects)


def draw_events(state: EotmaState, player: int, effects: list[str]) -> None:
    """Draw the turn's event card, or two under the optional rule (19, 36)."""
    if state.game.options.events:
        for _ in range(2 if state.game.options.two_event_cards else 1):
            events.draw(state, player, effects)


def pay_demesne(state: EotmaState, player: int, effects: list[str]) -> None:
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


def end_turn(state: EotmaState, effects: list[str]) -> None:
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


def finish_turn(state: EotmaState, player: int, effects: list[str]) -> None:
    """After maintenance: claims (house default 18), then the next turn or the round's end."""
    grant_watched_claims(state, player, effects)
    state.turn += 1
    if state.turn < len(state.order):
        start_turn(state, effects)
        return
    end_round(state, effects)


def unit_points(state: EotmaState, player: int) -> int:
    """Return the army and fleet points the player must maintain (33.23, 34.12)."""
    army, fleet = state.army, state.fleet
    return sum(army[a] + fleet[a] for a, owner in enumerate(state.owner) if owner == player)


def maintain(state: EotmaState, player: int, effects: list[str]) -> bool:
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


def disband(state: EotmaState, area: int, unit: str, effects: list[str]) -> None:
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


def give_up_unit(state: EotmaState, area: int, unit: str, effects: list[str]) -> None:
    """33.23: a player may choose not to maintain a unit point; in its own turn it gives the point
    up at once (whether it goes now or at the turn's end, no gold is paid for it)."""
    _remove_point(state, area, unit, "given up, not to be maintained", effects)


def _units(state: EotmaState, unit: str) -> list[int]:
    """Return the per-area points of one unit kind (``army`` or ``fleet``)."""
    return state.army if unit == "army" else state.fleet


def _remove_point(state: EotmaState, area: int, unit: str, how: str, effects: list[str]) -> None:
    _units(state, unit)[area] -= 1
    state.invalidate()
    effects.append(f"{state.game.board.ids[area]}: 1 {unit} point {how} (33.23)")


def disband_problem(state: EotmaState, player: int, area_id: str, unit: str) -> str | None:
    """Return why this unit point cannot be the one removed, or None (33.23, 34.12)."""
    area = state.game.board.index.get(area_id)
    if area is None or state.owner[area] != player or not _units(state, unit)[area]:
        return f"{area_id} holds no {unit} point of the player to remove (33.23)"
    return None


def watch_claims(state: EotmaState, player: int) -> None:
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


def grant_watched_claims(state: EotmaState, player: int, effects: list[str]) -> None:
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
            effects.append(
                f"{game.board.ids[area]}: claim for {game.player_ids[player]} (house default 18 method 1)"
            )
    state.claim_watch = [w for w in state.claim_watch if w.player != player]


def end_round(state: EotmaState, effects: list[str]) -> None:
    """Round end: unused year cards are lost (13.14); the next round starts or the game ends."""
    game = state.game
    state.hand = [[] for _ in range(game.n_players)]
    state.round += 1
    if state.round >= game.rounds:
        state.phase = "over"
        effects.append("the game is over")
        return
    start_round(state, effects)


def apply(state: EotmaState, action: Action) -> list[str]:
    """Carry out a checked action and the automatic steps after it; return the effects."""
    effects = state.rng.trace  # rolls and effects in one list, in the order they happen
    if isinstance(action, ChooseSlot):
        choose_slot(state, action.slot, effects)
    elif isinstance(action, Endeavour):
        endeavours.declare(state, action, effects)
    elif isinstance(action, Defend | Decline) and crusades.is_crusade_defense(state.pending[-1]):
        crusades.defend(state, action.gold if isinstance(action, Defend) else None, effects)
    elif isinstance(action, Defend | Decline) and state.pending[-1].kind == DecisionKind.NPC_DEFENSE:
        npc.defend(state, action.gold if isinstance(action, Defend) else None, effects)
    elif isinstance(action, Defend):
        endeavours.defend(state, action.gold, effects)
    elif isinstance(action, Decline):
        decision = state.pending.pop()
        effects.append(f"{state.game.player_ids[decision.player]} does not defend")
        endeavours.resolve(state, _endeavour(decision), effects)
    elif isinstance(action, Oppose):
        decision = state.pending.pop()
        state.treasury[decision.player] -= action.gold
        if action.gold:
            effects.append(
                f"{state.game.player_ids[decision.player]} spends {action.gold} gold against it (12.2)"
            )
        endeavours.resolve(state, _endeavour(decision), effects, against=action.gold)
    elif isinstance(action, BeginTaxation):
        state.tax_stage = 1
        pay_demesne(state, state.active(), effects)
    elif isinstance(action, Tax):
        taxation.tax(state, state.active(), state.game.board.index[action.area], action.amount, effects)
    elif isinstance(action, Plunder):
        taxation.plunder(state, state.active(), state.game.board.index[action.area], effects)
    elif isinstance(action, EndTaxation):
        state.tax_stage = 2
    elif isinstance(action, Relocate):
        decision = state.pending.pop()
        move_court(state, decision.player, state.game.board.index[action.area], effects)
    elif isinstance(action, PlayCard):
        events.play(state, state.active(), action.card, action.area or "", action.empire or "", effects)
    elif isinstance(action, MoveArmy):
        board = state.game.board
        armies.move(
            state,
            state.active(),
            board.index[action.source],
            board.index[action.area],
            action.points,
            effects,
        )
    elif isinstance(action, EndMovement):
        state.step = "main"
        draw_events(state, state.active(), effects)
    elif isinstance(action, Give):
        player = state.active()
        receiver = state.game.player_index[action.empire]
        parleys.give(
            state, player, receiver, action.what, action.value, effects, conversion=action.conversion
        )
    elif isinstance(action, CallParley):
        if action.kind == "breach":
            other = state.game.player_index[action.area or ""]
            parleys.call(state, "breach", state.active(), -1, other, effects)
        else:
            area = state.game.board.index[action.area] if action.area else -1
            parleys.call(state, action.kind, state.active(), area, -1, effects)
    elif isinstance(action, Agree):
        parleys.agree(state, state.active(), action.empire, action.terms, effects)
    elif isinstance(action, AskAsylum):
        host = state.game.player_index[action.empire]
        state.pending.append(Pending(DecisionKind.ASYLUM, host, "asylum", (state.active(),)))
        effects.append(f"{state.game.player_ids[state.active()]} asks {action.empire} for asylum (21.2)")
    elif isinstance(action, RevokeAsylum):
        exile = state.game.player_index[action.empire]
        host_id = state.game.player_ids[state.asylum[exile]]
        state.asylum[exile] = -1  # 21.2: at any decision of the host (legal.revoke_actions)
        effects.append(f"{host_id} revokes the asylum of {action.empire} (21.2)")
    elif isinstance(action, RulePalaces):
        board = state.game.board
        endeavours.rule_palaces(state, [board.index[a] for a in action.targets], effects, action.gold)
    elif isinstance(action, Discard):
        events.discard(state, action.card, effects)
    elif isinstance(action, Disband) and state.pending:
        disband(state, state.game.board.index[action.area], action.unit, effects)
    elif isinstance(action, Disband):
        give_up_unit(state, state.game.board.index[action.area], action.unit, effects)
    elif isinstance(action, ReduceFort):
        area = state.game.board.index[action.area]
        before = state.fort[area]
        state.fort[area] = 2 if before == 3 else 0
        effects.append(f"{action.area}: fortification {before} -> {state.fort[area]} (14.43)")
    elif isinstance(action, Untie):
        state.ties[state.game.board.index[action.area]] &= ~(1 << state.active())
        effects.append(f"{action.area}: {state.game.player_ids[state.active()]} removes its tie (12.43)")
    elif isinstance(action, CallCrusade):
        crusades.begin(state, -1, effects)
    elif isinstance(action, CrusadeAttack):
        crusades.attack(state, state.game.board.index[action.area], action.gold, effects)
    elif isinstance(action, CrusadePillage):
        crusades.pillage(state, state.game.board.index[action.area], action.gold, effects)
    elif isinstance(action, CrusadePass):
        crusades.pass_turn(state, effects)
    elif isinstance(action, CrusadeBorrow):
        crusades.borrow(state, state.game.player_index[action.empire], action.gold, effects)
    elif isinstance(action, CrusadeRoute):
        crusades.choose_route(state, state.game.board.index[action.area], effects)
    elif isinstance(action, CrusaderState):
        crusades.answer_proposal(state, action.choice, effects)
    elif isinstance(action, Waive):
        if state.pending[-1].about in ("tax", "plunder"):
            taxation.waive(state, action.waived, effects)
        else:
            rebellion.waive(state, action.waived, effects)
    elif isinstance(action, Vote):
        parleys.vote(state, action.yes, action.influence, effects)
    elif isinstance(action, Contest):
        decision = state.pending.pop()
        area, conqueror = decision.data
        kind = parleys.INHERITANCE if decision.about == parleys.INHERITANCE else "contest"
        parleys.call(state, kind, decision.player, area, conqueror, effects)
    elif isinstance(action, Accept | Refuse):
        decision = state.pending.pop()
        if decision.kind == DecisionKind.COMPLY:
            state.pending.append(decision)
            parleys.comply(state, isinstance(action, Accept), effects)
        elif decision.kind == DecisionKind.PASSAGE:
            state.pending.append(decision)
            crusades.passage(state, isinstance(action, Accept), effects)
        elif decision.kind == DecisionKind.CONSENT:
            state.pending.append(decision)
            crusades.consent(state, isinstance(action, Accept), effects)
        elif decision.kind == DecisionKind.LOAN:
            state.pending.append(decision)
            crusades.lend(state, isinstance(action, Accept), effects)
        elif decision.kind == DecisionKind.TRANSFER:
            state.pending.append(decision)
            parleys.answer_transfer(state, isinstance(action, Accept), effects)
        elif decision.kind == DecisionKind.ASYLUM:
            if isinstance(action, Accept):
                state.asylum[decision.data[0]] = decision.player
            asker, giver = state.game.player_ids[decision.data[0]], state.game.player_ids[decision.player]
            granted = "grants" if isinstance(action, Accept) else "refuses"
            effects.append(f"{giver} {granted} asylum to {asker} (21.2)")
        elif decision.kind == DecisionKind.AGREEMENT:
            state.pending.append(decision)
            parleys.answer_agreement(state, isinstance(action, Accept), effects)
        elif decision.about == parleys.INHERITANCE:
            effects.append(f"{state.game.player_ids[decision.player]} accepts the inheritance (20.43)")
        else:
            effects.append(f"{state.game.player_ids[decision.player]} accepts the diplomatic conquest")
    elif isinstance(action, EndTurn):
        if state.tax_stage == 1:
            state.tax_stage = 2
        end_turn(state, effects)
    else:
        raise TypeError(f"no rule applies {type(action).__name__}")
    if state.phase == "raiders" and not state.pending and npc.run(state, effects):
        begin_initiative(state, effects)
    _unrest_for_lost_connection(state, effects)
    if state.schism_condition:
        schism.recheck(state, effects)
    return effects


def _endeavour(decision: Pending) -> Endeavour:
    """Return the endeavour waiting for a defense or opposition decision (13, 12.2)."""
    if decision.action is None:
        raise TypeError(f"the pending {decision.kind.value} decision holds no endeavour")
    return decision.action


def _unrest_for_lost_connection(state: EotmaState, effects: list[str]) -> None:
    """17.0: an area cut off from its court goes into unrest (checked after every action).

    An exile has no court (21.0), so every area it still holds is cut off (7.51) and goes into
    unrest too; a player still choosing where to move a lost court (7.52) is not an exile yet.
    """
    if not state.changed:
        return
    state.changed = False
    game = state.game
    relocating = {d.player for d in state.pending if d.kind == DecisionKind.RELOCATE}
    for p in range(game.n_players):
        if p in relocating:
            continue
        conn = connection(state, p)
        for area, owner in enumerate(state.owner):
            if owner == p and area not in conn and not state.unrest[area]:
                state.unrest[area] = True
                effects.append(f"{game.board.ids[area]}: cut off from the court, unrest (7.51, 17.0)")
