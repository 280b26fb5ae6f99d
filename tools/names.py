"""Data lists for the example season: fictional people, plausible clubs.

Every person the generators make is fictional: a first name and a last name
drawn from the lists below (common Danish names, weighted towards the ages
that play club bridge). The clubs are invented too, though named the way
Danish bridge clubs are named; their numbers and home postcodes are data of
this file, not of any real register.

Used by ``tools/make_example.py`` and ``tools/make_large_season.py``.
Edit a list and the example season changes: re-run ``tools/make_example.py``
and commit the regenerated ``tournaments/`` files with it.
"""

from __future__ import annotations

from typing import NamedTuple

FIRST_NAMES: tuple[str, ...] = (
    # women
    "Anne", "Birgit", "Bente", "Dorte", "Else", "Eva", "Grethe", "Hanne",
    "Helle", "Inge", "Jette", "Karen", "Kirsten", "Lene", "Lis", "Lone",
    "Marianne", "Mette", "Merete", "Pia", "Susanne", "Tove", "Ulla", "Vibeke",
    "Annette", "Charlotte", "Gitte", "Jytte", "Lisbeth", "Ruth", "Signe",
    "Camilla", "Ida", "Maja", "Sofie", "Louise", "Rikke", "Trine",
    # men
    "Anders", "Bent", "Bo", "Carl", "Erik", "Finn", "Flemming", "Henrik",
    "Jens", "Jesper", "Jørgen", "Kaj", "Klaus", "Kurt", "Lars", "Mogens",
    "Niels", "Ole", "Peter", "Poul", "Preben", "Søren", "Steen", "Svend",
    "Torben", "Morten", "Kim", "Per", "Knud", "Leif", "Hans", "Johannes",
    "Mikkel", "Rasmus", "Mads", "Frederik", "Thomas", "Martin",
)

LAST_NAMES: tuple[str, ...] = (
    "Jensen", "Nielsen", "Hansen", "Pedersen", "Andersen", "Christensen",
    "Larsen", "Sørensen", "Rasmussen", "Jørgensen", "Petersen", "Madsen",
    "Kristensen", "Olsen", "Thomsen", "Christiansen", "Poulsen", "Johansen",
    "Møller", "Mortensen", "Knudsen", "Jakobsen", "Mikkelsen", "Frederiksen",
    "Laursen", "Henriksen", "Lund", "Holm", "Schmidt", "Eriksen", "Kristiansen",
    "Simonsen", "Clausen", "Svendsen", "Andreasen", "Iversen", "Jeppesen",
    "Vestergaard", "Mogensen", "Nissen", "Lauridsen", "Kjær", "Jacobsen",
    "Bach", "Dam", "Lind", "Ravn", "Friis", "Skov", "Bak", "Krogh", "Winther",
    "Dahl", "Berg", "Toft", "Bruun", "Juhl", "Høj", "Brandt", "Thygesen",
    "Bisgaard", "Kofoed", "Nørgaard", "Overgaard", "Damgaard", "Bech",
    "Lykke", "Storm", "Koch", "Munk", "Gregersen", "Mathiesen", "Svensson",
    "Kirkegaard", "Hviid", "Koefoed", "Ipsen", "Westergaard", "Holst", "Brix",
)

#: Second words of cup team names ("Odense Lynet"): bridge words, weather,
#: birds, landmarks. Each club's teams take distinct words.
TEAM_WORDS: tuple[str, ...] = (
    "Lynet", "Stormen", "Ørnene", "Spar Es", "Grand Slam", "Trumf", "Sans",
    "Dobler", "Redobler", "Kløverne", "Hjerter Dame", "Ruder Konge",
    "Nordlys", "Vestenvind", "Havørnene", "Mågerne", "Fyrtårnet", "Makkerne",
    "Impasse", "Squeeze", "Renonce", "Stikket", "Udspillet", "Bordet",
    "Blindemand", "Melding", "Overstik", "Slemmen", "Udgangen", "Kontrakten",
    "Spilføreren", "Forsvaret", "Tiende", "Knægten", "Dronningen", "Kongerne",
    "Esserne", "Trekløver", "Firkløver", "Solsort", "Viben", "Storken",
    "Falken", "Tranen", "Svanerne", "Lærken", "Uglen", "Ravnene", "Bølgen",
    "Klitten", "Fjorden", "Skoven", "Heden", "Bakken", "Broen", "Møllen",
    "Fyret", "Havnen", "Kysten", "Øen",
)


class Club(NamedTuple):
    """A fictional bridge club of the example.

    ``code`` starts the ids of the club's teams (``ODE-1``); ``town`` starts
    their names; ``teams`` is the number of cup teams the club enters in the
    160-team example (and its weight in a larger synthetic season);
    ``area`` lists the postcodes where its members live when the club is on
    an island (empty: every postcode within ``radius_km`` of ``postcode``).
    """

    number: int
    name: str
    code: str
    town: str
    postcode: str
    teams: int
    radius_km: float = 12.0
    area: tuple[str, ...] = ()


#: Bornholm's postcodes (the Baltic ferry, §1.5.4).
BORNHOLM = ("3700", "3720", "3730", "3740", "3751", "3760", "3770", "3782", "3790")

CLUBS: tuple[Club, ...] = (
    # Copenhagen and surroundings (about a third of the teams)
    Club(1010, "Københavns Bridgeklub", "KBH", "København", "2100", 12, 6),
    Club(1020, "Frederiksberg Bridgeklub", "FRB", "Frederiksberg", "2000", 9, 5),
    Club(1030, "Bridgeklubben Lyngby", "LYN", "Lyngby", "2800", 8, 7),
    Club(1040, "Gentofte Bridgeklub", "GEN", "Gentofte", "2820", 6, 5),
    Club(1050, "BK Amager", "AMA", "Amager", "2300", 5, 6),
    Club(1060, "Valby Bridgeklub", "VAL", "Valby", "2500", 3, 5),
    Club(1070, "Hvidovre Bridgeklub", "HVI", "Hvidovre", "2650", 3, 6),
    Club(1080, "Ballerup Bridgeklub", "BAL", "Ballerup", "2750", 3, 7),
    Club(1090, "Hørsholm Bridgeklub", "HOR", "Hørsholm", "2970", 3, 8),
    Club(1110, "Greve Bridgeklub", "GRE", "Greve", "2670", 2, 8),
    # the rest of Zealand, Møn, Lolland-Falster, Bornholm
    Club(2010, "Roskilde Bridgeklub", "ROS", "Roskilde", "4000", 4),
    Club(2020, "Helsingør Bridgeklub", "HEL", "Helsingør", "3000", 3),
    Club(2030, "Hillerød Bridgeklub", "HIL", "Hillerød", "3400", 3),
    Club(2040, "Køge Bridgeklub", "KOG", "Køge", "4600", 3),
    Club(2050, "Næstved Bridgeklub", "NAE", "Næstved", "4700", 3),
    Club(2060, "Holbæk Bridgeklub", "HOL", "Holbæk", "4300", 2),
    Club(2070, "Slagelse Bridgeklub", "SLA", "Slagelse", "4200", 2),
    Club(2080, "Møns Bridgeklub", "MON", "Møn", "4780", 1, 0, ("4780", "4791", "4792")),
    Club(2110, "Bridgeklubben Falster", "NYF", "Falster", "4800", 3, 15),
    Club(2120, "Nakskov Bridgeklub", "NAK", "Nakskov", "4900", 2, 15),
    Club(3010, "Rønne Bridgeklub", "RON", "Rønne", "3700", 3, 0, BORNHOLM),
    Club(3020, "Nexø Bridgeklub", "NEX", "Nexø", "3730", 1, 0, BORNHOLM),
    # Funen and its islands (Odense's club is 4100, as in docs/interface.md)
    Club(4100, "Odense Bridgeklub", "ODE", "Odense", "5000", 8, 8),
    Club(4110, "Bridgeklubben Fyn", "FYN", "Fyn", "5200", 4, 10),
    Club(4120, "Svendborg Bridgeklub", "SVE", "Svendborg", "5700", 2, 10),
    Club(4130, "Langelands Bridgeklub", "LAN", "Langeland", "5900", 1, 0, ("5900", "5932", "5953")),
    Club(4140, "Ærø Bridgeklub", "AER", "Ærø", "5970", 1, 0, ("5970", "5985")),
    # Jutland and its islands
    Club(5010, "Aarhus Bridgeklub", "AAR", "Aarhus", "8000", 10, 8),
    Club(5020, "Brabrand Bridgeklub", "BRA", "Brabrand", "8220", 3, 8),
    Club(5030, "Risskov Bridgeklub", "RIS", "Risskov", "8240", 3, 8),
    Club(5040, "Samsø Bridgeklub", "SAM", "Samsø", "8305", 1, 0, ("8305",)),
    Club(5110, "Horsens Bridgeklub", "HRS", "Horsens", "8700", 3),
    Club(5120, "Silkeborg Bridgeklub", "SIL", "Silkeborg", "8600", 3),
    Club(5130, "Randers Bridgeklub", "RAN", "Randers", "8900", 3),
    Club(5140, "Viborg Bridgeklub", "VIB", "Viborg", "8800", 2),
    Club(6010, "Vejle Bridgeklub", "VEJ", "Vejle", "7100", 3),
    Club(6020, "Kolding Bridgeklub", "KOL", "Kolding", "6000", 3),
    Club(6030, "Fredericia Bridgeklub", "FRE", "Fredericia", "7000", 2),
    Club(6040, "Esbjerg Bridgeklub", "ESB", "Esbjerg", "6700", 4, 8),
    Club(6050, "Fanø Bridgeklub", "FAN", "Fanø", "6720", 1, 0, ("6720",)),
    Club(6060, "Als Bridgeklub", "ALS", "Als", "6400", 2, 0, ("6400", "6430", "6440", "6470")),
    Club(6070, "Herning Bridgeklub", "HER", "Herning", "7400", 3),
    Club(7010, "BK Nord Aalborg", "AAL", "Aalborg", "9000", 7, 8),
    Club(7020, "Nørresundby Bridgeklub", "NOR", "Nørresundby", "9400", 3, 8),
    Club(7030, "Hjørring Bridgeklub", "HJO", "Hjørring", "9800", 2),
    Club(7040, "Læsø Bridgeklub", "LAE", "Læsø", "9940", 1, 0, ("9940",)),
    Club(7050, "Mors Bridgeklub", "MOR", "Mors", "7900", 1, 0, ("7900", "7950", "7960", "7970", "7980", "7990")),
)

#: Islands without a fixed link (§1.5.4 ferries; the example has a team on each).
ISLAND_POSTCODES: dict[str, tuple[str, ...]] = {
    "Bornholm": BORNHOLM,
    "Samsø": ("8305",),
    "Ærø": ("5970", "5985"),
    "Fanø": ("6720",),
    "Læsø": ("9940",),
}
