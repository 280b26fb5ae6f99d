"""Every docstring example in the rule core runs (python-chess style doctests)."""

import doctest
import importlib
import pkgutil

import pytest

import dbfcli.rules

MODULES = sorted(m.name for m in pkgutil.iter_modules(dbfcli.rules.__path__, "dbfcli.rules."))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
