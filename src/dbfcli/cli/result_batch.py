"""``dbf result submit|check FILE... | DIR``: a whole round in one command (issue 17).

One lock (``submit`` is declared ``writes=True``), one read of the season
(:func:`dbfcli.store.sheetcontext.load_sheet_season`; each division's schedule once). Each
sheet is decided by the rules a single sheet is (:func:`dbfcli.rules.sheet.recording.plan_cup_sheet`,
:func:`dbfcli.rules.sheet.validate.validate_division_sheet`), against the season AND the sheets of the
batch accepted before it, in name order: those are recorded matches to the next sheet
(§1.5.12a, §2.11, §1.5.12 joins), and :mod:`dbfcli.rules.sheet.batch` refuses a second sheet of a
match, a team twice in a round, a division player on two sheets of a round. Each valid sheet is
then written as its own transaction: its own journal entry, so ``dbf undo`` undoes one sheet.
Readings: docs/readings/input.md ("A whole round in one command").
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Callable

import typer

from ..rules.value import MutableValue, field
from .common import check, command_line, fail, load_store, RuleBroken, UsageProblem
from .invocation import RUN
from .output import emit
from ..rules.problems import Msg

#: the sheets of a folder: these suffixes (other files are listed as skipped)
SUFFIXES = (".yaml", ".yml")


def many(files: list[Path]) -> bool:
    """More than one sheet, or a folder: the batch (its JSON is ``{"ok", "sheets": [...]}``)."""
    return len(files) > 1 or any(f.is_dir() for f in files)


def sheet_files(paths: list[Path]) -> tuple[list[Path], list[Path]]:
    """``(sheets, skipped)``: files as given; a folder's ``*.yaml``/``*.yml`` in name order
    (hidden files left out; other files and sub-folders skipped, and listed)."""
    files: list[Path] = []
    skipped: list[Path] = []
    for p in paths:
        if not p.is_dir():
            files.append(p)
            continue
        try:
            entries = sorted(p.iterdir(), key=lambda q: q.name)
        except OSError as exc:
            fail(Msg('cannot read the folder {}: {}', p, exc.strerror or exc), code="io.cannot-read")
        for q in entries:
            if q.name.startswith("."):
                continue
            (files if q.suffix.lower() in SUFFIXES and not q.is_dir() else skipped).append(q)
    if not files:
        fail(Msg('no result sheets (*.yaml) in {}', ', '.join(map(str, paths))), hint="dbf result submit sheets/",
             code="usage.missing")
    return files, skipped


class Judged(MutableValue, kw_only=True):
    """One sheet of the batch: its JSON document, its status (valid, rejected, already
    recorded, skipped; after the writes: recorded, would be recorded, not recorded), and the
    write it plans into a transaction when valid."""

    file: Path
    doc: dict
    status: str
    write: Callable | None = None
    record: object = None                 # a valid cup sheet's CupRecord, as it will be read back


class Batch(MutableValue, kw_only=True):
    """What the judging of a batch carries from one sheet to the next."""

    store: object
    now: dt.datetime
    write: bool
    penalty: bool
    season: object = None                 # store.sheetcontext.SheetSeason, read at the first cup sheet
    contexts: dict = field(default_factory=dict)     # division id -> what its sheets are checked against
    seen: dict = field(default_factory=dict)         # match id -> the file of its first sheet
    accepted: list = field(default_factory=list)     # rules.sheet.batch.BatchEntry


def _rejected(f: Path, problems, doc: dict | None = None) -> Judged:
    """A refused sheet: ``doc`` as its checker completed it, else made of ``problems``."""
    if doc is None:
        doc = {"match": None, "winner": None, "gp": {}, "up": {},
               "errors": [p.to_json() for p in problems if p.is_error],
               "warnings": [p.to_json() for p in problems if not p.is_error]}
    return Judged(file=f, doc=dict(doc, ok=False), status="rejected")


def _refuse(problems: list, doc: dict):
    """Raise the refusal of a sheet, its document's errors and warnings being ``problems``."""
    doc["errors"] = [p.to_json() for p in problems if p.is_error]
    doc["warnings"] = [p.to_json() for p in problems if not p.is_error]
    raise RuleBroken(problems, doc)


def judge(batch: Batch, f: Path) -> Judged:
    """One sheet against the season and the batch so far; a sheet any check refuses is a
    rejected row (never the end of the command)."""
    from ..store.season import StoreError
    from ..store.sheetcontext import division_of

    sheet = None
    try:
        sheet, plain = _read(f)
        from ..rules.sheet.batch import same_match

        twice = same_match(sheet, batch.seen)
        batch.seen.setdefault(sheet.match, str(f))
        if twice:
            raise UsageProblem(twice)
        if division_of(sheet.match):
            return _judge_division(batch, f, sheet, plain)
        return _judge_cup(batch, f, sheet, plain)
    except (RuleBroken, UsageProblem, StoreError) as exc:
        row = _rejected(f, exc.problems, getattr(exc, "doc", None))
        if sheet is not None and not row.doc.get("match"):
            row.doc["match"] = sheet.match
        return row


def _read(f: Path):
    """``(sheet, the sheet as plain data)``, the file read and parsed once (at most 8 MiB)."""
    from ..store.sheets import load_tree, plain, sheet_of_tree
    from ..store.yamlio import YamlLoadError, read_input

    try:
        text = read_input(f)
    except YamlLoadError as exc:
        raise UsageProblem(exc.problems) from None
    root, problems = load_tree(text, str(f))
    sheet, more = sheet_of_tree(root, str(f)) if root is not None else (None, [])
    if sheet is None or problems or more:
        raise UsageProblem(problems + more)
    return sheet, plain(root)


def _season(batch: Batch):
    """The season the cup sheets are checked against, read once; its files' errors end the
    command (exit 2, as for one sheet): no sheet can be judged against it."""
    if batch.season is None:
        from ..store.sheetcontext import load_sheet_season

        batch.season = load_sheet_season(batch.store)
        check(list(batch.season.problems))
    return batch.season


def _judge_cup(batch: Batch, f: Path, sheet, plain) -> Judged:
    from ..rules.sheet.batch import batch_conflicts
    from ..rules.cup.matchstate import allowed
    from ..rules.sheet.recording import plan_cup_sheet
    from ..store.sheetcontext import sheet_inputs
    from ..app.sheets import division_typo as _division_typo, sheet_doc as _doc

    season = _season(batch)
    inputs = sheet_inputs(season, sheet, batch.now)
    if any(p.is_error for p in inputs.problems):      # of this sheet (the season's were checked once)
        raise UsageProblem(list(inputs.problems))
    if inputs.match is None:
        _division_typo(batch.store, sheet)
        raise UsageProblem(allowed(None, "submit", match_id=sheet.match, where=sheet.where_of("match")))
    plan = plan_cup_sheet(sheet, inputs.ctx, inputs.match, joins=[j for r in inputs.records for j in r.joins],
                          penalty=batch.penalty)
    res = plan.check
    doc = _doc(sheet, res)
    conflicts = batch_conflicts(sheet, inputs.match.round, batch.accepted, players=False)
    if conflicts or not plan.recordable:
        if batch.penalty and not plan.recordable:   # as for one sheet: these are not of form (§1.5.14)
            doc["errors"] = [dict(e, substance=True) for e in doc["errors"]]
            raise RuleBroken(list(res.problems), doc)
        _refuse(conflicts + list(res.problems), doc)
    if plan.penalty:
        doc.update(ok=True, penalty=True)
    return _accept_cup(batch, f, sheet, plain, plan, inputs.match, doc)


def _accept_cup(batch: Batch, f: Path, sheet, plain, plan, match, doc: dict) -> Judged:
    """A valid cup sheet: already recorded (the same sheet: nothing to do; another: refused,
    ``dbf result amend``), else accepted unless it breaks a season invariant (issue 13.5); the
    next sheets see it as recorded."""
    from ..rules.sheet.batch import entry_of
    from ..store.cup.results import cup_record_data, match_file, record_of

    rel = match_file(match.id)
    if batch.store.exists(rel):
        if not batch.write:
            return Judged(file=f, doc=doc, status="valid")
        return _recorded_before(batch, f, sheet, rel, doc)
    record = cup_record_data(sheet=sheet, sheet_plain=None, check=plan.check, match=match, fees=plan.fees,
                             penalty=plan.penalty, problems_accepted=list(plan.accepted),
                             recorded_at=dt.datetime.now().replace(microsecond=0))
    recorded = record_of(rel, record)
    batch.season.extra = batch.season.extra + (recorded,)
    batch.accepted.append(entry_of(sheet, match.round))

    def write(tx) -> None:
        record["sheet"] = plain
        tx.write_yaml(rel, record, header=f"{match.id} (dbf result submit)")
        doc["fees"] = plan.fees

    return Judged(file=f, doc=doc, status="valid", write=write, record=recorded)


def _recorded_before(batch: Batch, f: Path, sheet, rel: str, doc: dict) -> Judged:
    """The match has a record: the same sheet changes nothing; another is refused (amend)."""
    from ..rules.cup.matchstate import MatchState, allowed
    from ..rules.model import CupMatch
    from ..rules.problems import Problem
    from ..rules.sheet.validate import same_sheet
    from ..store.sheetcontext import recorded_sheet

    old = recorded_sheet(batch.store, rel)
    if old is not None and same_sheet(old, sheet):
        doc.update(recorded=False, already_recorded=True)
        doc["warnings"].append(Problem.warning(None, Msg('{} is already recorded with this sheet; nothing '
                                                         'changed', sheet.match), code="state.already-recorded").to_json())
        return Judged(file=f, doc=doc, status="already recorded")
    state = MatchState(match=CupMatch(sheet.match, 0, (sheet.home.team, sheet.away.team)), stage="recorded")
    raise UsageProblem(allowed(state, "submit", where=sheet.where_of("match"), sheet=sheet.file))


def _judge_division(batch: Batch, f: Path, sheet, plain) -> Judged:
    from ..rules.sheet.batch import batch_conflicts, entry_of
    from ..store.cup.results import division_match_file
    from ..app.sheets import division_verdict, write_division

    verdict = division_verdict(batch.store, sheet, batch.contexts)
    if verdict.notes and not RUN.json:
        from .common import print_problems

        print_problems(verdict.notes)
    sheet, res, doc = verdict.sheet, verdict.res, verdict.doc
    conflicts = batch_conflicts(sheet, res.round, batch.accepted, players=True)
    problems = conflicts + list(res.problems)
    if any(p.is_error for p in problems):
        _refuse(problems, doc)
    rel = division_match_file(sheet.match)
    if batch.write and batch.store.exists(rel):
        return _recorded_before(batch, f, sheet, rel, doc)
    batch.accepted.append(entry_of(sheet, res.round))

    def write(tx) -> None:
        write_division(tx, tx.store, verdict, plain, batch.now, "submit")

    return Judged(file=f, doc=doc, status="valid", write=write)


# --------------------------------------------------------------------------- the command
def _snapshot_of(store):
    from ..store.snapshot import as_snapshot

    return as_snapshot(store)


def run_batch(paths: list[Path], write: bool, penalty: bool, dry_run: bool, all_or_nothing: bool,
              now: dt.datetime) -> None:
    """``dbf result check|submit FILE... | DIR``: judge every sheet, then (``write``) record
    each valid one as its own write unless ``all_or_nothing`` and one was rejected; a summary;
    exit 1 if any sheet was rejected."""
    files, skipped = sheet_files(paths)
    batch = Batch(store=load_store(), now=now, write=write, penalty=penalty)
    rows = [judge(batch, f) for f in files]
    rows += [Judged(file=q, doc={"ok": True, "match": None, "winner": None, "errors": [], "warnings": [],
                                 "gp": {}, "up": {}}, status="skipped") for q in skipped]
    if write:
        _invariants(batch, rows)
    rejected = [j for j in rows if j.status == "rejected"]
    if write:
        from ..app.session import Session
        from ..app.sheets import write_batch

        session = Session(actor=command_line(), lock_timeout=RUN.lock_timeout, snapshot=_snapshot_of(batch.store))
        write_batch(session, rows, dry_run, hold=all_or_nothing and bool(rejected))
    doc = _summary(rows, write, dry_run, all_or_nothing)
    emit(doc, lambda out: _human(out, rows, doc))
    if rejected:
        raise typer.Exit(1)


def _invariants(batch: Batch, rows: list[Judged]) -> None:
    """Issue 13.5 for the batch: the season invariants (:mod:`dbfcli.rules.invariants`) the
    valid cup sheets together would break, checked once over all of them; only when they would
    break one, sheet by sheet in order, and each sheet that breaks one is rejected."""
    from ..rules.invariants import check_cup, new_breaks
    from ..rules.value import replace

    cup = [j for j in rows if j.record is not None and j.status == "valid"]
    if not cup:
        return
    base = batch.season.cup
    before = check_cup(base, None)
    if not new_breaks(before, check_cup(replace(base, records=base.records + tuple(j.record for j in cup)), None)):
        return
    records = base.records
    for j in cup:
        now = check_cup(replace(base, records=records + (j.record,)), None)
        broken = new_breaks(before, now)
        if broken:
            j.status, j.write = "rejected", None
            j.doc.update(ok=False, errors=[p.to_json() for p in broken])
            continue
        records, before = records + (j.record,), now


def _summary(rows: list[Judged], write: bool, dry_run: bool, all_or_nothing: bool) -> dict:
    sheets = []
    for j in rows:
        d = dict(j.doc, file=str(j.file), status=j.status)
        if write:
            d.setdefault("recorded", j.status == "recorded")
            d["dry_run"] = dry_run
        sheets.append(d)
    count = {s: sum(1 for j in rows if j.status == s) for s in
             ("valid", "recorded", "would be recorded", "already recorded", "rejected", "not recorded", "skipped")}
    rejected = [d for d in sheets if d["status"] == "rejected"]
    return {"ok": not rejected, "sheets": sheets, "recorded": count["recorded"],
            "valid": sum(count[s] for s in ("valid", "recorded", "would be recorded", "not recorded")),
            "rejected": count["rejected"], "already_recorded": count["already recorded"],
            "skipped": count["skipped"], "dry_run": dry_run, "all_or_nothing": all_or_nothing,
            "errors": [dict(e, file=e.get("file") or d["file"]) for d in rejected for e in d["errors"]],
            "warnings": []}


def _first(doc: dict) -> str:
    """The first error (else the first warning) of a sheet, with its § or code."""
    from ..i18n import t
    from ..rules.problems import shown_ids

    for key, sev in (("errors", ""), ("warnings", t("batch:warning") + " ")):
        if doc.get(key):
            p = doc[key][0]
            ids = shown_ids(p.get("rule"), p.get("code"))
            line = " " + t("batch:line", line=p["line"]) if p.get("line") else ""
            return f"{sev}{ids.strip()}{line}: {p['message']}"
    return ""


def _human(out, rows: list[Judged], doc: dict) -> None:
    from ..i18n import MESSAGES, count, heads, t

    out.table(None, heads("file", "match", "status", "winner", "first problem"),
              [(j.file.name, j.doc.get("match") or "", t("batch:" + j.status), j.doc.get("winner") or "",
                _first(j.doc)) for j in rows])
    n = {j.status: 0 for j in rows}
    for j in rows:
        n[j.status] += 1
    parts = [t(("batch_1:" if n.get(s) == 1 and "batch_1:" + s in MESSAGES else "batch_n:") + s, n=n.get(s, 0))
             for s in ("valid", "recorded", "would be recorded", "already recorded", "not recorded", "rejected")
             if n.get(s) or s == "rejected"]
    out.line(t("batch_line", sheets=count(len(rows) - doc["skipped"], "sheet"), parts=", ".join(parts)))
