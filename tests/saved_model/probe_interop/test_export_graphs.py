"""Keras models written as SavedModels by eagerflow hold what TF 2.21 / Keras 3.15 write
of them: the object graph, the captures of each function, the library's function names,
the signature defs and the checkpoint keys (export_graphs_golden.json, recorded by
record_export_graphs.py); and TF's own loader reads them where TF is installed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.saved_model.protos import pb
from tests.saved_model.probe_interop import export_graphs
from tests.saved_model.test_user_models import differences

GOLDEN = json.loads((Path(__file__).parent / "export_graphs_golden.json").read_text())


def _facts(path):
    sm = pb().SavedModel()
    with open(os.path.join(path, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    return export_graphs.facts(sm, tf.train.list_variables, path)


@pytest.mark.parametrize("name", sorted(export_graphs.CASES))
def test_saved_model_files_are_tensorflows(tmp_path, name):
    keras.utils.set_random_seed(0)
    export_graphs.CASES[name](tf, keras, str(tmp_path / name))
    got = _facts(str(tmp_path / name))
    diff = differences(GOLDEN[name], json.loads(json.dumps(got)))
    assert not diff, "\n".join(diff)


def test_archive_variables_are_copies_saved_apart(tmp_path):
    # (Keras 3 on TF saves a Keras variable's tf.Variable as an object of its own: loaded,
    # it is a variable apart from the one the functions use, holding the value saved)
    export_graphs.archive_endpoints(tf, keras, str(tmp_path / "a"))
    loaded = tf.saved_model.load(str(tmp_path / "a"))
    used = {id(v) for v in loaded.variables} | {id(v) for v in loaded.extra}
    # 4 of the model, 2 of `other`, and `scale`: a tf.Variable, not a Keras one, so the
    # list holds that very variable (TF's too), where the Keras variables have copies
    assert len(loaded._all_variables) == 7
    copies = [v for v in loaded._all_variables if id(v) not in used]
    assert len(copies) == 6
    by_name = {v.name: v for v in [*loaded.variables, *loaded.extra]}
    for v in loaded._all_variables:
        np.testing.assert_array_equal(v.numpy(), by_name[v.name].numpy())
    # the copies are not what the endpoints read: assigning one leaves the results
    x = tf.constant(export_graphs.XS)
    before = loaded.predict(x).numpy()
    for v in copies:
        v.assign(tf.zeros_like(v))
    np.testing.assert_array_equal(loaded.predict(x).numpy(), before)


def test_archive_serves_a_traced_function_by_its_first_trace(tmp_path):
    # (Keras 3 takes a tf.function called at least once without an input_signature, and
    # serves its first trace; one never called is refused in Keras's words)
    scale = tf.Variable(3.0, name="scale")
    doubled = tf.function(lambda x: x * scale)
    archive = keras.export.ExportArchive()
    with pytest.raises(ValueError, match=r"^The provided tf\.function '<.*Function object at "
                       r"0x[0-9a-f]+>' has never been called\. To specify the expected shape "
                       r"and dtype of the function's arguments, you must either provide a "
                       r"function that has been called at least once, or alternatively pass "
                       r"an `input_signature` argument in `add_endpoint\(\)`\.$"):
        archive.add_endpoint("doubled", doubled)
    doubled(tf.constant([1.0, 2.0]))
    doubled(tf.constant([[1.0]]))
    archive.track(tf.Module())
    archive.add_variable_collection("state", [scale])
    archive.add_endpoint("doubled", doubled)
    archive.write_out(str(tmp_path / "a"), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / "a"))
    sig = loaded.signatures["serving_default"]
    assert sorted(loaded.signatures) == ["doubled", "serving_default"]
    (key,) = sig.structured_input_signature[1]
    assert sig.structured_input_signature[1][key].shape.as_list() == [2]
    np.testing.assert_array_equal(sig(**{key: tf.constant([1.0, -1.0])})["output_0"].numpy(),
                                  [3.0, -3.0])
    np.testing.assert_array_equal(loaded.doubled(tf.constant([[2.0]])).numpy(), [[6.0]])
