"""Read a spreadsheet of a team match's results (CSV, docs/formats/import.md) into tables.

One row per board per table. Columns (a header row; names case-insensitive, in any order;
``,`` or ``;`` between cells; UTF-8 or Latin-1):

``board``, ``north``, ``east``, ``south``, ``west`` (a member number or a name),
``contract`` (``4S``, ``3NTx``, ``Pass``), ``declarer`` (N/E/S/W), ``tricks`` (taken by
declarer) -- required; ``room`` (Open/Closed), ``vulnerable`` (None/NS/EW/All; else by the
board number), ``score_ns`` (checked against the contract; alone when ``contract`` is
empty) -- optional. A missing column is named, and every bad row by its line.
"""

from __future__ import annotations

import csv
import io

from ..rules.problems import Problem, Where
from ..rules.scoring import board_vulnerability, parse_contract, parse_vulnerability
from ..rules.teammatch import TableResult

REQUIRED = ("board", "north", "east", "south", "west", "contract", "declarer", "tricks")
OPTIONAL = ("room", "vulnerable", "score_ns")


def _seat(value: str) -> tuple[str, int | None]:
    v = value.strip()
    return (v, int(v)) if v.isdigit() else (v, None)


def read_result_csv(text: str, file: str) -> tuple[list[TableResult], list[Problem]]:
    """The tables of a results spreadsheet, or every problem (file:line)."""
    sample = text[:2048]
    delim = ";" if sample.count(";") > sample.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delim))
    if not rows:
        return [], [Problem.error(None, "the file is empty", Where(file, 1), code="format.import")]
    head = [h.strip().lower() for h in rows[0]]
    missing = [c for c in REQUIRED if c not in head]
    if missing:
        return [], [Problem.error(None, f"missing column{'s' if len(missing) > 1 else ''}: {', '.join(missing)}",
                                  Where(file, 1), hint="columns: " + ", ".join(REQUIRED + OPTIONAL), code="format.import")]
    unknown = [h for h in head if h and h not in REQUIRED + OPTIONAL]
    problems: list[Problem] = []
    if unknown:
        problems.append(Problem.error(None, f"unknown column: {', '.join(unknown)}", Where(file, 1),
                                      hint="columns: " + ", ".join(REQUIRED + OPTIONAL), code="format.import"))
    out: list[TableResult] = []
    for no, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        cell = {h: (row[i].strip() if i < len(row) else "") for i, h in enumerate(head)}
        where = Where(file, no)
        try:
            board = int(cell["board"])
            vul = parse_vulnerability(cell["vulnerable"]) if cell.get("vulnerable") else board_vulnerability(board)
            contract = parse_contract(cell["contract"]) if cell["contract"] else None
            passed = bool(cell["contract"]) and contract is None
            declarer = cell["declarer"].upper() or None
            tricks = int(cell["tricks"]) if cell["tricks"] and not passed else None
            stated = int(cell["score_ns"]) if cell.get("score_ns") else None
        except ValueError as exc:
            problems.append(Problem.error(None, f"row {no}: {exc}", where, code="format.import"))
            continue
        if contract is not None and (declarer not in ("N", "E", "S", "W") or tricks is None):
            problems.append(Problem.error(None, f"board {board}: a contract needs declarer (N/E/S/W) and tricks",
                                          where, code="format.import"))
            continue
        if contract is None and not passed and stated is None:
            problems.append(Problem.error(None, f"board {board}: neither a contract nor score_ns", where, code="format.import"))
            continue
        seats = [_seat(cell[s]) for s in ("north", "east", "south", "west")]
        out.append(TableResult(board=board, seats=tuple(n for n, _ in seats), vulnerability=vul, contract=contract,
                               declarer=declarer if contract is not None else None, tricks=tricks, passed=passed,
                               stated_ns=stated, numbers=tuple(n for _, n in seats), room=cell.get("room") or None,
                               where=where))
    if not out and not problems:
        problems.append(Problem.error(None, "the file has no rows of results", Where(file, 2), code="format.import"))
    return out, problems
