"""``arbiter ingest``, ``remove``, ``diff`` and ``compare``: rulebook versions.

Thin front ends over :mod:`corpus.store` and :mod:`corpus.versions`; the
heavy modules are imported inside each command.  Progress goes to stderr so
that ``--json`` output on stdout stays clean.
"""

from __future__ import annotations

import contextlib
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import click

from webapp.cli import counted, emit_json

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
_COLOURS = {"delete": "red", "insert": "green"}


def progress(length: int, label: str):
    """A progress bar on stderr (click hides it when stderr is not a terminal)."""
    return click.progressbar(length=length, label=label, file=sys.stderr)


def styled_ops(ops) -> str:
    """Inline edits coloured on a terminal, in wdiff notation otherwise."""
    from corpus.versions.inline import render

    if sys.stdout.isatty():
        return render(
            ops, style=lambda text, op: click.style(text, fg=_COLOURS.get(op), underline=op == "insert")
        )
    return render(ops)


# -- ingest / remove ------------------------------------------------------------


@click.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--game", required=True, help="Game key, existing (ucg) or new.")
@click.option("--version", "version", required=True, help="The version this text is.")
@click.option("--title", default=None, help="Title (default: that of the game's newest version).")
@click.option("--date", default=None, help="Publication date, e.g. 2025-10-01.")
@click.option(
    "--parser", default=None, help="Layout: dotted, dashed, sections or headings (default: detected)."
)
@click.option("--replace", is_flag=True, help="Replace a version already ingested with another text.")
@click.option(
    "--lang",
    default=None,
    help="Language tag (en, fr, zh-Hant, zh-Hans; default: detected). Another language than the "
    "game's own is listed as VERSION/LANG.",
)
@json_option
def ingest(file, game, version, title, date, parser, replace, lang, as_json) -> None:
    """Add FILE (PDF, saved web page or UTF-8 text) to your rulebooks as GAME VERSION, then lint and index it."""
    from corpus import store

    done = store.ingest(
        file, game, version, title=title, date=date, parser=parser, replace=replace, lang=lang
    )
    info = done.info
    findings = lint_findings(info.game, info.version)
    indexed = reindex()
    report: dict[str, Any] = {
        "game": info.game,
        "version": info.version,
        "title": info.title,
        "parser": info.parser,
        "script": info.script.value,
        "language": info.language,
        "clauses": len(done.result.clauses),
        "coverage": round(done.coverage, 4),
        "already_present": done.already_present,
        "replaced": done.replaced is not None,
        "new_game": done.new_game,
        "lint": findings,
        "indexed": indexed,
    }
    if as_json:
        emit_json(report)
        return
    verb = "already had" if done.already_present else ("replaced" if done.replaced else "ingested")
    click.echo(
        f"{verb} {info.game} {info.version}{' (a new game)' if done.new_game else ''}: "
        f"{counted(report['clauses'], 'clause')}, {info.parser} layout, {info.script.value} script, "
        f"coverage {done.coverage:.2%}"
    )
    show_findings(findings)
    click.echo("search index updated" if indexed else "search index already up to date")


@click.command()
@click.argument("game")
@click.argument("version")
def remove(game: str, version: str) -> None:
    """Take an ingested VERSION of GAME out of your rulebooks."""
    from corpus import store

    info = store.remove(game, version)
    click.echo(f"removed {info.game} {info.version}")
    reindex()


def lint_findings(game: str, version: str) -> list[dict[str, Any]]:
    """The rulebook lint (parse problems, references, changelog) of one version."""
    from corpus.library import load_book
    from graph.lint import lint

    return [finding.as_dict() for finding in lint(load_book(game, version))]


def show_findings(findings: list[dict[str, Any]], limit: int = 20) -> None:
    click.echo(f"lint: {counted(len(findings), 'problem')}")
    for finding in findings[:limit]:
        click.echo(
            f"  line {finding['line']}: {finding['kind']} {finding['clause'] or ''} — {finding['message']}"
        )
    if len(findings) > limit:
        click.echo(f"  … and {len(findings) - limit} more (arbiter lint GAME --version V)")


@contextlib.contextmanager
def _index_progress(total: int):
    with progress(total, "updating the search index") as bar:
        yield bar.update


def reindex() -> bool:
    """Bring the search index in step with the rulebooks; True if it was rebuilt."""
    from corpus.search.service import default_searcher

    return default_searcher(progress=_index_progress).refresh()


# -- diff ---------------------------------------------------------------------------


@click.command()
@click.argument("game")
@click.argument("old", required=False)
@click.argument("new", required=False)
@click.option("--only", "only", default=None, metavar="CLAUSE", help="One clause's history across versions.")
@click.option("--rulings", is_flag=True, help="Clauses the judging engine cites that changed.")
@json_option
def diff(game, old, new, only, rulings, as_json) -> None:
    """What changed in GAME from OLD to NEW (default: the two newest versions in the game's own language)."""
    if only is not None:
        history(game, chosen_versions(game, old, new, everything=True), only.strip(), as_json)
        return
    old, new = chosen_versions(game, old, new, everything=False)
    version_diff(game, old, new, rulings, as_json)


def chosen_versions(game: str, old: str | None, new: str | None, everything: bool):
    """OLD and NEW checked against the known versions, with defaults from OLD's language (else the
    game's own: a translation is never the default).

    Without OLD/NEW, ``--only`` spans every version in that language, a diff the two newest.
    """
    from corpus.errors import ArbiterError
    from corpus.languages import split_edition
    from corpus.library import edition, versions_in

    old = edition(game, old, "old") if old is not None else None
    new = edition(game, new, "new") if new is not None else None
    known = versions_in(game, split_edition(old)[1] if old else None)
    if everything and new is not None and new not in known:
        raise ArbiterError(f"{old} and {new} are in different languages: one history follows one", "new")
    if old is None:  # NEW comes after OLD on the command line: neither is given
        if everything:
            return known
        if len(known) < 2:
            raise ArbiterError(f"only one version is known ({known[0]}); ingest another to compare", "old")
        return known[-2], known[-1]
    new = new or known[-1]
    if everything:
        first, last = sorted((known.index(old), known.index(new)))
        return known[first : last + 1]
    return old, new


def version_diff(game: str, old: str, new: str, rulings: bool, as_json: bool) -> None:
    import time

    from corpus.library import load_book
    from corpus.versions.crosscheck import cross_check
    from corpus.versions.diff import diff_books

    with progress(2, f"loading {game} {old} and {new}") as bar:
        books = []
        for version in (old, new):
            books.append(load_book(game, version))
            bar.update(1)
    started = time.perf_counter()
    result = diff_books(*books)
    check = cross_check(result)
    elapsed = time.perf_counter() - started
    data = result.as_dict()
    data["changelog"] = check.as_dict()
    data["seconds"] = round(elapsed, 3)
    if rulings:
        from judge.impact import ruling_impact

        data["rulings"] = ruling_impact(result)
    if as_json:
        emit_json(data)
        return
    show_diff(result)
    show_cross_check(check)
    if rulings:
        show_rulings(data["rulings"])


def show_diff(result) -> None:
    counts = ", ".join(f"{n} {kind}" for kind, n in result.summary().items())
    click.echo(f"{result.game} {result.old_book.version} → {result.new_book.version}: {counts}")
    for change in result.changes:
        if change.kind in ("added", "removed"):
            text = change.new_text if change.new else change.old_text
            click.echo(f"\n{change.kind} {change.label}: {_first_line(text)}")
            continue
        click.echo(f"\n{change.kind} {change.label} (similarity {change.similarity:.2f})")
        if change.ops:
            click.echo("  " + styled_ops(change.ops).replace("\n", "\n  "))


def show_cross_check(check) -> None:
    if not check.verdicts:
        click.echo("\nchangelog: the publisher states no changes for these versions")
        return
    click.echo(f"\nchangelog: {', '.join(f'{n} {k}' for k, n in check.counts().items())}")
    for verdict in check.verdicts:
        entry = verdict.entry
        stated = " ".join(filter(None, [str(entry.action), " ".join(entry.clauses), entry.remark]))
        found = ", ".join(change.label for change in verdict.changes) or "-"
        click.echo(f"  {verdict.status.value:<9} {stated}  [{found}]")
    if check.unmentioned:
        labels = ", ".join(f"{c.kind} {c.label}" for c in check.unmentioned)
        click.echo(f"  not in the changelog: {labels}")


def show_rulings(impact: dict[str, Any]) -> None:
    if not impact["engine"]:
        click.echo("\nrulings: no judging engine for this game")
        return
    click.echo(f"\nrulings: {counted(len(impact['clauses']), 'cited clause')} changed")
    for item in impact["clauses"]:
        click.echo(f"  {item['clause']}: {item['kind']} {item['change']} (relies on 「{item['phrase']}」)")
    for message in impact["broken"]:
        click.echo(f"  broken: {message}")


def history(game: str, chosen: list[str], clause_id: str, as_json: bool) -> None:
    from corpus.library import load_book
    from corpus.versions.lineage import clause_history

    books = [load_book(game, version) for version in chosen]
    with progress(max(1, len(books) - 1), f"aligning {len(books)} versions of {game}") as bar:
        steps = clause_history(books, clause_id, progress=bar.update)
    if as_json:
        emit_json({"game": game, "clause": clause_id, "steps": [step.as_dict() for step in steps]})
        return
    if not steps:
        click.echo(f"{game} {clause_id}: only one version to look at ({chosen[0]})")
    for step in steps:
        change = step.change
        click.echo(f"{step.old_version} → {step.new_version}: {change.kind} {change.label}")
        if change.ops:
            click.echo("  " + styled_ops(change.ops).replace("\n", "\n  "))


def _first_line(text: str, width: int = 90) -> str:
    line = text.splitlines()[0] if text else ""
    return line if len(line) <= width else line[: width - 1] + "…"


# -- compare ------------------------------------------------------------------------


@click.command()
@click.argument("clauses", nargs=-1)
@click.option("--concept", default=None, help="A term or synonym-file concept: best clause of every game.")
@json_option
def compare(clauses, concept, as_json) -> None:
    """Two clauses side by side (GAME[@VERSION]:ID each), or --concept TERM across games."""
    from corpus.errors import ArbiterError

    if concept is not None:
        if clauses:
            raise ArbiterError("give either two clauses or --concept, not both", "concept")
        concept_table(concept, as_json)
        return
    if len(clauses) != 2:
        raise ArbiterError("expected two clauses, e.g. arbiter compare ucg:1.3.2 gcg:1-2-2", "clauses")
    from corpus.versions.compare import compare_clauses

    comparison = compare_clauses(*clauses)
    if as_json:
        emit_json(comparison.as_dict())
        return
    for side in (comparison.left, comparison.right):
        data = side.as_dict()
        click.echo(f"── {data['address']} ({data['script']})")
        click.echo(data["text"])
    if comparison.left.info.language != comparison.right.info.language:
        translation_findings(comparison)
        return
    note = " (folded to Simplified)" if comparison.folded else ""
    click.echo(f"── inline diff{note}, similarity {comparison.similarity:.2f}")
    click.echo(styled_ops(comparison.ops))


def concept_table(concept: str, as_json: bool) -> None:
    from corpus.library import games
    from corpus.search.service import default_searcher
    from corpus.versions.compare import concept_view

    searcher = default_searcher(progress=_index_progress)
    searcher.refresh()  # any index (re)build shows its own bar first
    with progress(len(games()), f"searching every game for {concept}") as bar:
        matches = concept_view(concept, searcher, progress=bar.update)
    if as_json:
        emit_json({"concept": concept, "games": [match.as_dict() for match in matches]})
        return
    for match in matches:
        if match.side is None:
            click.echo(f"── {match.game}: nothing found for {match.query!r}\n")
            continue
        data = match.side.as_dict()
        click.echo(f"── {data['address']} ({data['script']}, searched {match.query!r})")
        click.echo(data["text"] + "\n")


def translation_findings(comparison) -> None:
    """Two editions in different languages: what the translation check finds in this pair."""
    from corpus.versions.translation import compare_pair

    findings = compare_pair(comparison.left, comparison.right)
    click.echo(f"── translation check: {counted(len(findings), 'finding')}")
    for finding in findings:
        click.echo(f"  {finding.kind}: {finding.message}")


@click.command()
@click.argument("game")
@click.argument("original")
@click.argument("translation")
@json_option
def translation(game: str, original: str, translation: str, as_json: bool) -> None:
    """Check the TRANSLATION edition of GAME (e.g. 1.070/fr) against ORIGINAL (e.g. 1.070), clause by clause."""
    from corpus.library import load_book
    from corpus.versions.translation import check_translation

    books = load_book(game, original), load_book(game, translation)
    original, translation = books[0].version, books[1].version  # as the library names them
    findings = check_translation(*books)
    if as_json:
        emit_json(
            {
                "game": game,
                "original": original,
                "translation": translation,
                "findings": [finding.as_dict() for finding in findings],
            }
        )
        return
    kinds = ", ".join(f"{n} {kind}" for kind, n in Counter(f.kind for f in findings).items()) or "nothing"
    click.echo(f"{game} {original} → {translation}: {kinds}")
    for finding in findings:
        click.echo(f"  {finding.kind:<9} {finding.clause}: {finding.message}")
