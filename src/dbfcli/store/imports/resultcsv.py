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

from ...rules.problems import Msg, Problem, Where
from ...rules.scoring.contracts import board_vulnerability, parse_contract, parse_vulnerability
from ...rules.scoring.teammatch import TableResult

REQUIRED = ("board", "north", "east", "south", "west", "contract", "declarer", "tricks")
OPTIONAL = ("room", "vulnerable", "score_ns")


def _seat(value: str) -> tuple[str, int | None]:
    v = value.strip()
    return (v, int(v)) if v.isdigit() else (v, None)


def _header(rows: list[list[str]], file: str) -> tuple[list[str], list[Problem], bool]:
    """(the column names, their problems, whether they refuse the file): every required
    column must be there; an unknown one is named."""
    if not rows:
        return [], [Problem.error(None, Msg('the file is empty'), Where(file, 1), code="format.import")], True
    head = [h.strip().lower() for h in rows[0]]
    missing = [c for c in REQUIRED if c not in head]
    if missing:
        return head, [Problem.error(None, Msg('missing columns: {}' if len(missing) > 1 else 'missing column: {}',
                                              ', '.join(missing)),
                                    Where(file, 1), hint=Msg("columns: {}", ", ".join(REQUIRED + OPTIONAL)),
                                    code="format.import")], True
    unknown = [h for h in head if h and h not in REQUIRED + OPTIONAL]
    if unknown:
        return head, [Problem.error(None, Msg('unknown column: {}', ', '.join(unknown)), Where(file, 1),
                                    hint=Msg("columns: {}", ", ".join(REQUIRED + OPTIONAL)), code="format.import")], False
    return head, [], False


def _cells(cell: dict[str, str]):
    """(board, vulnerability, contract, passed, declarer, tricks, stated NS score) of a row;
    ``ValueError`` on a cell that is none."""
    board = int(cell["board"])
    vul = parse_vulnerability(cell["vulnerable"]) if cell.get("vulnerable") else board_vulnerability(board)
    contract = parse_contract(cell["contract"]) if cell["contract"] else None
    passed = bool(cell["contract"]) and contract is None
    declarer = cell["declarer"].upper() or None
    tricks = int(cell["tricks"]) if cell["tricks"] and not passed else None
    stated = int(cell["score_ns"]) if cell.get("score_ns") else None
    return board, vul, contract, passed, declarer, tricks, stated


def _row(cell: dict[str, str], no: int, where: Where) -> TableResult | Problem:
    """One row (a board at one table) as a table, or why it cannot be read."""
    try:
        board, vul, contract, passed, declarer, tricks, stated = _cells(cell)
    except ValueError as exc:
        return Problem.error(None, Msg('row {}: {}', no, exc), where, code="format.import")
    if contract is not None and (declarer not in ("N", "E", "S", "W") or tricks is None):
        return Problem.error(None, Msg('board {}: a contract needs declarer (N/E/S/W) and tricks', board),
                             where, code="format.import")
    if contract is None and not passed and stated is None:
        return Problem.error(None, Msg('board {}: neither a contract nor score_ns', board), where, code="format.import")
    seats = [_seat(cell[s]) for s in ("north", "east", "south", "west")]
    return TableResult(board=board, seats=tuple(n for n, _ in seats), vulnerability=vul, contract=contract,
                       declarer=declarer if contract is not None else None, tricks=tricks, passed=passed,
                       stated_ns=stated, numbers=tuple(n for _, n in seats), room=cell.get("room") or None,
                       where=where)


def read_result_csv(text: str, file: str) -> tuple[list[TableResult], list[Problem]]:
    """The tables of a results spreadsheet, or every problem (file:line)."""
    sample = text[:2048]
    delim = ";" if sample.count(";") > sample.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delim))
    head, problems, refused = _header(rows, file)
    if refused:
        return [], problems
    out: list[TableResult] = []
    for no, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        cell = {h: (row[i].strip() if i < len(row) else "") for i, h in enumerate(head)}
        got = _row(cell, no, Where(file, no))
        (problems if isinstance(got, Problem) else out).append(got)
    if not out and not problems:
        problems.append(Problem.error(None, Msg('the file has no rows of results'), Where(file, 2), code="format.import"))
    return out, problems
