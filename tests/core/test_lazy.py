"""core/lazy.py: a lazy binding checks its module exists, and runs nothing until used."""

import pytest

from eagerflow._src.core.lazy import lazy_module


@pytest.mark.parametrize("name", ["eagerflow._src.core.no_such_module",
                                  "eagerflow._src.autograph.operators.no_such_module",
                                  "no_such_package.module", "json.no_such_module"])
def test_a_missing_module_is_refused_at_binding(name):
    with pytest.raises(ModuleNotFoundError, match=f"No module named '{name}'"):
        lazy_module(name)


def test_a_binding_reads_the_real_module_on_first_use():
    textwrap = lazy_module("textwrap")
    assert repr(textwrap) == "<module 'textwrap', loaded on first use>"
    assert textwrap.dedent("  a\n  b") == "a\nb"
