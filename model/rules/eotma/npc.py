"""Raiders and Magnates (24, optional; HOUSE DEFAULTS 12 and 13 of the facts sheet, sections 7.2-7.3).

At the start of a round, after the year cards are dealt, every active raider makes its raids and
every Magnate its conquest; each attack draws a year card from the undealt deck. An attacked
player may defend with a year card and gold as in 13.0: the attack then waits for that decision
(a pending ``npc-defense``). Attacks wait in ``state.npc_queue`` as ``records.Attack`` values
(kind ``raid`` or ``magnate``). Raiders hit their richest targets, ties at the cut going to die
rolls; armies in the target count against an attack and may take its -1 (33.5; 33.33, asked of
the target's owner as a ``loss`` decision); a Magnate is checked like a leader when its card
calls a check (facts sheet 7.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from model.rules.eotma import automatic, leaders, rebellion
from model.rules.eotma.cards import YearCard
from model.rules.eotma.crusades import roll_off
from model.rules.eotma.decisions import DecisionKind, Pending
from model.rules.eotma.endeavours import losses
from model.rules.eotma.endeavours.common import may_defend, pay_defense
from model.rules.eotma.endeavours.conquest import count_c_result, reduce_fort
from model.rules.eotma.ratings import COMBAT
from model.rules.eotma.records import Attack
from model.rules.eotma.territory import set_owner, suitable_court

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def _stature(raider: dict[str, Any], year: int) -> int:
    for until, stature in raider["stature"]:
        if year <= until:
            return int(stature)
    return int(raider["stature"][-1][1])


def raider_targets(state: Position, raider: dict[str, Any]) -> list[int]:
    """Return the areas a raider may hit: its target pool, not at the lowest social state (24)."""
    board = state.game.board
    spec = raider.get("targets", {})
    pool: set[int] = set()
    for sea_id in spec.get("seas", []):
        sea = board.sea_index.get(sea_id)
        if sea is not None:
            pool.update(board.shore[sea])
    frontier = {board.index[a] for a in spec.get("near", []) if a in board.index}
    pool |= frontier
    for _ in range(int(spec.get("steps", 0))):
        frontier = {b for a in frontier for b in board.adj[a]} - pool
        pool |= frontier
    ss_min = state.game.rules.ss_min
    return [a for a in sorted(pool) if state.ss[a] > ss_min]


def richest(state: Position, pool: list[int], raids: int, name: str) -> list[int]:
    """Return the ``raids`` richest areas of the pool, population plus social state (house default
    12, facts sheet 7.2); areas tied at the cut are ordered by die rolls, highest first, equal
    rolls rolling again."""
    population = state.game.board.population
    value = {a: population[a] + state.ss[a] for a in pool}
    chosen: list[int] = []
    for worth in sorted(set(value.values()), reverse=True):
        if len(chosen) >= raids:
            break
        tied = [a for a in pool if value[a] == worth]
        if len(chosen) + len(tied) > raids:
            tied = roll_off(state, tied, f"{name} target", state.game.board.ids)
        chosen += tied[: raids - len(chosen)]
    return chosen


def queue_attacks(state: Position, effects: list[str]) -> None:
    """Queue this round's raids (24, house default 12) and Magnate conquests (24.5, house default 13)."""
    game = state.game
    year = game.year(state.round)
    if game.options.raiders:
        automatic.begin(state, automatic.RAIDERS, effects, phase=automatic.RAIDERS)
        for raider in game.rules.raiders:
            first, last = raider["years"]
            if not first <= year <= last:
                continue
            targets = richest(state, raider_targets(state, raider), int(raider["raids"]), str(raider["name"]))
            stature = _stature(raider, year)
            for target in targets:
                attack = Attack(
                    "raid",
                    str(raider["name"]),
                    stature,
                    target,
                    -1,
                    raider.get("language"),
                    raider.get("religion"),
                )
                state.npc_queue.append(attack)
    if game.options.magnates:
        automatic.begin(state, automatic.MAGNATES, effects, phase=automatic.MAGNATES)
        appear(state, effects)
        if game.rules.magnates_attack:
            for k in range(len(state.mag_stat)):
                conquest = magnate_attack(state, game.n_players + k)
                if conquest is not None:
                    state.npc_queue.append(conquest)


def appear(state: Position, effects: list[str]) -> None:
    """Roll on the Magnate Matrix; a Magnate takes the area and its kindred independent neighbours.

    21.3 (4): an exile whose leader has that area's language and religion takes it instead.
    """
    game = state.game
    year = game.year(state.round)
    rows = [r for r in game.rules.magnate_rows if r["from"] <= year <= r["to"]]
    if not rows:
        return
    roll = state.rng.roll(2, "Magnate Matrix")
    area_id = rows[0]["areas"][roll - 2]
    board = game.board
    area = board.index.get(area_id) if area_id else None
    if area is None or state.owner[area] != -1 or state.ss[area] <= game.rules.ss_min:
        return
    if area in state.court or area in state.mag_court:
        return
    for p in range(game.n_players):
        # 21.3 (4) asks for the exact language and religion (no union of churches, 23.11).
        exact = state.religion[area] == game.leader_religion[p]
        if state.court[p] < 0 and exact and suitable_court(state, p, area):
            set_owner(state, area, p, effects)
            effects.append(
                f"{board.ids[area]}: taken by the exile {game.player_ids[p]} instead of a Magnate (21.3)"
            )
            return
    code = game.n_players + len(state.mag_stat)
    state.mag_stat.append(leaders.heir_statures(state)[COMBAT])
    state.mag_court.append(area)
    state.mag_names.append(f"magnate-{board.ids[area]}")
    taken = [area] + [
        b
        for b in board.adj[area]
        if state.owner[b] == -1
        and board.language[b] == board.language[area]
        and state.religion[b] == state.religion[area]
    ]
    for b in taken:
        set_owner(state, b, code, effects)
    effects.append(f"a Magnate appears in {board.ids[area]} (24.5)")


def magnate_attack(state: Position, code: int) -> Attack | None:
    """Return the Magnate's conquest of its weakest neighbour, independent areas first (house default)."""
    board = state.game.board
    k = code - state.game.n_players
    court = state.mag_court[k]
    if court < 0:
        return None
    mine = [a for a, o in enumerate(state.owner) if o == code]
    best: tuple[tuple[int, int, int], int, int] | None = None
    for base in mine:
        for target in board.adj[base]:
            owner = state.owner[target]
            if owner == code or owner >= state.game.n_players:
                continue
            key = (
                0 if owner == -1 else 1,
                state.ss[target] + state.fort[target] + board.population[target],
                target,
            )
            if best is None or key < best[0]:
                best = (key, target, base)
    if best is None:
        return None
    _key, target, base = best
    name = state.mag_names[k]
    return Attack(
        "magnate", name, state.mag_stat[k], target, base, board.language[court], state.religion[court]
    )


def run(state: Position, effects: list[str]) -> bool:
    """Carry out queued attacks until one waits for a defense; return True when the queue is done.

    An attack carried out here is nobody's answer: it is logged as the raiders' or the Magnates'
    step (``automatic``), never as the action that ended the round or answered the last attack.
    """
    while state.npc_queue:
        attack = state.npc_queue[0]
        target = attack.target
        owner = state.owner[target]
        if attack.kind == "magnate" and (
            state.owner[attack.base] < state.game.n_players or owner >= state.game.n_players
        ):
            state.npc_queue.pop(0)  # the Magnate lost its base, or holds the target, meanwhile
            continue
        if 0 <= owner < state.game.n_players and may_defend(state, owner, target):
            text = f"{attack.kind} {attack.name} {state.game.board.ids[target]}"
            state.pending.append(Pending(DecisionKind.NPC_DEFENSE, owner, text, (target,)))
            return False
        state.npc_queue.pop(0)
        step = automatic.RAIDERS if attack.kind == "raid" else automatic.MAGNATES
        automatic.begin(state, step, effects, phase=step)
        resolve(state, attack, 0, effects)
        if state.pending:  # 33.33: the owner chooses what the -1 takes before the next attack
            return False
    return True


def resolve(
    state: Position, attack: Attack, against: int, effects: list[str], defender: tuple[int, int] = (-1, 0)
) -> None:
    """Resolve one raid (pillage, target results only) or Magnate conquest with an undealt year card.

    A raid rates stature + population - social state - fortification - defense (facts sheet 7.1:
    the base social state counts 0); language and religion differences count only when the
    raiders table's ``language_religion`` option says so. A Magnate's conquest counts them.
    ``defender`` is the defending player and its card, checked after the results (13.23).
    """
    game = state.game
    board = game.board
    kind, name, stature, target, base = attack.kind, attack.name, attack.stature, attack.target, attack.base
    if not state.undealt:
        effects.append(f"{name}: no undealt year card left")
        if defender[0] >= 0:
            leaders.stature_check(state, defender[0], COMBAT, game.rules.card_by_id[defender[1]], effects)
        return
    card = game.rules.card_by_id[state.undealt.pop(0)]
    language, religion = attack.language, attack.religion
    if kind == "raid" and not game.rules.raider_differences:
        language = religion = None  # facts sheet 7.1: the recorded raid shows no such modifiers
    lang = board.language_difference(language, target) if language else 0
    rel = board.religion_difference(religion, state.religion[target], state.united()) if religion else 0
    rating = stature - state.ss[target] - state.fort[target] - lang - rel - against
    if game.options.armies_fleets:
        rating -= state.army[target]  # 33.5: each army point in the target adds to the defence
    if kind == "raid":
        rating += board.population[target]  # raiders pillage with a base social state of 0 (24)
    else:
        rating += state.ss[base]
    effects.append(f"{name} attack {board.ids[target]}: card {card.id}, rating {rating}")
    _ask_or_apply(state, attack, (card.id, rating, against, *defender), losses.NO_ANSWERS, effects)


def _ask_or_apply(
    state: Position, attack: Attack, turned: tuple[int, ...], answers: losses.Answers, effects: list[str]
) -> None:
    """Ask the target's owner whether its army takes the -1 (33.33), or apply the results.
    ``turned`` is (card id, rating, gold against, defender, defender's card)."""
    card_id, rating, against, defender, defender_card = turned
    game = state.game
    card = game.rules.card_by_id[card_id]
    column = "pillage" if attack.kind == "raid" else "conquest"
    # Raiders and Magnates keep no armies: only the target's owner is asked.
    asked = losses.attack_question(state, column, card, (rating, against), (-1, attack.target, -1), answers)
    if asked is not None:
        question, who = asked
        state.npc_queue.insert(0, attack)  # the attack waits at the head of the queue for the answer
        about = f"{attack.kind} {attack.name} {game.board.ids[attack.target]}"
        state.pending.append(losses.attack_decision(who, about, (question, attack.target), turned, answers))
        effects.append(f"{game.player_ids[who]} chooses what the -1 result takes (33.33)")
        return
    _apply(state, attack, card, (rating, against), answers, effects)
    if defender >= 0:  # 13.23: the defender's check follows the attackers' results
        leaders.stature_check(state, defender, COMBAT, game.rules.card_by_id[defender_card], effects)


def answer_loss(state: Position, what: str, effects: list[str]) -> None:
    """The target owner's choice of what a raid's or Magnate's -1 takes (33.33); the attack goes on."""
    decision = state.pending.pop()
    attack = state.npc_queue.pop(0)
    turned, answers = losses.answered(decision, what)
    who, where = state.game.player_ids[decision.player], state.game.board.ids[attack.target]
    effects.append(f"{who} gives up the {what} in {where}")
    _ask_or_apply(state, attack, turned, answers, effects)


def _apply(
    state: Position,
    attack: Attack,
    card: YearCard,
    turned: tuple[int, int],
    answers: losses.Answers,
    effects: list[str],
) -> None:
    game = state.game
    board = game.board
    kind, target = attack.kind, attack.target
    rating, against = turned
    blocked = against > 0 and rating < 0
    column = "pillage" if kind == "raid" else "conquest"
    for result in card.for_kind(column):
        if not result.applies(rating) or (blocked and result.is_good_for_actor(column)):
            continue
        if result.code == "-1" and result.column == "target":
            if rebellion.army_absorbs(state, target, effects, answers.army(losses.TARGET_ARMY)):  # 33.33
                continue
            before = state.ss[target]
            if before > game.rules.ss_min:
                state.ss[target] = before - 1
                effects.append(f"{board.ids[target]}: social state {before} -> {before - 1}")
                if 0 <= state.owner[target] < game.n_players:
                    state.unrest[target] = True  # house default: a raided area whose level fell
        elif result.code == "C" and kind == "magnate" and result.column == "result":
            _magnate_c(state, attack, effects)
    if kind == "magnate":
        magnate_check(state, attack, card, effects)


def magnate_check(state: Position, attack: Attack, card: YearCard, effects: list[str]) -> None:
    """House default 13 (facts sheet 7.3): a Magnate is checked like a leader when its card calls
    a check on its stature (the stature check table); a death brings an heir's combat stature."""
    game = state.game
    code = state.owner[attack.base]
    k = code - game.n_players
    if not 0 <= k < len(state.mag_stat) or state.mag_names[k] != attack.name:
        return
    stature = state.mag_stat[k]
    if not card.calls_check(stature):
        return
    rules = game.rules
    result = rules.stature_check(state.rng.roll(2, f"stature check {attack.name} combat {stature}"))
    if result == "dies":
        state.mag_stat[k] = leaders.heir_statures(state)[COMBAT]
        effects.append(f"{attack.name}: the Magnate dies; its heir's combat stature is {state.mag_stat[k]}")
        return
    after = max(rules.min_stature, min(rules.max_stature, stature + int(result)))
    if after != stature:
        state.mag_stat[k] = after
        effects.append(f"{attack.name}: combat stature {stature} -> {after}")


def _magnate_c(state: Position, attack: Attack, effects: list[str]) -> None:
    board = state.game.board
    target, base = attack.target, attack.base
    code = state.owner[base]
    if code < state.game.n_players or state.owner[target] == code:
        return
    total = count_c_result(state, code, target, base)
    population = board.population[target]
    if total is not None and total < population:
        effects.append(f"{board.ids[target]}: {total} of {population} C results for {attack.name} (10.3)")
        return
    reduce_fort(state, target, effects)
    set_owner(state, target, code, effects, conquest=True)


def defend(state: Position, gold: int | None, effects: list[str]) -> None:
    """The attacked player's decision on a raid or Magnate attack (13.0): defend with gold, or not."""
    decision = state.pending.pop()
    attack = state.npc_queue.pop(0)
    defender = decision.player
    if gold is None:
        effects.append(f"{state.game.player_ids[defender]} does not defend")
        resolve(state, attack, 0, effects)
        return
    price, card, against = pay_defense(state, defender, attack.target, gold)
    effects.append(
        f"{state.game.player_ids[defender]} defends: pays {price} gold, card {card.id}, rating -{against}"
    )
    resolve(state, attack, against, effects, (defender, card.id))
