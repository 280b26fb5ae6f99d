"""Issue 28: `--help` and the usage line of every command in Danish under `--lang da`, `DBF_LANG=da`
or a season whose season.toml says `lang = "da"`; English help unchanged; no issue number in any
help a user reads.

The help is made the way `dbf` makes it (cli/app.py main: the command tree dressed from
cli/_help_da.py), so each `--help` here is the one a TD sees."""

from __future__ import annotations

import re

import pytest
import typer.main

from dbfcli.cli import _help_da
from dbfcli.cli.app import full_app, main
from dbftest import english_words


def _tree():
    out = []

    def walk(command, path):
        out.append((path, command))
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            walk(sub, (*path, name))

    walk(typer.main.get_command(full_app()), ())
    return out


TREE = _tree()
COMMANDS = [path for path, _ in TREE]


def _help_texts():
    for path, command in TREE:
        for text in (command.help, command.short_help):
            if text:
                yield " ".join(path) or "dbf", text
        for param in command.params:
            if getattr(param, "help", None):
                yield f"{' '.join(path)} {param.name}", param.help


def _prose(help_text: str) -> str:
    """The help without the names in its list of commands (they are typed as they are)."""
    head, _, commands = help_text.partition("Kommandoer:\n")
    return head + "\n".join(re.sub(r"^  \S+", "", line) for line in commands.splitlines())


def _run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out = capsys.readouterr()
    return done.value.code or 0, out.out, out.err


def test_28_every_help_text_has_its_danish():
    """A help text (command or option) without Danish in cli/_help_da.py fails here, so an
    English help changed without its Danish is caught at once; and no Danish is kept for a
    help text that is no more."""
    texts = dict((text, where) for where, text in _help_texts())
    missing = {where: text[:60] for text, where in texts.items() if text not in _help_da.HELP}
    assert not missing, missing
    stale = [text[:60] for text in _help_da.HELP if text not in texts]
    assert not stale, stale


def test_28_no_issue_number_in_any_help():
    """What a user reads never names the tracker's issues ("(issue 19; docs/serve.md)")."""
    found = [(where, text[:60]) for where, text in _help_texts()
             if re.search(r"\bissues? \d", text) or re.search(r"\bissues? \d", _help_da.HELP.get(text, ""))]
    assert not found, found


@pytest.mark.parametrize("path", COMMANDS, ids=[" ".join(p) or "dbf" for p in COMMANDS])
def test_28_help_of_every_command_is_danish(capsys, path):
    code, out, err = _run(capsys, "--lang", "da", *path, "--help")
    assert code == 0, err
    assert out.startswith("Brug: dbf"), out[:200]
    assert "Tilvalg:" in out and "Vis denne hjælp, og afslut." in out
    assert not english_words(_prose(out)), (english_words(_prose(out)), out)
    code, en, _ = _run(capsys, "--lang", "en", *path, "--help")
    assert en.startswith("Usage: dbf") and "Options:" in en and en != out


def test_28_danish_short_help_does_not_stop_at_an_abbreviation(capsys):
    """Click cuts a command's one-line help at the first word ending in '.': "pr." or "3." of
    the Danish would end it mid-sentence in the list of commands."""
    for path, command in TREE:
        if not getattr(command, "commands", None):
            continue
        _, out, _ = _run(capsys, "--lang", "da", *path, "--help")
        rows = out.split("Kommandoer:\n", 1)[1].splitlines()
        cut = [r for r in rows if re.search(r"\b(pr|nr|fx|kl|\d+)\.$", r.strip())]
        assert not cut, cut


def test_28_english_help_is_what_typer_makes(capsys):
    """English is never dressed: `dbf COMMAND --help` is Typer's own help of the full app."""
    for path in (("result", "import"), ("draw",), ("fees",)):
        _, fast, _ = _run(capsys, *path, "--help")
        with pytest.raises(SystemExit):
            typer.main.get_command(full_app()).main([*path, "--help"], prog_name="dbf")
        assert fast == capsys.readouterr().out


def test_28_usage_errors_are_danish(capsys):
    code, out, err = _run(capsys, "--lang", "da", "result", "import")
    assert code == 2 and err.startswith("Brug: dbf result import [TILVALG] FIL"), err
    assert "for hjælp" in err and "Usage" not in err


def test_28_the_season_language_makes_the_help_danish(capsys, tmp_path, monkeypatch):
    """A season whose season.toml says lang = "da" has Danish help and usage errors, found without
    reading the season (dbf --help imports no store module: tests/cli/test_startup_imports.py);
    --lang en still wins."""
    for var in ("DBF_LANG", "DBF_SEASON", "DBF_DIR"):
        monkeypatch.delenv(var, raising=False)
    root = tmp_path / "tournaments"
    (root / "2027-28").mkdir(parents=True)
    (root / "2027-28" / "season.toml").write_text('lang = "da"\n\n[cup]\n', encoding="utf-8")
    (root / "2026-27").mkdir()
    (root / "dbf.toml").write_text('current = "2027-28"\n', encoding="utf-8")
    _, out, _ = _run(capsys, "--dir", str(root), "--help")
    assert out.startswith("Brug: dbf") and "Kommandoer:" in out
    _, out, _ = _run(capsys, "--dir", str(root), "draw", "cup", "--help")
    assert "Træk lod om pokalens runde N" in out
    code, _, err = _run(capsys, "--dir", str(root), "draw", "cup", "--nope")
    assert code == 2 and "ukendt indstilling" in err, err
    _, out, _ = _run(capsys, "--dir", str(root), "--lang", "en", "--help")
    assert out.startswith("Usage: dbf")
    (root / "dbf.toml").write_text('current = "2026-27"\n', encoding="utf-8")   # a season without lang
    _, out, _ = _run(capsys, "--dir", str(root), "--help")
    assert out.startswith("Usage: dbf")
    monkeypatch.setenv("DBF_LANG", "da")
    _, out, _ = _run(capsys, "--dir", str(root), "--help")
    assert out.startswith("Brug: dbf")


@pytest.mark.parametrize("args", [("result", "import"), ("schedule", "cup", "--round", "x"), ("vp", "--boards", "2.5"),
                                  ("draw", "cup", "--round", "12"), ("nosuch",), ("cup", "enter", "a", "b"),
                                  ("result", "submit", "--nope"), ("system", "register", "X-1")])
def test_28_usage_errors_of_commands_have_no_english(capsys, args):
    """Click's usage errors under --lang da: the usage line's metavars, the message, Click's name
    of a value's type ("int range"), all Danish."""
    code, _, err = _run(capsys, "--lang", "da", *args)
    assert code == 2 and err.startswith("Brug: dbf"), err
    message = err.split("\n\n", 1)[-1]
    assert message.startswith("fejl: ") and not english_words(message), (english_words(message), err)
    assert not re.search(r"\b(FILE|TEAM|MATCH|int range|integer)\b", err), err


def test_28_danish_help_marks_placeholders_and_width(capsys, monkeypatch):
    """Click's combined mark ("[1<=x<=9; required]") is Danish too; the placeholders in the prose
    are the Danish metavars of the usage line (MAPPE, SÆSON, VÆRT:PORT, KAMP, HOLD); every line
    of every command's Danish help fits 80 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    for path in COMMANDS:
        _, out, _ = _run(capsys, "--lang", "da", *path, "--help")
        assert "required]" not in out, (path, out)
        assert not re.search(r"\b(DIR|SEASON|HOST:PORT|MATCH|TEAM)\b", out), (path, out)
        assert max(map(len, out.splitlines())) <= 80, (path, out)
