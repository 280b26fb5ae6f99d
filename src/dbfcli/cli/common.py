"""What every command shares: global options, the output object, errors -> exit codes.

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

import datetime as dt
import functools
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Callable, Iterable, NoReturn, Sequence

import typer

from ..rules.problems import Msg, Problem, Where
from ..rules.text import shown
from ..rules.value import MutableValue, field
if TYPE_CHECKING:   # the store is imported when a command runs, not for --help (issue 29)
    from ..store.season import SeasonStore


# --------------------------------------------------------------------------- state
class Invocation(MutableValue):
    """Global options of this run (set by the root callback)."""

    dir: str | None = None
    season: str | None = None
    json: bool = False
    lock_timeout: float = 10.0
    lang: str = "en"
    #: the language came from ``--lang`` or ``$DBF_LANG``; else the season's ``lang`` decides
    lang_given: bool = False
    csv: bool = False
    csv_dialect: str = "excel"
    argv: list[str] = field(default_factory=lambda: list(sys.argv))
    #: the running command writes (``command(..., writes=True)``): it takes the season lock
    #: exclusively before it reads anything
    writing: bool = False


RUN = Invocation()


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


#: The CSV dialects: delimiter and decimal mark (issue 18.2).
CSV_DIALECTS = {"excel": (",", "."), "excel-da": (";", ",")}


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


def today(value: str | None = None) -> dt.date:
    """``--today`` when given (tests, cron replays), else the real date."""
    if value:
        from ..rules.dates import RANGE_HINT, date_of

        day = date_of(value)
        if day is None:
            fail(Msg('--today {} is not {}', f'{value!r}', RANGE_HINT), code="usage.option")
        return day
    return dt.date.today()


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


def lock_season(store: SeasonStore, create: bool = True) -> SeasonStore:
    """Take the exclusive lock on another season folder a command writes (``dbf init``, the
    new season of ``season rollover``) before checking it; ``create=False``: no lock (and no
    folder made) when it does not exist (a dry run)."""
    from ..store.atomic import hold

    try:
        hold(store.dir, RUN.lock_timeout, shared=False, create=create)
    except OSError as exc:
        raise store._unwritable(exc) from None
    return store


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
    issue 16.3). Returns the paths written."""
    from ..store.atomic import LinkRefused, write_inside

    if folder.is_symlink():
        _link_refused(what, folder, os.readlink(folder))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in files:
            write_inside(folder, name, data, durable=False)
    except LinkRefused as exc:
        _link_refused(what, folder / exc.link, exc.target)
    except OSError as exc:
        fail(Msg('cannot write {} {}: {}', what, folder, exc.strerror or exc),
             hint=Msg('{} names a folder (created when missing), not a file', what), code="io.cannot-write")
    return [folder / name for name, _ in files]


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


# --------------------------------------------------------------------------- output
def print_json(doc: Any) -> None:
    import json   # only for --json (about 2 ms of start-up otherwise)

    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2, default=_json_default) + "\n")


def _json_default(value: Any) -> Any:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    from fractions import Fraction

    if isinstance(value, Fraction):
        return float(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


class Num:
    """A number in a table: ``Num(1543, 2)`` is 15.43, held exactly as an integer of
    hundredths. Human output shows it with the language's decimal mark (``15,43`` in
    Danish); CSV writes it unquoted as a number in the dialect's decimal form.

    >>> str(Num(1543, 2)), str(Num(-5, 2)), str(Num(7)), Num(1543, 2).text(",")
    ('15.43', '-0.05', '7', '15,43')
    """

    __slots__ = ("units", "places")

    def __init__(self, units: int, places: int = 0):
        self.units, self.places = int(units), places

    def text(self, mark: str = ".") -> str:
        if not self.places:
            return str(self.units)
        sign = "-" if self.units < 0 else ""
        whole, frac = divmod(abs(self.units), 10 ** self.places)
        return f"{sign}{whole}{mark}{frac:0{self.places}d}"

    def __str__(self) -> str:
        return self.text(decimal_mark())

    def __repr__(self) -> str:
        return f"Num({self.units}, {self.places})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Num) and self.units * 10 ** other.places == other.units * 10 ** self.places

    __hash__ = None  # type: ignore[assignment]


class Decimals(str):
    """Text with decimal numbers in it (``"0.0-3.5"``, a carry-over pair) written with the decimal
    mark of where it goes: the language's on the terminal, the dialect's in CSV (issue 28:
    ``--csv-dialect excel-da`` has decimal commas whatever the language)."""

    __slots__ = ()

    def text(self, mark: str = ".") -> str:
        return str(self) if mark == "." else re.sub(r"(?<=\d)\.(?=\d)", mark, str(self))


def _cell_texts(rows: list[tuple]) -> list[tuple[str, ...]]:
    """Each value of a table as its text: none for None, a :class:`Num` with the language's
    decimal mark (asked once a table, not once a cell)."""
    mark = decimal_mark()

    def text(v: Any) -> str:
        if v is None:
            return ""
        return v.text(mark) if type(v) is Num else shown(v.text(mark) if type(v) is Decimals else str(v))

    return [tuple(map(text, r)) for r in rows]


def decimal_mark() -> str:
    """The decimal mark of human output: a comma in Danish (issue 18.5), else a point."""
    return "," if (RUN.lang or "en").lower().startswith("da") else "."


def num(text_or_value: Any, places: int = 2) -> Num:
    """A :class:`Num` from the decimal text the rules format (``"74.18"``) or an integer.

    >>> num("74.18"), num("-0.05"), num(3), num("2.5")
    (Num(7418, 2), Num(-5, 2), Num(3, 0), Num(250, 2))
    """
    if isinstance(text_or_value, int):
        return Num(text_or_value, 0)
    text = str(text_or_value)
    sign = -1 if text.startswith("-") else 1
    whole, _, frac = text.lstrip("+-").partition(".")
    frac = (frac + "0" * places)[:places]
    return Num(sign * (int(whole or "0") * 10 ** places + int(frac or "0")), places)


def width_limit(stream: Any) -> int | None:
    """How wide human output may be: ``$COLUMNS`` when set, else the terminal's width, else
    no limit (a pipe or a file has no width of its own)."""
    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        if stream.isatty():
            return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        pass
    return None


class Out:
    """Human output on a Rich console: plain (no colour, simple rules) when not a terminal.

    With ``--csv`` the first table goes to stdout as CSV (:func:`write_csv`) and the text
    around it to stderr, so ``dbf up --csv > up.csv`` holds the table alone."""

    def __init__(self, stderr: bool = False):
        self.csv = RUN.csv and not RUN.json and not stderr
        self.stream = sys.stderr if (stderr or self.csv) else sys.stdout
        self.plain = not (hasattr(self.stream, "isatty") and self.stream.isatty()) or "DBF_PLAIN" in os.environ
        self.width = width_limit(self.stream)
        self._console = None
        self._stderr = stderr or self.csv
        self._csv_written = False

    @property
    def console(self):
        if self._console is None:
            from rich.console import Console

            # Names and messages are data, never Rich markup or :emoji: codes: a team called
            # "a[/b]" must print as written (markup would raise), and skipping the emoji table
            # saves its import (~2 ms).
            self._console = Console(stderr=self._stderr, highlight=False, soft_wrap=False,
                                    markup=False, emoji=False, width=self.width)
        return self._console

    def table(self, title: str | None, columns: Sequence[str], rows: Iterable[Sequence[Any]],
              justify: Sequence[str] | None = None, caption: str | None = None, *,
              csv: bool = True, notes: Sequence[str] = ()) -> None:
        """A table: Rich on a terminal, plain text otherwise, CSV with ``--csv`` (the first
        table with ``csv`` true; the others are left out of the CSV). Columns empty in every
        row are left out of human output; ``caption`` and ``notes`` go under the table,
        wrapped to the width (issue 18.4)."""
        rows = [tuple(r) for r in rows]
        if self.csv:
            if csv and not self._csv_written:
                write_csv(columns, rows)
                self._csv_written = True
            return
        columns, rows, justify = drop_empty_columns(columns, rows, justify)
        cells = _cell_texts(rows)
        columns = [shown(c) for c in columns]
        title = shown(title) if title else title
        tail = ([caption] if caption else []) + list(notes)
        if self.plain:
            self.stream.write(plain_table(title, columns, cells, justify, None, width=self.width))
            self._notes(tail)
            return
        from rich import box
        from rich.table import Table

        t = Table(title=title, box=box.ROUNDED, title_justify="left", pad_edge=False)
        for i, c in enumerate(columns):
            t.add_column(c, justify=(justify[i] if justify else "left"))  # type: ignore[arg-type]
        for r in cells:
            t.add_row(*r)
        from rich.measure import Measurement

        natural = Measurement.get(self.console, self.console.options.update_width(1 << 16), t).maximum
        if natural > self.console.width:
            # Too wide for this terminal: Rich would cut cells to "C…" or fold them into columns a
            # letter wide. The plain table wraps its long text cells within their column instead.
            self.stream.write(plain_table(title, columns, cells, justify, None, width=self.console.width))
        else:
            self.console.print(t)
        self._notes(tail)

    def _notes(self, notes: Sequence[str]) -> None:
        for note in notes:
            self.line(note)

    def line(self, text: str = "") -> None:
        """One line of text, as written (Rich would add nothing: no markup, no highlighting;
        leaving it out spares a command that prints no table the Rich import, ~25 ms).
        Wider than the terminal (or ``$COLUMNS``), it is wrapped at word boundaries. Control
        characters other than its line breaks are shown escaped (rules.text, issue 26)."""
        text = shown(text, keep="\n")
        if self.width and len(text) > self.width:
            text = wrap_text(text, self.width)
        self.stream.write(text + "\n")

    def rule(self, text: str = "") -> None:
        """A heading: bold on a terminal that takes colour (not with ``NO_COLOR`` or ``TERM=dumb``)."""
        text = shown(text, keep="\n")
        if self.width and len(text) > self.width:
            text = wrap_text(text, self.width)
        if self.plain or "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb":
            self.stream.write(text + "\n")
        else:
            self.stream.write(f"\x1b[1m{text}\x1b[0m\n")


def wrap_text(text: str, width: int) -> str:
    """Each line of ``text`` wrapped to ``width``; continuation lines keep the indentation
    of their line, two more spaces. A word longer than the width (a file's path, a link) is
    kept whole on a line of its own, so that it can still be copied.

    >>> print(wrap_text("  one two three", 9))
      one two
        three
    """
    import textwrap

    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip(" "))]
        out.extend(textwrap.wrap(line, width, initial_indent="", subsequent_indent=indent + "  ",
                                 break_long_words=False, break_on_hyphens=False) or [""])
    return "\n".join(out)


def drop_empty_columns(columns: Sequence[str], rows: list[tuple], justify: Sequence[str] | None):
    """Leave out the columns that are empty in every row (a heading alone says nothing).

    >>> drop_empty_columns(["a", "b", "c"], [(1, "", None), (2, "", "x")], None)
    (['a', 'c'], [(1, None), (2, 'x')], None)
    """
    if not rows:
        return list(columns), rows, justify
    keep = [i for i in range(len(columns)) if any(("" if r[i] is None else str(r[i])) != "" for r in rows)]
    if len(keep) == len(columns):
        return list(columns), rows, justify
    return ([columns[i] for i in keep], [tuple(r[i] for i in keep) for r in rows],
            [justify[i] for i in keep] if justify else None)


def plain_table(title: str | None, columns: Sequence[str], rows: Iterable[Sequence[Any]],
                justify: Sequence[str] | None = None, caption: str | None = None,
                width: int | None = None) -> str:
    """A table as aligned plain text (no colour, no box art), for pipes and files. With a
    ``width``, the longest left-aligned text columns are narrowed and their cells wrapped
    within the column, so that no line is wider (issue 18.4).

    >>> print(plain_table("T", ["a", "bb"], [(1, "x"), (22, "yyy")], ["right", "left"]), end="")
    T
     a  bb
    --  ---
     1  x
    22  yyy
    >>> print(plain_table(None, ["n", "note"], [(1, "one two three four")], width=12), end="")
    n  note
    -  ---------
    1  one two
       three
       four
    """
    cells = [[("" if v is None else str(v)) for v in r] for r in rows]
    widths = _column_widths(columns, cells)
    just = list(justify or ["left"] * len(columns))
    sep = "  "
    fits = not width or sum(widths) + len(sep) * (len(widths) - 1) <= width
    if width and _narrow(widths, columns, cells, just, width) > width:
        sep = " "             # still too wide: one space between columns (issue 18.4)
        _narrow(widths, columns, cells, just, width, gap=1)
    out = _table_title(title, width)
    out += _table_row(list(columns), widths, just, sep) + _table_line(["-" * w for w in widths], widths, just, sep)
    out += _table_body(cells, widths, just, sep, fits)
    if caption:
        out += (wrap_text(caption, width) if width else caption) + "\n"
    return out


def _table_body(cells: list[list[str]], widths: list[int], just: list[str], sep: str, fits: bool) -> str:
    """The rows of a plain table. When every cell fits its column (``fits``), one line a row,
    padded by ``str.format`` (fast enough for the 19,000 players of ``dbf gp``); else each row
    wrapped within its columns."""
    if not fits:
        return "".join(_table_row(r, widths, just, sep) for r in cells)
    line = sep.join(f"{{:{'>' if j == 'right' else '<'}{w}}}" for j, w in zip(just, widths)).format
    return "".join(line(*r).rstrip() + "\n" for r in cells)


def _table_title(title: str | None, width: int | None) -> str:
    """The title line (wrapped to ``width``), or nothing."""
    out = wrap_text(title, width) if (title and width and len(title) > width) else (title or "")
    return out + "\n" if out else ""


def _column_widths(columns: Sequence[str], cells: list[list[str]]) -> list[int]:
    """Each column as wide as its heading and its longest cell."""
    widths = [len(c) for c in columns]
    for r in cells:
        for i, v in enumerate(r):
            widths[i] = max(widths[i], len(v))
    return widths


def _table_line(values: Sequence[str], widths: list[int], just: list[str], sep: str) -> str:
    """One line of a plain table, each value padded to its column's width."""
    parts = [v.rjust(widths[i]) if just[i] == "right" else v.ljust(widths[i]) for i, v in enumerate(values)]
    return sep.join(parts).rstrip() + "\n"


def _table_row(values: Sequence[str], widths: list[int], just: list[str], sep: str) -> str:
    """One row of a plain table: its values wrapped at spaces within their columns, as many lines as needed."""
    if all(len(v) <= widths[i] for i, v in enumerate(values)):
        return _table_line(values, widths, just, sep)
    pieces = [wrap_cell(v, widths[i]) if len(v) > widths[i] else [v] for i, v in enumerate(values)]
    depth = max(len(p) for p in pieces)
    return "".join(_table_line([p[k] if k < len(p) else "" for p in pieces], widths, just, sep) for k in range(depth))


#: a word longer than this may also be wrapped after a hyphen (a long file name); shorter ones
#: (a date, an id, a name) never are
LONG_WORD = 24


def _units(word: str) -> list[str]:
    """The pieces a cell's word may be wrapped into: a path after each ``/`` (``/srv/dbf/``
    ``teams.yaml``), a piece longer than :data:`LONG_WORD` also after a ``-``; any other word
    whole. A long file name would otherwise widen the table past the screen (issue 28)."""
    pieces = re.findall(r"/?[^/]*/|[^/]+$", word) if "/" in word.strip("/") else [word]
    return [u for piece in pieces for u in (re.findall(r"[^-]*-|[^-]+$", piece) if len(piece) > LONG_WORD else [piece])]


def wrap_cell(text: str, width: int) -> list[str]:
    """A cell's text wrapped at spaces within ``width`` (a path also after a ``/``); no word is
    ever cut elsewhere, so a line is longer than ``width`` only for one word longer than it.

    >>> wrap_cell("dbf cup enter /srv/dbf/a-long-folder/teams.yaml", 16)
    ['dbf cup enter', '/srv/dbf/', 'a-long-folder/', 'teams.yaml']
    """
    lines: list[str] = []
    line = ""
    for word in text.split():
        for k, unit in enumerate(_units(word) if len(word) > width else [word]):
            glue = "" if k else " "
            if line and len(line) + len(glue) + len(unit) <= width:
                line += glue + unit
            else:
                if line:
                    lines.append(line)
                line = unit
    return lines + [line] if line else lines or [""]


def _narrow(widths: list[int], columns: Sequence[str], cells: list[list[str]], just: list[str], width: int,
            gap: int = 2) -> int:
    """Narrow the widest left-aligned text columns, one character at a time, until the
    table fits ``width`` or no such column can be narrowed without breaking a word: a
    column is never narrower than its longest word (an id, a date, a name's part), so
    wrapping only ever happens at spaces and every value stays whole. Returns the width
    reached."""
    total = sum(widths) + gap * (len(widths) - 1)
    floor = [max([len(w) for w in columns[i].split()] + [len(u) for r in cells for w in r[i].split() for u in _units(w)]
                 + [1])
             for i in range(len(columns))]
    while total > width:
        candidates = [i for i in range(len(widths)) if just[i] != "right" and widths[i] > floor[i]]
        if not candidates:
            return total
        i = max(candidates, key=lambda k: (widths[k], k))
        widths[i] -= 1
        total -= 1
    return total


def emit(doc: dict, human: Callable[[Out], None] | None = None) -> None:
    """Print ``doc`` as JSON (``--json``) or call ``human`` with an :class:`Out`."""
    if RUN.json:
        print_json(doc)
    elif human is not None:
        human(Out())


def write_csv(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """The one CSV writer of dbf (issue 18.2, 16.4): the table on stdout, UTF-8 with a
    byte-order mark (so a spreadsheet reads æøå right), in the dialect of ``--csv-dialect``.
    See :func:`csv_text`."""
    text = csv_text(columns, rows, RUN.csv_dialect)
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None:
        sys.stdout.flush()
        buffer.write(text.encode("utf-8-sig"))
        buffer.flush()
    else:
        sys.stdout.write("\ufeff" + text)


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[Any]], dialect: str = "excel") -> str:
    """CSV text (no BOM) in a dialect of :data:`CSV_DIALECTS`, lines ending CRLF (RFC 4180).

    - numbers (``int``, :class:`Num`) are written unquoted, with the dialect's decimal mark;
    - a cell holding a delimiter (``,`` or ``;``, whatever the dialect), a tab, a quote or a
      line break is quoted, its quotes doubled;
    - text that a spreadsheet could run as a formula is neutralised (:func:`safe_cell`).

    >>> csv_text(["team", "vp"], [("Høj", Num(7418, 2)), ("a;=1", -3)], "excel-da")
    'team;vp\\r\\nHøj;74,18\\r\\n"a;\\'=1";-3\\r\\n'
    """
    sep, mark = CSV_DIALECTS[dialect]
    lines = [sep.join(_csv_field(c, mark) for c in columns)]
    lines += [sep.join(_csv_field(v, mark) for v in r) for r in rows]
    return "".join(line + "\r\n" for line in lines)


_QUOTE_IF = (",", ";", "\t", '"', "\n", "\r")


def _csv_field(value: Any, mark: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        value = str(value).lower()
    elif isinstance(value, int):
        return str(value)
    elif isinstance(value, Num):
        return value.text(mark)
    elif isinstance(value, Decimals):
        value = value.text(mark)
    text = safe_cell(shown(str(value), keep="\n\t"))
    if any(ch in text for ch in _QUOTE_IF) or text != text.strip(" "):
        return '"' + text.replace('"', '""') + '"'
    return text


#: What starts a formula in a spreadsheet cell (OWASP: = + - @, and tab and CR before them).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: Where a spreadsheet may split a cell into fields (any delimiter its import may be set to).
_SPLIT_AT = (",", ";", "\t", "\n", "|")


def safe_cell(value: Any) -> Any:
    """No spreadsheet formula injection (issue 16.4): text gets a ``'`` wherever a formula
    could start (``= + - @``, tab, CR): at its start, and after every character a
    spreadsheet may split a field at (``, ; |``, tab, line break). A bare CR becomes a line
    break. Numbers are not text: ``-3`` stays ``-3``.

    >>> safe_cell("=HYPERLINK(1)"), safe_cell(-3), safe_cell("Bo"), safe_cell("Anne-Marie")
    ("'=HYPERLINK(1)", -3, 'Bo', 'Anne-Marie')
    >>> safe_cell("Bo Holm;=cmd|' /C calc'!A0")
    "Bo Holm;'=cmd|' /C calc'!A0"
    """
    if value is None:
        return ""
    if not isinstance(value, str):
        return value
    if "\r" in value:   # a bare CR would end the record in some readers
        value = value.replace("\r\n", "\n").replace("\r", "\n")
    out = []
    at_start = True
    for ch in value:
        if at_start and ch in _FORMULA_START:
            out.append("'")
        out.append(ch)
        at_start = ch in _SPLIT_AT
    return "".join(out)
