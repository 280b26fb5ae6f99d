"""Bidding systems (§2.10): a system card classified as HUM (§2.10.11) or Åbent forsvar
(§2.10.17) (``cards``), and cards over time: deadlines, changes, fines, HUM in the cup
(``changes``)."""
