"""What the workflow cases of the probe set (workflow_cases.py) found, checked on their own:
a custom gradient saved with experimental_custom_gradients=False keeps its op type (TF's
IdentityN with `_gradient_op_type`, naming no gradient), so that differentiating the
loaded function fails with TF's LookupError, in eagerflow as in TF (both ways, each
framework in a fresh process); re-saved, it still can't be differentiated. A variable's
gather inside a function has TF's IndexedSlices gradient, live and loaded; a text-file
table's initializer binds its file first; a mutable table's lookup has its shape in a
SavedModel's traces; RaggedBincount imports values of unknown shape."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.autodiff import custom_gradient
from eagerflow._src.saved_model.protos import pb
from tests.saved_model.probe_interop import workflow_cases as wf
from tests.tf_reference import TF_ENV, TF_PYTHON

# TF 2.21's words (tf.gradients's, which differentiates a loaded function's graph)
NO_GRADIENT = re.escape(
    "No gradient defined for operation'IdentityN' (op type: IdentityN). In general every "
    "operation must have an associated `@tf.RegisterGradient` for correct autodiff, which "
    "this op is lacking. If you want to pretend this operation is a constant in your "
    "program, you may insert `tf.stop_gradient`.")

needs_tf = pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                              reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")


def _save(path, custom_gradients):
    build = wf.build_options_all if custom_gradients else wf.build_options_plain
    m, signatures, options = build(tf, keras, None)
    tf.saved_model.save(m, path, signatures=signatures, options=options)
    return m


def _identity_n(path):
    sm = pb().SavedModel()
    with open(os.path.join(path, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    lib = sm.meta_graphs[0].graph_def.library
    nodes = [nd for f in lib.function for nd in f.node_def if nd.op == "IdentityN"]
    return nodes, {g.registered_op_type for g in lib.registered_gradients}


def test_unsaved_custom_gradient_keeps_its_op_type(tmp_path):
    _save(str(tmp_path / "plain"), custom_gradients=False)
    (node,), registered = _identity_n(str(tmp_path / "plain"))
    assert node.attr["_gradient_op_type"].s.decode().startswith("CustomGradient-")
    assert registered == set()
    _save(str(tmp_path / "all"), custom_gradients=True)
    (node,), registered = _identity_n(str(tmp_path / "all"))
    assert registered == {node.attr["_gradient_op_type"].s.decode()}


def test_loaded_function_without_its_custom_gradient_is_not_differentiable(tmp_path,
                                                                           monkeypatch):
    path = str(tmp_path / "plain")
    _save(path, custom_gradients=False)
    loaded = tf.saved_model.load(path)
    np.testing.assert_allclose(loaded.f(tf.constant([1.0, 2.0])).numpy(), 11.25)
    # the process that traced the gradient still applies it (TF 2.21: its gradient
    # registry holds the op type), re-saved too; any other process can't
    for sig in (False, True):
        np.testing.assert_allclose(wf._grads(tf, loaded, sig=sig)[0].numpy(), [0.15] * 3,
                                   rtol=1e-6)
    np.testing.assert_allclose(wf._grads(tf, _resaved(loaded, tmp_path))[0].numpy(),
                               [0.15] * 3, rtol=1e-6)
    monkeypatch.setattr(custom_gradient, "_IN_PROCESS", {})
    loaded = tf.saved_model.load(path)
    for sig in (False, True):
        with pytest.raises(LookupError, match=f"^{NO_GRADIENT}"):
            wf._grads(tf, loaded, sig=sig)
    # (a path the gradient does not take is no error; a gather's gradient is TF's
    # IndexedSlices of the variable)
    with tf.GradientTape() as tape:
        y = loaded.pick(tf.constant(0))
    g = tape.gradient(y, loaded.w)
    assert type(g).__name__ == "IndexedSlices"
    np.testing.assert_array_equal(tf.convert_to_tensor(g).numpy(), [1.0, 0.0, 0.0])
    again = str(tmp_path / "again")
    tf.saved_model.save(loaded, again)
    (node,), registered = _identity_n(again)
    assert "_gradient_op_type" in node.attr and registered == set()
    with pytest.raises(LookupError, match=f"^{NO_GRADIENT}"):
        wf._grads(tf, tf.saved_model.load(again))


def _resaved(loaded, tmp_path):
    path = str(tmp_path / "resaved")
    tf.saved_model.save(loaded, path)
    return tf.saved_model.load(path)


def test_saved_custom_gradient_still_applies(tmp_path):
    path = str(tmp_path / "all")
    _save(path, custom_gradients=True)
    dx, dw = wf._grads(tf, tf.saved_model.load(path))
    # d/dx sum((x w0)^2) clipped to 0.1 per element, times w0 = 1.5
    np.testing.assert_allclose(dx.numpy(), [0.15] * 3, rtol=1e-6)
    np.testing.assert_allclose(dw.numpy(), [0.2, 0.0, 0.0], rtol=1e-6)


class _Rows(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1.0, 2.0], [3.0, -1.0], [0.5, 4.0]], name="w")

    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
    def rows(self, ids):
        y = tf.reduce_sum(tf.square(tf.gather(self.w, ids)))
        self.w.assign(self.w * 10.0)  # (after the read: its gradient is of the rows read)
        return y


def _row_grads(m, ids):
    before = m.w.numpy().copy()
    with tf.GradientTape() as tape:
        y = m.rows(tf.constant(ids))
    g = tape.gradient(y, m.w)
    np.testing.assert_allclose(y.numpy(), np.sum(before[ids] ** 2), rtol=1e-6)
    return g, before


@pytest.mark.parametrize("loaded", [False, True])
def test_gather_of_a_variable_in_a_function_has_its_gradient(tmp_path, loaded):
    # (a traced ResourceGather's gradient reached no variable: the function's gradient
    # kept its rows as saved values; the loaded function's gather was a read's value)
    m = _Rows()
    if loaded:
        tf.saved_model.save(m, str(tmp_path / "rows"))
        m = tf.saved_model.load(str(tmp_path / "rows"))
    ids = [2, 0, 2]
    g, before = _row_grads(m, ids)
    assert type(g).__name__ == "IndexedSlices"
    np.testing.assert_array_equal(g.indices.numpy(), ids)
    np.testing.assert_array_equal(g.dense_shape.numpy(), [3, 2])
    np.testing.assert_allclose(g.values.numpy(), 2 * before[ids], rtol=1e-6)
    dense = np.zeros_like(before)
    np.add.at(dense, ids, 2 * before[ids])
    np.testing.assert_allclose(tf.convert_to_tensor(g).numpy(), dense, rtol=1e-6)


_TF_SIDE = """
import os, sys
sys.path.insert(0, os.getcwd())
import tensorflow as tf, keras
from tests.saved_model.probe_interop import workflow_cases as wf
mode, path = sys.argv[1:]
if mode == "save":
    m, signatures, options = wf.build_options_plain(tf, keras, None)
    tf.saved_model.save(m, path, signatures=signatures, options=options)
else:
    print(wf.outcome(lambda: wf._grads(tf, tf.saved_model.load(path))))
"""


def _tf(*args):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    return subprocess.run([TF_PYTHON, "-c", _TF_SIDE, *args], capture_output=True, text=True,
                          env=TF_ENV, cwd=root, check=True, timeout=300).stdout


@needs_tf
def test_each_framework_refuses_the_others_file_in_a_fresh_process(tmp_path):
    ours, theirs = str(tmp_path / "ours"), str(tmp_path / "theirs")
    _save(ours, custom_gradients=False)
    out = _tf("load", ours)
    assert "'error': 'LookupError'" in out and "No gradient defined for operation'IdentityN'" \
        in out, out
    _tf("save", theirs)
    with pytest.raises(LookupError, match=f"^{NO_GRADIENT}"):
        wf._grads(tf, tf.saved_model.load(theirs))
    assert sys.executable  # (eagerflow's side ran in this process, which never traced it)


def test_a_text_file_tables_initializer_binds_the_file_first(tmp_path):
    # (TF 2.21's `_initialize` function captures the file's asset before the table: its
    # initializer converts the file name before it reaches the table's handle)
    from tests.saved_model.probe_interop import module_cases
    m, signatures = module_cases.build_assets(tf, keras, str(tmp_path))
    path = str(tmp_path / "sm")
    tf.saved_model.save(m, path, signatures=signatures)
    sm = pb().SavedModel()
    with open(os.path.join(path, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    og = sm.meta_graphs[0].object_graph_def
    (cf,) = [cf for name, cf in og.concrete_functions.items() if "_initializer" in name]
    kinds = [og.nodes[i].WhichOneof("kind") for i in cf.bound_inputs]
    assert kinds == ["asset", "resource"]
    table = tf.saved_model.load(path)
    np.testing.assert_array_equal(table.price(tf.constant(["banana", "kiwi"])).numpy(), [5, -1])


def test_a_mutable_tables_lookup_has_its_shape_where_a_saved_model_recreates_it(tmp_path):
    # (TF 2.21: traced, a MutableHashTable's lookup is of unknown shape, TF's shape function
    # knowing no table's shapes; traced for tf.saved_model.save, the table's recreated
    # handle carries them, so the signature's output is [-1])
    class Counts(tf.Module):
        def __init__(self):
            super().__init__()
            self.table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, 0)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def count(self, words):
            self.table.insert(words, self.table.lookup(words) + 1)
            return self.table.lookup(words)

    m = Counts()
    assert m.count.get_concrete_function().structured_outputs.shape.rank is None
    path = str(tmp_path / "sm")
    tf.saved_model.save(Counts(), path)
    sm = pb().SavedModel()
    with open(os.path.join(path, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    out = sm.meta_graphs[0].signature_def["serving_default"].outputs["output_0"]
    assert [d.size for d in out.tensor_shape.dim] == [-1]
    loaded = tf.saved_model.load(path)
    np.testing.assert_array_equal(loaded.count(tf.constant(["a", "b", "a"])).numpy(), [1, 1, 1])
    np.testing.assert_array_equal(loaded.count(tf.constant(["a"])).numpy(), [2])


def test_ragged_bincount_imports_values_of_unknown_shape():
    # (TF's graph of a Keras counting layer feeds RaggedBincount a lookup's result and a
    # size whose shapes TF's shape functions leave unknown)
    @tf.function(input_signature=[tf.TensorSpec([None], tf.int64),
                                  tf.TensorSpec(None, tf.int64), tf.TensorSpec(None, tf.int64)])
    def counts(splits, values, size):
        return tf.raw_ops.RaggedBincount(splits=splits, values=values, size=size,
                                         weights=tf.constant([], tf.float32))

    splits, values = np.array([0, 3, 3, 7]), np.array([1, 1, 3, 0, 5, 2, 2])
    want = np.zeros((3, 4), np.float32)
    for row in range(3):
        for v in values[splits[row]:splits[row + 1]]:
            if v < 4:
                want[row, v] += 1
    got = counts(tf.constant(splits, tf.int64), tf.constant(values, tf.int64),
                 tf.constant(4, tf.int64))
    np.testing.assert_array_equal(got.numpy(), want)
