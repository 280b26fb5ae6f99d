"""Issue 28: nothing English for a Danish reader. Under `--lang da` the human output of every
command that reads the season, every page of the site, the printable blank sheet and the YAML
blank sheet's comments (which `dbf notify draw` attaches to a Danish captain's mail) are held to
a list of English words (tests/dbftest.py ENGLISH_WORDS; the `--help` of every command is
tests/cli/test_help_danish.py's). What is code or data is left out: command lines, options,
file names, the sheet's own keys, problem codes, and the names of teams ("Team Storm", "Them")."""

from __future__ import annotations

import html
import re

import pytest

from dbftest import english_words, run_dbf

#: every command that reads the played season, with its human output
READ = [
    ("check",), ("cup", "teams"), ("division", "teams", "1div"), ("division", "fees"),
    ("schedule", "cup", "--round", "4"), ("schedule", "cup", "--round", "9"), ("schedule", "1div"),
    ("standings", "1div"), ("standings", "2div", "--round", "1"), ("playoff", "1div"), ("playoff", "3div"),
    ("up",), ("up", "ODE-1"), ("gp",), ("fees",), ("fees", "ODE-1"), ("division", "fees", "1div"),
    ("deadlines", "--today", "2027-01-10", "--all"), ("distance", "8000", "1050", "--round", "7"),
    ("vp", "12", "--boards", "36"), ("vp", "--boards", "2"), ("imps", "430"), ("log",), ("trophy",),
    ("seating", "C4-001"), ("lot", "list"), ("result", "pending"), ("press", "3"),
    ("press", "2div", "--weekend", "1"), ("result", "blank", "--round", "9", "--dry-run"),
    ("qualification", "east", "standings"), ("serve", "links", "--round", "9"),
]

DATA = re.compile(r"\bTeam [A-ZÆØÅ]\w+|\bThem\b")   # the example's team names and towns


def _words(text: str) -> list[str]:
    return english_words(DATA.sub(" ", text))


def _text_of(page: str) -> str:
    page = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page)
    return html.unescape(re.sub(r"(?s)<[^>]+>", " ", page))


@pytest.mark.parametrize("args", READ, ids=[" ".join(a) for a in READ])
def test_28_human_output_of_every_command_has_no_english(played_dir, args):
    r = run_dbf("--dir", str(played_dir), "--lang", "da", *args)
    assert r.exit_code in (0, 1, 2), r.stderr
    found = _words(r.stdout + "\n" + r.stderr)
    assert not found, (found, r.stdout[:3000], r.stderr[:2000])


def test_28_every_page_of_the_danish_site_has_no_english(played_dir, tmp_path):
    out = tmp_path / "site"
    r = run_dbf("--dir", str(played_dir), "--lang", "da", "publish", "--out", str(out))
    assert r.exit_code == 0, r.stderr
    pages = sorted(out.rglob("*.html"))
    assert len(pages) > 50
    found = {p.name: w for p in pages if (w := _words(_text_of(p.read_text(encoding="utf-8"))))}
    assert not found, found
    numbered = [p.name for p in pages if re.search(r"\bissues? \d", _text_of(p.read_text(encoding="utf-8")), re.I)]
    assert not numbered, numbered   # no issue numbers in anything a user reads


def test_28_the_printable_blank_sheet_is_danish(played_dir, tmp_path):
    """The round's name, the day, the deadline and the crossings as a Dane writes them; the
    segment column says what it is ("Sektion (8 spil)", not "Halvleg" for 5 segments)."""
    r = run_dbf("--dir", str(played_dir), "result", "blank", "--round", "4", "--format", "html", "--out", str(tmp_path))
    assert r.exit_code == 0, r.stderr
    page = (tmp_path / "round-04.html").read_text(encoding="utf-8")
    text = _text_of(page)
    assert not _words(text), _words(text)
    assert "1/32-finale" in text and "1/32 final" not in text
    assert re.search(r"søndag \d+\. februar 2027 kl\. 13\.00", text), text[:800]
    assert not re.search(r"Sunday|\d{4}-\d\d-\d\d", text)
    assert "Halvleg" not in text and "Sektion (8 spil)" in text
    assert "færger: Storebælt" in text and "storebaelt" not in text


def test_28_the_yaml_blank_sheet_comments_are_danish_and_the_sheet_the_same(played_dir, tmp_path):
    """The comments follow the language; the sheet (keys and values) is the same in both."""
    sheets = {}
    for lang in ("en", "da"):
        r = run_dbf("--dir", str(played_dir), "--lang", lang, "result", "blank", "--round", "4", "--out",
                    str(tmp_path / lang))
        assert r.exit_code == 0, r.stderr
        sheets[lang] = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / lang).glob("*.yaml")}
    assert sheets["en"].keys() == sheets["da"].keys() and sheets["en"]

    def data(text):
        return [line.split("#", 1)[0].rstrip() for line in text.splitlines() if not line.startswith("#")]

    for name, da in sheets["da"].items():
        assert data(da) == data(sheets["en"][name])
        comments = "\n".join(line.split("#", 1)[1] for line in da.splitlines() if "#" in line)
        assert not _words(comments), (name, _words(comments), da)
        assert "pokalturneringens 1/32-finale" in da and "sektioner à 8 spil" in da
    ferried = [t for t in sheets["da"].values() if "ferries: [" in t]
    assert ferried and all("Storebælt" in t or "Østersøen" in t or "Kattegat" in t for t in ferried)


def test_28_the_mail_of_a_danish_draw_attaches_the_danish_sheet(played_dir, tmp_path):
    from email import message_from_bytes

    r = run_dbf("--dir", str(played_dir), "--lang", "da", "notify", "draw", "--round", "9", "--out", str(tmp_path))
    assert r.exit_code == 0, r.stderr
    mails = sorted(tmp_path.glob("*.eml"))
    assert mails
    msg = message_from_bytes(mails[0].read_bytes())
    sheet = next(p for p in msg.walk() if (p.get_filename() or "").endswith(".yaml"))
    text = sheet.get_payload(decode=True).decode("utf-8")
    assert text.startswith("# Resultatblanket") and "Udfyld:" in text
    comments = "\n".join(line.split("#", 1)[1] for line in text.splitlines() if "#" in line)
    assert not _words(comments), _words(comments)


def test_28_a_division_match_blank_sheet_is_danish(played_dir, tmp_path):
    """A division match's sheets (§1.1.2.1): YAML comments and the printed page in Danish."""
    import yaml

    sched = yaml.safe_load(run_dbf("--dir", str(played_dir), "schedule", "2div", "--json").stdout)
    match = next(m["id"] for r in sched["rounds"] for m in r["matches"] if m.get("away"))
    for fmt in ("yaml", "html"):
        r = run_dbf("--dir", str(played_dir), "--lang", "da", "result", "blank", match, "--format", fmt,
                    "--out", str(tmp_path / fmt))
        assert r.exit_code == 0, r.stderr
    text = (tmp_path / "yaml" / f"{match}.yaml").read_text(encoding="utf-8")
    comments = "\n".join(line.split("#", 1)[1] for line in text.splitlines() if "#" in line)
    assert "2. division" in comments and "halvlege à" in comments and not _words(comments), comments
    page = _text_of((tmp_path / "html" / f"{match}.html").read_text(encoding="utf-8"))
    assert "2. division" in page and "Halvleg (" in page and not _words(page), page[:1500]


def test_28_a_danish_season_gives_danish_sheets_without_lang(played_dir, tmp_path):
    """``lang = "da"`` in season.toml (seasonlang.py) and neither --lang nor $DBF_LANG: the YAML
    sheets' comments and the printable page are Danish; --lang en still gives English comments,
    and the sheet's data is the same in both."""
    import shutil

    root = tmp_path / "tournaments"
    shutil.copytree(played_dir, root, ignore=shutil.ignore_patterns(".dbf.lock"))
    toml = next(root.glob("*/season.toml"))
    text = toml.read_text(encoding="utf-8")
    toml.write_text(re.sub(r'(?m)^season = "(\d{4}-\d\d)"$', r'season = "\1"\nlang = "da"', text, count=1),
                    encoding="utf-8")
    env = {"DBF_LANG": ""}
    sheets = {}
    for lang, extra in (("season", ()), ("en", ("--lang", "en"))):
        r = run_dbf("--dir", str(root), *extra, "result", "blank", "--round", "4", "--out", str(tmp_path / lang), env=env)
        assert r.exit_code == 0, r.stderr
        sheets[lang] = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / lang).glob("*.yaml")}
    assert sheets["season"] and sheets["season"].keys() == sheets["en"].keys()
    for name, da in sheets["season"].items():
        comments = "\n".join(line.split("#", 1)[1] for line in da.splitlines() if "#" in line)
        assert da.startswith("# Resultatblanket") and not _words(comments), (name, _words(comments))
        assert not sheets["en"][name].startswith("# Resultatblanket")
    r = run_dbf("--dir", str(root), "result", "blank", "--round", "4", "--format", "html", "--out",
                str(tmp_path / "html"), env=env)
    assert r.exit_code == 0, r.stderr
    page = _text_of((tmp_path / "html" / "round-04.html").read_text(encoding="utf-8"))
    assert "1/32-finale" in page and not _words(page), _words(page)
    r = run_dbf("--dir", str(root), "result", "blank", "--round", "4", "--dry-run", env=env)
    assert not _words(r.stdout + r.stderr), (r.stdout, r.stderr)
