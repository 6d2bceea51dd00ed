"""Security headers of every response (``docs/security.md``).

Every response says it may not be framed (``X-Frame-Options: DENY`` and CSP
``frame-ancestors 'none'``: a page of another site, or of another port of the same
host, cannot show the director's page under its own buttons), that its content type is
what it says (``nosniff``), and that the address of a page goes to no other site
(``Referrer-Policy: same-origin``: a browser still sends ``Origin`` with a form, which
the director's forms check). The pages get a content security policy allowing nothing
but their own inline style (they have no scripts, images or fonts of their own); the
API's documentation page (Swagger UI, loaded from its CDN) only the framing part. A
director's page (it can show a new token) and every answer to a write are not cached
(``Cache-Control: no-store``).
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["PAGE_POLICY", "SecurityHeaders"]

#: The content security policy of the pages and the API's JSON answers.
PAGE_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
#: The policy of the API's documentation page (scripts and styles from a CDN).
DOCS_POLICY = "frame-ancestors 'none'"


class SecurityHeaders:
    """Adds the headers above to every HTTP response of ``app``."""

    def __init__(self, app: ASGIApp, docs_prefix: str) -> None:
        self.app = app
        self.docs_prefix = docs_prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        policy = DOCS_POLICY if path.startswith(self.docs_prefix) else PAGE_POLICY
        no_store = scope.get("method") not in ("GET", "HEAD") or "/director" in path

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["X-Frame-Options"] = "DENY"
                headers["Content-Security-Policy"] = policy
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "same-origin"
                if no_store:
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_with_headers)
