"""The main window's menus and toolbar: File, Edit, View (zoom, layers, map modes, docks), Tools."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QToolBar

from editor.files import templates
from editor.mapview.mode_choice import follow_ruleset
from editor.mapview.modes import all_modes
from editor.mapview.scene import LAYERS

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow


def _action(
    window: MainWindow, text: str, slot: object, shortcut: QKeySequence | str | None = None
) -> QAction:
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
    return action


def build_menus(window: MainWindow) -> None:
    """Create every menu and the toolbar of the window; actions are kept in ``window.actions_by_name``."""
    actions: dict[str, QAction] = {}
    window.actions_by_name = actions
    bar = window.menuBar()
    files = window.files

    file_menu = bar.addMenu("&File")
    actions["new"] = _action(window, "&New", files.new, QKeySequence.StandardKey.New)
    file_menu.addAction(actions["new"])
    template_menu = file_menu.addMenu("New from &template")
    for path in templates():
        template_menu.addAction(
            _action(window, path.name.removesuffix(".mappa.json"), partial(files.new_from_template, path))
        )
    template_menu.setEnabled(bool(template_menu.actions()))
    actions["open"] = _action(window, "&Open…", files.open, QKeySequence.StandardKey.Open)
    file_menu.addAction(actions["open"])
    recent_menu = file_menu.addMenu("Open &recent")
    window.recent_menu = recent_menu  # type: ignore[attr-defined]

    def fill_recent() -> None:
        recent_menu.clear()
        for path in files.recent.paths():
            recent_menu.addAction(_action(window, str(path), partial(files.open, path)))
        if recent_menu.actions():
            recent_menu.addSeparator()
            recent_menu.addAction(_action(window, "Clear the list", files.recent.clear))
        recent_menu.setEnabled(bool(recent_menu.actions()))

    files.recent.changed.connect(fill_recent)
    fill_recent()
    file_menu.addSeparator()
    actions["save"] = _action(window, "&Save", files.save, QKeySequence.StandardKey.Save)
    actions["save_as"] = _action(window, "Save &as…", files.save_as, QKeySequence.StandardKey.SaveAs)
    actions["export"] = _action(window, "&Export image…", window.export_image, "Ctrl+E")
    actions["close"] = _action(window, "&Close", files.close, QKeySequence.StandardKey.Close)
    actions["quit"] = _action(window, "&Quit", window.close, QKeySequence.StandardKey.Quit)
    # Print-and-play sheet (editor.export): imported here so the menu stays the only hook.
    from editor.export.sheet_dialog import export_sheet

    actions["export_sheet"] = _action(window, "Export print-and-play &PDF…", partial(export_sheet, window))
    # Generate map from points (editor.dialogs.generate, `mappa generate` in the editor): one hook.
    from editor.dialogs.generate import generate_from_points

    actions["generate_map"] = _action(
        window, "&Generate map from points…", partial(generate_from_points, window)
    )
    # Import a map from another format (editor.dialogs.import_map, `mappa import` in the editor).
    from editor.dialogs.import_map import import_map

    actions["import_map"] = _action(window, "&Import…", partial(import_map, window), "Ctrl+I")
    for name in ("save", "save_as", "import_map", "generate_map", "export", "export_sheet", "close"):
        file_menu.addAction(actions[name])
    file_menu.addSeparator()
    file_menu.addAction(actions["quit"])

    edit_menu = bar.addMenu("&Edit")
    stack = window.document.undo_stack
    actions["undo"] = stack.createUndoAction(window, "&Undo")
    actions["undo"].setShortcut(QKeySequence.StandardKey.Undo)
    actions["redo"] = stack.createRedoAction(window, "&Redo")
    actions["redo"].setShortcut(QKeySequence.StandardKey.Redo)
    # The menu says what would be undone; the toolbar keeps a short fixed label (the tooltip still
    # names the step), so that a long command name does not push buttons into the overflow menu.
    actions["undo"].setIconText("Undo")
    actions["redo"].setIconText("Redo")
    edit_menu.addAction(actions["undo"])
    edit_menu.addAction(actions["redo"])
    edit_menu.addSeparator()
    actions["select_none"] = _action(window, "Select &none", window.selection.clear, "Esc")
    actions["delete"] = _action(
        window, "&Delete selected", window.delete_selection, QKeySequence.StandardKey.Delete
    )
    edit_menu.addAction(actions["select_none"])
    edit_menu.addAction(actions["delete"])

    view_menu = bar.addMenu("&View")
    actions["fit"] = _action(window, "&Fit map", window.view.fit_map, "Ctrl+0")
    actions["zoom_in"] = _action(
        window, "Zoom &in", lambda: window.view.zoom_by(1.25), QKeySequence.StandardKey.ZoomIn
    )
    actions["zoom_out"] = _action(
        window, "Zoom &out", lambda: window.view.zoom_by(0.8), QKeySequence.StandardKey.ZoomOut
    )
    actions["zoom_selection"] = _action(window, "Zoom to &selection", window.zoom_to_selection, "Ctrl+3")
    for name in ("fit", "zoom_in", "zoom_out", "zoom_selection"):
        view_menu.addAction(actions[name])
    view_menu.addSeparator()
    layers_menu = view_menu.addMenu("&Layers")
    for layer_id, name, _z in LAYERS:
        action = QAction(name, window)
        action.setCheckable(True)
        action.setChecked(window.scene.layers[layer_id].isVisible())
        action.toggled.connect(partial(window.scene.set_layer_visible, layer_id))
        layers_menu.addAction(action)
        actions[f"layer_{layer_id}"] = action
    modes_menu = view_menu.addMenu("&Map mode")
    modes = all_modes()  # the shared ones and every ruleset's, in menu order
    mode_group = QActionGroup(window)
    for index, mode in enumerate(modes.values()):
        action = QAction(mode.name, window)
        action.setCheckable(True)
        action.setChecked(mode.id == window.scene.mode_id)
        action.setShortcut(QKeySequence(f"Alt+{index + 1}"))
        action.triggered.connect(partial(lambda mode_id, _checked=False: window.set_mode(mode_id), mode.id))
        mode_group.addAction(action)
        modes_menu.addAction(action)
        actions[f"mode_{mode.id}"] = action
    view_menu.addSeparator()
    docks_menu = view_menu.addMenu("&Panels")
    for dock in (
        window.inspector,
        window.legend_dock,
        window.issues_dock,
        window.history_dock,
        window.tables_dock,
    ):
        docks_menu.addAction(dock.toggleViewAction())

    tools_menu = bar.addMenu("&Tools")
    toolbar = QToolBar("Tools", window)
    toolbar.setObjectName("tools_toolbar")
    window.addToolBar(toolbar)
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
        tools_menu.addAction(action)
        toolbar.addAction(action)
        actions[f"tool_{tool_id}"] = action
    tools_menu.addSeparator()
    toolbar.addSeparator()
    for tool_id, tool in window.tools.items():  # tool options (e.g. "Split every area crossed")
        for option in tool.options():
            tools_menu.addAction(option)
            toolbar.addAction(option)
            actions[f"{tool_id}_{option.objectName()}"] = option
    toolbar.addSeparator()
    mode_box = QComboBox(window)
    window.mode_box = mode_box
    mode_box.setObjectName("mode_box")
    for mode in modes.values():
        mode_box.addItem(mode.name, mode.id)
    mode_box.setCurrentIndex(list(modes).index(window.scene.mode_id))
    mode_box.activated.connect(lambda index: actions[f"mode_{mode_box.itemData(index)}"].trigger())
    mode_group.triggered.connect(lambda _a: mode_box.setCurrentIndex(list(modes).index(window.scene.mode_id)))
    follow_ruleset(window, actions, mode_box)  # only the open scenario's ruleset's own modes show
    toolbar.addWidget(QLabel(" Map mode: ", window))
    toolbar.addWidget(mode_box)
    toolbar.addSeparator()
    toolbar.addAction(actions["undo"])
    toolbar.addAction(actions["redo"])
    toolbar.addSeparator()
    toolbar.addAction(actions["fit"])
    toolbar.addAction(actions["zoom_selection"])
