"""whoosh, loaded without two standard-library packages it imports and Arbiter's searches never use.

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
as it is.  This runs when :mod:`corpus.search` is first imported, before
any of its modules imports whoosh.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from types import ModuleType
from typing import Any


def load_whoosh_basics() -> None:
    """Import ``whoosh.compat`` and ``cached_property`` with the stand-ins (see the module)."""
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
    module = ModuleType(
        name, f"Stands in for {name} while whoosh is imported (corpus.search.whoosh_loading)."
    )
    module.__dict__.update(functions)

    def real(attribute: str) -> Any:  # the module's __getattr__: any other name, from the real package
        if attribute.startswith("__"):  # what the import system asks of a module (``__path__``)
            raise AttributeError(attribute)
        return getattr(importlib.import_module(name), attribute)

    module.__dict__["__getattr__"] = real
    return module


def _urlretrieve(*args: Any, **kwargs: Any) -> Any:
    from urllib.request import urlretrieve

    return urlretrieve(*args, **kwargs)


def _iscoroutinefunction(function: object) -> bool:
    if inspect.iscoroutinefunction(function):
        return True
    if getattr(function, "_is_coroutine", None) is None:  # asyncio's mark is not there
        return False
    import asyncio

    return asyncio.iscoroutinefunction(function)
