"""Rulings: replay a described board through a game's rules and cite the clauses.

Entry points: :func:`judge.registry.rule` (a request mapping → :class:`judge.ruling.Ruling`),
:func:`judge.registry.rule_text` (a YAML/JSON board file), :func:`judge.registry.questions`.

The framework, shared by every game's engine under :mod:`judge.games`:

* :mod:`judge.replay` — rulings as replays: the loop, procedures, rules, branching
  (its docstring says how to port a game onto it);
* :mod:`judge.state`, :mod:`judge.action`, :mod:`judge.effects`, :mod:`judge.timeline` — the game
  state base, actions, the shared effect primitives, the timeline a request states;
* :mod:`judge.outcome` — a replay's typed outcome (result, reason enum naming clauses, final state);
* :mod:`judge.ruling` — Ruling, Step, Choice, Trace (and the question engines' Outcome);
* :mod:`judge.board` — pydantic board models, reading files, every problem at once;
* :mod:`judge.citations` — the one registry of cited clauses and the phrases relied on;
* :mod:`judge.players`, :mod:`judge.order` — turn order and a chain's order;
* :mod:`judge.numbers` — floors at zero, whole numbers;
* :mod:`judge.deck` — deck lists, copy counts and size checks.
"""
