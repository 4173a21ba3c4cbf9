"""The balance report as files: ``report.json`` (the figures) and a self-contained ``report.html``.

The HTML page carries its charts and its map as inline SVG, drawn here from the figures and the
map's topology, so it opens in any browser with no network and no Qt. When the ruleset gives
empires a ``handicap`` attribute (victory points added at the end), the report also suggests the
handicaps that would even out the mean final scores (``stats.suggest_handicaps``).
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from shapely.geometry import MultiPolygon, Polygon

from model import io
from model.colours import SEA, owner_colour
from model.playtest.coverage import render_html as coverage_html
from model.playtest.stats import suggest_handicaps
from model.rules import registry
from model.rules.protocol import Game, seat_names
from model.scenario import AreaKind, Scenario
from model.topology import Topology


def player_colours(scenario: Scenario, players: Iterable[str]) -> dict[str, str]:
    """Each player's colour: its empire's own colour in the scenario, else a stable one by its id."""
    own = {empire.id: empire.colour for empire in scenario.setup.empires}
    return {player: owner_colour(player, own) for player in players}


HANDICAP = "handicap"
"""The empire attribute the suggestions are for: victory points added to a final score."""


def current_handicaps(scenario: Scenario) -> dict[str, int] | None:
    """Each empire's handicap in the scenario (the ruleset's default when unset).

    ``None`` when the ruleset has no ``handicap`` empire attribute (nothing to suggest then).
    """
    spec = registry.get(scenario.ruleset.id)
    model = spec.empire_attributes if spec is not None else None
    if model is None or HANDICAP not in model.model_fields:
        return None
    default = model.model_fields[HANDICAP].get_default(call_default_factory=True)
    return {
        empire.id: int(empire.attributes.get(HANDICAP, default) or 0) for empire in scenario.setup.empires
    }


def handicap_suggestions(scenario: Scenario, figures: dict[str, Any]) -> dict[str, Any] | None:
    """The suggested handicaps for these figures, or ``None`` (no handicap attribute, no finished game).

    Only seats that are empires of the scenario get one; the means are the report's own (rounded
    to four decimals), so the suggestion is the same wherever the figures are read back.
    """
    current = current_handicaps(scenario)
    if current is None or not figures.get("finished"):
        return None
    means = {
        player: float(data["victory_points"]["mean"])
        for player, data in figures["empires"].items()
        if player in current
    }
    if not means:
        return None
    return suggest_handicaps(means, current)


def ruleset_name(ruleset_id: str) -> str:
    """Return the name players know a ruleset by (its id when this Mappa does not know it)."""
    spec = registry.get(ruleset_id)
    return spec.name if spec is not None else ruleset_id


def event_label(name: str) -> str:
    """Return an event count's name in words ("leader_deaths" -> "leader deaths")."""
    return name.replace("_", " ")


def _seats_sentence(seats: dict[str, Any], names: dict[str, str]) -> str:
    """Return which AI level played each seat, with the empires' names."""
    if not seats:
        return "every seat played by the default AI"
    return "AI levels " + ", ".join(f"{names.get(p, p)}: {level}" for p, level in seats.items())


def report_seat_names(scenario: Scenario, game: Game | None = None) -> dict[str, str]:
    """Return the name of every seat and side of the games: the scenario's empires and Magnates and
    what the engine names itself (7 Ages seats are players, not empires: ``Game.seat_names``).

    Without ``game`` the ruleset's engine is built from the scenario; a scenario the engine refuses
    (or a ruleset without one) still gets the names the scenario itself gives.
    """
    if game is None:
        spec = registry.get(scenario.ruleset.id)
        factory = spec.engine_factory() if spec is not None and spec.engine else None
        if factory is not None:
            try:
                game = factory(scenario)
            except (LookupError, ValueError, TypeError):  # the engine's refusal of this setup
                game = None
    return seat_names(scenario, game)


def build_report(
    scenario: Scenario, figures: dict[str, Any], settings: dict[str, Any], game: Game | None = None
) -> dict[str, Any]:
    """Return the whole report: what was played (scenario, settings), the seats' names
    (``seat_names``, see :func:`report_seat_names`; ``game`` saves building the engine again), the
    figures and, when the ruleset has handicaps, ``suggested_handicaps`` (see
    ``stats.suggest_handicaps``)."""
    names = report_seat_names(scenario, game)
    report = {
        "scenario": {
            "title": scenario.metadata.title,
            "ruleset": scenario.ruleset.id,
            "ruleset_name": ruleset_name(scenario.ruleset.id),
            "rounds": scenario.metadata.rounds,
        },
        "settings": settings,
        # every seat that played, plus the other sides the figures name (Magnates, neutrals)
        "seat_names": {player: names[player] for player in sorted(names)},
        **figures,
    }
    suggestions = handicap_suggestions(scenario, figures)
    if suggestions is not None:
        report["suggested_handicaps"] = suggestions
    return report


def write_report(scenario: Scenario, report: dict[str, Any], out_dir: Path) -> tuple[Path, Path]:
    """Write ``report.json`` and ``report.html`` into ``out_dir``; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    json_path = out_dir / "report.json"
    html_path = out_dir / "report.html"
    io.atomic_write(json_path, (json.dumps(report, indent=2, sort_keys=True) + "\n").encode("utf-8"))
    io.atomic_write(html_path, render_html(scenario, report).encode("utf-8"))
    return json_path, html_path


# --- charts ------------------------------------------------------------------------------------


def _win_rate_chart(report: dict[str, Any], names: dict[str, str], colours: dict[str, str]) -> str:
    empires = report["empires"]
    row = 28
    width, left = 640, 170
    height = row * len(empires) + 40
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img">']
    span = width - left - 40
    for tick in range(0, 101, 20):
        x = left + span * tick / 100
        parts.append(f'<line x1="{x}" y1="10" x2="{x}" y2="{height - 25}" stroke="#ddd"/>')
        parts.append(f'<text x="{x}" y="{height - 8}" font-size="11" text-anchor="middle">{tick}%</text>')
    for i, (player, data) in enumerate(empires.items()):
        y = 14 + i * row
        rate = data["win_rate"]
        low, high = data["win_rate_ci95"]
        colour = colours[player]
        parts.append(
            f'<text x="{left - 8}" y="{y + 14}" font-size="13" text-anchor="end">'
            f"{html.escape(names.get(player, player))}</text>"
        )
        parts.append(f'<rect x="{left}" y="{y}" width="{span * rate:.1f}" height="18" fill="{colour}"/>')
        parts.append(
            f'<line x1="{left + span * low:.1f}" y1="{y + 9}" x2="{left + span * high:.1f}" y2="{y + 9}" '
            'stroke="#222" stroke-width="2"/>'
        )
        parts.append(
            f'<text x="{left + span * max(rate, high) + 6:.1f}" y="{y + 14}" font-size="12">{rate:.1%}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _histogram_chart(distribution: list[list[float]], colour: str, label: str) -> str:
    width, height, bottom, left = 300, 150, 24, 30
    if not distribution:
        return "<p>No finished games.</p>"
    top = max(count for _, count in distribution)
    values = [value for value, _ in distribution]
    low, high = min(values), max(values)
    slots = max(1.0, high - low + 1)
    bar = min((width - left - 10) / slots, 24.0)  # one value alone still reads as a bar
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img">']
    parts.append(f"<title>{html.escape(label)}</title>")
    for value, count in distribution:
        h = (height - bottom - 10) * count / top
        x = left + (value - low) * bar
        parts.append(
            f'<rect x="{x:.1f}" y="{height - bottom - h:.1f}" width="{max(bar - 1, 1):.1f}" '
            f'height="{h:.1f}" fill="{colour}"><title>{value}: {count}</title></rect>'
        )
    parts.append(f'<text x="{left}" y="{height - 6}" font-size="11">{low:g}</text>')
    parts.append(f'<text x="{width - 10}" y="{height - 6}" font-size="11" text-anchor="end">{high:g}</text>')
    parts.append(f'<text x="2" y="12" font-size="11">{top}</text>')
    parts.append("</svg>")
    return "".join(parts)


# --- the map -----------------------------------------------------------------------------------


def _ring_path(coords: Any) -> str:
    points = list(coords)
    return "M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in points) + "Z"


def _shape_path(shape: Polygon | MultiPolygon) -> str:
    polygons = shape.geoms if isinstance(shape, MultiPolygon) else [shape]
    out = []
    for polygon in polygons:
        out.append(_ring_path(polygon.exterior.coords))
        out.extend(_ring_path(ring.coords) for ring in polygon.interiors)
    return "".join(out)


def _heat(value: float, top: float) -> str:
    """White (never changed hands) to deep red (changed hands most often)."""
    t = 0.0 if top <= 0 else min(1.0, value / top)
    r, g, b = 255, int(245 - 200 * t), int(235 - 215 * t)
    return f"#{r:02x}{g:02x}{b:02x}"


def render_map_svg(scenario: Scenario, report: dict[str, Any], width: int = 900) -> str:
    """Draw the map, land areas shaded by how often they changed hands per game."""
    topology = Topology.build(scenario.map)
    shapes = {area.id: topology.area_geometry(area.id) for area in scenario.map.areas}
    drawn = [shape for shape in shapes.values() if shape is not None and not shape.is_empty]
    if not drawn:
        return "<p>The map has no areas to draw.</p>"
    min_x = min(s.bounds[0] for s in drawn)
    min_y = min(s.bounds[1] for s in drawn)
    max_x = max(s.bounds[2] for s in drawn)
    max_y = max(s.bounds[3] for s in drawn)
    span_x, span_y = max(max_x - min_x, 1e-9), max(max_y - min_y, 1e-9)
    height = int(width * span_y / span_x)
    changes = report.get("area_changes", {})
    top = max((data["per_game"] for data in changes.values()), default=0.0)
    stroke = span_x / width * 0.8
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="{min_x:.1f} {min_y:.1f} {span_x:.1f} {span_y:.1f}" role="img">'
    ]
    labels = []
    for area in scenario.map.areas:
        shape = shapes[area.id]
        if shape is None or shape.is_empty:
            continue
        per_game = changes.get(area.id, {}).get("per_game", 0.0)
        fill = SEA if area.kind is AreaKind.SEA else _heat(per_game, top)
        title = html.escape(f"{area.name}: changed hands {per_game:.2f} times per game")
        parts.append(
            f'<path d="{_shape_path(shape)}" fill="{fill}" stroke="#555" stroke-width="{stroke:.2f}" '
            f'fill-rule="evenodd"><title>{title}</title></path>'
        )
        if area.kind is AreaKind.LAND:
            x, y = area.label or area.anchors[0]
            labels.append(
                f'<text x="{x:.1f}" y="{y:.1f}" font-size="{stroke * 11:.1f}" text-anchor="middle" '
                f'fill="#222">{html.escape(area.name)}</text>'
            )
    parts.extend(labels)
    parts.append("</svg>")
    return "".join(parts)


# --- the page ----------------------------------------------------------------------------------


def _handicap_section(report: dict[str, Any], names: dict[str, str], colours: dict[str, str]) -> str:
    """The suggested handicaps table and how they were found (empty when the report has none)."""
    suggestions = report.get("suggested_handicaps")
    if not suggestions:
        return ""
    rows = []
    for player, data in suggestions["empires"].items():
        colour = colours.get(player, "#808080")
        rows.append(
            f"<tr><td><span class='swatch' style='background:{colour}'></span>"
            f"{html.escape(names.get(player, player))}</td><td>{data['current']:+d}</td>"
            f"<td>{data['mean_vp']:.1f}</td><td><b>{data['suggested']:+d}</b></td>"
            f"<td>{data['change']:+d}</td></tr>"
        )
    return (
        "<h2>Suggested handicaps</h2>"
        f"<p>Target: every empire's mean final score at {suggestions['target_mean_vp']:.1f} victory points"
        " (the mean of the empires' means).</p>"
        "<table><tr><th>Empire</th><th>Current handicap</th><th>Mean VP</th><th>Suggested handicap</th>"
        f"<th>Change</th></tr>{''.join(rows)}</table>"
        f"<p class='note'>{html.escape(suggestions['method'])}</p>"
    )


def render_html(scenario: Scenario, report: dict[str, Any]) -> str:
    """Return the self-contained HTML page of a balance report."""
    # names stored in the report win; a report written before they were stored falls back to the
    # scenario's own names
    names = {**seat_names(scenario), **dict(report.get("seat_names") or {})}
    colours = player_colours(scenario, report["empires"])
    area_names = {area.id: area.name for area in scenario.map.areas}
    connection_names = {c.id: c.name or f"{c.a}-{c.b}" for c in scenario.map.connections}
    title = html.escape(scenario.metadata.title)
    settings = report.get("settings", {})
    rows = []
    for player, data in report["empires"].items():
        vp = data["victory_points"]
        low, high = data["win_rate_ci95"]
        rows.append(
            f"<tr><td><span class='swatch' style='background:{colours[player]}'></span>"
            f"{html.escape(names.get(player, player))}</td><td>{data['win_rate']:.1%}</td>"
            f"<td>{low:.1%} to {high:.1%}</td><td>{vp['mean']:.1f}</td><td>{vp['median']:g}</td>"
            f"<td>{vp['p10']:g} to {vp['p90']:g}</td></tr>"
        )
    histograms = "".join(
        f"<figure><figcaption>{html.escape(names.get(player, player))}: victory points</figcaption>"
        + _histogram_chart(data["victory_points"]["distribution"], colours[player], names.get(player, player))
        + "</figure>"
        for player, data in report["empires"].items()
    )
    length = report["game_length"]
    busiest = sorted(report["area_changes"].items(), key=lambda item: (-item[1]["per_game"], item[0]))[:15]
    busiest_rows = "".join(
        f"<tr><td>{html.escape(area_names.get(area, area))}</td><td>{data['per_game']:.2f}</td></tr>"
        for area, data in busiest
        if data["total"]
    )
    unused = (
        ", ".join(html.escape(connection_names.get(c, c)) for c in report["unused_connections"]) or "none"
    )
    events = "".join(
        f"<tr><td>{html.escape(event_label(name))}</td><td>{data['total']}</td>"
        f"<td>{data['per_game']:.2f}</td></tr>"
        for name, data in report["events"].items()
    )
    errors = "".join(
        f"<li>game {e['game']} (seed {e['seed']}): {html.escape(e['error'])}"
        f"{' - replay ' + html.escape(e['replay']) if e.get('replay') else ''}</li>"
        for e in report["errors"]
    )
    handicaps = _handicap_section(report, names, colours)
    coverage = coverage_html(report["coverage"], names) if report.get("coverage") else ""
    ruleset = html.escape(ruleset_name(str(report["scenario"]["ruleset"])))
    seats = html.escape(_seats_sentence(dict(settings.get("seats") or {}), names))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Balance report: {title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1000px; color: #222; }}
table {{ border-collapse: collapse; margin: 0.5em 0 1.5em; }}
td, th {{ border-bottom: 1px solid #ddd; padding: 4px 10px; text-align: left; }}
figure {{ display: inline-block; margin: 0 1em 1em 0; }}
figcaption {{ font-size: 0.9em; color: #555; }}
.note {{ color: #555; font-size: 0.9em; max-width: 50em; }}
.swatch {{ display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em; }}
</style></head><body>
<h1>Balance report: {title}</h1>
<p>{report["games"]} games ({report["finished"]} finished, {report["engine_errors"]} engine errors),
{ruleset}, seed {html.escape(str(settings.get("seed")))}, {seats}.</p>
<h2>Who wins</h2>
{_win_rate_chart(report, names, colours)}
<table><tr><th>Seat</th><th>Win rate</th><th>95% interval</th><th>Mean VP</th><th>Median VP</th>
<th>VP 10th to 90th percentile</th></tr>{"".join(rows)}</table>
{handicaps}
<h2>Victory points</h2>{histograms}
<h2>Game length</h2>
<figure><figcaption>Rounds played</figcaption>
{_histogram_chart(length["rounds"]["distribution"], "#888", "rounds")}</figure>
<figure><figcaption>Actions per game (mean {length["actions"]["mean"]:.0f})</figcaption>
{_histogram_chart(length["actions"]["distribution"], "#aaa", "actions")}</figure>
<h2>Where the fighting is</h2>
<p>Land areas shaded by how often they changed hands per game (hover for figures).</p>
{render_map_svg(scenario, report)}
<table><tr><th>Area</th><th>Changes of owner per game</th></tr>{busiest_rows}</table>
<h2>Connections never used</h2><p>{unused}</p>
<h2>Events</h2>
<table><tr><th>Event</th><th>Total</th><th>Per game</th></tr>{events}</table>
{coverage}
<h2>Engine errors</h2>{"<ul>" + errors + "</ul>" if errors else "<p>None.</p>"}
</body></html>
"""
