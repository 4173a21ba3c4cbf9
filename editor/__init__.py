"""The Mappa editor (PySide6): see ``editor.app.main``."""
