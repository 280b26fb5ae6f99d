"""Issue 28: the decimal comma on every Danish page and in `--csv-dialect excel-da` whatever the
language (the play-off's carry-over, §1.1.2.10); a CSV of an empty table is its header row
(`trophy`, `qualification east standings|schedule`, `result pending`)."""

from __future__ import annotations

import re

import pytest

from dbftest import run_dbf

DOTTED = re.compile(r"(?<![\d.§])\d+\.\d+(?![\d.])")   # 0.0, 12.50; not §1.1.2.10, not 2026.10.11


def _cells(csv_text: str) -> list[str]:
    return [c.strip('"') for line in csv_text.lstrip("\ufeff").splitlines() for c in line.split(";")]


@pytest.mark.parametrize("lang", ["en", "da"])
def test_28_1_1_2_10_playoff_csv_excel_da_has_decimal_commas_in_either_language(played_dir, lang):
    r = run_dbf("--dir", str(played_dir), "--lang", lang, "playoff", "1div", "--csv", "--csv-dialect", "excel-da")
    assert r.exit_code == 0, r.stderr
    cells = _cells(r.stdout)
    carry = [c for c in cells if re.fullmatch(r"-?\d+[.,]\d-\-?\d+[.,]\d", c)]
    assert carry, r.stdout
    assert all("," in c and "." not in c for c in carry), carry
    en = run_dbf("--dir", str(played_dir), "playoff", "1div", "--csv")
    assert re.search(r"\d\.\d-\d+\.\d", en.stdout)   # the excel dialect keeps the point


def test_28_1_1_2_10_danish_division_pages_have_decimal_commas(played_dir, tmp_path):
    r = run_dbf("--dir", str(played_dir), "--lang", "da", "publish", "--out", str(tmp_path))
    assert r.exit_code == 0, r.stderr
    for page in sorted(tmp_path.glob("division-*.html")):
        text = re.sub(r"(?s)<(script|style)\b.*?</\1>|<[^>]+>", " ", page.read_text(encoding="utf-8"))
        text = re.sub(r"\b\d\d\.\d\d\b", " ", text)   # clock times: 10.00 is how Danes write 10:00
        assert not DOTTED.findall(text), (page.name, DOTTED.findall(text))


@pytest.mark.parametrize("args, header", [
    (("trophy",), "captain,name,finals,in a row,needs"),
    (("qualification", "east", "standings"), "#,team,name,region,played,IMPs+,IMPs-,VP"),
    (("qualification", "east", "schedule"), "round,match,home,away,IMPs"),
    (("result", "pending"), "match,reason,by,sent,note"),
])
def test_28_an_empty_table_as_csv_is_its_header_row(example, args, header):
    r = run_dbf(*args, "--csv")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.lstrip("\ufeff").splitlines() == [header]


def test_28_1_1_5_2_east_tournament_not_entered_is_a_warning_not_a_failure(example):
    r = run_dbf("qualification", "east", "standings", "--json")
    assert r.exit_code == 0 and r.json["rows"] == []
    assert [w["code"] for w in r.json["warnings"]] == ["state.not-entered"]
