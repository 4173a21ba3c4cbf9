"""Moving maps in and out of Mappa: run a registered importer and check what it made, the
``mappa import`` and ``mappa export`` subcommands, and typed connections from a CSV table.

``run_import`` is the one entry point the command line, the editor's File > Import and the tests
share: it reads the source with the format's importer (``model.importers.registry``) and refuses a
result that ``mappa validate`` would reject, so no import ever writes such a file.
"""

from __future__ import annotations

from model.exchange.run import ImportCheckError, run_import

__all__ = ["ImportCheckError", "run_import"]
