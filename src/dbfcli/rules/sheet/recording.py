"""What recording a cup result sheet means, decided as one value (issue 13.3): the verdict on
the sheet with the fee warning spliced in (§1.5.15), the fee due with it for the next round
(§1.5.14/§1.5.15), whether it is recorded with the §1.5.14 penalty, and the refusal of an
amendment of a locked match (§1.5.16, :mod:`dbfcli.rules.cup.matchstate`).

``dbf result check/submit/amend`` (cli/result.py) load the context
(store/sheetcontext.py), call :func:`plan_cup_sheet`, and apply the plan: raise its
problems, or write :attr:`CupSheetPlan.record` through the transaction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ..model import LAST_ROUND
from ..problems import Msg, Problem
from ..value import Value, replace

if TYPE_CHECKING:
    from ..cup.matchstate import MatchState
    from ..cup.records import Join
    from ..model import CupMatch
    from .validate import CupContext, Sheet, SheetCheck


class CupSheetPlan(Value, kw_only=True):
    """The decision on one cup sheet: ``check`` (every problem, the fee warning included),
    ``fees`` (the record's ``fees``: the winner's fee for the next round), ``accepted`` (the
    form errors recorded with the §1.5.14 penalty), ``penalty``, ``refused`` (problems that
    stop the write although the sheet is valid: an amendment of a locked match)."""

    check: "SheetCheck"
    fees: dict[str, dict[str, int]] = {}
    accepted: tuple[Problem, ...] = ()
    penalty: bool = False
    refused: tuple[Problem, ...] = ()

    @property
    def recordable(self) -> bool:
        """Valid (or only of form and accepted with the penalty), and not refused."""
        return (not self.check.errors or bool(self.accepted)) and not self.refused


def next_round_fees(sheet: "Sheet", check: "SheetCheck", match: CupMatch, ctx: "CupContext",
                    joins: "Iterable[Join]" = ()) -> dict[str, dict[str, int]]:
    """§1.5.14/§1.5.15: the winner's fee for the next round, due with this sheet, as the
    record's ``fees`` (``{winner: {round, players, amount_kr[, paid_kr]}}``; empty after the
    final (``LAST_ROUND``) or without a winner). ``joins``: of the other recorded matches."""
    from ..cup.fees import next_round_fee

    if check.winner is None or match.round >= LAST_ROUND or check.winner not in ctx.teams:
        return {}
    row = next_round_fee(ctx.teams[check.winner], match.round, ctx.settings.cup.fee_per_player_round_kr,
                         ctx.additions, list(check.joins) + list(joins), withdrawals=ctx.withdrawals)
    win_side = sheet.home if sheet.home.team == check.winner else sheet.away
    doc: dict[str, int] = {"round": row.round, "players": row.players, "amount_kr": row.amount_kr}
    if win_side.fee_paid_kr is not None:
        doc["paid_kr"] = win_side.fee_paid_kr
    return {check.winner: doc}


def fee_warnings(sheet: "Sheet", check: "SheetCheck", fees: dict[str, dict[str, int]]) -> list[Problem]:
    """§1.5.15: a warning when the sheet states a smaller enclosed fee than is due."""
    from ..cup.fees import FeeRow, check_enclosed

    due = fees.get(check.winner) if check.winner else None
    if not due or not check.winner:
        return []
    side = sheet.home if sheet.home.team == check.winner else sheet.away
    return check_enclosed(check.winner, FeeRow(due["round"], "fee", due["players"], due["amount_kr"]),
                          side.fee_paid_kr, side.where)


def _checked(sheet: "Sheet", ctx: "CupContext", match: CupMatch, joins: "Iterable[Join]",
             penalty: bool) -> "tuple[SheetCheck, dict[str, dict[str, int]]]":
    from .validate import validate_cup_sheet

    res = validate_cup_sheet(sheet, ctx, penalty=penalty)
    fees = next_round_fees(sheet, res, match, ctx, joins)
    extra = fee_warnings(sheet, res, fees)
    return (replace(res, problems=res.problems + tuple(extra)) if extra else res), fees


def plan_cup_sheet(sheet: "Sheet", ctx: "CupContext", match: CupMatch, *, joins: "Iterable[Join]" = (),
                   penalty: bool = False, state: "MatchState | None" = None, amend: bool = False) -> CupSheetPlan:
    """The plan for one cup sheet against ``ctx`` (rules.sheet.validate.CupContext) and its drawn
    ``match``. ``penalty``: the TD accepts a sheet whose only errors are of form (§1.5.14);
    ``state``: the match's :class:`~dbfcli.rules.cup.matchstate.MatchState` (an amendment of a
    locked match that changes the winner is refused, §1.5.16)."""
    from ..cup.matchstate import allowed

    joins = tuple(joins)
    res, fees = _checked(sheet, ctx, match, joins, penalty=False)
    accepted: tuple[Problem, ...] = ()
    if res.errors and penalty and res.only_form_errors:
        accepted = tuple(res.errors)
        res, fees = _checked(sheet, ctx, match, joins, penalty=True)
    refused: tuple[Problem, ...] = ()
    if amend and state is not None and not res.errors:
        refused = tuple(allowed(state, "amend", winner=res.winner))
    plan = CupSheetPlan(check=res, fees=fees, accepted=accepted, penalty=bool(accepted), refused=refused)
    if plan.recordable:
        return plan
    return replace(plan, check=replace(res, problems=tuple(p for p in res.problems if not if_recorded(p))))


#: §1.5.12 (a substitute's second match joins him to the team) and §1.5.15 (the fee enclosed
#: is short of what is due): the warnings that say what recording the sheet does
IF_RECORDED = frozenset(("1.5.12", "1.5.15"))


def if_recorded(p: Problem) -> bool:
    """A warning that says what recording the sheet does -- a substitute "joins the team"
    (§1.5.12), "420 kr are due" with it (§1.5.15) -- and so is left out when the sheet is
    refused (issue 25): nothing is recorded, so nobody joins and nothing falls due. The errors
    of those paragraphs stay.

    >>> (if_recorded(Problem.warning("1.5.12", "x joins the team", code="player.substitute-joins")),
    ...  if_recorded(Problem.error("1.5.12", "y", code="player.substitute-not-needed")))
    (True, False)
    """
    return not p.is_error and p.rule in IF_RECORDED


def loser_sends(winner: str | None, sender: str) -> Problem | None:
    """§1.5.14: sending the result sheet is the winning team's job. A captain of the losing side
    may still send it (the sheet is what counts), but is told so (issue 26); None otherwise.

    >>> loser_sends("KBH-3", "ODE-1").rule, loser_sends("KBH-3", "KBH-3"), loser_sends(None, "ODE-1")
    ('1.5.14', None, None)
    """
    if not winner or winner == sender:
        return None
    return Problem.warning("1.5.14", Msg("{} won: sending the sheet is the winning team's job; the "
                                         'captain of {} may still send it', winner, sender), code="sheet.sent-by-loser")
