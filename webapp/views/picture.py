"""The neighbourhood picture: where a clause stands in the reference graph, as SVG.

Drawn on the server (no script, works offline) in three columns that read
left to right the way references flow: what points *at* the clause (cited
by, uses its term) on the left; the clause between its parent and children
in the middle; what it points *to* (cites, terms it uses) on the right.
This module only lays the boxes out; ``_neighbourhood.svg`` draws them, so
Jinja's escaping covers every label.

>>> p = layout({"id": "1.3", "label": "勝利條件", "url": "/u/1.3"},
...            [{"id": "1", "label": "概要", "url": "/u/1", "relation": "parent"},
...             {"id": "5.7.1", "label": "…", "url": "/u/5.7.1", "relation": "cited_by"}])
>>> [(b.id, b.relation) for b in p.boxes]
[('1', 'parent'), ('1.3', 'self'), ('5.7.1', 'cited_by')]
>>> p.boxes[1].x > p.boxes[2].x
True
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

#: How a neighbour relates to the clause, in order of precedence.
RELATIONS = ("parent", "child", "cites", "cited_by", "term", "term_user")
LEFT, RIGHT = ("cited_by", "term_user"), ("cites", "term")
#: Boxes per column before the rest is summed up as "+ n more".
PER_COLUMN = 8
WIDTH, BOX_W, BOX_H, ROW = 720, 170, 26, 34
COLUMN_X = {"left": 8, "middle": (WIDTH - BOX_W) // 2, "right": WIDTH - BOX_W - 8}
INDENT = 18  # children sit to the right of their parent's spine
#: Room for text in a box, in Latin-letter widths (a Chinese character takes two).
TEXT_ROOM = 25


@dataclass(frozen=True, slots=True)
class Box:
    x: int
    y: int
    w: int
    id: str
    text: str  # what the box shows: the id, shortened
    label: str  # hover title
    url: str | None
    relation: str  # one of RELATIONS, "self" or "more"

    @property
    def h(self) -> int:
        return BOX_H


@dataclass(frozen=True, slots=True)
class Line:
    points: str  # SVG polyline points
    relation: str
    arrow: bool  # ends in an arrowhead (references; not the hierarchy)


@dataclass(frozen=True, slots=True)
class Picture:
    left: int  # the drawing's x range: only the columns that have boxes
    width: int
    height: int
    boxes: tuple[Box, ...]
    lines: tuple[Line, ...]


def _width(char: str) -> int:
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def fit(text: str, room: int = TEXT_ROOM) -> str:
    """``text`` cut to ``room`` Latin-letter widths, with an ellipsis when cut.

    >>> fit("13-2-5 【爆發】"), fit("8-5-2-3-1 受到 1 點或更多傷害的護盾會被破壞")
    ('13-2-5 【爆發】', '8-5-2-3-1 受到 1 點或更…')
    """
    used = 0
    for index, char in enumerate(text):
        used += _width(char)
        if used > room - 1 and index < len(text) - 1:
            return text[:index] + "…"
    return text


def _text(node: dict[str, Any]) -> str:
    """A box shows the id, then as much of the label as fits (bs ids are labels already)."""
    if "/" in node["id"] or node["id"] == node["label"]:
        return fit(node["id"].rsplit("/", 1)[-1])
    return fit(f"{node['id']} {node['label']}")


def _column(items: list[dict[str, Any]], x: int, top: int, width: int = BOX_W) -> list[Box]:
    """Boxes stacked from ``top``; past :data:`PER_COLUMN`, one "+ n more" box."""
    shown = items[:PER_COLUMN]
    boxes = [
        Box(x, top + i * ROW, width, n["id"], _text(n), f"{n['id']} {n['label']}", n["url"], n["relation"])
        for i, n in enumerate(shown)
    ]
    if len(items) > PER_COLUMN:
        rest = len(items) - PER_COLUMN
        boxes.append(Box(x, top + len(shown) * ROW, width, "", f"+ {rest}", f"+ {rest}", None, "more"))
    return boxes


def layout(center: dict[str, Any], neighbours: list[dict[str, Any]]) -> Picture:
    """Place ``center`` (id, label, url) and its ``neighbours`` (plus relation)."""
    by_relation = {r: [n for n in neighbours if n["relation"] == r] for r in RELATIONS}
    left = [n for r in LEFT for n in by_relation[r]]
    right = [n for r in RIGHT for n in by_relation[r]]
    parents, children = by_relation["parent"][:1], by_relation["child"]
    middle_rows = len(parents) + 1 + min(len(children), PER_COLUMN + 1)
    side_rows = max(min(len(left), PER_COLUMN + 1), min(len(right), PER_COLUMN + 1))
    rows = max(middle_rows, side_rows, 1)
    height = rows * ROW + 8
    mx = COLUMN_X["middle"]
    center_y = 4 + len(parents) * ROW
    me = Box(
        mx,
        center_y,
        BOX_W,
        center["id"],
        _text(center),
        f"{center['id']} {center['label']}",
        center["url"],
        "self",
    )
    above = _column(parents, mx, 4)
    below = _column(children, mx + INDENT, center_y + ROW, BOX_W - INDENT)

    def centred(items: list[dict[str, Any]]) -> int:
        shown = min(len(items), PER_COLUMN + 1)
        return max(4, center_y + BOX_H // 2 - (shown * ROW - (ROW - BOX_H)) // 2)

    west = _column(left, COLUMN_X["left"], centred(left))
    east = _column(right, COLUMN_X["right"], centred(right))
    mid_y = center_y + BOX_H // 2
    lines = [
        Line(f"{mx + BOX_W // 2},{b.y + BOX_H} {mx + BOX_W // 2},{center_y}", "parent", False) for b in above
    ]
    spine = mx + INDENT // 2
    lines += [
        Line(
            f"{spine},{center_y + BOX_H} {spine},{b.y + BOX_H // 2} {b.x},{b.y + BOX_H // 2}", "child", False
        )
        for b in below
        if b.relation != "more"
    ]
    lines += [
        Line(f"{b.x + b.w},{b.y + BOX_H // 2} {mx},{mid_y}", b.relation, True)
        for b in west
        if b.relation != "more"
    ]
    lines += [
        Line(f"{mx + BOX_W},{mid_y} {b.x},{b.y + BOX_H // 2}", b.relation, True)
        for b in east
        if b.relation != "more"
    ]
    boxes = tuple(above + [me] + below + west + east)
    min_x = min(b.x for b in boxes) - 4
    max_x = max(b.x + b.w for b in boxes) + 4
    return Picture(min_x, max_x - min_x, height, boxes, tuple(lines))
