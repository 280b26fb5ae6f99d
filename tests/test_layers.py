"""The rule core is pure: it imports no CLI, storage or I/O library (issue 2)."""

import ast
import pathlib

import pytest

RULES = pathlib.Path(__file__).resolve().parents[1] / "src" / "dbfcli" / "rules"
FORBIDDEN_MODULES = {"typer", "rich", "yaml", "msgspec", "filelock", "tomllib", "tomli_w", "click",
                     "icalendar", "jinja2", "subprocess", "shutil", "socket"}
FORBIDDEN_PACKAGES = ("dbfcli.store", "dbfcli.cli")
FORBIDDEN_CALLS = {"open"}
# The value-object base (rules/value.py) is the one way msgspec enters the core: its Struct class,
# field() and structs.replace, never an encoder, decoder or convert (those are I/O, in the store).
VALUE_MODULE = "value.py"
VALUE_NAMES = {"msgspec": {"Struct", "field"}, "msgspec.structs": {"replace"}}


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
        if path.name == VALUE_MODULE and name in VALUE_NAMES:
            continue
        assert top not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
        assert not name.startswith(FORBIDDEN_PACKAGES), f"{path.name} imports {name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}() (file I/O)"


def test_value_module_takes_only_the_struct_base_from_msgspec():
    tree = ast.parse((RULES / VALUE_MODULE).read_text(encoding="utf-8"))
    taken = {}
    for node in ast.walk(tree):
        assert not isinstance(node, ast.Import), "value.py: import msgspec names with 'from ... import'"
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("msgspec"):
            taken.setdefault(node.module, set()).update(a.name for a in node.names)
    assert taken == VALUE_NAMES


def test_every_rule_value_object_derives_from_the_value_base():
    """No rule module defines a dataclass: they cost ~0.5 ms each at start-up (issue 9)."""
    for path in sorted(RULES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert "dataclasses" not in set(_imports(tree)), f"{path.name} imports dataclasses; derive from rules.value.Value"
