"""``dbf init``: a new season folder with a commented season.toml."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..i18n import t as tr
from .common import command, command_line, DryRunOpt, fail, JsonOpt, lock_season
from .invocation import RUN
from .output import emit
from ..rules.problems import Msg


def register(app: typer.Typer) -> None:
    @command(app, "init", writes=True)
    def init(
        season: Annotated[Optional[str], typer.Option("--season", help="Season to create, e.g. 2026-27.")] = None,
        dry_run: DryRunOpt = False,
        json_: JsonOpt = False,
    ) -> None:
        """Create DIR/SEASON/ with a commented season.toml of defaults.

        Example: dbf --dir tournaments init --season 2027-28
        """
        from ..rules.ids import SeasonId
        from ..store.season import SeasonStore, resolve_dir
        from ..store.settings import default_season_toml

        name = season or RUN.season
        if not name:
            fail(Msg('which season? give --season 2026-27'), code="usage.missing")
        if SeasonId.get(name) is None:   # whole, ASCII digits: not "2026-27\n" (issue 16.5)
            fail(Msg('season {} is not of the form 2026-27 (two consecutive years)', f'{name!r}'), code="format.id")
        root = resolve_dir(RUN.dir)
        store = SeasonStore(root, name)
        if not dry_run:   # the lock first (it makes the folder): two `dbf init` at once, one wins
            lock_season(store)
        if store.path("season.toml").exists():
            fail(Msg('season {} already exists: {}', name, store.dir), hint=Msg('edit its season.toml instead'), code="state.exists")
        if not dry_run:   # a transaction takes the lock, and the lock file would create the folder
            with store.transaction(command_line(), Msg("created season {}", name), False, RUN.lock_timeout,
                                   create=True) as tx:
                tx.write_text("season.toml", default_season_toml(name))
        if not (root / "dbf.toml").exists() and not dry_run:
            from ..store.atomic import write_inside

            write_inside(root, "dbf.toml", (f'# dbf tournaments folder\ncurrent = "{name}"   # the season commands use '
                                             'by default\ngit = false          # true: each write is also a git '
                                             'commit in this folder\n').encode())
        if not dry_run:
            _ignore_secret(root)
        emit({"ok": True, "season": name, "dir": str(store.dir), "dry_run": dry_run},
             lambda out: out.line(tr("created_file", verb=tr("verb:would create" if dry_run else "verb:created"),
                                     file=f"{store.dir}/season.toml")))


def _ignore_secret(root) -> None:
    """With ``git = true`` in ``DIR/dbf.toml``: ``DIR/.gitignore`` keeps every season's
    ``.serve-secret`` (the key of the captains' links, ``dbf serve``, issue 19) and
    ``.draw-secrets`` (the secrets of committed draws until each draw reveals its own, issue 30)
    out of git."""
    from ..store.atomic import write_inside
    from ..store.season import read_dbf_toml

    if not read_dbf_toml(root).get("git"):
        return
    path = root / ".gitignore"
    try:
        old = path.read_text(encoding="utf-8") if path.is_file() else ""
    except (OSError, UnicodeDecodeError):
        old = ""
    text = old
    for line, why in (("*/.serve-secret", "# dbf serve: the key of the captains' links, never in git\n"),
                      ("*/.draw-secrets", "# dbf draw commit: the secrets of draws not made yet, never in git\n")):
        if line not in text.split("\n"):
            text += ("" if not text or text.endswith("\n") else "\n") + why + line + "\n"
    if text == old:
        return
    try:
        write_inside(root, ".gitignore", text.encode("utf-8"))
    except OSError as exc:
        fail(Msg('cannot write {}: {}', path, exc.strerror or exc), code="io.cannot-write")
