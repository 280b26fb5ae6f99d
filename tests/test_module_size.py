"""Issue 24: no module over about 500 lines without a reason. A module of src/dbfcli longer
than LIMIT lines is named, with its reason, in docs/ARCHITECTURE.md's "Long modules" list;
a module on that list that has become short is taken off it (the list only says what is)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src" / "dbfcli"
LIMIT = 520


def _listed() -> set[str]:
    text = (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = text.split("### Long modules", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    return set(re.findall(r"^- `([\w/]+\.py)`", section, re.M))


def test_a_long_module_has_its_reason_written_down():
    long = {str(p.relative_to(SRC)) for p in SRC.rglob("*.py")
            if len(p.read_text(encoding="utf-8").splitlines()) > LIMIT}
    listed = _listed()
    assert long - listed == set(), f"modules over {LIMIT} lines without a reason in ARCHITECTURE.md: {sorted(long - listed)}"
    assert listed - long == set(), f"listed as long but no longer are: {sorted(listed - long)}"
