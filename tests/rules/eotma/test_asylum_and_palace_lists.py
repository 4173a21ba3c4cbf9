"""Issue 4, through the public API: a host revokes asylum at any of its decisions (21.2), and the
palace rulings with extra gold are listed (35.33)."""

from __future__ import annotations

import pytest
from eotma_helpers import area, card, game, idx, start

from model.bots.base import RandomBot, play
from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.state import EotmaState
from model.rules.protocol import IllegalActionError

TIE = card(1, diplomacy={"result": ["T"]})


def legal(state: EotmaState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


# --- 21.2: a host may revoke asylum at any time ---


def _sheltered(*cards: dict[str, object], hand: list[int] | None = None) -> EotmaState:
    """West, in its own turn, has lost its court and holds east's asylum."""
    state = start(*cards, hand=hand)
    state.court[0] = -1
    state.apply("ask-asylum east")
    assert "revoke-asylum west" not in legal(state)  # asked, not yet granted
    state.apply("accept")
    assert state.asylum[0] == 1 and state.current_player() == "west"
    assert "revoke-asylum west" not in legal(state)  # the exile's decision, not the host's
    return state


def test_21_2_the_host_revokes_at_a_decision_inside_the_exiles_turn_which_stays_open() -> None:
    state = _sheltered()
    state.apply("agree east truce")
    assert state.current_player() == "east" and state.view()["decision"] == "agreement"
    assert legal(state) == ["accept", "refuse", "revoke-asylum west"]
    entry = state.apply("revoke-asylum west")
    assert "east revokes the asylum of west (21.2)" in entry.effects
    assert state.asylum[0] == -1
    assert state.view()["decision"] == "agreement" and legal(state) == ["accept", "refuse"]
    state.apply("refuse")
    assert state.current_player() == "west"
    assert not any(a.startswith("diplomacy ") for a in legal(state))  # no asylum: no diplomacy (21.2)
    assert state.game.state_from_json(state.to_json()) == state


def test_21_2_not_while_the_exiles_diplomacy_from_the_hosts_court_waits_for_opposing_gold() -> None:
    state = _sheltered(TIE, hand=[1, 1])
    state.apply("diplomacy city")  # east's area: east may spend gold against it (12.2)
    assert state.current_player() == "east" and state.view()["decision"] == "oppose"
    assert not any(a.startswith("revoke-asylum") for a in legal(state))
    with pytest.raises(IllegalActionError, match=r"revoke after answering it \(12.2, 21.2\)"):
        state.apply("revoke-asylum west")
    entry = state.apply("oppose 0")
    assert "city: tie for west" in entry.effects  # rated from east's court, as declared
    state.apply("agree east truce")
    state.apply("revoke-asylum west")  # the next decision of the host
    assert state.asylum[0] == -1


def test_21_2_the_host_revokes_at_its_place_choice_at_the_start_of_a_round() -> None:
    state = _sheltered()
    state.apply("end-turn")  # the exile's cards go unused (21.1)
    assert state.current_player() == "east" and "revoke-asylum west" in legal(state)  # own turn
    state.hand[1] = []
    state.apply("end-turn")
    assert state.phase == "initiative" and state.round == 1
    revoked = False
    while state.phase == "initiative":
        chooser = state.current_player()
        if chooser == "east" and not revoked:
            assert "revoke-asylum west" in legal(state)
            state.apply("revoke-asylum west")
            assert state.phase == "initiative" and state.current_player() == "east"
            revoked = True
        else:
            assert not any(a.startswith("revoke-asylum") for a in legal(state))
        state.apply(legal(state)[0])
    assert revoked and state.asylum[0] == -1


def test_21_2_only_the_host_revokes_and_only_what_it_granted() -> None:
    state = _sheltered()
    with pytest.raises(IllegalActionError, match=r"'west' is not another empire"):
        state.apply("revoke-asylum west")  # west decides: it cannot revoke its own asylum
    with pytest.raises(IllegalActionError, match=r"east holds no asylum from this player \(21.2\)"):
        state.apply("revoke-asylum east")


def test_21_2_the_heuristic_host_revokes_once_the_exile_reaches_for_its_areas() -> None:
    state = _sheltered()
    state.apply("agree east truce")
    bot = EotmaHeuristicBot()
    assert str(bot.choose(state)) == "refuse"  # no threat yet: it keeps the asylum
    state.ties[idx(state, "city")] |= 1  # west's tie in east's city (12.1)
    assert str(bot.choose(state)) == "revoke-asylum west"
    state.apply("revoke-asylum west")
    state.apply("refuse")
    state.apply("ask-asylum east")
    assert str(bot.choose(state)) == "refuse"  # nor does it shelter that exile again


def test_21_2_random_games_with_an_exile_end() -> None:
    """Revocations offered at every decision of a host do not stall random games."""
    g = game(west={"court": None}, options=Options(events=True), rounds=4, shipped_deck=True)
    seen: list[str] = []
    for seed in range(8):
        state = play(g, RandomBot(seed), seed, max_actions=20_000)
        assert state.is_over()
        seen += [f"{e.phase} {e.action}" for e in state.log]
    assert any(a.startswith("turn revoke-asylum") for a in seen)
    assert any(a.startswith("initiative revoke-asylum") for a in seen)


# --- 35.33: palace rulings with extra gold are listed ---

PLUS = card(2, rule={"target": ["+1(1>)"]})
MARKERS = Options(events=False, civilisation_markers=True)


def _palaces(*names: str) -> EotmaState:
    """West has a palace in each named area (all its own, social state 2), two cards of PLUS."""
    state = start(
        PLUS,
        hand=[2, 2],
        options=MARKERS,
        areas={"march": AreaStart("west", 2), "border": AreaStart("west", 2), "city": AreaStart("west", 2)},
    )
    for name in names:
        state.civ[idx(state, name)] = 4
    return state


def _palace_list(state: EotmaState) -> list[str]:
    return [a for a in legal(state) if a.startswith("rule-palaces")]


def test_35_33_extra_gold_on_one_palace_area_of_each_choice_is_listed() -> None:
    state = _palaces("home", "march", "border")
    listed = _palace_list(state)
    # every choice of two or three areas (4), then gold 1, 2, 3 or 5 on one of its areas (9 x 4)
    assert len(listed) == 4 + 9 * 4 == len(set(listed))
    assert listed[:6] == [
        "rule-palaces",
        "rule-palaces march border home +1",
        "rule-palaces march border home +2",
        "rule-palaces march border home +3",
        "rule-palaces march border home +5",
        "rule-palaces home border march +1",
    ]
    assert "rule-palaces home march +5" in listed and "rule-palaces march home +5" in listed
    assert not any(a.startswith("rule-palaces home +") for a in listed)  # that is 'rule home +N'
    for text in listed:
        action = state.game.parse_action(text)
        state._check(action)
        assert str(action) == text
    entry = state.apply("rule-palaces home border march +2")
    # home, march: 3 - 2 = 1; border: 3 - 2 - 1 (related language) = 0; march +2 gold
    assert "rule march: rating 3" in entry.effects and "rule home: rating 1" in entry.effects
    assert "rule border: rating 0" in entry.effects and state.treasury[0] == 10
    assert area(state, "march")["social_state"] == 3


def test_35_33_only_the_palace_rulings_the_treasury_pays_for_are_listed() -> None:
    state = _palaces("home", "march", "border")
    state.treasury[0] = 2
    listed = _palace_list(state)
    assert "rule-palaces march border home +2" in listed
    assert not any(a.endswith(("+3", "+5")) for a in listed) and len(listed) == 4 + 9 * 2
    state.treasury[0] = 0
    assert _palace_list(state) == [
        "rule-palaces",
        "rule-palaces home march",
        "rule-palaces home border",
        "rule-palaces march border",
    ]


def test_35_33_with_many_palace_areas_only_the_choice_of_all_comes_with_gold() -> None:
    state = _palaces("home", "march", "border", "city")
    listed = _palace_list(state)
    with_gold = [a for a in listed if "+" in a]
    # 11 choices of two or more of four areas; gold on one of the four areas of all of them
    assert len(listed) - len(with_gold) == 11 and len(with_gold) == 4 * 4
    assert all(len(a.split()) == 6 for a in with_gold)
    for text in listed:
        state._check(state.game.parse_action(text))


def test_35_33_random_games_with_palaces_end() -> None:
    g = game(
        PLUS,
        areas={"march": AreaStart("west", 2), "border": AreaStart("west", 2)},
        options=Options(events=True, civilisation_markers=True, armies_fleets=True),
        rounds=4,
    )
    ruled = 0
    for seed in range(6):
        state = g.new_state(seed)
        for name in ("home", "march", "border"):
            state.civ[idx(state, name)] = 4
        bot = RandomBot(seed)
        for _ in range(20_000):
            if state.is_over():
                break
            state.apply(bot.choose(state))
        assert state.is_over()
        ruled += sum(1 for e in state.log if e.action.startswith("rule-palaces") and "+" in e.action)
    assert ruled > 0  # the random bot chooses palace rulings with extra gold
