"""Recorded division matches (``divisions/matches/<match>.yaml``) and VP table files.

A recorded division match (written by ``dbf result submit`` for a division sheet)::

    schema: 1
    match: 1div-R01-03
    division: 1div
    round: 1
    home: ODE-A
    away: GEN-A
    boards: 36
    imps: [84, 61]          # totals, all segments
    ...                     # more keys (segments, players, ...) are allowed

The result-sheet form is read too: ``home: {team: ODE-A, players: [...]}`` and, without
``imps``/``boards``, the totals of ``segments`` (``[h, a]`` = 8 boards, or ``{boards, imps}``).
``check_season`` (run by ``dbf check``) checks every record against its division's schedule.

The division's schedule, once frozen (``divisions/schedule-<div>.yaml``, written by
``dbf schedule DIV --freeze`` and by the first recorded result)::

    schema: 1
    division: 1div
    teams: [ODE-A, KBH-A, ...]    # the entry order the schedule was made from
    rounds:
      - round: 1
        matches:
          - {id: 1div-R01-01, home: ODE-A, away: GEN-A}
          - {id: 1div-R01-07, home: AAL-A, away: null}     # a bye

From then on :func:`season_schedule` returns the stored one (dates still follow
season.toml), so a change of the algorithm or of the roster never renumbers a match.

A VP table file (``vp_scale = "vp/club.yaml"`` in season.toml, path inside the season)::

    schema: 1
    name: club 20-VP bands
    total: 20               # optional, VP of a whole match
    table:                  # from this IMP margin on, the winner gets this VP
      0: 10
      3: 11
      8: 12.5
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

from decimal import Decimal, InvalidOperation

import msgspec

from ...rules.model import DIVISIONS, Division, match_division
from ...rules.divisions.roundrobin import Round
from ...rules.settings import DivisionSettings
from ...rules.problems import Msg, Problem, Where
from ...rules.divisions.standings import DivResult
from ...rules.divisions.vp import VPScale, builtin_scale, table_scale
from ..schema import convert
from ..season import SeasonStore, StoreError
from ..yamlio import YamlDoc

MATCHES = "divisions/matches"
SCHEMA = 1


def schedule_file(division_id: str) -> str:
    """``divisions/schedule-1div.yaml``."""
    return f"divisions/schedule-{division_id}.yaml"


class _FrozenMatchIn(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    home: str
    away: str | None = None


class _FrozenRoundIn(msgspec.Struct, forbid_unknown_fields=True):
    round: int
    matches: list[_FrozenMatchIn]


class FrozenScheduleIn(msgspec.Struct, forbid_unknown_fields=True):
    division: str
    teams: list[str]
    rounds: list[_FrozenRoundIn]
    frozen_on: str | None = None
    schema: int = SCHEMA


class DivMatchIn(msgspec.Struct):
    """The keys standings need; every other key of the file is left alone. ``home``/``away``
    may be a team id or a result sheet's side (``{team: ID, players: ...}``); ``imps`` may be
    left out when ``segments`` give them (``[home, away]`` = 8 boards, or ``{boards, imps}``)."""

    match: str
    round: int
    home: str | dict
    away: str | dict
    boards: int | None = None
    imps: tuple[int, int] | None = None
    segments: list | None = None
    division: str | None = None
    schema: int = SCHEMA


class VPTableIn(msgspec.Struct, forbid_unknown_fields=True):
    table: dict[int, float | int | str]
    name: str | None = None
    total: float | int = 20
    schema: int = SCHEMA




def _side_team(parsed, key: str, doc: YamlDoc, problems: list[Problem]):
    value = getattr(parsed, key)
    team = value.get("team") if isinstance(value, dict) else value
    if not isinstance(team, str) or not team:
        problems.append(Problem.error(None, Msg('{}: a team id (or a side with `team:`)', key), doc.where(key), code="format.result"))
    return team


def _imps_and_boards(parsed, doc: YamlDoc, problems: list[Problem]):
    """``imps`` and ``boards`` as given, else from the segments; a problem for each missing."""
    imps, boards = parsed.imps, parsed.boards
    if imps is None or boards is None:
        seg_imps, seg_boards = _segments(parsed.segments, doc, problems)
        imps = imps if imps is not None else seg_imps
        boards = boards if boards is not None else seg_boards
    if imps is None:
        problems.append(Problem.error(None, Msg('imps: [home, away] (or segments) missing'), doc.where("match"), code="format.result"))
    if boards is None:
        problems.append(Problem.error(None, Msg('boards missing'), doc.where("match"), code="format.result"))
    elif not 1 <= boards <= 200:
        problems.append(Problem.error("1.1.2.1", Msg('boards = {}: a division match is 36 or 40 boards',
                                                     boards),
                                      doc.where("boards"), code="div.boards"))
    elif imps is not None and not all(0 <= x <= 24 * boards for x in imps):
        problems.append(Problem.error(None, Msg('imps {}: each team wins 0 to {} IMPs in {} (at '
                                                'most 24 a board, Law 78B)', list(imps), 24 * boards,
                                                Msg.counted(boards, "board")), doc.where("imps"), code="format.result"))
    return imps, boards


def _misplaced(parsed, division: str | None, doc: YamlDoc) -> list[Problem]:
    """The match id of another division than the file's; a file not named by its match id."""
    problems = []
    if division is not None and match_division(parsed.match) not in (None, division):
        problems.append(Problem.error(None, Msg('match {} is not a {} match', parsed.match, division), doc.where("match"), code="format.mismatch"))
    name = doc.file.rsplit("/", 1)[-1]
    if name != f"{parsed.match}.yaml":
        problems.append(Problem.warning(None, Msg('file {} holds match {}', name, parsed.match), doc.where("match"),
                                        hint=Msg('name it {}.yaml', parsed.match), code="format.mismatch"))
    return problems


def parse_div_match(doc: YamlDoc) -> tuple[DivResult | None, str | None, list[Problem]]:
    """One recorded match file -> ``(result, division, problems)``."""
    if not isinstance(doc.data, dict):
        return None, None, [Problem.error(None, Msg('a recorded division match is a YAML mapping'), doc.where(), code="format.result")]
    parsed, problems = convert(doc, DivMatchIn)
    if parsed is None:
        return None, None, problems
    if parsed.schema != SCHEMA:
        return None, None, [Problem.error(None, Msg('schema {}: this dbf reads schema {}', parsed.schema,
                                                    SCHEMA),
                                          doc.where("schema"), code="format.schema-version")]
    sides = [_side_team(parsed, key, doc, problems) for key in ("home", "away")]
    imps, boards = _imps_and_boards(parsed, doc, problems)
    if any(p.is_error for p in problems):
        return None, parsed.division or match_division(parsed.match), problems
    division = parsed.division or match_division(parsed.match)
    problems += _misplaced(parsed, division, doc)
    result = DivResult(parsed.match, parsed.round, sides[0], sides[1], imps[0], imps[1], boards, doc.where("match"))
    return result, division, problems


def _segments(segments, doc: YamlDoc, problems: list[Problem]) -> tuple[tuple[int, int] | None, int | None]:
    """IMP totals and boards from a result sheet's segments (8 boards unless given)."""
    if not segments:
        return None, None
    home = away = boards = 0
    for i, seg in enumerate(segments):
        size, pair = 8, seg
        if isinstance(seg, dict):
            size, pair = seg.get("boards", 8), seg.get("imps")
        if (not isinstance(pair, (list, tuple)) or len(pair) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in (*pair, size))):
            problems.append(Problem.error(None, Msg('segments[{}]: [home, away] IMPs, or {{boards, imps}}', i),
                                          doc.where("segments", i), code="format.result"))
            return None, None
        home, away, boards = home + pair[0], away + pair[1], boards + size
    return (home, away), boards


def _parsed_matches(store: SeasonStore, problems: list[Problem]):
    """``parse_div_match`` of every recorded division match; unreadable files go to ``problems``.
    Each file is parsed once a process while it is unchanged (``dbf check`` reads the results
    of every division for several checkers: 12 times on a full season); within
    :func:`read_once` (``dbf check``, which writes nothing) the folder is read once."""
    memo = _ONCE.get()
    if memo is not None and id(store) in memo:
        _, found, unreadable = memo[id(store)]
        problems += unreadable
        yield from found
        return
    found, unreadable = [], []
    for rel in store.list(MATCHES):
        try:
            found.append(store.read_parsed(rel, _parse_div_match_once, keep=_DIV_MATCH_VALUE))
        except StoreError as exc:
            unreadable += exc.problems
    if memo is not None:
        memo[id(store)] = (store, found, unreadable)   # the store kept: its id is not reused
    problems += unreadable
    yield from found


_ONCE: ContextVar[dict | None] = ContextVar("division_matches_once", default=None)


@contextmanager
def read_once(store: SeasonStore) -> Iterator[None]:
    """The recorded division matches read once for the stores of a read-only run (issue 27:
    ``dbf check``'s readers read the folder 12 times, half of check on the example season);
    the read values are immutable, so every reader gets the same ones."""
    token = _ONCE.set({})
    try:
        yield
    finally:
        _ONCE.reset(token)


#: what a recorded division match file is read into, kept typed in the parse cache (store.read_parsed)
_DIV_MATCH_VALUE = tuple[DivResult | None, str | None, tuple[Problem, ...]]


def _parse_div_match_once(doc: YamlDoc) -> tuple[DivResult | None, str | None, tuple[Problem, ...]]:
    result, division, problems = parse_div_match(doc)
    return result, division, tuple(problems)


def load_div_results(store: SeasonStore, division_id: str) -> tuple[list[DivResult], list[Problem]]:
    """The recorded matches of one division, in file order, and every problem found.

    A malformed file is reported (not raised) so that all of them are listed at once."""
    results: list[DivResult] = []
    problems: list[Problem] = []
    for result, division, found in _parsed_matches(store, problems):
        if division not in (None, division_id):
            continue
        problems += found
        if result is not None and division == division_id:
            results.append(result)
    return results, problems


def schedule_data(division: Division, rounds, frozen_on: str | None = None) -> dict:
    """The frozen-schedule file's data (see the module docstring)."""
    data: dict = {"schema": SCHEMA, "division": division.id, "teams": [t.id for t in division.teams]}
    if frozen_on:
        data["frozen_on"] = frozen_on
    data["rounds"] = [{"round": r.number, "matches": [{"id": m.id, "home": m.home, "away": m.away}
                                                       for m in r.matches]} for r in rounds]
    return data


def load_frozen(store: SeasonStore, division_id: str, settings: DivisionSettings
                ) -> tuple[tuple[Round, ...] | None, tuple[str, ...], list[Problem]]:
    """``(rounds, teams it was made for, problems)`` of the stored schedule; rounds None when
    the division has no stored schedule (or it cannot be read: then ``problems`` say why)."""
    from ...rules.divisions.roundrobin import frozen_schedule

    try:
        doc = store.read_yaml(schedule_file(division_id), required=False)
    except StoreError as exc:
        return None, (), exc.problems
    if doc is None:
        return None, (), []
    parsed, problems = convert(doc, FrozenScheduleIn)
    if parsed is None:
        return None, (), problems
    if parsed.schema != SCHEMA or parsed.division != division_id:
        return None, (), [Problem.error(None, Msg('{}: schema {} of division {}; expected schema {} of {}',
                                                  doc.file, parsed.schema, parsed.division, SCHEMA,
                                                  division_id), doc.where("division"), code="format.schema-version")]
    rounds = frozen_schedule(division_id, [(r.round, [(m.id, m.home, m.away) for m in r.matches])
                                           for r in parsed.rounds], settings)
    return rounds, tuple(parsed.teams), []


def season_schedule(store: SeasonStore, division: Division, settings: DivisionSettings) -> tuple[Round, ...]:
    """The division's schedule: the stored one when frozen, else computed from the entry order
    (:func:`dbfcli.rules.divisions.roundrobin.division_schedule`). An unreadable stored schedule raises
    :class:`StoreError` (exit 2): guessing match ids would be worse."""
    from ...rules.divisions.roundrobin import division_schedule

    rounds, _, problems = load_frozen(store, division.id, settings)
    if problems:
        raise StoreError(problems)
    return rounds if rounds is not None else division_schedule(division, settings)


def freeze_schedule(tx, store: SeasonStore, division: Division, settings: DivisionSettings,
                    on: str | None = None, refreeze: bool = False) -> bool:
    """Write ``divisions/schedule-<div>.yaml`` in transaction ``tx`` unless it exists (or
    ``refreeze``). Returns True when it writes. ``dbf result submit`` should call it in the
    transaction that records a division's first result."""
    from ...rules.divisions.roundrobin import division_schedule

    rel = schedule_file(division.id)
    if store.exists(rel) and not refreeze:
        return False
    tx.write_yaml(rel, schedule_data(division, division_schedule(division, settings), on),
                  header=f"{division.id} schedule, frozen: match ids never change (dbf schedule {division.id} --freeze)")
    return True


def refreeze_refusal(store: SeasonStore, division_id: str) -> Problem | None:
    """A stored schedule is never replaced once a result of the division is recorded: the
    results use its match ids. The problem (exit 2) or None."""
    results, _ = load_div_results(store, division_id)
    if not results:
        return None
    return Problem.error(None, Msg('{} {} result is recorded with the stored match ids; the schedule can no longer change'
                                   if len(results) == 1 else '{} {} results are recorded with the stored match ids; '
                                   'the schedule can no longer change', len(results), division_id),
                         hint=Msg('correct the roster instead, or undo the results'), code="state.has-results")


def _hundredths(value, where, problems: list[Problem]) -> int | None:
    try:
        d = Decimal(str(value)) * 100
    except InvalidOperation:
        problems.append(Problem.error(None, Msg('VP {} is not a number', f'{value!r}'), where, code="format.result"))
        return None
    if d != d.to_integral_value():
        problems.append(Problem.error(None, Msg('VP {} has more than 2 decimals', value), where, code="format.result"))
        return None
    return int(d)


def load_vp_scale(store: SeasonStore, name: str) -> tuple[VPScale | None, list[Problem]]:
    """``"wbf-20"`` -> the WBF scale; otherwise ``name`` is a VP table file in the season."""
    scale = builtin_scale(name)
    if scale is not None:
        return scale, []
    try:
        doc = store.read_yaml(name, required=False)
    except StoreError as exc:
        return None, exc.problems
    if doc is None:
        return None, [Problem.error(None, Msg('vp_scale = {}: no such scale and no such file in the '
                                              'season', f'{name!r}'),
                                    _setting_where(store, "vp_scale"), code="unknown.scale",
                                    hint=Msg('use "wbf-20" or the path of a VP table file, e.g. '
                                             '"vp/club.yaml"'))]
    parsed, problems = convert(doc, VPTableIn)
    if parsed is None:
        return None, problems
    total = _hundredths(parsed.total, doc.where("total"), problems)
    table = {}
    for margin, vp in parsed.table.items():
        h = _hundredths(vp, doc.where("table", margin), problems)
        if h is not None:
            table[margin] = h
    if problems or total is None:
        return None, problems
    return table_scale(parsed.name or name, table, total, doc.where("table"))


def _setting_where(store: SeasonStore, key: str) -> Where:
    """Where season.toml sets ``key`` (issue 27: a problem of a setting names the file and line)."""
    from ..settings import _line_of

    data = store.read_bytes("season.toml") or b""
    return Where("season.toml", _line_of(data.decode("utf-8", "replace"), key))


def _check_division(store: SeasonStore, settings, div: str, results: list[DivResult]) -> list[Problem]:
    """The recorded matches of one division against its teams and its (frozen) schedule."""
    from ...rules.divisions.roundrobin import check_frozen
    from ..teams import load_division

    try:
        division, _ = load_division(store, div)  # the teams file's own problems: teams.check_season
    except StoreError:
        return []
    if division is None or not division.teams:
        return [Problem.error(None, Msg('{} recorded {} match but no {} teams' if len(results) == 1 else
                                  '{} recorded {} matches but no {} teams', len(results), div, div),
                              results[0].where, hint=Msg('run `dbf division enter {} FILE`', div), code="state.not-entered")]
    rounds, stored_teams, problems = load_frozen(store, div, settings.division(div))
    problems = list(problems)
    if rounds is not None:
        problems += [x.at(Where(schedule_file(div), 1)) for x in check_frozen(division, stored_teams, rounds)]
    elif not problems:
        problems.append(Problem.warning(None, Msg('{}: {} recorded but the schedule is not '
                                                  'frozen; a change of the roster would renumber its '
                                                  'matches', div, Msg.counted(len(results), "result")),
                                        hint=f"dbf schedule {div} --freeze", code="state.not-frozen"))
    return problems   # the matches against the schedule and each other: rules/invariants.py (division ones)


def _check_stored_schedule(store: SeasonStore, settings, div: str) -> list[Problem]:
    """A division's stored schedule, when no match of it is recorded yet."""
    from ...rules.divisions.roundrobin import check_frozen
    from ..teams import load_division

    try:
        division, _ = load_division(store, div)
    except StoreError:
        return []
    rounds, stored_teams, problems = load_frozen(store, div, settings.division(div))
    problems = list(problems)
    if rounds is not None and division is not None:
        problems += [x.at(Where(schedule_file(div), 1)) for x in check_frozen(division, stored_teams, rounds)]
    return problems


def check_season(store: SeasonStore) -> list[Problem]:
    """``dbf check``: every recorded division match readable, a match of its division's
    schedule (§1.1.2.1), counted once (§1.1.3.1 ...); the VP table file if one is named."""
    from ..settings import load_settings

    problems: list[Problem] = []
    by_division: dict[str | None, list[DivResult]] = {}
    for result, division, found in _parsed_matches(store, problems):
        problems += found
        if result is not None:
            by_division.setdefault(division, []).append(result)
    for result in by_division.pop(None, []):
        problems.append(Problem.error(None, Msg('{}: no division (give `division:` or a DIV-Rnn-mm id)',
                                                result.match_id),
                                      result.where, code="format.result"))
    settings = load_settings(store)
    for div, results in sorted(by_division.items()):
        problems += _check_division(store, settings, div, results)
    for div in DIVISIONS:
        if div not in by_division and store.exists(schedule_file(div)):
            problems += _check_stored_schedule(store, settings, div)
    if builtin_scale(settings.vp_scale) is None:
        problems += load_vp_scale(store, settings.vp_scale)[1]
    return problems
