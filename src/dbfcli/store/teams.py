"""Teams files: the cup's ``cup/teams.yaml``, the divisions' ``divisions/<div>.yaml``,
and the entry files a TD feeds to ``dbf cup enter`` / ``dbf division enter``
(YAML as in docs/interface.md, or CSV with one row per player)."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec

from ..rules.ids import is_team_id, whole_number
from ..rules.model import DIVISIONS, Division, Player, Team
from ..rules.problems import Msg, Problem, Where
from .schema import convert
from .season import SeasonStore, StoreError
from .yamlio import YamlDoc, YamlLoadError, parse_yaml, read_input

SCHEMA = 1
CUP_TEAMS = "cup/teams.yaml"
CSV_COLUMNS = ("team_id", "team_name", "captain", "club", "postcode", "player_id", "player_name", "player_club",
               "division")


class PlayerIn(msgspec.Struct, forbid_unknown_fields=True):
    id: int
    name: str
    club: int | None = None
    division: int | None = None


class TeamIn(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    captain: int
    club: int
    postcode: str | int
    players: list[PlayerIn]
    id: str | None = None
    address: str | None = None     # the venue's street address (e-mails to captains, issue 17)
    phone: str | None = None       # the captain's phone (§1.5.6: the captains agree the time)


class TeamsFileIn(msgspec.Struct, forbid_unknown_fields=True):
    teams: list[TeamIn]
    schema: int = SCHEMA
    division: str | None = None


def division_file(division_id: str) -> str:
    return f"divisions/{division_id}.yaml"


def make_team_id(name: str, taken: set[str]) -> str:
    """An id from a team name: ``Odense Lynet`` -> ``ODENSE-LYNET`` (numbered if taken).

    >>> make_team_id("Odense Lynet", set()), make_team_id("Odense Lynet", {"ODENSE-LYNET"})
    ('ODENSE-LYNET', 'ODENSE-LYNET-2')
    """
    base = re.sub(r"[^A-Za-z0-9ÆØÅæøå]+", "-", name).strip("-").upper()[:32] or "TEAM"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def _to_teams(doc: YamlDoc, parsed: TeamsFileIn) -> tuple[tuple[Team, ...], list[Problem]]:
    problems: list[Problem] = []
    teams: list[Team] = []
    explicit = {t.id for t in parsed.teams if t.id}
    taken: set[str] = set(explicit)
    for i, t in enumerate(parsed.teams):
        where = doc.where("teams", i)
        team_id = t.id if t.id is not None else make_team_id(t.name, taken)
        taken.add(team_id)
        if not is_team_id(team_id):
            problems.append(Problem.error(None, Msg("team id {} may hold only letters, digits, '-' and "
                                                    "'_' (at most 40)", f'{team_id!r}'), doc.where("teams", i, "id"),
                                          hint=Msg("ids become file names; no '/', '..' or spaces"), code="format.id"))
        postcode = str(t.postcode).strip()
        if isinstance(t.postcode, int):
            postcode = postcode.zfill(4)
        wheres = doc.item_wheres("teams", i, "players")
        if len(wheres) != len(t.players):
            wheres = [doc.where("teams", i, "players", j) for j in range(len(t.players))]
        players = tuple(Player(p.id, p.name.strip(), p.club, p.division, w) for p, w in zip(t.players, wheres))
        teams.append(Team(team_id, t.name.strip(), t.captain, t.club, postcode, players, where,
                          address=(t.address or "").strip() or None, phone=(t.phone or "").strip() or None))
    return tuple(teams), problems


def parse_teams_yaml(doc: YamlDoc) -> tuple[tuple[Team, ...], str | None, list[Problem]]:
    """Teams of a YAML teams file; ``(teams, division, problems)``."""
    if doc.data is None:
        return (), None, [Problem.error(None, Msg("the file is empty; expected 'teams:'"), Where(doc.file), code="format.teams")]
    parsed, problems = convert(doc, TeamsFileIn)
    if parsed is None:
        return (), None, problems
    teams, more = _to_teams(doc, parsed)
    if parsed.schema != SCHEMA:
        more.append(Problem.error(None, Msg('schema {}; this dbf reads schema {}', parsed.schema, SCHEMA), doc.where("schema"), code="format.schema-version"))
    return teams, parsed.division, more


def _csv_table(text: str, file: str):
    """The rows of a CSV entry file with their lines, or the problem why it is unreadable."""
    import csv   # only for CSV entry files
    import io

    # newline="": the csv module splits rows itself, on CR (old Mac), LF and CRLF alike; a Danish
    # spreadsheet separates the columns by ';' (the ',' is its decimal mark): read by the header
    head = text.split("\n", 1)[0].split("\r", 1)[0]
    delimiter = ";" if head.count(";") > head.count(",") else ","
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        if reader.fieldnames:
            reader.fieldnames = [name.strip() for name in reader.fieldnames]
        rows = list(_csv_rows(reader))
    except csv.Error as exc:
        return Problem.error(None, Msg('malformed CSV: {}', exc), Where(file, reader.line_num or None), code="format.csv")
    missing = [c for c in CSV_COLUMNS if c != "division" and c not in (reader.fieldnames or [])]
    if missing:
        return Problem.error(None, Msg('CSV lacks columns: {}', ', '.join(missing)), Where(file, 1),
                             hint=Msg("header: {}", ",".join(CSV_COLUMNS)), code="format.csv")
    return rows


def _csv_player(row: dict) -> dict:
    """The player of one row (``ValueError`` on a bad number)."""
    return {"id": _csv_int(row, "player_id"), "name": (row["player_name"] or "").strip(),
            "club": _csv_int(row, "player_club") if (row.get("player_club") or "").strip() else None,
            "division": _csv_int(row, "division") if (row.get("division") or "").strip() else None}


def _csv_team_head(row: dict, line: int) -> dict:
    """The team of the first row that names it (``ValueError`` on a bad number)."""
    return {"id": (row.get("team_id") or "").strip() or None,
            "name": (row["team_name"] or "").strip(),
            "captain": _csv_int(row, "captain"), "club": _csv_int(row, "club"),
            "postcode": (row["postcode"] or "").strip(), "players": [], "line": line}


def _csv_group(rows, file: str, problems: list[Problem]) -> tuple[list[str], dict[str, dict]]:
    """The rows grouped by team (team_id, else team_name): (the teams in file order, each team
    with its players and their lines)."""
    order: list[str] = []
    heads: dict[str, dict] = {}
    for row, line in rows:
        key = (row.get("team_id") or "").strip() or (row.get("team_name") or "").strip()
        if not key:
            problems.append(Problem.error(None, Msg('row without team_id or team_name'), Where(file, line), code="format.csv"))
            continue
        try:
            player = _csv_player(row)
            if key not in heads:
                heads[key] = _csv_team_head(row, line)
                order.append(key)
        except ValueError as exc:
            problems.append(Problem.error(None, Msg('bad number in row: {}', exc), Where(file, line), code="format.csv"))
            continue
        heads[key]["players"].append((player, line))
    return order, heads


def parse_teams_csv(text: str, file: str) -> tuple[tuple[Team, ...], list[Problem]]:
    """Teams of a CSV entry file (one row per player, columns of docs/interface.md)."""
    rows = _csv_table(text, file)
    if isinstance(rows, Problem):
        return (), [rows]
    problems: list[Problem] = []
    order, heads = _csv_group(rows, file, problems)
    teams = []
    taken = {h["id"] for h in heads.values() if h["id"]}
    for key in order:
        h = heads[key]
        team_id = h["id"] or make_team_id(h["name"], taken)
        taken.add(team_id)
        if not is_team_id(team_id):
            problems.append(Problem.error(None, Msg("team id {} may hold only letters, digits, '-' and "
                                                    "'_' (at most 40)", f'{team_id!r}'), Where(file, h["line"]),
                                          hint=Msg("ids become file names; no '/', '..' or spaces"), code="format.id"))
        players = tuple(Player(p["id"], p["name"], p["club"], p["division"], Where(file, ln)) for p, ln in h["players"])
        teams.append(Team(team_id, h["name"], h["captain"], h["club"], h["postcode"].zfill(4), players,
                          Where(file, h["line"])))
    return tuple(teams), problems


def _csv_rows(reader):
    """Each row with the line it starts on."""
    line = reader.line_num + 1
    for row in reader:
        yield row, line
        line = reader.line_num + 1


def _csv_int(row: dict, column: str) -> int:
    """A whole number of a CSV cell, in ASCII digits (``int()`` would also read '٣')."""
    text = (row.get(column) or "").strip()
    value = whole_number(text)
    if value is None:
        raise ValueError(Msg('{} {} is not a whole number', column, repr(text)))
    return value


def text_problems(teams) -> list[Problem]:
    """Issue 27: names and ids are one line of ordinary text: a team's id, name, captain, club,
    address or phone, or a player's name, holding a control character (a line break, ESC,
    NUL), a line separator or a bidi override is refused at entry with its line
    (:func:`dbfcli.rules.text.unsafe_chars`), so no stored name can break a calendar, a mail,
    a CSV cell or a terminal later."""
    from ..rules.text import shown, unsafe_chars

    out = []
    for t in teams:
        fields = [("id", t.id, t.where), ("name", t.name, t.where), ("captain", t.captain, t.where),
                  ("club", t.club, t.where), ("address", t.address, t.where), ("phone", t.phone, t.where)]
        fields += [(f"player {p.id}'s name", p.name, p.where) for p in t.players]
        for what, value, where in fields:
            bad = unsafe_chars(value) if isinstance(value, str) else []
            if bad:
                out.append(Problem.error(None, Msg("team {}: the {} '{}' holds {}", shown(str(t.id)), what,
                                                   shown(value), ', '.join(bad)), where, hint=Msg('a name is one line of ordinary text'),
                                         code="format.text"))
    return out


def read_entry_file(path: Path) -> tuple[tuple[Team, ...], str | None, list[Problem]]:
    """A TD's entry file, YAML or CSV by its suffix; :class:`StoreError` if unreadable; names
    with control characters are problems (:func:`text_problems`)."""
    try:
        data = read_input(path)
    except YamlLoadError as exc:
        raise StoreError(exc.problems) from None
    return parse_entry_file(data, str(path), path.suffix.lower() == ".csv")


def parse_entry_file(data: bytes, label: str, csv: bool) -> tuple[tuple[Team, ...], str | None, list[Problem]]:
    """A TD's entry file as bytes (``label``: its name in every problem; ``csv``: CSV, else
    YAML): its teams, the division it declares, its problems (:class:`StoreError` if it is no
    text; names with control characters are problems, :func:`text_problems`)."""
    teams, division, problems = _parse_entry_file(data, label, csv)
    return teams, division, problems + text_problems(teams)


def _parse_entry_file(data: bytes, path: str, csv: bool) -> tuple[tuple[Team, ...], str | None, list[Problem]]:
    if csv:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            raise StoreError([Problem.error(None, Msg('{} is not UTF-8 text (byte {})', path, exc.start), Where(str(path), line),
                                            hint=Msg("export the sheet as 'CSV UTF-8'"), code="format.encoding")]) from None
        if "\x00" in text:
            raise StoreError([Problem.error(None, Msg('{} is a binary file, not CSV text', path), Where(str(path)),
                                            hint=Msg("export the sheet as 'CSV UTF-8'"), code="format.encoding")])
        teams, problems = parse_teams_csv(text, str(path))
        return teams, None, problems
    try:
        doc = parse_yaml(data, str(path))
    except YamlLoadError as exc:
        raise StoreError(exc.problems) from None
    return parse_teams_yaml(doc)


def team_to_data(team: Team) -> dict:
    """A team as written to a state file (docs/interface.md teams shape)."""
    players = []
    for p in team.players:
        row: dict = {"id": p.id, "name": p.name}
        if p.club is not None:
            row["club"] = p.club
        if p.division is not None:
            row["division"] = p.division
        players.append(row)
    doc = {"id": team.id, "name": team.name, "captain": team.captain, "club": team.club,
           "postcode": team.postcode, "players": players}
    if team.address:
        doc["address"] = team.address
    if team.phone:
        doc["phone"] = team.phone
    return doc


def teams_file_data(teams, division: str | None = None) -> dict:
    data: dict = {"schema": SCHEMA}
    if division:
        data["division"] = division
    data["teams"] = [team_to_data(t) for t in teams]
    return data


def load_cup_teams(store: SeasonStore, required: bool = False) -> tuple[tuple[Team, ...], list[Problem]]:
    """The cup's registered teams (empty when none are entered yet)."""
    parsed = store.read_parsed(CUP_TEAMS, _cup_teams_of, required=required,
                               keep=tuple[tuple[Team, ...], tuple[Problem, ...]])
    if parsed is None:
        return (), []
    teams, problems = parsed
    return teams, list(problems)


def _cup_teams_of(doc: YamlDoc) -> tuple[tuple[Team, ...], tuple[Problem, ...]]:
    """``cup/teams.yaml`` read once a process while it is unchanged (store.read_parsed)."""
    teams, _, problems = parse_teams_yaml(doc)
    return teams, tuple(problems)


def load_division(store: SeasonStore, division_id: str) -> tuple[Division | None, list[Problem]]:
    """A division's teams in seeding order, or ``None`` if none are entered."""
    if division_id not in DIVISIONS:
        raise StoreError(Msg('unknown division {}', f'{division_id!r}'), hint=Msg("one of: {}", ", ".join(DIVISIONS)), code="unknown.division")
    rel = division_file(division_id)
    parsed = store.read_parsed(rel, _division_teams_of, required=False)
    if parsed is None:
        return None, []
    teams, declared, problems, declared_at = parsed
    problems = list(problems)
    if declared is not None and declared != division_id:
        problems.append(Problem.error(None, Msg('file says division {} but is {}', f'{declared!r}', rel), declared_at, code="format.mismatch"))
    return Division(division_id, teams, Where(rel, 1)), problems


def _division_teams_of(doc: YamlDoc) -> tuple:
    """A division's teams file read once a process while it is unchanged (store.read_parsed):
    ``(teams, the division it declares, problems, where it declares it)``."""
    teams, declared, problems = parse_teams_yaml(doc)
    return teams, declared, tuple(problems), doc.where("division")


def load_divisions(store: SeasonStore) -> tuple[dict[str, Division], list[Problem]]:
    out: dict[str, Division] = {}
    problems: list[Problem] = []
    for div in DIVISIONS:
        d, p = load_division(store, div)
        problems += p
        if d is not None:
            out[div] = d
    return out, problems


def check_season(store: SeasonStore) -> list[Problem]:
    """``dbf check``: cup teams (§1.5.11, §1.5.12a, §1.5.8), divisions (§1.1) and §1.5.3 marks."""
    from ..rules.cup.roster import check_cup_teams, check_division_marks, check_divisions, division_players
    from .geodata import load_postcodes

    postcodes = load_postcodes()
    problems: list[Problem] = []
    try:
        cup_teams, p = load_cup_teams(store)
        problems += p
        problems += check_cup_teams(cup_teams, postcodes)
    except StoreError as exc:
        cup_teams = ()
        problems += exc.problems
    divisions: dict = {}
    for div in DIVISIONS:
        try:
            d, p = load_division(store, div)
        except StoreError as exc:
            problems += exc.problems
            continue
        problems += p
        if d is not None:
            divisions[div] = d
    problems += check_divisions(divisions, postcodes)
    problems += check_division_marks(cup_teams, division_players(divisions))
    return problems


def load_cup_team_names(store: SeasonStore) -> tuple[dict[str, str], dict[int, str], list[Problem]]:
    """Team id -> name and member number -> name of the cup teams, through a summary of
    ``cup/teams.yaml`` (fast on large seasons); a broken file falls back to the full loader."""
    from .summary import folder_summary

    def extract(d):
        return [[str(t["id"]), str(t["name"]), [[int(p["id"]), str(p["name"])] for p in t["players"]]]
                for t in d["teams"]]

    found, failed = folder_summary(store, "cup", "names", extract, only="teams.yaml")
    if failed or CUP_TEAMS not in found:
        teams, problems = load_cup_teams(store)
        return ({t.id: t.name for t in teams}, {p.id: p.name for t in teams for p in t.players}, problems)
    rows = found[CUP_TEAMS]
    return {t: n for t, n, _ in rows}, {p: n for _, _, ps in rows for p, n in ps}, []
