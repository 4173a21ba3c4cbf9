"""The Mappa editor (PySide6): see ``editor.app.main``."""

from editor.qtfix import guard_none_refcount

guard_none_refcount()
