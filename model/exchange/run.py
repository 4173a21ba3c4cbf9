"""``run_import``: read a source with a registered format, then validate the result before it is written."""

from __future__ import annotations

import os

from model import io
from model.importers.common import ImportOptions, ImportResult, SourceError
from model.importers.registry import get
from model.issues import Severity
from model.validate import validate

SHOWN_ERRORS = 5
"""How many validation errors a refused import lists in its message."""


class ImportCheckError(SourceError):
    """The import made a map the validator rejects; nothing may be written (a bug to report)."""


def run_import(
    name: str, source: str | os.PathLike[str], options: ImportOptions | None = None
) -> ImportResult:
    """Import ``source`` with the format ``name`` and check the result with the validator.

    Raise ``SourceError`` for a source that cannot be imported and ``ImportCheckError`` when the
    result has validation errors (so that callers never write a file ``mappa validate`` rejects).
    """
    options = options or ImportOptions()
    result, text = get(name).run_to_text(source, options)
    options.report(0.95, "validating the result")
    # Check what the file will hold: saving snaps coordinates to the grid, and a map can be
    # valid in memory yet not once written (an anchor off the grid lands in another face).
    result.scenario = io.loads(text)
    errors = [issue for issue in validate(result.scenario) if issue.severity is Severity.ERROR]
    if errors:
        listed = "; ".join(f"{issue.code} {issue.message}" for issue in errors[:SHOWN_ERRORS])
        more = f" (and {len(errors) - SHOWN_ERRORS} more)" if len(errors) > SHOWN_ERRORS else ""
        raise ImportCheckError(
            f"{os.fspath(source)}: the imported map fails validation with {len(errors)} error(s), so "
            f"nothing was written: {listed}{more}. Try another --grid or --close-gaps, and please "
            "report the source that caused it"
        )
    options.report(1.0, "done")
    return result
