"""Which page numbers a pager links, so that 23 pages of results fit on a phone's line."""

from __future__ import annotations


def pages_shown(page: int, pages: int, around: int = 1) -> list[int | None]:
    """The first and last page, ``page`` and ``around`` pages either side of it, in order.

    ``None`` stands where pages are left out (the pager shows an ellipsis);
    a gap of a single page shows that page instead, since an ellipsis would
    take as much room and hide where it leads.

    >>> pages_shown(5, 23)
    [1, None, 4, 5, 6, None, 23]
    >>> pages_shown(1, 23)
    [1, 2, None, 23]
    >>> pages_shown(3, 23)
    [1, 2, 3, 4, None, 23]
    >>> pages_shown(4, 5)
    [1, 2, 3, 4, 5]
    >>> pages_shown(1, 1), pages_shown(1, 0)
    ([1], [])
    """
    if pages < 1:
        return []
    wanted = sorted({1, pages} | {n for n in range(page - around, page + around + 1) if 1 <= n <= pages})
    shown: list[int | None] = []
    previous = 0
    for number in wanted:
        if number - previous == 2:
            shown.append(number - 1)
        elif number - previous > 2:
            shown.append(None)
        shown.append(number)
        previous = number
    return shown
