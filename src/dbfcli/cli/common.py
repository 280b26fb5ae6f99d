"""What every command shares: global options, the season opened with its lock, errors -> exit
codes. The run's options are ``cli/invocation.py`` (``RUN``), the output (JSON, tables, CSV,
``emit``) ``cli/output.py``.

A noun module looks like this (see ``cup.py``)::

    from .common import JsonOpt, command, load_store, emit

    def register(app: typer.Typer) -> None:
        cup = typer.Typer(help="...", no_args_is_help=True)
        app.add_typer(cup, name="cup")

        @command(cup, "teams")
        def teams(json_: JsonOpt = False):
            \"\"\"The cup's teams ... Example: dbf cup teams --json\"\"\"
            store = load_store()
            ...rule functions...
            emit(doc, human=lambda out: out.table(...))

Exit codes (docs/interface.md): 0 done; 1 a rule of the regulations is broken; 2 usage,
unreadable or malformed file, unknown id; 3 the season is locked. The code is derived from
the problems' ids in one place, :func:`exit_code` (docs/problem-codes.md): :class:`RuleBroken`,
:class:`UsageProblem`, :class:`StoreError`, :func:`fail` and :func:`check` all go through it.
No traceback unless ``DBF_DEBUG=1``.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Callable, Iterable, NoReturn, Sequence

import typer

from ..rules.problems import Msg, Problem, Where
from ..rules.text import shown
from .invocation import CSV_DIALECTS, RUN, Invocation
from .output import print_json, width_limit, wrap_text
if TYPE_CHECKING:   # the store is imported when a command runs, not for --help (issue 29)
    from ..store.season import SeasonStore


# --------------------------------------------------------------------------- state


def reset(**kw: Any) -> None:
    """Start a run afresh (the root callback calls it; tests too). Updates :data:`RUN`
    in place, so ``from .common import RUN`` stays valid."""
    fresh = Invocation(**kw)
    for name in fresh.__struct_fields__:
        setattr(RUN, name, getattr(fresh, name))
    reset_lang()     # what i18n (and publish/) read: they import no CLI


_USAGE_SHOW: list = []


def _danish_usage_errors() -> None:
    """Click's usage errors (``Usage: ...``, ``Error: No such option``) in Danish with ``--lang da``
    (issue 18.5): the usage error class (found through ``typer.BadParameter``, no private import)
    shows its text through :func:`dbfcli.i18n.problem_text`; English is left as click prints it."""
    if _USAGE_SHOW:
        return
    usage_error = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")
    english = usage_error.show
    _USAGE_SHOW.append(english)

    def show(self, file=None) -> None:
        from ..i18n import current_lang, problem_text, t

        if current_lang() != "da":
            return english(self, file)
        out = file or sys.stderr
        ctx = getattr(self, "ctx", None)
        if ctx is not None:
            usage = ctx.get_usage().replace("Usage:", "Brug:", 1)
            hint = ""
            if ctx.command.get_help_option(ctx) is not None:
                hint = f"Se '{ctx.command_path} {ctx.help_option_names[0]}' for hjælp.\n"
            out.write(f"{usage}\n{hint}\n")
        from ._danish import danish_usage

        out.write(f"{t('sev:error')}: {danish_usage(problem_text(self.format_message()))}\n")

    usage_error.show = show


def _json_cb(value: bool) -> bool:
    if value:
        RUN.json = True
    return value


JsonOpt = Annotated[bool, typer.Option("--json", help="Print exactly one JSON document on stdout.",
                                       callback=_json_cb, is_eager=True)]
DryRunOpt = Annotated[bool, typer.Option("--dry-run", help="Show what would change; write nothing.")]
TodayOpt = Annotated[str | None, typer.Option("--today", help="Pretend today is this date (YYYY-MM-DD).")]


def _csv_cb(value: bool) -> bool:
    if value:
        RUN.csv = True
    return value




def _csv_dialect_cb(value: str | None) -> str | None:
    if value is not None:
        if value not in CSV_DIALECTS:
            raise typer.BadParameter(f"{value!r} is not one of {', '.join(CSV_DIALECTS)}",
                                     param_hint="'--csv-dialect'")
        RUN.csv_dialect = value
    return value


CsvOpt = Annotated[bool, typer.Option("--csv", help="Print the table as CSV on stdout (UTF-8 with BOM).",
                                      callback=_csv_cb, is_eager=True)]
CsvDialectOpt = Annotated[str | None, typer.Option(
    "--csv-dialect", metavar="excel|excel-da", callback=_csv_dialect_cb, is_eager=True,
    help="excel: comma and decimal point (default); excel-da: semicolon and decimal comma.")]


def command_line() -> str:
    """The command as typed, for the journal (or who asked through ``dbf serve``:
    :data:`dbfcli.context.ACTOR`)."""
    from ..context import ACTOR

    if ACTOR.get():
        return ACTOR.get()
    args = RUN.argv[1:] if RUN.argv else []
    return "dbf " + " ".join(args)


def load_store(require: bool = True) -> SeasonStore:
    """The season chosen by ``--dir``/``--season`` (docs/interface.md order of precedence),
    locked for the rest of the command BEFORE anything is read from it: exclusively when
    the command writes (``command(..., writes=True)``), shared when it reads, so a reader
    never sees a write or an undo half-way and a writer decides on what it writes over.
    An interrupted write is finished first, and said so (a warning on stderr)."""
    from ..store.season import SeasonStore, resolve_dir, resolve_season

    root = resolve_dir(RUN.dir)
    store = SeasonStore(root, resolve_season(root, RUN.season))
    if not RUN.lang_given:
        _season_lang(store)
    if require:
        store.require()
        from ..store.atomic import in_command

        if not in_command():
            store.settle(RUN.lock_timeout)
        else:
            notes = store.open_for_write(RUN.lock_timeout) if RUN.writing else store.open_for_read(RUN.lock_timeout)
            _print_notes(notes)
    return store


def load_snapshot(require: bool = True):
    """The season of this command as a lazy :class:`dbfcli.store.snapshot.Snapshot`, read
    under the season lock :func:`load_store` takes (issue 13.1): the one way a command reads
    season state; ``.store`` is the store its writes go through."""
    from ..store.snapshot import Snapshot

    return Snapshot(load_store(require))


def _season_lang(store: SeasonStore) -> None:
    """The season's language (``lang = "da"`` at the top of ``season.toml``), when neither
    ``--lang`` nor ``$DBF_LANG`` names one (issue 18.5): store.season.declared_lang."""
    from ..store.season import declared_lang

    lang = declared_lang(store.dir)
    if lang is not None:
        RUN.lang = lang
        reset_lang()


def reset_lang() -> None:
    """Make :data:`RUN`'s language this run's (the context variable i18n reads)."""
    from ..context import LANG

    LANG.set(RUN.lang or "")
    if (RUN.lang or "").lower().startswith("da"):
        _danish_usage_errors()


def _print_notes(notes: list[Problem]) -> None:
    """On stderr (never on stdout: ``--json`` prints one document)."""
    if notes:
        print_problems(notes)


# --------------------------------------------------------------------------- errors
# Problems become an exit code in one place, the application layer's (docs/problem-codes.md).
from ..app.outcome import RuleBroken, UsageProblem, exit_code, fail  # noqa: E402,F401


def write_out(path: Path, data: bytes, what: str = "--out") -> None:
    """Write a file the user named (``--out``, ``--ics``) atomically and never through a symbolic
    link: the file itself a link is refused (exit 2, ``io.link``, issue 16.3; a link there may
    point anywhere, e.g. ``~/.bashrc``). The folders on the way are the user's own path and may be
    links (docs/readings/links.md); a missing one is made."""
    from ..store.atomic import LinkRefused, write_inside

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_inside(path.parent, path.name, data)
    except LinkRefused as exc:
        _link_refused(what, path, exc.target)
    except OSError as exc:
        fail(Msg('cannot write {} {}: {}', what, path, exc.strerror or exc), hint=Msg('{} names a file in a folder',
                                                                            what),
             code="io.cannot-write")


def write_out_folder(folder: Path, files: Sequence[tuple[str, bytes]], what: str = "--out") -> list[Path]:
    """Write ``files`` (name, bytes) into a folder the user named, made when missing: the folder
    itself a symbolic link is refused, and so is a link at any file's name (exit 2, ``io.link``,
    issue 16.3): :func:`dbfcli.store.outfiles.write_out_folder`. Returns the paths written."""
    from ..store.outfiles import write_out_folder as write

    return write(folder, files, what)


def _link_refused(what: str, path: Path, target: str) -> NoReturn:
    fail(Msg('{} {}: refusing to write through the symbolic link {} (-> {})', what, path, path, target),
         hint=Msg('give {} a path that is not a symbolic link, or remove the link', what), where=Where(str(path)),
         code="io.link")


def check(problems: Sequence[Problem], doc: dict | None = None) -> list[Problem]:
    """Raise :class:`RuleBroken` if any problem is an error (exit :func:`exit_code`: 1 for broken
    rules); print and return the warnings."""
    errs = [p for p in problems if p.is_error]
    if errs:
        raise RuleBroken(list(problems), doc)
    warns = [p for p in problems if not p.is_error]
    if warns and not RUN.json:
        print_problems(warns)
    return warns


def command(app: typer.Typer, name: str | None = None, writes: bool | Callable[[dict], bool] = False,
            **kw: Any) -> Callable:
    """``app.command`` that turns dbf's exceptions into exit codes and clean messages.

    ``writes=True``: the command writes the season; :func:`load_store` then takes the season
    lock exclusively before anything is read, and holds it until the command ends (a
    transaction opened without it is refused: ``tests/cli/test_lock_first.py``). A command that
    writes only with some options gives ``writes`` as a function of its arguments
    (``lambda kw: kw["freeze"]``). Every other command holds the lock shared while it runs."""

    def deco(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            from ..store.atomic import LockTimeout
            from ..store.season import StoreError

            scope = _begin(writes(kwargs) if callable(writes) else writes)
            try:
                return fn(*args, **kwargs)
            except typer.Exit:
                raise
            except RuleBroken as exc:
                report(exc.problems, exc.doc)
            except (UsageProblem, StoreError) as exc:
                report(exc.problems)
            except LockTimeout as exc:
                report([Problem.error(None, str(exc), hint=Msg('try again, or raise --lock-timeout'), code="lock.timeout")])
            except KeyboardInterrupt:
                raise typer.Exit(130) from None
            except BrokenPipeError:
                stdout_gone()
            except Exception as exc:  # noqa: BLE001 - the last line of defence: no traceback for users
                if os.environ.get("DBF_DEBUG") == "1":
                    raise
                report([Problem.error(None, Msg('internal error: {}: {}', type(exc).__name__, exc),
                                       hint=Msg('please report it; DBF_DEBUG=1 shows the traceback'),
                                       code="internal.error")])
            finally:
                scope.__exit__(None, None, None)   # the season locks this command held

        from .params import dress

        dress(fn)   # metavars (FILE, DIV, --round N) and shell completion of ids (issue 18.9)
        kw.setdefault("cls", _usage_command_class())
        wrapper.writes = writes  # type: ignore[attr-defined]
        return app.command(name, **kw)(wrapper)

    return deco


_USAGE_CLASS = None


def _usage_command_class():
    """Typer's command class, its usage line written ``dbf cup enter [OPTIONS] FILE``:
    Typer marks a required argument ``{FILE}``, which reads as a set (issue 18.9). Only
    the documented ``collect_usage_pieces`` hook is overridden."""
    global _USAGE_CLASS
    if _USAGE_CLASS is None:
        from typer.core import TyperCommand

        class Command(TyperCommand):
            def collect_usage_pieces(self, ctx):  # type: ignore[override]
                return [p[1:-1] if p.startswith("{") and p.endswith("}") else p
                        for p in super().collect_usage_pieces(ctx)]

        _USAGE_CLASS = Command
    return _USAGE_CLASS


def _begin(writes: bool):
    """A command starts: it writes or not; the season locks it takes are held until it ends."""
    from ..store.atomic import command_scope

    RUN.writing = writes
    scope = command_scope()
    scope.__enter__()
    return scope


def stdout_gone() -> NoReturn:
    """The reader of stdout went away (``dbf up | head -1``): stop quietly, as ``cat`` does.
    What was asked is done; stdout goes to /dev/null so the exit flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):   # no real file descriptor (tests' CliRunner)
        pass
    raise typer.Exit(0)


def report(problems: list[Problem], doc: dict | None = None) -> NoReturn:
    """A refusal on the terminal (or its JSON document), and exit with :func:`exit_code`."""
    from ..app.outcome import refusal_document

    code = exit_code(problems)
    if RUN.json:
        print_json(refusal_document(doc, problems))
    else:
        print_problems(problems)
        n = sum(p.is_error for p in problems)
        if code == 1:
            from ..i18n import count, t

            sys.stderr.write(t("nothing_written", errors=count(n, "error")) + "\n")
    raise typer.Exit(code)


def _excerpt(where: Where | None) -> str:
    """hledger-style: the offending line with its number, when the file is readable."""
    if where is None or where.file is None or where.line is None:
        return ""
    candidates = [Path(where.file)]
    try:
        candidates.append(load_store(require=False).dir / where.file)
    except Exception:  # noqa: BLE001 - an excerpt is a nicety
        pass
    for path in candidates:
        try:
            if path.is_file() and path.stat().st_size < 8 * 1024 * 1024:
                lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
                if 0 < where.line <= len(lines):
                    text = shown(lines[where.line - 1].rstrip()[:160])
                    return f"  {where.line:>4} | {text}\n"
        except OSError:
            continue
    return ""


def print_problems(problems: Iterable[Problem]) -> None:
    """Every problem on stderr: ``file:line: error §rule: message``, the line, the hint.

    With ``--lang da`` everything is Danish: the framing (``fejl``, ``advarsel``, ``tip:``) and
    the message and hint, translated at this edge (:func:`dbfcli.i18n.problem_text`; the problem
    itself, its JSON and its § stay as the rule made them)."""
    from ..i18n import place_text, problem_text, t
    from ..rules.text import shown

    hint = t("hint_label")
    width = width_limit(sys.stderr)   # wrapped to the terminal (or $COLUMNS), issue 18.4

    def say(text: str) -> None:
        text = shown(text, keep="\n")
        sys.stderr.write((wrap_text(text, width) if width and len(text) > width else text) + "\n")

    for p in problems:
        # issue 27: whatever a message echoes (an id, a name, a file name) reaches the terminal
        # with its control characters as visible escapes (rules/text.py shown)
        place = f"{shown(place_text(p.where))}: " if p.where and str(p.where) else ""
        severity = t("sev:" + p.severity) if ("sev:" + p.severity) in _SEVERITIES else p.severity
        say(f"{place}{severity} {p.ids}: {shown(problem_text(p.message))}")
        sys.stderr.write(_excerpt(p.where))
        if p.hint:
            say(f"  {hint}: {shown(problem_text(p.hint))}")


_SEVERITIES = ("sev:error", "sev:warning")
