"""Issue 27 (a fuzzer case cheap enough for 10,000): `dbf check` reads the recorded division
matches once, not once for each of its twelve readers of a division's results; every other
command, and a write (which reads them before and after), still reads them afresh."""

from __future__ import annotations

from dbfcli.store.divisions import results as divresults
from dbfcli.store.checks import run_checks
from dbfcli.store.season import SeasonStore
from dbftest import run_dbf


def _listings(monkeypatch) -> list[str]:
    seen: list[str] = []
    real = SeasonStore.list

    def counted(self, folder, suffix=".yaml"):
        if folder == divresults.MATCHES:
            seen.append(folder)
        return real(self, folder, suffix)

    monkeypatch.setattr(SeasonStore, "list", counted)
    return seen


def test_27_check_lists_the_division_matches_once(example, monkeypatch):
    seen = _listings(monkeypatch)
    problems = run_checks(SeasonStore(example, "2026-27"))
    assert not [p for p in problems if p.is_error]
    assert seen == [divresults.MATCHES]


def test_27_outside_check_each_read_reads_the_folder(example, monkeypatch):
    store = SeasonStore(example, "2026-27")
    seen = _listings(monkeypatch)
    divresults.load_div_results(store, "1div")
    divresults.load_div_results(store, "1div")
    assert len(seen) == 2
    with divresults.read_once(store):
        divresults.load_div_results(store, "1div")
        divresults.load_div_results(store, "2div")
    assert len(seen) == 3


def test_27_check_still_names_a_broken_division_match(example):
    (example / "2026-27" / "divisions" / "matches").mkdir(parents=True, exist_ok=True)
    (example / "2026-27" / "divisions" / "matches" / "1div-R01-01.yaml").write_text("schema: 1\nmatch: [\n")
    r = run_dbf("check", "--json")
    assert r.exit_code == 2
    assert [(e["code"], e["file"]) for e in r.json["errors"]] == [("format.yaml", "divisions/matches/1div-R01-01.yaml")]
