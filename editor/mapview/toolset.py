"""The tools the main window offers, in toolbar order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.mapview.area_tools import AnchorTool, ConnectTool, DeleteAreaTool, MergeTool, UnitTool
from editor.mapview.draw_tools import DrawBoundaryTool, SplitTool
from editor.mapview.paint_tool import PaintTool
from editor.mapview.tools import SelectTool, Tool, ToolContext
from editor.mapview.vertex_tool import VertexTool

if TYPE_CHECKING:
    from editor.mapview.view import MapView


def make_tools(view: MapView, context: ToolContext) -> dict[str, Tool]:
    """Build one instance of every tool, keyed by tool id."""
    tools: list[Tool] = [
        SelectTool(view, context),
        VertexTool(view, context),
        DrawBoundaryTool(view, context),
        SplitTool(view, context),
        MergeTool(view, context),
        DeleteAreaTool(view, context),
        AnchorTool(view, context),
        ConnectTool(view, context),
        UnitTool(view, context),
        PaintTool(view, context),
    ]
    return {tool.id: tool for tool in tools}
