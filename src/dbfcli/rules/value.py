"""The base of every value object of the rule core.

A value object is a frozen, slotted record compared and hashed by its fields.
They are built on :class:`msgspec.Struct` rather than ``dataclasses.dataclass``
for start-up: a frozen dataclass writes and compiles its methods when its
module is imported (about 0.5 ms a class, 30 ms for the 53 classes that
``dbf result check`` needs), a Struct class is made in C in about 0.02 ms.
Only these names of msgspec are used in the rule core -- no encoding or
decoding, which stays in the store (``tests/test_layers.py`` checks that
this module is the only way in).

>>> class Pair(Value):
...     home: str
...     away: str = "bye"
>>> Pair("ODE-1"), Pair("ODE-1") == Pair("ODE-1", "bye"), replace(Pair("A"), away="B")
(Pair(home='ODE-1', away='bye'), True, Pair(home='A', away='B'))

Two things differ from dataclasses and are handled here:

* a field left out of comparison (``field(compare=False)``): the place a value
  was read from must not make two equal values differ. Such classes derive
  from :class:`Located` and name those fields in ``__uncompared__``.
* ``__post_init__`` cannot assign to a frozen Struct; compute in a factory
  function instead (the rule core has none).
"""

from __future__ import annotations

from msgspec import Struct, field
from msgspec.structs import replace
from typing import TYPE_CHECKING, ClassVar

__all__ = ["Value", "MutableValue", "Located", "field", "replace"]


if TYPE_CHECKING:   # for the type checker: a subclass of Value is frozen as Value is (msgspec does so at run time)
    from typing import dataclass_transform

    @dataclass_transform(frozen_default=True, field_specifiers=(field,))
    class Value(Struct, frozen=True):
        """A frozen value object: immutable, compared and hashed by all its fields."""
else:
    class Value(Struct, frozen=True):
        """A frozen value object: immutable, compared and hashed by all its fields."""


class MutableValue(Struct):
    """Working state inside one rule function (a tally being added up); not hashable."""


class Located(Value):
    """A value object that knows where it was read (``where``, a :class:`~.problems.Where`).

    Equality and hash leave out the fields named in ``__uncompared__``: the same
    team read from line 3 or line 30 is the same team."""

    __uncompared__: ClassVar[tuple[str, ...]] = ("where",)

    def _compared(self) -> tuple[object, ...]:
        skip = self.__uncompared__
        return tuple(getattr(self, f) for f in self.__struct_fields__ if f not in skip)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._compared() == other._compared()

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._compared())
