"""The language a season folder declares, read without the store: ``dbf --help`` and a usage
error come before any season is opened (and import no store module), yet a Danish season's
help is Danish (issue 28). :mod:`dbfcli.store.season` reads it through this one function."""

from __future__ import annotations

import re
from pathlib import Path


def declared_lang(season_dir: Path) -> str | None:
    """The language named at the top of ``SEASON/season.toml`` (``lang = "en"`` or ``"da"``,
    before the first table), else None: a line scan of its first 4 KiB, no TOML parse (the
    settings reader checks the value, ``format.settings``), read before the lock is taken."""
    try:
        with open(season_dir / "season.toml", encoding="utf-8") as fh:
            head = fh.read(4096)
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    m = re.search(r'^lang\s*=\s*"(en|da)"', head.split("\n[", 1)[0], re.M)
    return m.group(1) if m else None


_SEASON = re.compile(r"\d{4}-\d{2}", re.ASCII)


def guess_lang(dir_option: str, season_option: str) -> str:
    """The language the season of a command line declares (``lang = "da"`` at the top of its
    ``season.toml``), or ``""``, before anything is parsed or locked: the folder from ``--dir``
    (else ``tournaments``), the season from ``--season``, else ``current`` in ``dbf.toml``, else
    the newest season folder, found as ``store.season`` finds them but by a line scan (no TOML
    parse, nothing validated: a season it cannot find simply gives English help)."""
    root = Path(dir_option or "tournaments")
    season = season_option or _current(root)
    if not season:
        try:
            season = max((p.name for p in root.iterdir() if _SEASON.fullmatch(p.name) and p.is_dir()), default="")
        except OSError:
            return ""
    return (declared_lang(root / season) or "") if season else ""


def _current(root: Path) -> str:
    try:
        with open(root / "dbf.toml", encoding="utf-8") as fh:
            head = fh.read(4096)
    except (OSError, UnicodeDecodeError, ValueError):
        return ""
    m = re.search(r'^current\s*=\s*"(\d{4}-\d{2})"', head.split("\n[", 1)[0], re.M)
    return m.group(1) if m else ""
