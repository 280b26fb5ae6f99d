"""``dbf serve``: the captains' web application (issue 19), their links, the link secret.

``dbf serve`` runs :mod:`dbfcli.web` under uvicorn (the optional extra ``dbf[web]``); Starlette
and uvicorn are imported only here, when the server starts, never by another command.
``links`` prints each captain's link of a cup round; ``rotate-secret`` renews the season's
secret, so every earlier link is refused. docs/serve.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import t as tr
from .common import command, command_line, DryRunOpt, fail, JsonOpt, load_store, RuleBroken, UsageProblem
from .invocation import RUN
from .usecase import render, session
from ..app.links import base_url
from ..rules.problems import Msg


def _new_secret(store, generation: int, message: str) -> object:
    """The secret of :func:`dbfcli.app.links.new_secret`, made by this command (the server's start)."""
    from ..app.links import new_secret

    return new_secret(store, generation, message, command_line(), RUN.lock_timeout)


def _run_server(root, season: str, host: str, port: int, base: str | None, forwarded: str | None,
                lock_timeout: float, access_log=None) -> None:
    """uvicorn serving :func:`dbfcli.web.app.create_app` (the season lock is taken per request)."""
    import sys

    try:
        import uvicorn

        from ..web.app import Config, create_app
    except ImportError:
        fail(Msg("dbf serve needs the web extra: pip install 'dbf[web]'"), code="usage.missing")
    try:
        app = create_app(Config(root, season, lock_timeout=lock_timeout, base_url=base, access_log=access_log))
    except OSError as exc:
        fail(Msg('cannot open the access log {}: {}', access_log, exc.strerror), code="usage.option",
             hint=Msg('--access-log names a file dbf can append to'))
    sys.stderr.write(f"dbf serve: season {season} on http://{host}:{port} (Ctrl-C stops)\n")
    uvicorn.run(app, host=host, port=port, proxy_headers=bool(forwarded), forwarded_allow_ips=forwarded or "127.0.0.1",
                server_header=False, access_log=False, log_level="info")


HostOpt = Annotated[str, typer.Option("--host", metavar="ADDRESS", help="Address to listen on.")]
PortOpt = Annotated[int, typer.Option("--port", metavar="PORT", min=1, max=65535, help="Port to listen on.")]
BaseOpt = Annotated[str | None, typer.Option("--base-url", metavar="URL", help="The public URL of the server "
                                             "(else base_url in DIR/dbf.toml), for the links and cookies.")]
ForwardedOpt = Annotated[str | None, typer.Option("--forwarded-allow-ips", metavar="IPS",
                                                  help="Proxy addresses whose X-Forwarded-For/-Proto are trusted "
                                                       "(comma-separated, as uvicorn's).")]
AccessLogOpt = Annotated[Path | None, typer.Option("--access-log", metavar="FILE",
                                                   help="Append one line per request to FILE: time, method, path "
                                                        "(tokens redacted), status, ms.")]
SERVE_HELP = """The captains' web application over this season (docs/serve.md).

Each captain opens their link (`dbf serve links --round N`), fills in the sheet, sees every
problem with its § as they go, and sends it: it is recorded as by `dbf result submit` (the
journal says "web: captain of TEAM"). Scoring programs use the API (POST /api/v1/sheets
with Authorization: Bearer TOKEN). The published site is served under /site/.

Example: dbf serve --host 127.0.0.1 --port 8000 --base-url https://dbf.example.dk
"""


def register(app: typer.Typer) -> None:
    serve = typer.Typer(help=SERVE_HELP, invoke_without_command=True)
    app.add_typer(serve, name="serve")

    def serve_cmd(ctx: typer.Context, host: HostOpt = "127.0.0.1", port: PortOpt = 8000, base_url_: BaseOpt = None,
                  forwarded_allow_ips: ForwardedOpt = None, access_log: AccessLogOpt = None,
                  json_: JsonOpt = False) -> None:
        if ctx.invoked_subcommand is None:
            _serve_guarded(host, port, base_url_, forwarded_allow_ips, access_log)

    serve.callback()(serve_cmd)

    @command(serve, "links", writes=True)
    def links(round_: Annotated[int, typer.Option("--round", min=1, max=99, help="The cup round, or the "
                                                  "division's round with --division.")],
              division: Annotated[str | None, typer.Option("--division", metavar="DIV", help="A division's "
                                                           "round (1div, 2div, 3div-a, 3div-b), not the cup's.")] = None,
              base_url_: BaseOpt = None, json_: JsonOpt = False) -> None:
        """Each captain's link for the matches of cup round N, or of round N of a division
        (--division): a token bound to season, match and team (made with the season's secret,
        SEASON/.serve-secret, kept out of git).

        Example: dbf serve links --division 1div --round 1 --base-url https://dbf.example.dk
        """
        from ..app.links import LinksRequest, serve_links

        outcome = serve_links(session(), LinksRequest(round=round_, division=division, base_url=base_url_))

        def human(out):
            from ..i18n import heads

            out.table(None, heads("match", "team", "captain", "link"), [(r["match"], r["team"], r["captain"] or "",
                                                                          r["url"]) for r in outcome.plan.rows])
        render(outcome, human)

    @command(serve, "rotate-secret", writes=True)
    def rotate(dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """A new secret for the captains' links: every link made before is refused from now on.

        The journal records the rotation and its generation, never the secret.

        Example: dbf serve rotate-secret
        """
        from ..app.links import RotateRequest, rotate_secret

        outcome = rotate_secret(session(), RotateRequest(dry_run=dry_run))
        render(outcome, lambda out: out.line(tr("serve_would_rotate" if dry_run else "serve_rotated", n=outcome.plan)))


def _serve_guarded(host: str, port: int, base: str | None, forwarded: str | None, access_log=None) -> None:
    """The server, with dbf's errors as clean messages and exit codes (as :func:`command` does):
    the season is checked (and its secret made) under the lock, which is then let go: the
    server takes it per request."""
    from ..rules.problems import Problem
    from ..store.atomic import LockTimeout, command_scope
    from ..store.capability import read_secret
    from ..store.season import StoreError
    from .common import report as _report

    try:
        with command_scope():
            RUN.writing = True
            store = load_store()
            if base:
                base_url(store, base)
            if read_secret(store.dir) is None:
                _new_secret(store, 1, Msg("made the secret of the captains' links"))
            root, season = store.root, store.season
        _run_server(root, season, host, port, base, forwarded, 5.0 if RUN.lock_timeout == 10.0 else RUN.lock_timeout,
                    access_log)
    except (UsageProblem, StoreError) as exc:
        _report(exc.problems)
    except RuleBroken as exc:
        _report(exc.problems, exc.doc)
    except LockTimeout as exc:
        _report([Problem.error(None, str(exc), code="lock.timeout")])
    except KeyboardInterrupt:
        raise typer.Exit(0) from None
