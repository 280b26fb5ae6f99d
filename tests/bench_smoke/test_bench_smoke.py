"""The benchmarks of issue 9 (bench/run.py, bench/bench_draw.py, tools/make_large_season.py)
run on small sizes so that they cannot rot, and the parse cache (store/cache.py) gives back
exactly what the YAML parser gave. No timing is asserted here: bench/run.py reports times."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

from dbftest import run_dbf_process
from dbfcli.store import cache
from dbfcli.store.yamlio import LineDict, LineList, parse_yaml

REPO = Path(__file__).resolve().parents[2]


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench():
    return _load("dbf_bench_run", REPO / "bench" / "run.py")


def test_draw_rows_small(bench):
    rows = bench.draw_rows(ci=True, sizes=(300,))
    assert [r.case for r in rows[1:]] == ["draw round 1, 300 teams"]
    assert rows[1].median > 0 and rows[1].verdict in ("pass", "over target", "FAIL (gross)")


def test_startup_rows_run_every_command(bench, tmp_path):
    rows = bench.startup_rows(tmp_path, runs=1, ci=True)
    cases = {r.case: r for r in rows if r.median is not None}
    assert {"dbf --help", "dbf standings 2div", "dbf up", "dbf check", "dbf result check SHEET"} <= set(cases)
    # every command exited as expected (a crash would read "exit N")
    assert [r.case for r in cases.values() if r.note.startswith("exit")] == []
    assert all(r.rss and r.rss > 0 for r in cases.values())
    table = bench.render(rows, 1)
    assert "dbf result check SHEET" in table and "baseline" in table


def test_large_season_generator_is_consistent(bench, tmp_path):
    """A small season with every match recorded passes `dbf check` (the synthetic draws and
    sheets are in the formats the store reads), and the state rows measure it."""
    rows = bench.state_rows(tmp_path, 60, runs=1, ci=True)
    assert [r.note for r in rows if r.median is not None] == ["", "", ""]
    assert all(r.cpu_ratio is not None for r in rows if r.median is not None)
    folder = tmp_path / "large-60"
    assert (folder / "trophy.yaml").is_file()
    assert len(list((folder / "2026-27" / "cup" / "matches").glob("*.yaml"))) >= 55
    env = dict(os.environ, DBF_CACHE_DIR="off", PYTHONPATH=str(REPO / "src"))
    for args in (["check"], ["trophy"]):   # consistent state; one final a season (§1.5.1)
        out = run_dbf_process("--dir", folder, *args, env=env)
        assert out.returncode == 0, out.stdout + out.stderr


def test_gross_regression_only_beyond_three_times_target(bench):
    Row = bench.Row
    assert Row("x", 0.2, 0.1, 2.0, 1.5).verdict == "over target"
    assert not Row("x", 0.2, 0.1, 2.0, 1.5).gross
    assert Row("x", 0.5, 0.1, 5.0, 1.5).gross
    assert Row("x", 0.1, 0.1, 1.0, 1.5, rss=200, rss_limit=60).gross
    assert Row("x", 0.1, 0.1, 1.0, 1.5, note="exit 2").gross


# --------------------------------------------------------------------------- the parse cache
def _same(a, b):
    assert type(a) is type(b), (a, b)
    if isinstance(a, dict):
        assert list(a) == list(b) and a.lines == b.lines and a.line == b.line
        for k in a:
            _same(a[k], b[k])
    elif isinstance(a, list):
        assert len(a) == len(b) and a.lines == b.lines and a.line == b.line
        for x, y in zip(a, b):
            _same(x, y)
    else:
        assert a == b


@pytest.mark.parametrize("text", [
    "schema: 1\nteams:\n  - id: A\n    players: [{id: 1, boards: 40}, {id: 2}]\n  - id: B\n",
    "a: 2026-12-13\nb: 2026-12-13T20:00:00\nc: 2026-12-13T20:00:00+01:00\nn: null\nf: 1.5\nt: true\n7: [1, [2, []], {}]\n",
    "- 1\n- [a, b]\n- {x: {y: {z: [1]}}}\n",
    "hello\n",
    "",
])
def test_cache_gives_back_what_the_parser_gave(tmp_path, monkeypatch, text):
    monkeypatch.setenv("DBF_CACHE_DIR", str(tmp_path / "cache"))
    season = tmp_path / "season"
    season.mkdir()
    f = season / "f.yaml"
    f.write_text(text)
    doc = parse_yaml(text, "f.yaml")
    st = f.read_bytes()
    assert cache.load(season, "f.yaml", st) is None
    cache.save(season, "f.yaml", st, doc)
    back = cache.load(season, "f.yaml", st)
    assert back is not None and back.file == "f.yaml"
    _same(doc.data, back.data)
    if isinstance(doc.data, LineDict | LineList):
        assert back.line(*([0] if isinstance(doc.data, list) else [next(iter(doc.data))])) == \
            doc.line(*([0] if isinstance(doc.data, list) else [next(iter(doc.data))]))
    f.write_text(text + "# changed\n")  # any change to the file misses the cache
    assert cache.load(season, "f.yaml", f.read_bytes()) is None


@pytest.mark.parametrize("text", ["2026-12-13: a date key\n", "big: 123456789012345678901234567890\n"])
def test_cache_skips_what_msgpack_cannot_give_back(tmp_path, monkeypatch, text):
    monkeypatch.setenv("DBF_CACHE_DIR", str(tmp_path / "cache"))
    f = tmp_path / "f.yaml"
    f.write_text(text)
    st = f.read_bytes()
    cache.save(tmp_path, "f.yaml", st, parse_yaml(text, "f.yaml"))
    assert cache.load(tmp_path, "f.yaml", st) is None


def test_cache_off_and_corrupt_files(tmp_path, monkeypatch):
    f = tmp_path / "f.yaml"
    f.write_text("a: 1\n")
    st = f.read_bytes()
    monkeypatch.setenv("DBF_CACHE_DIR", "off")
    cache.save(tmp_path, "f.yaml", st, parse_yaml("a: 1\n", "f.yaml"))
    assert cache.load(tmp_path, "f.yaml", st) is None
    monkeypatch.setenv("DBF_CACHE_DIR", str(tmp_path / "cache"))
    target = cache.cache_path(tmp_path, "f.yaml")
    target.parent.mkdir(parents=True)
    for junk in (b"", b"\xc1", b"\x92\x94\x02\x01\x02\x03\xc0", os.urandom(64)):
        target.write_bytes(junk)
        assert cache.load(tmp_path, "f.yaml", st) is None


def test_fuzz_input_reads_hypothesis_statistics_and_failures():
    """bench/fuzz_input.py's figures from a pytest log: cases of the generate phases, failing
    tests classed by their output (issue 27's counts)."""
    fuzz = _load("dbf_bench_fuzz_input", REPO / "bench" / "fuzz_input.py")
    log = ("  - during generate phase (12.5 seconds):\n    - 40 passing, 0 failing, and 3 invalid test cases\n"
           "  - during generate phase (3.0 seconds):\n    - 9 passing, 1 failing, and 0 invalid test cases\n"
           "_____ test_result_sheets_never_crash[check] _____\nAssertionError: internal error: TypeError\n"
           "_____ test_season_toml_never_crashes _____\nassert 3 in (1, 2)\n"
           "FAILED tests/reliability/test_fuzz.py::test_result_sheets_never_crash[check]\n"
           "FAILED tests/reliability/test_fuzz.py::test_season_toml_never_crashes\n")
    f = fuzz.figures(log)
    assert (f["cases"], f["tests"], f["internal"], f["traceback"], f["other_failures"]) == (50, 2, 1, 0, 1)
    assert sum(len(names) for names in fuzz.split(2)) == len(fuzz.TESTS)


def test_fuzz_state_runs_a_few_cases_and_merges_jobs(tmp_path, capsys):
    fuzz = _load("dbf_bench_fuzz_state", REPO / "bench" / "fuzz_state.py")
    assert fuzz.main(["--cases", "3", "--seed", "1", "--json", str(tmp_path / "f.json")]) == 0
    import json

    doc = json.loads((tmp_path / "f.json").read_text())
    assert doc["cases"] == 3 and doc["commands"] >= 6 and set(doc["counts"].values()) == {0}
    both = fuzz.merged([doc, doc])
    assert both["cases"] == 6 and both["exit_codes"] == {k: 2 * v for k, v in doc["exit_codes"].items()}
    assert "cases/s" in capsys.readouterr().out
