"""Denmark's land masses and the links between them (§1.5.2, §1.5.4): the data.

The road model of :mod:`dbfcli.rules.geography` needs three tables, kept here
as plain data so they can be read, checked and corrected without touching the
algorithm:

* which land mass a postcode lies on (:func:`landmass_of_code`), by the
  postcode ranges of the Danish postal system plus the island postcodes
  named in the GeoNames table (Samsø 8305, Fanø 6720, Læsø 9940, ...);
* which side of the Great Belt each land mass is on (:data:`SIDE`, §1.5.2);
* the fixed links and ferries between land masses, each with its two ends
  as (land mass, lat, lon) at the real bridge end or ferry harbour
  (:data:`LINKS`).

Coordinates are decimal degrees (WGS84), rounded to about 100 m: ample for a
road estimate. Sailing distances are the published ones where we found them
(see ``docs/readings/geography.md``), otherwise great-circle between the
harbours times :data:`SEA_FACTOR`.
"""

from __future__ import annotations

from typing import Literal

from .value import Value

Side = Literal["east", "west"]
LinkKind = Literal["bridge", "ferry"]
UPClass = Literal["storebaelt", "kattegat", "oestersoeen"]

#: A ship does not sail a perfectly straight line between harbours.
SEA_FACTOR = 1.1

#: §1.5.2: east or west of the Great Belt. "faroe" (the island mid-way on the
#: Farø bridges) and "skaane" (the Swedish road Ystad-Øresund bridge, used by
#: Bornholm traffic) hold no Danish postcode; they are routing regions only.
SIDE: dict[str, Side] = {
    # east of Storebælt
    "zealand": "east", "lolland-falster": "east", "moen": "east", "bornholm": "east",
    "agersoe": "east", "omoe": "east", "oroe": "east", "sejeroe": "east",
    "askoe": "east", "fejoe": "east", "femoe": "east", "faroe": "east", "skaane": "east",
    # west of Storebælt
    "jutland": "west", "funen": "west", "langeland": "west", "aeroe": "west",
    "als": "west", "mors": "west", "fur": "west", "fanoe": "west", "roemoe": "west",
    "samsoe": "west", "endelave": "west", "tunoe": "west", "anholt": "west",
    "laesoe": "west", "lyoe": "west", "avernakoe": "west", "bjoernoe": "west",
    "strynoe": "west", "birkholm": "west",
}

#: Postcodes that are an island of their own (checked against the names in
#: the GeoNames table: 8305 Samsø, 6720 Fanø, 9940 Læsø, 8592 Anholt, ...).
ISLAND_CODES: dict[str, str] = {
    # Zealand's islands
    "4244": "agersoe", "4245": "omoe", "4305": "oroe", "4592": "sejeroe",
    # Møn with Bogø (joined by a causeway) and Nyord (a bridge)
    "4780": "moen", "4791": "moen", "4792": "moen", "4793": "moen",
    # Lolland's islands
    "4942": "askoe", "4944": "fejoe", "4945": "femoe",
    # Funen's islands
    "5601": "lyoe", "5602": "avernakoe", "5603": "bjoernoe",
    "5900": "langeland", "5932": "langeland", "5935": "langeland", "5953": "langeland",
    "5943": "strynoe", "5960": "aeroe", "5970": "aeroe", "5985": "aeroe", "5965": "birkholm",
    # Jutland's islands (6400 Sønderborg lies on both sides of Alssund; the town centre is on Als)
    "6400": "als", "6430": "als", "6440": "als", "6470": "als",
    "6720": "fanoe", "6792": "roemoe", "7884": "fur",
    "8305": "samsoe", "8592": "anholt", "8789": "endelave", "8799": "tunoe", "9940": "laesoe",
}


def landmass_of_code(code: str) -> str | None:
    """The land mass of a 4-digit postcode by the postal ranges (no table lookup).

    0800-3699 and 3800-4999 Zealand (3700-3799 Bornholm, 4800-4999
    Lolland-Falster), 5000-5999 Funen, 6000-9999 Jutland (7900-7999 Mors),
    with the island postcodes of :data:`ISLAND_CODES` taken out.

    >>> landmass_of_code("8000"), landmass_of_code("3700"), landmass_of_code("4800")
    ('jutland', 'bornholm', 'lolland-falster')
    """
    if len(code) != 4 or not code.isdigit():
        return None
    if code in ISLAND_CODES:
        return ISLAND_CODES[code]
    n = int(code)
    if 3700 <= n <= 3799:
        return "bornholm"
    if 4800 <= n <= 4999:
        return "lolland-falster"
    if 800 <= n <= 4999:
        return "zealand"
    if 5000 <= n <= 5999:
        return "funen"
    if 7900 <= n <= 7999:
        return "mors"
    if 6000 <= n <= 9999:
        return "jutland"
    return None


#: Road-winding factor per land mass: road km = great-circle km x factor.
#: Calibrated against published road distances (tests/rules/test_geography.py).
WINDING: dict[str, float] = {"jutland": 1.17, "funen": 1.17, "zealand": 1.17,
                             "lolland-falster": 1.17, "bornholm": 1.2, "skaane": 1.15}
DEFAULT_WINDING = 1.25


class End(Value):
    """One end of a link: the land mass it is on, a name and its point."""

    landmass: str
    place: str
    lat: float
    lon: float


class Link(Value):
    """A bridge or ferry between two land masses.

    ``name`` is the crossing's id as reported in ``Route.crossings`` (ferries
    and the Great Belt fixed link are reported; other bridges only appear in
    the legs). ``up_class`` is the §1.5.4 ferry class it earns, if any.
    ``km`` is the length (sailing distance for a ferry); None = great-circle
    between the ends (times :data:`SEA_FACTOR` for a ferry).
    """

    name: str
    kind: LinkKind
    a: End
    b: End
    up_class: UPClass | None = None
    km: float | None = None
    title: str = ""

    @property
    def reported(self) -> bool:
        """Whether the link is listed in ``Route.crossings`` (ferries and Storebælt)."""
        return self.kind == "ferry" or self.up_class is not None


def _e(landmass: str, place: str, lat: float, lon: float) -> End:
    return End(landmass, place, lat, lon)


# Harbours used by more than one ferry.
_FAABORG = _e("funen", "Faaborg", 55.094, 10.242)
_RUDKOEBING = _e("langeland", "Rudkøbing", 54.937, 10.705)
_MARSTAL = _e("aeroe", "Marstal", 54.853, 10.521)
_HOU = _e("jutland", "Hou", 55.913, 10.258)
_KRAGENAES = _e("lolland-falster", "Kragenæs", 54.915, 11.360)
_STIGSNAES = _e("zealand", "Stigsnæs", 55.208, 11.253)
_KOEGE = _e("zealand", "Køge havn", 55.455, 12.195)
_ROENNE = _e("bornholm", "Rønne havn", 55.098, 14.690)
_FAROE = _e("faroe", "Farø", 54.947, 12.005)

LINKS: tuple[Link, ...] = (
    # --- fixed links -------------------------------------------------------
    Link("storebaelt", "bridge", _e("funen", "Knudshoved (Nyborg)", 55.298, 10.858),
         _e("zealand", "Halsskov (Korsør)", 55.345, 11.115), up_class="storebaelt", km=18.0,
         title="Great Belt fixed link (Storebæltsbroen)"),
    Link("lillebaelt", "bridge", _e("jutland", "Snoghøj (Fredericia)", 55.527, 9.716),
         _e("funen", "Middelfart", 55.512, 9.741), title="New Little Belt Bridge"),
    Link("storstroem", "bridge", _e("zealand", "Masnedø (Vordingborg)", 54.990, 11.895),
         _e("lolland-falster", "Orehoved", 54.950, 11.850), title="Storstrøm Bridge"),
    Link("faroe-north", "bridge", _e("zealand", "Farø bridges north end", 54.970, 12.030), _FAROE,
         title="Farø bridges (north)"),
    Link("faroe-south", "bridge", _FAROE, _e("lolland-falster", "Farø bridges south end", 54.930, 11.982),
         title="Farø bridges (south)"),
    Link("bogoe", "bridge", _FAROE, _e("moen", "Bogø", 54.935, 12.025), title="Farø-Bogø causeway"),
    Link("ulvsund", "bridge", _e("zealand", "Kalvehave", 54.996, 12.163),
         _e("moen", "Lendemarke", 54.995, 12.190), title="Queen Alexandrine Bridge"),
    Link("alssund", "bridge", _e("jutland", "Sønderborg west", 54.928, 9.762),
         _e("als", "Sønderborg", 54.930, 9.778), title="Alssund bridges"),
    Link("sallingsund", "bridge", _e("jutland", "Glyngøre (Salling)", 56.772, 8.905),
         _e("mors", "Nykøbing Mors", 56.792, 8.885), title="Sallingsund Bridge"),
    Link("vilsund", "bridge", _e("jutland", "Vilsund Vest (Thy)", 56.881, 8.622),
         _e("mors", "Vilsund Øst", 56.873, 8.640), title="Vilsund Bridge"),
    Link("langelandsbroen", "bridge", _e("funen", "Tåsinge (Vemmenæs)", 54.955, 10.695),
         _e("langeland", "Rudkøbing bridge end", 54.945, 10.712), title="Langeland Bridge via Siø"),
    Link("roemoe-daemningen", "bridge", _e("jutland", "Rømødæmningen east", 55.130, 8.735),
         _e("roemoe", "Rømødæmningen west", 55.125, 8.595), km=9.2, title="Rømø causeway"),
    Link("oeresund", "bridge", _e("zealand", "Kastrup", 55.615, 12.655),
         _e("skaane", "Lernacken", 55.565, 12.905), km=16.0, title="Øresund fixed link"),
    # --- ferries that earn §1.5.4 ferry UP ----------------------------------
    Link("kattegat", "ferry", _e("jutland", "Aarhus færgehavn", 56.152, 10.226),
         _e("zealand", "Odden færgehavn", 55.974, 11.300), up_class="kattegat", km=75.0,
         title="Aarhus-Odden (Molslinjen)"),
    Link("oestersoeen", "ferry", _ROENNE, _e("skaane", "Ystad", 55.427, 13.826),
         up_class="oestersoeen", km=75.0, title="Rønne-Ystad (Bornholmslinjen)"),
    Link("oestersoeen", "ferry", _ROENNE, _KOEGE, up_class="oestersoeen",
         title="Rønne-Køge (Bornholmslinjen)"),
    Link("langelandsbaelt", "ferry", _e("langeland", "Spodsbjerg", 54.930, 10.836),
         _e("lolland-falster", "Tårs", 54.878, 11.023), up_class="storebaelt",
         title="Spodsbjerg-Tårs"),
    Link("samsoe-kalundborg", "ferry", _e("samsoe", "Ballen", 55.818, 10.643),
         _e("zealand", "Kalundborg", 55.677, 11.088), up_class="storebaelt",
         title="Ballen-Kalundborg"),
    # --- other ferries (no ferry UP) ----------------------------------------
    Link("samsoe", "ferry", _HOU, _e("samsoe", "Sælvig", 55.867, 10.545), title="Hou-Sælvig"),
    Link("als-fynshav", "ferry", _e("als", "Fynshav", 54.994, 9.985),
         _e("funen", "Bøjden", 55.105, 10.103), title="Fynshav-Bøjden"),
    Link("aeroe", "ferry", _e("funen", "Svendborg", 55.058, 10.612),
         _e("aeroe", "Ærøskøbing", 54.892, 10.417), title="Svendborg-Ærøskøbing"),
    Link("aeroe-soeby", "ferry", _FAABORG, _e("aeroe", "Søby", 54.944, 10.262), title="Faaborg-Søby"),
    Link("aeroe-marstal", "ferry", _MARSTAL, _RUDKOEBING, title="Marstal-Rudkøbing"),
    Link("fanoe", "ferry", _e("jutland", "Esbjerg", 55.468, 8.440),
         _e("fanoe", "Nordby", 55.445, 8.405), km=3.0, title="Esbjerg-Nordby"),
    Link("laesoe", "ferry", _e("jutland", "Frederikshavn", 57.437, 10.545),
         _e("laesoe", "Vesterø Havn", 57.298, 10.925), title="Frederikshavn-Vesterø"),
    Link("anholt", "ferry", _e("jutland", "Grenaa", 56.405, 10.925),
         _e("anholt", "Anholt havn", 56.716, 11.510), title="Grenaa-Anholt"),
    Link("fur", "ferry", _e("jutland", "Branden", 56.815, 9.043),
         _e("fur", "Stenøre", 56.823, 9.030), km=0.6, title="Branden-Fur"),
    Link("endelave", "ferry", _e("jutland", "Snaptun", 55.823, 10.060),
         _e("endelave", "Endelave havn", 55.757, 10.248), title="Snaptun-Endelave"),
    Link("tunoe", "ferry", _HOU, _e("tunoe", "Tunø havn", 55.948, 10.440), title="Hou-Tunø"),
    Link("lyoe", "ferry", _FAABORG, _e("lyoe", "Lyø", 55.045, 10.150), title="Faaborg-Lyø"),
    Link("avernakoe", "ferry", _FAABORG, _e("avernakoe", "Avernakø", 55.030, 10.272),
         title="Faaborg-Avernakø"),
    Link("bjoernoe", "ferry", _FAABORG, _e("bjoernoe", "Bjørnø", 55.063, 10.255), title="Faaborg-Bjørnø"),
    Link("strynoe", "ferry", _RUDKOEBING, _e("strynoe", "Strynø", 54.905, 10.620), title="Rudkøbing-Strynø"),
    Link("birkholm", "ferry", _MARSTAL, _e("birkholm", "Birkholm", 54.928, 10.500), title="Marstal-Birkholm"),
    Link("oroe", "ferry", _e("zealand", "Holbæk", 55.720, 11.716),
         _e("oroe", "Orø havn", 55.770, 11.795), title="Holbæk-Orø"),
    Link("sejeroe", "ferry", _e("zealand", "Havnsø", 55.752, 11.330),
         _e("sejeroe", "Sejerø havn", 55.880, 11.155), title="Havnsø-Sejerø"),
    Link("agersoe", "ferry", _STIGSNAES, _e("agersoe", "Agersø havn", 55.214, 11.197), title="Stigsnæs-Agersø"),
    Link("omoe", "ferry", _STIGSNAES, _e("omoe", "Omø havn", 55.160, 11.145), title="Stigsnæs-Omø"),
    Link("askoe", "ferry", _e("lolland-falster", "Bandholm", 54.838, 11.490),
         _e("askoe", "Askø havn", 54.890, 11.505), title="Bandholm-Askø"),
    Link("fejoe", "ferry", _KRAGENAES, _e("fejoe", "Fejø havn", 54.940, 11.395), title="Kragenæs-Fejø"),
    Link("femoe", "ferry", _KRAGENAES, _e("femoe", "Femø havn", 54.975, 11.533), title="Kragenæs-Femø"),
)

#: Every crossing name and what it is: kind and §1.5.4 UP class.
CROSSINGS: dict[str, tuple[LinkKind, UPClass | None]] = {}
for _link in LINKS:
    CROSSINGS.setdefault(_link.name, (_link.kind, _link.up_class))
del _link
