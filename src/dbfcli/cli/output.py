"""The output of a command: the JSON document, tables for a person (widths, wrapping, the
decimal mark of the run's language), CSV (the dialects, cells a spreadsheet would run as a
formula made safe) and :func:`emit`, which prints one of them by the run's options."""

from __future__ import annotations

import datetime as dt
import os
import re
import sys
from typing import Any, Callable, Iterable, Sequence

from ..rules.text import shown
from .invocation import CSV_DIALECTS, RUN
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
