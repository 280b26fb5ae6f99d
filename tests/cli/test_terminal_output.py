"""Human output on a terminal (Rich): names are data, never markup or emoji codes."""

import io

from dbfcli.cli.output import Out


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _terminal_out(monkeypatch) -> tuple[Out, _Terminal]:
    screen = _Terminal()
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.delenv("DBF_PLAIN", raising=False)
    out = Out()
    assert not out.plain
    return out, screen


def test_a_team_name_that_looks_like_rich_markup_prints_as_written(monkeypatch):
    out, screen = _terminal_out(monkeypatch)
    out.table("Teams", ["team", "name"], [("ODE-1", "a[/bold]b"), ("KBH-2", "Hansen [Sr] :fire:")])
    text = screen.getvalue()
    assert "a[/bold]b" in text           # markup would have raised MarkupError (a traceback)
    assert "Hansen [Sr] :fire:" in text  # no tag eaten, no emoji substituted


def test_a_message_line_prints_as_written(monkeypatch):
    out, screen = _terminal_out(monkeypatch)
    out.line("player [/i] :smile: moved")
    out.rule("[b]section")
    assert "player [/i] :smile: moved" in screen.getvalue()
    assert "[b]section" in screen.getvalue()


def test_a_table_too_wide_for_the_terminal_keeps_every_value_whole(monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    out, screen = _terminal_out(monkeypatch)
    columns = ["match", "home", "away", "venue", "km", "UP", "date", "time", "why"]
    out.table("Cup round 1", columns, [("C1-001", "GEN-3", "FRB-2", 2820, 9, 1, "2026-12-13", "13:00", "§1.5.5 drawn first")])
    text = screen.getvalue()
    # issue 18.4: the long text is wrapped within its column at spaces; no value is cut
    assert "C1-001" in text and "2026-12-13" in text and "13:00" in text
    assert all(word in text.split() for word in ("§1.5.5", "drawn", "first"))
    assert "…" not in text


def test_a_table_that_fits_is_drawn_by_rich(monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    out, screen = _terminal_out(monkeypatch)
    out.table("GP", ["player", "GP"], [(308048, "2.00")])
    assert "╭" in screen.getvalue() and "308048" in screen.getvalue()
