"""A heuristic EotMA bot: values gold, social state, areas and victory points, defends its court.

It never looks ahead. Endeavours are scored by expected value with the odds of the year-card
deck at each rating (computed once per deck); taxes are raised where the expected gold beats
the expected loss of the area to rebellion. It converts its own areas of another faith (22.2)
when the conversion points outweigh the levels at risk, plays a leader card just before an
endeavour of its stature (36.11) and Diplomatic Coup on a rival's tie to its own areas (12.43).
It calls a claim parley (20.42) or a readmission parley (20.45) when it expects to carry the
vote, first giving a gold (20.1) to the one voter whose support would turn it (not for a claim
rule 18 will give it anyway); it votes for the parleys of empires behind it in victory
points or of one that gave it gold this round. It lends to a trailing crusader and asks for a
loan itself when short of gold (23.32). It raises one fleet when rich enough (34.1), moves army points
to the frontier and to the base of its planned attack (33.4, 33.5), and as an
exile asks the best court for asylum once a round (21.2). It rules several palace areas with one
card when that beats its best endeavour (35.33), gives up its least useful holding card over the
hand limit (19.2), removes unpaid fleets and interior armies first (33.23) and takes over any
partial conversion offered with a gift (22.21). As a host it grants
asylum (21.2) and revokes it, at its first decision after, once the exile has a tie or claim on
one of its areas, leads it in victory points or voted against its parley (it refuses such an
exile asylum in the first place); as an exile it asks a court that would take it, first removes
its ties to the host's areas (12.43), also while in asylum, and uses the asylum for diplomacy
toward an area that could be its court again (21.3). When taxation leaves it without gold for an
endeavour it plunders an untaxable area (16.2) near the end; it fortifies an area another empire
or a Magnate borders when a share of the area is worth the gold (14.31, 14.32), and lowers the
fortification of an area it is about to convert when the rating gained on the results the
conversion still needs is worth more than the fortification (14.43, 14.31), and ties an own area
it would convert to halve the results needed (22.24); with no tie on its own areas to break, it
plays Diplomatic Coup on a leading empire's step to a claim (12.43, 18). Its weights are the
ruleset's ``bot`` table (``botweights``).

Straits of the map are land borders to it, as to the rules (2.1): a conquest across one pays no
sea gold (9.17) and is not halved (9.32) unless the base's own line of communications crosses
the sea (7.51). It has no bonus of its own for them: in the shipped scenarios every strait it
leaves alone either has no empire at either end or leads to an area not worth its endeavour
(``scenarios/sources/medieval-europe/README.md``, "Straits in play").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from model.rules.eotma import armies, botdiplomacy, endeavours, events, parleys, rebellion, victory
from model.rules.eotma.actions import (
    Accept,
    BeginTaxation,
    Build,
    ChooseSlot,
    Conquest,
    Contest,
    CrusadeAttack,
    CrusadeBorrow,
    CrusadePass,
    CrusadePillage,
    CrusaderState,
    Decline,
    Defend,
    Disband,
    Discard,
    Endeavour,
    EndMovement,
    EndTaxation,
    EndTurn,
    Lose,
    MoveArmy,
    Oppose,
    Plunder,
    ReduceFort,
    Refuse,
    Relocate,
    RevokeAsylum,
    RulePalaces,
    Tax,
    Vote,
    Waive,
)
from model.rules.eotma.botweights import BotWeights
from model.rules.eotma.cards import YearCard
from model.rules.eotma.conversion import conversion_differential
from model.rules.eotma.data import Rules, default_rules
from model.rules.eotma.decisions import COMMERCE, DecisionKind
from model.rules.eotma.endeavours.common import is_conversion, problem
from model.rules.eotma.endeavours.diplomacy import outcome
from model.rules.eotma.legal import candidate_action, deciding_player, revoke_problem
from model.rules.eotma.moves import legal_actions, why_not
from model.rules.eotma.ratings import (
    base_rating,
    cost,
    partial_against,
)
from model.rules.eotma.records import Located
from model.rules.eotma.state import EotmaState
from model.rules.eotma.taxation import plunder_problem, tax_problem
from model.rules.eotma.territory import connection, sea_range, suitable_court
from model.rules.protocol import Action, State
from model.rules.ranking import first_distinct

LOW, HIGH = -15, 25
"""Ratings outside this range behave like its ends for every card."""
SPAN = HIGH - LOW


def _first(item: tuple[float, object, int]) -> float:
    return item[0]


# 2d6 sums: ways out of 36.
_WAYS = {s: 6 - abs(s - 7) for s in range(2, 13)}


@dataclass(frozen=True)
class Odds:
    """Fractions of the deck giving each result at each rating (index: rating - LOW)."""

    conquest: tuple[float, ...]
    conquest_base_loss: tuple[float, ...]
    conquest_target_loss: tuple[float, ...]
    pillage_gold: tuple[float, ...]
    pillage_target: tuple[float, ...]
    diplomacy_c: tuple[float, ...]
    diplomacy_t: tuple[float, ...]
    fortify: tuple[float, ...]
    rule_plus: tuple[float, ...]
    rule_minus: tuple[float, ...]

    @staticmethod
    def at(table: tuple[float, ...], rating: int) -> float:
        """Return a table's value at a rating (clamped to the table's range)."""
        return table[min(max(rating, LOW), HIGH) - LOW]


def _fraction(cards: tuple[YearCard, ...], kind: str, code: str, column: str, rating: int) -> float:
    hits = sum(
        1
        for card in cards
        if any(r.code == code and r.column == column and r.applies(rating) for r in card.for_kind(kind))
    )
    return hits / len(cards)


@cache
def odds(rules: Rules) -> Odds:
    """Return the deck's odds for every rating (cached per ruleset tables)."""
    cards = rules.year_cards
    span = range(LOW, HIGH + 1)

    def table(kind: str, code: str, column: str) -> tuple[float, ...]:
        return tuple(_fraction(cards, kind, code, column, r) for r in span)

    dip = [[outcome(card, r) for card in cards] for r in span]
    return Odds(
        conquest=table("conquest", "C", "result"),
        conquest_base_loss=table("conquest", "-1", "base"),
        conquest_target_loss=table("conquest", "-1", "target"),
        pillage_gold=table("pillage", "G", "result"),
        pillage_target=table("pillage", "-1", "target"),
        diplomacy_c=tuple(row.count("C") / len(cards) for row in dip),
        diplomacy_t=tuple(row.count("T") / len(cards) for row in dip),
        fortify=table("fortify", "F", "result"),
        rule_plus=table("rule", "+1", "target"),
        rule_minus=table("rule", "-1", "target"),
    )


class EotmaHeuristicBot:
    """Plays EotMA sensibly and fast: taxes prudently, expands, rules unrest away, defends."""

    def __init__(self, weights: BotWeights | None = None) -> None:
        self._weights = weights
        """Weights fixed at construction (a benchmark's variant), else the ruleset's ``bot`` table."""
        self.w: BotWeights = weights if weights is not None else default_rules().bot
        self._memo: tuple[tuple[int, int, int, int], list[Located]] | None = None
        self._tax_key: tuple[int, int, int] | None = None
        self._tax_plan: list[tuple[int, int]] = []
        self._lower_first: set[int] = set()
        """Own areas the last scoring would convert (22.2) only after lowering their fort (14.43)."""

    def choose(self, state: State) -> Action:
        """Return the bot's action for the current player."""
        assert isinstance(state, EotmaState)
        if self._weights is None:
            self.w = state.game.rules.bot
        revoke = self._revoke(state)
        if revoke is not None:
            return revoke
        if state.pending:
            return self._decide(state)
        if state.phase == "initiative":
            free = [s for s in range(1, state.game.n_players + 1) if s not in state.slots]
            return ChooseSlot(free[0])
        player = state.active()
        if state.step == "move":
            return self._move(state, player)
        if state.tax_stage == 1:
            return self._tax(state, player)
        parley = self._parley(state, player)
        if parley is not None:
            return parley
        coup = botdiplomacy.coup(state, player, self.w)
        if coup is not None:
            return coup
        asylum = botdiplomacy.ask_asylum(state, player, self.w)
        if asylum is not None:
            return asylum
        slight = self._slight(state, player)
        if slight is not None:
            return slight
        if state.is_exiled(player):
            diplomacy = self._exile_diplomacy(state, player)
            if diplomacy is not None:
                return diplomacy
        if state.tax_stage == 0 and not state.is_exiled(player) and self._wants_tax(state, player):
            return BeginTaxation()
        if state.hand[player] and (
            state.endeavours_done == 0 or len(state.hand[player]) > self.w.keep_for_defense
        ):
            best: tuple[float, Action] | None = self._best_endeavour(state, player)
            palaces = self._palaces(state, player)
            if palaces is not None and (best is None or palaces[0] > best[0]):
                best = palaces
            if best is not None and (state.endeavours_done == 0 or best[0] > 0.25):
                lower = self._lower_fort(state, player, best[1])
                if lower is not None:
                    return lower
                card = botdiplomacy.leader_card(state, player, best[1])
                return card if card is not None else best[1]
        if state.endeavours_done == 0 and not state.is_exiled(player) and state.hand[player]:
            return legal_actions(state)[0]
        if state.tax_stage == 0 and not state.is_exiled(player):
            return BeginTaxation()
        return EndTurn()

    def shortlist(self, state: State, k: int) -> list[Action]:
        """Return at most ``k`` distinct legal actions, best first: the bot's own choice, then in
        its main step the endeavours its scoring ranks next (those rated above nothing first),
        beginning taxation and ending the turn, then the rest; at a tax, the areas of its tax
        plan and the end of taxation; elsewhere (decisions, movement, initiative) the other
        answers the rules list, in their order."""
        assert isinstance(state, EotmaState)
        ranked: list[Action] = [self.choose(state)]
        if k > 1:
            ranked += self._alternatives(state)
        return first_distinct(ranked, k, lambda action: why_not(state, action))

    def _alternatives(self, state: EotmaState) -> list[Action]:
        """The actions :meth:`shortlist` offers after the bot's choice, best first (unchecked)."""
        listed = legal_actions(state)
        if state.pending or state.phase != "turn" or state.step == "move":
            return listed
        player = state.active()
        if state.tax_stage == 1:
            ids = state.game.board.ids
            return [*(Tax(ids[area], amount) for area, amount in self._tax_plan), EndTaxation(), *listed]
        exiled = state.is_exiled(player)
        scored = [] if exiled else self._score(state, player, self._candidates(state, player))
        good = [self._action(state, at, gold) for value, at, gold in scored if value > 0]
        poor = [self._action(state, at, gold) for value, at, gold in scored if value <= 0]
        passing = [action for action in listed if isinstance(action, BeginTaxation | EndTurn)]
        return [*good, *passing, *poor, *listed]

    def _lower_fort(self, state: EotmaState, player: int, action: Action) -> Action | None:
        """14.43, 14.31: before converting an own fortified area (22.2), lower its fortification,
        which counts against the converter's own rating, when the scoring found the conversion
        worth more that way (``_fort_to_lower`` prices the fortification given up)."""
        if not isinstance(action, Conquest):
            return None
        target = state.game.board.index.get(action.target, -1)
        if target < 0 or target not in self._lower_first or not state.fort[target]:
            return None
        return ReduceFort(action.target)

    def _slight(self, state: EotmaState, player: int) -> Action | None:
        """14.43, 14.41: lower a strength-3 fortification to 2 in an own area (not the court) that
        one more conquest result of a rival takes (10.3): a conquest destroys a strength-2
        fortification but hands a strength-3 one over as the conqueror's strength 2."""
        if not self.w.slight_before_fall or state.is_exiled(player):
            return None
        board = state.game.board
        for (target, _base), (rival, results) in sorted(state.partial.items()):
            if rival == player or state.owner[target] != player or target == state.court[player]:
                continue
            if state.fort[target] >= 3 and results >= board.population[target] - 1:
                return ReduceFort(board.ids[target])
        return None

    @staticmethod
    def _threatened(state: EotmaState, player: int, area: int) -> bool:
        """Whether another empire or a Magnate holds an area bordering ``area`` (one that can
        attack it: independent areas never do)."""
        owner = state.owner
        return any(owner[n] >= 0 and owner[n] != player for n in state.game.board.adj[area])

    def _exile_diplomacy(self, state: EotmaState, player: int) -> Action | None:
        """21.2, 21.3: an exile in asylum undertakes diplomacy endeavours from its host's court
        toward the areas that could be its court again (its leader's language and religion): a
        diplomatic conquest of one ends the exile (21.3), a tie is the step to it (12.3). Never
        against the host's areas, whose tie would make the host revoke the asylum; only while
        one is worth its gold (``exile_return_value`` for ending the exile)."""
        host = state.asylum[player]
        if not self.w.exile_diplomacy or host < 0 or not state.hand[player]:
            return None
        board = state.game.board
        base = state.court[host]
        courts = set(state.court) | set(state.mag_court)
        candidates = [
            Located("diplomacy", player, target, base, 0)
            for target in range(board.n)
            if target not in courts
            and state.owner[target] not in (player, host)
            and suitable_court(state, player, target)
        ]
        for value, at, gold in self._score(state, player, candidates):
            if value <= 0:
                break
            action = self._action(state, at, gold)
            if problem(state, player, action) is None:
                return action
        return None

    def _fort_to_lower(self, state: EotmaState, player: int, target: int) -> tuple[int, float]:
        """The fortification strength the bot could lower (14.43) before converting ``target``
        (22.2), and what giving it up costs in VP; (0, 0) when it keeps it.

        Where no other empire or Magnate borders the area the fortification only lowers its
        rebellion value (14.32): ``fort_level_value`` a level. Where one does, it also guards the
        area against conquest (14.31): worth what the bot would pay to fortify it
        (``_fort_guard``); with ``fort_threat_share`` 0 it is never lowered in an area with a
        foreign neighbour."""
        if not self.w.reduce_fort_to_convert or not state.fort[target] or state.owner[target] != player:
            return 0, 0.0
        if not is_conversion(state, player, target):
            return 0, 0.0
        strength = state.fort[target]
        exposed = any(state.owner[n] != player for n in state.game.board.adj[target])
        if exposed and self.w.fort_threat_share <= 0:
            return 0, 0.0
        if exposed and self._threatened(state, player, target):
            return strength, max(strength * self.w.fort_level_value, self._fort_guard(state, target))
        return strength, strength * self.w.fort_level_value

    def _fort_guard(self, state: EotmaState, area: int) -> float:
        """What a fortification of an area another empire or a Magnate borders is worth, in VP
        (14.31, 14.32): ``fort_threat_share`` of the area's worth, scaled down over the last
        three rounds (fewer turns left in which it guards the area)."""
        board = state.game.board
        area_value = 3.0 + state.ss[area] + max(board.population[area], 0)
        rounds_left = state.game.rounds - state.round
        return self.w.fort_threat_share * area_value * min(1.0, rounds_left / 3)

    # --- asylum (21.2) ---

    @staticmethod
    def _threat(state: EotmaState, host: int, exile: int) -> bool:
        """Whether an exile works against its host: it has a tie or a claim on one of the host's
        areas, the first step of a diplomatic conquest (12.1, 20.42) the host's court would base."""
        bit = 1 << exile
        ties, claims = state.ties, state.claims
        return any(owner == host and (ties[a] | claims[a]) & bit for a, owner in enumerate(state.owner))

    def _revoke(self, state: EotmaState) -> Action | None:
        """Revoke an asylum (21.2) as soon as its exile has become a threat, at any decision."""
        host = deciding_player(state)
        if host < 0 or host not in state.asylum:
            return None
        ids = state.game.player_ids
        for exile, given in enumerate(state.asylum):
            if given != host:
                continue
            unwanted = (
                self._threat(state, host, exile)
                or self._ahead(state, host, exile)
                or (self.w.revoke_for_vote and self._voted_against(state, host, exile))
            )
            if unwanted and revoke_problem(state, ids[exile]) is None:
                return RevokeAsylum(ids[exile])
        return None

    def _ahead(self, state: EotmaState, host: int, exile: int) -> bool:
        """Whether an exile leads its host by ``revoke_lead`` victory points or more: the host's
        court would base the diplomacy of an empire it should hold back (21.2, 20.4)."""
        if self.w.revoke_lead < 0:
            return False
        points = victory.victory_points(state)
        return points[exile] - points[host] >= self.w.revoke_lead

    @staticmethod
    def _voted_against(state: EotmaState, host: int, exile: int) -> bool:
        """Whether the exile voted no this round on a parley the host called (20.4), read from
        the log: the host's favour (21.2) is not returned."""
        ids = state.game.player_ids
        recent = []
        for entry in reversed(state.log):
            if entry.round != state.round:
                break
            recent.append(entry)
        caller: str | None = None
        for entry in reversed(recent):
            if entry.action.startswith("parley "):
                caller = entry.player
            elif caller == ids[host] and entry.player == ids[exile] and entry.action.startswith("vote no"):
                return True
        return False

    # --- parleys (20.4) and palaces (35.33) ---

    def _parley(self, state: EotmaState, player: int) -> Action | None:
        """A claim or readmission parley, or the gold that turns its vote (``botdiplomacy.parley``)."""
        return botdiplomacy.parley(state, player, self.w)

    def _palaces(self, state: EotmaState, player: int) -> tuple[float, Action] | None:
        """Return one ruling of the palace areas worth ruling (35.33) and its value, when two or
        more are: each area valued as the bot values a ruling there, one card for them all."""
        if not state.game.options.civilisation_markers or state.is_exiled(player):
            return None
        areas = endeavours.palace_areas(state, player)
        if len(areas) < 2:
            return None
        table = odds(state.game.rules)
        worth: list[tuple[float, int]] = []
        for area, seas in areas.items():
            const, terms, _penalty = self._curve(state, player, "rule", area, table)
            rating = base_rating(state, player, "rule", area, area, seas)
            value = const - cost(state, "rule", seas, 0) * self.w.gold_value
            value += sum(weight * Odds.at(curve, rating) for curve, weight in terms)
            if value > 0:
                worth.append((value, area))
        if len(worth) < 2:
            return None
        chosen = sorted(a for _v, a in worth)
        if endeavours.palace_problem(state, player, chosen) is not None:
            return None
        ids = state.game.board.ids
        action = RulePalaces() if len(chosen) == len(areas) else RulePalaces(tuple(ids[a] for a in chosen))
        return sum(v for v, _a in worth), action

    # --- army movement (33.4) ---

    def _move(self, state: EotmaState, player: int) -> Action:
        """Move one army point from an area with no foreign neighbour to the nearest frontier
        area short of armies (the court first); then (``army_to_attack_base``) points no rival
        can attack to the base of the turn's planned attack; end the movement when no such move
        is left.

        Points only leave interior areas, or unthreatened ones for the planned base, and every
        move spends movement (33.4), so the moves of a turn cannot go on undoing one another.
        """
        board = state.game.board
        owner = state.owner
        army = state.army
        if state.moves_left <= 0:
            return EndMovement()
        court = state.court[player]
        cap = min(2, state.game.rules.max_unit)
        best: tuple[tuple[int, int, int], int, int] | None = None
        for source, holder in enumerate(owner):
            if holder != player or not army[source]:
                continue
            if any(owner[n] != player for n in board.adj[source]):
                continue  # a frontier army stays where it is
            for target, (spaces, seas) in armies.routes(state, player, source).items():
                if seas or spaces > state.moves_left or army[target] >= cap:
                    continue
                if not any(owner[n] != player for n in board.adj[target]):
                    continue
                key = (0 if target == court else 1, spaces, target)
                if best is None or key < best[0]:
                    best = (key, source, target)
        if best is None:
            toward = self._to_attack_base(state, player, cap) if self.w.army_to_attack_base else None
            return toward if toward is not None else EndMovement()
        _key, source, target = best
        return MoveArmy(board.ids[source], board.ids[target], 1)

    def _to_attack_base(self, state: EotmaState, player: int, cap: int) -> Action | None:
        """33.4, 33.5: move one army point by land to the base of the turn's best-valued conquest
        or pillage of another's area (each point there adds one to the attack), from an own area
        no rival borders (independent areas never attack, so its army only waits there); the
        nearest such point first. None when no attack is worth making, the base is full or no
        point can reach it this turn."""
        board = state.game.board
        owner = state.owner
        plan = next(
            (
                at
                for value, at, _gold in self._score(state, player, self._candidates(state, player))
                if value > 0 and at.kind in ("conquest", "pillage") and owner[at.target] != player
            ),
            None,
        )
        if plan is None or state.army[plan.base] >= cap:
            return None
        best: tuple[int, int] | None = None
        for source, holder in enumerate(owner):
            if holder != player or not state.army[source] or source == plan.base:
                continue
            if self._threatened(state, player, source):
                continue
            route = armies.routes(state, player, source).get(plan.base)
            if route is None or route[1] or route[0] > state.moves_left:
                continue  # by land only: a crossing costs gold the attack may need (33.42)
            if best is None or (route[0], source) < best:
                best = (route[0], source)
        if best is None:
            return None
        return MoveArmy(board.ids[best[1]], board.ids[plan.base], 1)

    # --- decisions inside another player's turn ---

    def _decide(self, state: EotmaState) -> Action:
        decision = state.pending[-1]
        actions = legal_actions(state)
        if decision.kind in (DecisionKind.DEFENSE, DecisionKind.NPC_DEFENSE):
            if decision.kind == DecisionKind.NPC_DEFENSE:
                target = decision.data[0]
            else:
                assert decision.action is not None  # a defense holds its endeavour
                target = state.game.board.index[decision.action.target]
            player = decision.player
            valuable = target == state.court[player] or state.ss[target] >= 1 or state.fort[target] >= 2
            defends = [a for a in actions if isinstance(a, Defend)]
            if valuable and defends:
                budget = min(3, max(0, state.treasury[player] - 4) // 2)
                affordable = [a for a in defends if a.gold <= budget]
                return max(affordable or defends[:1], key=lambda a: a.gold)
            return Decline()
        if decision.kind == DecisionKind.OPPOSE:
            # 12.2: gold against diplomacy aimed at its own area or one it has a tie to; other
            # players' dealings with the rest of the map are not worth its gold.
            player = decision.player
            assert decision.action is not None  # an opposition holds its endeavour
            target = state.game.board.index[decision.action.target]
            concerned = state.owner[target] == player or bool(state.ties[target] & (1 << player))
            gold = 2 if state.treasury[player] >= 10 else (1 if state.treasury[player] >= 5 else 0)
            gold = gold if concerned else 0
            options = [a for a in actions if isinstance(a, Oppose) and a.gold <= gold]
            return max(options, key=lambda a: a.gold)
        if decision.kind == DecisionKind.VOTE:
            caller, voter = state.parley.caller, decision.player
            if caller == voter:
                return Vote(True)
            if state.parley.kind not in ("claim", "readmission"):
                return Vote(False)  # contests, breaches, crusades: it keeps out of others' quarrels
            points = victory.victory_points(state)
            return Vote(
                botdiplomacy.votes_yes(points, voter, caller, voter in botdiplomacy.gold_given(state, caller))
            )
        if decision.kind == DecisionKind.CONTEST:
            return Contest()
        if decision.kind == DecisionKind.WAIVE:
            return Waive(False)  # an opponent's rebellion is no loss to this bot
        if decision.kind == DecisionKind.COMPLY:
            return Accept()
        if decision.kind == DecisionKind.CRUSADE:
            attacks = [a for a in actions if isinstance(a, CrusadeAttack | CrusadePillage) and a.gold == 0]
            if attacks:
                return attacks[0]
            # Short of gold for the conquest, it asks the richest empire not yet asked for a loan.
            loans = [a for a in actions if isinstance(a, CrusadeBorrow)]
            if loans:
                index = state.game.player_index
                return max(loans, key=lambda a: (state.treasury[index[a.empire]], a.empire))
            return CrusadePass()
        if decision.kind == DecisionKind.AGREEMENT:
            return Refuse()  # it trusts no one
        if decision.kind == DecisionKind.ROUTE:
            return actions[0]  # the route with the fewest unfriendly areas (23.32 step 3)
        if decision.kind == DecisionKind.CRUSADER_STATE:
            # It gives away only what another crusader conquered (23.32 step 5).
            own = any(state.owner[a] == decision.player for a in decision.data)
            return CrusaderState("no" if own else "rule")
        if decision.kind == DecisionKind.CONSENT:
            own = any(state.owner[a] == decision.player for a in decision.data[1:])
            return Refuse() if own else Accept()
        if decision.kind == DecisionKind.PASSAGE:
            return Accept()  # a refusal makes the crusaders conquer the area
        if decision.kind == DecisionKind.ASYLUM:
            # An exile's diplomacy rarely hurts the host, unless it already reaches for its areas
            # or leads the host (the bot would revoke such an asylum at once, 21.2).
            host, exile = decision.player, decision.data[0]
            unwanted = self._threat(state, host, exile) or self._ahead(state, host, exile)
            return Refuse() if unwanted else Accept()
        if decision.kind == DecisionKind.LOAN:
            # 23.32 step 2: gold lent helps the borrower; it lends to a crusader behind it in
            # victory points (the crusade fights the common foe) when it keeps a reserve.
            borrower, gold = decision.data[0], decision.data[1]
            points = victory.victory_points(state)
            rich = state.treasury[decision.player] - gold >= self.w.lend_reserve
            return Accept() if rich and points[borrower] < points[decision.player] else Refuse()
        if decision.kind == DecisionKind.TRANSFER:
            if decision.about == parleys.OFFER:
                return Refuse()  # 22.21: kept, its results count again if the area comes back
            return Accept()  # conversion results toward its own faith cost nothing (22.21)
        if decision.kind == DecisionKind.LOSS:
            return self._loss(actions)
        if decision.kind == DecisionKind.DISCARD:
            return min(
                (a for a in actions if isinstance(a, Discard)),
                key=lambda a: (self._card_worth(state, decision.player, a.card), a.card),
            )
        if decision.kind == DecisionKind.MAINTAIN:
            return min(
                (a for a in actions if isinstance(a, Disband)),
                key=lambda a: self._unit_worth(state, decision.player, a),
            )
        relocations = [a for a in actions if isinstance(a, Relocate)]
        if relocations:
            return max(relocations, key=lambda a: state.game.board.population[state.game.board.index[a.area]])
        # A decision this bot has no policy for yet: any legal answer keeps the game going.
        return actions[0]

    @staticmethod
    def _loss(actions: list[Action]) -> Action:
        """33.33, 35.24: a pillager destroys the marker worth most to its owner (a palace, then a
        university, a commerce, a cathedral); a player gives up an army point rather than a
        level, which yields gold every round while the point costs gold to keep (33.23)."""
        words = {a.what for a in actions if isinstance(a, Lose)}
        for choice in ("palace", "university", "commerce", "cathedral", "army"):
            if choice in words:
                return Lose(choice)
        return Lose("level")

    @staticmethod
    def _card_worth(state: EotmaState, player: int, card: str) -> float:
        """How much the bot wants to keep a holding card (19.2): a leader card in its years most
        (36.11), a Diplomatic Coup next (12.43), Influence only for a Christian voter (20.51)."""
        effect = state.game.rules.event_kinds[card].effect
        kind = effect.get("type")
        if kind == "leader":
            years = state.game.rules.event_kinds[card].years
            over = years is not None and state.game.year(state.round) > years[1]
            return 0.0 if over else (3.0 if events.in_years(state, card) else 1.0)
        if kind == "votes":
            return 2.0 if parleys.is_christian(state, player) else 0.0
        return 1.5

    @staticmethod
    def _unit_worth(state: EotmaState, player: int, action: Disband) -> tuple[int, int, int]:
        """Order of removal for unpaid unit points (33.23): fleets (the bot does not use them),
        then armies away from any foreign border, then others, the court's last; bigger stacks first."""
        board = state.game.board
        area = board.index[action.area]
        if action.unit == "fleet":
            return (0, -state.fleet[area], area)
        exposed = any(state.owner[n] != player for n in board.adj[area])
        rank = 1 if not exposed else (3 if area == state.court[player] else 2)
        return (rank, -state.army[area], area)

    # --- taxation ---

    def _wants_tax(self, state: EotmaState, player: int) -> bool:
        return state.endeavours_done > 0 or state.treasury[player] < 4 or not state.hand[player]

    def _tax(self, state: EotmaState, player: int) -> Action:
        """Tax from a plan made once per taxation block: each connected area at its best amount.

        It never plunders: the plunder table's expected gold does not pay for the unrest.
        """
        key = (id(state), state.round, state.turn)
        if self._tax_key != key:
            self._tax_key = key
            plan: list[tuple[float, int, int]] = []
            for area in connection(state, player):
                if area in state.taxed:
                    continue
                options = [
                    (self._tax_value(state, player, area, n), area, n) for n in range(1, state.ss[area] + 1)
                ]
                if options:
                    best = max(options)
                    if best[0] > 0:
                        plan.append(best)
            plan.sort(reverse=True)
            self._tax_plan = [(area, amount) for _v, area, amount in plan]
        ids = state.game.board.ids
        while self._tax_plan:
            area, amount = self._tax_plan.pop(0)
            if tax_problem(state, player, area, amount) is None:
                return Tax(ids[area], amount)
        plunder = self._plunder(state, player)
        return plunder if plunder is not None else EndTaxation()

    def _plunder(self, state: EotmaState, player: int) -> Action | None:
        """16.2: plunder one area that cannot be taxed (social state zero or lower, 16.11) when
        taxation left the treasury too short for an endeavour, in the last ``plunder_rounds_left``
        rounds (+1) of the game, if the expected gold (11.3) is
        worth more than the level it costs (16.22) and the unrest it brings (16.23). Never an
        area already in unrest (16.23: a rebellion check) nor the court (counted double)."""
        w = self.w
        if state.treasury[player] >= w.plunder_short or not state.hand[player]:
            return None
        if state.game.rounds - 1 - state.round > w.plunder_rounds_left:  # rounds count from 0
            return None  # earlier, the unrest costs it endeavours to quell (15.3) and rebellions (17)
        rules = state.game.rules
        gold = sum(rules.pillage_gold.values()) / len(rules.pillage_gold)
        value = gold * w.plunder_gold_value - rules.vp_per_ss - w.plunder_unrest
        if value <= 0:
            return None
        options = [
            (state.ss[a], state.game.board.population[a], a)
            for a in connection(state, player)
            if 0 >= state.ss[a] > rules.ss_min
            and not state.unrest[a]
            and a != state.court[player]
            and plunder_problem(state, player, a) is None
        ]
        if not options:
            return None
        return Plunder(state.game.board.ids[max(options)[2]])

    def _tax_value(self, state: EotmaState, player: int, area: int, amount: int) -> float:
        if area == state.court[player]:
            return amount * self.w.gold_value + 0.01
        rv = rebellion.rebellion_value(state, area, amount)
        rules = state.game.rules
        rebel = sum(_WAYS[s] for s in rules.rebellion_set(rv - rules.rebellion_offset)) / 36
        unrest = sum(_WAYS[s] for s in rules.rebellion_set(rv)) / 36 - rebel
        keep = 1 - rebel
        area_value = rules.vp_area + state.ss[area] + 2
        return keep * amount * self.w.gold_value - rebel * area_value - unrest * 0.8

    # --- endeavours ---

    def _candidates(self, state: EotmaState, player: int) -> list[Located]:
        """Return the endeavours worth scoring: one best base per foreign target, useful domestic ones,
        and diplomacy near home only (a restricted set: scoring every legal endeavour is too slow)."""
        game = state.game
        board = game.board
        owner = state.owner
        conn = connection(state, player)
        best_base: dict[int, tuple[tuple[int, int], int, int]] = {}
        by_rating = self.w.base_by_rating
        sea_gold = game.rules.sea_gold
        for base, to_base in conn.items():
            merit = state.ss[base] - partial_against(state, base) + state.army[base]
            options = [(t, 0) for t in board.adj[base]]
            if board.coast[base]:
                reach = sea_range(state, base)
                options += [(t, seas) for t, seas in board.sea_reach(base).items() if seas <= reach]
            for target, seas in options:
                if owner[target] == player:
                    continue
                total = to_base + seas
                if by_rating:
                    # The conquest rating from this base, sea adjustment included (9.32), less a
                    # point per sea area on the line (9.17: a gold each, and a gold buys a point,
                    # 9.33); of equal bases the one with fewer sea areas, so a strait (a land
                    # border, 2.1) before a sea crossing.
                    rating = base_rating(state, player, "conquest", target, base, total)
                    key = (rating - total * sea_gold, -total)
                else:
                    key = (merit * 4 - total * 3 - (4 if seas >= 2 else 0), 0)
                known = best_base.get(target)
                if known is None or key > known[0]:
                    best_base[target] = (key, base, total)
        found: list[Located] = []
        ss_min = game.rules.ss_min
        courts = set(state.court) | set(state.mag_court)
        for target, (_key, base, seas) in best_base.items():
            found.append(Located("conquest", player, target, base, seas))
            if state.ss[target] > ss_min:
                found.append(Located("pillage", player, target, base, seas))
            if owner[target] == -1 and target not in courts:
                found.append(Located("diplomacy", player, target, state.court[player], 0))
        bit = 1 << player
        court = state.court[player]
        rule: list[tuple[tuple[int, int, int], int, int]] = []
        fortify: list[tuple[tuple[int, int, int], int, int]] = []
        ties: list[tuple[int, int]] = []
        for area, seas in conn.items():
            exposed = any(owner[n] != player for n in board.adj[area])
            if state.unrest[area] or state.ss[area] < 3:
                # Unrest first, then the lowest social states, then the most populous.
                rule.append(
                    ((0 if state.unrest[area] else 1, state.ss[area], -board.population[area]), area, seas)
                )
            if state.fort[area] < 3 and (area == court or exposed):
                # The court first, then (with ``fort_threat_share``) areas a rival borders.
                threat = 0 if self.w.fort_threat_share > 0 and self._threatened(state, player, area) else 1
                fortify.append(((0 if area == court else 1, threat, -board.population[area]), area, seas))
            if game.options.armies_fleets and exposed and state.army[area] < 2:
                found.append(Located("raise_army", player, area, area, seas))
            if not state.ties[area] & bit and area not in courts:
                ties.append((-board.population[area], area))
        found += self._conversion_candidates(state, player, conn)
        if game.options.armies_fleets:
            found += self._fleet_candidates(state, player, conn)
        if game.options.civilisation_markers:
            found += self._build_candidates(state, player, conn)
        # A large empire has many areas: score only the most promising domestic endeavours.
        limit = self.w.domestic_width
        found += [Located("rule", player, a, a, seas) for _k, a, seas in sorted(rule)[:limit]]
        found += [Located("fortify", player, a, a, seas) for _k, a, seas in sorted(fortify)[: limit // 2]]
        found += [Located("diplomacy", player, a, court, 0) for _k, a in sorted(ties)[: limit // 2]]
        return found

    def _conversion_candidates(self, state: EotmaState, player: int, conn: dict[int, int]) -> list[Located]:
        """22.2: a conquest of an own connected area of another religion, based in the area or the
        adjacent own area with the highest social state (a base's -1 result then falls on an area
        that can spare a level rather than on the area being converted)."""
        board = state.game.board
        owner = state.owner
        found: list[Located] = []
        for area, seas in conn.items():
            if not is_conversion(state, player, area):
                continue
            bases = [area, *(n for n in board.adj[area] if owner[n] == player)]
            base = max(bases, key=lambda b: (state.ss[b] - partial_against(state, b), b != area, -b))
            found.append(Located("conquest", player, area, base, seas))
        return found

    def _fleet_candidates(self, state: EotmaState, player: int, conn: dict[int, int]) -> list[Located]:
        """34.1, 34.31: one fleet point while it has none, in the coastal connected area (the
        court first, then the most populous) whose sea reach holds the most foreign areas: a
        fleet lengthens its reach across the sea and guards the sea lanes."""
        if state.treasury[player] < self.w.fleet_reserve:
            return []  # a fleet costs upkeep each round (33.23): not one it would disband at once
        if any(state.fleet[a] for a, owner in enumerate(state.owner) if owner == player):
            return []
        board = state.game.board
        options = [
            (
                sum(1 for t in board.sea_reach(a) if state.owner[t] != player),
                a == state.court[player],
                board.population[a],
                -a,
            )
            for a in conn
            if board.coast[a]
        ]
        if not options:
            return []
        best = max(options)
        if best[0] == 0:
            return []
        area = -best[3]
        return [Located("raise_fleet", player, area, area, conn[area])]

    def _conversion_value(self, state: EotmaState, player: int, area: int) -> float:
        """The victory points one C result toward converting an own area is worth: the conversion
        points (22.28) of the area and, for a pagan group, of the group's other areas that convert
        with it (22.25, valued up to ``conversion_group_cap`` areas), shared over the results the
        conversion still needs (22.2-22.24)."""
        game = state.game
        religion = state.religion[area]
        areas = 1
        if religion in game.rules.group_conversion:
            # Areas of other players are left out (they convert only when their leader is of
            # the converting faith, which this estimate ignores).
            n = game.n_players
            areas += sum(
                1
                for other, r in enumerate(state.religion)
                if r == religion
                and other != area
                and (state.owner[other] == player or not 0 <= state.owner[other] < n)
            )
        areas = min(areas, self.w.conversion_group_cap)
        return areas * game.rules.vp_conversion / self._results_needed(state, player, area)

    def _tie_for_conversion(self, state: EotmaState, player: int, area: int, table: Odds) -> float:
        """What a tie to an own area of another faith is worth to its conversion, in VP (22.24:
        the tie halves the differential): the results it saves at the bot's value of one result
        (``_conversion_value``), when an attempt there would be worth its gold once halved;
        else nothing (a tie for a conversion it would never attempt is worth nothing more)."""
        if not self.w.tie_to_convert or state.ties[area] & (1 << player):
            return 0.0
        if not is_conversion(state, player, area):
            return 0.0
        done = state.conversion.get((player, area), 0)
        full = conversion_differential(state, player, area)
        need = max(1, full - done)
        halved = max(1, full // 2 - done)
        if halved >= need:
            return 0.0
        per_result = self._conversion_value(state, player, area)
        seas = connection(state, player).get(area, 0)
        rating = base_rating(state, player, "conquest", area, area, seas)
        attempt = (
            Odds.at(table.conquest, rating) * per_result * need / halved
            - Odds.at(table.conquest_target_loss, rating) * (1.0 + self.w.conversion_unrest)
            - cost(state, "conquest", seas, 0) * self.w.gold_value
        )
        return (need - halved) * per_result if attempt > 0 else 0.0

    @staticmethod
    def _results_needed(state: EotmaState, player: int, area: int) -> int:
        """The C results converting an own area still needs (22.2-22.24), at least one."""
        need = conversion_differential(state, player, area) - state.conversion.get((player, area), 0)
        return max(1, need)

    def _build_candidates(self, state: EotmaState, player: int, conn: dict[int, int]) -> list[Located]:
        """35.11, 35.32: a Commerce marker where taxes are raised (the court, else the connected
        area with the highest social state and population); one candidate a turn. Never at the
        highest level, where no +1 raises the area and so no marker is built (35.11)."""
        board = state.game.board
        if state.game.rounds - state.round < self.w.build_rounds_left:
            return []
        court = state.court[player]
        top = state.game.rules.ss_max
        options = [
            (0 if a == court else 1, -state.ss[a], -board.population[a], a)
            for a in conn
            if not state.civ[a] & COMMERCE and 0 < state.ss[a] < top
        ]
        if not options:
            return []
        area = min(options)[3]
        return [Located("build", player, area, area, conn[area])]

    def _action(self, state: EotmaState, at: Located, gold: int) -> Endeavour:
        """Return the action of a scored candidate (a build names its marker)."""
        if at.kind == "build":
            return Build(state.game.board.ids[at.target], 0, "commerce")
        return candidate_action(state, at, gold)

    def _best_endeavour(self, state: EotmaState, player: int) -> tuple[float, Endeavour] | None:
        """Return the best-valued endeavour and its value.

        The whole candidate set is scored at the first endeavour of a turn; later endeavours of
        the same turn re-score only the best few of that ranking (the position changes little).
        """
        if state.is_exiled(player):
            return None
        key = (id(state), state.round, state.turn, player)
        if self._memo is not None and self._memo[0] == key:
            ranked = self._score(state, player, self._memo[1])
        else:
            ranked = self._score(state, player, self._candidates(state, player))
        self._memo = (key, [at for _v, at, _g in ranked[: self.w.replan_width]])
        for value, at, gold in ranked:
            action = self._action(state, at, gold)
            if problem(state, player, action) is None:
                return value, action
        return None

    def _score(
        self, state: EotmaState, player: int, candidates: list[Located]
    ) -> list[tuple[float, Located, int]]:
        """Return (value, candidate, extra gold) for each affordable candidate, best first."""
        game = state.game
        table = odds(game.rules)
        treasury = state.treasury[player]
        extra = game.rules.extra_gold
        gold_value = self.w.gold_value
        population = game.board.population
        scored: list[tuple[float, Located, int]] = []
        self._lower_first.clear()
        width = self.w.replan_width
        fixed = game.rules.fixed_cost
        floor = -1e9  # the value the ranking's last kept entry must beat
        conquest_rating: dict[int, int] = {}
        for at in candidates:
            price = cost(state, at.kind, at.seas, 0)
            if price > treasury:
                continue
            const, terms, penalty = self._curve(state, player, at.kind, at.target, table)
            ceiling = const - price * gold_value
            for curve, weight in terms:
                if weight > 0:
                    ceiling += weight * curve[-1]
            if ceiling <= floor:
                continue  # even the best card at the highest rating would not make the ranking
            if at.kind == "pillage" and at.target in conquest_rating:
                rating = conquest_rating[at.target] + population[at.target]  # the same terms plus population
            else:
                rating = base_rating(state, player, at.kind, at.target, at.base, at.seas)
                if at.kind == "conquest":
                    conquest_rating[at.target] = rating
            options = [(rating, const, False)]
            if at.kind == "conquest" and state.owner[at.target] == player:
                # A conversion (22.2) of an area whose fortification the bot may lower first
                # (14.43): rated without it (14.31), at the price of what the fortification is worth.
                # The fortification is given up once, its rating gained for every C result the
                # conversion still needs (22.2): its price is shared over those results.
                lowered, price_of_fort = self._fort_to_lower(state, player, at.target)
                if lowered:
                    share = price_of_fort / self._results_needed(state, player, at.target)
                    options.append((rating + lowered, const - share, True))
            best_value, best_gold, lower = -1e9, 0, False
            for option_rating, option_const, option_lower in options:
                start = option_rating - penalty - LOW
                for gold in (0,) if at.kind in fixed else extra:
                    if price + gold > treasury:
                        break
                    index = start + gold
                    index = 0 if index < 0 else (SPAN if index > SPAN else index)
                    value = option_const - (price + gold) * gold_value
                    for curve, weight in terms:
                        value += weight * curve[index]
                    if value > best_value:
                        best_value, best_gold, lower = value, gold, option_lower
            if lower:
                self._lower_first.add(at.target)
            scored.append((best_value, at, best_gold))
            if len(scored) >= width * 3:
                scored.sort(key=_first, reverse=True)
                del scored[width:]
                floor = scored[-1][0]
        scored.sort(key=_first, reverse=True)
        return scored

    def _curve(
        self, state: EotmaState, player: int, kind: str, target: int, table: Odds
    ) -> tuple[float, list[tuple[tuple[float, ...], float]], int]:
        """Return (constant, [(odds table, weight)], expected rating penalty) valuing an endeavour."""
        board = state.game.board
        owner = state.owner[target]
        area_value = 3.0 + state.ss[target] + max(board.population[target], 0)
        defended = 0 <= owner < state.game.n_players and owner != player
        penalty = state.stat[owner][0] // 2 if defended else 0  # expect a defense
        if defended and state.court[owner] == target:
            area_value += 4.0  # taking a court forces a relocation or an exile
        if kind == "conquest":
            if owner == player:  # a conversion step (22.2): a level of the area at risk
                loss = -(1.0 + self.w.conversion_unrest)
                return (
                    0.0,
                    [
                        (table.conquest, self._conversion_value(state, player, target)),
                        (table.conquest_target_loss, loss),
                    ],
                    0,
                )
            mine = sum(c for (t, _b), (p, c) in state.partial.items() if t == target and p == player)
            need = max(1, board.population[target] - mine)
            return 0.0, [(table.conquest, area_value / need), (table.conquest_base_loss, -1.2)], penalty
        if kind == "pillage":
            harm = 0.8 if defended else 0.2
            return 0.0, [(table.pillage_gold, 1.6 * self.w.gold_value), (table.pillage_target, harm)], penalty
        if kind == "diplomacy":
            if state.is_exiled(player) and suitable_court(state, player, target):
                area_value += self.w.exile_return_value  # a diplomatic conquest ends the exile (21.3)
            tie_value = 0.6 if owner == player else 0.3
            if state.ties[target] & (1 << player):
                tie_value = 0.0
            terms = [(table.diplomacy_c, area_value), (table.diplomacy_t, tie_value)]
            if owner == player:
                # A C or a T result gives a tie to an own area (12.3), which halves the
                # differential of its conversion (22.24).
                convert = self._tie_for_conversion(state, player, target, table)
                if convert:
                    terms += [(table.diplomacy_c, convert), (table.diplomacy_t, convert)]
            return 0.0, terms, 0
        if kind == "build":  # Commerce: one more gold each turn the area is taxed (35.32)
            rounds = state.game.rounds - state.round
            gain = min(self.w.build_value_cap, rounds * self.w.gold_value * 0.8)
            return 0.0, [(table.rule_plus, gain), (table.rule_minus, -1.0)], 0
        if kind == "raise_army":  # an army point adds one to attacks from and defenses of the area (33.5)
            return 0.0, [(table.fortify, 1.5)], 0
        if kind == "raise_fleet":
            # A first fleet point: every later endeavour from the area reaches further across the
            # sea (34.31), and sea conquests of the area need a fleet as strong (34.33).
            return 0.0, [(table.fortify, self.w.fleet_value)], 0
        if kind == "fortify":
            exposed = any(state.owner[n] != player for n in board.adj[target])
            weight = 2.0 if target == state.court[player] else (1.0 if exposed else 0.2)
            if exposed and self.w.fort_threat_share > 0 and self._threatened(state, player, target):
                # 14.31, 14.32: every later conquest or pillage of the area is rated lower by the
                # fortification, and its rebellion value too: worth a share of the area, less as
                # the rounds that remain to be protected run out.
                weight = max(weight, self._fort_guard(state, target))
            return 0.0, [(table.fortify, weight)], 0
        unrest = state.unrest[target]
        gain = 1.0 if state.ss[target] < 3 else 0.0
        if unrest:  # quelling: worth 2.5 unless the social state falls (15.3)
            return 2.5, [(table.rule_plus, gain), (table.rule_minus, -3.0 - 2.5)], 0
        return 0.0, [(table.rule_plus, gain), (table.rule_minus, -1.0)], 0
