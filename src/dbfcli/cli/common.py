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
import sys
from pathlib import Path
from typing import Annotated, Any, Callable, Iterable, NoReturn, Sequence

import typer

from ..rules.problems import Problem, Where
from ..rules.value import MutableValue, field
from ..store.atomic import LockTimeout
from ..store.season import SeasonStore, StoreError, resolve_dir, resolve_season


# --------------------------------------------------------------------------- state
class Invocation(MutableValue):
    """Global options of this run (set by the root callback)."""

    dir: str | None = None
    season: str | None = None
    json: bool = False
    lock_timeout: float = 10.0
    lang: str = "en"
    argv: list[str] = field(default_factory=lambda: list(sys.argv))


RUN = Invocation()


def reset(**kw: Any) -> None:
    """Start a run afresh (the root callback calls it; tests too). Updates :data:`RUN`
    in place, so ``from .common import RUN`` stays valid."""
    from ..context import LANG

    fresh = Invocation(**kw)
    for name in fresh.__struct_fields__:
        setattr(RUN, name, getattr(fresh, name))
    LANG.set(RUN.lang or "")     # what i18n (and publish/) read: they import no CLI


def _json_cb(value: bool) -> bool:
    if value:
        RUN.json = True
    return value


JsonOpt = Annotated[bool, typer.Option("--json", help="Print exactly one JSON document on stdout.",
                                       callback=_json_cb, is_eager=True)]
DryRunOpt = Annotated[bool, typer.Option("--dry-run", help="Show what would change; write nothing.")]
TodayOpt = Annotated[str | None, typer.Option("--today", help="Pretend today is this date (YYYY-MM-DD).")]
CsvOpt = Annotated[bool, typer.Option("--csv", help="Print the table as CSV on stdout.")]


def today(value: str | None = None) -> dt.date:
    """``--today`` when given (tests, cron replays), else the real date."""
    if value:
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            fail(f"--today {value!r} is not a date (YYYY-MM-DD)", code="usage.option")
    return dt.date.today()


def command_line() -> str:
    """The command as typed, for the journal."""
    args = RUN.argv[1:] if RUN.argv else []
    return "dbf " + " ".join(args)


def load_store(require: bool = True) -> SeasonStore:
    """The season chosen by ``--dir``/``--season`` (docs/interface.md order of precedence)."""
    root = resolve_dir(RUN.dir)
    store = SeasonStore(root, resolve_season(root, RUN.season))
    if require:
        store.require().settle(RUN.lock_timeout)
    return store


# --------------------------------------------------------------------------- errors
#: The exit code of each family of problem codes (docs/problem-codes.md). A problem with a
#: § rule and no code is a broken rule of the regulations: exit 1.
EXIT_OF_FAMILY = {"format": 2, "io": 2, "unknown": 2, "usage": 2, "state": 2, "internal": 2, "lock": 3}
RULE_EXIT = 1


def problem_exit(p: Problem) -> int:
    """The exit code one problem asks for: its code's family when it has a code (a code is the
    more specific id: ``unknown.match`` with §1.5.16 is an unknown id, exit 2), else 1 (§ rule)."""
    return EXIT_OF_FAMILY[p.code.partition(".")[0]] if p.code else RULE_EXIT


def exit_code(problems: Sequence[Problem]) -> int:
    """THE place where problems become an exit code (docs/problem-codes.md, "Exit codes").

    The errors decide (warnings only when there is no error); the highest wins: 3 (lock) over
    2 (usage, unreadable, malformed, unknown id) over 1 (a broken rule with its §). So a
    malformed file and a broken rule together exit 2: every problem is listed either way, but
    a season that could not be read whole cannot be said to break only rules. No problems: 2.

    >>> exit_code([Problem.error("1.5.4", "x")]), exit_code([Problem.error("1.5.4", "x"),
    ...     Problem.error(None, "y", code="format.yaml")]), exit_code([])
    (1, 2, 2)
    """
    errs = [p for p in problems if p.is_error] or list(problems)
    return max((problem_exit(p) for p in errs), default=EXIT_OF_FAMILY["usage"])


class UsageProblem(Exception):
    """The user asked for something that is not there or not possible now (its problems carry
    ``usage.*``/``unknown.*``/``state.*`` codes: exit 2; the exit code is :func:`exit_code`'s)."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


class RuleBroken(Exception):
    """The input breaks rules of the regulations; ``problems`` lists them all (exit 1 when they
    are all § rules; the exit code is :func:`exit_code`'s)."""

    def __init__(self, problems: list[Problem], doc: dict | None = None):
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems
        self.doc = doc


def fail(message: str, rule: str | None = None, hint: str | None = None, where: Where | None = None,
         *, code: str | None = None) -> NoReturn:
    """Stop with one clear message; ``code`` (docs/problem-codes.md) and/or ``rule`` name it and
    decide the exit code (:func:`exit_code`)."""
    raise UsageProblem([Problem.error(rule, message, where, hint, code=code)])


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


def command(app: typer.Typer, name: str | None = None, **kw: Any) -> Callable:
    """``app.command`` that turns dbf's exceptions into exit codes and clean messages."""

    def deco(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except typer.Exit:
                raise
            except RuleBroken as exc:
                _report(exc.problems, exc.doc)
            except (UsageProblem, StoreError) as exc:
                _report(exc.problems)
            except LockTimeout as exc:
                _report([Problem.error(None, str(exc), hint="try again, or raise --lock-timeout", code="lock.timeout")])
            except KeyboardInterrupt:
                raise typer.Exit(130) from None
            except BrokenPipeError:
                stdout_gone()
            except Exception as exc:  # noqa: BLE001 - the last line of defence: no traceback for users
                if os.environ.get("DBF_DEBUG") == "1":
                    raise
                _report([Problem.error(None, f"internal error: {type(exc).__name__}: {exc}",
                                       hint="please report it; DBF_DEBUG=1 shows the traceback",
                                       code="internal.error")])

        return app.command(name, **kw)(wrapper)

    return deco


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


def _report(problems: list[Problem], doc: dict | None = None) -> NoReturn:
    code = exit_code(problems)
    if RUN.json:
        out = {"ok": False}
        if doc:
            out.update(doc)
        out["ok"] = False
        out["errors"] = [p.to_json() for p in problems if p.is_error]
        out["warnings"] = [p.to_json() for p in problems if not p.is_error]
        print_json(out)
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
                    text = lines[where.line - 1].rstrip()[:160]
                    return f"  {where.line:>4} | {text}\n"
        except OSError:
            continue
    return ""


def print_problems(problems: Iterable[Problem]) -> None:
    """Every problem on stderr: ``file:line: error §rule: message``, the line, the hint.

    With ``--lang da`` the framing is Danish (``fejl``, ``advarsel``, ``tip:``); the message
    and the hint are the rule's own English text (data, with its §), never translated."""
    from ..i18n import t

    hint = t("hint_label")
    for p in problems:
        place = f"{p.where}: " if p.where and str(p.where) else ""
        severity = t("sev:" + p.severity) if ("sev:" + p.severity) in _SEVERITIES else p.severity
        sys.stderr.write(f"{place}{severity} {p.ids}: {p.message}\n")
        sys.stderr.write(_excerpt(p.where))
        if p.hint:
            sys.stderr.write(f"  {hint}: {p.hint}\n")


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


class Out:
    """Human output on a Rich console: plain (no colour, simple rules) when not a terminal."""

    def __init__(self, stderr: bool = False):
        self.stream = sys.stderr if stderr else sys.stdout
        self.plain = not (hasattr(self.stream, "isatty") and self.stream.isatty()) or "DBF_PLAIN" in os.environ
        self._console = None
        self._stderr = stderr

    @property
    def console(self):
        if self._console is None:
            from rich.console import Console

            # Names and messages are data, never Rich markup or :emoji: codes: a team called
            # "a[/b]" must print as written (markup would raise), and skipping the emoji table
            # saves its import (~2 ms).
            self._console = Console(stderr=self._stderr, highlight=False, soft_wrap=False,
                                    markup=False, emoji=False)
        return self._console

    def table(self, title: str | None, columns: Sequence[str], rows: Iterable[Sequence[Any]],
              justify: Sequence[str] | None = None, caption: str | None = None) -> None:
        if self.plain:
            self.stream.write(plain_table(title, columns, rows, justify, caption))
            return
        from rich import box
        from rich.table import Table

        t = Table(title=title, caption=caption, box=box.SIMPLE if self.plain else box.ROUNDED,
                  title_justify="left", caption_justify="left", pad_edge=False)
        for i, c in enumerate(columns):
            t.add_column(c, justify=(justify[i] if justify else "left"))  # type: ignore[arg-type]
        rows = [tuple("" if v is None else str(v) for v in r) for r in rows]
        for r in rows:
            t.add_row(*r)
        from rich.measure import Measurement

        natural = Measurement.get(self.console, self.console.options.update_width(1 << 16), t).maximum
        if natural > self.console.width:
            # Too wide for this terminal: Rich would cut cells to "C…" or fold them into columns a
            # letter wide. The plain table keeps every value whole; the terminal wraps its lines.
            self.stream.write(plain_table(title, columns, rows, justify, caption))
            return
        self.console.print(t)

    def line(self, text: str = "") -> None:
        """One line of text, as written (Rich would add nothing: no markup, no highlighting;
        leaving it out spares a command that prints no table the Rich import, ~25 ms)."""
        self.stream.write(text + "\n")

    def rule(self, text: str = "") -> None:
        """A heading: bold on a terminal that takes colour (not with ``NO_COLOR`` or ``TERM=dumb``)."""
        if self.plain or "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb":
            self.stream.write(text + "\n")
        else:
            self.stream.write(f"\x1b[1m{text}\x1b[0m\n")


def plain_table(title: str | None, columns: Sequence[str], rows: Iterable[Sequence[Any]],
                justify: Sequence[str] | None = None, caption: str | None = None) -> str:
    """A table as aligned plain text (no colour, no box art), for pipes and files.

    >>> print(plain_table("T", ["a", "bb"], [(1, "x"), (22, "yyy")], ["right", "left"]), end="")
    T
     a  bb
    --  ---
     1  x
    22  yyy
    """
    cells = [[("" if v is None else str(v)) for v in r] for r in rows]
    widths = [len(c) for c in columns]
    for r in cells:
        for i, v in enumerate(r):
            widths[i] = max(widths[i], len(v))
    just = list(justify or ["left"] * len(columns))

    def fmt(values):
        parts = [v.rjust(widths[i]) if just[i] == "right" else v.ljust(widths[i]) for i, v in enumerate(values)]
        return "  ".join(parts).rstrip() + "\n"

    out = (title + "\n") if title else ""
    out += fmt(columns) + fmt(["-" * w for w in widths])
    out += "".join(fmt(r) for r in cells)
    if caption:
        out += caption + "\n"
    return out


def emit(doc: dict, human: Callable[[Out], None] | None = None) -> None:
    """Print ``doc`` as JSON (``--json``) or call ``human`` with an :class:`Out`."""
    if RUN.json:
        print_json(doc)
    elif human is not None:
        human(Out())


def write_csv(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """CSV on stdout; cells that a spreadsheet would run as formulas are neutralised."""
    import csv

    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(columns)
    for r in rows:
        w.writerow([safe_cell(v) for v in r])


def safe_cell(value: Any) -> Any:
    """No spreadsheet formula injection: a cell starting ``= + - @`` (text) gets a leading ``'``.

    >>> safe_cell("=HYPERLINK(1)"), safe_cell(-3), safe_cell("Bo")
    ("'=HYPERLINK(1)", -3, 'Bo')
    """
    if isinstance(value, str) and "\r" in value:   # the writer quotes \n but not a bare \r (lineterminator "\n")
        value = value.replace("\r\n", "\n").replace("\r", "\n")
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return "" if value is None else value
