"""Crusades (23.32 steps 3-5): the leader's choice of route and crusader states (house defaults
in the ``crusades`` table, ``crusader_states``), on a map with a sea route and an overland one.

Map: ``paris`` (France's court) - ``croatia`` (independent, pagan) - ``cpl`` (Byzantine court) -
``syria`` - ``jerusalem``; ``venice`` (French) and ``syria`` lie on the sea area ``med``;
``aachen`` is the court of a second Catholic player, Germany, beside ``paris``.
"""

from __future__ import annotations

import pytest
from eotma_helpers import card, rules_with, turn_of
from test_crusades import CATALOG_RC

from model.rules.eotma import crusades
from model.rules.eotma.board import Board, LandSpec
from model.rules.eotma.data import _default_table
from model.rules.eotma.decisions import UNIVERSITY
from model.rules.eotma.game import AreaStart, EotmaGame, MagnateSetup, Options, PlayerSetup
from model.rules.eotma.records import Crusade
from model.rules.eotma.state import EotmaState
from model.rules.eotma.territory import set_owner
from model.rules.protocol import IllegalActionError

C_ANY = card(1, conquest={"result": ["C"]})
PILLAGE_G = card(2, pillage={"target": ["-1"], "result": ["G"]})
CATALOG = CATALOG_RC.__class__(
    language_family=dict(CATALOG_RC.language_family),
    religion_group={**CATALOG_RC.religion_group, "old_faith": "pagan"},
    group_kind={**CATALOG_RC.group_kind, "pagan": "pagan"},
    religion_names={**CATALOG_RC.religion_names, "old_faith": "Old Faith"},
)


def two_route_state(
    germany: bool = False,
    tables: dict[str, object] | None = None,
    treasury: int = 12,
    cards: tuple[dict[str, object], ...] = (),
    markers: bool = False,
    sea_costs: bool = False,
    two_seas: bool = False,
    armies: bool = False,
) -> EotmaState:
    # The sea route from venice crosses one sea area; most tests here are about other steps and
    # leave its gold (9.17, crusades table sea_costs) out unless they ask for it.
    tables = dict(tables or {})
    crusade_table = dict(tables.get("crusades") or _default_table("crusades"))  # type: ignore[call-overload]
    crusade_table["sea_costs"] = {"value": sea_costs}
    tables["crusades"] = crusade_table
    board = Board.build(
        [
            LandSpec("paris", language="aldic", religion="roman_catholic"),
            LandSpec("venice", language="lowenish", religion="roman_catholic"),
            LandSpec("aachen", language="lowenish", religion="roman_catholic"),
            LandSpec("croatia", language="kestrian", religion="old_faith"),
            LandSpec("cpl", language="kestrian", religion="eastern"),
            LandSpec("syria", language="lowenish", religion="moslem", population=1),
            LandSpec("jerusalem", language="lowenish", religion="moslem", population=1),
        ],
        ["med", "levant"] if two_seas else ["med"],
        [
            ("paris", "venice"),
            ("paris", "aachen"),
            ("paris", "croatia"),
            ("croatia", "cpl"),
            ("cpl", "syria"),
            ("syria", "jerusalem"),
        ],
        [("med", "levant")] if two_seas else [],
        [("venice", "med"), ("syria", "levant" if two_seas else "med")],
        CATALOG,
    )
    players = [
        PlayerSetup("france", court="paris", combat=4, treasury=treasury),
        PlayerSetup("byzantium", court="cpl"),
        *([PlayerSetup("germany", court="aachen")] if germany else []),
    ]
    starts = {
        "paris": AreaStart("france", 2),
        "venice": AreaStart("france", 1),
        "cpl": AreaStart("byzantium", 2),
        "syria": AreaStart("sultan", 0),
        "jerusalem": AreaStart("sultan", 0),
    }
    if germany:
        starts["aachen"] = AreaStart("germany", 1)
    g = EotmaGame(
        board,
        players,
        starts,
        rules=rules_with(C_ANY, PILLAGE_G, *cards, **(tables or {})),
        options=Options(
            events=False, crusades=True, schism=False, civilisation_markers=markers, armies_fleets=armies
        ),
        start_year=1100,
        magnates=[MagnateSetup("sultan", 3, "syria")],
        union=False,
    )
    state = turn_of(g.new_state(1), "byzantium")
    state.force_year_cards("france", [1, 1, 1, 1])
    if germany:
        state.force_year_cards("germany", [1, 1, 1, 1])
    return state


def test_23_32_step_3_the_crusade_leader_chooses_the_route() -> None:
    state = two_route_state()
    entry = state.apply("crusade")
    assert state.current_player() == "france" and state.view()["decision"] == "route"
    choices = [str(a) for a in state.legal_actions()]
    assert choices == ["crusade-route venice", "crusade-route paris"]  # fewest unfriendly areas first
    assert any("from venice (0 in the way)" in e for e in entry.effects)
    assert state.view()["decision_about"]["areas"] == ["venice", "paris"]
    with pytest.raises(IllegalActionError, match="launches no route"):
        state.apply("crusade-route aachen")


def test_23_32_step_3_a_sea_launch_lands_at_the_holy_places() -> None:
    state = two_route_state()
    state.apply("crusade")
    entry = state.apply("crusade-route venice")
    assert any("launched from venice" in e for e in entry.effects)
    assert state.current_player() == "france" and state.view()["decision"] == "crusade"
    assert "crusade-attack syria" in [str(a) for a in state.legal_actions()]


def test_23_32_step_4_an_overland_route_conquers_and_asks_passage_on_the_way() -> None:
    state = two_route_state()
    state.apply("crusade")
    state.apply("crusade-route paris")
    assert state.current_player() == "byzantium" and state.view()["decision"] == "passage"
    state.apply("accept")
    assert state.view()["areas"]["cpl"]["social_state"] == 1
    attacks = [str(a) for a in state.legal_actions() if str(a).startswith("crusade-attack")]
    assert attacks and all(a.startswith("crusade-attack croatia") for a in attacks)


def test_23_32_step_3_the_bot_takes_the_route_with_fewest_unfriendly_areas() -> None:
    from model.rules.eotma.bot import EotmaHeuristicBot

    state = two_route_state()
    state.apply("crusade")
    assert str(EotmaHeuristicBot().choose(state)) == "crusade-route venice"
    assert crusades.route(state) == []


def _take_holy_places(state: EotmaState) -> None:
    state.apply("crusade")
    state.apply("crusade-route venice")
    while state.view()["decision"] == "crusade":
        attacks = [a for a in state.legal_actions() if str(a).startswith("crusade-attack")]
        state.apply(attacks[0])


def test_23_32_step_5_ruling_jerusalem_makes_it_an_independent_crusader_state() -> None:
    state = two_route_state()
    _take_holy_places(state)
    assert state.current_player() == "france" and state.view()["decision"] == "crusader-state"
    assert state.view()["decision_about"]["areas"] == ["jerusalem"]
    assert {str(a) for a in state.legal_actions()} == {
        "crusader-state rule",
        "crusader-state fortify",
        "crusader-state no",
    }
    before = state.ss[state.game.board.index["jerusalem"]]
    entry = state.apply("crusader-state rule")
    assert "jerusalem becomes a crusader state (23.32 step 5)" in entry.effects
    jerusalem = state.view()["areas"]["jerusalem"]
    assert jerusalem["owner"] is None and jerusalem["crusader_state"] is True
    assert jerusalem["social_state"] == before + 1 and jerusalem["unrest"] is False
    assert jerusalem["ties"] == ["france"]  # ties_to_crusaders
    assert state.view()["areas"]["syria"]["owner"] == "france"  # only Jerusalem (the table's areas)
    assert state.crusade is None and state.view()["areas"]["syria"]["claims"] == ["byzantium"]


def test_23_32_step_5_fortifying_raises_the_crusader_state_fort() -> None:
    state = two_route_state()
    _take_holy_places(state)
    state.apply("crusader-state fortify")
    jerusalem = state.view()["areas"]["jerusalem"]
    assert jerusalem["crusader_state"] and jerusalem["fortification"] == 2


def test_23_32_step_5_no_crusader_state_keeps_the_conquest() -> None:
    state = two_route_state()
    _take_holy_places(state)
    state.apply("crusader-state no")
    jerusalem = state.view()["areas"]["jerusalem"]
    assert jerusalem["owner"] == "france" and not jerusalem["crusader_state"]


def test_23_32_step_5_every_other_crusader_must_consent() -> None:
    state = two_route_state(germany=True)
    _take_holy_places(state)
    state.apply("crusader-state rule")
    assert state.current_player() == "germany" and state.view()["decision"] == "consent"
    assert state.view()["decision_about"]["areas"] == ["jerusalem"]
    entry = state.apply("refuse")
    assert "germany refuses: no crusader state (23.32 step 5)" in entry.effects
    assert not state.view()["areas"]["jerusalem"]["crusader_state"]


def test_23_32_step_5_with_consent_the_state_is_founded_and_every_crusader_gets_a_tie() -> None:
    state = two_route_state(germany=True)
    _take_holy_places(state)
    state.apply("crusader-state rule")
    state.apply("accept")
    jerusalem = state.view()["areas"]["jerusalem"]
    assert jerusalem["crusader_state"] and sorted(jerusalem["ties"]) == ["france", "germany"]


def test_crusader_states_table_may_turn_the_founding_off() -> None:
    from model.rules.eotma.data import _default_table

    table = dict(_default_table("crusades"))
    table["crusader_states"] = {**table["crusader_states"], "enabled": False}
    state = two_route_state(tables={"crusades": table})
    _take_holy_places(state)
    assert state.crusade is None and state.view()["areas"]["jerusalem"]["owner"] == "france"


def test_crusader_state_is_taxed_by_nobody_friendly_to_crusaders_and_ends_when_taken() -> None:
    state = two_route_state()
    _take_holy_places(state)
    state.apply("crusader-state rule")
    jerusalem = state.game.board.index["jerusalem"]
    assert all(not str(a).startswith("tax jerusalem") for a in state.legal_actions())
    state.crusade = Crusade(0, 0, (0,))
    assert crusades._friendly(state, jerusalem)
    state.crusade = None
    effects: list[str] = []
    set_owner(state, jerusalem, 1, effects)
    assert "jerusalem: the crusader state ends" in effects and not state.crusader_state[jerusalem]


def test_crusader_state_survives_json_and_clone() -> None:
    state = two_route_state()
    _take_holy_places(state)
    state.apply("crusader-state fortify")
    assert state.game.state_from_json(state.to_json()) == state == state.clone()
    assert state.clone().crusader_state == state.crusader_state


def test_23_32_step_4_after_a_refused_passage_the_leader_seeks_another_route() -> None:
    state = two_route_state()
    state.apply("crusade")
    state.apply("crusade-route paris")
    entry = state.apply("refuse")
    assert any("conquers it or seeks another route (23.32 step 4)" in e for e in entry.effects)
    assert state.current_player() == "france" and state.view()["decision"] == "route"
    assert [str(a) for a in state.legal_actions()] == ["crusade-route venice", "crusade-route cpl"]
    state.apply("crusade-route venice")
    attacks = [str(a) for a in state.legal_actions() if str(a).startswith("crusade-attack")]
    holy = ("crusade-attack syria", "crusade-attack jerusalem")
    assert attacks and all(a.startswith(holy) for a in attacks)


def test_23_32_step_4_after_a_refused_passage_the_leader_may_conquer_the_area() -> None:
    state = two_route_state()
    state.apply("crusade")
    state.apply("crusade-route paris")
    state.apply("refuse")
    entry = state.apply("crusade-route cpl")
    assert "the crusaders will conquer cpl (23.32 step 4)" in entry.effects
    attacks = [str(a) for a in state.legal_actions() if str(a).startswith("crusade-attack")]
    assert attacks and all(a.startswith(("crusade-attack croatia", "crusade-attack cpl")) for a in attacks)


def test_random_games_with_routes_and_crusader_states_keep_the_invariants() -> None:
    from test_invariants import check_position

    from model.bots.base import RandomBot
    from model.rules.eotma.bot import EotmaHeuristicBot

    seen: set[str] = set()
    for seed in range(60):
        state = two_route_state(germany=seed % 2 == 0)
        bot = RandomBot(seed) if seed % 3 else EotmaHeuristicBot()
        while not state.is_over():
            if state.pending:
                seen.add(state.pending[-1].kind)
            state.apply(bot.choose(state))
            check_position(state)
        assert state.game.state_from_json(state.to_json()) == state
    assert {"route", "passage", "crusade", "crusader-state"} <= seen


def test_23_32_steps_1_2_ties_for_the_lead_and_the_order_go_to_die_rolls() -> None:
    state = two_route_state(germany=True)
    state.stat[0][0] = 3  # France 3-3-3 like Germany: tied on combat and on the sum
    state.rng.force(2, 5, 6, 1)  # lead: France 2, Germany 5; order: France 6, Germany 1
    entry = state.apply("crusade")
    assert "crusade leader: france: 1d6 2=2" in entry.effects
    assert state.crusade is not None and state.crusade.leader == 2 and state.crusade.order == (0, 2)
    assert state.current_player() == "germany" and state.view()["decision"] == "route"


def test_23_32_step_2_equal_rolls_roll_again() -> None:
    state = two_route_state(germany=True)
    state.stat[0][0] = 3
    state.rng.force(4, 4, 1, 3, 5, 2)  # lead: 4-4 again, then France 1, Germany 3; order: 5, 2
    state.apply("crusade")
    assert state.crusade is not None and state.crusade.leader == 2 and state.crusade.order == (0, 2)


def test_23_32_step_1_the_highest_combat_stature_leads_without_a_roll() -> None:
    state = two_route_state(germany=True)  # France 4-3-3, Germany 3-3-3
    entry = state.apply("crusade")
    assert not any("crusade leader" in e or "crusade order" in e for e in entry.effects)
    assert state.crusade is not None and state.crusade.leader == 0 and state.crusade.order == (0, 2)


def test_23_32_step_2_a_crusader_short_of_gold_for_a_conquest_pillages() -> None:
    state = two_route_state(treasury=1)
    state.force_year_cards("france", [2, 2])
    state.apply("crusade")
    state.apply("crusade-route venice")
    assert state.current_player() == "france" and state.view()["decision"] == "crusade"
    actions = [str(a) for a in state.legal_actions()]
    assert "crusade-pillage syria" in actions and "crusade-pillage syria +1" in actions
    assert not any(a.startswith("crusade-attack") for a in actions)
    with pytest.raises(IllegalActionError, match=r"must pay 2 gold|costs 2 gold"):
        state.apply("crusade-attack syria")
    state.rng.force(6)
    entry = state.apply("crusade-pillage syria")
    assert any(e.startswith("france pillages syria on crusade: card 2") for e in entry.effects)
    assert state.view()["areas"]["syria"]["social_state"] == -1
    assert state.treasury[0] == 1 + state.game.rules.pillage_gold[6]


def test_23_32_step_2_with_gold_for_a_conquest_no_pillage() -> None:
    state = two_route_state()
    state.apply("crusade")
    state.apply("crusade-route venice")
    with pytest.raises(IllegalActionError, match=r"23\.32 step 2"):
        state.apply("crusade-pillage syria")


def test_23_32_step_2_a_crusader_short_of_gold_asks_a_lender_who_decides() -> None:
    state = two_route_state(germany=True, treasury=1)
    state.apply("crusade")
    state.apply("crusade-route venice")
    assert state.current_player() == "france" and state.view()["decision"] == "crusade"
    actions = [str(a) for a in state.legal_actions()]
    # 2 gold for a conquest, 1 in the treasury: pillage, a loan of the missing gold, or a pass.
    assert "crusade-borrow byzantium 1" in actions and "crusade-borrow germany 1" in actions
    assert "crusade-pillage syria" in actions and "crusade-pass" in actions
    with pytest.raises(IllegalActionError, match=r"borrows the 1 gold it lacks"):
        state.apply("crusade-borrow germany 3")
    entry = state.apply("crusade-borrow germany 1")
    assert "france asks germany to lend 1 gold for a crusade conquest (23.32 step 2)" in entry.effects
    assert state.current_player() == "germany" and state.view()["decision"] == "loan"
    assert state.view()["decision_about"]["about"] == "lend 1 gold to france"
    assert {str(a) for a in state.legal_actions()} == {"accept", "refuse"}
    state.apply("refuse")
    # The same crusader acts again; the lender who refused is not asked twice this turn.
    assert state.current_player() == "france" and state.view()["decision"] == "crusade"
    actions = [str(a) for a in state.legal_actions()]
    assert "crusade-borrow germany 1" not in actions and "crusade-borrow byzantium 1" in actions
    with pytest.raises(IllegalActionError, match=r"already refused"):
        state.apply("crusade-borrow germany 1")
    state.apply("crusade-borrow byzantium 1")
    assert state.current_player() == "byzantium"
    entry = state.apply("accept")
    assert "byzantium lends 1 gold to france (23.32 step 2, 20.1)" in entry.effects
    assert state.treasury[0] == 2 and state.treasury[1] == 11
    actions = [str(a) for a in state.legal_actions()]
    assert "crusade-attack syria" in actions and not any(a.startswith("crusade-borrow") for a in actions)
    state.apply("crusade-attack syria")
    assert state.treasury[0] == 0 and state.view()["areas"]["syria"]["owner"] == "france"


def test_23_32_step_2_no_loan_with_the_gold_for_a_conquest_or_from_a_poor_lender() -> None:
    state = two_route_state(germany=True)
    state.apply("crusade")
    state.apply("crusade-route venice")
    assert not any(str(a).startswith("crusade-borrow") for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match=r"needs no loan"):
        state.apply("crusade-borrow germany 1")
    poor = two_route_state(germany=True, treasury=0)
    poor.treasury[2] = 1  # germany has 1 gold, france lacks 2
    poor.apply("crusade")
    poor.apply("crusade-route venice")
    assert [str(a) for a in poor.legal_actions() if str(a).startswith("crusade-borrow")] == [
        "crusade-borrow byzantium 2"
    ]


def test_23_32_step_2_a_loan_decision_survives_json_and_clone() -> None:
    state = two_route_state(germany=True, treasury=1)
    state.apply("crusade")
    state.apply("crusade-route venice")
    state.apply("crusade-borrow germany 1")
    again = EotmaState.from_json(state.game, state.to_json())
    assert again.to_json() == state.to_json()
    copy_ = state.clone()
    copy_.apply("accept")
    assert copy_.treasury[0] == 2 and state.treasury[0] == 1 and state.current_player() == "germany"


def test_23_32_step_3_the_sea_landing_range_is_table_data() -> None:
    from model.rules.eotma.data import _default_table

    table = _default_table("crusades")
    assert table["sea_landing_range"]["value"] == 3
    state = two_route_state(tables={"crusades": {**table, "sea_landing_range": 0}})
    entry = state.apply("crusade")
    # No landing by sea from venice: the overland route is the only one and is taken at once.
    assert any("launched from paris" in e for e in entry.effects)
    assert state.view()["decision"] == "passage"


def test_23_32_step_4_an_area_conquered_on_the_route_loses_a_level_as_the_crusaders_pass() -> None:
    state = two_route_state()
    croatia = state.game.board.index["croatia"]
    before = state.ss[croatia]
    state.apply("crusade")
    state.apply("crusade-route paris")
    state.apply("accept")  # passage through cpl
    entry = state.apply("crusade-attack croatia")
    assert state.view()["areas"]["croatia"]["owner"] == "france"
    # Conquered (no -1 on the card), then passed through: not of the crusaders' church, one level.
    assert "croatia: the crusaders pass through (23.32 step 4)" in entry.effects
    assert state.ss[croatia] == before - 1


def _crusade_rating(state: EotmaState) -> int:
    state.apply("crusade")
    state.apply("crusade-route venice")
    entry = state.apply("crusade-attack syria")
    text = next(e for e in entry.effects if e.startswith("france crusades against syria"))
    return int(text.rsplit("rating ", 1)[1])


def test_19_2_technology_cards_add_to_a_crusaders_conquest() -> None:
    plain = _crusade_rating(two_route_state())
    armed = two_route_state()
    armed.kept[0] += ["technological_weapons", "tactical_systems_advance"]
    assert _crusade_rating(armed) == plain + 6


def test_10_a_crusaders_conquest_card_lowers_the_target_like_any_conquest() -> None:
    state = two_route_state(cards=(card(7, conquest={"target": ["-1"]}),))
    state.force_year_cards("france", [7])
    syria = state.game.board.index["syria"]
    state.apply("crusade")
    state.apply("crusade-route venice")
    entry = state.apply("crusade-attack syria")
    assert "syria: social state 0 -> -1" in entry.effects and state.ss[syria] == -1
    assert state.view()["areas"]["syria"]["owner"] == "sultan"


def test_35_34_a_university_doubles_the_rise_of_a_ruled_crusader_state() -> None:
    state = two_route_state(markers=True)
    jerusalem = state.game.board.index["jerusalem"]
    state.civ[jerusalem] = UNIVERSITY
    _take_holy_places(state)
    before = state.ss[jerusalem]
    entry = state.apply("crusader-state rule")
    assert f"jerusalem: social state {before} -> {before + 2}" in entry.effects


def _attack_on_cpl() -> EotmaState:
    state = two_route_state()
    state.apply("crusade")
    state.apply("crusade-route paris")
    state.apply("refuse")  # no passage through cpl
    state.apply("crusade-route cpl")  # the crusaders conquer it
    return state


def test_13_0_an_empire_may_defend_its_area_against_a_crusader() -> None:
    state = _attack_on_cpl()
    state.apply("crusade-attack cpl")
    assert state.current_player() == "byzantium" and state.view()["decision"] == "npc-defense"
    assert state.view()["decision_about"]["areas"] == ["cpl"]
    assert state.view()["decision_about"]["about"] == "crusade-attack france cpl"
    assert {"decline", "defend", "defend +1"} <= {str(a) for a in state.legal_actions()}
    gold = state.treasury[1]
    entry = state.apply("defend")
    # france 4 + the base paris 2 (23.32 step 3) - social state 2 - language 2 - other church 1
    # = 1, minus byzantium's combat 3: -2.
    assert any(e.startswith("byzantium defends: pays 1 gold") for e in entry.effects)
    assert any(e.startswith("france crusades against cpl") and e.endswith("rating -2") for e in entry.effects)
    assert state.treasury[1] == gold - 1 and state.view()["areas"]["cpl"]["owner"] == "byzantium"
    assert state.current_player() == "france" and state.view()["decision"] == "crusade"


def test_13_0_a_declined_defense_lets_the_crusader_conquer() -> None:
    state = _attack_on_cpl()
    state.apply("crusade-attack cpl")
    entry = state.apply("decline")
    assert "byzantium does not defend" in entry.effects
    # 4 + the base paris 2 (23.32 step 3) - social state 2 - language 2 - other church 1 = 1.
    assert any(e.startswith("france crusades against cpl") and e.endswith("rating 1") for e in entry.effects)
