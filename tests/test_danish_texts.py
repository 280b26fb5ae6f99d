"""Issue 18.5: every problem message and hint (and the rules' other texts shown to people: what
a deadline is, a fee line, a journal line) has a Danish text, and every problem code of
docs/problem-codes.md has its Danish meaning.

The texts are found in the source by tools/problem_texts.py; their Danish is in
``dbfcli.i18n_da.PROBLEMS``. A new message fails here until it has one:
``python tools/problem_texts.py --missing`` prints the lines to add.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from string import Formatter

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import problem_texts  # noqa: E402

from dbfcli.i18n import problem_text  # noqa: E402
from dbfcli.i18n_da import CODES, PROBLEMS  # noqa: E402


def _fields(text: str) -> list[str]:
    return [f for _, f, _, _ in Formatter().parse(text) if f is not None]


def test_18_5_every_problem_text_has_danish():
    missing = {text: where for text, where in problem_texts.templates().items() if text not in PROBLEMS}
    assert not missing, ("texts without Danish (add them to dbfcli/i18n_da.py PROBLEMS; "
                         "`python tools/problem_texts.py --missing` prints the lines):\n"
                         + "\n".join(f"  {where}: {text!r}" for text, where in missing.items()))


def test_18_5_problem_texts_find_the_source_texts():
    """The finder sees the makers of problems: a known message, a hint, a wrapper's, a variable's."""
    found = problem_texts.templates()
    assert "team {} has {}; a cup team has 4-6" in found          # Problem.error in rules/
    assert "a team of 4-5 may add players up to 6 (§1.5.11)" in found     # its hint
    assert "malformed draw file ({}: {})" in found                        # through a wrapper (_bad)
    assert "no round-robin result between {}; carry-over unknown" in found   # through a variable
    assert "drew cup round {} (seed {})" in found                         # a journal line


def test_18_5_danish_keeps_every_value():
    """Danish puts every value of the English text in (in order, or numbered)."""
    bad = []
    for english, danish in PROBLEMS.items():
        en, da = _fields(english), _fields(danish)
        if any(da):
            ok = all(x.isdigit() and int(x) < len(en) for x in da)
        else:
            ok = len(da) == len(en)
        if not ok:
            bad.append((english, danish))
    assert not bad, bad


def test_18_5_every_problem_code_has_danish():
    page = (REPO / "docs" / "problem-codes.md").read_text(encoding="utf-8")
    codes = set(re.findall(r"^\| `([a-z]+\.[a-z-]+)` \|", page, re.M))
    assert codes, "no code table in docs/problem-codes.md"
    assert codes == set(CODES), (sorted(codes - set(CODES)), sorted(set(CODES) - codes))


def test_18_5_problem_text_translates_values_and_parts():
    assert problem_text("40 boards played; round 7 is 48 boards", "da") == "40 spil spillet; runde 7 er 48 spil"
    assert problem_text("C3-001: 40 boards played; round 7 is 48 boards", "da") == \
        "C3-001: 40 spil spillet; runde 7 er 48 spil"                  # an id before the message
    assert problem_text("40 boards played; round 7 is 48 boards", "en") == "40 boards played; round 7 is 48 boards"
    assert problem_text("something dbf never says", "da") == "something dbf never says"
