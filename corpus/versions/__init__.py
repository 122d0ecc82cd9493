"""Rulebook versions: align two versions on the clause tree, diff them, check
the diff against the publisher's changelog, and compare any two clauses.

Modelled on eRegulations: a diff is computed between trees of addressable
clauses (added / removed / modified / renumbered / split / merged), never
between lines of text.

- :mod:`.align` — which old clause became which new one;
- :mod:`.inline` — the edits inside a clause (characters for Chinese, words for Latin);
- :mod:`.diff` — the result model and its JSON;
- :mod:`.crosscheck` — stated changes confirmed or not found, found changes unmentioned;
- :mod:`.lineage` — one clause through every version;
- :mod:`.compare` — any two clauses side by side, across games and scripts;
- :mod:`.detect` — the layout and script of a text a user ingests.
"""
