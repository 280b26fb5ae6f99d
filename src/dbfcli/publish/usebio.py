"""USEBIO 1.3 XML for the federation (issue 18): one cup round or one division as an EVENT
with its teams, their players (DBF member number as ``NATIONAL_ID_NUMBER``), the matches
with their scores (IMPs) and the GP awarded (§1.5.10) as master points.

Built with the standard library (:mod:`xml.etree.ElementTree`: text and attributes are
escaped by it; characters XML 1.0 cannot hold are dropped first, see :func:`clean`). The
document names the USEBIO DTD (``<!DOCTYPE USEBIO SYSTEM "usebio_v1_3.dtd">``); the tests
validate it against tests/data/usebio_v1_3.dtd. The readings (event types, GP as master
points, where VP go) are in docs/readings/usebio-export.md.

Pure apart from reading nothing: it takes a :class:`~dbfcli.publish.gather.SeasonData`.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Iterable

from .gather import SeasonData

VERSION = "1.3"
DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "usebio_v1_3.dtd">'
MASTER_POINT_TYPE = "GP"          # DBF guldpoint (§1.5.10)
_NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def clean(text: object) -> str:
    """Text as XML 1.0 can hold it: control characters (other than tab and newlines) dropped.

    >>> clean("A\\x00B\\x1b<C>")
    'AB<C>'
    """
    return _NOT_XML.sub("", str(text))


def _el(parent: ET.Element, tag: str, text: object | None = None, **attrs: str) -> ET.Element:
    e = ET.SubElement(parent, tag, {k: clean(v) for k, v in attrs.items()})
    if text is not None:
        e.text = clean(text)
    return e


def _gp(hundredths: int) -> str:
    """GP in hundredths as master points with two decimals.

    >>> _gp(125), _gp(500)
    ('1.25', '5.00')
    """
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def _ddmmyyyy(day) -> str:
    return day.strftime("%d/%m/%Y")


def _team(parent: ET.Element, data: SeasonData, team_id: str, number: int, gp: dict[int, int],
          place: int | None = None, total: str | None = None) -> None:
    team = data.all_teams()[team_id]
    t = _el(parent, "TEAM")
    _el(t, "TEAM_NAME", team.name)
    _el(t, "TEAM_NUMBER", number)
    for p in team.players:
        pl = _el(t, "PLAYER")
        _el(pl, "PLAYER_NAME", p.name)
        _el(pl, "NATIONAL_ID_NUMBER", p.id)
        if p.club is not None or team.club is not None:
            _el(pl, "CLUB_ID_NUMBER", p.club if p.club is not None else team.club)
        if gp.get(p.id):
            mp = _el(pl, "MASTER_POINTS")
            _el(mp, "MASTER_POINTS_AWARDED", _gp(gp[p.id]))
            _el(mp, "MASTER_POINT_TYPE", MASTER_POINT_TYPE)
    if place is not None:
        _el(t, "PLACE", place)
    if total is not None:
        _el(t, "TOTAL_SCORE", total)


def _match(parent: ET.Element, round_no: int, match_id: str, a: int, b: int, score_a, score_b) -> None:
    m = _el(parent, "MATCH", MATCH_ID=match_id)
    _el(m, "ROUND_NUMBER", round_no)
    _el(m, "TEAM", a)
    _el(m, "OPPOSING_TEAM", b)
    if score_a is not None and score_b is not None:
        _el(m, "TEAM_SCORE", score_a)
        _el(m, "OPPOSING_TEAM_SCORE", score_b)


def _document(description: str, identifier: str, event_type: str, day, scoring: str, boards: int | None):
    from .. import __version__

    root = ET.Element("USEBIO", {"Version": VERSION})
    club = _el(root, "CLUB")
    _el(club, "CLUB_NAME", "Danmarks Bridgeforbund")
    ev = _el(root, "EVENT", EVENT_TYPE=event_type)
    _el(ev, "EVENT_DESCRIPTION", description)
    _el(ev, "EVENT_IDENTIFIER", identifier)
    _el(ev, "PROGRAM_NAME", "dbf")
    _el(ev, "PROGRAM_VERSION", __version__)
    if day is not None:
        _el(ev, "DATE", _ddmmyyyy(day))
    _el(ev, "BOARD_SCORING_METHOD", "IMPS")
    _el(ev, "MATCH_SCORING_METHOD", scoring)
    if boards:
        _el(ev, "BOARDS_PLAYED", boards)
    return root, ev


def _bytes(root: ET.Element) -> bytes:
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'.encode("utf-8")


def cup_round(data: SeasonData, round_no: int, schedule: Iterable = ()) -> tuple[bytes, dict]:
    """Cup round ``round_no`` (§1.5): every drawn match's teams with their players, the IMPs of
    each recorded match and the GP awarded in it (§1.5.10) as master points. ``(xml, summary)``."""
    from ..i18n import round_name

    draw = data.draws[round_no]
    dates = [s.date for s in schedule if getattr(s, "date", None)]
    results = [data.results[m.id] for m in draw.matches if m.id in data.results]
    boards = max((r.boards or 0 for r in results), default=0) or None
    root, ev = _document(f"DBF Pokalturneringen {data.season}, {round_name(round_no, 'da')}",
                         f"DBF-{data.season}-C{round_no}", "KNOCKOUT", min(dates) if dates else None,
                         "IMPS", boards)
    gp = _gp_by_player(results)
    teams = _round_teams(data, draw)
    number = {x: i for i, x in enumerate(teams, 1)}
    parts = _el(ev, "PARTICIPANTS")
    for x in teams:
        _team(parts, data, x, number[x], gp)
    played = _cup_matches(ev, data, draw, round_no, number)
    players = sum(len(data.all_teams()[x].players) for x in teams)
    return _bytes(root), {"event": f"DBF-{data.season}-C{round_no}", "teams": len(teams), "players": players,
                          "matches": len(draw.matches), "played": played, "gp_players": len(gp),
                          "gp_total": _gp(sum(gp.values()))}


def _round_teams(data: SeasonData, draw) -> list[str]:
    """The known teams of the round's matches and byes, sorted."""
    teams = sorted({x for m in draw.matches for x in m.teams} | set(draw.byes))
    return [x for x in teams if x in data.all_teams()]


def _gp_by_player(results) -> dict[int, int]:
    """§1.5.10: the GP each player won in the round's recorded matches."""
    gp: dict[int, int] = {}
    for r in results:
        for pid, h in r.gp.items():
            gp[pid] = gp.get(pid, 0) + h
    return gp


def _cup_matches(ev, data: SeasonData, draw, round_no: int, number: dict[str, int]) -> int:
    """Each drawn match of two known teams as a MATCH (its IMPs when recorded); how many are recorded."""
    played = 0
    for m in draw.matches:
        a, b = m.teams
        if a not in number or b not in number:
            continue
        r = data.results.get(m.id)
        sa = sb = None
        if r is not None and r.imps is not None:
            sa, sb = r.imps_of(a), r.imps_of(b)
        played += r is not None
        _match(ev, round_no, m.id, number[a], number[b], sa, sb)
    return played


def division(data: SeasonData, division_id: str) -> tuple[bytes, dict]:
    """Division ``division_id`` (§1.1): its teams in standings order (PLACE, VP in TOTAL_SCORE),
    their players, and every recorded match with its IMPs. ``(xml, summary)``."""
    from ..i18n import division_name
    div = data.divisions[division_id]
    results = data.div_results.get(division_id, [])
    table, _ = data.standings(division_id)      # as `dbf standings` ranks it, lots included (§1.1.3.2)
    settings = data.settings.division(division_id)
    root, ev = _document(f"DBF Divisionsturneringen {data.season}, {division_name(division_id, 'da')}",
                         f"DBF-{data.season}-{division_id}", "TEAMS_LEAGUE",
                         settings.weekends[0] if settings.weekends else None, "VPS", settings.boards)
    number = {team.id: i for i, team in enumerate(div.teams, 1)}
    parts = _el(ev, "PARTICIPANTS")
    for row in table.rows:
        _team(parts, data, row.team, number[row.team], {}, row.rank, f"{row.vp // 100}.{row.vp % 100:02d}")
    for r in sorted(results, key=lambda x: (x.round, x.match_id)):
        if r.home in number and r.away in number:
            _match(ev, r.round, r.match_id, number[r.home], number[r.away], r.imps_home, r.imps_away)
    players = sum(len(team.players) for team in div.teams)
    return _bytes(root), {"event": f"DBF-{data.season}-{division_id}", "teams": len(div.teams), "players": players,
                          "matches": table.matches_total, "played": len(results), "gp_players": 0, "gp_total": "0.00"}
