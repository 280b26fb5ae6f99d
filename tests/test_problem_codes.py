"""Every problem has a stable id: a § rule or a code (issue 13.6, docs/problem-codes.md).

The exit code is derived from these ids in one place (``cli.common.exit_code``).
"""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

from dbfcli.app.outcome import EXIT_OF_FAMILY, RULE_EXIT, exit_code, problem_exit
from dbfcli.rules.problems import CODE_FAMILIES, Problem, Where

REPO = pathlib.Path(__file__).resolve().parents[1]
SRC = REPO / "src" / "dbfcli"
DOC = REPO / "docs" / "problem-codes.md"
CODE_RE = re.compile(r"^(%s)\.[a-z][a-z-]*$" % "|".join(CODE_FAMILIES))


def _documented() -> dict[str, int]:
    """``code -> exit`` from the table of docs/problem-codes.md."""
    rows = re.findall(r"^\| `([a-z]+\.[a-z-]+)` \| (\d) \|", DOC.read_text(encoding="utf-8"), re.M)
    return {code: int(ex) for code, ex in rows}


def _invariant_names() -> set[str]:
    """The names of the season invariants (``draw.team-once``): ids of invariants, not problem
    codes, though the ``draw`` family of codes (issue 30) shares their first word."""
    from dbfcli.rules.invariants import DIVISION_INVARIANTS, INVARIANTS, STANDINGS_INVARIANTS

    return {i.name for i in (*INVARIANTS, *DIVISION_INVARIANTS, *STANDINGS_INVARIANTS)}


def _codes_in_source() -> dict[str, str]:
    """Every string literal of the source that is a problem code, with one place it is used."""
    found: dict[str, str] = {}
    invariants = _invariant_names()
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE_RE.match(node.value) \
                    and node.value not in invariants:
                found.setdefault(node.value, f"{path.relative_to(SRC)}:{node.lineno}")
    return found


# --------------------------------------------------------------------------- every site
_MAKERS = {"error", "warning"}


def _is_none(node: ast.AST | None) -> bool:
    return node is None or (isinstance(node, ast.Constant) and not node.value)


def _sites_without_id():
    """Calls that make a problem (Problem(...), Problem.error/warning, fail, StoreError(str))
    with no § rule and no ``code=``."""
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            kw = {k.arg: k.value for k in node.keywords}
            if not _is_none(kw.get("code")):
                continue
            if isinstance(f, ast.Attribute) and f.attr in _MAKERS and isinstance(f.value, ast.Name) \
                    and f.value.id == "Problem" or isinstance(f, ast.Name) and f.id == "Problem":
                rule = node.args[0] if node.args else kw.get("rule")
            elif isinstance(f, ast.Name) and f.id == "fail":
                rule = node.args[1] if len(node.args) > 1 else kw.get("rule")
            elif isinstance(f, ast.Name) and f.id == "StoreError" and node.args \
                    and isinstance(node.args[0], (ast.Constant, ast.JoinedStr)):
                rule = None
            else:
                continue
            if _is_none(rule):
                yield f"{path.relative_to(SRC)}:{node.lineno}"


def test_every_problem_site_names_a_rule_or_a_code():
    """No place in the source makes a problem with neither a § nor a code (``rule`` held in a
    variable is checked when the problem is made: ``Problem.__post_init__``)."""
    assert list(_sites_without_id()) == []


def test_a_problem_with_neither_rule_nor_code_cannot_be_made():
    with pytest.raises(ValueError):
        Problem.error(None, "no id")
    with pytest.raises(ValueError):
        Problem.warning("", "no id", code="")
    with pytest.raises(ValueError):
        Problem.error(None, "a code of no family", code="oops.bad")
    assert Problem.error(None, "x", code="format.yaml").code == "format.yaml"


def test_json_carries_rule_and_code_always():
    assert Problem.error("1.5.4", "x").to_json()["code"] is None
    doc = Problem.error(None, "x", Where("cup/teams.yaml", 3), code="format.yaml").to_json()
    assert (doc["rule"], doc["code"], doc["file"], doc["line"]) == (None, "format.yaml", "cup/teams.yaml", 3)


# --------------------------------------------------------------------------- the taxonomy
def test_every_code_in_the_source_is_documented_and_every_documented_code_is_used():
    documented, used = _documented(), _codes_in_source()
    assert sorted(set(used) - set(documented)) == [], "add these to docs/problem-codes.md: " + \
        ", ".join(f"{c} ({used[c]})" for c in sorted(set(used) - set(documented)))
    assert sorted(set(documented) - set(used)) == []


def test_documented_exit_codes_are_the_families_exit_codes():
    assert set(EXIT_OF_FAMILY) == set(CODE_FAMILIES)
    for code, ex in _documented().items():
        assert EXIT_OF_FAMILY[code.partition(".")[0]] == ex, code


# --------------------------------------------------------------------------- exit codes
def _e(rule=None, code=None):
    return Problem.error(rule, "m", code=code)


def _w(rule=None, code=None):
    return Problem.warning(rule, "m", code=code)


@pytest.mark.parametrize("problems, expected", [
    ([_e("1.5.4")], 1),                                         # a broken rule
    ([_e("1.5.4"), _e("1.5.12b")], 1),
    ([_e(code="format.yaml")], 2),                              # malformed
    ([_e(code="unknown.match")], 2),
    ([_e("1.5.4"), _e(code="format.sheet")], 2),                # malformed wins over a broken rule
    ([_e("1.5.16", code="unknown.match")], 2),                  # a code is the more specific id
    ([_e(code="lock.timeout"), _e(code="format.yaml")], 3),     # the lock wins over everything
    ([_e("1.5.4"), _w(code="format.yaml")], 1),                 # warnings do not count
    ([], 2),
], ids=["rule", "rules", "format", "unknown", "format-wins", "rule-and-code", "lock", "warning", "none"])
def test_exit_code_is_derived_from_the_ids(problems, expected):
    assert exit_code(problems) == expected


def test_problem_exit_of_a_rule_is_the_rule_exit():
    assert problem_exit(_e("2.11")) == RULE_EXIT == 1
