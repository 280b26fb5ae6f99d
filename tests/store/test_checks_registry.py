"""Every store module that can check its state files takes part in `dbf check`."""

import pathlib
import re

from dbfcli.store.checks import CHECKERS

STORE = pathlib.Path(__file__).resolve().parents[2] / "src" / "dbfcli" / "store"


def test_every_check_season_is_registered():
    defined = {".".join(p.relative_to(STORE).with_suffix("").parts) for p in STORE.rglob("*.py")
               if re.search(r"^def check_season\(", p.read_text(), re.M)}
    assert defined == set(CHECKERS)
