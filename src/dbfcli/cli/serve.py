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
from .output import emit
from ..app.links import base_url
from ..rules.problems import Msg

SECRET_LOG = "serve/secret.yaml"


def _new_secret(store, generation: int, message: str) -> object:
    """Write a fresh secret (outside the journal: it never enters it) and journal the event."""
    import datetime as dt

    from ..store.capability import write_secret

    secret = write_secret(store.dir, generation)
    with store.transaction(command_line(), message, False, RUN.lock_timeout) as tx:
        tx.write_yaml(SECRET_LOG, {"schema": 1, "generation": generation,
                                   "at": dt.datetime.now().replace(microsecond=0).isoformat()},
                      header="dbf serve: the generation of SEASON/.serve-secret (the secret itself is never here)")
    return secret


def captain_links(season, round_no: int, base: str, make: bool = False, division: str | None = None) -> list[dict]:
    """``[{match, team, captain, url, token}]`` for every team of every match of cup round
    ``round_no``, or of round ``round_no`` of ``division``'s all-play-all (§1.1.2.1, §1.1.3.1,
    §1.1.4.1; ``season``: the season's snapshot, or its store); ``make``: the season's secret
    made when it has none (else no links)."""
    from ..app.links import links_of, round_matches
    from ..store.capability import read_secret
    from ..store.snapshot import as_snapshot

    snap = as_snapshot(season)
    store = snap.store
    matches, teams = round_matches(snap, round_no, division)
    secret = read_secret(store.dir)
    if secret is None:
        if not make:
            return []
        secret = _new_secret(store, 1, Msg("made the secret of the captains' links"))
    return links_of(store, secret, matches, teams, base)


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
        store = load_store()
        if division is None and round_ > 9:
            fail(Msg('--round {}: the cup has rounds 1-9', round_), hint="dbf serve links --round 3", code="usage.option")
        rows = captain_links(store, round_, base_url(store, base_url_), make=True, division=division)
        doc = {"ok": True, "round": round_, "links": rows, "errors": [], "warnings": []}
        if division:
            doc["division"] = division

        def human(out):
            from ..i18n import heads

            out.table(None, heads("match", "team", "captain", "link"), [(r["match"], r["team"], r["captain"] or "",
                                                                          r["url"]) for r in rows])
        emit(doc, human)

    @command(serve, "rotate-secret", writes=True)
    def rotate(dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """A new secret for the captains' links: every link made before is refused from now on.

        The journal records the rotation and its generation, never the secret.

        Example: dbf serve rotate-secret
        """
        from ..store.capability import read_secret

        store = load_store()
        old = read_secret(store.dir)
        generation = (old.generation if old else 0) + 1
        if not dry_run:
            _new_secret(store, generation, Msg("rotated the secret of the captains' links (generation {})", generation))
        emit({"ok": True, "generation": generation, "dry_run": dry_run, "errors": [], "warnings": []},
             lambda out: out.line(tr("serve_would_rotate" if dry_run else "serve_rotated", n=generation)))


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
