"""The rulebooks as data: sources, manifest, parsers, clause model and cache.

Nothing here imports from ``graph``, ``judge`` or ``webapp``.
"""
