"""The divisions' state files: recorded matches and VP tables (``results``), the lots
(``lots``, ``lotcheck``), the play-off and the rollover inputs (``playoff``, ``playoffstate``),
next season's plan (``rollover``) and what the final tables decide (``standingsstate``)."""
