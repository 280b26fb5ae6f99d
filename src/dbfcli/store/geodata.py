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
