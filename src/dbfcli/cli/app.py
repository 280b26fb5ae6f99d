"""The root ``dbf`` app: global options, and the noun modules assembled.

Every module of this package that defines ``register(app)`` is a noun
(``cup``, ``division``, ``draw`` ...) and is registered here; the root only
assembles them (the huggingface_hub ``hf`` pattern).
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Annotated, Optional

import typer

from .. import __version__
from . import common

ATTRIBUTION = "Postcode data © GeoNames, CC BY 4.0 (https://www.geonames.org)"

_APP_SETTINGS = dict(
    name="dbf",
    help=(
        "dbf: the tournament director's toolkit for Danish team bridge (DBF): the cup "
        "(§1.5) and the divisions (§1.1).\n\n"
        "Example: dbf --dir tournaments cup teams"
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        if common.RUN.json or "--json" in common.RUN.argv[1:]:   # eager: --json may come after it
            common.print_json({"version": __version__, "attribution": ATTRIBUTION})
        else:
            typer.echo(f"dbf {__version__}\n{ATTRIBUTION}")
        raise typer.Exit()


LANGUAGES = ("en", "da")


def _lang(value: str) -> str:
    """``--lang``: one of :data:`LANGUAGES`; anything else is a usage error (exit 2)."""
    if value and value.lower() not in LANGUAGES:
        raise typer.BadParameter(f"{value!r} is not one of: {', '.join(LANGUAGES)}", param_hint="'--lang'")
    return value.lower()


def root(
    dir: Annotated[Optional[str], typer.Option("--dir", help="Tournaments folder (else $DBF_DIR, else ./tournaments).")] = None,
    season: Annotated[Optional[str], typer.Option("--season", help="Season, e.g. 2026-27 (else $DBF_SEASON, dbf.toml, newest).")] = None,
    json_: Annotated[bool, typer.Option("--json", help="Exactly one JSON document on stdout.",
                                        callback=common._json_cb, is_eager=True)] = False,
    lock_timeout: Annotated[float, typer.Option("--lock-timeout", help="Seconds to wait for another dbf's lock (then exit 3).")] = 10.0,
    lang: Annotated[str, typer.Option("--lang", metavar="en|da", callback=_lang,
                                      help="Language of what people read: en or da (else $DBF_LANG, else lang in season.toml).")] = "",
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="Version and data attribution.")] = False,
) -> None:
    """Global options; see `dbf COMMAND --help` for each command."""
    if not lock_timeout >= 0:   # negative: filelock would wait for ever; nan: it raises
        raise typer.BadParameter(f"{lock_timeout:g} is not a number of seconds (0 or more)",
                                 param_hint="'--lock-timeout'")
    common.reset(dir=dir, season=season, json=json_, lock_timeout=lock_timeout,
                 lang=lang or os.environ.get("DBF_LANG") or _SEASON_LANG[0] or "en",
                 lang_given=bool(lang or os.environ.get("DBF_LANG")),
                 argv=list(sys.argv))


def _dress_root() -> None:
    from .params import dress

    dress(root)   # --dir DIR, --season SEASON, --lock-timeout SECONDS (issue 18.9)


_dress_root()
_full = typer.Typer(**_APP_SETTINGS)
_full.callback()(root)
_full_registered = False


def full_app() -> typer.Typer:
    """The app with every command registered (tests, `dbf --help`, completion)."""
    global _full_registered
    if not _full_registered:
        _register(_full, noun_modules())
        _full_registered = True
    return _full


def __getattr__(name: str):
    if name == "app":  # `from dbfcli.cli.app import app`: the full app
        return full_app()
    raise AttributeError(name)


#: top-level command -> the module that registers it. `dbf NOUN ...` imports only that
#: module (start-up); `dbf --help` and unknown words import them all.
#: tests/cli/test_app.py checks this map against what the modules register.
NOUNS: dict[str, str] = {
    "check": "check", "cup": "cup", "deadlines": "deadlines", "distance": "distance",
    "division": "division", "draw": "draw", "fees": "ledger", "gp": "ledger", "imps": "vp",
    "init": "init", "log": "log", "lot": "lot", "notify": "notify", "playoff": "playoff", "press": "press",
    "export": "export", "publish": "publish", "qualification": "qualification", "result": "result", "schedule": "schedule",
    "season": "season", "serve": "serve",
    "seating": "seating", "standings": "standings", "system": "system", "travel": "travel",
    "trophy": "trophy", "undo": "undo", "up": "ledger", "vp": "vp",
}
_GLOBAL_WITH_VALUE = ("--dir", "--season", "--lock-timeout", "--lang")


def noun_modules() -> list[str]:
    """Every module of this package that registers commands."""
    import pkgutil  # only for the full app (`dbf --help`, completion, tests)

    package = importlib.import_module(__package__)
    return [m.name for m in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name)
            if m.name not in ("app", "common") and not m.name.startswith("_")]


def _register(target: typer.Typer, modules) -> None:
    for name in modules:
        module = importlib.import_module(f"{__package__}.{name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(target)


def _new_app() -> typer.Typer:
    new = typer.Typer(**_APP_SETTINGS)
    new.callback()(root)
    return new


def build_app(argv: list[str] | None = None) -> typer.Typer:
    """The app with every noun, or only the one ``argv`` asks for (fast start-up)."""
    noun = _noun(argv or [])
    if noun is not None and noun in NOUNS:
        target = _new_app()
        _register(target, [NOUNS[noun]])
        return target
    return full_app()


def _noun(argv: list[str]) -> str | None:
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg in _GLOBAL_WITH_VALUE:
            skip = True
        elif not arg.startswith("-"):
            return arg
        elif arg in ("--help", "-h", "--version") or arg.startswith("--install-completion") or \
                arg.startswith("--show-completion"):
            return None
    return None


def _root_help_command():
    """``dbf --help``: the root group with each top-level command as a stub carrying its help
    (``root_help.COMMANDS``, generated from the full app by tools/gen_docs.py), so the help
    lists every command without importing their modules (issue 29). The output is the full
    app's, byte for byte (tests/cli/test_app.py)."""
    import typer.main
    from typer.core import TyperCommand

    from .root_help import COMMANDS

    group = typer.main.get_command(_new_app())
    for name, help_text, short_help, hidden in COMMANDS:
        group.add_command(TyperCommand(name, help=help_text, short_help=short_help, hidden=hidden))
    return group


def _wants_root_help(args: list[str]) -> bool:
    """Only ``--help``/``-h`` with global options, nothing else that needs the real commands."""
    return _noun(args) is None and any(a in ("--help", "-h") for a in args) and \
        not any(a == "--json" or a.startswith(("--install-completion", "--show-completion", "--version"))
                for a in args)


#: the language the season declares, found before the command line is parsed (``main``)
_SEASON_LANG = [""]


def in_language(target, lang: str):
    """The Click command of ``target``, its help and usage in Danish when ``lang`` is Danish
    (cli/_danish.py); in English the command exactly as Typer builds it."""
    import typer.main

    command = typer.main.get_command(target) if isinstance(target, typer.Typer) else target
    if lang.lower().startswith("da"):
        from ._danish import dress_in_danish

        dress_in_danish(command)
    return command


def _first_lang(args: list[str]) -> str:
    """The language before the command line is parsed: click's usage errors (an unknown command)
    and ``--help`` come before the root callback sets it. ``--lang``, else ``$DBF_LANG``, else the
    season's (kept for the root callback; the season read later has the last word)."""
    _SEASON_LANG[0] = ""
    lang = next((args[i + 1] for i, a in enumerate(args[:-1]) if a == "--lang"), None) or os.environ.get("DBF_LANG", "")
    if not lang:
        from ._danish import season_lang

        lang = _SEASON_LANG[0] = season_lang(args)
    return lang


def main(argv: list[str] | None = None) -> None:
    """Console entry point ``dbf``."""
    args = list(argv if argv is not None else sys.argv[1:])
    lang = _first_lang(args)
    common.reset(argv=["dbf", *args], lang=lang if lang.lower() in LANGUAGES else "")
    if os.environ.get("_DBF_COMPLETE") or os.environ.get("_TYPER_COMPLETE_ARGS"):
        target = build_app(None)  # shell completion needs every command
    elif _wants_root_help(args):
        target = _root_help_command()
    else:
        target = build_app(args)
    target = in_language(target, lang)
    try:
        if "--json" in args:
            _run_json(target, args)
        else:
            target(args=args, prog_name="dbf")
    except SystemExit:
        raise
    except BrokenPipeError:   # `dbf --help | head -1`: the reader went away
        try:
            common.stdout_gone()
        except typer.Exit:
            sys.exit(0)
    except Exception as exc:  # noqa: BLE001 - usage errors are handled by click; this is the last guard
        if os.environ.get("DBF_DEBUG") == "1":
            raise
        from ..i18n import t

        sys.stderr.write(f"{t('sev:error')}: internal error: {type(exc).__name__}: {exc}\n"
                         f"  {t('hint_label')}: DBF_DEBUG=1 shows the traceback\n")
        sys.exit(2)


def _run_json(target: typer.Typer, args: list[str]) -> None:
    """With ``--json`` a usage error (unknown command or option, bad value, missing
    argument) is one JSON document on stdout too (docs/interface.md), exit 2."""
    try:
        rv = target(args=args, prog_name="dbf", standalone_mode=False)
    except Exception as exc:  # click's UsageError, recognised by its interface (no private import)
        if getattr(exc, "exit_code", None) == 2 and hasattr(exc, "format_message"):
            from ..rules.problems import Problem

            problem = Problem.error(None, exc.format_message(), code="usage.command-line")
            common.print_json({"ok": False, "errors": [problem.to_json()], "warnings": []})
            sys.exit(2)
        if type(exc).__name__ == "Abort":
            sys.exit(1)
        raise
    sys.exit(rv if isinstance(rv, int) else 0)
