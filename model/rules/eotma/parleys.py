"""Grand diplomacy (20): gifts of gold, claims and areas (20.1), diplomatic parleys with votes
(20.4, 20.5), excommunication and readmission (22.1).

A parley is held as data in ``state.parley``: a ``records.Parley`` (kind:
``claim`` 20.42, ``readmission`` 20.45, ``contest`` 20.41, ``inheritance`` 20.43). Voters decide
one after another, most votes first (20.4), each as a pending ``vote`` decision; the last vote
settles the question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma.decisions import DecisionKind, Pending
from model.rules.eotma.ratings import DIPLOMATIC, leader_religion
from model.rules.eotma.records import NO_PARLEY, Agreement, Parley
from model.rules.eotma.territory import set_owner

if TYPE_CHECKING:
    from model.rules.eotma.position import Position

INFLUENCE = "influence_in_church"
INHERITANCE = "inheritance"
"""The ``contest`` decision's and the parley's word for a contested Dynastic Inheritance (20.43)."""


def is_christian(state: Position, player: int) -> bool:
    """Return whether the player's leader is a Christian in the church (not excommunicated, 22.12)."""
    religion = leader_religion(state, player)
    return religion is not None and state.game.board.group_kind(religion) == "christian"


def votes_of(state: Position, player: int, area: int) -> int:
    """Return a voter's votes: diplomatic stature (20.4), plus the schism table's
    ``byzantine_orthodox_votes`` (20.52: +5) for its ``byzantine`` seat over an area of one of its
    ``orthodox_religions`` during a schism."""
    votes = state.stat[player][DIPLOMATIC]
    game = state.game
    byzantine = game.player_index.get(game.rules.schism_byzantine)
    orthodox = area >= 0 and state.religion[area] in game.rules.orthodox_religions
    if player == byzantine and orthodox and not state.union:
        votes += game.rules.byzantine_orthodox_votes
    return votes


def call(state: Position, kind: str, caller: int, area: int, other: int, effects: list[str]) -> None:
    """Open a parley and queue the votes of every eligible player, most votes first (20.4)."""
    game = state.game
    voters = [
        p for p in range(game.n_players) if is_christian(state, p) or (kind == "readmission" and p == caller)
    ]
    voters.sort(key=lambda p: (-votes_of(state, p, area), p))
    state.parley = Parley(kind, caller, area, other)
    subject = game.board.ids[area] if area >= 0 else game.player_ids[caller]
    effects.append(
        f"{game.player_ids[caller]} calls a parley ({kind}, {subject}); voters: "
        + ", ".join(game.player_ids[p] for p in voters)
    )
    if kind == "claim":
        state.parley_round[caller] = state.round
    if kind == "readmission":
        state.parley_round[caller] = state.round
    for voter in reversed(voters):
        state.pending.append(Pending(DecisionKind.VOTE, voter, kind, (area,)))
    if not voters:
        settle(state, effects)


def influence_votes(state: Position) -> int:
    """Return the votes one Influence in Church Hierarchy card adds (20.51: the card's ``votes``)."""
    card = state.game.rules.event_kinds.get(INFLUENCE)
    return int(card.effect["votes"]) if card is not None else 0


def vote(state: Position, yes: bool, influence: int, effects: list[str]) -> None:
    """Record one voter's block of votes, plus each Influence in Church Hierarchy card's votes (20.51)."""
    decision = state.pending.pop()
    voter = decision.player
    area = decision.data[0] if decision.data else -1
    for _ in range(influence):
        state.holding[voter].remove(INFLUENCE)
        state.event_discard.append(INFLUENCE)
    weight = votes_of(state, voter, area) + influence * influence_votes(state)
    parley = state.parley
    state.parley = parley._replace(yes=parley.yes + weight) if yes else parley._replace(no=parley.no + weight)
    effects.append(f"{state.game.player_ids[voter]} votes {'yes' if yes else 'no'} with {weight}")
    if not any(p.kind == DecisionKind.VOTE for p in state.pending):
        settle(state, effects)


def settle(state: Position, effects: list[str]) -> None:
    """Apply the parley's decision (20.41, 20.42, 20.45; a tied vote favours the caller)."""
    kind, caller, area, other, yes, no = state.parley
    state.parley = NO_PARLEY
    game = state.game
    carried = yes > no or (yes == no and (kind != DecisionKind.CRUSADE or game.rules.crusade_parley_tie))
    effects.append(f"parley {kind}: {yes} yes, {no} no: {'carried' if carried else 'rejected'}")
    if kind == "claim" and carried:
        state.claims[area] |= 1 << caller
        effects.append(f"{game.board.ids[area]}: claim for {game.player_ids[caller]} (20.42)")
    elif kind == "readmission" and carried:
        state.excommunicated[caller] = False
        effects.append(f"{game.player_ids[caller]} is readmitted to the church (20.45)")
    elif kind == DecisionKind.CRUSADE:
        if carried:  # 20.46: a tie calls the crusade only when the crusades table says so
            from model.rules.eotma import crusades

            crusades.begin(state, caller, effects)
    elif kind == "breach" and carried:
        # 20.44: a tie excommunicates too; the broken agreement is over.
        excommunicate(state, other, effects)
        state.agreements = [a for a in state.agreements if a.parties() != {caller, other}]
    elif kind in ("contest", INHERITANCE) and carried:
        # 20.41, 20.43: the caller is the rightful owner; the other returns the area or is excommunicated.
        state.pending.append(Pending(DecisionKind.COMPLY, other, kind, (area, caller)))


def comply(state: Position, returns: bool, effects: list[str]) -> None:
    """20.41, 20.43: the conqueror or heir either gives the contested area back or is excommunicated
    (22.1). A returned inheritance takes its claim with it (the parley found the heir not rightful)."""
    decision = state.pending.pop()
    area, rightful = decision.data
    player = decision.player
    if returns:
        # 22.21: the owner's conversion results negated by the diplomatic conquest stay negated (a
        # return is no conquest and restores nothing); the return is a change of hands other than
        # by conquest, so the returning player may offer its own partial conversion.
        set_owner(state, area, rightful, effects)
        rule = "20.43" if decision.about == INHERITANCE else "20.41"
        effects.append(f"{state.game.board.ids[area]} returned to {state.game.player_ids[rightful]} ({rule})")
        if decision.about == INHERITANCE:
            state.claims[area] &= ~(1 << player)
        offer_transfer(state, area, player, rightful, effects)
    else:
        excommunicate(state, player, effects)


def excommunicate(state: Position, player: int, effects: list[str]) -> None:
    """22.1: the leader counts as pagan (22.11) and leaves the parleys (22.12)."""
    state.excommunicated[player] = True
    state.count("excommunications")
    effects.append(f"{state.game.player_ids[player]} is excommunicated (22.1)")


def give(
    state: Position,
    giver: int,
    receiver: int,
    what: str,
    value: str,
    effects: list[str],
    *,
    conversion: bool = False,
) -> None:
    """20.1: gold, a claim or an area passes freely to another player (unrest stays with the area).

    With ``conversion`` the giver also offers its partial conversion of the area: the receiver
    accepts or refuses it (a ``transfer`` decision, 22.21)."""
    game = state.game
    who, to = game.player_ids[giver], game.player_ids[receiver]
    if what == "gold":
        amount = int(value)
        state.treasury[giver] -= amount
        state.treasury[receiver] += amount
        effects.append(f"{who} gives {amount} gold to {to} (20.1)")
        return
    area = game.board.index[value]
    if what == "claim":
        state.claims[area] &= ~(1 << giver)
        state.claims[area] |= 1 << receiver
        effects.append(f"{who} gives its claim to {value} to {to} (20.1)")
        return
    set_owner(state, area, receiver, effects)
    effects.append(f"{who} gives {value} to {to} (20.1)")
    if conversion:
        results = state.conversion.get((giver, area), 0)
        state.pending.append(Pending(DecisionKind.TRANSFER, receiver, "conversion", (area, giver, results)))
        effects.append(f"{who} offers {to} its {results} conversion results in {value} (22.21)")


def transfer_problem(state: Position, giver: int, receiver: int, area: int) -> str | None:
    """Return why the giver cannot offer its partial conversion of an area it gives, or None (22.21).

    The giver must hold conversion results there; the ``conversion`` table says whether the
    receiver's leader must share the giver's faith (``transfer_same_faith``)."""
    if not state.conversion.get((giver, area)):
        return f"the player has no partial conversion of {state.game.board.ids[area]} to pass on (22.21)"
    game = state.game
    if game.rules.transfer_same_faith and game.leader_religion[giver] != game.leader_religion[receiver]:
        return "a partial conversion passes only to a leader of the same faith (22.21)"
    from model.rules.eotma.endeavours.common import is_conversion  # endeavours import this module

    if not is_conversion(state, receiver, area):
        return f"the receiver's leader has nothing to convert in {game.board.ids[area]} (22.2)"
    return None


OFFER = "offer"
"""The ``transfer`` decision's word when the old owner is asked whether to pass its partial
conversion on (22.21: an area that changed hands other than by conquest or a gift)."""


def offer_transfer(state: Position, area: int, old: int, new: int, effects: list[str]) -> None:
    """22.21: an area passed from one player to another other than by a conquest endeavour or a
    gift (a parley's return, 20.41 and 20.43; an inheritance never has one to offer, since the
    heir takes only an area of its leader's religion, 21.3): the two may agree to pass the old
    owner's partial conversion on. The old owner is asked first (a ``transfer`` decision about
    ``offer``), then the new owner accepts or refuses it."""
    game = state.game
    if not (0 <= old < game.n_players and 0 <= new < game.n_players and state.owner[area] == new):
        return
    if transfer_problem(state, old, new, area) is not None:
        return
    results = state.conversion[(old, area)]
    state.pending.append(Pending(DecisionKind.TRANSFER, old, OFFER, (area, old, results)))
    effects.append(
        f"{game.player_ids[old]} may pass its {results} conversion results in {game.board.ids[area]} "
        f"on to {game.player_ids[new]} (22.21)"
    )


def answer_transfer(state: Position, accepted: bool, effects: list[str]) -> None:
    """22.21: the receiver of a gift takes over the giver's partial conversion of the area, or not
    (the giver then keeps its results, which count again only if the area comes back). Asked of
    the old owner (``offer``), an acceptance offers the results to the area's new owner."""
    decision = state.pending.pop()
    area, giver, results = decision.data
    game = state.game
    who, name = game.player_ids[decision.player], game.board.ids[area]
    if decision.about == OFFER:
        if not accepted:
            effects.append(f"{who} keeps its partial conversion of {name} (22.21)")
            return
        receiver = state.owner[area]
        if receiver == giver or not 0 <= receiver < game.n_players:
            effects.append(f"{name} is no longer another empire's area: nothing to pass on (22.21)")
            return
        state.pending.append(Pending(DecisionKind.TRANSFER, receiver, "conversion", (area, giver, results)))
        to = game.player_ids[receiver]
        effects.append(f"{who} offers {to} its {results} conversion results in {name} (22.21)")
        return
    if not accepted:
        effects.append(f"{who} refuses the partial conversion of {name} (22.21)")
        return
    state.conversion.pop((giver, area), None)
    if state.owner[area] == decision.player and results:
        state.conversion[(decision.player, area)] = results
    effects.append(f"{who} takes over {results} conversion results in {name} (22.21)")


def give_problem(state: Position, giver: int, receiver_id: str, what: str, value: str) -> str | None:
    """Return why this gift is impossible now, or None (20.1: leaders and cards are never given)."""
    game = state.game
    if receiver_id not in game.player_index or game.player_index[receiver_id] == giver:
        return f"{receiver_id!r} is not another empire"
    if what == "gold":
        if not value.isdigit() or not 0 < int(value) <= state.treasury[giver]:
            return f"the treasury holds {state.treasury[giver]} gold"
        return None
    if what not in ("claim", "area"):
        return "only gold, claims and areas may be given (20.1)"
    area = game.board.index.get(value)
    if area is None:
        return f"{value!r} is not a land area"
    if what == "claim" and not state.claims[area] & (1 << giver):
        return f"the player has no claim to {value}"
    if what == "area" and state.owner[area] != giver:
        return f"{value} is not the player's area"
    return None


def agreement_problem(state: Position, player: int, empire: str) -> str | None:
    """Return why this binding agreement cannot be proposed, or None (20.3)."""
    game = state.game
    if empire not in game.player_index or game.player_index[empire] == player:
        return f"{empire!r} is not another empire"
    return None


def agree(state: Position, player: int, empire: str, terms: str, effects: list[str]) -> None:
    """20.3: the other empire must consent for the agreement to be binding (a pending decision)."""
    other = state.game.player_index[empire]
    state.pending.append(Pending(DecisionKind.AGREEMENT, other, terms, (player,)))
    effects.append(
        f"{state.game.player_ids[player]} proposes a binding agreement '{terms}' to {empire} (20.3)"
    )


def answer_agreement(state: Position, accepted: bool, effects: list[str]) -> None:
    """Record the agreement when the other party consents (20.3)."""
    decision = state.pending.pop()
    proposer = decision.data[0]
    who = state.game.player_ids[decision.player]
    if accepted:
        state.agreements.append(Agreement(proposer, decision.player, decision.about))
        effects.append(f"{who} accepts the binding agreement '{decision.about}' (20.3)")
    else:
        effects.append(f"{who} refuses the agreement '{decision.about}'")


def call_problem(state: Position, player: int, kind: str, area_id: str | None) -> str | None:
    """Return why the player cannot call this parley now, or None (20.4, 20.42, 20.44, 20.45)."""
    if kind == "breach":
        if not is_christian(state, player):
            return "only a player whose leader is Christian may call a parley (20.4, 22.12)"
        other = state.game.player_index.get(area_id or "")
        if other is None or not any(a.parties() == {player, other} for a in state.agreements):
            return f"there is no binding agreement with {area_id!r} (20.44)"
        if not is_christian(state, other):
            return "only a Christian leader who breaks an agreement faces a parley (20.3)"
        return None
    if kind == DecisionKind.CRUSADE:
        from model.rules.eotma import crusades

        if not crusades.is_crusader(state, player):
            return "only a player of the crusading church calls a crusade parley (20.46)"
        return crusades.possible(state)
    if state.parley_round[player] == state.round:
        return "a player may call such a parley once per round (20.42, 20.45)"
    if kind == "readmission":
        return (
            None
            if state.excommunicated[player]
            else "only an excommunicated player asks for readmission (20.45)"
        )
    if kind != "claim":
        return f"no parley of kind {kind!r}; call 'parley claim AREA' or 'parley readmission'"
    if not is_christian(state, player):
        return "only a player whose leader is Christian may call a parley (20.4, 22.12)"
    area = state.game.board.index.get(area_id or "")
    if area is None:
        return f"{area_id!r} is not a land area"
    bit = 1 << player
    if state.owner[area] != player or not state.ties[area] & bit:
        return f"a claim parley needs possession of {area_id} and a tie to it (20.42)"
    if state.claims[area] & bit:
        return f"the player already has a claim to {area_id}"
    return None
