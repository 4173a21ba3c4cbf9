"""Reading the text and XML files of other tools' maps: size limit, encoding, safe XML, line numbers.

Every error is a ``SourceError`` whose message names the file (and the line when there is one),
so that ``mappa import`` can print it and exit with status 2 without writing anything.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import defusedxml.ElementTree as SafeElementTree
from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden

from model.importers.common import SourceError, check_source_size


def read_bytes(path: str | os.PathLike[str], what: str) -> bytes:
    """Return a source file's bytes; raise ``SourceError`` when it is missing, unreadable or too big."""
    source = os.fspath(path)
    try:
        check_source_size(source, what)
        return Path(source).read_bytes()
    except FileNotFoundError as error:
        raise SourceError(f"{source}: no such file (the {what} is needed)") from error
    except IsADirectoryError as error:
        raise SourceError(f"{source}: is a folder, expected the {what} file") from error
    except OSError as error:
        raise SourceError(f"{source}: cannot read ({error.strerror or error})") from error


def read_text(path: str | os.PathLike[str], what: str, latin1: bool = False) -> str:
    """Return a text source decoded as UTF-8 (a BOM is dropped).

    Other bytes are refused with the line, unless ``latin1`` (formats older than UTF-8, such as
    Diplomacy map files, which are read as Latin-1 then).
    """
    data = read_bytes(path, what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        if latin1:
            return data.decode("latin-1")
        line = data[: error.start].count(b"\n") + 1
        raise SourceError(
            f"{os.fspath(path)}: line {line}: byte {error.start} is not UTF-8; save the {what} as UTF-8"
        ) from error


def parse_xml(path: str | os.PathLike[str], what: str) -> ElementTree.Element:
    """Parse an XML file safely and return its root element.

    Entity declarations (the "billion laughs" bomb), external entities and external DTD
    references are refused with an error naming the file, as is malformed XML (with its line).
    A plain ``<!DOCTYPE game SYSTEM "game.dtd">`` line, as TripleA games carry, is allowed: it
    is never fetched.
    """
    source = os.fspath(path)
    data = read_bytes(source, what)
    try:
        root: ElementTree.Element = SafeElementTree.fromstring(
            data, forbid_dtd=False, forbid_entities=True, forbid_external=True
        )
        return root
    except EntitiesForbidden as error:
        raise SourceError(
            f"{source}: declares the XML entity {error.name!r}; entity declarations are refused "
            "(they can expand without limit): remove the <!ENTITY> lines"
        ) from error
    except ExternalReferenceForbidden as error:
        raise SourceError(
            f"{source}: refers to an external resource ({error.sysid or error.pubid}); external "
            "references are refused: remove it"
        ) from error
    except DTDForbidden as error:  # not raised with forbid_dtd=False, kept for completeness
        raise SourceError(f"{source}: has a DTD, which is refused") from error
    except DefusedXmlException as error:
        raise SourceError(f"{source}: unsafe XML refused ({error})") from error
    except ElementTree.ParseError as error:
        line, column = error.position
        raise SourceError(
            f"{source}: line {line}, column {column + 1}: not well-formed XML "
            f"({str(error).split(':')[0]}); is the {what} complete?"
        ) from error


def line_of(text: str, needle: str) -> int | None:
    """Return the 1-based line where ``needle`` first occurs in ``text`` (None when it does not)."""
    index = text.find(needle)
    return None if index < 0 else text.count("\n", 0, index) + 1
