"""Layout parsers: one per way a rulebook prints its structure, not one per file.

Each parser is a function ``parse(text, info) -> ParseResult``.  The manifest
names the parser a book uses; :func:`get_parser` looks it up and gives a clear
error for a name that does not exist.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from corpus.model import BookInfo, ParseResult

Parser = Callable[[str, BookInfo], ParseResult]

#: name -> "module:function"; modules are imported only when used.
PARSERS: dict[str, str] = {
    "dotted": "corpus.parsers.numbered:parse_dotted",
    "dashed": "corpus.parsers.numbered:parse_dashed",
    "sections": "corpus.parsers.sections:parse_sections",
    "headings": "corpus.parsers.headings:parse_headings",
}


class UnknownParser(ValueError):
    pass


def get_parser(name: str) -> Parser:
    try:
        target = PARSERS[name]
    except KeyError:
        known = ", ".join(sorted(PARSERS))
        raise UnknownParser(f"unknown parser {name!r}: expected one of {known}") from None
    module_name, function_name = target.split(":")
    parser: Parser = getattr(import_module(module_name), function_name)
    return parser
