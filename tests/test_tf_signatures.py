"""Every public function and class that eagerflow shares with TF 2.21 takes TF's
parameters: the same names in the same order, of the same kinds, with equal defaults
(tf_signatures.json, recorded from TF by record_tf_signatures.py). A TF program calling
`tf.math.atan2(y=..., x=...)` or passing `num_segments` positionally then binds the same
arguments here. The exceptions are listed with their reasons."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.signatures import comparable, signatures

GOLDEN = json.loads((Path(__file__).parent / "tf_signatures.json").read_text())["signatures"]
OURS = signatures(tf)

# Names whose signatures differ on purpose.
DIFFERENT = {
    # constructors TF's users do not call: TF builds these objects itself
    "DType": "built from TF's C++ type enum; eagerflow's from a NumPy dtype",
    "dtypes.DType": "the same class",
    "data.Dataset": "built from a variant tensor in TF, from inputs and a structure here",
    "distribute.ReplicaContext": "made by the strategy",
    "distribute.Strategy": "subclassed; the base takes TF's `extended` object",
    "distribute.StrategyExtended": "made by the strategy",
    "experimental.DynamicRaggedShape": "made by its from_* class methods",
    "experimental.RowPartition": "made by its from_* class methods",
    "types.experimental.FunctionType": "made by tf.function's tracing",
    "RaggedTensor": "made by its from_* class methods (TF's constructor is internal)",
    # TF exports the raw RFFTND op at the top level, with no kernel (NotFoundError on
    # every call); eagerflow's tf.rfftnd is tf.signal's function, which works (tf.fftnd,
    # tf.ifftnd and tf.irfftnd are TF's raw ops, refused as TF's)
    "rfftnd": "tf.signal.rfftnd",
    # TF's default is its FastHashSpec object, not public in TF 2: None here hashes alike
    "data.experimental.table_from_dataset": "hasher_spec=None (TF's FastHashSpec)",
    "data.experimental.index_table_from_dataset": "hasher_spec=None (TF's FastHashSpec)",
    # TF requires what eagerflow lets default
    "image.stateless_random_saturation": "the seed defaults to None (TF requires it)",
    "data.experimental.CsvDataset": "tf.data.experimental.CsvDataset is CsvDatasetV2 "
                                    "here, with its `name`",
}
# TF's errors are built as ErrorClass(node_def, op, message): eagerflow's have defaults
# for all three, so `raise tf.errors.NotFoundError(None, None, "...")` is written alike
_ERRORS = {f"errors.{n}" for n in dir(tf.errors) if n.endswith("Error") and n != "OpError"}


SHARED = sorted(set(GOLDEN) & set(OURS))
# (a TF signature of only *args/**kwargs, a decorator's wrapper, says nothing to compare)
COMPARED = [n for n in SHARED if n not in DIFFERENT and not all(
    kind in ("VAR_POSITIONAL", "VAR_KEYWORD") for _, kind, _ in GOLDEN[n])]


def test_most_of_tf_is_compared():
    assert len(SHARED) > 1000 and len(COMPARED) > 900


@pytest.mark.parametrize("name", COMPARED)
def test_parameters_are_tfs(name):
    want, got = GOLDEN[name], OURS[name]
    if name in _ERRORS:  # (defaults for the three TF requires; see above)
        want = [[p, k, None] for p, k, _ in want]
        got = [[p, k, None] for p, k, _ in got]
    assert comparable(got) == comparable(want)


def test_the_exceptions_are_still_shared_names():
    assert not set(DIFFERENT) - set(SHARED)
