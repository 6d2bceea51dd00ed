"""``fairpair serve``: the web app and REST API (``docs/web.md``).

Needs the ``web`` extra (``pip install 'fairpair[web]'``: FastAPI, uvicorn,
SQLAlchemy, Alembic, Jinja2).
"""

from __future__ import annotations

import click

from fairpair.cli.params import PORT
from fairpair.errors import InputError

__all__ = ["serve_command"]


@click.command("serve")
@click.option(
    "--db",
    default="fairpair.sqlite",
    show_default=True,
    help="The database: a SQLite file (created if missing) or a URL (postgresql://...).",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=PORT, help="TCP port.")
@click.option(
    "--demo", is_flag=True, help="Create a demo tournament in an empty database; print its token."
)
@click.option(
    "--log-level",
    default="info",
    show_default=True,
    type=click.Choice(["critical", "error", "warning", "info", "debug"]),
    help="uvicorn's log level (info logs every request).",
)
@click.option(
    "--forwarded-allow-ips",
    default=None,
    help="Addresses of reverse proxies whose X-Forwarded-Proto/-For are trusted "
    "(comma-separated, '*' for any; default: $FORWARDED_ALLOW_IPS or 127.0.0.1,::1). "
    "See docs/security.md.",
)
def serve_command(
    db: str,
    host: str,
    port: int,
    demo: bool,
    log_level: str,
    forwarded_allow_ips: str | None,
) -> int:
    """Run the web app: public pages, the director's page and the REST API under
    /api/v1 (OpenAPI at /api/v1/openapi.json). The database schema is created or
    upgraded at start-up. Ctrl-C stops the server.

    \b
    Examples:
      fairpair serve --db events.sqlite --port 8000
      fairpair serve --db fairpair.sqlite --demo
      fairpair serve --db postgresql://user:pw@localhost/fairpair
    """
    try:
        import uvicorn

        from fairpair.web.app import create_app, quiet_collector
        from fairpair.web.demo import ensure_demo
        from fairpair.web.security import header_timeout_protocol, redact_access_log
        from fairpair.web.store import Store, display_url
    except ModuleNotFoundError as exc:
        raise click.UsageError(
            f"the web app needs the 'web' extra (missing module {exc.name}): "
            "pip install 'fairpair[web]'"
        ) from None
    from sqlalchemy.exc import ArgumentError, OperationalError

    try:
        store = Store(db)
    except ModuleNotFoundError as exc:
        raise InputError(
            f"no database driver {exc.name!r} for this URL",
            expected="the driver installed (PostgreSQL: pip install 'psycopg[binary]')",
            file=display_url(db),
        ) from None
    except (OperationalError, ArgumentError) as exc:
        raise InputError(
            f"cannot open the database: {exc.args[0] if exc.args else exc}",
            expected="a writable SQLite file or a database URL",
            file=display_url(db),
        ) from None
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    base = f"http://{shown}:{port}"
    if demo:
        made = ensure_demo(store)
        if made is None:
            click.echo("demo: the database holds other tournaments; no demo created")
        else:
            tid, token, created = made
            click.echo(f"demo tournament {'created' if created else 'found'}: {tid}")
            click.echo(f"  public page:    {base}/t/{tid}")
            click.echo(f"  director page:  {base}/t/{tid}/director (sign in with the token)")
            click.echo(f"  director token: {token}")
    click.echo(f"fairpair: serving {base}/ (API {base}/api/v1/docs), database {store.display_url}")
    click.echo("fairpair: Ctrl-C stops the server", err=True)
    config = uvicorn.Config(
        create_app(store),
        host=host,
        port=port,
        log_level=log_level,
        proxy_headers=True,
        forwarded_allow_ips=forwarded_allow_ips,
        http=header_timeout_protocol(),
    )
    redact_access_log()  # after the config, which sets up uvicorn's loggers
    quiet_collector()
    uvicorn.Server(config).run()
    store.close()
    return 0
