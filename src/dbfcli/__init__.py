"""dbf: the tournament director's toolkit for Danish team bridge (DBF)."""

__version__ = "0.1.0"
