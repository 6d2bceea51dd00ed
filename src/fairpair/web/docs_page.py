"""The API's help page, ``/api/v1/docs``: a reference made on the server from the
OpenAPI document (``/api/v1/openapi.json``), every operation with its parameters, body
fields and answers, and every body schema. It loads nothing from another host (the
Swagger UI page FastAPI offers loads its scripts from a CDN, so it was blank without
internet) and needs no script at all: it is under the pages' own content security
policy."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from fairpair.web.public_pages import html

__all__ = ["docs_router", "reference"]

_METHODS = ("get", "post", "put", "patch", "delete")


def _type(schema: dict[str, Any]) -> str:
    """A schema in a few words: ``integer``, ``list of PlayerIn``, ``string or null``."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(_type(s) for s in schema[key])
    kind = schema.get("type")
    if kind == "array":
        return "list of " + _type(schema.get("items", {}))
    if "enum" in schema:
        return " | ".join(repr(v) for v in schema["enum"])
    if "const" in schema:
        return repr(schema["const"])
    return str(kind) if kind else "any"


def _fields(schema: dict[str, Any]) -> list[dict[str, Any]]:
    required = set(schema.get("required", ()))
    return [
        {
            "name": name,
            "type": _type(prop),
            "required": name in required,
            "description": prop.get("description", ""),
            "default": prop.get("default"),
        }
        for name, prop in schema.get("properties", {}).items()
    ]


def reference(document: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI ``document`` as the lists the page shows (by tag, in path order)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for path, item in document.get("paths", {}).items():
        for method in _METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            body = None
            content = operation.get("requestBody", {}).get("content", {})
            for media, spec in content.items():
                body = {"media": media, "type": _type(spec.get("schema", {}))}
                break
            tag = (operation.get("tags") or ["other"])[0]
            groups.setdefault(tag, []).append(
                {
                    "id": f"{method}-{path}".replace("/", "-").replace("{", "").replace("}", ""),
                    "method": method.upper(),
                    "path": path,
                    "summary": operation.get("summary", ""),
                    "description": operation.get("description", ""),
                    "parameters": [
                        {
                            "name": p.get("name"),
                            "in": p.get("in"),
                            "required": p.get("required", False),
                            "type": _type(p.get("schema", {})),
                            "description": p.get("description", "")
                            or p.get("schema", {}).get("description", ""),
                        }
                        for p in operation.get("parameters", [])
                    ],
                    "body": body,
                    "responses": [
                        {"status": status, "description": r.get("description", "")}
                        for status, r in operation.get("responses", {}).items()
                    ],
                    "secured": bool(operation.get("security")),
                }
            )
    schemas = [
        {
            "name": name,
            "description": schema.get("description", ""),
            "fields": _fields(schema),
        }
        for name, schema in sorted(document.get("components", {}).get("schemas", {}).items())
    ]
    info = document.get("info", {})
    names = [s["name"] for s in schemas]
    return {"info": info, "groups": groups, "schemas": schemas, "schema_names": names}


def docs_router(prefix: str) -> APIRouter:
    """The help page at ``{prefix}/docs``."""
    router = APIRouter(include_in_schema=False)

    @router.get(f"{prefix}/docs", response_class=HTMLResponse)
    def docs(request: Request) -> HTMLResponse:
        document = request.app.openapi()
        return html("api_docs.html", prefix=prefix, **reference(document))

    return router
