"""The divisions' rules (§1.1): the all-play-all schedule and its days (§1.1.2.1), victory
points and the standings (§1.1.2.1, §1.1.3.2), the 3rd division's groups (§1.1.4.1), the
1st-division play-off with its carry-over (§1.1.2.4-§1.1.2.11, §1.1.4.2), the qualification
(§1.1.5), what a new roster may not orphan (roster.py, §1.1.2.1), and next season: promotion,
relegation and vacancies (§1.1.1.1, §1.1.2.2, §1.1.3.3, §1.1.4.3)."""
