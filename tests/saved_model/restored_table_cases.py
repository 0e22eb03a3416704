"""What a loaded SavedModel's lookup tables are: the class TF restores each as, its public
attributes, and what reading the attributes of a live table gives (TF's restored tables
are bare resources: only `resource_handle`). Shared by
golden/make_restored_tables_golden.py (TF's load of the TF-written fixtures) and
test_restored_tables.py (eagerflow's load of them, and TF's load of eagerflow's saves);
imports neither TF nor eagerflow itself."""

from __future__ import annotations

from typing import Any

# the attributes a live table has (some on mutable tables only)
ASKED = ("key_dtype", "value_dtype", "name", "default_value", "lookup", "size", "export",
         "insert", "remove", "erase", "insert_or_assign", "resource_handle")

# the tables of each fixture module, by attribute
TABLES = {"tf_tables": ("static", "vocab", "mutable", "vectors"),
          "tf_dense_tables": ("words", "pairs")}


def _asked(table: Any, name: str) -> Any:
    try:
        value = getattr(table, name)
    except AttributeError as e:
        return ["AttributeError", str(e)]
    if name == "resource_handle":
        return ["dtype", repr(value.dtype)]
    return ["has", callable(value)]


def surface(loaded: Any, names: tuple) -> dict:
    out = {}
    for n in names:
        t = getattr(loaded, n)
        out[n] = {"class": type(t).__name__,
                  "public": sorted(a for a in dir(t) if not a.startswith("_")),
                  **{a: _asked(t, a) for a in ASKED}}
    return out
