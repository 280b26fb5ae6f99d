"""The cup's rules (§1.5): the draw of a round and its pools, byes and entry rounds (§1.5.2,
§1.5.3, §1.5.16), the home team and its venue (§1.5.5-§1.5.8), travel points (§1.5.4), the winner
and its gold points (§1.5.10), rosters and line-ups (§1.5.11-§1.5.13), fees and fines (§1.5.15),
travel refunds (§1.5.17), a match's life and the challenge trophy (§1.5.1)."""
