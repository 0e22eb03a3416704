"""What saved functions return, as in TF 2.21, saved on either side and loaded on the other.

A tf.IndexedSlices (a gather's gradient): its spec is written as TF's TypeSpecProto
INDEXED_SLICES_SPEC (the state TF serializes, three flat components with a dense shape, two
without), the signature's output a composite TensorInfo. The specs themselves are TF's: the
dense shape's rows unknown and its other dims the values', merged with what the dense_shape
tensor says (recorded from TF 2.21 below). Before, saving such a function raised
NotEncodableError.

A None among the outputs (`{"a": x, "b": None}`): no tensor stands for it, and the loaded
function returns it. Before, loading such a function (ours or TF's) raised
InvalidArgumentError ("returns 1 tensors, its saved signature 2").

A signature's outputs are named as TF's wrapper names them (a namedtuple by its fields, a
sequence one level deep), and what is not a tensor is refused in TF's words. Before, a
namedtuple's outputs were output_0, ... and nested structures were flattened."""

import collections
import json
import os
import re
import subprocess
import textwrap

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.io import structured_value
from tests.tf_reference import TF_ENV, TF_PYTHON

X = np.arange(15.0, dtype=np.float32).reshape(5, 3)
IDS = np.array([0, 2, 2, 4], np.int32)

MODULE = """
class M(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([5, 3]), tf.TensorSpec([4], tf.int32)])
    def f(self, x, i):
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.reduce_sum(tf.gather(x, i) ** 2)
        return t.gradient(y, x)
"""

PROBE = """
m = tf.saved_model.load(path)
x = tf.reshape(tf.range(15.0), [5, 3])
i = tf.constant([0, 2, 2, 4])
r = m.f(x, i)
s = m.signatures["serving_default"](x=x, i=i)["output_0"]
out = {"type": type(r).__name__, "values": r.values.numpy().tolist(),
       "indices": r.indices.numpy().tolist(), "dense_shape": r.dense_shape.numpy().tolist(),
       "signature": [type(s).__name__, s.dense_shape.numpy().tolist()],
       "spec": repr(m.f.concrete_functions[0].structured_outputs),
       "signature_spec": repr(m.signatures["serving_default"].structured_outputs)}
"""

# The gradient of sum(gather(x, [0, 2, 2, 4]) ** 2): 2 * x's rows, one per index.
WANT = {"type": "IndexedSlices",
        "values": [[0.0, 2.0, 4.0], [12.0, 14.0, 16.0], [12.0, 14.0, 16.0],
                   [24.0, 26.0, 28.0]],
        "indices": [0, 2, 2, 4], "dense_shape": [5, 3], "signature": ["IndexedSlices", [5, 3]],
        "spec": "IndexedSlicesSpec(TensorShape([5, 3]), tf.float32, tf.int32, tf.int32, "
                "TensorShape([4]))",
        "signature_spec": "{'output_0': IndexedSlicesSpec(TensorShape([None, 3]), tf.float32, "
                          "tf.int32, tf.int32, TensorShape([4]))}"}


def _probe_here(path: str) -> dict:
    scope = {"tf": tf, "path": path}
    exec(PROBE, scope)  # noqa: S102 (this file's own probe, run as TF runs it)
    return scope["out"]


def _save_here(path: str) -> None:
    scope = {"tf": tf}
    exec(MODULE, scope)  # noqa: S102
    tf.saved_model.save(scope["M"](), path)


def _in_tf(body: str, path: str) -> dict:
    code = "import json, sys\nimport tensorflow as tf\npath = sys.argv[1]\n" + \
        textwrap.dedent(body) + "\nprint(json.dumps(out))\n"
    r = subprocess.run([TF_PYTHON, "-c", code, path], capture_output=True, text=True,
                       env=TF_ENV, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.splitlines()[-1])


def test_type_specs_and_shapes_are_tfs():
    """TF 2.21's shape and _type_spec of slices in a trace (values [4, 3] or [None, 3],
    dense_shape [2] or of unknown length) and eagerly."""
    seen = []

    @tf.function
    def f(v, i, d):
        s, bare = tf.IndexedSlices(v, i, d), tf.IndexedSlices(v, i)
        seen.append((str(s.shape), repr(s._type_spec), str(bare.shape), repr(bare._type_spec)))
        return s

    f.get_concrete_function(tf.TensorSpec([4, 3]), tf.TensorSpec([None], tf.int32),
                            tf.TensorSpec([2], tf.int32))
    f.get_concrete_function(tf.TensorSpec([None, 3]), tf.TensorSpec([4], tf.int32),
                            tf.TensorSpec([None], tf.int32))
    spec = "IndexedSlicesSpec(TensorShape([None, 3]), tf.float32, tf.int32, {}, TensorShape([4]))"
    assert seen == [("(None, None)", spec.format("tf.int32"), "<unknown>", spec.format("None")),
                    ("<unknown>", spec.format("tf.int32"), "<unknown>", spec.format("None"))]
    s = tf.IndexedSlices(tf.ones([2, 3]), tf.constant([0, 1]), tf.constant([5, 3]))
    assert s.shape == (5, 3)
    assert repr(s._type_spec) == ("IndexedSlicesSpec(TensorShape([5, 3]), tf.float32, tf.int32, "
                                  "tf.int32, TensorShape([2]))")


@pytest.mark.parametrize("spec,components", [
    (tf.IndexedSlicesSpec([None, 3], tf.float32, tf.int32, tf.int32, [4]), 3),
    (tf.IndexedSlicesSpec([2, 2], tf.float64, tf.int64), 2),
])
def test_specs_round_trip_as_tfs_type_spec_proto(spec, components):
    sv = structured_value.encode(spec)
    ts = sv.type_spec_value
    assert (ts.type_spec_class, ts.type_spec_class_name, ts.num_flat_components) == \
        (2, "IndexedSlicesSpec", components)  # (TF's INDEXED_SLICES_SPEC)
    assert len(ts.type_state.tuple_value.values) == 5
    assert structured_value.decode(sv) == spec


def test_a_bad_saved_state_is_data_loss():
    sv = structured_value.encode(tf.IndexedSlicesSpec([2], tf.float32))
    del sv.type_spec_value.type_state.tuple_value.values[-1]
    with pytest.raises(tf.errors.DataLossError, match="IndexedSlicesSpec"):
        structured_value.decode(sv)


def test_a_function_returning_slices_saves_and_loads(tmp_path):
    _save_here(str(tmp_path))
    assert _probe_here(str(tmp_path)) == WANT


needs_tf = pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                              reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")


@needs_tf
def test_tf_loads_ours(tmp_path):
    _save_here(str(tmp_path))
    assert _in_tf(PROBE, str(tmp_path)) == WANT


@needs_tf
def test_we_load_tfs(tmp_path):
    _in_tf(MODULE + "\ntf.saved_model.save(M(), path)\nout = {}\n", str(tmp_path))
    assert _probe_here(str(tmp_path)) == WANT


NONE_MODULE = """
class N(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None])])
    def f(self, x):
        return {"a": x * 2.0, "b": None}
"""

NONE_PROBE = """
m = tf.saved_model.load(path)
r = m.f(tf.constant([1.0, 2.0]))
out = {"a": r["a"].numpy().tolist(), "b": r["b"],
       "spec": repr(sorted(m.f.concrete_functions[0].structured_outputs.items()))}
"""

NONE_WANT = {"a": [2.0, 4.0], "b": None,
             # (sorted: a loaded dict's keys come in its protobuf map's order, which varies)
             "spec": "[('a', TensorSpec(shape=(None,), dtype=tf.float32, name='a')), "
                     "('b', None)]"}


def _save_none_here(path: str) -> None:
    scope = {"tf": tf}
    exec(NONE_MODULE, scope)  # noqa: S102
    tf.saved_model.save(scope["N"](), path)


def test_a_none_output_saves_and_loads(tmp_path):
    _save_none_here(str(tmp_path))
    scope = {"tf": tf, "path": str(tmp_path)}
    exec(NONE_PROBE, scope)  # noqa: S102
    assert scope["out"] == NONE_WANT


@needs_tf
def test_none_outputs_cross_both_ways(tmp_path):
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    _save_none_here(str(ours))
    assert _in_tf(NONE_PROBE, str(ours)) == NONE_WANT
    _in_tf(NONE_MODULE + "\ntf.saved_model.save(N(), path)\nout = {}\n", str(theirs))
    scope = {"tf": tf, "path": str(theirs)}
    exec(NONE_PROBE, scope)  # noqa: S102
    assert scope["out"] == NONE_WANT


# A signature's outputs as TF 2.21's wrapper takes them (recorded from TF 2.21 with
# input_signature [TensorSpec([None])]): a namedtuple by its fields, a sequence one level
# deep; what is not a tensor is refused inside the wrapper's trace, so framed "in user code".
_P = collections.namedtuple("P", ["lo", "hi"])
_T = "<tf.Tensor 'PartitionedCall:{}' shape=(None,) dtype=float32>"
_WHERE = ("in the output of the function __inference_<lambda>_N used to generate the "
          "SavedModel signature 'serving_default'")
_NOT_A_TENSOR = (". Outputs for functions used as signatures must be a single Tensor, a "
                 "sequence of Tensors, or a dictionary from string to Tensor.")
SIGNATURE_OUTPUTS = {
    "namedtuple": (lambda x: _P(x - 1.0, x + 1.0), ["hi", "lo"]),
    "list": (lambda x: [x, x * 2.0], ["output_0", "output_1"]),
    "single": (lambda x: x * 2.0, ["output_0"]),
    "nested_tuple": (lambda x: (x, (x, x)),
                     f"Got a non-Tensor value ({_T.format(1)}, {_T.format(2)}) for key "
                     f"'output_1' {_WHERE}{_NOT_A_TENSOR}"),
    "nested_dict": (lambda x: {"a": x, "b": {"c": x}},
                    f"Got a non-Tensor value {{'c': {_T.format(1)}}} for key 'b' {_WHERE}"
                    f"{_NOT_A_TENSOR}"),
    "int_key": (lambda x: {1: x}, f"Got a dictionary with a non-string key 1 {_WHERE}."),
    "namedtuple_of_dict": (lambda x: _P(x, {"u": x}),
                           f"Got a non-Tensor value {{'u': {_T.format(1)}}} for key 'hi' "
                           f"{_WHERE}{_NOT_A_TENSOR}"),
}


@pytest.mark.parametrize("case", sorted(SIGNATURE_OUTPUTS))
def test_signature_outputs_are_named_or_refused_as_tfs(case, tmp_path):
    body, want = SIGNATURE_OUTPUTS[case]
    f = tf.function(body, input_signature=[tf.TensorSpec([None])])
    m = tf.Module()
    m.f = f
    if isinstance(want, list):
        tf.saved_model.save(m, str(tmp_path), signatures=f)
        loaded = tf.saved_model.load(str(tmp_path))
        assert sorted(loaded.signatures["serving_default"].structured_outputs) == want
        return
    with pytest.raises(ValueError) as e:
        tf.saved_model.save(m, str(tmp_path), signatures=f)
    message = re.sub(r"__inference_<lambda>_\d+", "__inference_<lambda>_N", str(e.value))
    assert message == f"in user code:\n\n\n    ValueError: {want}\n"
