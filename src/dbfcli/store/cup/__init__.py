"""The cup's state files: draws and the schedule (``draws``), recorded matches, additions,
withdrawals, travel claims, contacts and payments (``results``), the field (``field``), a round
as scheduled (``schedule``), the fee ledgers (``fees``), pre-filled sheets (``blanks``), the
challenge trophy's history (``trophy``) and a winner moved after the next draw (``winnermove``)."""
