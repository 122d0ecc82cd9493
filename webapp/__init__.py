"""Front ends over Arbiter's functions: the ``arbiter`` command line and the web app.

``webapp.create_app(config)`` is the web app's factory (see :mod:`webapp.app`).
It is looked up on first use, so the command line does not import Flask.
"""

__all__ = ["create_app"]


def __getattr__(name: str):
    if name == "create_app":
        from webapp.app import create_app

        return create_app
    raise AttributeError(f"module 'webapp' has no attribute {name!r}")
