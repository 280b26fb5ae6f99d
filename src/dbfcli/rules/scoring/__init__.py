"""Boards as scoring software gives them (§1.5.9, §1.5.10, §1.5.14): the score of a contract
(``contracts``, Law 77), the IMP scale (``imps``), a team match scored board by board
(``teammatch``) and the names at the table matched to a roster (``names``)."""
