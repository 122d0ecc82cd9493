"""Words the pages show for values the data carry in English (kinds, statuses).

The JSON keeps the machine values (``renumbered``, ``not_found``); the pages
show these translated labels for them.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

KIND_NAMES = {
    "unchanged": _l("unchanged"),
    "modified": _l("modified"),
    "renumbered": _l("renumbered (moved)"),
    "split": _l("split"),
    "merged": _l("merged"),
    "added": _l("added"),
    "removed": _l("removed"),
}
STATUS_NAMES = {
    "confirmed": _l("confirmed"),
    "partial": _l("partly confirmed"),
    "not_found": _l("not found in the texts"),
    "unmentioned": _l("not in the changelog"),
}
STATUS_TITLES = {
    400: _l("That request cannot be answered"),
    404: _l("Not found"),
    405: _l("Not allowed"),
    413: _l("Too large"),
    500: _l("Something went wrong"),
}
