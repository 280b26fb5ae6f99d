"""``--help`` and usage lines in Danish: the command tree dressed in the words of
:mod:`dbfcli.cli._help_da` when the run's language is Danish (``--lang da``, ``$DBF_LANG``
or the season's ``lang = "da"``).

English is never touched: the tree is dressed only for a Danish run, so ``dbf --help``
stays byte for byte what it was. What is dressed:

* each command's ``help`` and ``short_help`` and each parameter's ``help``, looked up by
  the English text (a help text without a Danish one fails tests/cli/test_help_danish.py);
* the usage line and headings (``Brug:``, ``Tilvalg``, ``Kommandoer``), the ``[default:
  ...]`` and ``[required]`` marks, the help option's own line and the metavars (``FIL``,
  ``HOLD``, ``KAMP``) through a formatter of the command's context class (Click's
  documented ``Context.formatter_class`` hook).

Help never opens the season: the season's language is found by :func:`season_lang`, a line
scan of ``dbf.toml`` and ``season.toml`` (no store module; `dbf --help` start-up,
tests/cli/test_startup_imports.py)."""

from __future__ import annotations

import os
import re

from ._help_da import HEADINGS, HELP, MARKS, METAVARS, TYPE_WORDS

_METAVAR = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, METAVARS), key=len, reverse=True)) + r")(?![\w-])")


def danish_metavars(text: str) -> str:
    """``[OPTIONS] FILE...`` -> ``[TILVALG] FIL...``: each metavar word of a usage line or an
    option's term; option names (``--round``) and values in quotes are left alone."""
    return _METAVAR.sub(lambda m: METAVARS[m.group(1)], text)


def danish_usage(message: str) -> str:
    """A usage error already in Danish words (i18n.problem_text) with its metavars and Click's
    type names in Danish too: "argumentet 'FIL' mangler", "'x' er ikke et gyldigt heltal i
    intervallet"."""
    for english, danish in TYPE_WORDS.items():
        message = message.replace(f"gyldigt {english}.", f"gyldigt {danish}.")
    return danish_metavars(message)


def danish_help(text: str | None) -> str | None:
    """The Danish of one English help text (the text unchanged when it has none: the test
    names every one missing)."""
    if not text:
        return text
    return HELP.get(text, text)


def _danish_row(row: tuple[str, str]) -> tuple[str, str]:
    term, text = row
    for english, danish in MARKS.items():
        text = text.replace(english, danish)
    return danish_metavars(term), text


def _formatter_class():
    from typer._click.formatting import HelpFormatter  # noqa: PLC0415 - Click's formatter, vendored by Typer

    class DanishFormatter(HelpFormatter):
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, danish_metavars(args), "Brug: " if prefix is None else prefix)

        def write_heading(self, heading: str) -> None:
            super().write_heading(HEADINGS.get(heading, heading))

        def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
            super().write_dl([_danish_row(r) for r in rows], col_max, col_spacing)

    return DanishFormatter


def dress_in_danish(command) -> None:
    """Dress a Click command and every command under it in Danish (in place)."""
    import typer

    formatter = _formatter_class()

    class DanishContext(typer.Context):
        formatter_class = formatter

    _dress(command, DanishContext, set())


def _dress(command, context_class, seen: set[int]) -> None:
    if id(command) in seen:
        return
    seen.add(id(command))
    command.context_class = context_class
    command.help = danish_help(command.help)
    command.short_help = danish_help(command.short_help)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = danish_help(param.help)
    for sub in getattr(command, "commands", {}).values():
        _dress(sub, context_class, seen)


# --------------------------------------------------------------------------- the language
def season_lang(args: list[str]) -> str:
    """The language the season of this command line declares, or ``""``
    (:func:`dbfcli.seasonlang.guess_lang`: no store module, nothing validated)."""
    from ..seasonlang import guess_lang

    def given(flag: str, env: str) -> str:
        value = next((args[i + 1] for i, a in enumerate(args[:-1]) if a == flag), None)
        return value or os.environ.get(env, "")

    return guess_lang(given("--dir", "DBF_DIR"), given("--season", "DBF_SEASON"))
