"""Hand edits of a season's state files, drawn from a seeded ``random.Random`` (issues 16, 27).

One call of :func:`mutate` is one edit of one file as a TD might make it by hand -- a value
replaced (wrong types, huge or odd numbers, control characters, YAML tags, deep nesting), a key
dropped, a line doubled, dropped or cut, the file re-encoded (Latin-1, cp1252, UTF-16, a BOM,
CRLF or old-Mac CR line ends), a byte flipped, a CSV file as a Danish spreadsheet saves it. The
same seed gives the same edit, whatever process draws it (bench/fuzz_state.py runs its cases in
several processes and reports a failing case by its seed and number).
"""

from __future__ import annotations

import copy
import math
import random

import yaml

#: characters a hand edit or a copy-paste brings in, by kind (one kind drawn per character)
_POOLS = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.",
    "ÆØÅæøåéüöß",
    "\x00\x01\x07\x08\t\n\r\x0b\x0c\x1b\x7f\x85",
    "\u2028\u2029\u202e\u202d\u200b\u200f\ufeff\u00a0\u0301",
    "٣١٢٠۹०",
    "漢字🂡♠♥€–“”",
    ":#-[]{}&*!|>'\"%@`,?=;\\/",
)
_SAMPLED = ("", "x", "5000", "C1-001\n", "ODE-1\n", "٣", "١٢٣٤", "2026-27\n", "=cmd|' /C calc'!A0", "\x00",
            "\u202e", "ÆØÅ", "-1", "1e400", "../..", "x" * 200)
DATES = ("2026-11-31", "2026-02-30", "9999-12-31", "0001-01-01", "2026-12-13T25:00:00",
         "2026-12-13T10:00:00+25:00", "13:61", "24:00", "tomorrow")
#: YAML text dropped in for a value: tags, deep nesting, what a hand edit may hold
YAML_VALUES = (
    "!!set {a, b}", "!!omap [a: 1]", "!!pairs [a: 1]", "!!bool maybe", "!!int x", "!!timestamp x", "!!float x",
    "!!binary AAAA", "!!str", "2026-11-31", "2026-12-13 25:00:00", "2026-12-13T10:00:00+25:00", ".inf", "-.inf",
    ".nan", "0x1F", "0o17", "1_000", "13:00", "1:30:00", "~", "[]", "{}", "'", '"', "&a 1", "*a", "<<: {a: 1}",
    "[" * 40 + "]" * 40, "{a: " * 40 + "1" + "}" * 40, "[" * 300 + "]" * 300, "- " * 50 + "x",
    "9" * 400, "-" + "9" * 40, "1e999", "! x", "!<tag:yaml.org,2002:python/none> x", "? [1, 2]\n  : 3",
)
TOML_VALUES = (
    "-1", "0", "inf", "-inf", "nan", "1e400", "99999999999999999999", "9223372036854775808", '"x"', '""',
    "[]", "[inf]", "[-1]", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]", "{}", "true", "2026-11-31", "9999-12-31",
    "0001-01-01", "1979-05-27T07:32:00Z", "07:32:00", '"2026-13-01"', '"٢٠٢٦-12-13"', '"2026-27\\n"', "'''x'''",
    "[[1]]", '{ a = 1 }', "0x10", "1_0", "+1",
)
CSV_VALUES = ("", "x", "272,5", "272.5", "-1", "1001", "inf", "nan", "1e3", "٣٧٠٠", "3700\n", "0000", "99999",
              '"3700"', '"a;b"', "=cmd|' /C calc'!A0", "3700;4600", " 300 ")
#: libyaml's safe loader and dumper where PyYAML has them (a case reads and writes a 200-team file)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_GARBAGE_LINES = ("\x00\n", "\t:\n", "- [\n", "[x\n", "= 1\n", "a = = 1\n", "? [1]\n")
_ENCODINGS = ("latin-1", "cp1252", "utf-16", "utf-16-le", "bom", "crlf", "cr", "bom-crlf", "flip", "nul", "empty",
              "truncate-utf8")


def text(rng: random.Random, max_size: int = 20) -> str:
    return "".join(rng.choice(rng.choice(_POOLS)) for _ in range(rng.randint(0, max_size)))


def scalar(rng: random.Random):
    """None, a boolean, an integer up to 10**30, a float (NaN and the infinities too), a text."""
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice((None, True, False))
    if kind == 1:
        return rng.choice((rng.randint(-10, 100), rng.randint(-(10**30), 10**30), 2**63, -(2**63), 0))
    if kind == 2:
        return rng.choice((math.nan, math.inf, -math.inf, 0.0, -0.0, 1e308, 5e-324, rng.uniform(-1e6, 1e6)))
    if kind == 3:
        return text(rng)
    return rng.choice(_SAMPLED + DATES)


def value(rng: random.Random):
    """What a structural edit puts in a value's place: a scalar, a list or a mapping of them."""
    kind = rng.randrange(5)
    if kind == 0:
        return [scalar(rng) for _ in range(rng.randint(0, 3))]
    if kind == 1:
        return {text(rng, 5): scalar(rng) for _ in range(rng.randint(0, 3))}
    return scalar(rng)


def paths(doc, prefix=(), first: int | None = 8):
    """Every path into a nested dict/list document (of each list its ``first`` items: enough of
    a teams file's 200; None: all)."""
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, prefix + (k,), first)
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:first]):
            out += paths(v, prefix + (i,), first)
    return out


def set_at(doc, path, new, delete=False):
    """A copy of ``doc`` with the value at ``path`` replaced by ``new`` (or deleted)."""
    doc = copy.deepcopy(doc)
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return doc


def _lines(rng: random.Random, text_: str, values) -> str:
    lines = text_.splitlines(keepends=True) or [""]
    i = rng.randrange(len(lines))
    kind = rng.choice(("value", "value", "value", "value", "dup", "drop", "cut", "garbage"))
    line = lines[i]
    if kind == "value":
        sep = "=" if "=" in line else ":"
        head, found, _ = line.partition(sep)
        lines[i] = f"{head}{sep} {values(rng)}\n" if found else f"{line.rstrip()} {values(rng)}\n"
    elif kind == "dup":
        lines.insert(i, line)
    elif kind == "drop":
        del lines[i]
    elif kind == "cut":
        return "".join(lines)[: rng.randint(0, len(text_))]
    else:
        lines[i] = rng.choice(_GARBAGE_LINES + (line.replace(":", ""), line.replace("=", ""), line.lstrip(),
                                                "  " + line))
    return "".join(lines)


def encoding(rng: random.Random, data: bytes) -> bytes:
    text_ = data.decode("utf-8", "replace")
    kind = rng.choice(_ENCODINGS)
    if kind in ("latin-1", "cp1252"):
        return (text_ + "# ÆØÅ æøå € – “x”\n").encode(kind, "replace")
    if kind in ("utf-16", "utf-16-le"):
        return text_.encode(kind)
    if kind in ("bom", "bom-crlf"):
        return b"\xef\xbb\xbf" + (data.replace(b"\n", b"\r\n") if kind == "bom-crlf" else data)
    if kind in ("crlf", "cr"):
        return data.replace(b"\n", b"\r\n" if kind == "crlf" else b"\r")
    if kind == "flip" and data:
        i = rng.randrange(len(data))
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
    if kind == "nul":
        return data[: len(data) // 2] + b"\x00" + data[len(data) // 2:]
    if kind == "truncate-utf8":
        at = data.find(b"\xc3")
        return data[: at + 1] if at >= 0 else data[:-1]
    return b""


def _csv(rng: random.Random, text_: str) -> bytes:
    """A CSV file as a Danish spreadsheet saves it (';' and decimal commas, cp1252, CRLF), or one
    cell or line changed."""
    kind = rng.choice(("danish", "cell", "cell", "line", "encoding"))
    rows = text_.splitlines()
    if kind == "danish":
        out = "\r\n".join(r.replace(",", ";") for r in rows).replace("272", "272,4") + "\r\n"
        return out.encode(rng.choice(("utf-8", "utf-8-sig", "cp1252")), "replace")
    if kind == "encoding":
        return encoding(rng, text_.encode("utf-8"))
    i = rng.randrange(len(rows))
    if kind == "line":
        rows.insert(i, rng.choice(("", ",", "3700", "3700,4600", rows[i], rows[i] + ",extra,cols")))
    else:
        cells = rows[i].split(",")
        cells[rng.randrange(len(cells))] = rng.choice(CSV_VALUES)
        rows[i] = ",".join(cells)
    return ("\n".join(rows) + "\n").encode("utf-8", "surrogatepass")


def _yaml_value(rng: random.Random) -> str:
    return rng.choice(YAML_VALUES + DATES)


def mutate(rng: random.Random, data: bytes, rel: str) -> tuple[bytes, str]:
    """One hand edit of the file ``rel`` whose bytes are ``data``: the new bytes and the kind of
    edit ("encoding", "csv", "toml lines", "yaml lines", "yaml structure")."""
    how = rng.choice(("structure", "structure", "lines", "lines", "lines", "encoding"))
    if how == "encoding":
        return encoding(rng, data), how
    text_ = data.decode("utf-8")
    if rel.endswith(".csv"):
        return _csv(rng, text_), "csv"
    if rel.endswith(".toml"):
        return _lines(rng, text_, lambda r: r.choice(TOML_VALUES)).encode("utf-8", "surrogatepass"), "toml lines"
    if how == "lines":
        return _lines(rng, text_, _yaml_value).encode("utf-8", "surrogatepass"), "yaml lines"
    try:
        doc = yaml.load(text_, Loader=_LOADER)
    except yaml.YAMLError:
        doc = None
    found = paths(doc)
    if not found:
        return _lines(rng, text_, _yaml_value).encode("utf-8", "surrogatepass"), "yaml lines"
    path = rng.choice(found)
    doc = set_at(doc, path, None, delete=True) if rng.randrange(5) == 0 else set_at(doc, path, value(rng))
    return yaml.dump(doc, Dumper=_DUMPER, allow_unicode=True, sort_keys=False).encode("utf-8", "surrogatepass"), "yaml structure"
