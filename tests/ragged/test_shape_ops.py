"""tf.shape, reshape, split, cumsum, gather_nd, tile, assert_equal and strings.format of
RaggedTensors of random shapes, against the same operations on nested Python lists (TF's
own answers on fixed examples are in golden_exprs.py's RAGGED_SHAPE)."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf

# (rank, nested lists of ints): ragged_rank 1 or 2, any dimension possibly empty
_ROWS = st.lists(st.lists(st.integers(-9, 9), max_size=4), max_size=5)
_NESTED = st.one_of(st.tuples(st.just(2), _ROWS),
                    st.tuples(st.just(3), st.lists(_ROWS, max_size=4)))


def _ragged(x, depth):
    return tf.ragged.constant(x, dtype=tf.int32, ragged_rank=depth - 1)


def _flat(x):
    return [v for e in x for v in _flat(e)] if isinstance(x, list) else [x]


def _lengths(x, depth):
    """TF's static_lengths of a nested list of `depth` levels."""
    out, level = [len(x)], x
    for _ in range(depth - 1):
        out.append(tuple(len(r) for r in level))
        level = [e for r in level for e in r]
    return out


@settings(max_examples=40, deadline=None)
@given(_NESTED)
def test_shape_and_reshape_round_trip(case):
    depth, x = case
    rt = _ragged(x, depth)
    shape = tf.shape(rt)
    assert shape.static_lengths() == _lengths(x, depth)
    assert shape.num_row_partitions == depth - 1 and shape.rank == depth
    assert tf.shape(rt)[0].numpy() == len(x)
    assert tf.reshape(rt, [-1]).numpy().tolist() == _flat(x)
    n = len(_flat(x))
    filled = tf.reshape(tf.range(n), shape)
    assert _flat(filled.to_list()) == list(range(n))
    assert tf.shape(filled).static_lengths() == shape.static_lengths()


def _cumsum_ref(x, depth, axis, exclusive, reverse):
    """The scan over the zero-padded dense tensor, read back at the ragged positions."""
    if not _flat(x):
        return x
    dense = np.array(_ragged(x, depth).to_tensor())
    d = np.flip(dense, axis) if reverse else dense
    c = np.cumsum(d, axis) - (d if exclusive else 0)
    c = np.flip(c, axis) if reverse else c

    def back(v, idx):
        return [back(e, idx + (i,)) if isinstance(e, list) else int(c[idx + (i,)])
                for i, e in enumerate(v)]
    return back(x, ())


@settings(max_examples=40, deadline=None)
@given(_NESTED, st.integers(0, 2), st.booleans(), st.booleans())
def test_cumsum_matches_the_padded_scan(case, axis, exclusive, reverse):
    depth, x = case
    rt = _ragged(x, depth)
    if axis >= depth:
        with pytest.raises(ValueError, match="out of bounds"):
            tf.math.cumsum(rt, axis=axis)
        return
    got = tf.math.cumsum(rt, axis=axis, exclusive=exclusive, reverse=reverse).to_list()
    assert got == _cumsum_ref(x, depth, axis, exclusive, reverse)


@settings(max_examples=40, deadline=None)
@given(_NESTED, st.data())
def test_gather_nd_follows_the_index_tuples(case, data):
    depth, x = case
    paths = []  # every valid index tuple of every length
    def walk(v, path):
        for i, e in enumerate(v):
            paths.append(path + (i,))
            if isinstance(e, list):
                walk(e, path + (i,))
    walk(x, ())
    k = data.draw(st.integers(1, depth))
    valid = [p for p in paths if len(p) == k]
    if not valid:
        return
    picks = data.draw(st.lists(st.sampled_from(valid), min_size=1, max_size=4))

    def at(p):
        v = x
        for i in p:
            v = v[i]
        return v
    out = tf.gather_nd(_ragged(x, depth), picks)
    got = out.to_list() if isinstance(out, tf.RaggedTensor) else out.numpy().tolist()
    assert got == [at(p) for p in picks]


@settings(max_examples=40, deadline=None)
@given(_NESTED, st.data())
def test_split_of_rows(case, data):
    depth, x = case
    cuts = sorted(data.draw(st.lists(st.integers(0, len(x)), max_size=3)))
    bounds = [0] + cuts + [len(x)]
    sizes = [b - a for a, b in zip(bounds[:-1], bounds[1:])]
    pieces = tf.split(_ragged(x, depth), sizes)
    assert [p.to_list() for p in pieces] == [x[a:b] for a, b in zip(bounds[:-1], bounds[1:])]


def _tile_ref(x, m):
    if not isinstance(x, list):
        return x
    return [_tile_ref(e, m[1:]) for e in x] * m[0]


@settings(max_examples=40, deadline=None)
@given(_NESTED, st.lists(st.integers(0, 3), min_size=3, max_size=3))
def test_tile_repeats_each_dimension(case, m):
    depth, x = case
    assert tf.tile(_ragged(x, depth), m[:depth]).to_list() == _tile_ref(x, m[:depth])


@settings(max_examples=30, deadline=None)
@given(_NESTED)
def test_assert_equal_compares_splits_then_values(case):
    depth, x = case
    rt = _ragged(x, depth)
    assert tf.debugging.assert_equal(rt, rt * 1) is None
    if _flat(x):
        with pytest.raises(tf.errors.InvalidArgumentError, match="Condition x == y"):
            tf.debugging.assert_equal(rt, rt + 1)


def _text(x, n):
    if not isinstance(x, list):
        return str(x)
    items = [_text(e, n) for e in x]
    if n >= 0 and len(items) > 2 * n:
        items = items[:n] + ["..."] + items[-n:]
    return "[" + ", ".join(items) + "]"


@settings(max_examples=30, deadline=None)
@given(_NESTED, st.sampled_from([-1, 1, 2, 3]))
def test_format_writes_nested_lists(case, summarize):
    depth, x = case
    got = tf.strings.format("<{}>", _ragged(x, depth), summarize=summarize).numpy().decode()
    assert got == "<" + _text(x, summarize) + ">"


def test_reshape_to_a_ragged_shape_needs_the_same_number_of_values():
    shape = tf.shape(tf.ragged.constant([[1, 2], [3]]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="with 4 values"):
        tf.reshape(tf.range(4), shape)
    assert list(itertools.chain(*tf.reshape(tf.constant([7, 8, 9]), shape).to_list())) == \
        [7, 8, 9]


def test_gather_nd_out_of_range_row_raises_tf_error():
    rt = tf.ragged.constant([[1, 2, 3], [4], [], [5, 6]])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[0\] = 9 is not in"):
        tf.gather_nd(rt, [[9]])


def test_the_ops_trace_in_tf_function():
    rt = tf.ragged.constant([[1, 2, 3], [4], [], [5, 6]])
    cases = [
        (lambda r: tf.math.cumsum(r, axis=1), [[1, 3, 6], [4], [], [5, 11]]),
        (lambda r: tf.math.cumsum(r, axis=0), [[1, 2, 3], [5], [], [10, 8]]),
        (lambda r: tf.reshape(r * 2, tf.shape(r)), [[2, 4, 6], [8], [], [10, 12]]),
        (lambda r: tf.tile(r, [1, 2]), [[1, 2, 3, 1, 2, 3], [4, 4], [], [5, 6, 5, 6]]),
        (lambda r: tf.gather_nd(r, [[0, 1], [3, 0]]), [2, 5]),
        (lambda r: tf.strings.format("{}", r), b"[[1, 2, 3], [4], [], [5, 6]]"),
        (lambda r: tf.shape(r)[0], 4)]
    for fn, want in cases:
        out = tf.function(fn, autograph=False)(rt)
        got = out.to_list() if isinstance(out, tf.RaggedTensor) else out.numpy()
        assert (got.tolist() if isinstance(got, np.ndarray) else got) == want


def test_a_reshape_of_a_reshape_keeps_its_runtime_shape():
    # the simplify pass merging the two reshapes dropped the shape known at run time only
    f = tf.function(lambda x: tf.reshape(tf.reshape(x * 2, [-1]), tf.shape(x)),
                    input_signature=[tf.TensorSpec([None], tf.int32)], autograph=False)
    assert f(tf.constant([1, 2, 3])).numpy().tolist() == [2, 4, 6]


def test_to_tensor_takes_its_static_shape_from_the_requested_one_when_traced():
    """TF 2.21 (checked by hand): a requested shape known while the graph is built gives
    the dense result's static shape, None where -1 or None was asked for."""
    shapes = []

    @tf.function
    def f(s):
        r = tf.strings.split(s)
        a = r.to_tensor(default_value="", shape=[None, 6])
        shapes.append([a.shape.as_list(), r.to_tensor(shape=[2, None]).shape.as_list(),
                       r.to_tensor(shape=[None, 3]).shape.as_list(),
                       r.to_tensor().shape.as_list()])
        return a

    assert f(tf.constant(["a b", "c"])).shape == (2, 6)
    assert shapes == [[[None, 6], [2, None], [None, 3], [None, None]]]


@pytest.mark.parametrize("ragged_side", ["indices", "params"])
def test_gather_refuses_a_ragged_batch_dim_beside_a_uniform_one(ragged_side):
    # TF 2.21's messages (batch_dims=2: each side's second dim ragged where the other's is not)
    dense = tf.constant(np.arange(24).reshape(2, 3, 4))
    if ragged_side == "indices":
        params, indices, uniform = dense, tf.ragged.constant([[[0], [1, 2]], [[3]]]), "params"
    else:
        params = tf.ragged.constant([[[1, 2], [3]], [[4]]])
        indices, uniform = tf.constant([[[0], [0]], [[0], [0]]]), "indices"
    with pytest.raises(ValueError, match=f"^batch shape from indices does not match params "
                       f"shape: ragged {ragged_side} dimension corresponds to uniform "
                       f"{uniform} dimension$"):
        tf.gather(params, indices, batch_dims=2)
