"""References between clauses: find, resolve, link, and lint a rulebook.

A pipeline in the manner of eyecite, one module per step:

* :mod:`graph.patterns` — every regex and word list (both Chinese scripts, English);
* :mod:`graph.citations` — the small record types: Citation, Target, Reference;
* :mod:`graph.find` — explicit citations in one clause's text, with exact spans;
* :mod:`graph.terms` — defined terms and keywords, discovered from the book's structure;
* :mod:`graph.resolve` — each target to a clause of the same book, or a reason why not;
* :mod:`graph.build` — the networkx graph and its questions (cites, cited_by, path …);
* :mod:`graph.annotate` — a clause's text with its references marked;
* :mod:`graph.lint` — what is wrong in the book's own text.
"""
