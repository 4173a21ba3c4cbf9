"""The main window's menus and toolbar, declared as data: what each menu and the toolbar hold.

``action_specs`` declares every fixed action (name, text, shortcut, what it does); ``MENUS`` and
``TOOLBAR`` lay them out by name. Entries are an action's name, ``"-"`` for a separator,
``"@id"`` for a submenu (its title in ``SUBMENUS``) and ``"*group"`` for the actions made from the
window's tools, layers or map modes. ``build_menus`` turns the declarations into Qt objects and
returns them; the main window keeps them as its attributes (nothing is looked up by title).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QMenu, QToolBar

from editor.mapview.modes import all_modes
from editor.mapview.scene import LAYERS
from editor.new_scenario import choices

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow

Shortcut = QKeySequence.StandardKey | str | None


@dataclass(frozen=True)
class ActionSpec:
    """One fixed action: its key in ``actions_by_name``, menu text, shortcut and slot."""

    name: str
    text: str
    slot: Callable[[], object]
    shortcut: Shortcut = None
    tip: str | None = None  # tool tip (the toolbar's hover text); Qt's default when None
    status_tip: str | None = None


@dataclass(frozen=True)
class MenuSpec:
    """A menu of the menu bar: a stable id, its title and its entries (see the module docstring)."""

    id: str
    title: str
    entries: tuple[str, ...]


MENUS: tuple[MenuSpec, ...] = (
    MenuSpec(
        "file",
        "&File",
        (
            "new",
            "@templates",
            "open",
            "@recent",
            "-",
            "save",
            "save_as",
            "compare",
            "import_map",
            "generate_map",
            "import_basemap",
            "import_picture",
            "export",
            "export_sheet",
            "close",
            "-",
            "quit",
        ),
    ),
    MenuSpec("edit", "&Edit", ("undo", "redo", "-", "select_none", "delete")),
    MenuSpec(
        "view",
        "&View",
        (
            "fit",
            "zoom_in",
            "zoom_out",
            "zoom_selection",
            "-",
            "@layers",
            "@modes",
            "-",
            "board_style",
            "-",
            "@panels",
            "range_view",
            "reset_layout",
        ),
    ),
    MenuSpec("tools", "&Tools", ("*tools", "-", "*tool_options")),
    MenuSpec(
        "playtest",
        "&Play-test",
        (
            "playtest",
            "playtest_load",
            "playtest_stop",
            "-",
            "playtest_step",
            "playtest_turn",
            "playtest_round",
            "playtest_auto",
            "playtest_back",
            "-",
            "balance_report",
        ),
    ),
    MenuSpec("help", "&Help", ("about",)),
)

SUBMENUS: dict[str, str] = {
    "templates": "New from &template",
    "recent": "Open &recent",
    "layers": "&Layers",
    "modes": "&Map mode",
    "panels": "&Panels",
}

# "[mode_box]" is the map-mode combo box with its label.
TOOLBAR: tuple[str, ...] = (
    "*tools",
    "-",
    "*tool_options",
    "-",
    "[mode_box]",
    "-",
    "undo",
    "redo",
    "-",
    "fit",
    "zoom_selection",
    "-",
    "playtest",
    "balance_report",
)

TOOLBAR_LABELS: dict[str, str] = {
    "tool_draw": "Draw",
    "tool_delete": "Delete",
    "split_split_every_area": "Split all",
    "zoom_selection": "Zoom sel.",
    "balance_report": "Balance",
}
"""Action name -> its shorter label on the toolbar (the menus and the tooltip keep the whole name):
with them the toolbar fits a 1366-pixel-wide window, none of its buttons in the ">>" menu."""


def action_specs(window: MainWindow) -> tuple[ActionSpec, ...]:
    """Every fixed action of the window (undo and redo come from the undo stack instead)."""
    # Imported here: the dialogs load only with a window (and keep start-up imports small).
    from editor.compare.controller import compare_with_dialog
    from editor.dialogs.about import show_about
    from editor.dialogs.generate import generate_from_points
    from editor.dialogs.import_map import import_map
    from editor.export.sheet_dialog import export_sheet

    files = window.files
    view = window.view
    underlays = window.underlays_dock
    playtest = window.playtest

    def underlay(button: Callable[[], object]) -> Callable[[], object]:
        return lambda: (underlays.show(), underlays.raise_(), button())

    def play(
        name: str, text: str, slot: Callable[[], object], key: str | None = None, tip: str = ""
    ) -> ActionSpec:
        return ActionSpec(name, text, slot, key, tip or text)  # the toolbar shows the whole sentence

    return (
        ActionSpec("new", "&New…", files.new_with_dialog, QKeySequence.StandardKey.New),
        ActionSpec("open", "&Open…", files.open, QKeySequence.StandardKey.Open),
        ActionSpec("save", "&Save", files.save, QKeySequence.StandardKey.Save),
        ActionSpec("save_as", "Save &as…", files.save_as, QKeySequence.StandardKey.SaveAs),
        ActionSpec("export", "&Export image…", window.export_image, "Ctrl+E"),
        ActionSpec(
            "compare",
            "Co&mpare with…",
            partial(compare_with_dialog, window),
            status_tip="Show what changed since another file, the last saved version or a git revision",
        ),
        ActionSpec("close", "&Close", files.close, QKeySequence.StandardKey.Close),
        ActionSpec("quit", "&Quit", window.close, QKeySequence.StandardKey.Quit),
        ActionSpec("export_sheet", "Export print-and-play &PDF…", partial(export_sheet, window)),
        ActionSpec("generate_map", "&Generate map from points…", partial(generate_from_points, window)),
        ActionSpec("import_map", "&Import…", partial(import_map, window), "Ctrl+I"),
        ActionSpec("import_basemap", "Import &basemap…", underlay(underlays.add_basemap.click)),
        ActionSpec("import_picture", "Import picture &underlay…", underlay(underlays.add_image.click)),
        ActionSpec("select_none", "Select &none", window.selection.clear, "Esc"),
        ActionSpec("delete", "&Delete selected", window.delete_selection, QKeySequence.StandardKey.Delete),
        ActionSpec("fit", "&Fit map", view.fit_map, "Ctrl+0"),
        ActionSpec("zoom_in", "Zoom &in", lambda: view.zoom_by(1.25), QKeySequence.StandardKey.ZoomIn),
        ActionSpec("zoom_out", "Zoom &out", lambda: view.zoom_by(0.8), QKeySequence.StandardKey.ZoomOut),
        ActionSpec("zoom_selection", "Zoom to &selection", window.zoom_to_selection, "Ctrl+3"),
        ActionSpec(
            "board_style",
            "&Board style",
            lambda: window.scene.set_board_style(not window.scene.state.board),
            status_tip="Draw the map as a game board: smoothed borders, water lines, serif names",
        ),
        ActionSpec(
            "reset_layout",
            "Reset &layout",
            window.reset_layout,
            status_tip="Put every panel back in its first place and size (otherwise the layout is kept)",
        ),
        ActionSpec(
            "range_view",
            "&Range view…",
            window.range_dock.show_range_view,
            status_tip="Shade every area by its distance from the selected area, by a reach of the ruleset",
        ),
        play("playtest", "&Play-test…", playtest.start_with_dialog, "F5", "Play the scenario as it is now"),
        play("playtest_load", "&Load a play-test log…", lambda: playtest.load_log()),
        play("playtest_stop", "&Stop the play-test", playtest.stop, "Shift+F5"),
        play("playtest_step", "S&tep", playtest.step_once, "F10"),
        play("playtest_turn", "To end of &turn", lambda: playtest.play_to("turn"), "F11"),
        play("playtest_round", "To end of &round", lambda: playtest.play_to("round"), "Shift+F11"),
        play("playtest_auto", "&Auto-play or pause", playtest.dock.play_button.toggle, "F9"),
        play("playtest_back", "&Back one", playtest.back_one, "Ctrl+Backspace"),
        play(
            "balance_report",
            "&Balance report…",
            window.show_balance_report,
            "Ctrl+F5",
            "Play many AI games and show win rates, VP and game length",
        ),
        ActionSpec(
            "about", "&About Mappa…", partial(show_about, window), status_tip="Versions of Mappa, Qt, Python"
        ),
    )


@dataclass
class WindowMenus:
    """What ``build_menus`` made: the menus by id, every action by name, the toolbar and mode box."""

    menus: dict[str, QMenu]
    actions: dict[str, QAction]
    toolbar: QToolBar
    mode_box: QComboBox


def _make(window: MainWindow, spec: ActionSpec) -> QAction:
    action = QAction(spec.text, window)
    if spec.shortcut is not None:
        action.setShortcut(QKeySequence(spec.shortcut))
    if spec.tip is not None:
        action.setToolTip(spec.tip)
    if spec.status_tip is not None:
        action.setStatusTip(spec.status_tip)
    action.triggered.connect(lambda _checked=False, slot=spec.slot: slot())
    return action


def _plain(window: MainWindow, text: str, slot: Callable[[], object]) -> QAction:
    return _make(window, ActionSpec("", text, slot))


def build_menus(window: MainWindow) -> WindowMenus:
    """Create every menu and the toolbar from ``MENUS``, ``SUBMENUS`` and ``TOOLBAR``.

    Called once by the main window after its docks, tools and play-test controller exist.
    """
    actions: dict[str, QAction] = {spec.name: _make(window, spec) for spec in action_specs(window)}
    stack = window.document.undo_stack
    actions["undo"] = stack.createUndoAction(window, "&Undo")
    actions["undo"].setShortcut(QKeySequence.StandardKey.Undo)
    actions["redo"] = stack.createRedoAction(window, "&Redo")
    actions["redo"].setShortcut(QKeySequence.StandardKey.Redo)
    # The menu says what would be undone; the toolbar keeps a short fixed label (the tooltip still
    # names the step), so that a long command name does not push buttons into the overflow menu.
    actions["undo"].setIconText("Undo")
    actions["redo"].setIconText("Redo")

    # View > Board style is ticked while the map is drawn as a board (its slot flips the style).
    actions["board_style"].setCheckable(True)
    actions["board_style"].setChecked(window.scene.state.board)
    groups = _groups(window, actions)
    bar = window.menuBar()
    menus: dict[str, QMenu] = {}

    def fill(menu: QMenu, entries: tuple[str, ...]) -> None:
        for entry in entries:
            if entry == "-":
                menu.addSeparator()
            elif entry.startswith("@"):
                submenu = menu.addMenu(SUBMENUS[entry[1:]])
                menus[entry[1:]] = submenu
            elif entry.startswith("*"):
                for action in groups[entry[1:]]:
                    menu.addAction(action)
            else:
                menu.addAction(actions[entry])

    for spec in MENUS:
        menus[spec.id] = bar.addMenu(spec.title)
        fill(menus[spec.id], spec.entries)
    _fill_templates(window, menus["templates"])
    _follow_recent(window, menus["recent"])
    for group, menu_id in (("layers", "layers"), ("modes", "modes")):
        for action in groups[group]:
            menus[menu_id].addAction(action)
    for dock in window.panel_docks():
        menus["panels"].addAction(dock.toggleViewAction())

    for name, label in TOOLBAR_LABELS.items():
        action = actions[name]
        action.setToolTip(action.toolTip() or action.text().replace("&", ""))
        action.setIconText(label)

    toolbar = QToolBar("Tools", window)
    toolbar.setObjectName("tools_toolbar")
    window.addToolBar(toolbar)
    mode_box = _mode_box(window, actions)
    for entry in TOOLBAR:
        if entry == "-":
            toolbar.addSeparator()
        elif entry == "[mode_box]":
            toolbar.addWidget(QLabel(" Map mode: ", window))
            toolbar.addWidget(mode_box)
        elif entry.startswith("*"):
            for action in groups[entry[1:]]:
                toolbar.addAction(action)
        else:
            toolbar.addAction(actions[entry])
    return WindowMenus(menus, actions, toolbar, mode_box)


def _groups(window: MainWindow, actions: dict[str, QAction]) -> dict[str, list[QAction]]:
    """The generated actions (tools, their options, layers, map modes), also put in ``actions``."""
    tools: list[QAction] = []
    tool_group = QActionGroup(window)
    for index, (tool_id, tool) in enumerate(window.tools.items()):
        action = QAction(tool.name, window)
        action.setCheckable(True)
        action.setChecked(tool is window.tool)
        action.setToolTip(tool.hint)
        if index < 9:
            action.setShortcut(QKeySequence(str(index + 1)))
        action.triggered.connect(partial(lambda tid, _checked=False: window.set_tool(tid), tool_id))
        tool_group.addAction(action)
        tools.append(action)
        actions[f"tool_{tool_id}"] = action
    options: list[QAction] = []
    for tool_id, tool in window.tools.items():  # tool options (e.g. "Split every area crossed")
        for option in tool.options():
            options.append(option)
            actions[f"{tool_id}_{option.objectName()}"] = option
    layers: list[QAction] = []
    for layer_id, name, _z in LAYERS:
        action = QAction(name, window)
        action.setCheckable(True)
        action.setChecked(window.scene.layers[layer_id].isVisible())
        action.toggled.connect(partial(window.scene.set_layer_visible, layer_id))
        layers.append(action)
        actions[f"layer_{layer_id}"] = action
    modes: list[QAction] = []
    mode_group = QActionGroup(window)
    for mode in all_modes().values():  # the shared ones and every ruleset's; Alt+N keys: mode_choice
        action = QAction(mode.name, window)
        action.setCheckable(True)
        action.setChecked(mode.id == window.scene.mode_id)
        action.triggered.connect(partial(lambda mode_id, _checked=False: window.set_mode(mode_id), mode.id))
        mode_group.addAction(action)
        modes.append(action)
        actions[f"mode_{mode.id}"] = action
    return {"tools": tools, "tool_options": options, "layers": layers, "modes": modes}


def _mode_box(window: MainWindow, actions: dict[str, QAction]) -> QComboBox:
    """The toolbar's map-mode chooser; choosing triggers the mode's menu action (one path)."""
    modes = list(all_modes().values())
    box = QComboBox(window)
    box.setObjectName("mode_box")
    # As wide as a usual mode name, not the longest one: on a 1366-pixel screen the toolbar's
    # last buttons would otherwise go into its overflow menu. The open list is as wide as it needs.
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(14)
    for mode in modes:
        box.addItem(mode.name, mode.id)
    box.setCurrentIndex(box.findData(window.scene.mode_id))
    box.view().setMinimumWidth(box.view().sizeHintForColumn(0) + 24)
    box.activated.connect(lambda index: actions[f"mode_{box.itemData(index)}"].trigger())
    return box


def _fill_templates(window: MainWindow, menu: QMenu) -> None:
    """The shipped scenarios by title, under a heading per ruleset (as in the New dialog)."""
    for group in choices():
        if not group.templates:
            continue
        menu.addSection(group.name)
        for template in group.templates:
            action = _plain(window, template.title, partial(window.files.new_from_template, template.path))
            action.setStatusTip(template.description)
            menu.addAction(action)
    menu.setEnabled(bool(menu.actions()))


def _follow_recent(window: MainWindow, menu: QMenu) -> None:
    """Keep File > Open recent listing the recent files."""
    files = window.files

    def fill() -> None:
        menu.clear()
        for path in files.recent.paths():
            menu.addAction(_plain(window, str(path), partial(files.open, path)))
        if menu.actions():
            menu.addSeparator()
            menu.addAction(_plain(window, "Clear the list", files.recent.clear))
        menu.setEnabled(bool(menu.actions()))

    files.recent.changed.connect(fill)
    fill()
