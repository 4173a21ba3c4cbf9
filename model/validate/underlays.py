"""Checks of underlay sources: an underlay may only name a file inside the scenario's folder or
the application's resources (``model.underlay_files`` says why and how this is enforced).

``underlays`` looks at the text of each source (it runs in every validation, which knows no
folder); ``underlay_files`` also looks at the disk, for callers that know where the scenario file
is (``mappa validate``): symbolic links leading out, pipes and devices, files over the size limit,
missing files. Neither reads a file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from model.issues import Issue
from model.scenario import Scenario
from model.underlay_files import (
    UnderlaySourceError,
    check_kind,
    describe_os_error,
    resolve_source,
    shown,
    source_problem,
)
from model.validate.codes import issue
from model.validate.context import Context


def underlays(context: Context) -> Iterator[Issue]:
    """Underlay sources that name a place outside the scenario's folder or resources/."""
    for index, underlay in enumerate(context.scenario.map.underlays):
        why = source_problem(underlay.source)
        if why:
            yield issue(
                "UNDERLAY_SOURCE_REFUSED",
                f"underlay {underlay.id!r}: source {shown(underlay.source)} {why}; the editor will not read "
                "it: copy the file into the scenario's folder and name it relative to the scenario file",
                ids=(underlay.id,),
                path=f"map.underlays[{index}].source",
            )


def underlay_files(scenario: Scenario, folder: Path) -> list[Issue]:
    """Issues of underlay files on disk for a scenario file in ``folder`` (stat only, never a read).

    Sources whose text is already refused by ``underlays`` are skipped (reported once).
    """
    found: list[Issue] = []
    for index, underlay in enumerate(scenario.map.underlays):
        if source_problem(underlay.source):
            continue
        path = f"map.underlays[{index}].source"
        try:
            resolved = resolve_source(underlay.source, folder)
            check_kind(resolved, os.stat(resolved))
        except UnderlaySourceError as error:
            found.append(
                issue(
                    "UNDERLAY_SOURCE_REFUSED",
                    f"underlay {underlay.id!r}: {error}",
                    ids=(underlay.id,),
                    path=path,
                )
            )
        except OSError as error:
            found.append(
                issue(
                    "UNDERLAY_FILE_MISSING",
                    f"underlay {underlay.id!r}: {describe_os_error(Path(underlay.source), error)}",
                    ids=(underlay.id,),
                    path=path,
                )
            )
    return found
