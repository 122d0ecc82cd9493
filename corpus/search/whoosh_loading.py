"""whoosh, loaded without what it imports and Arbiter's searches never use.

``whoosh.compat``, which every whoosh module imports, imports
``urllib.request`` for ``urlretrieve`` (only whoosh's own downloading
helpers call it); and ``whoosh.reading`` imports the ``cached_property``
package, which imports ``asyncio`` to tell an ``async def`` property from a
plain one (whoosh's one cached property is plain).  With what they import
in turn (``http.client``, ``email``, ``ssl``, ``concurrent.futures``) the
two took about 60 ms of a command-line search, a fifth of it.

So those two modules are imported here, each with a stand-in for the package
it names, and the stand-ins are taken out of ``sys.modules`` at once: any
other import of ``urllib.request`` or ``asyncio`` gets the real package.
The stand-ins answer as the real ones do — ``urlretrieve`` imports the real
function and calls it; ``iscoroutinefunction`` is ``inspect``'s, and for a
function carrying asyncio's own coroutine mark (set only by code that has
loaded asyncio) asyncio's; any other name is looked up in the real package.
Where either package is loaded already (a server that uses it), it is used
as it is.

``whoosh.query`` imports ``whoosh.lang.morph_en`` for its ``Variations``
query (English words widened by suffixes), which Arbiter never builds:
the module's tables and regular expressions took 6–8 ms of every search.
A stand-in takes its place in ``sys.modules`` (and in ``whoosh.lang``) until
one of its names is used; then the real module is imported and replaces it.

This runs when :mod:`corpus.search` is first imported, before any of its
modules imports whoosh.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import threading
from types import ModuleType
from typing import Any

_VARIATIONS = "whoosh.lang.morph_en"
_loading = threading.Lock()


def load_whoosh_basics() -> None:
    """Import ``whoosh.compat`` and ``cached_property`` with the stand-ins, and stand in for
    ``whoosh.lang.morph_en`` until it is used (see the module)."""
    if _VARIATIONS not in sys.modules:
        stand_in = _stand_in(_VARIATIONS, {"variations": _variations})
        sys.modules[_VARIATIONS] = stand_in
        package, _, child = _VARIATIONS.rpartition(".")
        setattr(importlib.import_module(package), child, stand_in)  # as an import would
    if "whoosh.compat" in sys.modules and "cached_property" in sys.modules:
        return
    stand_ins = {
        name: _stand_in(name, functions)
        for name, functions in (
            ("urllib.request", {"urlretrieve": _urlretrieve}),
            ("asyncio", {"iscoroutinefunction": _iscoroutinefunction}),
        )
        if name not in sys.modules
    }
    sys.modules.update(stand_ins)
    try:
        importlib.import_module("whoosh.compat")
        importlib.import_module("cached_property")
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]


def _stand_in(name: str, functions: dict[str, Any]) -> ModuleType:
    module = ModuleType(name, f"Stands in for {name} (corpus.search.whoosh_loading).")
    module.__dict__.update(functions, __stand_in__=True)

    def real(attribute: str) -> Any:  # the module's __getattr__: any other name, from the real package
        if attribute.startswith("__"):  # what the import system asks of a module (``__path__``)
            raise AttributeError(attribute)
        return getattr(_real(name), attribute)

    module.__dict__["__getattr__"] = real
    return module


def _real(name: str) -> ModuleType:
    """The real module ``name``, imported now in place of its stand-in if that is still there."""
    with _loading:
        module = sys.modules.get(name)
        if module is None or module.__dict__.get("__stand_in__"):
            sys.modules.pop(name, None)
            module = importlib.import_module(name)  # which also sets it on the parent package
        return module


def _urlretrieve(*args: Any, **kwargs: Any) -> Any:
    from urllib.request import urlretrieve

    return urlretrieve(*args, **kwargs)


def _variations(word: str) -> Any:
    return _real(_VARIATIONS).variations(word)


def _iscoroutinefunction(function: object) -> bool:
    if inspect.iscoroutinefunction(function):
        return True
    if getattr(function, "_is_coroutine", None) is None:  # asyncio's mark is not there
        return False
    import asyncio

    return asyncio.iscoroutinefunction(function)
