"""The state-file fuzzer of issue 16 (used by test_fuzz_state.py and bench/fuzz.sh).

A season with every kind of state file (teams, additions, schedule, contacts, draws, recorded
cup and division matches, travel claims, division files, the play-off, the systems registry and
cards, season.toml, dbf.toml, journal entries) is built once by real commands. Each case then
edits ONE of its files as a TD might by hand -- a value replaced, a key dropped, a line doubled
or cut, the file re-encoded (Latin-1, cp1252, UTF-16, a BOM, CRLF or old-Mac CR line ends),
bytes flipped -- and runs a command on it. The promises checked:

- the exit code is 0, 1 or 2 (3 is the lock, which no case holds);
- no traceback and no "internal error", on stdout or stderr;
- `dbf check` on a season it rejects names the edited file;
- a writing command that is refused leaves the season byte-for-byte as it was.
"""

from __future__ import annotations

import copy
import os
import shutil
import sys
from pathlib import Path

import yaml
from hypothesis import strategies as st

from dbftest import run_dbf, snapshot

REPO = Path(__file__).resolve().parents[2]
SEASON = "2026-27"
sys.path.insert(0, str(REPO / "tests" / "cli"))


# --------------------------------------------------------------------------- the season
def build_season(root: Path) -> dict:
    """A copy of the example season played far enough that every kind of state file exists.
    Returns facts the commands need (a drawn match, its teams, a valid sheet)."""
    from divkit import HALVES, write_results
    from test_result import cup_teams, sheet_text

    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    season = root / SEASON

    def ok(*args):
        r = run_dbf("--dir", root, *args, internal_error_expected=True)   # the caller judges
        assert r.exit_code == 0, (args, r.stdout, r.stderr)
        return r

    ok("schedule", "1div", "--freeze")
    order = write_results(root)
    ok("playoff", "1div", "choose", order["1div"][2], "--today", "2027-02-25")
    ok("playoff", "1div", "result", "1div-SF1", *HALVES)
    ok("draw", "cup", "--round", "1", "--seed", "7")
    matches = ok("schedule", "cup", "--round", "1", "--json").json["matches"]
    teams = cup_teams(root)
    first, second = matches[0], matches[1]
    text = sheet_text(first["id"], teams[first["home"]], teams[first["away"]], 1, up=first["up"])
    sheet = root.parent / "sheet.yaml"
    sheet.write_text(text, encoding="utf-8")
    ok("result", "submit", sheet, "--now", "2026-12-14T09:00")
    text2 = sheet_text(second["id"], teams[second["home"]], teams[second["away"]], 1, up=second["up"])
    sheet2 = root.parent / "sheet2.yaml"
    sheet2.write_text(text2, encoding="utf-8")
    ok("schedule", "cup", "set", second["id"], "--date", "2026-12-12", "--time", "14:00")
    ok("cup", "add-player", second["home"], "--round", "1", "--id", "990001", "--name", "Eva Berg")
    home = teams[first["home"]]
    a, b = home["players"][0]["id"], home["players"][1]["id"]
    ok("system", "register", first["home"], REPO / "examples" / "systems" / "strong-pass.yaml", "--pair", a, b,
       "--sent", "2026-11-01")
    ok("travel", "claim", first["id"], "--team", first["away"], "--zones", "20")
    captains = [t["captain"] for t in list(teams.values())[:3]]
    (season / "cup" / "contacts.yaml").write_text(
        "schema: 1\ncontacts:\n" + "".join(f"  {c}: captain{c}@example.dk\n" for c in captains), encoding="utf-8")
    (season / "distances.csv").write_text("from,to,km,note\n3700,4600,272,Rønne-Køge ferry and road\n"
                                          "8000,1050,300,route planner 2026-09-04\n", encoding="utf-8")
    assert run_dbf("--dir", root, "check").exit_code == 0
    return {"match": first["id"], "open_match": second["id"], "home": first["home"], "away": first["away"],
            "open_home": second["home"], "sheet2": sheet2, "order": order}


def state_files(root: Path) -> list[str]:
    """Every file a TD may hand-edit, relative to ``root`` (the season's and dbf.toml)."""
    out = ["dbf.toml"]
    for p in sorted((root / SEASON).rglob("*")):
        if p.is_file() and p.name != ".dbf.lock" and not p.name.startswith(".") and "site" not in p.parts:
            out.append(str(p.relative_to(root)))
    return out


def kind_of(rel: str) -> str:
    """The kind of a state file: its folder for per-item folders (matches, draws, journal...),
    else its name (``teams.yaml``, ``season.toml``), divisions' team files as one kind."""
    parts = Path(rel).parts
    if len(parts) > 3 or parts[-2:-1] in (("draws",), ("travel",), ("journal",), ("cards",)):
        return "/".join(parts[1:-1])
    if len(parts) == 3 and parts[1] == "divisions" and not parts[2].startswith(("playoff", "schedule-")):
        return "divisions/<div>.yaml"
    if len(parts) == 3 and parts[2].startswith("schedule-"):
        return "divisions/schedule-<div>.yaml"
    return "/".join(parts[1:]) or rel


def kinds(files: list[str]) -> dict[str, list[str]]:
    """The state files by kind (a case draws a kind, then a file of it: every kind alike)."""
    out: dict[str, list[str]] = {}
    for f in files:
        out.setdefault(kind_of(f), []).append(f)
    return out


def restore(root: Path, snap: dict[str, bytes]) -> None:
    """Put the folder back byte for byte: files rewritten, files added since removed."""
    for rel in set(snapshot(root)) - set(snap):
        (root / rel).unlink()
    for rel, data in snap.items():
        p = root / rel
        try:
            if p.read_bytes() == data:
                continue
        except OSError:
            p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)


# --------------------------------------------------------------------------- mutations
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20),
    st.sampled_from(["", "x", "5000", "C1-001\n", "ODE-1\n", "٣", "١٢٣٤", "2026-27\n", "=cmd|' /C calc'!A0",
                     "\x00", "\u202e", "ÆØÅ", "-1", "1e400", "../..", "x" * 200]),
)
dates = st.sampled_from(["2026-11-31", "2026-02-30", "9999-12-31", "0001-01-01", "2026-12-13T25:00:00",
                         "2026-12-13T10:00:00+25:00", "13:61", "24:00", "tomorrow"])
#: YAML text dropped in for a value: tags, deep nesting, what a hand edit may hold
yaml_values = st.sampled_from([
    "!!set {a, b}", "!!omap [a: 1]", "!!pairs [a: 1]", "!!bool maybe", "!!int x", "!!timestamp x", "!!float x",
    "!!binary AAAA", "!!str", "2026-11-31", "2026-12-13 25:00:00", "2026-12-13T10:00:00+25:00", ".inf", "-.inf",
    ".nan", "0x1F", "0o17", "1_000", "13:00", "1:30:00", "~", "[]", "{}", "'", '"', "&a 1", "*a", "<<: {a: 1}",
    "[" * 40 + "]" * 40, "{a: " * 40 + "1" + "}" * 40, "[" * 300 + "]" * 300, "- " * 50 + "x",
    "9" * 400, "-" + "9" * 40, "1e999", "! x", "!<tag:yaml.org,2002:python/none> x", "? [1, 2]\n  : 3",
])
toml_values = st.sampled_from([
    "-1", "0", "inf", "-inf", "nan", "1e400", "99999999999999999999", "9223372036854775808", '"x"', '""',
    "[]", "[inf]", "[-1]", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]", "{}", "true", "2026-11-31", "9999-12-31",
    "0001-01-01", "1979-05-27T07:32:00Z", "07:32:00", '"2026-13-01"', '"٢٠٢٦-12-13"', '"2026-27\\n"', "'''x'''",
    "[[1]]", '{ a = 1 }', "0x10", "1_0", "+1",
])


def _paths(doc, prefix=()):
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:8]):   # the first items are enough (a teams file has 200)
            out += _paths(v, prefix + (i,))
    return out


def _set(doc, path, value, delete=False):
    doc = copy.deepcopy(doc)
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return doc


def _lines_mutation(draw, text: str, values) -> str:
    lines = text.splitlines(keepends=True) or [""]
    i = draw(st.integers(0, len(lines) - 1))
    kind = draw(st.sampled_from(["value", "value", "value", "value", "dup", "drop", "cut", "garbage"]))
    line = lines[i]
    if kind == "value":
        sep = "=" if "=" in line else ":"
        head, found, _ = line.partition(sep)
        if found:
            lines[i] = f"{head}{sep} {draw(values)}\n"
        else:
            lines[i] = f"{line.rstrip()} {draw(values)}\n"
    elif kind == "dup":
        lines.insert(i, line)
    elif kind == "drop":
        del lines[i]
    elif kind == "cut":
        return "".join(lines)[: draw(st.integers(0, len(text)))]
    else:
        lines[i] = draw(st.sampled_from(["\x00\n", "\t:\n", "- [\n", "[x\n", "= 1\n", "a = = 1\n", "? [1]\n",
                                         line.replace(":", ""), line.replace("=", ""), line.lstrip(), "  " + line]))
    return "".join(lines)


def _encoding_mutation(draw, data: bytes) -> bytes:
    text = data.decode("utf-8", "replace")
    kind = draw(st.sampled_from(["latin-1", "cp1252", "utf-16", "utf-16-le", "bom", "crlf", "cr", "bom-crlf",
                                 "flip", "nul", "empty", "truncate-utf8"]))
    if kind in ("latin-1", "cp1252"):
        return (text + "# ÆØÅ æøå € – “x”\n").encode(kind, "replace")
    if kind in ("utf-16", "utf-16-le"):
        return text.encode(kind)
    if kind == "bom":
        return b"\xef\xbb\xbf" + data
    if kind == "crlf":
        return data.replace(b"\n", b"\r\n")
    if kind == "cr":
        return data.replace(b"\n", b"\r")
    if kind == "bom-crlf":
        return b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n")
    if kind == "flip" and data:
        i = draw(st.integers(0, len(data) - 1))
        return data[:i] + bytes([draw(st.integers(0, 255))]) + data[i + 1:]
    if kind == "nul":
        return data[: len(data) // 2] + b"\x00" + data[len(data) // 2:]
    if kind == "truncate-utf8":
        at = data.find("Æ".encode()) if "Æ".encode() in data else data.find(b"\xc3")
        return data[: at + 1] if at >= 0 else data[:-1]
    return b""


csv_values = st.sampled_from(["", "x", "272,5", "272.5", "-1", "1001", "inf", "nan", "1e3", "٣٧٠٠", "3700\n",
                              "0000", "99999", '"3700"', '"a;b"', "=cmd|' /C calc'!A0", "3700;4600", " 300 "])


def _csv_mutation(draw, text: str) -> bytes:
    """A CSV file as a Danish spreadsheet saves it (';' and decimal commas, cp1252, CRLF), or one
    cell or line changed."""
    kind = draw(st.sampled_from(["danish", "cell", "cell", "line", "encoding"]))
    rows = text.splitlines()
    if kind == "danish":
        out = "\r\n".join(r.replace(",", ";") for r in rows).replace("272", "272,4") + "\r\n"
        return out.encode(draw(st.sampled_from(["utf-8", "utf-8-sig", "cp1252"])), "replace")
    if kind == "encoding":
        return _encoding_mutation(draw, text.encode("utf-8"))
    i = draw(st.integers(0, len(rows) - 1))
    if kind == "line":
        rows.insert(i, draw(st.sampled_from(["", ",", "3700", "3700,4600", rows[i], rows[i] + ",extra,cols"])))
    else:
        cells = rows[i].split(",")
        cells[draw(st.integers(0, len(cells) - 1))] = draw(csv_values)
        rows[i] = ",".join(cells)
    return ("\n".join(rows) + "\n").encode("utf-8", "surrogatepass")


#: the kind of the last edit drawn ("encoding", "csv", "toml lines", "yaml structure"...): the tally's figures
LAST_EDIT = [""]


@st.composite
def mutation(draw, data: bytes, rel: str) -> bytes:
    """One hand edit of the file ``rel`` whose bytes are ``data``."""
    how = draw(st.sampled_from(["structure", "structure", "lines", "lines", "lines", "encoding"]))
    LAST_EDIT[0] = how if how == "encoding" else ("csv" if rel.endswith(".csv") else
                                                 "toml lines" if rel.endswith(".toml") else f"yaml {how}")
    if how == "encoding":
        return _encoding_mutation(draw, data)
    text = data.decode("utf-8")
    if rel.endswith(".csv"):
        return _csv_mutation(draw, text)
    if rel.endswith(".toml"):
        return _lines_mutation(draw, text, toml_values).encode("utf-8", "surrogatepass")
    if how == "lines":
        return _lines_mutation(draw, text, st.one_of(yaml_values, dates)).encode("utf-8", "surrogatepass")
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError:
        doc = None
    paths = _paths(doc)
    if not paths:
        return _lines_mutation(draw, text, yaml_values).encode("utf-8", "surrogatepass")
    path = draw(st.sampled_from(paths))
    if draw(st.integers(0, 4)) == 0:
        doc = _set(doc, path, None, delete=True)
    else:
        doc = _set(doc, path, draw(st.one_of(scalars, dates, st.lists(scalars, max_size=3),
                                             st.dictionaries(st.text(max_size=5), scalars, max_size=3))))
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False).encode("utf-8", "surrogatepass")


# --------------------------------------------------------------------------- commands
def read_only_commands(facts: dict, out: Path) -> list[tuple[str, ...]]:
    m, home = facts["match"], facts["home"]
    return [
        ("check",), ("check", "--json"), ("cup", "teams"), ("cup", "teams", "--json"), ("division", "teams", "1div"),
        ("division", "fees"), ("schedule", "cup", "--round", "1"), ("schedule", "cup", "--round", "1", "--json"),
        ("schedule", "1div"), ("schedule", "3div-b", "--json"), ("standings", "1div"), ("standings", "2div", "--json"),
        ("up",), ("up", "--json"), ("gp",), ("gp", "--csv"), ("fees",), ("fees", home, "--json"),
        ("deadlines", "--today", "2026-12-10"), ("deadlines", "--today", "2026-12-14", "--json"), ("log",),
        ("log", "--json"), ("trophy",), ("playoff", "1div"), ("playoff", "1div", "--json"), ("seating", m),
        ("result", "check", facts["sheet2"], "--now", "2026-12-14T09:00"),
        ("result", "check", facts["sheet2"], "--now", "2026-12-14T09:00", "--json"),
        ("qualification", "qualifiers"), ("draw", "cup", "--round", "2", "--dry-run", "--seed", "3"),
    ]


def heavy_commands(out: Path) -> list[tuple[str, ...]]:
    """Read-only commands that take a second or more (drawn in one case of ten)."""
    return [("press", "1"),
            ("press", "1div", "--weekend", "1"), ("publish", "--out", str(out / "site"))]


def writing_commands(facts: dict) -> list[tuple[str, ...]]:
    return [
        ("result", "submit", facts["sheet2"], "--now", "2026-12-14T09:00"),
        ("schedule", "cup", "set", facts["open_match"], "--date", "2026-12-11"),
        ("cup", "add-player", facts["open_home"], "--round", "1", "--id", "990002", "--name", "Bo Holm"),
        ("travel", "claim", facts["match"], "--team", facts["home"], "--zones", "12"),
        ("undo",),
        ("draw", "cup", "--round", "2", "--seed", "3"),
        # notify draw records that the draw was sent (cup/notices/, §1.5.16), so it is a writer
        ("notify", "draw", "--round", "1", "--out", str(Path(facts["sheet2"]).parent / "mail")),
    ]


def run(root: Path, args) -> tuple[int, str]:
    env_before = os.environ.get("DBF_DIR")
    try:
        r = run_dbf("--dir", root, *args, internal_error_expected=True)   # the caller judges
    finally:
        if env_before is not None:
            os.environ["DBF_DIR"] = env_before
    return r.exit_code, r.stdout + r.stderr
