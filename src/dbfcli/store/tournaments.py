"""The tournaments folder ``DIR`` around its seasons, as ``dbf init`` makes it: the new season
folder locked before it is checked, ``DIR/dbf.toml`` written when there is none, and with
``git = true`` ``DIR/.gitignore`` keeping the seasons' secrets out of git (docs/interface.md)."""

from __future__ import annotations

from pathlib import Path

from ..rules.problems import Msg, Problem
from .season import SeasonStore, StoreError, read_dbf_toml


def lock_new_season(store: SeasonStore, timeout: float) -> None:
    """Take the exclusive lock on a season folder being made (the lock file makes the folder):
    two ``dbf init`` at once, one wins; held to the end of the command."""
    from .atomic import hold

    try:
        hold(store.dir, timeout, shared=False, create=True)
    except OSError as exc:
        raise store._unwritable(exc) from None


def write_folder_toml(root: Path, current: str) -> bool:
    """``DIR/dbf.toml`` naming ``current`` the season commands use, when there is none yet
    (False: there is one, left as it is)."""
    from .atomic import write_inside

    if (root / "dbf.toml").exists():
        return False
    write_inside(root, "dbf.toml", (f'# dbf tournaments folder\ncurrent = "{current}"   # the season commands use '
                                     'by default\ngit = false          # true: each write is also a git '
                                     'commit in this folder\n').encode())
    return True


def ignore_secrets(root: Path) -> None:
    """With ``git = true`` in ``DIR/dbf.toml``: ``DIR/.gitignore`` keeps every season's
    ``.serve-secret`` (the key of the captains' links, ``dbf serve``, issue 19) and
    ``.draw-secrets`` (the secrets of committed draws until each draw reveals its own, issue 30)
    out of git (``io.cannot-write`` when it cannot be written)."""
    from .atomic import write_inside

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
        raise StoreError([Problem.error(None, Msg('cannot write {}: {}', path, exc.strerror or exc),
                                        code="io.cannot-write")]) from None
