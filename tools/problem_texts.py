"""The English texts of every problem message and hint in src/, as templates (issue 18.5).

A problem's message and hint are English data made by the rules; ``--lang da`` shows them in
Danish through ``dbfcli.i18n_da.PROBLEMS`` (English template -> Danish), translated at the
edge (``dbfcli.i18n.problem_text``). This script finds the texts by reading the source: the
message and hint arguments of ``Problem(...)``, ``Problem.error/warning``, ``fail``,
``StoreError`` and the small wrappers that pass theirs on. An f-string's values become ``{}``.

    python tools/problem_texts.py            # every template, with where it is made
    python tools/problem_texts.py --missing  # those without Danish, as lines for i18n_da.PROBLEMS

tests/test_danish_texts.py fails on a missing one.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "dbfcli"

#: callee (as written) -> (index of the message argument, index of the hint argument)
CALLS: dict[str, tuple[int | None, int | None]] = {
    "Problem.error": (1, 3), "Problem.warning": (1, 3), "Problem": (1, 4),
    "fail": (0, 2), "StoreError": (0, 1),
    "_bad": (2, 3), "self.bad": (1, 2), "p.bad": (1, 2), "parser.bad": (1, 2), "_problem": (1, 3),
    "_error": (1, 3), "YamlLoadError": (0, None), "IdError": (0, None),
    # the rules' other data texts shown to people: what a deadline is, what a lot decides
    "Item": (0, None), "DrawDeadline": (0, None), "PendingLot": (3, None),
    "Reason": (2, None), "FeeRow": (4, None), "HumVerdict": (4, None), "LockTimeout": (0, None),
    "notes.append": (0, None),
    # the journal's line for a write (dbf log)
    "store.transaction": (1, None), "target.transaction": (1, None),
    "typer.BadParameter": (0, None),
    "Step": (1, None), "Allocation": (3, None),   # the season rollover's steps (dbf season rollover)
}


def template(node: ast.AST | None, names: dict[str, list[ast.AST]] | None = None) -> list[str]:
    """The template(s) of a message expression (both branches of ``a if c else b``; the texts
    a variable was given in its function; the parts of ``"; ".join([...])``)."""
    names = names or {}
    if node is None:
        return []
    if isinstance(node, ast.Constant):
        return [node.value.replace("{", "{{").replace("}", "}}")] if isinstance(node.value, str) else []
    if isinstance(node, ast.JoinedStr):
        text = ""
        for v in node.values:
            text += v.value.replace("{", "{{").replace("}", "}}") if isinstance(v, ast.Constant) else "{}"
        return [text]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Msg" and node.args \
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
        return [node.args[0].value]                          # a keyed text: its key is the template
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Msg" and node.args \
            and isinstance(node.args[0], ast.IfExp):
        return _keys(node.args[0])                           # one of two keys (a count agreeing with its verb)
    if isinstance(node, ast.Call) and ast.unparse(node.func) == "Msg.join" and len(node.args) == 2:
        return template(node.args[1], names)
    if isinstance(node, ast.IfExp):
        return template(node.body, names) + template(node.orelse, names)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = template(node.left, names) or ["{}"], template(node.right, names) or ["{}"]
        joined = [a + b for a in left for b in right]
        return [] if joined == ["{}{}"] else joined
    if isinstance(node, ast.Name):
        return [t for value in names.get(node.id, []) if value is not node for t in template(value, {})]
    if isinstance(node, (ast.ListComp, ast.GeneratorExp)):
        return template(node.elt, names)
    if isinstance(node, (ast.List, ast.Tuple)):
        return [t for e in node.elts for t in template(e, names)]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join" and node.args:
        return template(node.args[0], names)
    return []


def _keys(node: ast.AST) -> list[str]:
    """The keys of ``Msg(a if c else b, ...)``: each branch a key as written (or a choice again)."""
    if isinstance(node, ast.IfExp):
        return _keys(node.body) + _keys(node.orelse)
    return [node.value] if isinstance(node, ast.Constant) and isinstance(node.value, str) else []


def _arg(node: ast.Call, index: int | None, names: tuple[str, ...]) -> ast.AST | None:
    if index is not None and len(node.args) > index:
        return node.args[index]
    return next((k.value for k in node.keywords if k.arg in names), None)


def _assigned(tree: ast.AST) -> dict[int, dict[str, list[ast.AST]]]:
    """For each function (by ``id``): name -> the expressions assigned to it, so that
    ``message = f"..."; Problem.error(rule, message)`` finds its text."""
    out: dict[int, dict[str, list[ast.AST]]] = {}
    module: dict[str, list[ast.AST]] = {}   # module constants (REPAIR = "..."), seen everywhere
    for node in getattr(tree, "body", []):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    module.setdefault(target.id, []).append(node.value)
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names: dict[str, list[ast.AST]] = {}
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign):
                    for target in node.targets:
                        if isinstance(target, ast.Name):
                            names.setdefault(target.id, []).append(node.value)
            for node in ast.walk(fn):
                out.setdefault(id(node), names)
    out[id(tree)] = module
    return out


def _texts(node: ast.AST | None, names: dict[str, list[ast.AST]], module: dict[str, list[ast.AST]]) -> list[str]:
    """The texts of a message argument; a bare name may also be a module constant (REPAIR)."""
    if isinstance(node, ast.Name) and node.id not in names:
        return [t for value in module.get(node.id, []) for t in template(value, {})]
    return template(node, names)


def templates(src: Path = SRC) -> dict[str, str]:
    """English template -> the first place (``file:line``) that makes it."""
    found: dict[str, str] = {}
    for path in sorted(src.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        scopes = _assigned(tree)
        module = scopes.get(id(tree), {})
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = ast.unparse(node.func)
            names = scopes.get(id(node), {})
            texts: list[str] = []
            if name == "Msg":                                 # every keyed text, wherever it is made
                texts += template(node)
            elif name in CALLS:
                msg, hint = CALLS[name]
                texts += _texts(_arg(node, msg, ("message",)), names, module)
                texts += _texts(_arg(node, hint, ("hint",)), names, module)
            elif any(k.arg == "hint" for k in node.keywords):
                texts += _texts(next(k.value for k in node.keywords if k.arg == "hint"), names, module)
            for text in texts:
                if needs_danish(text):
                    found.setdefault(text, f"{path.relative_to(src.parent)}:{node.lineno}")
    return found


def needs_danish(text: str) -> bool:
    """A text with words to translate: not only values, not a command line to type."""
    bare = text.replace("{}", "").strip(" :;,.()")
    return any(c.isalpha() for c in bare) and not text.startswith(("dbf ", "`dbf "))


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(SRC.parent))
    found = templates()
    if "--missing" in argv:
        from dbfcli.i18n_da import PROBLEMS

        for text, where in found.items():
            if text not in PROBLEMS:
                print(f"    {text!r}: {text!r},   # {where}")
        return 0
    for text, where in found.items():
        print(f"{where}: {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
