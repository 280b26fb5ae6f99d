"""The layers (docs/ARCHITECTURE.md), kept by a test (issues 2 and 13.8).

- ``rules/`` is pure: no CLI, storage or I/O library, no store or cli of dbf;
- ``store/`` imports no cli, typer or rich; ``publish/`` no cli; ``i18n`` no cli (the language
  is a context variable the CLI sets, ``i18n.LANG``);
- no import cycle inside ``rules/`` (nor ``store/``, ``publish/``).

Every import counts, the lazy ones inside functions and the typing-only ones too (they are
how a layer would sneak in); a cycle is looked for without those under ``if TYPE_CHECKING:``,
which never run.
"""

import ast
import pathlib

import pytest

SRC = pathlib.Path(__file__).resolve().parents[1] / "src" / "dbfcli"
RULES = SRC / "rules"
FORBIDDEN_MODULES = {"typer", "rich", "yaml", "msgspec", "filelock", "tomllib", "tomli_w", "click",
                     "icalendar", "jinja2", "subprocess", "shutil", "socket"}
FORBIDDEN_PACKAGES = ("dbfcli.store", "dbfcli.cli", "dbfcli.app", "dbfcli.web", "dbfcli.publish")
FORBIDDEN_CALLS = {"open"}
# The value-object base (rules/value.py) is the one way msgspec enters the core: its Struct class,
# field() and structs.replace, never an encoder, decoder or convert (those are I/O, in the store).
VALUE_MODULE = "value.py"
VALUE_NAMES = {"msgspec": {"Struct", "field"}, "msgspec.structs": {"replace"}}


def _nodes(tree, typing_only: bool = True):
    """Every node; without ``typing_only``, not what sits under ``if TYPE_CHECKING:``."""
    todo = [tree]
    while todo:
        node = todo.pop()
        if not typing_only and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo.extend(node.orelse)
            continue
        yield node
        todo.extend(ast.iter_child_nodes(node))


def _imports(tree, package: str = "dbfcli.rules", typing_only: bool = True):
    """The absolute names a module imports (``package``: the module's own package, for
    relative imports); ``from . import x`` yields ``package.x``."""
    for node in _nodes(tree, typing_only):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join(base)
                if node.module:
                    yield f"{prefix}.{node.module}"
                else:
                    yield from (f"{prefix}.{a.name}" for a in node.names)
            else:
                yield node.module or ""


@pytest.mark.parametrize("path", sorted(RULES.rglob("*.py")), ids=lambda p: p.relative_to(RULES).as_posix())
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
    for path in sorted(RULES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert "dataclasses" not in set(_imports(tree)), f"{path.name} imports dataclasses; derive from rules.value.Value"


# --------------------------------------------------------------------------- the other layers
def _module_imports(path: pathlib.Path, typing_only: bool = True) -> set[str]:
    package = ".".join(path.relative_to(SRC.parent).parts[:-1])
    return set(_imports(ast.parse(path.read_text(encoding="utf-8")), package, typing_only))


def _violations(paths, forbidden_top: set[str], forbidden_packages: tuple[str, ...]) -> list[str]:
    out = []
    for path in paths:
        for name in sorted(_module_imports(path)):
            if name.split(".")[0] in forbidden_top or name.startswith(forbidden_packages):
                out.append(f"{path.relative_to(SRC)} imports {name}")
    return out


#: layer -> (modules, forbidden third-party top-level names, forbidden dbf packages)
#: the faces: what no layer below a face may import
FACES = {"typer", "rich", "click", "starlette", "uvicorn"}
LAYERS = {
    "store": (sorted((SRC / "store").rglob("*.py")), FACES, ("dbfcli.cli", "dbfcli.app", "dbfcli.web",
                                                             "dbfcli.publish")),
    # the application layer (issue 24): no face, no template; the CLI and the web call it
    "app": (sorted((SRC / "app").rglob("*.py")), FACES | {"jinja2"}, ("dbfcli.cli", "dbfcli.web")),
    # the web is a peer of the CLI, never its caller
    "web": (sorted((SRC / "web").rglob("*.py")), {"typer", "click", "rich"}, ("dbfcli.cli",)),
    "publish": (sorted((SRC / "publish").rglob("*.py")), {"typer", "click", "starlette"}, ("dbfcli.cli", "dbfcli.web")),
    "i18n": ([SRC / "i18n.py"], {"typer", "rich", "click"}, ("dbfcli.cli", "dbfcli.store", "dbfcli.publish")),
}


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_layer_imports_nothing_above_it(layer):
    """store/ no cli, typer or rich; publish/ no cli; i18n no cli (issue 13.8)."""
    paths, top, packages = LAYERS[layer]
    assert paths
    assert _violations(paths, top, packages) == []


def _cycles(folder: pathlib.Path) -> list[list[str]]:
    """The import cycles among the modules of one package (strongly connected components)."""
    package = "dbfcli." + folder.name
    def name(p: pathlib.Path) -> str:
        parts = p.relative_to(folder).with_suffix("").parts
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    mods = {name(p) for p in folder.rglob("*.py")}
    graph = {}
    for p in folder.rglob("*.py"):
        deps = set()
        for n in _module_imports(p, typing_only=False):
            if n.startswith(package + "."):
                pieces = n[len(package) + 1:].split(".")
                deps |= {".".join(pieces[:k]) for k in range(len(pieces), 0, -1)} & mods
        graph[name(p)] = sorted(deps - {name(p)})
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


@pytest.mark.parametrize("package", ["rules", "store", "publish", "app", "cli", "web"])
def test_no_import_cycle_inside_a_package(package):
    """No two modules of rules/ (store/, publish/, app/, cli/, web/) import each other, directly
    or round about, lazily or not (issue 13.8: rules/sheet/validate.py and rules/sheet/players.py did;
    issue 24: cli/result*.py did)."""
    assert _cycles(SRC / package) == []


def _module_graph(src: pathlib.Path) -> dict[str, list[str]]:
    """Every module of dbfcli and the dbfcli modules it imports (lazily or not, not under
    ``if TYPE_CHECKING:``), each import resolved to the longest module name it names."""
    mods = {}
    for p in src.rglob("*.py"):
        parts = p.relative_to(src.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        mods[name] = p
    graph = {}
    for name, p in mods.items():
        deps = set()
        for n in _module_imports(p, typing_only=False):
            pieces = n.split(".")
            hit = next((".".join(pieces[:k]) for k in range(len(pieces), 0, -1) if ".".join(pieces[:k]) in mods), None)
            if hit:
                deps.add(hit)
        graph[name] = sorted(deps - {name, src.name})
    return graph


def _graph_cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(graph.get(w, []))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def test_no_import_cycle_anywhere():
    """Issue 24: no import cycle across the whole of dbfcli either (a layer that imports back
    up is a cycle too)."""
    assert _graph_cycles(_module_graph(SRC)) == []


def test_the_whole_tree_cycle_check_can_fail():
    assert _graph_cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]


def test_the_checks_catch_a_violation(tmp_path):
    """The checks above can fail: a made-up layer breach and a made-up cycle are found."""
    store = tmp_path / "dbfcli" / "store"
    store.mkdir(parents=True)
    (store / "bad.py").write_text("def f():\n    from ..cli.common import RUN\n    import rich\n")
    global SRC
    saved, SRC = SRC, tmp_path / "dbfcli"
    try:
        assert _violations([store / "bad.py"], {"rich"}, ("dbfcli.cli",)) == [
            "store/bad.py imports dbfcli.cli.common", "store/bad.py imports rich"]
        (store / "a.py").write_text("from .b import x\n")
        (store / "b.py").write_text("def g():\n    from . import a\n")
        (store / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import y\n")
        assert _cycles(store) == [["a", "b"]]
    finally:
        SRC = saved
