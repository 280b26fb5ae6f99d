"""``dbf result import`` and ``dbf result blank``: the TD's input (issue 17).

``import`` turns what a scoring program wrote (PBN, LIN, USEBIO, CSV) into a result
sheet: the score of each board at both tables, IMPs per board and per segment
(§1.5.10), who sat where and so the boards per player (§1.5.14); what the file cannot
know (the UP of the trip, §1.5.4; who signed, §1.5.14) is left for the TD to
confirm. ``blank`` writes pre-filled sheets. These commands sit on the ``result``
group (``attach``, called by :mod:`.result`); validation is the existing sheet
validation (:func:`dbfcli.rules.sheet.validate.validate_cup_sheet`), never a copy.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path
from typing import Annotated

import typer

from .common import RUN, DryRunOpt, JsonOpt, UsageProblem, check, command, emit, fail, load_store
from ..rules.problems import Msg

#: the ``dbf result`` group (cli/result_pending.py runs ``submit``/``amend`` through it)
_RESULT_GROUP: list = []

def _now() -> dt.datetime:
    from .result_show import now_of

    return now_of(None)


# --------------------------------------------------------------------------- what a match is checked against
def match_setting(store, match_id: str, now: dt.datetime):
    """The match and what its sheet is checked against: ``(kind, round, home, away, teams, ctx,
    records, match)``; kind ``cup`` or ``division``. Exit 2 for an unknown match."""
    from ..rules.sheet.validate import Sheet, SheetSide
    from ..store.sheetcontext import division_context, division_of

    div = division_of(match_id)
    if div:
        probe = Sheet(match=match_id, home=SheetSide(""), away=SheetSide(""))
        ctx, division, _, problems = division_context(store, probe)
        check(problems)
        if division is None:
            fail(Msg('no teams entered in {}', div), hint=f"dbf division enter {div} FILE", code="state.not-entered")
        if ctx is None:
            fail(Msg('match {} is not in the {} schedule', match_id, div), hint=f"dbf schedule {div}", code="unknown.match")
        m = ctx.matches[match_id]
        return "division", m.round, m.home, m.away, ctx.teams, ctx, [], m
    from ..store.sheetcontext import load_sheet_season

    season = load_sheet_season(store)     # read once for the probes below
    probe = Sheet(match=match_id, home=SheetSide(""), away=SheetSide(""))
    ctx, match, records, problems = _cup_inputs(season, probe, now)
    check(problems)
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


def _cup_inputs(season, probe, now):
    """``(ctx, match, records, problems)`` of :func:`dbfcli.store.sheetcontext.sheet_inputs`."""
    from ..store.sheetcontext import sheet_inputs

    inputs = sheet_inputs(season, probe, now)
    return inputs.ctx, inputs.match, inputs.records, inputs.problems


def roster_of(kind: str, round_no: int, home: str, away: str, teams, ctx):
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


def _validate_text(kind: str, text: str, file: str, ctx, records, match):
    """The existing validation of a sheet: parsed, then the division rules or the plan of a cup
    sheet (:func:`dbfcli.rules.sheet.recording.plan_cup_sheet`, the fee warning included) -- what
    ``dbf result check`` decides."""
    from ..store.cup.results import parse_cup_sheet

    sheet, problems = parse_cup_sheet(text, file)
    if sheet is None or problems:
        return None, problems
    if kind == "division":
        from ..rules.sheet.validate import validate_division_sheet

        return validate_division_sheet(sheet, ctx), []
    from ..rules.sheet.recording import plan_cup_sheet

    return plan_cup_sheet(sheet, ctx, match, joins=[j for r in records for j in r.joins]).check, []


def _to_confirm(problems) -> tuple[list, list]:
    """Split the validation of an imported sheet into what is left to confirm (UP, the signature:
    §1.5.4, §1.5.14) and the rest."""
    confirm, rest = [], []
    for p in problems:
        text = p.message.lower()
        if (p.rule == "1.5.4" and "up" in text) or (p.rule == "1.5.14" and "sign" in text):
            confirm.append(p)
        else:
            rest.append(p)
    return confirm, rest


# --------------------------------------------------------------------------- import
FormatOpt = Annotated[str | None, typer.Option("--format", help="pbn, lin, usebio or csv (else by the file's suffix).")]


def _import(file: Path, match_id: str, fmt: str | None, out: Path | None, submit: bool, pick: str | None,
            up: int | None, signed_by: int | None, segment_boards: int | None, dry_run: bool,
            names_file: Path | None = None, agreed: int | None = None) -> None:
    from ..rules.sheet.scores import check_agreed_boards

    fmt, tables, usebio = _read_file(file, fmt)
    store = load_store()
    known, given = _names_map(store, names_file)
    kind, round_no, home, away, teams, ctx, records, match = match_setting(store, match_id, now := _now())
    roster = roster_of(kind, round_no, home, away, teams, ctx)
    imported = _imported(file, fmt, tables, usebio, home, away, roster, pick, segment_boards, known)
    computed = ctx.computed_up.get(away) if kind == "cup" else None
    names = {p.id: p.name for p in roster}
    text = _sheet_text(kind, match_id, file, fmt, _played_on(kind, ctx, usebio, tables), imported, home, away,
                       _fitted(names, imported.fits), up, computed, signed_by, agreed)
    target = out or Path(f"{match_id}.yaml")
    res, form = _validate_text(kind, text, str(target), ctx, records, match)
    if form:
        raise UsageProblem(form)
    agreed_problems = check_agreed_boards(agreed, sum(b for b, _ in imported.segments), round_no, kind == "cup")
    found = agreed_problems + list(res.problems)
    checked = _checked_doc(found)
    doc = {
        "ok": checked["ok"], "match": match_id, "format": fmt, "file": str(file),
        **_imported_doc(imported, home, away, names), "agreed_boards": agreed,
        "up_computed": computed[0] if computed else None,
        "to_confirm": checked["to_confirm"], "errors": checked["errors"], "warnings": checked["warnings"],
        "sheet": str(target), "written": False, "draft": False, "dry_run": dry_run,
    }
    if not checked["ok"]:
        _refuse(doc, target, file, text, out is not None and not dry_run,
                [p for p in _to_confirm(found)[1] if p.is_error])
    if not dry_run:
        _write_sheet(target, file, text)
        doc["written"] = True
        _keep_names(store, given, known, dry_run)
    if submit and not dry_run:
        if not RUN.json:
            _human_import(doc)
        _submit_files([target])
        return
    emit(doc, lambda o: _human_import(doc, o))


def _read_file(file: Path, fmt: str | None):
    """``(format, tables, usebio)`` of the file; exit 2 when it cannot be read as one."""
    from ..store.imports.matchfiles import FORMATS, read_match_file

    if fmt is not None and fmt not in FORMATS:
        fail(Msg('--format {}: one of {}', f'{fmt!r}', ', '.join(FORMATS)), code="usage.option")
    fmt, tables, usebio, problems = read_match_file(file, fmt)
    if problems:
        raise UsageProblem(problems)
    return fmt, tables, usebio


def _fitted(names: dict[int, str], fits) -> dict[int, str]:
    """The sheet's comment on each player: the roster name, and what the file wrote where a
    name was fitted (surname, initials, handle, the names map; issue 28)."""
    from ..i18n import current_lang

    if not current_lang().startswith("da"):
        return {pid: f"{n} (file: {fits[pid]})" if pid in fits else n for pid, n in names.items()}
    return {pid: f"{n} (i filen: {_danish_fit(fits[pid])})" if pid in fits else n for pid, n in names.items()}


#: how a name was fitted (rules/scoring/names.py), as a Danish sheet says it
FIT_DA = {"surname": "efternavn", "initials": "initialer", "handle": "brugernavn", "names map": "navneliste",
          "abbreviated surname": "forkortet efternavn"}


def _danish_fit(text: str) -> str:
    """``BildeD: handle`` -> ``BildeD: brugernavn``."""
    name, _, how = text.rpartition(": ")
    return f"{name}: {FIT_DA.get(how, how)}" if name else text


def _refuse(doc: dict, target: Path, file: Path, text: str, draft: bool, errors: list) -> None:
    """An import whose sheet breaks a rule: exit 1 with the computed totals in the document
    (``--json``), no sheet written -- unless ``--out`` asked for the draft, which is written
    under a first line that names it a draft."""
    from ..app.outcome import RuleBroken

    if draft:
        from ..i18n import t

        _write_sheet(target, file, t("import_draft_head", n=len(errors)) + "\n" + text)
        doc["written"] = doc["draft"] = True
        if not RUN.json:
            from ..i18n import t as tr

            sys.stderr.write(tr("import_draft", file=target) + "\n")
    raise RuleBroken(errors, doc)


def _names_map(store, names_file: Path | None) -> tuple[dict[str, int], dict[str, int]]:
    """The names map (issue 28): the season's ``imports/names.yaml`` with ``--names FILE`` over
    it; and what ``--names`` gave (kept in the season once the sheet is written)."""
    from ..store.imports.names import read_names
    from ..store.snapshot import as_snapshot

    known, problems = as_snapshot(store).import_names()
    known, problems = dict(known), list(problems)
    given: dict[str, int] = {}
    if names_file is not None:
        given, more = read_names(names_file)
        problems += more
    if problems:
        raise UsageProblem(problems)
    return {**known, **given}, given


def _keep_names(store, given: dict[str, int], known: dict[str, int], dry_run: bool) -> None:
    """Keep what ``--names`` gave in the season's names map, through a transaction."""
    from ..store.imports.names import SEASON_NAMES, names_text
    from ..store.snapshot import as_snapshot
    from .common import command_line

    old, _ = as_snapshot(store).import_names()
    if not given or {**old, **given} == old:
        return
    with store.transaction(command_line(), f"names map: {len(given)} name(s) for dbf result import", dry_run,
                           RUN.lock_timeout) as tx:
        tx.write_text(SEASON_NAMES, names_text({**old, **given}))


def _imported(file: Path, fmt: str, tables, usebio, home: str, away: str, roster, pick: str | None,
              segment_boards: int | None, known: dict[str, int] | None = None):
    """The match the file records, its players matched to the rosters: a USEBIO file's one
    match, else the tables of the match picked (``--pick``) scored board by board; exit 2
    on what does not fit."""
    from ..rules.scoring.teammatch import ImportedMatch, build_match, pick_group

    if fmt == "usebio":
        from ..store.imports.usebio import usebio_match

        imported, problems = usebio_match(usebio, home, away, roster, str(file))
        if problems:
            raise UsageProblem(problems)
        assert isinstance(imported, ImportedMatch)
        return imported
    group, problems = pick_group(tuple(tables), roster, pick, known)
    if problems:
        raise UsageProblem(problems)
    chosen = [t for t in tables if t.group == group]
    imported, problems = build_match(chosen, home, away, roster, segment_boards or 8, group, known)
    if problems:
        raise UsageProblem(problems)
    return imported


def _sheet_text(kind: str, match_id: str, file: Path, fmt: str, played_on: str | None, imported, home: str,
                away: str, names: dict, up: int | None, computed, signed_by: int | None, agreed: int | None = None) -> str:
    """The result sheet's YAML text (a division sheet without the cup's ``up:`` line)."""
    from ..store.imports.matchfiles import sheet_yaml

    text = sheet_yaml(match=match_id, source=file.name, fmt=fmt, played_on=played_on, segments=imported.segments,
                      home=home, away=away, players=imported.players, names=names,
                      up=up if kind == "cup" else None,
                      up_hint=str(computed[0]) if computed else None,
                      signed_by=signed_by)
    if kind == "division":
        text = "\n".join(line for line in text.splitlines() if "# up:" not in line) + "\n"
    if agreed is not None:   # §1.5.9: the captains' agreement, on the sheet
        text = text.replace("\nsegments:", f'\nagreement: "the captains agreed {agreed} boards (§1.5.9)"\nsegments:', 1)
    return text


def _played_on(kind: str, ctx, usebio, tables) -> str | None:
    """The date the file gives, else the cup match's scheduled day, else none."""
    played_on = None
    if kind == "cup" and ctx.scheduled_on is not None:
        played_on = ctx.scheduled_on.isoformat()
    if usebio is not None and getattr(usebio, "date", None):
        played_on = usebio.date
    elif tables and getattr(tables[0], "date", None):
        played_on = tables[0].date
    return played_on


def _imported_doc(imported, home: str, away: str, names: dict) -> dict:
    """The imported match in the ``--json`` document: boards, IMPs by segment and board, players."""
    return {
        "home": home, "away": away, "boards": sum(b for b, _ in imported.segments),
        "imps": list(imported.imps),
        "segments": [{"boards": b, "imps": list(i)} for b, i in imported.segments],
        "board_imps": [{"board": b.board, "home_ns": b.home_ns, "away_ns": b.away_ns, "imps": list(b.imps)}
                       for b in imported.boards],
        "players": {t: [{"id": pid, "name": names.get(pid), "boards": n} for pid, n in imported.players[t]]
                    for t in (home, away)},
    }


def _checked_doc(problems) -> dict:
    """The sheet's problems in the ``--json`` document: what the TD must confirm (§1.5.4 the UP,
    §1.5.14 who signed), the errors and the warnings."""
    confirm, rest = _to_confirm(problems)
    return {"ok": not [p for p in rest if p.is_error],
            "to_confirm": [p.to_json() for p in confirm],
            "errors": [p.to_json() for p in rest if p.is_error],
            "warnings": [p.to_json() for p in rest if not p.is_error]}


def _write_sheet(target: Path, file: Path, text: str) -> None:
    """Write the sheet to ``target`` (``--out``), never over the file imported (exit 2)."""
    from .common import write_out

    if target.exists() and target.resolve() == file.resolve():
        fail(Msg('--out {} is the file being imported', target), code="usage.conflict")
    write_out(target, text.encode("utf-8"))


def _human_import(doc: dict, out=None) -> None:
    from ..i18n import count, heads, problem_text, t as tr
    from .common import Out

    out = out or Out()
    out.line(tr("import_line", match=doc["match"], home=doc["home"], h=doc["imps"][0], a=doc["imps"][1],
                away=doc["away"], boards=count(doc["boards"], "board"), file=doc["file"], fmt=doc["format"].upper()))
    out.table(tr("import_segments"), heads("segment", "boards") + [doc["home"], doc["away"]],
              [(i + 1, s["boards"], s["imps"][0], s["imps"][1]) for i, s in enumerate(doc["segments"])],
              justify=["right", "right", "right", "right"])
    out.table(tr("import_players"), heads("team", "member", "name", "boards"),
              [(t, p["id"], p["name"] or "", p["boards"]) for t in (doc["home"], doc["away"])
               for p in doc["players"][t]], justify=["left", "right", "left", "right"])
    for p in doc["to_confirm"]:
        out.line(tr("import_confirm", rule=p["rule"], message=problem_text(p["message"])))
    if doc.get("up_computed") is not None:
        out.line(tr("import_up", up=doc["up_computed"], team=doc["away"]))
    for p in doc["errors"] + doc["warnings"]:
        out.line(f"{p['severity']}{' §' + p['rule'] if p.get('rule') else ''}: {p['message']}")
    out.line(tr("would_write" if doc["dry_run"] else "wrote_file", file=doc["sheet"]))


def _submit_files(files: list[Path]) -> None:
    """Record the sheets written as ``dbf result submit`` does (:func:`dbfcli.cli.result.record_sheet`),
    under the lock this command took first."""
    from .result_show import record_sheet

    for f in files:
        record_sheet(f, None, False, False, amend=False)


def attach(result: typer.Typer) -> None:
    """Register ``import`` and ``blank`` on the ``dbf result`` group."""
    _RESULT_GROUP[:] = [result]
    _attach_blank(result)

    @command(result, "import", writes=lambda kw: (kw["submit"] or kw["names"] is not None) and not kw["dry_run"])
    def import_cmd(
        file: Annotated[Path, typer.Argument(help="The scoring program's file: PBN, LIN, USEBIO XML or CSV.")],
        match: Annotated[str, typer.Option("--match", help="The match id, e.g. C3-007 or 1div-R01-03.")],
        format: FormatOpt = None,
        out: Annotated[Path | None, typer.Option("--out", help="Where to write the sheet (default MATCH.yaml here).")] = None,
        submit: Annotated[bool, typer.Option("--submit", help="Then submit the sheet (dbf result submit).")] = False,
        pick: Annotated[str | None, typer.Option("--pick", help="In a file of many matches, the one to take, "
                                                                 "as the file labels it ('AUSTRIA v DENMARK').")] = None,
        up: Annotated[int | None, typer.Option("--up", help="The UP of the away team's trip, as confirmed (§1.5.4).")] = None,
        signed_by: Annotated[int | None, typer.Option("--signed-by", help="Member number of who signed (§1.5.14).")] = None,
        segment_boards: Annotated[int | None, typer.Option("--segment-boards", min=1,
                                                           help="Boards a segment (default 8, §1.5.9).")] = None,
        names: Annotated[Path | None, typer.Option("--names", help="YAML map: a name as the file writes it -> "
                                                   "member number; kept in the season (imports/names.yaml).")] = None,
        agreed_boards: Annotated[int | None, typer.Option("--agreed-boards", min=1, help="The boards the captains "
                                                          "agreed (§1.5.9, through the quarter-final).")] = None,
        dry_run: DryRunOpt = False, json_: JsonOpt = False,
    ) -> None:
        """Turn a scoring program's file into a result sheet (§1.5.9, §1.5.10, §1.5.14).

        Scores each board at both tables (contracts scored by the bridge scoring table,
        checked against the scores the file states), IMPs per board by the WBF table and
        per segment, and the boards each player played from who sat where; names are
        matched to the rosters (member number where the file has one). Reports what it
        could not know (the UP of the trip, who signed). Formats: docs/formats/import.md.

        Example: dbf result import round1.pbn --match C1-001 --out C1-001.yaml
        """
        _import(file, match, format, out, submit, pick, up, signed_by, segment_boards, dry_run, names, agreed_boards)


# --------------------------------------------------------------------------- blank
def _blank(match_ids: list[str], round_no: int | None, out_dir: Path | None, fmt: str, dry_run: bool) -> None:
    from ..store.cup.blanks import blank_yaml

    if fmt not in ("yaml", "html"):
        fail(Msg('--format {}: yaml or html', f'{fmt!r}'), code="usage.option")
    if bool(match_ids) == (round_no is not None):
        fail(Msg('give match ids or --round N (not both)'), hint="dbf result blank --round 1 --out sheets/", code="usage.conflict")
    from ..app.blanks import blank_sheets

    store = load_store()
    facts = blank_sheets(store, match_ids, round_no)
    target = out_dir or Path(".")
    files: list[tuple[Path, str]] = []
    if fmt == "yaml":
        files = [(target / f"{f['match']}.yaml", blank_yaml(f)) for f in facts]
    else:
        from ..publish.blanksheet import render_blank_sheets

        name = f"round-{round_no:02d}.html" if round_no is not None else f"{facts[0]['match']}.html" \
            if len(facts) == 1 else "sheets.html"
        files = [(target / name, render_blank_sheets(facts, store.season))]
    if not dry_run:
        from .common import write_out_folder

        write_out_folder(target, [(path.name, text.encode("utf-8")) for path, text in files])
    doc = {"ok": True, "format": fmt, "sheets": facts, "files": [str(p) for p, _ in files], "dry_run": dry_run,
           "errors": [], "warnings": []}

    def human(o):
        from ..i18n import heads, t as tr

        o.table(tr("blank_title"), heads("match", "home", "away", "date", "boards", "UP", "due"),
                [(f["match"], f["home"]["team"], f["away"]["team"], f["date"] or "", f["boards"],
                  "" if f["up"] is None else f["up"], (f["deadline"] or "").replace("T", " ")) for f in facts])
        for p, _ in files:
            o.line(tr("would_write" if dry_run else "wrote_file", file=p))

    emit(doc, human)


def _attach_blank(result: typer.Typer) -> None:
    @command(result, "blank")
    def blank_cmd(
        matches: Annotated[list[str] | None, typer.Argument(metavar="[MATCH]...", help="Match ids, e.g. C1-001.")] = None,
        round_: Annotated[int | None, typer.Option("--round", min=1, max=9, help="Every match of this cup round.")] = None,
        out: Annotated[Path | None, typer.Option("--out", help="Folder to write into (default: here).")] = None,
        format: Annotated[str, typer.Option("--format", help="yaml (one sheet per match) or html (printable, "
                                                             "one A4 page per match).")] = "yaml",
        dry_run: DryRunOpt = False, json_: JsonOpt = False,
    ) -> None:
        """Pre-filled result sheets: one per match with all dbf knows (§1.5.4-§1.5.14).

        Match id, round, date and time, venue, both rosters with additions, segments and
        boards (§1.5.9), the UP dbf computes for the away team's trip (§1.5.4), natural_pairs
        where a HUM pair plays (§1.5.1.2), the §1.5.14 deadline, and comments saying what to
        fill in: the IMPs and the boards each player played. --format html prints one A4
        page per match for captains who fill it in by hand.

        Example: dbf result blank --round 1 --out sheets/
        """
        _blank(list(matches or []), round_, out, format, dry_run)
