"""Problems are data: every rule returns them, nobody raises them.

A :class:`Problem` carries a stable ``code`` that names what is wrong (``sheet.boards``,
``roster.too-many-players``, ``format.yaml``, ``unknown.match``: docs/problem-codes.md lists
them all) and, where a rule of the regulations applies, its paragraph (``rule``, e.g.
``"1.5.12b"`` -- the § number of docs/regulations.md without the §, with a sub-rule letter
appended). Every problem has a code; a problem without one cannot be made. It also carries a
message a tournament director can act on, where it was found and, where useful, a hint how
to fix it. The exit code of a command is derived from the code in one place,
``dbfcli.app.outcome.exit_code``.

>>> p = Problem.error("1.5.11", "team ODE-1 has 7 players; a team has 4-6",
...                   Where("cup/teams.yaml", 12), hint="remove a player", code="roster.team-size")
>>> p.is_error, str(p)
(True, 'cup/teams.yaml:12: error §1.5.11: team ODE-1 has 7 players; a team has 4-6 (hint: remove a player)')
>>> str(Problem.error(None, "malformed YAML", Where("cup/teams.yaml", 3), code="format.yaml"))
'cup/teams.yaml:3: error [format.yaml]: malformed YAML'

The code of a broken rule (a family of :data:`RULE_FAMILIES`) is not shown in the text of a
problem that has its §: the § says it (``--json`` carries both).
"""

from __future__ import annotations

from typing import Any, Iterable, Literal

from .value import Value, replace

Severity = Literal["error", "warning"]

#: The families of the codes of broken rules of the regulations, one a topic in the TD's
#: words (issue 24): each exits 1, and a problem with its § shows the § alone on stderr.
RULE_FAMILIES = ("sheet", "player", "roster", "match", "result", "bracket", "div", "playoff", "lot",
                 "rollover", "qualify", "system", "fees", "travel", "seating", "trophy", "notify", "deadline")
#: The families of ``code`` (the part before the first dot). What each means and which exit
#: code it gives is in docs/problem-codes.md and ``dbfcli.app.outcome.EXIT_OF_FAMILY``.
CODE_FAMILIES = ("format", "io", "unknown", "usage", "state", "lock", "internal", "draw", *RULE_FAMILIES)


#: countable nouns of the problems' texts: noun -> the keys for one and for many (each has its
#: Danish in i18n_da.PROBLEMS, where Danish agrees too: "1 spiller", "2 spillere"); :meth:`Msg.counted`
COUNTED: dict[str, tuple[str, str]] = {
    "board": ("{} board", "{} boards"), "player": ("{} player", "{} players"),
    "team": ("{} team", "{} teams"), "round": ("{} round", "{} rounds"), "IMP": ("{} IMP", "{} IMPs"),
    "half": ("{} half", "{} halves"), "section": ("{} section", "{} sections"),
    "time": ("{} time", "{} times"), "link": ("{} more symbolic link", "{} more symbolic links"),
    "copy": ("{} copy", "{} copies"), "trick": ("{} trick", "{} tricks"),
    "captain": ("{} captain", "{} captains"), "match": ("{} match", "{} matches"),
    "vacant place": ("{} vacant place", "{} vacant places"), "weekend": ("{} weekend", "{} weekends"),
    "pairing": ("{} pairing", "{} pairings"), "extra round": ("{} extra round", "{} extra rounds"),
    "column": ("{} column", "{} columns"), "result": ("{} result", "{} results"), "pair": ("{} pair", "{} pairs"),
    "east result": ("{} east result", "{} east results"), "day": ("{} day", "{} days"),
}


def _said(value: object) -> str:
    """A value as a message shows it: an exception raised with a keyed text (``ValueError(Msg(...))``)
    is that Msg (its English is the exception's text), so a reader that wraps the exception's text
    keeps its key; anything else ``format(value)``."""
    said = value.args[0] if isinstance(value, Exception) and len(value.args) == 1 else None
    return said if isinstance(said, Msg) and str(value) == said else format(value)


class Msg(str):
    """A text shown to people, made from a *key* and its values: the key is the English text
    with ``{}`` where a value goes (literal braces doubled), as gettext keys a message by its
    English text. A Msg reads as its English text everywhere a ``str`` goes (JSON, the
    journal, tests); another language renders it from the key and the values
    (``dbfcli.i18n.problem_text``), never by parsing the English back. A value may itself be
    a Msg (rendered in the same language), any other value is shown as ``format(v)``.

    >>> m = Msg("team {} has {} players; a cup team has 4-6", "ODE-1", 7)
    >>> m, m.key, m.args
    ('team ODE-1 has 7 players; a cup team has 4-6', 'team {} has {} players; a cup team has 4-6', ('ODE-1', '7'))
    >>> Msg.join("; ", [Msg("a {}", 1), "b"]).key
    '{}; {}'
    """

    key: str
    args: tuple[str, ...]

    def __new__(cls, key: str, *args: object) -> "Msg":
        values = tuple(a if isinstance(a, str) else _said(a) for a in args)
        self = super().__new__(cls, key.format(*values))
        self.key, self.args = key, values
        return self

    def __reduce__(self) -> tuple[type["Msg"], tuple[str, ...]]:
        return (Msg, (self.key, *self.args))

    @classmethod
    def join(cls, sep: str, parts: Iterable[str]) -> "Msg":  # type: ignore[override]  # a classmethod: sep first
        """``sep.join(parts)`` that keeps each part's key (``sep`` holds no words)."""
        parts = list(parts)
        return cls(sep.replace("{", "{{").replace("}", "}}").join(["{}"] * len(parts)), *parts)

    @classmethod
    def counted(cls, n: int, noun: str) -> "Msg":
        """``n`` and ``noun`` agreeing with it, a keyed text (``{} board`` for exactly one, else
        ``{} boards``; :data:`COUNTED`), so that no message says "1 boards" in either language.

        >>> Msg.counted(1, "board"), Msg.counted(40, "board"), Msg.counted(1, "player").key
        ('1 board', '40 boards', '{} player')
        """
        one, many = COUNTED[noun]
        return cls(one if n == 1 else many, n)


class Where(Value):
    """A place in a file: path relative to the season folder (or as given), 1-based line."""

    file: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        if self.file is None:
            return "" if self.line is None else f"line {self.line}"
        return self.file if self.line is None else f"{self.file}:{self.line}"


class Problem(Value):
    """One problem, named by its stable ``code`` (``"sheet.boards"``, ``"format.yaml"``), and
    by ``rule``, a § id (``"1.5.4"``), where a rule of the regulations applies. ``code`` is
    always set (it has a default only because it is the last field: an empty one is refused)."""

    rule: str | None
    message: str
    where: Where | None = None
    severity: Severity = "error"
    hint: str | None = None
    code: str = ""

    def __post_init__(self) -> None:
        if not self.code:
            raise ValueError(f"a problem needs a code (docs/problem-codes.md): {self.message!r}")
        if self.code.partition(".")[0] not in CODE_FAMILIES:
            raise ValueError(f"problem code {self.code!r} is not in a known family {CODE_FAMILIES}")

    @classmethod
    def error(cls, rule: str | None, message: str, where: Where | None = None, hint: str | None = None,
              *, code: str) -> "Problem":
        return cls(rule, message, where, "error", hint, code)

    @classmethod
    def warning(cls, rule: str | None, message: str, where: Where | None = None, hint: str | None = None,
                *, code: str) -> "Problem":
        return cls(rule, message, where, "warning", hint, code)

    @property
    def ids(self) -> str:
        """How the problem is named in text (:func:`shown_ids`)."""
        return shown_ids(self.rule, self.code)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def at(self, where: Where | None) -> "Problem":
        """The same problem at another place (keeps an existing place if ``where`` is None)."""
        return self if where is None else replace(self, where=where)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"rule": self.rule, "code": self.code, "message": self.message, "severity": self.severity}
        if self.where is not None:
            doc["file"] = self.where.file
            doc["line"] = self.where.line
        if self.hint:
            doc["hint"] = self.hint
        return doc

    def __str__(self) -> str:
        place = f"{self.where}: " if self.where and str(self.where) else ""
        hint = f" (hint: {self.hint})" if self.hint else ""
        return f"{place}{self.severity} {self.ids}: {self.message}{hint}"


def shown_ids(rule: str | None, code: str | None) -> str:
    """How a problem is named in text: ``§1.5.4``, ``[format.yaml]`` or both
    (``§1.5.16 [unknown.match]``); the code of a broken rule (:data:`RULE_FAMILIES`) is not
    shown beside its §, which says it.

    >>> shown_ids("1.5.9", "sheet.boards"), shown_ids("1.5.16", "unknown.match"), shown_ids(None, "sheet.boards")
    ('§1.5.9', '§1.5.16 [unknown.match]', '[sheet.boards]')
    """
    hidden = bool(rule) and bool(code) and str(code).partition(".")[0] in RULE_FAMILIES
    return " ".join(x for x in (f"§{rule}" if rule else "", f"[{code}]" if code and not hidden else "") if x)


def errors(problems: Iterable[Problem]) -> list[Problem]:
    """Only the errors (the problems that block a write)."""
    return [p for p in problems if p.is_error]


def warnings(problems: Iterable[Problem]) -> list[Problem]:
    """Only the warnings."""
    return [p for p in problems if not p.is_error]


class Verdict:
    """Mixin for results that carry ``problems``: ``errors``, ``warnings``, ``ok``."""

    __slots__ = ()
    problems: tuple[Problem, ...]

    @property
    def errors(self) -> list[Problem]:
        return errors(self.problems)

    @property
    def warnings(self) -> list[Problem]:
        return warnings(self.problems)

    @property
    def ok(self) -> bool:
        return not self.errors
