"""Read a USEBIO 1.2/1.3 XML results file (the EBU's standard) for one team match.

Parsed with ``defusedxml`` (no entity expansion, no external entities or DTDs: a
"billion laughs" file is refused, never expanded). The elements read:
``USEBIO`` (``Version``), ``EVENT`` (``EVENT_TYPE``, ``EVENT_DESCRIPTION``,
``EVENT_IDENTIFIER``, ``DATE``), ``PARTICIPANTS/TEAM`` (``TEAM_ID``, ``TEAM_NAME``,
``PLAYER`` with ``PLAYER_NAME`` and ``NATIONAL_ID_NUMBER``, ``BOARDS_PLAYED``
where given) and ``MATCH`` (``TEAM_SCORE`` with ``TEAM_ID``, ``IMPS``,
``BOARDS_PLAYED``). A file of another kind of event (pairs, individuals), or with
no match of two teams, is refused. USEBIO gives a match's total, not its segments
(docs/formats/import.md).
"""

from __future__ import annotations

from ...rules.problems import Msg, Problem, Where
from ...rules.scoring.teammatch import ImportedMatch, RosterPlayer, match_name
from ...rules.value import Value


class UsebioTeam(Value):
    id: str
    name: str
    players: tuple[tuple[str, int | None, int | None], ...]   # name, member number, boards played


class UsebioMatch(Value):
    event: str
    date: str | None
    teams: tuple[UsebioTeam, UsebioTeam]
    imps: tuple[int, int]
    boards: int


def _text(el, name: str) -> str | None:
    child = el.find(name)
    return child.text.strip() if child is not None and child.text else None


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def _date(text: str | None) -> str | None:
    if not text:
        return None
    for sep in ("/", "-", "."):
        parts = text.split(sep)
        if len(parts) == 3 and all(p.isdigit() for p in parts):
            d, m, y = (parts if len(parts[0]) <= 2 else parts[::-1])
            return f"{int(y):04d}-{int(m):02d}-{int(d):02d}"
    return None


def _parse(data: bytes, file: str):
    """The root element of the XML (no DTDs, no entities), or the problem why there is none."""
    import defusedxml.ElementTree as ET
    from defusedxml import DefusedXmlException

    try:
        return ET.fromstring(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        return Problem.error(None, Msg('refused: the XML uses {} (DTDs and entities are not read)',
                                       type(exc).__name__), Where(file, None), code="format.import")
    except ET.ParseError as exc:
        line = getattr(exc, "position", (None,))[0]
        return Problem.error(None, Msg('not well-formed XML: {}', exc), Where(file, line), code="format.import")


def _team_event(root, where: Where):
    """The EVENT of a USEBIO root, or the problem why it is no team event."""
    if root.tag != "USEBIO":
        return Problem.error(None, Msg('not a USEBIO file (the root element is <{}>)', root.tag), where, code="format.import")
    event = root.find("EVENT")
    if event is None:
        return Problem.error(None, Msg('the USEBIO file has no EVENT'), where, code="format.import")
    kind = (event.get("EVENT_TYPE") or _text(event, "EVENT_TYPE") or "").upper()
    if kind and "TEAM" not in kind:
        return Problem.error(None, Msg('the file is of a {} event ({}), not a team match', kind.lower(),
                                       _description(event)),
                             where, code="format.import")
    return event


def _description(event) -> str:
    return _text(event, "EVENT_DESCRIPTION") or _text(event, "EVENT_IDENTIFIER") or "no description"


def _teams(event) -> dict[str, UsebioTeam]:
    """The event's teams (with a TEAM_ID) by id, each with its players."""
    teams = {}
    for t in event.iter("TEAM"):
        tid = _text(t, "TEAM_ID")
        if tid is None:
            continue
        players = tuple((_text(p, "PLAYER_NAME") or "", _int(_text(p, "NATIONAL_ID_NUMBER")),
                         _int(_text(p, "BOARDS_PLAYED"))) for p in t.iter("PLAYER"))
        teams[tid] = UsebioTeam(tid, _text(t, "TEAM_NAME") or tid, players)
    return teams


def _score_problems(ids, imps, boards, teams, where: Where) -> list[Problem]:
    """What is wrong with the two TEAM_SCOREs of the match."""
    problems = []
    for tid in ids:
        if tid not in teams:
            problems.append(Problem.error(None, Msg('TEAM_SCORE names team {}, which is not among the '
                                                    'PARTICIPANTS', f'{tid!r}'),
                                          where, code="format.import"))
    if None in imps or imps[0] < 0 or imps[1] < 0:
        problems.append(Problem.error(None, Msg('each TEAM_SCORE needs IMPS, a whole number 0 or more'), where, code="format.import"))
    if None in boards or boards[0] != boards[1] or boards[0] <= 0:
        problems.append(Problem.error(None, Msg('each TEAM_SCORE needs the same BOARDS_PLAYED'), where, code="format.import"))
    return problems


def read_usebio(data: bytes, file: str) -> tuple[UsebioMatch | None, list[Problem]]:
    """The one team match of a USEBIO file, or the problems why it is none."""
    where = Where(file, None)
    root = _parse(data, file)
    if isinstance(root, Problem):
        return None, [root]
    event = _team_event(root, where)
    if isinstance(event, Problem):
        return None, [event]
    teams = _teams(event)
    matches = list(event.iter("MATCH"))
    if len(matches) != 1:
        return None, [Problem.error(None, Msg('the file has {} MATCH elements; a result sheet is one '
                                              'match', len(matches)),
                                    where, hint=Msg('export the one match of the two teams'), code="format.import")]
    scores = matches[0].findall("TEAM_SCORE")
    if len(scores) != 2:
        return None, [Problem.error(None, Msg('the MATCH has {} TEAM_SCORE elements, not 2', len(scores)), where, code="format.import")]
    ids = [_text(s, "TEAM_ID") for s in scores]
    imps = [_int(_text(s, "IMPS")) for s in scores]
    boards = [_int(_text(s, "BOARDS_PLAYED")) for s in scores]
    problems = _score_problems(ids, imps, boards, teams, where)
    if problems:
        return None, problems
    return UsebioMatch(_description(event), _date(_text(event, "DATE")), (teams[ids[0]], teams[ids[1]]),
                       (imps[0], imps[1]), boards[0]), []


def usebio_match(m: UsebioMatch, home: str, away: str, roster: tuple[RosterPlayer, ...],
                 file: str) -> tuple[ImportedMatch | None, list[Problem]]:
    """The match of a USEBIO file as the two teams of the sheet: players matched to the rosters
    by NATIONAL_ID_NUMBER (else name); which file team is which by its players. Boards per player:
    BOARDS_PLAYED where given, all the match's boards for a team of four, else unknown (0)."""
    problems: list[Problem] = []
    sides = []
    where = Where(file, None)
    for t in m.teams:
        found = []
        for name, number, boards in t.players:
            player, why = match_name(name, number, roster)
            if player is None:
                problems.append(Problem.error(None, Msg('team {}: {}', t.name, why), where, code="unknown.player"))
            else:
                found.append((player, boards))
        sides.append(found)
    if problems:
        return None, problems
    team_of = []
    for t, found in zip(m.teams, sides):
        owners = {p.team for p, _ in found}
        if len(owners) != 1:
            return None, [Problem.error(None, Msg('team {}: its players are on {} team(s) of the match',
                                                  t.name, ', '.join(sorted(owners)) or 'no'), where, code="format.import")]
        team_of.append(owners.pop())
    if sorted(team_of) != sorted((home, away)):
        return None, [Problem.error(None, Msg("the file's match is {} v {}, whose players are not those "
                                              'of {} and {} (another event?)', m.teams[0].name,
                                              m.teams[1].name, home, away), where, code="format.import")]
    players = {}
    imps = {}
    for tid, t, found, score in zip(team_of, m.teams, sides, m.imps):
        full = len(found) == 4
        players[tid] = tuple((p.id, b if b is not None else (m.boards if full else 0)) for p, b in found)
        imps[tid] = score
    return ImportedMatch(home, away, (), ((m.boards, (imps[home], imps[away])),), players), []
