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
