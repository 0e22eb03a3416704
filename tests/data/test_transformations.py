"""tf.data transformations checked against plain-Python references and TF's documented
behaviour (orders below marked "TF" were printed by TensorFlow 2.21)."""

import itertools
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.core.tensor_spec import TensorSpec


def _plain(x):
    if isinstance(x, np.ndarray):
        return x.tolist()
    if isinstance(x, tuple):
        return tuple(_plain(v) for v in x)
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    return x


def vals(ds):
    return [_plain(e) for e in ds.as_numpy_iterator()]


# ---------------------------------------------------------------------------------------
# map / filter / flat_map / scan / reduce / take_while / enumerate / unique
# ---------------------------------------------------------------------------------------

def test_map_unpacks_tuples_and_specs_are_static():
    ds = tf.data.Dataset.from_tensor_slices((np.zeros((4, 28, 28), np.uint8), np.arange(4)))
    m = ds.map(lambda img, lab: (tf.cast(img, tf.float32) / 255.0, lab * 2))
    assert m.element_spec == (TensorSpec([28, 28], tf.float32), TensorSpec([], tf.int64))
    b = m.batch(3)
    assert b.element_spec == (TensorSpec([None, 28, 28], tf.float32),
                              TensorSpec([None], tf.int64))
    assert [lab.tolist() for _, lab in b.as_numpy_iterator()] == [[0, 2, 4], [6]]


def test_map_outputs_lists_dicts_and_python_values():
    ds = tf.data.Dataset.range(3)
    assert vals(ds.map(lambda x: [x, x + 1])) == [(0, 1), (1, 2), (2, 3)]
    d = ds.map(lambda x: {"a": x, "b": "s"})
    assert d.element_spec == {"a": TensorSpec([], tf.int64), "b": TensorSpec([], tf.string)}
    assert next(iter(d))["b"].numpy() == b"s"
    assert ds.map(lambda x: 1).element_spec == TensorSpec([], tf.int32)
    assert ds.map(lambda x: np.float64(2)).element_spec.dtype == tf.float64


def test_map_inconsistent_branches_are_refused_when_traced():
    # AutoGraph turns the tensor `if` into tf.cond, whose branches must agree (TF: at
    # dataset construction, with its "in user code" message).
    def dtypes(x):
        if x == 0:
            return tf.cast(x, tf.float32)
        return x

    with pytest.raises(TypeError, match="dtype float32 in the main branch, but dtype int64"):
        tf.data.Dataset.range(2).map(dtypes)

    def nesting(x):
        if x == 0:
            return x, x
        return x

    with pytest.raises(TypeError, match="must have the same nested structure"):
        tf.data.Dataset.range(2).map(nesting)
    # Python control flow on values can't be traced: TF raises the same TypeError.
    with pytest.raises(TypeError):
        tf.data.Dataset.range(4).map(lambda x: (x, x) if int(x) < 2 else x)


def test_map_signature_and_return_errors():
    # (TF 2.21's words: Python's own, and the dataset op's; tests/probe has them recorded)
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'y'"):
        tf.data.Dataset.range(3).map(lambda x, y: x)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Length for attr 'output_shapes' "
                       "of 0 must be at least minimum 1"):
        list(tf.data.Dataset.range(3).map(lambda x: None))
    # TF: a list returned is a tuple; a list inside the structure is one stacked tensor.
    assert tf.data.Dataset.range(2).map(lambda x: [x, x]).element_spec == (
        tf.TensorSpec([], tf.int64), tf.TensorSpec([], tf.int64))
    packed = tf.data.Dataset.range(2).map(lambda x: (x, [x, x * 2]))
    assert packed.element_spec[1] == tf.TensorSpec([2], tf.int64)
    assert [b.tolist() for _, b in packed.as_numpy_iterator()] == [[0, 0], [1, 2]]
    assert tf.data.Dataset.range(2).map(lambda x: {"a": [x, 1]}).element_spec == {
        "a": tf.TensorSpec([2], tf.int64)}
    with pytest.raises(TypeError, match=r"Unsupported return value from function passed to "
                                        r"Dataset.map\(\)"):
        tf.data.Dataset.range(2).map(lambda x: (x, [x, tf.cast(x, tf.float32)]))
    with pytest.raises(ValueError, match=r"Argument `func` must be a callable. Received "
                                         r"func=5 \(of type <class 'int'>\)"):
        tf.data.Dataset.range(3).map(5)


def _raising(x):
    if int(x) == 2:
        raise ValueError("bad element")
    return x


def _raising_map(x):
    return tf.py_function(_raising, [x], tf.int64)


def test_map_errors_keep_the_iterator_usable_and_ignore_errors_skips():
    it = iter(tf.data.Dataset.range(4).map(_raising_map))
    assert int(next(it)) == 0 and int(next(it)) == 1
    # A ValueError inside py_function is TF's InvalidArgumentError, with the original
    # exception (and traceback) as its cause.
    with pytest.raises(tf.errors.InvalidArgumentError, match="ValueError: bad element") as info:
        next(it)
    assert isinstance(info.value.__cause__, ValueError)
    assert int(next(it)) == 3
    assert vals(tf.data.Dataset.range(5).map(_raising_map).ignore_errors()) == [0, 1, 3, 4]
    op_errors = tf.data.Dataset.from_tensor_slices([1, 0, 2]).map(lambda x: 4 // x)
    assert vals(op_errors.ignore_errors()) == [4, 2]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Integer division by zero"):
        list(op_errors)


def test_map_is_not_recorded_on_tapes():
    v = tf.Variable(2.0)
    ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0]).map(lambda x: x * 3.0)
    with tf.GradientTape() as tape:
        total = tf.constant(0.0)
        for x in ds:
            total = total + x * v
    assert float(tape.gradient(total, v)) == 9.0


def test_filter_take_while_and_bad_predicates():
    ds = tf.data.Dataset.range(10)
    assert vals(ds.filter(lambda x: x % 3 == 0)) == [0, 3, 6, 9]
    assert vals(ds.take_while(lambda x: x < 4)) == [0, 1, 2, 3]
    assert int(ds.filter(lambda x: True).cardinality()) == tf.data.UNKNOWN_CARDINALITY
    with pytest.raises(ValueError, match="must return a `tf.bool` scalar tensor"):
        ds.filter(lambda x: x)
    with pytest.raises(ValueError, match="must return a `tf.bool` scalar tensor"):
        ds.take_while(lambda x: tf.cast(x, tf.float32))


def test_flat_map_and_interleave_orders():
    ds = tf.data.Dataset.range(7)
    assert vals(ds.flat_map(lambda x: tf.data.Dataset.range(x))) == [
        j for i in range(7) for j in range(i)]
    # TF: range(7).interleave(lambda x: from_tensors(x).repeat(3), cycle_length=2,
    # block_length=2)
    tf_order = [0, 0, 1, 1, 0, 1, 2, 2, 3, 3, 2, 3, 4, 4, 5, 5, 4, 5, 6, 6, 6]
    inter = ds.interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(3), cycle_length=2,
                          block_length=2)
    assert vals(inter) == tf_order
    # TF: range(7).interleave(lambda x: range(x), cycle_length=3)
    tf_order = [0, 0, 0, 1, 1, 0, 2, 1, 0, 2, 1, 0, 3, 2, 1, 3, 2, 4, 3, 4, 5]
    assert vals(ds.interleave(lambda x: tf.data.Dataset.range(x), cycle_length=3)) == tf_order
    par = ds.interleave(lambda x: tf.data.Dataset.range(x), cycle_length=3,
                        num_parallel_calls=3)
    assert repr(par).startswith("<_ParallelInterleaveDataset")
    assert vals(par) == tf_order
    with pytest.raises(tf.errors.InvalidArgumentError, match="cycle_length must be greater"):
        ds.interleave(lambda x: tf.data.Dataset.range(x), cycle_length=0)
    with pytest.raises(AttributeError, match="'Tensor' object has no attribute '_name'"):
        list(ds.flat_map(lambda x: x))
    with pytest.raises(TypeError, match=r"must return a `Dataset` object. Got <class 'dict'>"):
        list(ds.flat_map(lambda x: {"x": x}))


def test_scan_reduce_enumerate():
    ds = tf.data.Dataset.range(7)
    scanned = ds.scan(tf.constant(0, tf.int64), lambda s, x: (s + x, s * 2))
    running = list(itertools.accumulate(range(7)))
    assert vals(scanned) == [2 * s for s in [0] + running[:-1]]
    assert int(ds.reduce(np.int64(0), lambda s, x: s + x)) == 21
    total = tf.data.Dataset.from_tensor_slices(np.ones((3, 2), np.float32)).reduce(
        (tf.constant(0.0), 0), lambda s, x: (s[0] + tf.reduce_sum(x), s[1] + 1))
    assert float(total[0]) == 6.0 and int(total[1]) == 3
    with pytest.raises(TypeError, match="must match the initial state"):
        list(ds.scan(np.int64(0), lambda s, x: (tf.cast(s, tf.int32), x)))
    assert vals(ds.take(3).enumerate(start=5)) == [(5, 0), (6, 1), (7, 2)]
    assert ds.enumerate().element_spec == (TensorSpec([], tf.int64), TensorSpec([], tf.int64))


def test_unique():
    assert vals(tf.data.Dataset.from_tensor_slices([1, 2, 2, 3, 1]).unique()) == [1, 2, 3]
    assert vals(tf.data.Dataset.from_tensor_slices([b"a", b"b", b"a"]).unique()) == [b"a", b"b"]
    with pytest.raises(TypeError, match="does not support type"):
        tf.data.Dataset.from_tensors([1.0]).unique()
    with pytest.raises(tf.errors.InvalidArgumentError, match="single component"):
        tf.data.Dataset.from_tensors((1, 2)).unique()


def test_apply_and_get_single_element():
    ds = tf.data.Dataset.range(5).apply(lambda d: d.skip(3))
    assert vals(ds) == [3, 4]
    with pytest.raises(TypeError, match="must return a `tf.data.Dataset`"):
        ds.apply(lambda d: 5)
    assert int(ds.take(1).get_single_element()) == 3
    with pytest.raises(tf.errors.InvalidArgumentError, match="more than one element"):
        ds.get_single_element()


# ---------------------------------------------------------------------------------------
# shuffle / repeat / take / skip / shard: against references, including cardinality
# ---------------------------------------------------------------------------------------

def _shuffle_reference(items, size, draws):
    """TF's buffer algorithm written independently: fill, draw, replace in place."""
    it = iter(items)
    buf = list(itertools.islice(it, size))
    out = []
    k = 0
    while buf:
        i = draws[k] % len(buf)
        k += 1
        out.append(buf[i])
        nxt = next(it, None)
        if nxt is not None:
            buf[i] = nxt
        else:
            buf[i] = buf[-1]
            buf.pop()
    return out


@given(n=st.integers(0, 40), size=st.integers(1, 50), seed=st.integers(0, 2**31))
def test_shuffle_buffer_semantics(n, size, seed):
    out = vals(tf.data.Dataset.range(n).shuffle(size, seed=seed))
    assert sorted(out) == list(range(n))
    # Element k can only come out once it has entered the buffer.
    for pos, x in enumerate(out):
        assert x < size + pos
    if size == 1:
        assert out == list(range(n))


def test_shuffle_epochs_seeds_and_errors():
    ds = tf.data.Dataset.range(50).shuffle(50, seed=7)
    e1, e2 = vals(ds), vals(ds)
    assert e1 != e2 and sorted(e1) == sorted(e2)  # reshuffled each iteration
    same = tf.data.Dataset.range(50).shuffle(50, seed=7, reshuffle_each_iteration=False)
    assert vals(same) == vals(same)
    assert vals(tf.data.Dataset.range(50).shuffle(50, seed=7)) == e1  # seeded: reproducible
    rep = vals(tf.data.Dataset.range(20).shuffle(20, seed=1).repeat(2))
    assert rep[:20] != rep[20:] and sorted(rep[:20]) == sorted(rep[20:]) == list(range(20))
    full = vals(tf.data.Dataset.range(30).shuffle(tf.data.UNKNOWN_CARDINALITY, seed=2))
    assert sorted(full) == list(range(30))
    with pytest.raises(tf.errors.InvalidArgumentError, match="buffer_size must be greater"):
        tf.data.Dataset.range(3).shuffle(0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="buffer_size must be greater"):
        tf.data.Dataset.range(3).shuffle(-3)


def test_shuffle_follows_the_global_seed():
    try:
        tf.random.set_seed(5)
        a = vals(tf.data.Dataset.range(20).shuffle(20))
        tf.random.set_seed(5)
        b = vals(tf.data.Dataset.range(20).shuffle(20))
        assert a == b
    finally:
        tf.random.set_seed(None)


def test_shuffle_of_rows_equals_shuffle_of_elements():
    # The in-memory fast path moves row indices; an opaque input takes the generic path.
    rows = tf.data.Dataset.from_tensor_slices(np.arange(40)).shuffle(10, seed=3)
    generic = tf.data.Dataset.from_tensor_slices(np.arange(40)).map(lambda x: x).shuffle(
        10, seed=3)
    assert vals(rows) == vals(generic)
    order = vals(generic)  # the second epoch of each
    assert vals(rows.batch(7)) == [order[i:i + 7] for i in range(0, 40, 7)]


@given(n=st.integers(0, 12), count=st.integers(-3, 15))
def test_take_skip_match_python_slicing(n, count):
    ds = tf.data.Dataset.range(n)
    take = vals(ds.take(count))
    skip = vals(ds.skip(count))
    assert take == (list(range(n)) if count < 0 else list(range(n))[:count])
    assert skip == ([] if count < 0 else list(range(n))[count:])
    # (TF's TakeDataset counts min(n, count) for a count below -1: take(-3) of 10 is -3)
    assert int(ds.take(count).cardinality()) == (min(n, count) if count < -1 else len(take))
    assert int(ds.skip(count).cardinality()) == len(skip)


@given(n=st.integers(0, 6), count=st.integers(-2, 4))
def test_repeat_matches_reference(n, count):
    ds = tf.data.Dataset.range(n).repeat(count)
    if count < 0:
        assert int(ds.cardinality()) == (tf.data.INFINITE_CARDINALITY if n else 0)
        assert vals(ds.take(3 * n)) == list(range(n)) * 3
    else:
        assert vals(ds) == list(range(n)) * count
        assert len(ds) == n * count


def test_repeat_of_empty_dataset_ends():
    assert vals(tf.data.Dataset.range(0).repeat()) == []
    assert vals(tf.data.Dataset.range(3).filter(lambda x: x > 5).repeat()) == []


@given(n=st.integers(0, 20), shards=st.integers(1, 5), data=st.data())
def test_shard_matches_reference(n, shards, data):
    index = data.draw(st.integers(0, shards - 1))
    ds = tf.data.Dataset.range(n).shard(shards, index)
    assert vals(ds) == list(range(n))[index::shards]
    assert len(ds) == len(list(range(n))[index::shards])


def test_shard_and_count_errors():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Number of shards must be greater"):
        tf.data.Dataset.range(3).shard(0, 0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Index must be between 0 and 1"):
        tf.data.Dataset.range(3).shard(2, 2)
    with pytest.raises(TypeError, match="Cannot convert 2.5"):
        tf.data.Dataset.range(3).take(2.5)


# ---------------------------------------------------------------------------------------
# batching
# ---------------------------------------------------------------------------------------

@given(n=st.integers(0, 13), size=st.integers(1, 5), drop=st.booleans())
def test_batch_matches_reference(n, size, drop):
    ds = tf.data.Dataset.range(n).batch(size, drop_remainder=drop)
    want = [list(range(n))[i:i + size] for i in range(0, n, size)]
    if drop:
        want = [b for b in want if len(b) == size]
    assert vals(ds) == want
    assert len(ds) == len(want)
    assert ds.element_spec.shape.as_list() == [size if drop else None]


def test_batch_errors_and_nested():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Batch size must be greater"):
        tf.data.Dataset.range(3).batch(0)
    ragged = tf.data.Dataset.from_generator(lambda: iter([[1], [2, 3]]),
                                            output_signature=TensorSpec([None], tf.int32))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Cannot batch tensors with "
                       "different shapes in component 0. First element had shape \\[1\\] and "
                       "element 1 had shape \\[2\\]"):
        list(ragged.batch(2))
    d = tf.data.Dataset.from_tensor_slices({"a": np.arange(5), "b": np.ones((5, 2))}).batch(2)
    first = next(iter(d))
    assert first["a"].shape == (2,) and first["b"].shape == (2, 2)
    par = tf.data.Dataset.range(5).batch(2, num_parallel_calls=2)
    assert repr(par).startswith("<_ParallelBatchDataset") and vals(par) == [[0, 1], [2, 3], [4]]


def test_padded_batch():
    gen = tf.data.Dataset.from_generator(lambda: ([7] * n for n in [1, 3, 2]),
                                         output_signature=TensorSpec([None], tf.int32))
    assert vals(gen.padded_batch(2)) == [[[7, 0, 0], [7, 7, 7]], [[7, 7]]]
    assert vals(gen.padded_batch(3, padded_shapes=[4], padding_values=-1)) == [
        [[7, -1, -1, -1], [7, 7, 7, -1], [7, 7, -1, -1]]]
    pairs = tf.data.Dataset.from_tensor_slices(([1, 2, 3], [[1], [2], [3]]))
    pb = pairs.padded_batch(2, padded_shapes=([], [4]), padding_values=(-1, 9))
    assert pb.element_spec == (TensorSpec([None], tf.int32), TensorSpec([None, 4], tf.int32))
    assert vals(pb)[0] == ([1, 2], [[1, 9, 9, 9], [2, 9, 9, 9]])
    words = tf.data.Dataset.from_tensor_slices(["a", "bb"]).padded_batch(2)
    assert vals(words) == [[b"a", b"bb"]]
    with pytest.raises(tf.errors.DataLossError, match="pad to a smaller size"):
        list(gen.padded_batch(3, padded_shapes=[2]))
    with pytest.raises(ValueError, match="padded shape \\(0,\\) is not compatible"):
        pairs.padded_batch(2, padded_shapes=([], [0]))
    with pytest.raises(TypeError, match="Invalid `padding_values`"):
        tf.data.Dataset.range(3).padded_batch(2, padding_values=1.5)


def test_unbatch_and_rebatch():
    ds = tf.data.Dataset.range(7).batch(3)
    assert vals(ds.unbatch()) == list(range(7))
    assert vals(ds.rebatch(2)) == [[0, 1], [2, 3], [4, 5], [6]]
    assert vals(tf.data.Dataset.range(7).batch(4).rebatch([1, 3])) == [[0], [1, 2, 3], [4],
                                                                       [5, 6]]
    assert vals(ds.rebatch(3, drop_remainder=True)) == [[0, 1, 2], [3, 4, 5]]
    with pytest.raises(ValueError, match="scalar components"):
        tf.data.Dataset.range(3).unbatch()
    with pytest.raises(ValueError, match="Invalid `batch_sizes`"):
        tf.data.Dataset.range(3).rebatch(2)
    # as TF 2.21: leading dims known to differ are refused when unbatch is built, others when
    # the element comes (in TF's words, its comma included)
    with pytest.raises(ValueError, match="matching leading dimension. Encountered both 2 and 3"):
        tf.data.Dataset.from_tensors(([1, 2], [1, 2, 3])).unbatch()
    uneven = tf.data.Dataset.from_generator(
        lambda: iter([([1, 2], [1, 2, 3])]),
        output_signature=(tf.TensorSpec([None], tf.int32), tf.TensorSpec([None], tf.int32)))
    with pytest.raises(tf.errors.InvalidArgumentError, match="component 1 had size, 3"):
        list(uneven.unbatch())


def _window_reference(n, size, shift, stride, drop):
    out = []
    start = 0
    while start < n:
        w = list(range(start, n, stride))[:size]
        if len(w) < size and drop:
            break
        out.append(w)
        start += shift
    return out


@given(n=st.integers(0, 12), size=st.integers(1, 4), shift=st.integers(1, 4),
       stride=st.integers(1, 3), drop=st.booleans())
def test_window_matches_reference(n, size, shift, stride, drop):
    ds = tf.data.Dataset.range(n).window(size, shift, stride, drop)
    got = [vals(w) for w in ds]
    assert got == _window_reference(n, size, shift, stride, drop)
    assert len(ds) == len(got)


def test_window_of_tuples_and_errors():
    ds = tf.data.Dataset.from_tensor_slices((np.arange(4), np.arange(4) * 10)).window(2)
    assert isinstance(ds.element_spec[0], tf.data.DatasetSpec)
    first = next(iter(ds))
    assert vals(first[1]) == [0, 10]
    assert vals(ds.flat_map(lambda a, b: tf.data.Dataset.zip((a, b)).batch(2))) == [
        ([0, 1], [0, 10]), ([2, 3], [20, 30])]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Window size must be greater"):
        tf.data.Dataset.range(3).window(0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Window shift must be greater"):
        tf.data.Dataset.range(3).window(2, shift=0)


def test_group_by_window_and_bucket_by_sequence_length():
    # TF: range(10).group_by_window(x % 3, batch(2), window_size=2)
    g = tf.data.Dataset.range(10).group_by_window(lambda x: x % 3, lambda k, w: w.batch(2),
                                                 window_size=2)
    assert g.element_spec == TensorSpec([None], tf.int64)
    assert vals(g) == [[0, 3], [1, 4], [2, 5], [6, 9], [7], [8]]
    lengths = [3, 1, 5, 2, 7, 4, 6, 2]
    seqs = tf.data.Dataset.from_generator(lambda: ([1] * n for n in lengths),
                                          output_signature=TensorSpec([None], tf.int32))
    b = seqs.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2])
    assert b.element_spec == TensorSpec([None, None], tf.int32)
    got = [[int(sum(row)) for row in batch] for batch in vals(b)]
    # TF's output lengths, batch by batch.
    assert got == [[1, 2], [5, 7], [3, 4], [2], [6]]
    padded = seqs.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 8], [2, 2, 2],
                                            pad_to_bucket_boundary=True)
    shapes = [np.asarray(x).shape for x in vals(padded)]
    assert shapes == [(2, 7), (2, 2), (2, 7), (1, 2), (1, 7)]
    with pytest.raises(ValueError, match="len\\(bucket_batch_sizes\\)"):
        seqs.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3], [2])
    with pytest.raises(ValueError, match="Either the `window_size`"):
        tf.data.Dataset.range(3).group_by_window(lambda x: x, lambda k, w: w)


@pytest.mark.parametrize("length_dtype, boundaries, lows", [
    (tf.int64, [2, 3], "int32"),
    (tf.int64, [np.int64(2), 3], "int32"),
    (tf.int32, [tf.constant(2, tf.int64), 3], "int64"),
    (tf.int32, [2, 2**40], "int64"),
    (tf.uint8, [2, 3], "int32"),
])
def test_bucket_by_sequence_length_length_dtype(length_dtype, boundaries, lows):
    # TF 2.21 compares the boundaries' list, converted as any list, with the length:
    # another dtype is LessEqual's TypeError when the dataset is made (recorded from TF)
    ds = tf.data.Dataset.range(10).map(lambda x: tf.fill([x % 4], x))
    want = (f"Input 'y' of 'LessEqual' Op has type {length_dtype.name} that does not match "
            f"type {lows} of argument 'x'.")
    with pytest.raises(TypeError, match=re.escape(want)):
        ds.bucket_by_sequence_length(lambda x: tf.cast(tf.shape(x)[0], length_dtype),
                                     boundaries, [2] * (len(boundaries) + 1))
    matching = ds.bucket_by_sequence_length(
        lambda x: tf.cast(tf.shape(x)[0], tf.as_dtype(lows)), boundaries,
        [2] * (len(boundaries) + 1))
    assert len(list(matching)) == 5


@pytest.mark.parametrize("length_dtype, boundaries, lows", [
    (tf.float32, [2], "int32"),
    (tf.string, [tf.constant(2, tf.int64)], "int64"),
    (tf.int32, [2.5], "float32"),
    (tf.bool, [2], "int32"),
])
def test_bucket_by_sequence_length_non_integer_lengths(length_dtype, boundaries, lows):
    # TF 2.21: any dtype of length is compared with the boundaries' list (recorded from TF)
    ds = tf.data.Dataset.from_tensor_slices([[1, 2, 3], [4, 5, 6]])
    want = (f"Input 'y' of 'LessEqual' Op has type {length_dtype.name} that does not match "
            f"type {lows} of argument 'x'.")
    length = ((lambda x: tf.strings.as_string(tf.size(x))) if length_dtype == tf.string
              else (lambda x: tf.cast(tf.size(x), length_dtype)))
    with pytest.raises(TypeError, match=re.escape(want)):
        ds.bucket_by_sequence_length(length, boundaries, [1] * (len(boundaries) + 1))


def test_bucket_by_sequence_length_float_boundaries():
    # TF 2.21 buckets float lengths by float boundaries (the lists convert to float32 and
    # float64); its pad_to_bucket_boundary path makes the boundaries an int64 constant
    ds = tf.data.Dataset.from_tensor_slices([[1, 2, 3], [4, 5, 6], [7, 8, 9]])

    def length(x):
        return tf.cast(tf.reduce_max(x) // 3, tf.float32) + 0.5  # 1.5, 2.5, 3.5

    b = ds.bucket_by_sequence_length(length, [2.5], [2, 2])
    assert [x.numpy().tolist() for x in b] == [[[4, 5, 6], [7, 8, 9]], [[1, 2, 3]]]
    b64 = ds.bucket_by_sequence_length(lambda x: tf.cast(length(x), tf.float64),
                                       [2.0, tf.constant(3.0, tf.float64)], [1, 1, 1])
    assert sorted(int(x[0, 0]) for x in b64) == [1, 4, 7]
    with pytest.raises(TypeError, match=re.escape("Expected int64, but got 2.5 of type "
                                                  "'float'.")):
        ds.bucket_by_sequence_length(length, [2.5], [1, 1], pad_to_bucket_boundary=True)
    with pytest.raises(TypeError, match=re.escape("Expected int64, but got 4 of type "
                                                  "'EagerTensor'.")):
        ds.bucket_by_sequence_length(lambda x: tf.size(x), [tf.constant(4), 2], [1, 1, 1],
                                     pad_to_bucket_boundary=True)


def test_bucket_by_sequence_length_runs_the_length_function_as_written():
    # TF calls the length function from its own key function, unconverted by AutoGraph:
    # a Python `if` over a tensor fails when the dataset is made (TF 2.21)
    ds = tf.data.Dataset.from_tensor_slices([[1, 2, 3]])

    def length(x):
        if tf.size(x) > 2:
            return tf.size(x)
        return tf.size(x) + 1

    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError,
                       match="Using a symbolic `tf.Tensor` as a Python `bool`"):
        ds.bucket_by_sequence_length(length, [2], [1, 1])


# ---------------------------------------------------------------------------------------
# cardinality across pipelines
# ---------------------------------------------------------------------------------------

PIPELINES = [
    lambda d: d.map(lambda x: x * 2),
    lambda d: d.batch(3),
    lambda d: d.batch(3, drop_remainder=True),
    lambda d: d.shuffle(4, seed=1),
    lambda d: d.prefetch(2),
    lambda d: d.cache(),
    lambda d: d.enumerate(),
    lambda d: d.window(3),
    lambda d: d.concatenate(d),
    lambda d: d.take(4).skip(1),
    lambda d: tf.data.Dataset.zip((d, d.take(5))),
    lambda d: d.batch(2).unbatch().batch(2, drop_remainder=True).unbatch(),
    lambda d: d.map(lambda x: x, num_parallel_calls=2),
    lambda d: d.apply(tf.data.experimental.assert_cardinality(11)),
]


@pytest.mark.parametrize("make", PIPELINES)
def test_known_cardinality_is_exact(make):
    ds = make(tf.data.Dataset.range(11))
    c = int(ds.cardinality())
    if c >= 0:
        assert c == len(list(ds)) == len(ds)
    else:
        assert c == tf.data.UNKNOWN_CARDINALITY
        with pytest.raises(TypeError, match="length is unknown"):
            len(ds)


def test_assert_cardinality():
    ok = tf.data.Dataset.range(3).apply(tf.data.experimental.assert_cardinality(3))
    assert len(ok) == 3 and vals(ok) == [0, 1, 2]
    few = tf.data.Dataset.range(2).apply(tf.data.experimental.assert_cardinality(3))
    with pytest.raises(tf.errors.FailedPreconditionError, match="contained only 2 elements"):
        list(few)
    many = tf.data.Dataset.range(5).apply(tf.data.experimental.assert_cardinality(3))
    with pytest.raises(tf.errors.FailedPreconditionError, match="at least 4 elements"):
        list(many)
