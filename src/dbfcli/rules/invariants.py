"""The season's invariants (issue 13.5): one list of named facts that every recorded state
keeps, each with its § (or, where no § applies, only its name as the stable id).

``dbf check`` runs them all over the snapshot (:func:`check_cup`); every write runs them over
the state it would produce (the planned files laid over the snapshot,
:func:`dbfcli.store.snapshot.refusals`) and is refused, exit 1 with the §, when it would
break one that holds today (:func:`new_breaks`).

Each invariant is a function ``(cup, settings) -> [Problem]`` of the same signature
(beancount's ``validate_x(entries, options)``), named in :data:`INVARIANTS`:

>>> [i.name for i in INVARIANTS][:3]
['record.once', 'record.file-name', 'result.drawn-match']
>>> check_cup(_empty(), None)
[]

The divisions have their own list, :data:`DIVISION_INVARIANTS`, each a function
``(division_state, settings) -> [Problem]`` run by ``dbf check`` and by every write of a file
under ``divisions/`` (:func:`dbfcli.store.snapshot.division_refusals`):

>>> [i.name for i in DIVISION_INVARIANTS][:2]
['div.result-scheduled', 'div.result-teams']

What the final tables decide, the play-off (§1.1.2.5-§1.1.2.11, §1.1.4.2) and the lots
(§1.1.3.2), is checked over all divisions at once by :data:`STANDINGS_INVARIANTS`, each a
function ``(standings_state, settings) -> [Problem]``, run by ``dbf check`` and by every write
of a division, play-off or lots file (:func:`dbfcli.store.divisions.standingsstate.standings_refusals`):

>>> [i.name for i in STANDINGS_INVARIANTS]
['playoff.carry-over', 'lot.still-tied']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence, TypeVar

if TYPE_CHECKING:
    from .divisions.roundrobin import Round
    from .divisions.standings import Standings
    from .model import CupMatch
    from .seasonstate import CupState, DivisionState, PlayoffRecord, StandingsState
    from .settings import Settings

from .problems import Msg, Problem, Where
from .value import Value

_Check = TypeVar("_Check", bound=Callable[..., list[Problem]])

REPAIR = "restore the file with `dbf undo` or from git, or re-record it with `dbf result amend`"
#: the same where `dbf undo` would refuse or not restore the file (a hand edit; store/snapshot.py)
REPAIR_NO_UNDO = "restore the file from git or a backup, or re-record it with `dbf result amend`"


class Invariant(Value):
    """A named invariant: ``name``, ``rule`` (its §, or None) and ``code`` (the problem code
    of one without a §), ``check``."""

    name: str
    rule: str | None
    check: Callable[..., list[Problem]]
    doc: str = ""
    code: str | None = None


INVARIANTS: list[Invariant] = []


def invariant(name: str, rule: str | None, code: str | None = None) -> Callable[[_Check], _Check]:
    """Register ``fn(cup, settings) -> [Problem]`` as the invariant ``name`` (§ ``rule``, or
    the problem ``code`` where no § applies)."""

    def register(fn: _Check) -> _Check:
        INVARIANTS.append(Invariant(name, rule, fn, (fn.__doc__ or "").strip().splitlines()[0], code))
        return fn
    return register


def _where(rec: Any) -> Where:
    return Where(rec.rel, 1)


def _error(rule: str | None, message: str, where: Where | None, hint: str | None = REPAIR,
           *, code: str) -> Problem:
    return Problem.error(rule, message, where, hint, code=code)


def _drawn(cup: CupState) -> dict[tuple[int, str], CupMatch]:
    return {(d.round, m.id): m for d in cup.draws.values() for m in d.matches}


# --------------------------------------------------------------------------- recorded matches
@invariant("record.once", None, "format.duplicate")
def record_once(cup: CupState, settings: Settings | None) -> list[Problem]:
    """A match is recorded at most once."""
    seen: dict[str, str] = {}
    out = []
    for rec in cup.records:
        mid = rec.match.match
        if mid in seen:
            out.append(_error(None, Msg('{} is recorded twice ({} and {})', mid, seen[mid], rec.rel), _where(rec),
                              Msg('remove one of them'), code="format.duplicate"))
        seen.setdefault(mid, rec.rel)
    return out


@invariant("record.file-name", None, "format.mismatch")
def record_file_name(cup: CupState, settings: Settings | None) -> list[Problem]:
    """A recorded match's file is named by its match id."""
    return [_error(None, Msg('{} records match {}; the file name must be the match id', rec.rel,
                             rec.match.match),
                   _where(rec), code="format.mismatch")
            for rec in cup.records if not rec.rel.endswith(f"/{rec.match.match}.yaml")]


@invariant("result.drawn-match", "1.5.16")
def result_drawn_match(cup: CupState, settings: Settings | None) -> list[Problem]:
    """§1.5.16: a result exists only for a drawn match (of its round)."""
    drawn = _drawn(cup)
    return [_error("1.5.16", Msg('{}: a result for {}, which is not in the draw of round {} '
                                 '(cup/draws/round-{}.yaml)', rec.rel, rec.match.match, rec.match.round,
                                 f'{rec.match.round:02d}'), _where(rec), code="match.not-drawn")
            for rec in cup.records if (rec.match.round, rec.match.match) not in drawn]


@invariant("result.drawn-teams", "1.5.16")
def result_drawn_teams(cup: CupState, settings: Settings | None) -> list[Problem]:
    """§1.5.16: a recorded result's teams are the drawn teams."""
    drawn, out = _drawn(cup), []
    for rec in cup.records:
        m, dm = rec.match, drawn.get((rec.match.round, rec.match.match))
        if dm is not None and {m.home, m.away} != set(dm.teams):
            out.append(_error("1.5.16", Msg('{}: teams {}/{} are not the drawn teams {}/{} of {}', rec.rel,
                                            m.home, m.away, dm.teams[0], dm.teams[1], m.match), _where(rec),
                              code="sheet.teams"))
    return out


@invariant("result.winner-is-a-team", "1.5.10")
def result_winner_is_a_team(cup: CupState, settings: Settings | None) -> list[Problem]:
    """§1.5.10: the winner and the loser of a recorded match are its two drawn teams."""
    drawn, out = _drawn(cup), []
    for rec in cup.records:
        m, dm = rec.match, drawn.get((rec.match.round, rec.match.match))
        if dm is not None and {m.winner, m.loser} != set(dm.teams):
            out.append(_error("1.5.10", Msg('{}: winner {} and loser {} are not the two teams of {}', rec.rel,
                                            m.winner, m.loser, m.match), _where(rec), code="result.winner"))
    return out


@invariant("result.gp-sum", "1.5.10")
def result_gp_sum(cup: CupState, settings: Settings | None) -> list[Problem]:
    """§1.5.10: the GP shared out on a result add up to the round's GP (less a §1.5.14 penalty)."""
    from .cup.gp import ROUND_GP

    out = []
    for rec in cup.records:
        m = rec.match
        if m.kind != "result" or not rec.gp or m.round not in ROUND_GP or rec.data.get("penalty"):
            continue
        total, expected = sum(rec.gp.values()), ROUND_GP[m.round] * 100
        if total != expected:
            out.append(_error("1.5.10", Msg('{}: GP shares add up to {}; round {} gives {} GP', rec.rel,
                                            f'{total / 100:.2f}', m.round, expected // 100), _where(rec),
                              code="result.gp-sum"))
    return out


# --------------------------------------------------------------------------- across rounds
def _drawn_teams(cup: CupState) -> dict[int, frozenset[str]]:
    """Round -> every team in its draw (matches and byes)."""
    return {r: frozenset([t for m in d.matches for t in m.teams] + list(d.byes)) for r, d in cup.draws.items()}


@invariant("draw.winner-went-through", "1.5.16")
def winner_went_through(cup: CupState, settings: Settings | None) -> list[Problem]:
    """§1.5.16: once a later round is drawn, the team that went through is the recorded
    winner: the loser of a recorded match is in no later draw, the winner is in the next one."""
    drawn, teams, out = _drawn(cup), _drawn_teams(cup), []
    rounds = sorted(cup.draws)
    for rec in cup.records:
        m = rec.match
        dm = drawn.get((m.round, m.match))
        if dm is None or {m.winner, m.loser} != set(dm.teams):
            continue        # result.drawn-match / result.winner-is-a-team say so
        later = [r for r in rounds if r > m.round]
        for r in later:
            if m.loser in teams[r]:
                out.append(_error("1.5.16", Msg('{} lost {} ({}) but is drawn in round {} '
                                                '(cup/draws/round-{}.yaml)', m.loser, m.match, rec.rel, r,
                                                f'{r:02d}'),
                                  _where(rec), Msg('the TD must settle this by hand: redraw round {} (dbf '
                                                   'draw cup --round {} --force) or amend {}', r, r, m.match),
                                  code="bracket.winner-went-through"))
        if later and later[0] == m.round + 1 and m.winner not in teams[later[0]]:
            out.append(_error("1.5.16", Msg('{} won {} ({}) but is not in the draw of round {} '
                                            '(cup/draws/round-{}.yaml)', m.winner, m.match, rec.rel, later[0],
                                            f'{later[0]:02d}'), _where(rec), Msg('redraw round {} with --force',
                                                                                                              later[0]),
                              code="bracket.winner-went-through"))
    return out


@invariant("draw.team-once", "1.5.16")
def draw_team_once(cup: CupState, settings: Settings | None) -> list[Problem]:
    """§1.5.16: a team is drawn once in a round (one match or one bye)."""
    out = []
    for r, d in sorted(cup.draws.items()):
        seen: set[str] = set()
        for team in [t for m in d.matches for t in m.teams] + list(d.byes):
            if team in seen:
                out.append(_error("1.5.16", Msg('{} is drawn twice in round {}', team, r),
                                  Where(f"cup/draws/round-{r:02d}.yaml", None),
                                  Msg('redraw the round (dbf draw cup --round {} --force)', r),
                                  code="bracket.team-once"))
            seen.add(team)
    return out


@invariant("draw.pending-place", "1.5.16")
def pending_place_named(cup: CupState, settings: Settings | None) -> list[Problem]:
    """§1.5.16 with §1.5.6: a pending place ("winner of C1-032") names a match of the previous
    drawn round that has a recorded dispensation (only such a match may be unplayed at the draw)."""
    from .cup.draw_pending import places_named

    out, rounds = [], sorted(cup.draws)
    for i, r in enumerate(rounds):
        prev = cup.draws[rounds[i - 1]] if i else None
        for mid in places_named(cup.draws[r]):
            agreed = cup.schedule.get(mid)
            if prev is None or prev.match(mid) is None:
                why = Msg('{} is not a match of round {}', mid, prev.round if prev else Msg('before it'))
            elif not getattr(agreed, "dispensation", None):
                why = Msg('{} has no recorded dispensation (§1.5.6)', mid)
            else:
                continue
            out.append(_error("1.5.16", Msg('round {} has a pending place for the winner of {}, but {}', r,
                                            mid, why),
                              Where(f"cup/draws/round-{r:02d}.yaml", None),
                              Msg('record the dispensation (dbf schedule cup set {} --dispensation WHY) '
                                  'or redraw round {} (dbf draw cup --round {} --force)', mid, r, r),
                              code="bracket.pending-place"))
    return out


@invariant("draw.pending-filled", "1.5.16")
def pending_place_filled(cup: CupState, settings: Settings | None) -> list[Problem]:
    """§1.5.16: a filled pending place holds the recorded winner of the match it names; an
    unfilled one waits for a match that has no result yet."""
    from .cup.draw_pending import awaited, filled_places

    out = []
    for r, d in sorted(cup.draws.items()):
        for mid, team in filled_places(d):
            rec = cup.record(mid)
            winner = rec.match.winner if rec is not None else None
            if (team != winner) if rec is not None else (awaited(team) != mid):
                out.append(_error("1.5.16", Msg('the pending place of round {} for the winner of {} holds '
                                                "{}, but {}'s recorded winner is {}", r, mid, team, mid,
                                                winner or 'not known yet'),
                                  Where(f"cup/draws/round-{r:02d}.yaml", None), code="bracket.pending-place"))
    return out


@invariant("round.player-on-one-team", "1.5.12a")
def player_on_one_team(cup: CupState, settings: Settings | None) -> list[Problem]:
    """§1.5.12a: no player represents two teams in the same round."""
    team_of: dict[tuple[int, int], tuple[str, str]] = {}
    out = []
    for rec in cup.records:
        for a in rec.match.appearances:
            key = (rec.match.round, a.player)
            first = team_of.setdefault(key, (a.team, rec.match.match))
            if first[0] != a.team:
                out.append(_error("1.5.12a", Msg('player {} plays for {} ({}) and for {} ({}) in round {}',
                                                 a.player, first[0], first[1], a.team, rec.match.match,
                                                 rec.match.round), _where(rec), code="player.two-teams"))
    return out


@invariant("travel.drawn-match", "1.5.17")
def travel_drawn_match(cup: CupState, settings: Settings | None) -> list[Problem]:
    """§1.5.17: a travel claim is for a drawn match and one of its two teams."""
    out = []
    for claim in cup.travel:
        dm = cup.drawn_match(claim.match)
        if dm is None or claim.team not in dm.teams:
            out.append(_error("1.5.17", Msg('a travel claim of {} for {}, which {}', claim.team, claim.match,
                                            Msg('is not a drawn match') if dm is None else Msg('it does not play')),
                              Where(claim.file or f"cup/travel/{claim.match}-{claim.team}.yaml", 1),
                              Msg('remove the file or record the claim again (dbf travel claim)'),
                              code="travel.not-drawn"))
    return out


# --------------------------------------------------------------------------- teams
@invariant("team.can-field-a-side", "1.5.11")
def team_can_field_a_side(cup: CupState, settings: Settings | None) -> list[Problem]:
    """§1.5.11 with §1.5.12: every team still in the cup can field a legal side for its next
    match: its players (roster, additions, joined substitutes, less those withdrawn) are at
    most 6, else every sheet of it would be refused (§1.5.11)."""
    from .sheet.players import TEAM_MAXIMUM, team_players

    out_teams = {rec.match.loser for rec in cup.records}
    joins = [j for rec in cup.records for j in rec.joins]
    out = []
    for team in cup.teams:
        if team.id in out_teams:
            continue
        players = team_players(team, cup.additions, joins, cup.withdrawals)
        if len(players) > TEAM_MAXIMUM:
            out.append(_error("1.5.11", Msg('{} has {} players with its additions and joined substitutes; '
                                            'a team has at most {}, so it cannot play its next match', team.id,
                                            len(players), TEAM_MAXIMUM), team.where or Where("cup/teams.yaml", None),
                              Msg('withdraw a player who has not played: dbf cup withdraw-player {} '
                                  'MEMBER', team.id), code="roster.too-many-players"))
    return out


# --------------------------------------------------------------------------- divisions
#: the invariants of one division's recorded state: ``fn(division_state, settings) -> [Problem]``
DIVISION_INVARIANTS: list[Invariant] = []
DIV_REPAIR = Msg('restore the file with `dbf undo` or from git, or re-record the match with `dbf result '
                 'amend`')


def division_invariant(name: str, rule: str | None, code: str | None = None) -> Callable[[_Check], _Check]:
    """Register ``fn(division_state, settings) -> [Problem]`` as the division invariant ``name``
    (``rule``: the 1st division's §; each problem carries its own division's §, §1.1.2.1,
    §1.1.3.1 or §1.1.4.1)."""

    def register(fn: _Check) -> _Check:
        DIVISION_INVARIANTS.append(Invariant(name, rule, fn, (fn.__doc__ or "").strip().splitlines()[0], code))
        return fn
    return register


def _all_play_all_rule(state: DivisionState) -> str:
    from .model import all_play_all_rule

    return all_play_all_rule(state.id)


def _entered(state: DivisionState) -> bool:
    """The division has teams (else ``state.not-entered`` says so, and there is nothing to check)."""
    return state.division is not None and bool(state.division.teams)


def _rounds(state: DivisionState, settings: Settings | None) -> "Sequence[Round] | None":
    """The division's schedule: the frozen one, else the one its entry order gives."""
    if state.frozen is not None:
        return state.frozen
    if settings is None or state.schedule_unreadable or state.division is None:
        return None           # the schedule's reader says why (no teams: state.not-entered)
    from .divisions.roundrobin import division_schedule

    return division_schedule(state.division, settings.division(state.id))


@division_invariant("div.result-scheduled", "1.1.2.1")
def div_result_scheduled(state: DivisionState, settings: Settings | None) -> list[Problem]:
    """§1.1.2.1 (§1.1.3.1, §1.1.4.1): a recorded division match is a match of its division's
    (or group's) schedule: the id exists, it is no bye, its round and teams are the scheduled ones."""
    from .divisions.standings import check_against_schedule

    rounds = _rounds(state, settings) if _entered(state) else None
    return [] if rounds is None else check_against_schedule(state.results, rounds)


@division_invariant("div.result-teams", "1.1.2.1")
def div_result_teams(state: DivisionState, settings: Settings | None) -> list[Problem]:
    """§1.1.2.1 (§1.1.3.1, §1.1.4.1): a recorded match is between two different teams of the division."""
    if not _entered(state):
        return []
    rule, teams, out = _all_play_all_rule(state), {t.id for t in (state.division.teams if state.division else ())}, []
    for r in state.results:
        out += [Problem.error(rule, Msg('{}: team {} is not in {}', r.match_id, f'{side!r}', state.id), r.where,
                              hint=Msg('see `dbf division teams {}`', state.id), code="div.result-teams")
                for side in (r.home, r.away) if side not in teams]
        if r.home == r.away:
            out.append(Problem.error(rule, Msg('{}: {} cannot play itself', r.match_id, r.home), r.where,
                                     code="div.result-teams"))
    return out


@division_invariant("div.record-once", "1.1.2.1")
def div_record_once(state: DivisionState, settings: Settings | None) -> list[Problem]:
    """§1.1.2.1 (§1.1.3.1, §1.1.4.1): a division match is recorded once."""
    rule, seen, out = _all_play_all_rule(state), set(), []
    for r in state.results:
        if r.match_id in seen:
            out.append(Problem.error(rule, Msg('{} is recorded twice', r.match_id), r.where, hint=Msg('remove one of them'),
                                     code="div.record-once"))
        seen.add(r.match_id)
    return out


def _meetings(rounds: Iterable[Round]) -> dict[frozenset[str], int]:
    """How often each pair of teams meets in the schedule (byes left out)."""
    out: dict[frozenset[str], int] = {}
    for rnd in rounds:
        for m in rnd.matches:
            if m.away is not None:
                pair = frozenset((m.home, m.away))
                out[pair] = out.get(pair, 0) + 1
    return out


@division_invariant("div.pair-meets-as-scheduled", "1.1.2.1")
def div_pair_meets_as_scheduled(state: DivisionState, settings: Settings | None) -> list[Problem]:
    """§1.1.2.1 (§1.1.3.1, §1.1.4.1): two teams are recorded against each other no more often
    than the schedule has them meet (once in the all-play-all)."""
    rounds = _rounds(state, settings) if _entered(state) else None
    meetings = _meetings(rounds) if rounds is not None else {}
    rule, out = _all_play_all_rule(state), []
    played: dict[frozenset[str], list[str]] = {}
    for r in state.results:
        pair = frozenset((r.home, r.away))
        if r.home == r.away or r.match_id in played.get(pair, []):
            continue          # div.result-teams / div.record-once say so
        played.setdefault(pair, []).append(r.match_id)
        times = played[pair]
        if len(times) > meetings.get(pair, 1):
            out.append(Problem.error(rule, Msg('{} and {} meet {} in the {} schedule; recorded {} '
                                               '({})', r.home, r.away, Msg.counted(meetings.get(pair, 1), "time"),
                                               state.id, Msg.counted(len(times), "time"), ', '.join(times)),
                                     r.where, hint=DIV_REPAIR, code="div.pair-meets-as-scheduled"))
    return out


@division_invariant("div.team-once-a-round", "1.1.2.1")
def div_team_once_a_round(state: DivisionState, settings: Settings | None) -> list[Problem]:
    """§1.1.2.1 (§1.1.3.1, §1.1.4.1): a team plays one match a round."""
    rule, out = _all_play_all_rule(state), []
    busy: dict[tuple[int, str], str] = {}
    for r in state.results:
        for side in {r.home, r.away}:
            first = busy.setdefault((r.round, side), r.match_id)
            if first != r.match_id:
                out.append(Problem.error(rule, Msg('{}: {} already plays {} in round {}', r.match_id, side,
                                                   first, r.round),
                                         r.where, hint=DIV_REPAIR, code="div.team-once-a-round"))
    return out


@division_invariant("div.result-figures", "1.1.2.1")
def div_result_figures(state: DivisionState, settings: Settings | None) -> list[Problem]:
    """§1.1.2.1 (§1.1.3.1, §1.1.4.1): a recorded match has IMP totals >= 0 and boards; a
    division match is 36 boards with screens, 40 without (another count: a warning)."""
    rule, out = _all_play_all_rule(state), []
    for r in state.results:
        if r.imps_home < 0 or r.imps_away < 0:
            out.append(Problem.error(None, Msg('{}: IMP totals are >= 0, not {}-{}', r.match_id, r.imps_home,
                                               r.imps_away),
                                     r.where, code="format.result"))
        if r.boards <= 0:
            out.append(Problem.error(rule, Msg('{}: {} boards; a match has boards', r.match_id, r.boards), r.where,
                                     code="div.result-figures"))
        elif r.boards not in (36, 40):
            out.append(Problem.warning(rule, Msg('{}: {}; a division match is 36 boards with '
                                                 'screens, 40 without', r.match_id, Msg.counted(r.boards, "board")), r.where,
                                       code="div.boards"))
    return out


@division_invariant("div.vp-within-scale", "1.1.2.1")
def div_vp_within_scale(state: DivisionState, settings: Settings | None) -> list[Problem]:
    """§1.1.2.1 (§1.1.3.1, §1.1.4.1) with the season's VP scale: the VP of every recorded match
    are within the scale (0 to its total each) and add up to its total, so the table's VP
    add up to the total times the matches counted (a custom table file is checked by its reader)."""
    from .divisions.vp import builtin_scale, format_vp, match_vp

    scale = builtin_scale(settings.vp_scale) if settings is not None else None
    if scale is None:
        return []
    rule, out = _all_play_all_rule(state), []
    for r in state.results:
        if r.boards <= 0 or r.imps_home < 0 or r.imps_away < 0:
            continue          # the reader and div.result-teams say so
        vh, va = match_vp(scale, r.imps_home, r.imps_away, r.boards)
        if not (0 <= vh <= scale.total and 0 <= va <= scale.total and vh + va == scale.total):
            out.append(Problem.error(rule, Msg('{}: {}-{} VP are not within the {} scale (0 to {}, adding '
                                               'up to it)', r.match_id, format_vp(vh), format_vp(va),
                                               scale.name, format_vp(scale.total)),
                                     r.where, hint=Msg('check imps and boards of {}', r.match_id),
                                     code="div.vp-within-scale"))
    return out


def check_division(state: DivisionState, settings: Settings | None, only: Iterable[str] | None = None) -> list[Problem]:
    """Every division invariant (or those named in ``only``) over one division of a snapshot."""
    return _run(DIVISION_INVARIANTS, state, settings, only)


def check_divisions(divisions: Mapping[str, DivisionState], settings: Settings | None) -> list[Problem]:
    """Every division invariant over every division (``divisions``: id -> DivisionState)."""
    return [p for div in sorted(divisions) for p in check_division(divisions[div], settings)]


# --------------------------------------------------------------------------- the standings: play-off and lots
#: the invariants of what the final tables decide, over all divisions at once:
#: ``fn(standings_state, settings) -> [Problem]`` (``StandingsState``, rules/seasonstate.py)
STANDINGS_INVARIANTS: list[Invariant] = []


def standings_invariant(name: str, rule: str | None, code: str | None = None) -> Callable[[_Check], _Check]:
    """Register ``fn(standings_state, settings) -> [Problem]`` as the standings invariant ``name``."""

    def register(fn: _Check) -> _Check:
        STANDINGS_INVARIANTS.append(Invariant(name, rule, fn, (fn.__doc__ or "").strip().splitlines()[0], code))
        return fn
    return register


def _table(state: StandingsState, div: str) -> "Standings | None":
    """The table of ``div`` as `dbf standings` ranks it (its recorded lots applied), or None
    when the division has no teams."""
    from .divisions.standings import standings
    from .divisions.vp import WBF20

    d = state.divisions.get(div)
    if d is None or d.division is None or not d.division.teams:
        return None
    return standings(d.division, d.results, state.scale or WBF20, state.lots)[0]


def _no_teams(div: str) -> str:
    return f"{div} has no teams"


def _runners_up(state: StandingsState) -> tuple[str, str] | None:
    """§1.1.4.2: the two 3rd-division groups' runners-up, when both groups have two teams."""
    tables = [_table(state, g) for g in ("3div-a", "3div-b")]
    if all(t is not None and len(t.rows) >= 2 for t in tables):
        return tables[0].rows[1].team, tables[1].rows[1].team   # type: ignore[union-attr]
    return None


@standings_invariant("playoff.carry-over", "1.1.2.10")
def playoff_carry_over(state: StandingsState, settings: Settings) -> list[Problem]:
    """§1.1.2.10: every recorded play-off match is decided counting the IMPs carried over from
    its teams' round-robin match (§1.1.2.11), between the teams the final table gives it
    (§1.1.2.5, §1.1.2.6, §1.1.2.8, §1.1.4.2), in its structure (§1.1.2.7)."""
    from .divisions.playoff import MutualResult, check_recorded, results_known_on

    pf = state.playoff
    if pf is None:
        return []
    table = _table(state, "1div")
    if table is None:
        return [Problem.error("1.1.2.5", Msg('play-off recorded, but: {}', _no_teams('1div')), pf.where,
                              code="playoff.teams")]
    results = state.divisions["1div"].results
    weekends = settings.division("1div").weekends
    known = results_known_on(pf.results_known_on, weekends)
    return check_recorded(tuple(r.team for r in table.rows),
                          [MutualResult(r.home, r.away, r.imps_home, r.imps_away) for r in results], pf.seed,
                          pf.results, choice=pf.choice, chosen_on=pf.chosen_on, results_known_on=known,
                          choice_days=settings.playoff.choice_days, complete=table.complete,
                          runners_up=_runners_up(state) if "3div-PO" in pf.results else None, where=pf.wheres,
                          lots=state.lots) + _order_lots_drawn(state, pf)


def _order_lots_drawn(state: StandingsState, pf: PlayoffRecord) -> list[Problem]:
    """§1.1.2.5/§1.1.2.8 (§1.1.4.2): a recorded play-off result stands on the final table's order,
    so every lot that decides who plays it (the 1st division's top 4, a 3rd-division group's first
    two: rules.divisions.playoff.open_order_lots) is drawn; a lot taken back from under it is refused."""
    from .divisions.playoff import PO3, open_order_lots
    from .divisions.standings import pending_lots

    out = []
    for div, places, played in (("1div", 4, any(m != PO3 for m in pf.results)),
                                ("3div-a", 2, PO3 in pf.results), ("3div-b", 2, PO3 in pf.results)):
        table = _table(state, div) if played else None
        if table is None or not table.complete:
            continue
        for lot in open_order_lots(pending_lots(div, table.rows), tuple(r.team for r in table.rows), places):
            out.append(Problem.error(lot.rule, Msg('play-off results are recorded, but the lot among {} '
                                                   '({}) is not drawn', ', '.join(lot.teams), lot.what), pf.where, hint=lot.command(),
                                     code="playoff.recorded-before-lot"))
    return out


@standings_invariant("lot.still-tied", "1.1.3.2")
def lot_still_tied(state: StandingsState, settings: Settings) -> list[Problem]:
    """§1.1.3.2: a recorded standings lot decides only what every tie-break leaves open: its
    teams are still level after every tie-break in the table now."""
    tables: dict[str, Standings | None] = {}
    out = []
    for lot, where in zip(state.lots, state.lot_wheres):
        if lot.key not in ("1div", "2div", "3div-a", "3div-b"):
            continue
        if lot.key not in tables:
            tables[lot.key] = _table(state, lot.key)
        table = tables[lot.key]
        if table is None:
            continue
        rows = [r for r in table.rows if r.team in lot.teams]
        if not (len(rows) == len(lot.teams) and all(r.lot_drawn for r in rows)):
            out.append(Problem.error(lot.rule, Msg('lot {} among {}: these teams are not tied after every '
                                                   'tie-break in the table now', lot.key, ', '.join(lot.teams)), where,
                                     hint=Msg('a result changed since the draw: remove the lot (dbf lot '
                                              'remove {} --teams {}) and draw again if a tie remains', lot.key,
                                              ','.join(lot.teams)), code="lot.not-tied"))
    return out


def check_standings(state: StandingsState, settings: Settings) -> list[Problem]:
    """Every standings invariant (the play-off, the lots) over a :class:`StandingsState`."""
    return [p for inv in STANDINGS_INVARIANTS for p in inv.check(state, settings)]


# --------------------------------------------------------------------------- running them
def check_cup(cup: CupState, settings: Settings | None, only: Iterable[str] | None = None) -> list[Problem]:
    """Every invariant (or those named in ``only``) over the cup of a snapshot."""
    return _run(INVARIANTS, cup, settings, only)


def _run(invariants: Iterable[Invariant], state: object, settings: Settings | None,
         only: Iterable[str] | None) -> list[Problem]:
    """The problems of each of ``invariants`` (those named in ``only``, if given) over ``state``."""
    names = None if only is None else set(only)
    return [p for inv in invariants if names is None or inv.name in names for p in inv.check(state, settings)]


def new_breaks(before: Iterable[Problem], after: Iterable[Problem]) -> list[Problem]:
    """The problems of ``after`` (the state a write would produce) that ``before`` (today's
    state) does not have: what the write would break."""
    known = {(p.rule, p.message) for p in before}
    return [p for p in after if p.is_error and (p.rule, p.message) not in known]


def _empty() -> CupState:
    from .seasonstate import CupState

    return CupState()
