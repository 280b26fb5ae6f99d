"""The embedded postcode table (Postcode data © GeoNames, CC BY 4.0).

:func:`load_postcodes` reads ``dbfcli/data/dk_postcodes.csv`` once per
process (``functools.lru_cache``) with the csv module: about 1,150 rows,
a few milliseconds (measured in tests/rules/test_geography.py).
"""

from __future__ import annotations

import csv
import functools
from pathlib import Path

from dbfcli.rules.geography import PostcodeTable
from ..rules.problems import Msg

DATA_PACKAGE = "dbfcli.data"
POSTCODES_FILE = "dk_postcodes.csv"
ATTRIBUTION = "Postcode data © GeoNames, CC BY 4.0"


@functools.lru_cache(maxsize=1)
def load_postcodes() -> PostcodeTable:
    """The Danish postcode table shipped with dbf (columns postcode,name,lat,lon)."""
    # the file beside the package (no importlib.resources: it imports zipfile, ~5 ms)
    path = Path(__file__).resolve().parent.parent / "data" / POSTCODES_FILE
    with open(path, encoding="utf-8", newline="") as fh:
        reader = csv.reader(fh)
        next(reader, None)  # header
        return PostcodeTable.from_rows(reader)


#: the season's table of road distances the TD knows (§1.5.4), overriding the model's estimate
DISTANCES_FILE = "distances.csv"
#: the longest road trip inside Denmark is about 500 km (Skagen-Rønne via Ystad); a figure
#: above this is a typing error, not a distance
MAX_KNOWN_KM = 1000


_DISTANCES_HINT = Msg('columns: from,to,km (postcodes and road km, e.g. 3700,4600,272)')


def _distance_row(row: list[str], where, table: PostcodeTable, delimiter: str):
    """One row ``from,to,km``: (the two postcodes, the km, the problems: too few columns, an
    unknown postcode, a km that is not a number from 0 to 1000)."""
    from ..rules.geography import normalize_postcode
    from ..rules.problems import Problem

    if len(row) < 3:
        return None, None, [Problem.error(None, Msg('row has {}; from,to,km needed', Msg.counted(len(row), "column")), where,
                                          hint=_DISTANCES_HINT, code="format.csv")]
    problems = []
    ends = [normalize_postcode(c) for c in row[:2]]
    bad = [c.strip() for c, pc in zip(row[:2], ends) if pc is None or pc not in table]
    km = _km(row[2], delimiter)
    if bad:
        problems.append(Problem.error(None, Msg('unknown postcode {}', ', '.join(bad)), where,
                                      hint=Msg('a 4-digit Danish postcode, e.g. 8000'), code="unknown.postcode"))
    if km is None:
        problems.append(Problem.error(None, Msg('km {} is not a road distance from 0 to {} km',
                                                f'{row[2].strip()!r}', MAX_KNOWN_KM), where, hint=Msg('whole or decimal km, e.g. 272 or 272.5'), code="format.csv"))
    return ends, km, problems


def parse_known_distances(text: str, file: str, table: PostcodeTable):
    """Rows ``from,to,km`` of a ``distances.csv`` (a header row first; ``;`` and a decimal comma
    as a Danish spreadsheet writes them are read too; a 4th column is a free note):
    ``({(a, b): (km, "distances.csv:LINE")}, [Problem])``. Every bad row is reported with its
    line: an unknown postcode, a km that is not a number from 0 to 1000, the same pair twice
    with different km (§1.5.4)."""
    import csv
    import io

    from ..rules.problems import Problem, Where

    lines = text.splitlines()
    delimiter = ";" if lines and ";" in lines[0] else ","
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter)
    known: dict[tuple[str, str], tuple[float, str]] = {}
    problems: list[Problem] = []
    header = next(reader, None)
    if header is None or [h.strip().lower() for h in header[:3]] != ["from", "to", "km"]:
        return {}, [Problem.error(None, Msg('{} must start with the header from,to,km', file), Where(file, 1),
                                  hint=_DISTANCES_HINT, code="format.csv")]
    for row in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        where = Where(file, line)
        ends, km, bad = _distance_row(row, where, table, delimiter)
        problems.extend(bad)
        if bad:
            continue
        key = tuple(sorted(ends))
        if key in known and known[key][0] != km:
            problems.append(Problem.error(None, Msg('{}-{} is given as {} km at {} and as {} km here', key[0],
                                                    key[1], f'{known[key][0]:g}', known[key][1], f'{km:g}'), where,
                                          hint=Msg('keep one figure per pair (a distance is the same both '
                                                   'ways)'), code="format.duplicate"))
            continue
        known.setdefault(key, (km, f"{DISTANCES_FILE}:{line}"))
    return known, problems


def _km(cell: str, delimiter: str) -> float | None:
    text = cell.strip()
    if delimiter == ";":
        text = text.replace(",", ".")
    try:
        km = float(text)
    except ValueError:
        return None
    return km if 0 <= km <= MAX_KNOWN_KM else None


def load_known_distances(store):
    """The season's ``distances.csv`` (§1.5.4): ``({pair: (km, source)}, [Problem])``;
    ``({}, [])`` when the season has none."""
    from ..rules.problems import Problem, Where

    data = store.read_bytes(DISTANCES_FILE)
    if data is None:
        return {}, []
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return {}, [Problem.error(None, Msg('{} is not UTF-8 text', DISTANCES_FILE), Where(DISTANCES_FILE),
                                  hint=Msg('save it from the spreadsheet as CSV UTF-8'), code="format.encoding")]
    return parse_known_distances(text, DISTANCES_FILE, load_postcodes())


def road_table(store) -> tuple[PostcodeTable, list]:
    """The postcode table with the season's known road distances (§1.5.4): what every
    distance, schedule, sheet and UP figure of a season is computed on. ``store`` None:
    the plain table."""
    table = load_postcodes()
    if store is None:
        return table, []
    known, problems = load_known_distances(store)
    return table.with_known_km(known), problems


def check_season(store) -> list:
    """``dbf check``: the season's ``distances.csv`` (§1.5.4), every bad row with its line."""
    return load_known_distances(store)[1]
