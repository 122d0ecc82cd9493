"""Rulings: replay a described board through a game's rules and cite the clauses."""
