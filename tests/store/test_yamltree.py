"""The tree built from libyaml's events (store/yamltree.py, issue 13 speed) is the full loader's
tree: the same values of the same types, the same line of every key and item; and every text it
does not take is read by the full loader, so a refusal keeps its message and line."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from dbfcli.store import yamlio
from dbfcli.store.yamlio import YamlLoadError, parse_yaml

REPO = Path(__file__).resolve().parents[2]

SCALARS = [
    "0", "7", "-5", "+5", "0x1F", "0o17", "017", "08", "1_000", "1:30", "190:20:30", "0b101",
    "1.5", "-1.5e+3", "1e3", ".inf", "-.Inf", ".nan", ".NaN", "190:20:30.15", "6.8523015e+5", "1.",
    "yes", "No", "ON", "off", "y", "n", "true", "False", "TRUE",
    "~", "null", "Null", "NULL", "", "2026-11-14", "2026-11-14 20:00:00", "2026-11-14T20:00:00Z",
    "2026-11-14t20:00:00.5+01:00", "2026-1-4 1:02:03", "2026-11-31", "1abc", "12-13", "C1-001",
    "=", "<<", "Ærø", "a b c", "'quoted'", '"dq \\u00e6"', "'0123'", "!!str 12", "!!int 12", "!!int", "!!float", "!x y",
    "&a 1", "*a", "[1, 2]", "{a: 1}", "{}", "[]", "|\n  block\n\n  text\n", ">-\n  folded\n  text\n",
    "multi\n  line plain",
]

TEXTS = [f"a: {s}\n" for s in SCALARS] + [f"- {s}\n" for s in SCALARS if "\n" not in s] + [
    "", "# only a comment\n", "---\n", "---\na: 1\n...\n", "a: 1\n---\nb: 2\n", "plain\n", "[1, 2, 3]\n",
    "a: 1\na: 2\n", "1: a\ntrue: b\n", "1: a\n1.0: b\n", ".nan: 1\n.nan: 2\n", "~: 1\nnull: 2\n",
    "2026-11-14: x\n", "? [a, b]\n: 1\n", "? a\n: 1\n", "<<: {a: 1}\n", "'<<': 1\n", "a: &x [1]\nb: *x\n",
    "a: &x 1\n", "a: *nope\n", "a: !!set {b, c}\n", "a: !!map x\n", "a: !!seq ''\n", "a: !!str {b: 1}\n",
    "a: [1, 2\n", "a:\n\tb: 1\n", "a: b: c\n", "\ufeffa: 1\n", "a: 'unterminated\n",
    "teams:\n  - id: A\n    name: x\n  - id: B\n    players: [1, 2]\n",
    "a:\n  b:\n    - c: [d, {e: f}]\n      g: ~\n  h: 'i'\nj: [k, [l, [m]]]\n",
    "a: " + "[" * 31 + "]" * 31 + "\n", "a: " + "[" * 32 + "]" * 32 + "\n", "a: " + "{b: " * 40 + "1" + "}" * 40 + "\n",
    "a: {b: 1, b: 2}\n", "- a\n- a\n", "a:\n- 1\n- [2, 3]\nb: {c: [4]}\n", "a: x\n\n\nb:\n\n  - y\n",
]


def _tree(value):
    """The value with its type and lines, as a comparable structure (nan as a token)."""
    if isinstance(value, dict):
        return ("map", type(value).__name__, value.line, [(_tree(k), value.lines[k], _tree(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("seq", type(value).__name__, value.line, list(value.lines), [_tree(v) for v in value])
    if isinstance(value, float) and math.isnan(value):
        return ("nan",)
    return (type(value).__name__, value)


def _outcome(text, file="f.yaml"):
    try:
        doc = parse_yaml(text, file)
    except YamlLoadError as exc:
        return ("refused", [(p.message, p.where.file, p.where.line, p.code, p.hint) for p in exc.problems])
    return ("read", _tree(doc.data))


def _full_loader(monkeypatch):
    monkeypatch.setattr(yamlio, "_plain_tree", lambda *a: yamlio._NOT_PLAIN)


def _outcomes(texts, monkeypatch):
    fast = [_outcome(t) for t in texts]
    with monkeypatch.context() as m:
        _full_loader(m)
        full = [_outcome(t) for t in texts]
    return fast, full


def test_every_text_reads_or_is_refused_as_the_full_loader_does(monkeypatch):
    fast, full = _outcomes(TEXTS, monkeypatch)
    for text, a, b in zip(TEXTS, fast, full):
        assert a == b, text


def test_the_shipped_and_test_yaml_files_read_as_the_full_loader_reads_them(monkeypatch):
    files = [f for folder in ("tournaments", "examples", "tests") for f in sorted((REPO / folder).rglob("*.yaml"))]
    texts = [f.read_bytes() for f in files]
    assert len(texts) > 20
    fast, full = _outcomes(texts, monkeypatch)
    assert fast == full


def test_the_fast_builder_takes_the_plain_files_and_leaves_the_rest(monkeypatch):
    """A plain file is built from the events (the full loader is not asked); a tagged one is not."""
    calls = []
    real = yamlio._plain_tree

    def spy(*a):
        out = real(*a)
        calls.append(out is yamlio._NOT_PLAIN)
        return out

    monkeypatch.setattr(yamlio, "_plain_tree", spy)
    parse_yaml("teams:\n  - {id: A, players: [1, 2]}\nwhen: 2026-11-14\n", "f.yaml")
    with pytest.raises(YamlLoadError):
        parse_yaml("a: !!python/object:os.system {}\n", "f.yaml")
    assert calls == [False, True]


def test_generated_texts_read_as_the_full_loader_reads_them(monkeypatch):
    """Every pair of scalars as key and value, in block and flow style, nested."""
    plain = [s for s in SCALARS if "\n" not in s and not s.startswith(("&", "*", "!"))]
    texts = []
    for i, k in enumerate(plain):
        v = plain[(i * 7) % len(plain)]
        texts.append(f"{k}: {v}\nx:\n  {k}: [{v}, {k}]\n  y: {{{k}: {v}}}\n")
    fast, full = _outcomes(texts, monkeypatch)
    for text, a, b in zip(texts, fast, full):
        assert a == b, text
