"""``dbf result check|submit FILE... | DIR`` as use cases: a whole round in one command (issue 17).

One lock (the session's), one read of the season
(:func:`dbfcli.store.sheetcontext.load_sheet_season`; each division's schedule once). Each
sheet is decided by the rules a single sheet is (:func:`dbfcli.rules.sheet.recording.plan_cup_sheet`,
:func:`dbfcli.rules.sheet.validate.validate_division_sheet`), against the season AND the sheets of the
batch accepted before it, in name order: those are recorded matches to the next sheet
(§1.5.12a, §2.11, §1.5.12 joins), and :mod:`dbfcli.rules.sheet.batch` refuses a second sheet of a
match, a team twice in a round, a division player on two sheets of a round. The season invariants
the valid cup sheets together would break are checked once over all of them (issue 13.5); each
valid sheet is then its own transaction and journal entry (``dbf undo`` undoes one), the
transactions one group, made durable together, the cup's invariants run once at the group's
commit (:meth:`dbfcli.store.season.SeasonStore.transaction_group`).
Readings: docs/readings/input.md ("A whole round in one command").

A sheet any check refuses is a rejected row of the batch, never the end of the use case: the
Outcome is refused only for what stops every sheet (the folder, the lock, a write the store
refuses); a batch with a rejected sheet is ``BatchResult.exit`` 1.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, Callable

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value, field
from .outcome import RULE_EXIT, Outcome, RuleBroken, UsageProblem, fail, outcome_noting, refuse
from .session import Session

#: the sheets of a folder: these suffixes (other files are listed as skipped)
SUFFIXES = (".yaml", ".yml")


class BatchFile(Value, kw_only=True):
    """One file of a batch as the user gave it: ``label`` its name in every problem and in the
    document (the path as typed, or the folder's path joined with the file's name), ``name`` its
    file name, ``data`` its bytes, or the ``problems`` of reading it (the sheet is rejected for
    them)."""

    label: str
    name: str
    data: bytes = b""
    problems: tuple[Problem, ...] = ()


class SheetBatch(Value, kw_only=True):
    """The sheets of ``dbf result check|submit FILE... | DIR`` in the order they are judged
    (files as given, a folder's in name order), and the files of a folder that are no sheet
    (``skipped``: listed, never read)."""

    sheets: tuple[BatchFile, ...]
    skipped: tuple[BatchFile, ...] = ()


class SheetRow(MutableValue, kw_only=True):
    """One sheet of the batch: its JSON document, its status (valid, rejected, already
    recorded, skipped; after the writes: recorded, would be recorded, not recorded), and the
    write it plans into a transaction when valid."""

    file: BatchFile
    doc: dict[str, Any]
    status: str
    write: Callable[[Any], None] | None = None
    record: Any = None                    # a valid cup sheet's CupRecord, as it will be read back


class BatchResult(MutableValue, kw_only=True):
    """The plan of a batch: every ``rows`` (sheets, then skipped files), ``rejected`` how many
    were; ``exit`` 1 (:data:`dbfcli.app.outcome.RULE_EXIT`) when any sheet was rejected, whatever
    its problem: the batch did not pass."""

    rows: list[SheetRow]
    rejected: int = 0

    @property
    def exit(self) -> int:
        return RULE_EXIT if self.rejected else 0


class _Batch(MutableValue, kw_only=True):
    """What the judging of a batch carries from one sheet to the next."""

    store: Any
    now: dt.datetime
    write: bool
    penalty: bool
    season: Any = None                    # store.sheetcontext.SheetSeason, read at the first cup sheet
    contexts: dict[str, Any] = field(default_factory=dict)   # division id -> what its sheets are checked against
    seen: dict[str, str] = field(default_factory=dict)       # match id -> the file of its first sheet
    accepted: list[Any] = field(default_factory=list)        # rules.sheet.batch.BatchEntry
    notes: list[Problem] = field(default_factory=list)       # the season's warnings found on the way


# --------------------------------------------------------------------------- reading
def read_sheet_folder(paths: list[Path]) -> SheetBatch:
    """The sheets named on the command line: files as given; a folder's ``*.yaml``/``*.yml`` in
    name order (hidden files left out; other files and sub-folders skipped, and listed), each
    read at most to the input limit. Exit 2 for a folder that cannot be read or no sheet at all."""
    from ..store.yamlio import YamlLoadError, read_input

    files, skipped = _sheet_files(paths)
    sheets = []
    for f in files:
        try:
            sheets.append(BatchFile(label=str(f), name=f.name, data=read_input(f)))
        except YamlLoadError as exc:
            sheets.append(BatchFile(label=str(f), name=f.name, problems=tuple(exc.problems)))
    return SheetBatch(sheets=tuple(sheets), skipped=tuple(BatchFile(label=str(q), name=q.name) for q in skipped))


def _sheet_files(paths: list[Path]) -> tuple[list[Path], list[Path]]:
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


# --------------------------------------------------------------------------- use cases
def check_sheets(session: Session, batch: SheetBatch, now: dt.datetime) -> Outcome:
    """``dbf result check FILE... | DIR``: every sheet judged against the season and the
    sheets before it (§1.5.9-§1.5.15, §2.11, §1.5.12a; a division's §1.1.2.1); nothing is
    written. The plan a :class:`BatchResult`."""
    return outcome_noting(_run, session, batch, now, False, False, False, False)


def submit_sheets(session: Session, batch: SheetBatch, now: dt.datetime, *, penalty: bool = False,
                  dry_run: bool = False, all_or_nothing: bool = False) -> Outcome:
    """``dbf result submit FILE... | DIR``: every sheet judged, then each valid one recorded
    as its own write in one group (``all_or_nothing``: none when one was rejected; ``penalty``:
    a sheet whose only errors are of form with the §1.5.14 penalty). The plan a
    :class:`BatchResult`; the document the summary with each sheet's."""
    return outcome_noting(_run, session, batch, now, True, penalty, dry_run, all_or_nothing)


def _run(session: Session, batch: SheetBatch, now: dt.datetime, write: bool, penalty: bool, dry_run: bool,
         all_or_nothing: bool, notes: list[Problem]) -> Outcome:
    state = _Batch(store=session.snap.store, now=now, write=write, penalty=penalty, notes=notes)
    rows = [judge(state, f) for f in batch.sheets]
    rows += [SheetRow(file=q, doc={"ok": True, "match": None, "winner": None, "errors": [], "warnings": [],
                                   "gp": {}, "up": {}}, status="skipped") for q in batch.skipped]
    if write:
        _invariants(state, rows)
    rejected = [j for j in rows if j.status == "rejected"]
    if write:
        write_batch(session, rows, dry_run, hold=all_or_nothing and bool(rejected))
    doc = _summary(rows, write, dry_run, all_or_nothing)
    written = write and not dry_run and any(j.status == "recorded" for j in rows)
    return Outcome(doc=doc, notes=list(notes), written=written, show="batch",
                   plan=BatchResult(rows=rows, rejected=len(rejected)))


# --------------------------------------------------------------------------- judging
def _rejected(f: BatchFile, problems: list[Problem], doc: dict[str, Any] | None = None) -> SheetRow:
    """A refused sheet: ``doc`` as its checker completed it, else made of ``problems``."""
    if doc is None:
        doc = {"match": None, "winner": None, "gp": {}, "up": {},
               "errors": [p.to_json() for p in problems if p.is_error],
               "warnings": [p.to_json() for p in problems if not p.is_error]}
    return SheetRow(file=f, doc=dict(doc, ok=False), status="rejected")


def _refuse(problems: list[Problem], doc: dict[str, Any]) -> None:
    """Raise the refusal of a sheet, its document's errors and warnings being ``problems``."""
    doc["errors"] = [p.to_json() for p in problems if p.is_error]
    doc["warnings"] = [p.to_json() for p in problems if not p.is_error]
    raise RuleBroken(problems, doc)


def judge(batch: _Batch, f: BatchFile) -> SheetRow:
    """One sheet against the season and the batch so far; a sheet any check refuses is a
    rejected row (never the end of the batch)."""
    from ..rules.sheet.batch import same_match
    from ..store.season import StoreError
    from ..store.sheetcontext import division_of

    sheet = None
    try:
        sheet, plain = _read(f)
        twice = same_match(sheet, batch.seen)
        batch.seen.setdefault(sheet.match, f.label)
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


def _read(f: BatchFile) -> tuple[Any, Any]:
    """``(sheet, the sheet as plain data)``, the file parsed once."""
    from ..store.sheets import load_tree, plain, sheet_of_tree

    if f.problems:
        raise UsageProblem(list(f.problems))
    root, problems = load_tree(f.data, f.label)
    sheet, more = sheet_of_tree(root, f.label) if root is not None else (None, [])
    if sheet is None or problems or more:
        raise UsageProblem(problems + more)
    return sheet, plain(root)


def _season(batch: _Batch) -> Any:
    """The season the cup sheets are checked against, read once; its files' errors refuse the
    sheet that first reads it (exit 2, as for one sheet), its warnings are the batch's notes."""
    if batch.season is None:
        from ..store.sheetcontext import load_sheet_season

        batch.season = load_sheet_season(batch.store)
        batch.notes.extend(refuse(list(batch.season.problems)))
    return batch.season


def _judge_cup(batch: _Batch, f: BatchFile, sheet: Any, plain: Any) -> SheetRow:
    from ..rules.cup.matchstate import allowed
    from ..rules.sheet.batch import batch_conflicts
    from ..rules.sheet.recording import plan_cup_sheet
    from ..store.sheetcontext import sheet_inputs
    from .sheets import division_typo, sheet_doc

    season = _season(batch)
    inputs: Any = sheet_inputs(season, sheet, batch.now)   # the store's value, its fields untyped
    if any(p.is_error for p in inputs.problems):      # of this sheet (the season's were checked once)
        raise UsageProblem(list(inputs.problems))
    if inputs.match is None:
        division_typo(batch.store, sheet)
        raise UsageProblem(allowed(None, "submit", match_id=sheet.match, where=sheet.where_of("match")))
    plan = plan_cup_sheet(sheet, inputs.ctx, inputs.match, joins=[j for r in inputs.records for j in r.joins],
                          penalty=batch.penalty)
    res = plan.check
    doc = sheet_doc(sheet, res)
    conflicts = batch_conflicts(sheet, inputs.match.round, batch.accepted, players=False)
    if conflicts or not plan.recordable:
        if batch.penalty and not plan.recordable:   # as for one sheet: these are not of form (§1.5.14)
            doc["errors"] = [dict(e, substance=True) for e in doc["errors"]]
            raise RuleBroken(list(res.problems), doc)
        _refuse(conflicts + list(res.problems), doc)
    if plan.penalty:
        doc.update(ok=True, penalty=True)
    return _accept_cup(batch, f, sheet, plain, plan, inputs.match, doc)


def _accept_cup(batch: _Batch, f: BatchFile, sheet: Any, plain: Any, plan: Any, match: Any,
                doc: dict[str, Any]) -> SheetRow:
    """A valid cup sheet: already recorded (the same sheet: nothing to do; another: refused,
    ``dbf result amend``), else accepted unless it breaks a season invariant (issue 13.5); the
    next sheets see it as recorded."""
    from ..rules.sheet.batch import entry_of
    from ..store.cup.results import cup_record_data, match_file, record_of

    rel = match_file(match.id)
    if batch.store.exists(rel):
        if not batch.write:
            return SheetRow(file=f, doc=doc, status="valid")
        return _recorded_before(batch, f, sheet, rel, doc)
    record = cup_record_data(sheet=sheet, sheet_plain=None, check=plan.check, match=match, fees=plan.fees,
                             penalty=plan.penalty, problems_accepted=list(plan.accepted),
                             recorded_at=dt.datetime.now().replace(microsecond=0))
    recorded = record_of(rel, record)
    batch.season.extra = batch.season.extra + (recorded,)
    batch.accepted.append(entry_of(sheet, match.round))

    def write(tx: Any) -> None:
        record["sheet"] = plain
        tx.write_yaml(rel, record, header=f"{match.id} (dbf result submit)")
        doc["fees"] = plan.fees

    return SheetRow(file=f, doc=doc, status="valid", write=write, record=recorded)


def _recorded_before(batch: _Batch, f: BatchFile, sheet: Any, rel: str, doc: dict[str, Any]) -> SheetRow:
    """The match has a record: the same sheet changes nothing; another is refused (amend)."""
    from ..rules.cup.matchstate import MatchState, allowed
    from ..rules.model import CupMatch
    from ..rules.sheet.validate import same_sheet
    from ..store.sheetcontext import recorded_sheet

    old = recorded_sheet(batch.store, rel)
    if old is not None and same_sheet(old, sheet):
        doc.update(recorded=False, already_recorded=True)
        doc["warnings"].append(Problem.warning(None, Msg('{} is already recorded with this sheet; nothing '
                                                         'changed', sheet.match), code="state.already-recorded").to_json())
        return SheetRow(file=f, doc=doc, status="already recorded")
    state = MatchState(match=CupMatch(sheet.match, 0, (sheet.home.team, sheet.away.team)), stage="recorded")
    raise UsageProblem(allowed(state, "submit", where=sheet.where_of("match"), sheet=sheet.file))


def _judge_division(batch: _Batch, f: BatchFile, sheet: Any, plain: Any) -> SheetRow:
    from ..rules.sheet.batch import batch_conflicts, entry_of
    from ..store.cup.results import division_match_file
    from .sheets import division_verdict, write_division

    verdict = division_verdict(batch.store, sheet, batch.contexts)
    batch.notes.extend(verdict.notes)
    sheet, res, doc = verdict.sheet, verdict.res, verdict.doc
    conflicts = batch_conflicts(sheet, res.round, batch.accepted, players=True)
    problems = conflicts + list(res.problems)
    if any(p.is_error for p in problems):
        _refuse(problems, doc)
    rel = division_match_file(sheet.match)
    if batch.write and batch.store.exists(rel):
        return _recorded_before(batch, f, sheet, rel, doc)
    batch.accepted.append(entry_of(sheet, res.round))

    def write(tx: Any) -> None:
        write_division(tx, tx.store, verdict, plain, batch.now, "submit")

    return SheetRow(file=f, doc=doc, status="valid", write=write)


# --------------------------------------------------------------------------- the writes
def _invariants(batch: _Batch, rows: list[SheetRow]) -> None:
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


def write_batch(session: Session, rows: list[SheetRow], dry_run: bool, hold: bool) -> None:
    """Each valid sheet of ``rows`` its own write and journal entry (``dbf undo`` undoes one),
    the writes made durable together (:meth:`dbfcli.store.season.SeasonStore.transaction_group`);
    ``hold``: none. A dry run plans each write and keeps none."""
    todo = [j for j in rows if j.write is not None]
    if hold or not todo:
        for j in todo:
            j.status = "not recorded"
        return
    done = []
    with session.store.transaction_group(session.lock_timeout, dry_run) as group:
        for j in todo:
            with group.transaction(session.actor, Msg("recorded {}", j.doc['match'])) as tx:
                assert j.write is not None
                j.write(tx)
                j.doc["changes"] = [{"file": f, "action": a} for f, a in tx.changes()]
            j.status = "would be recorded" if dry_run else "recorded"
            done.append((j, tx))
    for j, tx in done:
        if tx.journal_file:
            j.doc["journal"] = tx.journal_file


def _summary(rows: list[SheetRow], write: bool, dry_run: bool, all_or_nothing: bool) -> dict[str, Any]:
    """The batch's JSON document (docs/interface.md): each sheet's, and the counts."""
    sheets = []
    for j in rows:
        d = dict(j.doc, file=j.file.label, status=j.status)
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


__all__ = ["BatchFile", "BatchResult", "SheetBatch", "SheetRow", "check_sheets", "read_sheet_folder",
           "submit_sheets", "write_batch"]
