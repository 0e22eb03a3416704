"""The tf.compat.v1 names eagerflow defines (its TF 1 block, tf.compat.v1.train's,
tf.compat.v1.summary's and tf.compat.v1.initializers' own) are TF 2.21's: each is in
TF's `dir()` of that namespace and takes TF's parameters (tf_v1_names.json, recorded by
record_v1_golden.py)."""

import json
import types
from pathlib import Path

import pytest

import eagerflow as tf
from tests.signatures import _params, comparable

GOLDEN = json.loads((Path(__file__).parent / "golden" / "tf_v1_names.json").read_text())
V1 = tf.compat.v1


def _own(module: types.ModuleType) -> list:
    """The public names a namespace module defines itself (not its fallback's)."""
    return [n for n, v in vars(module).items() if not n.startswith("_")
            and not isinstance(v, types.ModuleType)]


OURS = {
    "": sorted({n for names in V1._V1_MODULES.values() for n in names} | set(V1._V1_RENAMED)
               | set(V1._ALIASES) | set(V1._PROTOS)
               | {n for n in _own(V1) if n not in ("Dimension", "dimension_at_index",
                                                   "dimension_value")}),
    "train": sorted(set(_own(V1.train)) | set(V1.train._LAZY)),
    "summary": sorted(set(_own(V1.summary)) | set(V1.summary._PROTOS)),
    "nn": sorted(_own(V1.nn)),
    "initializers": sorted(_own(V1.initializers)),
    "saved_model": sorted(_own(V1.saved_model)),
    "saved_model.builder": sorted(_own(V1.saved_model.builder)),
    "saved_model.signature_def_utils": sorted(_own(V1.saved_model.signature_def_utils)),
    "saved_model.utils": sorted(_own(V1.saved_model.utils)),
    "saved_model.main_op": sorted(_own(V1.saved_model.main_op)),
}
CASES = [(space, name) for space, names in OURS.items() for name in names]

# parameters that differ from TF's on purpose
DIFFERENT = {
    ("", "Graph"): "eagerflow's takes a name and a parent graph (its traces make them); "
                   "TF's constructor takes nothing",
}


@pytest.mark.parametrize("space,name", CASES)
def test_name_is_tfs(space, name):
    assert name in GOLDEN["names"][space], f"tf.compat.v1.{space}.{name} is not TF's"


@pytest.mark.parametrize("space,name", CASES)
def test_parameters_are_tfs(space, name):
    key = f"{space}.{name}" if space else name
    want = GOLDEN["signatures"].get(key)
    obj = V1
    for part in filter(None, space.split(".")):
        obj = getattr(obj, part)
    obj = getattr(obj, name)
    got = _params(obj) if callable(obj) else None
    if want is None or got is None or (space, name) in DIFFERENT:
        pytest.skip("no signature to compare")
    assert comparable(got) == comparable(want)
