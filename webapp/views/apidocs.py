"""The API's own description: ``/api/openapi.json``, and a readable page of it."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

from webapp.views import PAGES, Area
from webapp.views.openapi import build
from webapp.views.schemas import OpenAPI

area = Area("apidocs", __name__)


def package_version() -> str:
    try:
        return version("arbiter")
    except PackageNotFoundError:  # running from a source tree that is not installed
        return "0"


@area.page(
    "/api-docs",
    api="/api/openapi.json",
    template="api.html",
    response=OpenAPI,
    summary="This description of the API (OpenAPI 3.1).",
)
def openapi() -> dict[str, Any]:
    return build(PAGES, "Arbiter", package_version())
