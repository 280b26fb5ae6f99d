"""What a use case returns, and how problems become an exit code (docs/problem-codes.md).

Inside a use case a refusal is raised (:class:`UsageProblem`, :class:`RuleBroken`, or the
store's ``StoreError``), as the rule and store functions it calls do; :func:`outcome_of`
turns it into the :class:`Outcome` the faces render. The exit code is derived from the
problems' ids in one place, :func:`exit_code`: the CLI exits with it, the web maps it to an
HTTP status.
"""

from __future__ import annotations

from typing import Any, Callable, NoReturn, Sequence

from ..rules.problems import RULE_FAMILIES, Msg, Problem, Where
from ..rules.value import MutableValue, field

#: The exit code of a broken rule of the regulations (a code of :data:`RULE_FAMILIES`).
RULE_EXIT = 1
#: The exit code of each family of problem codes (docs/problem-codes.md).
EXIT_OF_FAMILY = {"format": 2, "io": 2, "unknown": 2, "usage": 2, "state": 2, "internal": 2, "lock": 3,
                  "draw": 1,   # issue 30: a committed draw that does not verify, or a draw its commitment refuses
                  **{family: RULE_EXIT for family in RULE_FAMILIES}}


def problem_exit(p: Problem) -> int:
    """The exit code one problem asks for: its code's family (a code is the more specific id:
    ``unknown.match`` with §1.5.16 is an unknown id, exit 2; ``sheet.boards`` with §1.5.9 a
    broken rule, exit 1)."""
    return EXIT_OF_FAMILY[p.code.partition(".")[0]]


def exit_code(problems: Sequence[Problem]) -> int:
    """THE place where problems become an exit code (docs/problem-codes.md, "Exit codes").

    The errors decide (warnings only when there is no error); the highest wins: 3 (lock) over
    2 (usage, unreadable, malformed, unknown id) over 1 (a broken rule with its §). So a
    malformed file and a broken rule together exit 2: every problem is listed either way, but
    a season that could not be read whole cannot be said to break only rules. No problems: 2.

    >>> exit_code([Problem.error("1.5.4", "x", code="sheet.up-claim")]), exit_code([Problem.error("1.5.4", "x",
    ...     code="sheet.up-claim"), Problem.error(None, "y", code="format.yaml")]), exit_code([])
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
    are all § rules; the exit code is :func:`exit_code`'s); ``doc``: the document so far."""

    def __init__(self, problems: list[Problem], doc: dict[str, Any] | None = None):
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems
        self.doc = doc


def fail(message: str, rule: str | None = None, hint: str | None = None, where: Where | None = None,
         *, code: str) -> NoReturn:
    """Stop with one clear problem; ``code`` (docs/problem-codes.md) names it and decides the
    exit code (:func:`exit_code`), ``rule`` is its § where one applies."""
    raise UsageProblem([Problem.error(rule, message, where, hint, code=code)])


def unknown_cup_team(team: str) -> NoReturn:
    """Exit 2: ``team`` is no team of the cup (``unknown.team``)."""
    fail(Msg('unknown cup team {}', f'{team!r}'), hint="dbf cup teams", code="unknown.team")


def not_drawn(round_no: int, rule: str | None = None) -> NoReturn:
    """Exit 2: cup round ``round_no`` has no recorded draw yet (``state.not-drawn``; ``rule``
    §1.5.16 where the round's draw is what is asked for)."""
    fail(Msg('cup round {} has not been drawn', round_no), rule=rule, hint=f"dbf draw cup --round {round_no}",
         code="state.not-drawn")


def not_entered(division: str | None) -> NoReturn:
    """Exit 2: no teams are entered in ``division`` yet (``state.not-entered``)."""
    fail(Msg('no teams entered in {}', division), hint=f"dbf division enter {division} FILE", code="state.not-entered")


def refuse(problems: Sequence[Problem], doc: dict[str, Any] | None = None) -> list[Problem]:
    """Raise :class:`RuleBroken` when any problem is an error; else the warnings (the caller
    keeps them: a use case never prints)."""
    if any(p.is_error for p in problems):
        raise RuleBroken(list(problems), doc)
    return [p for p in problems if not p.is_error]


class Outcome(MutableValue, kw_only=True):
    """What a use case did: ``doc``, the JSON document (on success what ``--json`` prints; on a
    refusal the document so far, to which :meth:`json` adds the problems); ``problems``, the
    errors of a refusal (with their warnings); ``notes``, warnings found on the way, shown to a
    person before the result (the CLI: on stderr) but not part of the document; ``written``:
    the season changed; ``show``: which rendering of the document a face uses (a key, e.g.
    ``"recorded"``, ``"valid"``, ``"already"``); ``plan``: what was decided, as the use case's
    own value (e.g. :class:`dbfcli.app.draws.DrawPlan`), for a face that shows more than the
    document."""

    doc: dict[str, Any] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)
    written: bool = False
    show: str = ""
    plan: Any = None

    @property
    def refused(self) -> bool:
        return bool(self.problems)

    @property
    def exit(self) -> int:
        """0 done; else :func:`exit_code` of the problems."""
        return exit_code(self.problems) if self.problems else 0

    def json(self) -> dict[str, Any]:
        """The document ``--json`` prints: on a refusal ``ok: false`` with every error and
        warning (each with its ``rule``/``code``), else the document itself."""
        return refusal_document(self.doc, self.problems) if self.problems else self.doc


def refusal_document(doc: dict[str, Any] | None, problems: Sequence[Problem]) -> dict[str, Any]:
    """The JSON document of a refusal: ``doc`` so far, ``ok: false``, and every error and
    warning, each with its ``rule``/``code`` (docs/interface.md)."""
    out: dict[str, Any] = {"ok": False}
    out.update(doc or {})
    out["ok"] = False
    out["errors"] = [p.to_json() for p in problems if p.is_error]
    out["warnings"] = [p.to_json() for p in problems if not p.is_error]
    return out


def outcome_of(fn: Callable[..., Outcome], *args: Any, **kwargs: Any) -> Outcome:
    """``fn(*args, **kwargs)``, its refusal (raised by a rule or the store) as an Outcome; the
    season lock's time-out is a ``lock.timeout`` problem (exit 3)."""
    from ..store.atomic import LockTimeout
    from ..store.season import StoreError

    try:
        return fn(*args, **kwargs)
    except RuleBroken as exc:
        return Outcome(doc=dict(exc.doc or {}), problems=list(exc.problems))
    except (UsageProblem, StoreError) as exc:
        return Outcome(problems=list(exc.problems))
    except LockTimeout as exc:
        return Outcome(problems=[Problem.error(None, str(exc), hint=Msg('try again, or raise --lock-timeout'),
                                               code="lock.timeout")])


def outcome_noting(fn: Callable[..., Outcome], *args: Any) -> Outcome:
    """:func:`outcome_of` for a use case that collects the warnings it finds on the way in a
    list it is given as its last argument: a refusal keeps them as its ``notes`` (shown to a
    person before the refusal, as the warnings found before it)."""
    notes: list[Problem] = []
    out = outcome_of(fn, *args, notes)
    if out.refused:
        out.notes = notes
    return out
