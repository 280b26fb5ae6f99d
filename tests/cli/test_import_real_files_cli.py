"""Issue 28: every real file of tests/data/real/ (tests/data/README.md: RealBridge, a PBN 1.0
export, rpbridge.net, BBO VuGraph LIN, Ruter) through `dbf result import` into a drawn cup match
whose rosters give the players' full names: each match imports unchanged (after the §1.5.9
refusal of its board count, with the captains' `--agreed-boards`), or is refused with what is
missing named: a board at one table only, a match not played, a pairs event."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

from dbfcli.rules.scoring.teammatch import RosterPlayer, build_match, groups
from dbfcli.store.imports.lin import read_lin
from dbfcli.store.imports.matchfiles import decode
from dbfcli.store.imports.pbn import read_pbn
from dbftest import run_dbf, snapshot
from test_result_import import SEASON, drawn_match

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from test_import_real_files import _roster  # noqa: E402

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
#: the files' players by their full names where the file writes a surname or a handle only
FULL = {"Hamman": "Bob Hamman", "Levin": "Bobby Levin", "Mahmood": "Zia Mahmood", "Martel": "Chip Martel",
        "Meckstroth": "Jeff Meckstroth", "Rodwell": "Eric Rodwell", "Stansby": "Lew Stansby",
        "Weinstein": "Steve Weinstein", "Zimmerm.": "Pierre Zimmermann", "FisherL": "Lotan Fisher",
        "SchwartzO": "Oren Schwartz", "Zia": "Zia Mahmood"}
#: a name no roster fit can take (a given name alone): named with its near candidate, then mapped by
#: --names (the map a TD writes once; the season keeps it)
BY_MAP = {("rpbridge-spingold2014-excerpt.pbn", "Lavazza v Monaco"): "Zia"}
REFUSED = {("realbridge-2021-online-qual-open-r2.pbn", "SWITZERLAND v TURKEY"): "board 20 was played at one table only",
           ("realbridge-2021-online-qual-open-r2.pbn", "ITALY v WALES"): "the match was not played"}


def _full(name: str) -> str:
    """A roster's full name for a file's name: the test's own table, "Gloyer A" -> "Anders Gloyer"."""
    if name in FULL:
        return FULL[name]
    m = re.fullmatch(r"(\w+) ([A-Z])", name)
    if m:
        return f"{m.group(2)}nders {m.group(1)}"
    return name if " " in name else f"Kim {name}"


def _tables(name: str):
    reader = read_lin if name.endswith(".lin") else read_pbn
    return reader(decode((REAL / name).read_bytes()), name)


def _cases():
    out = []
    for f in sorted(p.name for p in REAL.iterdir()):
        if f.startswith("endplay-"):   # the 245-match archive: tests/store/test_import_rpbridge_archive.py
            continue
        tables, _ = _tables(f)
        out += [(f, g) for g in groups(tables)] or [(f, None)]
    return out


def _sides(tables, group):
    """The two teams of a match from who sat where (tests/store/test_import_real_files.py's
    reading: side A is NS at the first table): file name -> "A" or "B"."""
    return {p.name: p.team for p in _roster([t for t in tables if t.group == group])}


def _rosters(example, tmp_path, side: dict[str, str]) -> tuple[RosterPlayer, ...]:
    teams = {t["id"]: t for t in yaml.safe_load((example / SEASON / "cup" / "teams.yaml").read_text())["teams"]}
    out, roster = [], []
    for tid, s, base in (("KBH-1", "A", 500001), ("KBH-3", "B", 600001)):
        names = sorted({_full(n) for n, x in side.items() if x == s})
        players = [{"id": base + i, "name": n} for i, n in enumerate(names)]
        roster += [RosterPlayer(p["id"], p["name"], tid) for p in players]
        out.append({**teams[tid], "players": players, "captain": base})
    f = tmp_path / "rosters.yaml"
    f.write_text(yaml.safe_dump({"teams": out}, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert run_dbf("cup", "enter", f).exit_code == 0
    return tuple(roster)


@pytest.mark.parametrize("name, group", _cases(), ids=[f"{f}:{g}" for f, g in _cases()])
def test_28_each_real_file_imports_unchanged_or_names_what_is_missing(example, tmp_path, name, group):
    drawn_match(example)
    tables, _ = _tables(name)
    args = ["result", "import", REAL / name, "--match", "C1-001", "--out", tmp_path / "s.yaml", "--json"]
    if group is None:   # no team match in the file: a pairs event is said to be one
        r = run_dbf(*args)
        assert r.exit_code == 2 and [e["code"] for e in r.json["errors"]] == ["format.import"]
        assert "Pairs event" in r.json["errors"][0]["message"] and "not a team match" in r.json["errors"][0]["message"]
        return
    roster = _rosters(example, tmp_path, _sides(tables, group))
    if (name, group) in BY_MAP:
        handle = BY_MAP[name, group]
        r = run_dbf(*args, "--pick", group)
        assert r.exit_code == 2 and r.json["errors"][0]["code"] == "unknown.player"
        player = next(p for p in roster if p.name == FULL[handle])
        assert f"near: {player.id} {player.name}" in r.json["errors"][0]["message"]
        (tmp_path / "names.yaml").write_text(f"names: {{{handle!r}: {player.id}}}\n", encoding="utf-8")
        assert run_dbf(*args, "--pick", group, "--names", tmp_path / "names.yaml", "--dry-run").exit_code in (0, 1)
        args = [*args, "--names", tmp_path / "names.yaml"]
    before = snapshot(example)
    r = run_dbf(*args, "--pick", group)
    if (name, group) in REFUSED:
        assert r.exit_code == 2 and REFUSED[name, group] in r.json["errors"][0]["message"], r.json
        assert not (tmp_path / "s.yaml").exists() and snapshot(example) == before
        return
    assert r.exit_code == 1 and {e["rule"] for e in r.json["errors"]} == {"1.5.9"}, r.json   # not round 1's 40 boards
    boards = r.json["boards"]
    r = run_dbf(*args, "--pick", group, "--agreed-boards", str(boards))
    assert r.exit_code == 0, r.json
    known = {BY_MAP[name, group]: next(p.id for p in roster if p.name == FULL[BY_MAP[name, group]])} \
        if (name, group) in BY_MAP else None
    expected, problems = build_match([t for t in tables if t.group == group], "KBH-1", "KBH-3", roster, 8, group, known)
    assert problems == [] and r.json["imps"] == list(expected.imps)
    assert all(sum(p["boards"] for p in side) == 4 * boards for side in r.json["players"].values())   # §1.5.14
    after = snapshot(example)
    if (name, group) in BY_MAP:   # the map is kept in the season (one journaled write), nothing else
        kept = {k for k in after if k not in before}
        assert "2026-27/imports/names.yaml" in kept and all(k.startswith(("2026-27/imports/", "2026-27/journal/"))
                                                           for k in kept)
        after = {k: v for k, v in after.items() if k not in kept}
    assert (tmp_path / "s.yaml").exists() and after == before   # an import records nothing
