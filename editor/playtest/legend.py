"""The play-test legend: the powers that hold areas on the map in the view shown, not every
empire of the setup (a setup may list empires not on the map yet, such as cards in a deck).

Pure data: the controller shows the entries in the Legend dock, the tests read them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from editor.mapview.modes import INDEPENDENT, LegendEntry
from editor.playtest.chips import AreaPicture, owner_colour
from model.scenario import Scenario


def owner_legend(
    scenario: Scenario,
    owners: Iterable[str],
    pictures: Mapping[str, AreaPicture],
    names: Mapping[str, str],
    colours: Mapping[str, str],
    magnate_label: str = "Magnate",
) -> list[LegendEntry]:
    """Legend entries for the owners shown: the setup's empires, then its Magnates (labelled
    ``magnate_label`` when not empty), then powers that arose in play, each only if it holds an
    area; "Independent" last when an area shows the independent colour.

    ``owners`` are the owners of the view's areas (``chips.pictures_and_owners``); ``names`` and
    ``colours`` name and colour every power (seat names, setup colours).
    """
    present = set(owners)
    entries = [LegendEntry(e.colour, e.name) for e in scenario.setup.empires if e.id in present]
    for magnate in scenario.setup.magnates:
        if magnate.id in present:
            label = f"{magnate.name} ({magnate_label})" if magnate_label else magnate.name
            entries.append(LegendEntry(magnate.colour, label))
    known = {e.id for e in scenario.setup.empires} | {m.id for m in scenario.setup.magnates}
    for owner in dict.fromkeys(owners):
        if owner not in known:  # a power of the engine's own (a Magnate that appeared in play)
            entries.append(LegendEntry(owner_colour(owner, colours), names.get(owner, owner)))
    if any(picture.fill == INDEPENDENT for picture in pictures.values()):
        entries.append(LegendEntry(INDEPENDENT, "Independent"))
    return entries
