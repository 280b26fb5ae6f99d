"""`--csv` opened in a real spreadsheet (issue 18.2, 16.4): LibreOffice Calc, headless,
imports each CSV as a TD would (``excel``: comma, English; ``excel-da``: semicolon, Danish),
saves it as ODS, and the cells are read back from the ODS: names with æøå exactly as
entered, numbers as numbers (a float cell, not text), and no cell a formula.

LibreOffice comes from Debian's ``libreoffice-calc`` (``.ci/install-libreoffice``); when it
is not installed the test SKIPS loudly, it never passes silently. One ``soffice`` run per
dialect converts every file at once, the two runs side by side.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import zipfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from dbftest import run_dbf

REPO = Path(__file__).resolve().parents[2]
SEASON = "2026-27"
TEAM_NAME = "Holm & Høj æøå ÆØÅ"
HOSTILE = "Bo Holm;=cmd|' /C calc'!A0"      # issue 16.4: a separator, then a formula
DEFUSED = "Bo Holm;'=cmd|' /C calc'!A0"

#: command -> (a column that must hold numbers, a text that must be in some cell)
COMMANDS = {
    "standings": (["standings", "1div"], "vp", TEAM_NAME),
    "division-teams": (["division", "teams", "1div"], "club", TEAM_NAME),
    "vp": (["vp", "--boards", "16"], "winner", None),
    "cup-teams": (["cup", "teams"], "club", None),
    "fees": (["division", "fees", "1div"], "total", None),
}
#: The CSV import filter of LibreOffice: separator, text delimiter, UTF-8 (76), first line 1,
#: default column types, the language that reads the numbers (MS LCID: 1033 en-US, 1030 da-DK).
FILTERS = {"excel": "CSV:44,34,76,1,,1033", "excel-da": "CSV:59,34,76,1,,1030"}
NS = {"table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
      "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
      "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0"}


def soffice() -> str:
    exe = shutil.which("soffice") or shutil.which("libreoffice")
    if not exe:
        pytest.skip("!!! LIBREOFFICE IS NOT INSTALLED: the spreadsheet test did NOT run. "
                    "Run .ci/install-libreoffice (apt-get install libreoffice-calc) !!!")
    return exe


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    exe = soffice()
    base = tmp_path_factory.mktemp("csvsheet")
    root = base / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    path = root / SEASON / "divisions" / "1div.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["teams"][0]["name"] = TEAM_NAME
    doc["teams"][1]["name"] = HOSTILE
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    procs, out = [], {}
    for dialect, infilter in FILTERS.items():
        folder = base / dialect
        folder.mkdir()
        files = []
        for name, (args, _, _) in COMMANDS.items():
            r = run_dbf("--dir", root, *args, "--csv", "--csv-dialect", dialect)
            assert r.exit_code == 0, r.stderr
            raw = r.stdout.encode("utf-8")
            assert raw.startswith(b"\xef\xbb\xbf"), f"{name}: no byte-order mark"
            (folder / f"{name}.csv").write_bytes(raw)
            files.append(str(folder / f"{name}.csv"))
        profile = (base / f"profile-{dialect}").as_uri()
        procs.append(subprocess.Popen(
            [exe, f"-env:UserInstallation={profile}", "--headless", "--norestore", "--convert-to", "ods",
             f"--infilter={infilter}", "--outdir", str(folder / "ods"), *files],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=dict(os.environ, HOME=str(base))))
    for p in procs:
        try:
            p.wait(timeout=180)
        except subprocess.TimeoutExpired:
            p.kill()
            pytest.fail("soffice did not finish in 180 s")
    for dialect in FILTERS:
        out[dialect] = {name: read_ods(base / dialect / "ods" / f"{name}.ods") for name in COMMANDS}
    return out


def read_ods(path: Path) -> list[list[tuple[str | None, str]]]:
    """The sheet's rows: each cell as (value type, text); ``float`` for a number."""
    assert path.exists(), f"LibreOffice wrote no {path.name}"
    root = ET.fromstring(zipfile.ZipFile(path).read("content.xml"))
    t, o = "{%s}" % NS["table"], "{%s}" % NS["office"]
    rows = []
    for row in root.iter(t + "table-row"):
        cells = []
        for c in row.iter(t + "table-cell"):
            n = min(int(c.get(t + "number-columns-repeated", "1")), 64)
            text = "\n".join("".join(p.itertext()) for p in c.iter("{%s}p" % NS["text"]))
            if c.get(t + "formula"):
                text = "FORMULA:" + c.get(t + "formula")
            cells += [(c.get(o + "value-type"), text)] * n
        while cells and cells[-1] == (None, ""):
            cells.pop()
        if cells:
            rows.append(cells)
    return rows


@pytest.mark.parametrize("dialect", list(FILTERS))
@pytest.mark.parametrize("name", list(COMMANDS))
def test_18_2_csv_opens_in_libreoffice_with_names_and_numbers(converted, dialect, name):
    rows = converted[dialect][name]
    _, number_column, must_have = COMMANDS[name]
    header = [text for _, text in rows[0]]
    assert number_column in header, header
    i = header.index(number_column)
    body = [r for r in rows[1:] if len(r) > i and r[i][1] != ""]
    assert body, f"{name}: no rows"
    assert all(r[i][0] == "float" for r in body), f"{name} {dialect}: {number_column} not numeric: {body[:3]}"
    texts = {text for r in rows for _, text in r}
    if must_have:
        assert must_have in texts, f"{name} {dialect}: {must_have!r} not read back"
    assert not any(x.startswith("FORMULA:") for x in texts)


def test_16_4_a_name_with_a_separator_and_a_formula_is_one_text_cell(converted):
    """16.4: a team named `Bo Holm;=cmd|...` is one text cell in either import, defused."""
    for dialect in FILTERS:
        for name in ("division-teams", "standings"):
            rows = converted[dialect][name]
            assert all(len(r) <= len(rows[0]) for r in rows), f"{dialect} {name}: a row was split"
            column = [text for _, text in rows[0]].index("name")
            assert [r for r in rows if r[column] == ("string", DEFUSED)], f"{dialect} {name}: {rows[:3]}"


def test_16_4_decimal_vp_are_numbers_in_both_dialects(converted):
    """`vp --boards 16`: 10.31 / 10,31 arrive as the number 10.31 in either import."""
    for dialect in FILTERS:
        rows = converted[dialect]["vp"]
        assert rows[2][1] == ("float", "10.31") or rows[2][1] == ("float", "10,31"), rows[2]
