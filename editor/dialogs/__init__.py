"""Dialogs of the editor that ask for more than a file name."""
