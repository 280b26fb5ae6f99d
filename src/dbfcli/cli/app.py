"""The root ``dbf`` app: global options, and the noun modules assembled.

Every module of this package that defines ``register(app)`` is a noun
(``cup``, ``division``, ``draw`` ...) and is registered here; the root only
assembles them (the huggingface_hub ``hf`` pattern).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
from typing import Annotated, Optional

import typer

from .. import __version__
from . import common

ATTRIBUTION = "Postcode data © GeoNames, CC BY 4.0 (https://www.geonames.org)"

app = typer.Typer(
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
        typer.echo(f"dbf {__version__}\n{ATTRIBUTION}")
        raise typer.Exit()


@app.callback()
def root(
    dir: Annotated[Optional[str], typer.Option("--dir", help="Tournaments folder (else $DBF_DIR, else ./tournaments).")] = None,
    season: Annotated[Optional[str], typer.Option("--season", help="Season, e.g. 2026-27 (else $DBF_SEASON, dbf.toml, newest).")] = None,
    json_: Annotated[bool, typer.Option("--json", help="Exactly one JSON document on stdout.")] = False,
    lock_timeout: Annotated[float, typer.Option("--lock-timeout", help="Seconds to wait for another dbf's lock (then exit 3).")] = 10.0,
    lang: Annotated[str, typer.Option("--lang", help="Language of messages: en or da (else $DBF_LANG).")] = "",
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="Version and data attribution.")] = False,
) -> None:
    """Global options; see `dbf COMMAND --help` for each command."""
    common.reset(dir=dir, season=season, json=json_, lock_timeout=lock_timeout,
                 lang=lang or os.environ.get("DBF_LANG", "en"), argv=list(sys.argv))


def _register_all() -> None:
    package = importlib.import_module(__package__)
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name in ("app", "common") or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__package__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(app)


_register_all()


def main(argv: list[str] | None = None) -> None:
    """Console entry point ``dbf``."""
    common.reset(argv=["dbf", *(argv if argv is not None else sys.argv[1:])])
    try:
        app(args=argv, prog_name="dbf")
    except SystemExit:
        raise
    except Exception as exc:  # noqa: BLE001 - usage errors are handled by click; this is the last guard
        if os.environ.get("DBF_DEBUG") == "1":
            raise
        sys.stderr.write(f"error: internal error: {type(exc).__name__}: {exc}\n  hint: DBF_DEBUG=1 shows the traceback\n")
        sys.exit(2)
