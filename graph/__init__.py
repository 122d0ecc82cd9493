"""References between clauses: find, resolve, link, and lint a rulebook."""
