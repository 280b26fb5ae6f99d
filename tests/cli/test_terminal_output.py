"""Human output on a terminal (Rich): names are data, never markup or emoji codes."""

import io

from dbfcli.cli.common import Out


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
