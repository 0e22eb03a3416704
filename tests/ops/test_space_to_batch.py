"""tf.space_to_batch(_nd), tf.batch_to_space, tf.nn.space_to_batch and
tf.required_space_to_batch_paddings: against an index-by-index reference (TF's documented
layout: block offsets outermost in the batch), each other's inverse, gradients against
finite differences, and TF 2.21's errors (messages recorded from it)."""

import itertools

import numpy as np
import pytest

import eagerflow as tf

X = np.arange(2 * 4 * 6 * 3, dtype=np.float32).reshape(2, 4, 6, 3)


def _s2b_ref(x, blocks, pads):
    padded = np.pad(x, [(0, 0)] + [tuple(p) for p in pads] + [(0, 0)] * (x.ndim - 1 - len(blocks)))
    m, batch = len(blocks), x.shape[0]
    sizes = [padded.shape[1 + i] // b for i, b in enumerate(blocks)]
    out = np.zeros((batch * int(np.prod(blocks)),) + tuple(sizes) + padded.shape[1 + m:],
                   x.dtype)
    for offsets in itertools.product(*[range(b) for b in blocks]):
        k = 0
        for o, b in zip(offsets, blocks):
            k = k * b + o
        for pos in itertools.product(*[range(s) for s in sizes]):
            src = tuple(p * b + o for p, b, o in zip(pos, blocks, offsets))
            out[(k * batch + np.arange(batch),) + pos] = padded[(slice(None),) + src]
    return out


@pytest.mark.parametrize("blocks, pads", [([2, 3], [[0, 0], [0, 0]]), ([2, 2], [[1, 1], [2, 0]]),
                                          ([2], [[1, 1]]), ([1, 4], [[0, 0], [1, 1]])])
def test_space_to_batch_matches_the_layout_and_batch_to_space_inverts(blocks, pads):
    got = tf.space_to_batch(X, blocks, pads).numpy()
    np.testing.assert_array_equal(got, _s2b_ref(X, blocks, pads))
    np.testing.assert_array_equal(tf.space_to_batch_nd(X, blocks, pads).numpy(), got)
    np.testing.assert_array_equal(tf.nn.space_to_batch(X, blocks, pads).numpy(), got)
    np.testing.assert_array_equal(tf.batch_to_space(got, blocks, pads).numpy(), X)


def test_tf_values_and_int_block_shape():
    # TF 2.21: shape (1, 4, 9, 3), first values [72, 73, 74, 3, 4, 5], sum 8064
    out = tf.batch_to_space(X, [1, 2], [[0, 0], [1, 2]]).numpy()
    assert out.shape == (1, 4, 9, 3) and out.sum() == 8064
    assert out.ravel()[:6].tolist() == [72.0, 73.0, 74.0, 3.0, 4.0, 5.0]
    out = tf.batch_to_space(X[:, :, :, :], [2], [[3, 2]]).numpy()
    assert out.shape == (1, 3, 6, 3) and out.sum() == 4671
    y = np.zeros((4, 2, 3, 1), np.float32)
    assert tf.batch_to_space(y, 2, [[0, 0], [1, 1]]).shape == (1, 4, 4, 1)


def test_required_paddings_as_tf():
    paddings, crops = tf.required_space_to_batch_paddings([5, 7], [2, 3])
    assert paddings.dtype == tf.int32 and paddings.numpy().tolist() == [[0, 1], [0, 2]]
    assert crops.numpy().tolist() == [[0, 1], [0, 2]]
    paddings, crops = tf.required_space_to_batch_paddings([5, 7], [2, 3], [[1, 0], [0, 2]])
    assert paddings.numpy().tolist() == [[1, 0], [0, 2]] and crops.numpy().tolist() == [[0, 0],
                                                                                         [0, 0]]


def test_gradients():
    x = np.random.default_rng(0).uniform(-1, 1, size=(2, 4, 3, 2))
    for f in (lambda v: tf.space_to_batch(v, [2, 3], [[1, 1], [0, 0]]),
              lambda v: tf.batch_to_space(v, [2, 1], [[1, 2], [0, 1]])):
        theoretical, numerical = tf.test.compute_gradient(f, [x])
        np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-8)


@pytest.mark.parametrize("call, match", [
    (lambda: tf.batch_to_space(X, 2, [[0, 0], [1, 1]]),
     r"Input batch dimension \(2\) is not divisible by product of block sizes \(4\)"),
    (lambda: tf.space_to_batch(X, [5, 2], [[0, 0], [0, 0]]),
     r"padded_shape\[0\]=4 is not divisible by block_shape\[0\]=5"),
    (lambda: tf.space_to_batch(X, [2, 2], [[0, 0]]),
     r"paddings should have shape \[2, 2\] instead of \[1,2\]"),
    (lambda: tf.space_to_batch(X, [0, 2], [[0, 0], [0, 0]]),
     "All values in block_shape must be positive, got value, 0 at index 0."),
    (lambda: tf.space_to_batch(X, [2, 2], [[-1, 0], [0, 0]]), "Paddings must be non-negative"),
    # TF's kernels: at most 4 spatial dims really moved, the blocks' product in int64
    (lambda: tf.space_to_batch(np.ones((1, 2, 2, 2, 2, 2, 1)), [2] * 5, [[0, 0]] * 5),
     "Maximum number of non-combined block dimensions is 5 but must not exceed 4"),
    # (int64 tensors: TF's warm fast path casts a NumPy block_shape to int32, 2**62 to 0)
    (lambda: tf.space_to_batch(np.ones((1, 2, 2, 1)), tf.constant([2, 2**62], tf.int64),
                               tf.constant([[0, 0], [0, 2**62 - 2]], tf.int64)),
     "Product of block sizes must be positive, got -9223372036854775808"),
    (lambda: tf.space_to_batch(np.ones((1, 2, 2, 1)), [2, 2],
                               np.int64([[2**62, 2**62], [0, 0]])),
     "Expected a non-negative size, got -4611686018427387903"),
    (lambda: tf.raw_ops.SpaceToBatch(input=X[0], paddings=[[0, 0], [0, 0]], block_size=2),
     "Input rank should be: 4instead of: 3"),
    (lambda: tf.raw_ops.BatchToSpace(input=X, crops=[[0, 0], [0, 0]], block_size=1),
     "Value for attr 'block_size' of 1 must be at least minimum 2"),
])
def test_errors_as_tf(call, match):
    with pytest.raises(tf.errors.InvalidArgumentError, match=match):
        call()


def test_first_versions_and_tf1_functions_as_tf():
    # TF 2.21: SpaceToBatch's shape (8, 2, 4, 3), first values [0, 1, 2, 6, 7, 8], sum 10296
    out = tf.raw_ops.SpaceToBatch(input=X, paddings=[[0, 0], [0, 2]], block_size=2).numpy()
    assert out.shape == (8, 2, 4, 3) and out.sum() == 10296
    assert out.ravel()[:6].tolist() == [0, 1, 2, 6, 7, 8]
    np.testing.assert_array_equal(tf.compat.v1.space_to_batch(X, [[0, 0], [0, 2]], 2), out)
    np.testing.assert_array_equal(tf.compat.v1.nn.space_to_batch(X, [[0, 0], [0, 2]],
                                                                 block_shape=2), out)
    # TF 2.21: BatchToSpace's shape (1, 3, 5, 1), first values [6, 1, 7, 2, 8, 18], sum 147
    y = np.arange(24, dtype=np.float32).reshape(4, 2, 3, 1)
    out = tf.raw_ops.BatchToSpace(input=y, crops=[[0, 1], [1, 0]], block_size=2).numpy()
    assert out.shape == (1, 3, 5, 1) and out.sum() == 147
    assert out.ravel()[:6].tolist() == [6, 1, 7, 2, 8, 18]
    np.testing.assert_array_equal(tf.compat.v1.batch_to_space(y, [[0, 1], [1, 0]], 2), out)
    with pytest.raises(ValueError, match="Cannot specify both 'block_size' and 'block_shape'."):
        tf.compat.v1.space_to_batch(X, [[0, 0], [0, 0]], 2, block_shape=2)


def test_blocks_known_when_the_graph_runs():
    @tf.function
    def f(x, b, p):
        return tf.space_to_batch(x, b, p), tf.batch_to_space(x, b, p)

    spec = f.get_concrete_function(tf.TensorSpec([None, 4, 6, 3]), tf.TensorSpec([2], tf.int32),
                                   tf.TensorSpec([2, 2], tf.int32))
    assert [o.type for o in spec.graph.get_operations() if "Space" in o.type] == \
        ["SpaceToBatchND", "BatchToSpaceND"]
    assert spec.structured_outputs[0].shape.as_list() == [None, None, None, 3]
    x = np.arange(6 * 4 * 6 * 3, dtype=np.float32).reshape(6, 4, 6, 3)
    s2b, b2s = f(x, tf.constant([2, 3]), tf.constant([[0, 0], [0, 0]]))
    np.testing.assert_array_equal(s2b, tf.space_to_batch(x, [2, 3], [[0, 0], [0, 0]]))
    np.testing.assert_array_equal(b2s, tf.batch_to_space(x, [2, 3], [[0, 0], [0, 0]]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="padded_shape"):
        f(x, tf.constant([3, 3]), tf.constant([[0, 0], [0, 0]]))


def test_a_graph_def_of_these_nodes_imports_and_runs():
    # (TF's GraphDefs and SavedModels name SpaceToBatchND, BatchToSpaceND, LRN and
    # HistogramFixedWidth nodes: importing finds each op by its name)
    @tf.function
    def f(x):
        y = tf.space_to_batch_nd(x, [2, 3], [[0, 0], [1, 2]])
        return (tf.nn.lrn(tf.batch_to_space(y, [2, 3], [[0, 0], [1, 2]]), 1),
                tf.histogram_fixed_width(x, [0.0, 100.0], 5))

    gd = f.get_concrete_function(tf.TensorSpec([2, 4, 6, 3])).graph.as_graph_def()
    assert {"SpaceToBatchND", "BatchToSpaceND", "LRN", "HistogramFixedWidth"} <= \
        {n.op for n in gd.node}

    def imported(x):
        return tf.graph_util.import_graph_def(gd, input_map={"x:0": x},
                                              return_elements=["Identity:0", "Identity_1:0"])

    run = tf.compat.v1.wrap_function(imported, [tf.TensorSpec([2, 4, 6, 3])])
    x = np.arange(144, dtype=np.float32).reshape(2, 4, 6, 3)
    for got, want in zip(run(tf.constant(x)), f(x)):
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("call, padding", [
    (lambda x, w: tf.nn.atrous_conv2d(x, w, 2, "SAME"), "SAME"),
    (lambda x, w: tf.nn.convolution(x, w, dilations=2, padding="VALID"), "VALID"),
])
def test_dilated_convolution_is_tfs_space_to_batch_form(call, padding):
    # TF 2.21's traced graph (its Consts aside): the undilated Conv2D between the two moves
    @tf.function
    def f(x):
        return call(x, tf.ones([3, 3, 3, 2]))

    ops = f.get_concrete_function(tf.TensorSpec([1, 8, 8, 3])).graph.get_operations()
    assert [(o.name, o.type) for o in ops if o.type not in ("Const", "Placeholder",
                                                            "Identity", "NoOp")] == [
        ("convolution/SpaceToBatchND", "SpaceToBatchND"), ("convolution", "Conv2D"),
        ("convolution/BatchToSpaceND", "BatchToSpaceND")]
    x = np.random.default_rng(0).uniform(-1, 1, (1, 8, 8, 3)).astype(np.float32)
    np.testing.assert_allclose(f(x), tf.nn.conv2d(x, tf.ones([3, 3, 3, 2]), 1, padding,
                                                  dilations=2), rtol=1e-6, atol=1e-6)
