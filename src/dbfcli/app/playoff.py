"""The divisions' play-off as use cases: the 1st division's (§1.1.2.4-§1.1.2.11) and the 3rd
division's runners-up match (§1.1.4.2).

:func:`playoff_view` (``dbf playoff DIV``): pairings, carry-over, home per section, results;
:func:`choose_opponent` (``dbf playoff 1div choose TEAM``): no. 1's choice of semi-final opponent
(§1.1.2.8), one journaled write; :func:`record_result` (``dbf playoff DIV result MATCH --half
A-B ...``): a play-off result (§1.1.2.7, §1.1.2.11), one journaled write. The state is
``store.divisions.playoffstate`` (through the snapshot), the rules ``rules.divisions.playoff``;
what the choice and a result are refused for is decided here, on the problems' ids and the
state's values, never on a message's text.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Sequence

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, RuleBroken, fail, outcome_noting, refuse
from .session import Session
from .when import day_of

#: the semi-finals (§1.1.2.6: the final is played between their winners)
SEMI_FINALS = ("1div-SF1", "1div-SF2")


class PlayoffRequest(Value, kw_only=True):
    """``dbf playoff DIV``: ``division`` as given (1div; 3div, 3div-a or 3div-b for the runners-up
    match), ``seed`` of the home lots (§1.1.2.9; default: the recorded one), ``today`` the day
    the play-off is seen on (YYYY-MM-DD, default: today; §1.1.2.8's deadline)."""

    division: str
    seed: int | None = None
    today: str | None = None


class ChoiceRequest(Value, kw_only=True):
    """``dbf playoff 1div choose TEAM`` (§1.1.2.8)."""

    division: str
    team: str | None
    seed: int | None = None
    today: str | None = None
    dry_run: bool = False


class ResultRequest(Value, kw_only=True):
    """``dbf playoff DIV result MATCH --half A-B ... [--extra A-B ...]``: IMPs as given, in the
    order of the match's teams (§1.1.2.7: four halves of 16 boards; §1.1.2.11: 4-board extra
    rounds)."""

    division: str
    match: str | None
    halves: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    seed: int | None = None
    today: str | None = None
    dry_run: bool = False


class PlayoffView(MutableValue, kw_only=True):
    """What :func:`playoff_view` found: the play-off (``1div`` or ``3div``) and its state (the
    mapping of ``store.divisions.playoffstate.playoff_state``: order, matches, decisions,
    pairing, lots, champion)."""

    division: str
    state: dict[str, Any]


class Choice(MutableValue, kw_only=True):
    """What :func:`choose_opponent` decided (§1.1.2.8): who chose (no. 1), whom, the semi-final
    pairing (``rules.divisions.playoff.SemiFinalPairing``)."""

    chooser: str
    team: str
    pairing: Any


def playoff_division(value: str) -> str:
    """The play-off of ``value``: ``1div`` (§1.1.2.5) or ``3div`` (§1.1.4.2: 3div-a and 3div-b
    share it); any other is refused (exit 2)."""
    if value == "1div":
        return "1div"
    if value in ("3div", "3div-a", "3div-b"):
        return "3div"
    fail(Msg('no play-off in {}', f'{value!r}'), rule="1.1.2.5", hint=Msg('1div (§1.1.2.5) or 3div (§1.1.4.2)'),
         code="unknown.division")


def _state(snap: Any, seed: int | None, on: dt.date, division: str, notes: list[Problem]) -> dict[str, Any]:
    """The play-off's state through the snapshot; refused (exit 1) with the §1.1.2.5/§1.1.2.8
    problems when no pairing can be made yet (``blocked``)."""
    out: dict[str, Any] = snap.playoff_state(seed=seed, on=on, div=division)
    if out.get("blocked"):
        notes += refuse(out["problems"])
    return out


# --------------------------------------------------------------------------- the view
def playoff_view(session: Session, request: PlayoffRequest) -> Outcome:
    """``dbf playoff DIV`` (§1.1.2.5-§1.1.2.11, §1.1.4.2): refused (exit 1) for an error in the
    play-off's state (e.g. fewer than 4 teams, §1.1.2.5). ``doc``: the matches (and, for the 1st
    division, the pairing and the champion); ``plan``: :class:`PlayoffView`; ``notes``: the
    warnings (a provisional play-off, §1.1.2.5)."""
    return outcome_noting(_playoff_view, session, request)


def _playoff_view(session: Session, request: PlayoffRequest, notes: list[Problem]) -> Outcome:
    from ..store.divisions.playoffstate import playoff_doc

    division = playoff_division(request.division)
    out = _state(session.snap, request.seed, day_of(request.today), division, [])
    notes += refuse(out["problems"])
    return Outcome(doc=playoff_doc(division, out), notes=list(notes), plan=PlayoffView(division=division, state=out),
                   show="playoff")


# --------------------------------------------------------------------------- the choice
def choose_opponent(session: Session, request: ChoiceRequest) -> Outcome:
    """``dbf playoff 1div choose TEAM`` (§1.1.2.8): no. 1 of the round robin chooses its
    semi-final opponent among nos. 2-4 by the deadline; refused while the round robin is not
    complete or a lot of the top 4 is not drawn, once a semi-final result is recorded, for a team
    not among nos. 2-4 or after the deadline. One journaled write (``dbf undo``). ``doc``: the
    semi-finals and the home lots they need (§1.1.2.9); ``plan``: :class:`Choice`."""
    return outcome_noting(_choose_opponent, session, request)


def _choose_opponent(session: Session, request: ChoiceRequest, notes: list[Problem]) -> Outcome:
    from ..rules.divisions.playoff import semi_final_pairing
    from ..store.divisions.playoff import PLAYOFF, playoff_data

    division, team = playoff_division(request.division), request.team
    if not team:
        fail(Msg('which team? dbf playoff 1div choose TEAM'), code="usage.missing")
    if division != "1div":
        fail(Msg("only the 1st division's winner chooses an opponent (§1.1.2.8)"), rule="1.1.2.8", code="usage.option")
    on, snap, dry_run = day_of(request.today), session.snap, request.dry_run
    with snap.store.transaction(session.actor, Msg("play-off: no. 1 chose {}", team), dry_run, session.lock_timeout) as tx:
        out = _state(snap, request.seed, on, division, notes)
        notes += refuse(not_of_the_choice(out))
        refuse(chooser_known(out))
        refuse(choice_fixed(out))
        pairing, problems = semi_final_pairing(out["order"], team, chosen_on=on, results_known_on=out["results_known_on"],
                                               choice_days=snap.settings().playoff.choice_days)
        notes += refuse(problems)
        assert pairing is not None   # none only with the errors refused above (§1.1.2.5)
        home_lots = refuse(chosen_home_lots(out, pairing))
        notes += home_lots
        pf, _ = snap.playoff()
        pf.choice, pf.chosen_on = team, on
        if request.seed is not None:   # a seed the TD gave is recorded; none is made up (§1.1.2.9: dbf lot draw)
            pf.seed = request.seed
        tx.write_yaml(PLAYOFF, playoff_data(pf), header="1st-division play-off (dbf playoff)")
    doc = {"ok": True, "division": "1div", "choice": team, "chosen_on": on.isoformat(),
           "semi_finals": [list(p) for p in pairing.pairs], "warnings": [p.to_json() for p in home_lots],
           "dry_run": dry_run}
    return Outcome(doc=doc, notes=list(notes), written=not dry_run, show="chosen",
                   plan=Choice(chooser=out["order"][0], team=team, pairing=pairing))


def not_of_the_choice(out: dict[str, Any]) -> list[Problem]:
    """The state's problems a new choice does not answer: all but the §1.1.2.8 ones (of the choice
    it replaces) and the home lots of the pairing before it (``home_warnings``, issue 25.10)."""
    stale = out["home_warnings"]
    return [p for p in out["problems"] if p.rule != "1.1.2.8" and p not in stale]


def chooser_known(out: dict[str, Any]) -> list[Problem]:
    """§1.1.2.8: the choice belongs to the team placed first "efter grundspillet": refused while
    the round robin is not complete, or while a lot that decides the top 4 is not drawn
    (``out["order_lots"]``: :func:`dbfcli.rules.divisions.playoff.open_order_lots`)."""
    if not out.get("complete"):
        return [Problem.error("1.1.2.8", Msg('the round robin is not complete: who is no. 1 (and may '
                                             'choose) is not known yet'),
                              hint=Msg('record the remaining 1div matches first'),
                              code="playoff.round-robin-incomplete")]
    return [Problem.error("1.1.2.8", Msg('{}: the lot among {} is not drawn: the play-off is provisional',
                                         lot.what, ', '.join(lot.teams)), hint=lot.command(),
                          code="playoff.lot-not-drawn") for lot in out["order_lots"]]


def choice_fixed(out: dict[str, Any]) -> list[Problem]:
    """§1.1.2.8: once a semi-final result is recorded the choice can no longer change."""
    if not any(m in out["file"].results for m in SEMI_FINALS):
        return []
    return [Problem.error("1.1.2.8", Msg('semi-final results are recorded; the choice can no '
                                         'longer change'), code="playoff.choice-fixed")]


def chosen_home_lots(out: dict[str, Any], pairing: Any) -> list[Problem]:
    """§1.1.2.9: the home lots the semi-finals of the pairing just chosen need (the state read
    before the choice speaks of the old pairing, which no longer plays: issue 25.10)."""
    from ..rules.divisions.playoff import first_division_playoff, home_lot_warning, home_lots_due

    matches, _ = first_division_playoff(out["order"], out["mutual"], out["seed"], pairing, lots=out["lots"])
    return [home_lot_warning(lot) for lot in home_lots_due(matches, lambda _mid: True)]


# --------------------------------------------------------------------------- a result
def record_result(session: Session, request: ResultRequest) -> Outcome:
    """``dbf playoff DIV result MATCH --half A-B x4 [--extra A-B ...]`` (§1.1.2.7, §1.1.2.11,
    §1.1.4.2): refused for a match not in the play-off now, while the semi-finals are not fixed
    (§1.1.2.8), before the match's home lot is drawn (§1.1.2.9), for IMPs that decide nothing
    (§1.1.2.10-11), and for a semi-final recorded again with another winner once the final is
    recorded (§1.1.2.6). One journaled write. ``doc``: the match, its teams, the winner and how it
    was decided; ``plan``: the decision (``rules.divisions.playoff``)."""
    return outcome_noting(_record_result, session, request)


def _record_result(session: Session, request: ResultRequest, notes: list[Problem]) -> Outcome:
    from ..rules.divisions.playoff import Half, PlayoffResult, decide, home_before_result
    from ..store.divisions.playoff import PLAYOFF, playoff_data

    division, match = playoff_division(request.division), request.match
    if not match:
        fail(Msg('which match? e.g. dbf playoff 1div result 1div-SF1 --half 30-20 ...'), code="usage.missing")
    snap, dry_run = session.snap, request.dry_run
    with snap.store.transaction(session.actor, Msg("play-off result {}", match), dry_run, session.lock_timeout) as tx:
        out = _state(snap, request.seed, day_of(request.today), division, notes)
        notes += refuse(out["problems"])
        m = _playing(out, division, match)
        notes += refuse(home_before_result(m))     # §1.1.2.9/§1.1.4.2: the home lot is drawn before the match
        res = PlayoffResult(match, tuple(Half(imps_pair(h)) for h in request.halves),
                            tuple(Half(imps_pair(h), 4) for h in request.extra))
        decision, problems = decide(m, res)
        notes += refuse(problems + final_stands(out, match, decision))
        assert decision is not None   # none only with the errors refused above (§1.1.2.7, §1.1.2.11)
        pf, _ = snap.playoff()
        pf.results[match] = (m.teams, res)
        if request.seed is not None:
            pf.seed = request.seed
        tx.write_yaml(PLAYOFF, playoff_data(pf), header="play-off (dbf playoff)")
    doc = {"ok": True, "match": match, "teams": list(m.teams), "winner": decision.winner,
           "decided_by": decision.decided_by, "dry_run": dry_run}
    return Outcome(doc=doc, notes=list(notes), written=not dry_run, show="result", plan=decision)


def _playing(out: dict[str, Any], division: str, match: str) -> Any:
    """The play-off match ``match`` as it is now (exit 2 for one not in the play-off now); refused
    (exit 1) while the 1st division's semi-finals are provisional (§1.1.2.8: no. 1 may still
    choose)."""
    found = {m.id: m for m in out["matches"]}
    if match not in found:
        fail(Msg('no match {} in the {} play-off now', match, division),
             hint=Msg("one of: {}{}", ", ".join(found),
                      Msg("; the final appears when both semi-finals are recorded") if division == "1div" else ""),
             code="unknown.match")
    if division == "1div" and out["pairing"].status == "provisional":
        raise RuleBroken([Problem.error("1.1.2.8", Msg('the semi-finals are not fixed: {} may still choose until '
                                                       '{}', out['order'][0], out['pairing'].deadline),
                                        hint=Msg('record the choice (dbf playoff 1div choose TEAM) or wait for '
                                                 'the deadline'), code="playoff.choice-open")])
    return found[match]


def imps_pair(text: str) -> tuple[int, int]:
    """``A-B`` (or ``A:B``) IMPs of one half or extra round (exit 2 when it is not two whole numbers)."""
    try:
        a, b = text.replace(":", "-").split("-")
        return int(a), int(b)
    except ValueError:
        fail(Msg('{} is not IMPs as A-B (e.g. 30-20)', f'{text!r}'), code="usage.option")


def final_stands(out: dict[str, Any], match: str, decision: Any) -> list[Problem]:
    """§1.1.2.6: the final is played between the semi-final winners. A semi-final recorded again
    with another winner once the final is recorded would leave a final between the wrong teams:
    refused (correct the final first, or `dbf undo` it)."""
    if match not in SEMI_FINALS or "1div-F" not in out["file"].results or decision is None:
        return []
    before = out["decisions"].get(match, (None, None))[1]
    if before is None or before.winner == decision.winner:
        return []
    teams: Sequence[str] = out["file"].results["1div-F"][0]
    return [Problem.error("1.1.2.6", Msg('the final is recorded between {} and {}; {} again with {} '
                                         'winning would leave it between the wrong teams', teams[0], teams[1],
                                         match, decision.winner),
                          hint=Msg("undo the final's result first (dbf undo), then record the semi-final"),
                          code="playoff.final-teams")]


__all__ = ["Choice", "ChoiceRequest", "PlayoffRequest", "PlayoffView", "ResultRequest", "choose_opponent",
           "playoff_division", "playoff_view", "record_result"]
