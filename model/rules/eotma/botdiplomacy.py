"""The EotMA heuristic bot's diplomacy: parleys and their votes (20.4), gifts of gold for a vote
(20.1), asylum for an exile (21.2), and the holding cards it plays in its turn (Diplomatic Coup,
12.43; leader cards, 36.11). Plain functions of the position, used by ``bot.EotmaHeuristicBot``.
"""

from __future__ import annotations

from model.rules.eotma import events, parleys, victory
from model.rules.eotma.actions import AskAsylum, CallParley, Endeavour, Give, PlayCard, Untie
from model.rules.eotma.botweights import BotWeights
from model.rules.eotma.ratings import diplomacy_base, leader_card_base, of_leaders_faith
from model.rules.eotma.state import EotmaState
from model.rules.protocol import Action


def parley(state: EotmaState, player: int, weights: BotWeights) -> Action | None:
    """Return a claim (20.42) or readmission (20.45) parley the bot expects to carry, or the
    gift of gold that wins it the vote it lacks; None when there is none (a parley is once a
    round).

    It expects each other voter to vote as this bot does (``votes_yes``: for a caller behind
    it in victory points or one that gave it gold this round) and those against to play all
    their Influence cards (20.51; a tie goes to the caller). A claim is worth victory points
    (the victory table's claim bonus), so when one voter's yes would carry the parley it first
    gives that voter a gold (20.1) if it can spare it; likewise up to ``weights.bribe_voters``
    voters whose yes together would carry it (one gold each, one gift per decision).
    """
    if state.parley_round[player] == state.round:
        return None
    if state.excommunicated[player]:
        return _call_or_bribe(state, player, "readmission", -1, weights)
    if not parleys.is_christian(state, player):
        return None
    bit = 1 << player
    free = state.game.rules.claim_own_and_tie
    last = weights.bribe_last_round and state.round >= state.game.rounds - 1  # rounds count from 0
    options: list[tuple[bool, int]] = []
    for area, owner in enumerate(state.owner):
        if owner == player and state.ties[area] & bit and not state.claims[area] & bit:
            # An area of its leader's faith is claimed without a vote at the end of its next
            # turn (18, method 1): a parley only brings that forward, not worth a gold.
            # In the last round that next turn never comes: the claim is worth its gold then.
            coming = free and of_leaders_faith(state, player, area) and not last
            options.append((coming, area))
    if not options:
        return None
    # The votes hardly change from one area to the next: only one is tried, with
    # ``claim_unfree_first`` one that only a parley claims (20.42) before one rule 18 gives.
    coming, area = min(options) if weights.claim_unfree_first else options[0]
    return _call_or_bribe(state, player, "claim", area, weights, bribe=not coming)


def _call_or_bribe(
    state: EotmaState, player: int, kind: str, area: int, weights: BotWeights, bribe: bool = True
) -> Action | None:
    ids = state.game.board.ids
    if parleys.call_problem(state, player, kind, ids[area] if area >= 0 else None):
        return None
    per_card = parleys.influence_votes(state)
    points = victory.victory_points(state)
    given = gold_given(state, player)
    yes = parleys.votes_of(state, player, area)
    no = 0
    swing: list[tuple[int, int]] = []
    for p in range(state.game.n_players):
        if p == player or not parleys.is_christian(state, p):
            continue
        votes = parleys.votes_of(state, p, area)
        if votes_yes(points, p, player, p in given):
            yes += votes
        else:
            weight = votes + per_card * state.holding[p].count(parleys.INFLUENCE)
            no += weight
            swing.append((weight + votes, p))  # a switched voter moves both sides
    if yes >= no:
        return CallParley(kind, ids[area]) if area >= 0 else CallParley(kind)
    if not bribe or state.treasury[player] < weights.bribe_reserve:
        return None
    ranked = sorted(swing, reverse=True)
    for weight, p in ranked:
        # The heaviest other voters it could still pay (a gold each, ``bribe_voters`` in all,
        # the reserve kept) must together turn the vote.
        room = min(weights.bribe_voters, state.treasury[player] - weights.bribe_reserve + 1)
        others = [w for w, q in ranked if q != p][: max(0, room - 1)]
        if (
            yes + weight + sum(others) >= no
            and parleys.give_problem(state, player, state.game.player_ids[p], "gold", "1") is None
        ):
            return Give(state.game.player_ids[p], "gold", "1")
    return None


def votes_yes(points: list[int], voter: int, caller: int, paid: bool) -> bool:
    """20.4: a voter supports a parley of a caller behind it in victory points (helping the
    trailing empires keeps the leader in check) or of one that gave it gold this round (20.1)."""
    return paid or points[caller] < points[voter]


def gold_given(state: EotmaState, giver: int) -> set[int]:
    """Return the players the giver gave gold to this round (20.1), read from the log."""
    ids = state.game.player_ids
    who = ids[giver]
    found: set[int] = set()
    for entry in reversed(state.log):
        if entry.round != state.round:
            break
        if entry.player == who and entry.action.startswith("give ") and " gold " in entry.action:
            receiver = state.game.player_index.get(entry.action.split()[1])
            if receiver is not None:
                found.add(receiver)
    return found


def ask_asylum(state: EotmaState, player: int, weights: BotWeights) -> Action | None:
    """21.2: an exile without a host asks for asylum once a round, at the court with the
    highest social state (its diplomacy is based there).

    With ``weights.untie_for_asylum`` it asks only a court whose areas it holds no claim to, and
    first removes its ties to that court's areas (12.43): hosts refuse an exile reaching for their
    areas (``EotmaHeuristicBot._threat``), and an exile without asylum makes no endeavour at all.
    With ``weights.ask_willing_host`` it passes over the courts whose holders it leads by
    ``weights.revoke_lead`` victory points or more, which refuse it (``EotmaHeuristicBot._ahead``),
    while any other court is left. An exile that holds asylum removes a tie it has come to hold
    on one of its host's areas (``weights.untie_in_asylum``, ``keep_asylum``)."""
    if not state.is_exiled(player):
        return None
    if state.asylum[player] >= 0:
        return keep_asylum(state, player, weights)
    who = state.game.player_ids[player]
    for entry in reversed(state.log):
        if entry.round != state.round:
            break
        if entry.player == who and entry.action.startswith("ask-asylum"):
            return None
    hosts = [
        (state.ss[state.court[p]], -p, p)
        for p in range(state.game.n_players)
        if p != player and not state.is_exiled(p) and state.court[p] >= 0
    ]
    if not hosts:
        return None
    if not weights.untie_for_asylum:
        return AskAsylum(state.game.player_ids[max(hosts)[2]])
    bit = 1 << player
    ranked = sorted(hosts, reverse=True)
    if weights.ask_willing_host and weights.revoke_lead >= 0:
        points = victory.victory_points(state)
        willing = [h for h in ranked if points[player] - points[h[2]] < weights.revoke_lead]
        ranked = willing or ranked  # none would take it: ask the best court all the same
    for _ss, _p, host in ranked:
        held = [a for a, owner in enumerate(state.owner) if owner == host]
        if any(state.claims[a] & bit for a in held):
            continue  # a claim cannot be given up by itself: that host would refuse anyway
        ties = [a for a in held if state.ties[a] & bit]
        if ties:
            return Untie(state.game.board.ids[ties[0]])
        return AskAsylum(state.game.player_ids[host])
    return None


def keep_asylum(state: EotmaState, player: int, weights: BotWeights) -> Action | None:
    """12.43, 21.2: an exile in asylum removes its tie to one of its host's areas (the host has
    conquered an area the exile is tied to, or a crusade gave the tie): the host revokes the
    asylum of an exile tied to its areas, and without asylum the exile makes no endeavour."""
    if not weights.untie_in_asylum:
        return None
    host = state.asylum[player]
    bit = 1 << player
    for area, owner in enumerate(state.owner):
        if owner == host and state.ties[area] & bit:
            return Untie(state.game.board.ids[area])
    return None


def coup(state: EotmaState, player: int, weights: BotWeights) -> Action | None:
    """Play Diplomatic Coup (12.43) on another player's tie to one of its own areas, the first
    step of a diplomatic conquest of it (12.1), the most populous such area first.

    With ``weights.coup_on_claims`` and no such tie, it breaks the tie of the empire most ahead
    of it in victory points to one of that empire's own unclaimed areas, the most populous first:
    that tie is the step to a claim (12.41, 18) worth the victory table's claim bonus."""
    held = [
        c
        for c in sorted(set(state.holding[player]))
        if state.game.rules.event_kinds[c].effect.get("type") == "break_tie"
    ]
    if not held or state.is_exiled(player):
        return None
    board = state.game.board
    threats = [
        (-board.population[area], area, other)
        for area, owner in enumerate(state.owner)
        if owner == player
        for other in range(state.game.n_players)
        if other != player and state.ties[area] & (1 << other)
    ]
    threats.sort()
    if not threats and weights.coup_on_claims:
        points = victory.victory_points(state)
        rivals = [
            (-points[owner], -board.population[area], area, owner)
            for area, owner in enumerate(state.owner)
            if 0 <= owner < state.game.n_players
            and owner != player
            and points[owner] > points[player]
            and state.ties[area] & (1 << owner)
            and not state.claims[area] & (1 << owner)
        ]
        threats = [(pop, area, owner) for _pts, pop, area, owner in sorted(rivals)]
    if not threats:
        return None
    _pop, area, other = threats[0]
    action = PlayCard(held[0], board.ids[area], state.game.player_ids[other])
    return (
        action
        if events.play_problem(state, player, action.card, action.area, action.empire) is None
        else None
    )


def leader_card(state: EotmaState, player: int, action: Action) -> Action | None:
    """Play a leader card in its years (36.11) just before an endeavour of its stature from a
    base of its languages (36.12): it adds to that one endeavour only, and is lost after its years."""
    if not isinstance(action, Endeavour) or state.leader_bonus[player]:
        return None
    game = state.game
    stature = game.rules.stature_of.get(action.KIND)
    board = game.board
    base_id = action.base or action.target
    base = board.index.get(base_id, -1)
    if action.KIND == "diplomacy":
        base = diplomacy_base(state, player)
    if base < 0:
        return None
    for card in sorted(set(state.holding[player])):
        effect = game.rules.event_kinds[card].effect
        if effect.get("type") != "leader" or effect.get("stature") != stature:
            continue
        if (
            leader_card_base(state, card, base)
            and events.play_problem(state, player, card, None, None) is None
        ):
            return PlayCard(card)
    return None
