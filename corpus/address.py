"""A clause's address as people write it: ``game:id`` (the newest version) or ``game@version:id``.

It is the form :attr:`corpus.model.Clause.address` prints, so what ``arbiter show`` or a search
prints can be pasted back into ``show``, ``refs``, ``compare`` or a search.

>>> parse_reference("ucg@1.6:1.3.2")
ClauseReference(game='ucg', version='1.6', id='1.3.2')
>>> parse_reference("gcg:1-2-2")
ClauseReference(game='gcg', version=None, id='1-2-2')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from corpus.errors import ArbiterError

REFERENCE = re.compile(r"^\s*(?P<game>[^@:\s]+)(?:@(?P<version>[^:\s]+))?:(?P<id>.+?)\s*$")


@dataclass(frozen=True, slots=True)
class ClauseReference:
    game: str
    version: str | None
    id: str


def read_reference(text: str) -> ClauseReference | None:
    """The address ``text`` is, if it has an address's form (the game is not checked)."""
    match = REFERENCE.match(text)
    return None if match is None else ClauseReference(match["game"], match["version"], match["id"])


def parse_reference(text: str) -> ClauseReference:
    """The address ``text`` is, or a one-line error naming the forms expected."""
    reference = read_reference(text)
    if reference is None:
        raise ArbiterError(
            f"cannot read clause {text!r}: expected GAME:ID or GAME@VERSION:ID (e.g. ucg:1.3.2)",
            "clause",
        )
    return reference
