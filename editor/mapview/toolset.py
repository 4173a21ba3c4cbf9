"""The tools the main window offers, in toolbar order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.mapview.tools import SelectTool, Tool, ToolContext

if TYPE_CHECKING:
    from editor.mapview.view import MapView


def make_tools(view: MapView, context: ToolContext) -> dict[str, Tool]:
    """Build one instance of every tool, keyed by tool id."""
    tools: list[Tool] = [SelectTool(view, context)]
    return {tool.id: tool for tool in tools}
