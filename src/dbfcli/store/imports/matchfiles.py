"""Files from scoring software (PBN, LIN, USEBIO, CSV) -> tables of team matches, and the
result sheet an import writes (``dbf result import``, docs/formats/import.md).

``read_match_file(path, fmt)`` picks the reader by ``fmt`` or the file's suffix and
returns ``(fmt, [TableResult] or None, extra, [Problem])``; ``extra`` is what a
format knows besides the tables (USEBIO: the players' member numbers).
``sheet_yaml(...)`` renders the sheet with comments saying what is left to confirm.
"""

from __future__ import annotations

from pathlib import Path

from ...rules.problems import Msg, Problem, Where

FORMATS = ("pbn", "lin", "usebio", "csv")
_SUFFIX = {".pbn": "pbn", ".lin": "lin", ".xml": "usebio", ".csv": "csv"}


def guess_format(path: Path) -> str | None:
    return _SUFFIX.get(path.suffix.lower())


def decode(data: bytes) -> str:
    """UTF-8 (with or without a BOM), else Latin-1 (what older scoring programs write)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_match_file(path: Path, fmt: str | None):
    """``(format, tables, usebio-match-or-None, problems)``; problems name the file and line."""
    file = str(path)
    fmt = fmt or guess_format(path)
    if fmt is None:
        return None, None, None, [Problem.error(None, Msg('cannot tell the format of {} from its name', file),
                                                Where(file, None), hint=Msg('--format pbn|lin|usebio|csv'), code="usage.option")]
    try:
        data = path.read_bytes()
    except OSError as exc:
        return fmt, None, None, [Problem.error(None, Msg('cannot read {}: {}', file, exc.strerror or exc), Where(file, None), code="io.cannot-read")]
    return (fmt, *parse_match_data(fmt, data, file))


def parse_match_data(fmt: str, data: bytes, file: str):
    """``(tables, usebio-match-or-None, problems)`` of the bytes of a file in format ``fmt``
    (``file``: its name in every problem)."""
    if fmt == "pbn":
        from .pbn import read_pbn

        tables, problems = read_pbn(decode(data), file)
        return tables, None, problems
    if fmt == "lin":
        from .lin import read_lin

        tables, problems = read_lin(decode(data), file)
        return tables, None, problems
    if fmt == "csv":
        from .resultcsv import read_result_csv

        tables, problems = read_result_csv(decode(data), file)
        return tables, None, problems
    from .usebio import read_usebio

    match, problems = read_usebio(data, file)
    return None, match, problems


def _side(team: str, players, names: dict[int, str], up_line: str | None) -> list[str]:
    out = ["  team: " + team]
    if up_line:
        out.append(up_line)
    out.append("  players:")
    for pid, boards in players:
        out.append(f"    - {{id: {pid}, boards: {boards}}}" + (f"   # {names[pid]}" if pid in names else ""))
    return out


#: The comments of an imported sheet, English and Danish (issue 28); its keys are the format's.
SHEET_TEXTS: dict[str, tuple[str, str]] = {
    "head": ("# {match}: imported from {source} ({fmt}) by dbf result import.\n"
             "# IMPs board by board by the WBF IMP table; boards per player from who sat where.\n"
             "# Check it, confirm what is commented out below, then: dbf result submit THIS-FILE",
             "# {match}: importeret fra {source} ({fmt}) af dbf result import.\n"
             "# IMP spil for spil efter WBF's IMP-tabel; spil pr. spiller ud fra, hvem der sad hvor.\n"
             "# Kontrollér den, bekræft det, der er kommenteret ud nedenfor, og så: dbf result submit DENNE-FIL"),
    "boards": ("   # boards {first}-{last} of the file", "   # spil {first}-{last} i filen"),
    "up": ("# §1.5.4: the UP of the away team's trip; confirm it and remove the #",
           "# §1.5.4: UP for udeholdets rejse; bekræft tallet, og fjern #"),
    "signed": ("# signed_by: <member number>   # §1.5.14: who signed the sheet; fill in and remove the #",
               "# signed_by: <medlemsnummer>   # §1.5.14: hvem der skrev under; udfyld, og fjern #"),
}


def sheet_yaml(*, match: str, source: str, fmt: str, played_on: str | None, segments, home: str, away: str,
               players: dict, names: dict[int, str], up: int | None, up_hint: str | None,
               signed_by: int | None, lang: str | None = None) -> str:
    """The result sheet an import writes (docs/interface.md "Result sheet"), commented in ``lang``
    (default: this run's language): where the figures came from, and ``up``/``signed_by`` left
    for the TD to confirm when not given."""
    from ...i18n import current_lang

    da = int((lang or current_lang()).lower().startswith("da"))
    lines = [SHEET_TEXTS["head"][da].format(match=match, source=source, fmt=fmt.upper()), f"match: {match}"]
    if played_on:
        lines.append(f"played_on: {played_on}")
    lines.append("segments:")
    first = 1
    for boards, (h, a) in segments:
        where = SHEET_TEXTS["boards"][da].format(first=first, last=first + boards - 1)
        lines.append(f"  - [{h}, {a}]{where}" if boards == 8 else f"  - {{boards: {boards}, imps: [{h}, {a}]}}{where}")
        first += boards
    lines.append("home:")
    lines += _side(home, players[home], names, None)
    lines.append("away:")
    up_line = f"  up: {up}" if up is not None else \
        f"  # up: {up_hint if up_hint is not None else '<UP>'}   {SHEET_TEXTS['up'][da]}"
    lines += _side(away, players[away], names, up_line)
    lines.append(f"signed_by: {signed_by}" if signed_by is not None else SHEET_TEXTS["signed"][da])
    return "\n".join(lines) + "\n"
