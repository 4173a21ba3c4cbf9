"""The play-test legend (``editor.playtest.legend``) lists the powers holding areas in the view,
for any ruleset: the setup's empires and Magnates present, powers that arose in play, and
"Independent" only when an area shows that colour."""

from __future__ import annotations

from editor.files import DEFAULT_SCENARIO
from editor.mapview.modes import INDEPENDENT
from editor.playtest.chips import AreaPicture
from editor.playtest.legend import owner_legend
from model import io


def test_only_the_owners_shown_are_listed_with_their_colours() -> None:
    scenario = io.load(DEFAULT_SCENARIO)
    kestria = scenario.empire("kestrian_duchy")
    pictures = {"a": AreaPicture(kestria.colour, (), ""), "b": AreaPicture("#123456", (), "")}
    entries = owner_legend(scenario, ["raiders_x", "kestrian_duchy"], pictures, {"raiders_x": "Raiders"}, {})
    assert (entries[0].colour, entries[0].label) == (kestria.colour, "Duchy of Kestria")
    # A power of the engine's own comes after the setup's, by its seat name; no independent area.
    assert [e.label for e in entries] == ["Duchy of Kestria", "Raiders"]


def test_magnates_carry_the_rulesets_label_and_independent_comes_last() -> None:
    scenario = io.load(DEFAULT_SCENARIO)
    magnate = scenario.setup.magnates[0]
    pictures = {"a": AreaPicture(INDEPENDENT, (), "")}
    labels = [e.label for e in owner_legend(scenario, [magnate.id], pictures, {}, {})]
    assert labels == [f"{magnate.name} (Magnate)", "Independent"]
    plain = owner_legend(scenario, [magnate.id], pictures, {}, {}, magnate_label="")
    assert [e.label for e in plain] == [magnate.name, "Independent"]
