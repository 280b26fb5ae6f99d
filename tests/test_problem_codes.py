"""Every problem has a stable code, and its § where a rule applies (issue 13.6, issue 24,
docs/problem-codes.md).

The exit code is derived from the code in one place (``app.outcome.exit_code``).
"""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

from dbfcli.app.outcome import EXIT_OF_FAMILY, RULE_EXIT, exit_code, problem_exit
from dbfcli.rules.problems import CODE_FAMILIES, RULE_FAMILIES, Problem, Where, shown_ids

REPO = pathlib.Path(__file__).resolve().parents[1]
SRC = REPO / "src" / "dbfcli"
DOC = REPO / "docs" / "problem-codes.md"
CODE_RE = re.compile(r"^(%s)\.[a-z][a-z-]*$" % "|".join(CODE_FAMILIES))
#: string literals of the source that look like codes of a family but name files (``sheet.yaml``,
#: ``trophy.html``); a code of the ``format`` family may end so (``format.yaml``)
FILE_NAME_RE = re.compile(r"^(?!format\.)[a-z-]+\.(yaml|yml|toml|html|json|csv|ics|txt|md|pdf)$")
#: settings keys that look like codes (``cup.up``: the cup's UP table in season.toml)
NOT_CODES = {"cup.up"}


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
    """Every string literal of the source that is a problem code, with one place it is used
    (an invariant's name counts only where it is also a documented code: ``div.record-once``)."""
    found: dict[str, str] = {}
    skip = (_invariant_names() - set(_documented())) | NOT_CODES
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE_RE.match(node.value) \
                    and node.value not in skip and not FILE_NAME_RE.match(node.value):
                found.setdefault(node.value, f"{path.relative_to(SRC)}:{node.lineno}")
    return found


# --------------------------------------------------------------------------- every site
_MAKERS = {"error", "warning"}
#: the helpers that make a problem from the code they are given: (module, name) -> index of
#: ``code`` among the positional arguments (None: a keyword only)
_WRAPPERS = {("rules/invariants.py", "_error"): None, ("store/settings.py", "broken"): None,
             ("store/season.py", "_problem"): 0, ("web/app.py", "_problem"): 0,
             ("app/captains.py", "_refusal"): 1, ("web/pages.py", "guard_problem"): 0}


def _is_none(node: ast.AST | None) -> bool:
    return node is None or (isinstance(node, ast.Constant) and not node.value)


def _code_of(node: ast.Call, module: str = "") -> tuple[bool, ast.AST | None]:
    """``(makes a problem, the code argument)`` of a call in ``module``."""
    f, kw = node.func, {k.arg: k.value for k in node.keywords}
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
    if isinstance(f, ast.Attribute) and f.attr in _MAKERS and isinstance(f.value, ast.Name) and f.value.id == "Problem":
        return True, kw.get("code")
    if isinstance(f, ast.Name) and f.id == "Problem":
        return True, node.args[5] if len(node.args) > 5 else kw.get("code")
    if isinstance(f, ast.Name) and f.id == "fail":
        return True, kw.get("code")
    if isinstance(f, ast.Name) and f.id == "StoreError":     # StoreError(problems) carries theirs
        return bool(node.args) and isinstance(node.args[0], (ast.Constant, ast.JoinedStr, ast.Call)), kw.get("code")
    if (module, name) in _WRAPPERS:
        at = _WRAPPERS[module, name]
        return True, node.args[at] if at is not None and len(node.args) > at else kw.get("code")
    return False, None


def _sites_without_code():
    """Calls that make a problem (Problem(...), Problem.error/warning, fail, StoreError(text),
    the wrappers of :data:`_WRAPPERS`) and pass no ``code``."""
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                makes, code = _code_of(node, str(path.relative_to(SRC)))
                if makes and _is_none(code):
                    yield f"{path.relative_to(SRC)}:{node.lineno}"


def test_every_problem_site_passes_a_code():
    """Issue 24: no place in the source makes a problem without its code, § or not (a code held
    in a variable is checked when the problem is made: ``Problem.__post_init__``)."""
    assert list(_sites_without_code()) == []


def test_the_site_finder_sees_the_makers():
    """The finder knows the makers: a Problem.error with a § and no code is found."""
    tree = ast.parse('Problem.error("1.5.9", Msg("x"))\nfail(Msg("y"), "1.5.16")\n_error("1.5.16", m, w)\n'
                     'Problem.error("1.5.9", Msg("x"), code="sheet.boards")')
    found = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Call)
             and _code_of(n, "rules/invariants.py")[0] and _is_none(_code_of(n, "rules/invariants.py")[1])]
    assert sorted(found) == [1, 2, 3]


def test_a_problem_without_a_code_cannot_be_made():
    with pytest.raises(ValueError):
        Problem.error(None, "no id", code="")
    with pytest.raises(ValueError):
        Problem.error("1.5.4", "a § alone is not enough", code=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Problem("1.5.4", "made as a value, with no code")
    with pytest.raises(ValueError):
        Problem.error(None, "a code of no family", code="oops.bad")
    assert Problem.error(None, "x", code="format.yaml").code == "format.yaml"
    assert Problem("1.5.9", "x", None, "error", None, "sheet.boards").code == "sheet.boards"


def test_json_carries_rule_and_code_always():
    doc = Problem.error("1.5.9", "x", code="sheet.boards").to_json()
    assert (doc["rule"], doc["code"]) == ("1.5.9", "sheet.boards")
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
def _e(rule=None, code="sheet.up-claim"):
    return Problem.error(rule, "m", code=code)


def _w(rule=None, code="sheet.up-claim"):
    return Problem.warning(rule, "m", code=code)


@pytest.mark.parametrize("problems, expected", [
    ([_e("1.5.4")], 1),                                         # a broken rule
    ([_e("1.5.4"), _e("1.5.12b", "player.substitute-still-in-cup")], 1),
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
    assert problem_exit(_e("2.11", "player.not-on-team")) == RULE_EXIT == 1


def test_every_rule_family_exits_1_and_the_others_are_as_before():
    """Issue 24: the codes given to the problems that had only a § exit 1, as they did; the
    families that were there keep their exit codes."""
    assert {f: EXIT_OF_FAMILY[f] for f in RULE_FAMILIES} == {f: RULE_EXIT for f in RULE_FAMILIES}
    assert {f: EXIT_OF_FAMILY[f] for f in CODE_FAMILIES if f not in RULE_FAMILIES} == \
        {"format": 2, "io": 2, "unknown": 2, "usage": 2, "state": 2, "internal": 2, "lock": 3, "draw": 1}


def test_a_rule_familys_code_is_not_shown_beside_its_section():
    """On stderr a broken rule reads as before issue 24 (``error §1.5.9: ...``); a code of
    another family shows beside its § (``§1.5.16 [unknown.match]``), and a rule family's code
    shows where there is no §."""
    assert str(Problem.error("1.5.9", "40 boards", code="sheet.boards")) == "error §1.5.9: 40 boards"
    assert shown_ids("1.5.16", "unknown.match") == "§1.5.16 [unknown.match]"
    assert shown_ids("1.5.5", "draw.verify-field") == "§1.5.5 [draw.verify-field]"
    assert shown_ids(None, "sheet.boards") == "[sheet.boards]"
