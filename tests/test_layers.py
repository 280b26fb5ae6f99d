"""The rule core is pure: it imports no CLI, storage or I/O library (issue 2)."""

import ast
import pathlib

import pytest

RULES = pathlib.Path(__file__).resolve().parents[1] / "src" / "dbfcli" / "rules"
FORBIDDEN_MODULES = {"typer", "rich", "yaml", "msgspec", "filelock", "tomllib", "tomli_w", "click",
                     "icalendar", "jinja2", "subprocess", "shutil", "socket"}
FORBIDDEN_PACKAGES = ("dbfcli.store", "dbfcli.cli")
FORBIDDEN_CALLS = {"open"}


def _imports(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:  # relative: .store / ..cli
                mod = ("dbfcli." + mod) if node.level >= 2 else ("dbfcli.rules." + mod)
            yield mod


@pytest.mark.parametrize("path", sorted(RULES.glob("*.py")), ids=lambda p: p.name)
def test_rule_module_is_pure(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for name in _imports(tree):
        top = name.split(".")[0]
        assert top not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
        assert not name.startswith(FORBIDDEN_PACKAGES), f"{path.name} imports {name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}() (file I/O)"
