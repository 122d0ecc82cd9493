"""The one error type that front ends turn into a clear message.

Anything a user can get wrong (an unknown game, version or clause, a file that
does not parse) raises :class:`ArbiterError` naming the field at fault.  The
command line prints it on one line and exits 2; the API answers 4xx with it.
"""

from __future__ import annotations

from typing import Any


class ArbiterError(Exception):
    """A problem with the user's input, worded for the user."""

    code = "bad_input"
    status = 400

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field

    def as_dict(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, "field": self.field}}


class NotFound(ArbiterError):
    """A game, version or clause that does not exist."""

    code = "not_found"
    status = 404
