"""``dbf result import FILE --match MATCH`` as a use case (issue 17, issue 28): what a scoring
program wrote (PBN, LIN, USEBIO, CSV) turned into a result sheet.

:func:`import_sheet` takes the file as bytes (:class:`MatchFile`, read by
:func:`read_match_input`), scores each board at both tables, IMPs per board and per segment
(§1.5.10), who sat where and so the boards per player (§1.5.14), and builds the sheet; what the
file cannot know (the UP of the trip, §1.5.4; who signed, §1.5.14) is left for the TD to confirm
(:func:`dbfcli.rules.sheet.scores.left_to_confirm`). The sheet is checked by the existing sheet
validation (what ``dbf result check`` decides, never a copy), written where the face's writer
puts it (``--out``), and with ``submit`` recorded by :func:`dbfcli.app.sheets.submit_sheet`,
its one write. A names map given (``--names``) is kept in the season (``imports/names.yaml``):
with ``submit`` in the recorded sheet's own transaction and journal entry, else on its own
(issue 24, docs/formats/import-names.md).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, Callable

from ..rules.problems import Msg, Problem, Where
from ..rules.value import MutableValue, Value
from .outcome import Outcome, RuleBroken, UsageProblem, fail, not_entered, outcome_noting, refuse
from .session import Session
from .when import moment_of


class MatchFile(Value, kw_only=True):
    """A scoring program's file as given: ``label`` its name in every problem, ``fmt`` its
    format (pbn, lin, usebio, csv), ``data`` its bytes."""

    label: str
    fmt: str
    data: bytes


class NamesFile(Value, kw_only=True):
    """``--names FILE`` as given: ``label``, ``data`` its bytes, or the ``problems`` of reading it."""

    label: str
    data: bytes = b""
    problems: tuple[Problem, ...] = ()


class ImportRequest(Value, kw_only=True):
    """``dbf result import FILE --match MATCH``: ``out`` where the sheet goes (default
    ``MATCH.yaml``), ``pick`` the match of a file of many, ``up`` the UP confirmed (§1.5.4),
    ``signed_by`` who signed (§1.5.14), ``segment_boards`` (default 8, §1.5.9), ``agreed`` the
    boards the captains agreed (§1.5.9), ``names`` the names map given, ``submit`` then record
    the sheet, ``lang`` of the sheet's comments."""

    file: MatchFile
    match: str
    out: str | None = None
    pick: str | None = None
    up: int | None = None
    signed_by: int | None = None
    segment_boards: int | None = None
    agreed: int | None = None
    names: NamesFile | None = None
    submit: bool = False
    lang: str = "en"
    dry_run: bool = False


#: The face's writer of the sheet file: (where, its bytes); refuses (exit 2) what it cannot write.
Writer = Callable[[str, bytes], None]


class ImportedSheet(MutableValue, kw_only=True):
    """The plan of an import: ``doc`` the import's document (the match, IMPs, players, what is
    left to confirm), ``text`` the sheet, ``notes`` the season's warnings found on the way, and
    whether it was ``submitted`` (the Outcome is then the submit's)."""

    doc: dict[str, Any]
    text: str
    notes: list[Problem]
    submitted: bool = False


# --------------------------------------------------------------------------- the files given
def read_match_input(path: Path, fmt: str | None) -> MatchFile:
    """The scoring program's file named on the command line, its format by ``fmt`` or its
    suffix; exit 2 for an unknown format or a file that cannot be read."""
    from ..store.imports.matchfiles import FORMATS, guess_format

    if fmt is not None and fmt not in FORMATS:
        fail(Msg('--format {}: one of {}', f'{fmt!r}', ', '.join(FORMATS)), code="usage.option")
    file = str(path)
    fmt = fmt or guess_format(path)
    if fmt is None:
        fail(Msg('cannot tell the format of {} from its name', file), where=Where(file, None),
             hint=Msg('--format pbn|lin|usebio|csv'), code="usage.option")
    try:
        data = path.read_bytes()
    except OSError as exc:
        fail(Msg('cannot read {}: {}', file, exc.strerror or exc), where=Where(file, None), code="io.cannot-read")
    return MatchFile(label=file, fmt=fmt, data=data)


def read_names_input(path: Path) -> NamesFile:
    """``--names FILE``: its bytes, or why it cannot be read (refused with the season's map)."""
    from ..store.yamlio import YamlLoadError, read_input

    try:
        return NamesFile(label=str(path), data=read_input(path, str(path)))
    except YamlLoadError as exc:
        return NamesFile(label=str(path), problems=tuple(exc.problems))


# --------------------------------------------------------------------------- the use case
def import_sheet(session: Session, request: ImportRequest, write: Writer) -> Outcome:
    """``dbf result import FILE --match MATCH`` (§1.5.9, §1.5.10, §1.5.14): the sheet built from
    the file, checked, handed to ``write`` (unless ``dry_run``) and, with ``submit``, recorded
    by :func:`dbfcli.app.sheets.submit_sheet`. Refused (exit 1) for a sheet that breaks a rule
    (beside what is left to confirm): with ``out`` its draft is written, under a first line that
    names it a draft (``doc["draft"]``). ``plan``: :class:`ImportedSheet`."""
    return outcome_noting(_import_sheet, session, request, write)


def _import_sheet(session: Session, request: ImportRequest, write: Writer, notes: list[Problem]) -> Outcome:
    from ..rules.sheet.scores import check_agreed_boards

    f, match_id = request.file, request.match
    tables, usebio = _parse(f)
    known, given = _names_map(session.snap, request.names)
    kind, round_no, home, away, teams, ctx, records, match = match_setting(session.store, match_id, moment_of(None),
                                                                           notes)
    roster = roster_of(kind, round_no, home, away, teams, ctx)
    imported = _imported(f, tables, usebio, home, away, roster, request.pick, request.segment_boards, known)
    computed = ctx.computed_up.get(away) if kind == "cup" else None
    names = {p.id: p.name for p in roster}
    text = _sheet_text(kind, match_id, f, _played_on(kind, ctx, usebio, tables), imported, home, away,
                       _fitted(names, imported.fits, request.lang), request.up, computed, request.signed_by,
                       request.agreed)
    target = request.out or str(Path(f"{match_id}.yaml"))
    res, form = _validate_text(kind, text, target, ctx, records, match)
    if form:
        raise UsageProblem(form)
    found = check_agreed_boards(request.agreed, sum(b for b, _ in imported.segments), round_no, kind == "cup") \
        + list(res.problems)
    checked = _checked_doc(found)
    doc: dict[str, Any] = {
        "ok": checked["ok"], "match": match_id, "format": f.fmt, "file": f.label,
        **_imported_doc(imported, home, away, names), "agreed_boards": request.agreed,
        "up_computed": computed[0] if computed else None,
        "to_confirm": checked["to_confirm"], "errors": checked["errors"], "warnings": checked["warnings"],
        "sheet": target, "written": False, "draft": False, "dry_run": request.dry_run,
    }
    if not checked["ok"]:
        _refuse(doc, request, text, write, [p for p in found if not _confirm(p) and p.is_error])
    kept = False
    if not request.dry_run:
        write(target, text.encode("utf-8"))
        doc["written"] = True
    plan = ImportedSheet(doc=doc, text=text, notes=list(notes))
    if request.submit and not request.dry_run:
        return _submitted(session, target, text, plan, _names_texts(session, given))
    if not request.dry_run:
        kept = _keep_names(session, given)
    return Outcome(doc=doc, notes=list(notes), written=kept, show="imported", plan=plan)


def _submitted(session: Session, target: str, text: str, plan: ImportedSheet, names: dict[str, str]) -> Outcome:
    """The sheet written recorded as ``dbf result submit`` records it (its Outcome, the import
    its plan), the names map it used (``names``: :func:`_names_texts`) in the same transaction
    and journal entry (issue 24, "One write per use case": one ``dbf undo`` takes both back; a
    sheet not recorded, refused or recorded already, keeps no names map either)."""
    from .sheets import Extra, SheetText, submit_sheet

    out = submit_sheet(session, SheetText(data=text.encode("utf-8"), label=target), moment_of(None),
                       extra=Extra(texts=names))
    plan.submitted = True
    out.plan = plan
    return out


def _refuse(doc: dict[str, Any], request: ImportRequest, text: str, write: Writer, errors: list[Problem]) -> None:
    """An import whose sheet breaks a rule: refused (exit 1) with the computed totals in the
    document, no sheet written -- unless ``out`` asked for the draft, written under a first line
    that names it a draft."""
    if request.out is not None and not request.dry_run:
        from ..i18n import count, t

        head = t("import_draft_head", request.lang, errors=count(len(errors), "error", request.lang))
        write(doc["sheet"], (head + "\n" + text).encode("utf-8"))
        doc["written"] = doc["draft"] = True
    raise RuleBroken(errors, doc)


def _parse(f: MatchFile) -> tuple[Any, Any]:
    """``(tables, usebio)`` of the file's bytes; exit 2 when they are not the format's."""
    from ..store.imports.matchfiles import parse_match_data

    tables, usebio, problems = parse_match_data(f.fmt, f.data, f.label)
    if problems:
        raise UsageProblem(problems)
    return tables, usebio


# --------------------------------------------------------------------------- what a match is checked against
def match_setting(store: Any, match_id: str, now: dt.datetime, notes: list[Problem]) -> tuple[Any, ...]:
    """The match and what its sheet is checked against: ``(kind, round, home, away, teams, ctx,
    records, match)``; kind ``cup`` or ``division``. Exit 2 for an unknown match; the season's
    warnings go to ``notes``."""
    from ..rules.sheet.validate import Sheet, SheetSide
    from ..store.sheetcontext import division_context, division_of, load_sheet_season

    div = division_of(match_id)
    probe = Sheet(match=match_id, home=SheetSide(""), away=SheetSide(""))
    if div:
        ctx, division, _, problems = division_context(store, probe)
        notes += refuse(problems)
        if division is None:
            not_entered(div)
        if ctx is None:
            fail(Msg('match {} is not in the {} schedule', match_id, div), hint=f"dbf schedule {div}", code="unknown.match")
        m = ctx.matches[match_id]
        return "division", m.round, m.home, m.away, ctx.teams, ctx, [], m
    season = load_sheet_season(store)     # read once for the probes below
    ctx, match, records, problems = _cup_inputs(season, probe, now)
    notes += refuse(problems)
    if match is None:
        fail(Msg('match {} is not in any recorded draw', match_id), rule="1.5.16",
             hint=Msg('use the id printed by `dbf draw cup` / `dbf schedule cup`'), code="unknown.match")
    home, away = match.teams
    probe = Sheet(match=match_id, home=SheetSide(home), away=SheetSide(away))
    ctx, match, records, problems = _cup_inputs(season, probe, now)
    if ctx.expected_home and ctx.expected_home != home:   # §1.5.5: the sheet is written home first
        home, away = away, home
        probe = Sheet(match=match_id, home=SheetSide(home), away=SheetSide(away))
        ctx, match, records, problems = _cup_inputs(season, probe, now)
    return "cup", match.round, home, away, ctx.teams, ctx, records, match


def _cup_inputs(season: Any, probe: Any, now: dt.datetime) -> tuple[Any, Any, Any, list[Problem]]:
    """``(ctx, match, records, problems)`` of :func:`dbfcli.store.sheetcontext.sheet_inputs`."""
    from ..store.sheetcontext import sheet_inputs

    inputs = sheet_inputs(season, probe, now)
    return inputs.ctx, inputs.match, inputs.records, list(inputs.problems)


def roster_of(kind: str, round_no: int, home: str, away: str, teams: Any, ctx: Any) -> tuple[Any, ...]:
    """Who may sit for either team: the rosters, and for the cup the additions announced for
    this round or earlier (§1.5.11)."""
    from ..rules.scoring.teammatch import RosterPlayer

    out = []
    for tid in (home, away):
        team = teams.get(tid)
        for p in (team.players if team else ()):
            out.append(RosterPlayer(p.id, p.name, tid))
    if kind == "cup":
        for a in ctx.additions:
            if a.team in (home, away) and a.round <= round_no and all(r.id != a.player.id for r in out):
                out.append(RosterPlayer(a.player.id, a.player.name, a.team))
    return tuple(out)


def _validate_text(kind: str, text: str, file: str, ctx: Any, records: Any, match: Any) -> tuple[Any, list[Problem]]:
    """The existing validation of a sheet: parsed, then the division rules or the plan of a cup
    sheet (:func:`dbfcli.rules.sheet.recording.plan_cup_sheet`, the fee warning included) -- what
    ``dbf result check`` decides."""
    from ..store.cup.results import parse_cup_sheet

    sheet, problems = parse_cup_sheet(text, file)
    if sheet is None or problems:
        return None, list(problems)
    if kind == "division":
        from ..rules.sheet.validate import validate_division_sheet

        return validate_division_sheet(sheet, ctx), []
    from ..rules.sheet.recording import plan_cup_sheet

    return plan_cup_sheet(sheet, ctx, match, joins=[j for r in records for j in r.joins]).check, []


def _confirm(p: Problem) -> bool:
    from ..rules.sheet.scores import left_to_confirm

    return left_to_confirm(p)


def _checked_doc(problems: list[Problem]) -> dict[str, Any]:
    """The sheet's problems in the document: what the TD must confirm (§1.5.4 the UP, §1.5.14
    who signed), the errors and the warnings."""
    rest = [p for p in problems if not _confirm(p)]
    return {"ok": not [p for p in rest if p.is_error],
            "to_confirm": [p.to_json() for p in problems if _confirm(p)],
            "errors": [p.to_json() for p in rest if p.is_error],
            "warnings": [p.to_json() for p in rest if not p.is_error]}


# --------------------------------------------------------------------------- the names map, issue 28
def _names_map(snap: Any, names: NamesFile | None) -> tuple[dict[str, int], dict[str, int]]:
    """The names map (issue 28): the season's ``imports/names.yaml`` with ``--names FILE`` over
    it; and what ``--names`` gave (kept in the season once the sheet is written)."""
    from ..store.imports.names import names_of_bytes

    known, problems = snap.import_names()
    known, problems = dict(known), list(problems)
    given: dict[str, int] = {}
    if names is not None:
        problems += list(names.problems)
        if not names.problems:
            given, more = names_of_bytes(names.data, names.label)
            problems += more
    if problems:
        raise UsageProblem(problems)
    return {**known, **given}, given


def _names_texts(session: Session, given: dict[str, int]) -> dict[str, str]:
    """The season's names map with what ``--names`` gave over it, as the file to write
    (``{imports/names.yaml: text}``), or nothing when it would not change."""
    from ..store.imports.names import SEASON_NAMES, names_text

    old, _ = session.snap.import_names()
    if not given or {**old, **given} == old:
        return {}
    return {SEASON_NAMES: names_text({**old, **given})}


def _keep_names(session: Session, given: dict[str, int]) -> bool:
    """An import without ``--submit``: what ``--names`` gave kept in the season's names map, the
    import's one write, a transaction of its own (``True``: the map changed)."""
    texts = _names_texts(session, given)
    if not texts:
        return False
    with session.store.transaction(session.actor, Msg("names map: {} name(s) for dbf result import", len(given)), False,
                                   session.lock_timeout) as tx:
        for rel, text in texts.items():
            tx.write_text(rel, text)
    return True


# --------------------------------------------------------------------------- the sheet built
def _imported(f: MatchFile, tables: Any, usebio: Any, home: str, away: str, roster: tuple[Any, ...],
              pick: str | None, segment_boards: int | None, known: dict[str, int] | None = None) -> Any:
    """The match the file records, its players matched to the rosters: a USEBIO file's one
    match, else the tables of the match picked (``pick``) scored board by board; exit 2 on
    what does not fit."""
    from ..rules.scoring.teammatch import ImportedMatch, build_match, pick_group

    if f.fmt == "usebio":
        from ..store.imports.usebio import usebio_match

        imported, problems = usebio_match(usebio, home, away, roster, f.label)
        if problems:
            raise UsageProblem(problems)
        assert isinstance(imported, ImportedMatch)
        return imported
    group, problems = pick_group(tuple(tables), roster, pick, known)
    if problems:
        raise UsageProblem(list(problems))
    chosen = [t for t in tables if t.group == group]
    imported, problems = build_match(chosen, home, away, roster, segment_boards or 8, group, known)
    if problems:
        raise UsageProblem(list(problems))
    return imported


#: how a name was fitted (rules/scoring/names.py), as a Danish sheet says it
FIT_DA = {"surname": "efternavn", "initials": "initialer", "handle": "brugernavn", "names map": "navneliste",
          "abbreviated surname": "forkortet efternavn"}


def _fitted(names: dict[int, str], fits: dict[int, str], lang: str) -> dict[int, str]:
    """The sheet's comment on each player: the roster name, and what the file wrote where a
    name was fitted (surname, initials, handle, the names map; issue 28)."""
    if not lang.startswith("da"):
        return {pid: f"{n} (file: {fits[pid]})" if pid in fits else n for pid, n in names.items()}
    return {pid: f"{n} (i filen: {_danish_fit(fits[pid])})" if pid in fits else n for pid, n in names.items()}


def _danish_fit(text: str) -> str:
    """``BildeD: handle`` -> ``BildeD: brugernavn``."""
    name, _, how = text.rpartition(": ")
    return f"{name}: {FIT_DA.get(how, how)}" if name else text


def _sheet_text(kind: str, match_id: str, f: MatchFile, played_on: str | None, imported: Any, home: str,
                away: str, names: dict[int, str], up: int | None, computed: Any, signed_by: int | None,
                agreed: int | None = None) -> str:
    """The result sheet's YAML text (a division sheet without the cup's ``up:`` line)."""
    from ..store.imports.matchfiles import sheet_yaml

    text: str = sheet_yaml(match=match_id, source=Path(f.label).name, fmt=f.fmt, played_on=played_on,
                           segments=imported.segments, home=home, away=away, players=imported.players, names=names,
                           up=up if kind == "cup" else None, up_hint=str(computed[0]) if computed else None,
                           signed_by=signed_by)
    if kind == "division":
        text = "\n".join(line for line in text.splitlines() if "# up:" not in line) + "\n"
    if agreed is not None:   # §1.5.9: the captains' agreement, on the sheet
        text = text.replace("\nsegments:", f'\nagreement: "the captains agreed {agreed} boards (§1.5.9)"\nsegments:', 1)
    return text


def _played_on(kind: str, ctx: Any, usebio: Any, tables: Any) -> str | None:
    """The date the file gives, else the cup match's scheduled day, else none."""
    played_on = None
    if kind == "cup" and ctx.scheduled_on is not None:
        played_on = ctx.scheduled_on.isoformat()
    if usebio is not None and getattr(usebio, "date", None):
        played_on = usebio.date
    elif tables and getattr(tables[0], "date", None):
        played_on = tables[0].date
    return played_on


def _imported_doc(imported: Any, home: str, away: str, names: dict[int, str]) -> dict[str, Any]:
    """The imported match in the document: boards, IMPs by segment and board, players."""
    return {
        "home": home, "away": away, "boards": sum(b for b, _ in imported.segments),
        "imps": list(imported.imps),
        "segments": [{"boards": b, "imps": list(i)} for b, i in imported.segments],
        "board_imps": [{"board": b.board, "home_ns": b.home_ns, "away_ns": b.away_ns, "imps": list(b.imps)}
                       for b in imported.boards],
        "players": {t: [{"id": pid, "name": names.get(pid), "boards": n} for pid, n in imported.players[t]]
                    for t in (home, away)},
    }


__all__ = ["ImportRequest", "ImportedSheet", "MatchFile", "NamesFile", "Writer", "import_sheet", "match_setting",
           "read_match_input", "read_names_input", "roster_of"]
