"""``dbf init`` as a use case: :func:`init_season` makes ``DIR/SEASON/`` with a commented
``season.toml`` of the defaults (``rules/settings.py``, written by ``store/settings.py``), and
``DIR/dbf.toml`` when the folder has none. There is no season to open yet: the session gives
only who asks and the lock wait; the new folder is locked before it is checked (two ``dbf
init`` at once, one wins), and the store writes (``store/tournaments.py``)."""

from __future__ import annotations

from pathlib import Path

from ..rules.problems import Msg
from ..rules.value import MutableValue, Value
from .outcome import Outcome, fail, outcome_of
from .session import Session


class InitRequest(Value, kw_only=True):
    """``dbf [--dir DIR] init --season SEASON [--dry-run]``: ``season`` (None: not given),
    ``dir`` the tournaments folder (None: ``$DBF_DIR``, else ``./tournaments``)."""

    season: str | None = None
    dir: str | None = None
    dry_run: bool = False


class NewSeason(MutableValue, kw_only=True):
    """The season made (or that would be), and its folder."""

    season: str
    dir: Path
    dry_run: bool


def init_season(session: Session, request: InitRequest) -> Outcome:
    """``dbf init``: refused (exit 2) without a season, for a name not of the form 2026-27
    (``format.id``), a season that is there already (``state.exists``), or a malformed
    ``DIR/dbf.toml`` (``format.toml``: before the folder is made, so nothing is left behind). ``doc``: as
    ``--json`` prints it; ``plan``: :class:`NewSeason`."""
    return outcome_of(_init_season, session, request)


def _init_season(session: Session, request: InitRequest) -> Outcome:
    from ..rules.ids import SeasonId
    from ..store.season import SeasonStore, read_dbf_toml, resolve_dir
    from ..store.settings import default_season_toml
    from ..store.tournaments import ignore_secrets, lock_new_season, write_folder_toml

    name, dry_run = request.season, request.dry_run
    if not name:
        fail(Msg('which season? give --season 2026-27'), code="usage.missing")
    if SeasonId.get(name) is None:   # whole, ASCII digits: not "2026-27\n" (issue 16.5)
        fail(Msg('season {} is not of the form 2026-27 (two consecutive years)', f'{name!r}'), code="format.id")
    root = resolve_dir(request.dir)
    read_dbf_toml(root)   # a malformed DIR/dbf.toml (format.toml, exit 2) refuses before anything is made
    store = SeasonStore(root, name)
    if not dry_run:   # the lock first (it makes the folder): two `dbf init` at once, one wins
        lock_new_season(store, session.lock_timeout)
    if store.path("season.toml").exists():
        fail(Msg('season {} already exists: {}', name, store.dir), hint=Msg('edit its season.toml instead'),
             code="state.exists")
    if not dry_run:   # a transaction takes the lock, and the lock file would create the folder
        with store.transaction(session.actor, Msg("created season {}", name), False, session.lock_timeout,
                               create=True) as tx:
            tx.write_text("season.toml", default_season_toml(name))
        write_folder_toml(root, name)
        ignore_secrets(root)
    doc = {"ok": True, "season": name, "dir": str(store.dir), "dry_run": dry_run}
    return Outcome(doc=doc, written=not dry_run, show="would" if dry_run else "created",
                   plan=NewSeason(season=name, dir=store.dir, dry_run=dry_run))
