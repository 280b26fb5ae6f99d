"""Result sheets (§1.5.9-§1.5.15, §2.11; divisions §1.1.2.1): the sheet as values and its
validation (``validate``), the checks about the players (``players``) and about the match and its
scores (``scores``), what recording one means (``recording``) and many sheets at once (``batch``)."""
