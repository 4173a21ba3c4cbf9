"""The shared colours: a palette far from the sea, stable colours by id, a colour for new empires."""

from __future__ import annotations

import itertools
import math

import pytest

from model import colours
from model.colours import LAND, PALETTE, SEA, catalog_colours, category_colour, distance, own_colour

# The 32 languages of the scenario that opens on first launch.
LANGUAGES = [
    "old_high_german", "old_saxon", "anglo_saxon", "norse", "frisian", "old_dutch", "langue_doil",
    "langue_doc", "italian", "castilian", "catalan", "galician_portuguese", "mozarabic",
    "west_slavonic", "east_slavonic", "south_slavonic", "gaelic", "welsh", "breton", "greek",
    "baltic", "armenian", "persian", "arabic", "berber", "magyar", "avar", "turkic", "finnic",
    "basque", "georgian", "circassian",
]  # fmt: skip


def test_the_palette_is_large_distinct_and_well_formed() -> None:
    assert len(PALETTE) >= 32
    assert len({c.lower() for c in PALETTE}) == len(PALETTE)
    assert all(len(c) == 7 and c.startswith("#") for c in PALETTE)
    assert min(distance(a, b) for a, b in itertools.combinations(PALETTE, 2)) > 12


def test_no_palette_colour_is_near_the_sea() -> None:
    for colour in PALETTE:
        assert distance(colour, SEA) > 25, colour  # CIE94
        assert math.dist(colours.lab(colour), colours.lab(SEA)) > 35, colour  # CIELAB
        r, g, b = colours.rgb(colour)
        sr, sg, sb = colours.rgb(SEA)
        assert abs(r - sr) + abs(g - sg) + abs(b - sb) > 60, colour
        assert distance(colour, LAND) > 12, colour


def test_no_palette_colour_is_a_blue() -> None:
    for colour in PALETTE:
        _, a, b = colours.lab(colour)
        hue = math.degrees(math.atan2(b, a)) % 360
        assert not 170 <= hue <= 310, colour  # CIELAB hues of cyan through blue-violet


def test_32_ids_get_32_distinct_colours() -> None:
    assigned = catalog_colours(LANGUAGES)
    assert list(assigned) == LANGUAGES
    assert len(set(assigned.values())) == 32
    generic = catalog_colours([f"item_{n}" for n in range(32)])
    assert len(set(generic.values())) == 32


@pytest.mark.parametrize("removed", LANGUAGES)
def test_removing_an_id_recolours_only_ids_it_had_pushed_off_their_own_colour(removed: str) -> None:
    before = catalog_colours(LANGUAGES)
    after = catalog_colours([i for i in LANGUAGES if i != removed])
    assert removed not in after
    for item_id, colour in after.items():
        if before[item_id] == own_colour(item_id):
            assert colour == before[item_id], item_id


def test_removing_an_uncontested_id_leaves_every_other_colour_unchanged() -> None:
    before = catalog_colours(LANGUAGES)
    # Colours some id tried, and found taken, before the one it got.
    tried = set()
    for item_id in LANGUAGES:
        for index in colours._probe(item_id, len(PALETTE)):
            if PALETTE[index] == before[item_id]:
                break
            tried.add(PALETTE[index])
    uncontested = [i for i in LANGUAGES if before[i] not in tried]
    assert uncontested
    for removed in uncontested:
        after = catalog_colours([i for i in LANGUAGES if i != removed])
        assert after == {i: c for i, c in before.items() if i != removed}


def test_appending_an_id_recolours_nothing() -> None:
    before = catalog_colours(LANGUAGES[:-1])
    after = catalog_colours(LANGUAGES)
    assert {i: after[i] for i in before} == before


def test_colours_are_deterministic_and_do_not_depend_on_position() -> None:
    assert catalog_colours(LANGUAGES) == catalog_colours(list(LANGUAGES))
    assert category_colour("norse") == category_colour("norse") == own_colour("norse")
    assert category_colour("norse") in PALETTE
    # A fixed value, so that a change of hash (e.g. Python's salted hash()) is caught.
    assert category_colour("norse") == PALETTE[colours._probe("norse", len(PALETTE))[0]]
    assert colours._hash("norse") == 3990543032


def test_taken_colours_are_avoided_until_all_are_taken() -> None:
    first = category_colour("x")
    second = category_colour("x", taken=[first.upper()])
    assert second != first and second in PALETTE
    assert category_colour("x", taken=PALETTE) == first


def test_owner_colour_prefers_the_known_colour() -> None:
    assert colours.owner_colour("byz", {"byz": "#800080"}) == "#800080"
    stranger = colours.owner_colour("magnate_7", {"byz": own_colour("magnate_7")})
    assert stranger != own_colour("magnate_7") and stranger in PALETTE


def test_suggested_empire_colours_are_far_from_those_in_use_and_from_the_sea() -> None:
    used: list[str] = []
    for _ in range(12):
        colour = colours.suggest_colour(used)
        assert colour not in used
        assert distance(colour, SEA) > 25
        used.append(colour)
    assert colours.suggest_colour([]) == colours.suggest_colour([])
    assert colours.suggest_colour(["not a colour"]) in PALETTE
