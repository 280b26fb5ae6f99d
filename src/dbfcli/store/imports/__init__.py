"""Files from scoring software read into team matches (``dbf result import``): PBN (``pbn``),
BBO LIN (``lin``), USEBIO XML (``usebio``), a spreadsheet (``resultcsv``), the choice among them
(``matchfiles``), and the season's names map (``names``, checked by ``check``)."""
