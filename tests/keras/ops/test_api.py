"""keras.ops as a namespace and in the functional API: the names and signatures Keras 3
exports, ops on KerasTensors recorded as Keras 3-named operations, and the ops the golden
cases can't cover (function-valued vectorize, custom_gradient, jvp, eig up to phase)."""

import inspect
import json
import os

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow.keras import ops
from tests.golden_io import as_recorded

with open(os.path.join(os.path.dirname(__file__), "golden.json")) as _f:
    _GOLDEN = json.load(_f)
NAMES, SIGNATURES = _GOLDEN["names"], _GOLDEN["signatures"]

SPACES = {"ops": ops, "ops.nn": ops.nn, "ops.linalg": ops.linalg, "ops.image": ops.image,
          "ops.numpy": ops.numpy, "random": keras.random}


@pytest.mark.parametrize("space", sorted(SPACES))
def test_namespace_has_every_keras_name(space):
    missing = [n for n in NAMES[space] if not hasattr(SPACES[space], n)]
    assert not missing, f"keras.{space} lacks {missing}"


@pytest.mark.parametrize("space", sorted(SPACES))
def test_signatures_are_keras(space):
    """Argument names, kinds and defaults of every function, as Keras 3's."""
    diff = {}
    for key, want in SIGNATURES.items():
        if key.rsplit(".", 1)[0] != space:
            continue
        params = inspect.signature(getattr(SPACES[space], key.rsplit(".", 1)[1])).parameters
        got = [[p.name, p.kind.name, None if p.default is p.empty else repr(p.default)]
               for p in params.values()]
        if got != want:
            diff[key] = (got, want)
    assert not diff, diff


def test_tf_keras_ops_is_keras_ops():
    assert tf.keras.ops is ops


def test_ops_on_keras_tensors_build_a_functional_model():
    x = keras.Input((3,))
    y = ops.add(x, 1.0)
    z = ops.sum(ops.square(y), axis=1)
    assert tuple(z.shape) == (None,)
    assert y.node.layer.name.startswith("add") and type(y.node.layer).__name__ == "Add"
    assert repr(y.node.layer).startswith("<Operation name=add")
    model = keras.Model(x, z)
    data = np.arange(6, dtype="float32").reshape(2, 3)
    np.testing.assert_allclose(model(data).numpy(), ((data + 1) ** 2).sum(axis=1))


def test_vectorize_applies_when_nothing_is_mapped_and_refuses_mapping():
    f = ops.vectorize(lambda a, b: a + b)
    assert float(f(np.array(1.0), np.array(3.0))) == 4.0
    with pytest.raises(ValueError, match="Not supported with `vectorize\\(\\)`"):
        f(np.array([1.0, 2.0]), np.array([3.0, 4.0]))
    with pytest.raises(ValueError, match="Expected argument `pyfunc` to be a callable"):
        ops.vectorize(3)


def test_custom_gradient_uses_the_given_gradient():
    @ops.custom_gradient
    def clipped(x):
        def grad(upstream):
            return upstream * 0.5
        return x * 2.0, grad

    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = clipped(x)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [0.5, 0.5])


def test_jvp_matches_central_differences():
    def f(x, y):
        return ops.sin(x) * y + x * x

    x, y = np.array([0.3, -1.2], "float64"), np.array([2.0, 0.5], "float64")
    vx, vy = np.array([1.0, -2.0]), np.array([0.5, 3.0])
    # (tensors: TF's ForwardAccumulator refuses a NumPy primal, whose dtype has no
    # is_floating, as Keras 3.15's jvp hands it on)
    out, tangent = ops.linalg.jvp(f, (ops.convert_to_tensor(x), ops.convert_to_tensor(y)),
                                  (vx, vy))
    h = 1e-6
    numeric = (np.sin(x + h * vx) * (y + h * vy) + (x + h * vx) ** 2
               - np.sin(x - h * vx) * (y - h * vy) - (x - h * vx) ** 2) / (2 * h)
    np.testing.assert_allclose(out.numpy(), np.sin(x) * y + x * x)
    np.testing.assert_allclose(tangent.numpy(), numeric, rtol=1e-6)


def test_eig_reconstructs_its_matrix():
    a = np.array([[2.0, -1.0, 0.5], [1.0, 0.0, 3.0], [0.0, 1.0, 1.0]], "float32")
    e, v = ops.eig(a)
    assert ops.dtype(e) == "complex64" and ops.dtype(v) == "complex64"
    np.testing.assert_allclose(a @ v.numpy(), v.numpy() * e.numpy(), atol=1e-5)
    np.testing.assert_allclose(np.sort_complex(e.numpy()), np.sort_complex(np.linalg.eigvals(a)),
                               atol=1e-5)


# Functions the golden cases can't cover, and the tests that do.
COVERED_ELSEWHERE = {
    "vectorize": "test_vectorize_applies_when_nothing_is_mapped_and_refuses_mapping",
    "custom_gradient": "test_custom_gradient_uses_the_given_gradient",
    "SeedGenerator": "tests/keras/ops/test_random.py",
}


@pytest.mark.parametrize("space", sorted(SPACES))
def test_every_function_has_a_golden_case(space):
    """Each function of the namespace is run against real Keras by a golden case (under
    any name it has: `ops.relu` is `ops.nn.relu`), or listed with the test covering it."""
    from tests.keras.ops.cases import CASES

    def resolve(op):
        obj = keras if op.startswith("random.") else ops
        for part in op.split("."):
            obj = getattr(obj, part)
        return obj

    covered = {id(resolve(c["op"])) for c in CASES}
    missing = [n for n in NAMES[space] if not inspect.ismodule(getattr(SPACES[space], n))
               and id(getattr(SPACES[space], n)) not in covered and n not in COVERED_ELSEWHERE]
    assert not missing, f"keras.{space}: no golden case for {missing}"


def test_digitize_is_tfs_bucketize():
    # recorded from TF 2.21: Keras 3 runs Bucketize, whose boundaries are float32 (a float64
    # 0.1 lies below float32(0.1)) and must be sorted
    got = ops.digitize(np.array([0.1, 0.2, 0.3]), [0.1, 0.2, 0.3])
    assert got.dtype == tf.int32 and got.numpy().tolist() == [0, 1, 2]
    assert ops.digitize(np.array([0.1, 0.2, 0.3], "float32"), [0.1, 0.2, 0.3]).numpy() \
        .tolist() == [1, 2, 3]
    assert ops.digitize(np.array([2**25 + 1, 3]), [3.0, 2.0**25 + 1]).numpy().tolist() == [2, 1]
    unsorted = ("{{function_node __wrapped__Bucketize_device_/job:localhost/replica:0/task:0/"
                "device:CPU:0}} Expected sorted boundaries [Op:Bucketize] name: ")
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        ops.digitize(np.array([1.5]), [2.0, 1.0])
    # (TF has a GPU Bucketize whose construction checks the same: on a GPU the message
    # names GPU:0, so it is compared as the CPU-only recorder saw it)
    assert as_recorded(str(info.value)) == unsorted
    with pytest.raises(tf.errors.InvalidArgumentError, match="Expected sorted boundaries"):
        keras.layers.Discretization(bin_boundaries=[2.0, 1.0])(np.array([0.1, 0.2]))


# keras.ops' elementwise ops with SparseTensor arguments, as Keras 3 on TF 2.21 answers
# (the type of the result, its dense values): two sparse ones add and subtract as the
# union of their entries, multiply as the intersection; sparse and dense add to dense,
# multiply to sparse
_SPARSE_BINARY = {
    ("add", "ss"): ("SparseTensor", [[3.0, 1.0], [6.0, 0.0]]),
    ("add", "sd"): ("EagerTensor", [[10.0, 21.0], [32.0, 40.0]]),
    ("add", "ds"): ("EagerTensor", [[10.0, 21.0], [32.0, 40.0]]),
    ("subtract", "ss"): ("SparseTensor", [[-3.0, 1.0], [-2.0, 0.0]]),
    ("subtract", "sd"): ("EagerTensor", [[-10.0, -19.0], [-28.0, -40.0]]),
    ("subtract", "ds"): ("EagerTensor", [[10.0, 19.0], [28.0, 40.0]]),
    ("multiply", "ss"): ("SparseTensor", [[0.0, 0.0], [8.0, 0.0]]),
    ("multiply", "sd"): ("SparseTensor", [[0.0, 20.0], [60.0, 0.0]]),
    ("multiply", "ds"): ("SparseTensor", [[0.0, 20.0], [60.0, 0.0]]),
}


@pytest.mark.parametrize("name, kinds", sorted(_SPARSE_BINARY))
def test_sparse_arguments_as_keras(name, kinds):
    sp = tf.sparse.SparseTensor([[0, 1], [1, 0]], [1.0, 2.0], [2, 2])
    other = tf.sparse.SparseTensor([[0, 0], [1, 0]], [3.0, 4.0], [2, 2])
    dense = tf.constant([[10.0, 20.0], [30.0, 40.0]])
    args = {"ss": (sp, other), "sd": (sp, dense), "ds": (dense, sp)}[kinds]
    out = getattr(tf.keras.ops, name)(*args)
    kind, values = _SPARSE_BINARY[name, kinds]
    dense = tf.sparse.to_dense(out) if isinstance(out, tf.sparse.SparseTensor) else out
    assert type(out).__name__ == kind and dense.numpy().tolist() == values
