"""TF's dataset ops that call functions (tf.raw_ops.MapDataset, FilterDataset, ...), called
with ConcreteFunctions: their elements, reprs, cardinalities and errors. `outcomes(tf)` runs
every case with the module given (TensorFlow for record_raw_dataset_functions.py, eagerflow
for test_raw_dataset_functions.py). `module(tf)` is the tf.Module whose SavedModel the
recorder writes (TF's own graphs of Dataset.map, filter, ... and reduce).
"""

import re

I64 = None  # set per module: the attrs of one int64 scalar component


def _setup(tf):
    global I64
    I64 = {"output_types": [tf.int64], "output_shapes": [[]]}


def _range(tf, n=5):
    return tf.raw_ops.RangeDataset(start=0, stop=n, step=1, **I64)


def _elements(tf, v, types=None, shapes=None):
    """The elements an iterator of the variant gives (TF's raw iterator ops: no tf.data
    options or rewrites of the Python API)."""
    kw = {"output_types": types or [tf.int64], "output_shapes": shapes or [[]]}
    it = tf.raw_ops.AnonymousIteratorV3(**kw)
    tf.raw_ops.MakeIterator(dataset=v, iterator=it)
    out = []
    while True:
        try:
            x = tf.raw_ops.IteratorGetNext(iterator=it, **kw)
        except tf.errors.OutOfRangeError:
            return out
        out.append([c.numpy().tolist() for c in x])


def _cf(tf, fn, *specs):
    return tf.function(fn).get_concrete_function(*specs)


def _modulo(k):
    def key(x):
        return x % k
    return key


def _constant(tf, w):
    def size(k):
        return tf.constant(w, tf.int64)
    return size


def _outcome(fn):
    try:
        return {"value": fn()}
    except Exception as e:  # noqa: BLE001 - the class and words are the fact
        # (TF numbers the datasets whose functions it names: "MapDataset:224")
        # (and its functions: "__inference_<lambda>_7")
        message = re.sub(r"(Dataset(?:V\d)?):\d+ ", r"\1:N ", str(e))
        return {"error": type(e).__name__,
                "message": re.sub(r"(__inference_\S+_)\d+\[", r"\1N[", message)}


def _cases(tf):
    S = tf.TensorSpec([], tf.int64)
    V = tf.TensorSpec([], tf.variant)
    double = _cf(tf, lambda x: x * 2, S)
    times = _cf(tf, lambda x, k: x * k, S, S)
    as_i32 = _cf(tf, lambda x: x * 2, tf.TensorSpec([], tf.int32))
    even = _cf(tf, lambda x: x % 2 == 0, S)
    small = _cf(tf, lambda x: x < 3, S)
    ident = _cf(tf, lambda x: x, S)
    ranges = _cf(tf, lambda x: tf.raw_ops.RangeDataset(start=0, stop=x, step=1, **I64), S)
    total = _cf(tf, lambda s, x: (s + x, s * 10), S, S)
    plus = _cf(tf, lambda s, x: s + x, S, S)
    to_i32 = _cf(tf, lambda s, x: tf.cast(s + x, tf.int32), S, S)
    parity = _cf(tf, lambda x: x % 2, S)
    two = _cf(tf, lambda k: tf.constant(2, tf.int64), S)
    window = _cf(tf, lambda k, w: w, S, V)
    rng, el = (lambda n=5: _range(tf, n)), (lambda v, *a: _elements(tf, v, *a))
    raw = tf.raw_ops
    card = (lambda v: int(raw.DatasetCardinality(input_dataset=v)))

    def mapped(f=double, others=(), **kw):
        return raw.MapDataset(input_dataset=rng(), other_arguments=list(others), f=f,
                              **{**I64, **kw})

    def interleave(op, **counts):
        return getattr(raw, op)(input_dataset=rng(4), other_arguments=[], f=ranges,
                                **counts, **I64)

    def reducer(op="GroupByReducerDataset", n=7):
        return getattr(raw, op)(
            input_dataset=rng(n), key_func_other_arguments=[], init_func_other_arguments=[],
            reduce_func_other_arguments=[], finalize_func_other_arguments=[],
            key_func=_cf(tf, lambda x: 2 - x % 3, S), init_func=_cf(tf, lambda k: k * 100, S),
            reduce_func=plus, finalize_func=_cf(tf, lambda s: s * 10, S), **I64)

    def by_window(op="GroupByWindowDataset", key=parity, size=two):
        return getattr(raw, op)(
            input_dataset=rng(7), key_func_other_arguments=[], reduce_func_other_arguments=[],
            window_size_func_other_arguments=[], key_func=key, reduce_func=window,
            window_size_func=size, **I64)

    four = {"buffer_output_elements": 1, "prefetch_input_elements": 0}
    # a function failing as it runs (its 4th element): the path of TF's rewritten pipeline
    gather = _cf(tf, lambda x: tf.gather(tf.constant([1, 2, 3], tf.int64), x), S)
    picks = _cf(tf, lambda x: tf.gather(tf.constant([True, False, True]), x), S)
    mapped_ranges = _cf(tf, lambda x: raw.MapDataset(
        input_dataset=raw.RangeDataset(start=0, stop=x, step=1, **I64), other_arguments=[],
        f=gather, **I64), S)
    def counts(op, cycle, block):
        extra = {} if op == "InterleaveDataset" else {"num_parallel_calls": min(cycle, 2)}
        if op.endswith("V4"):
            extra.update(four)
        if op.startswith("Legacy"):
            extra = dict(four)
        return getattr(raw, op)(input_dataset=rng(6), other_arguments=[], f=ranges,
                                cycle_length=cycle, block_length=block, **extra, **I64)

    keyed = {k: _cf(tf, _modulo(k), S) for k in (1, 2, 3)}
    sized = {w: _cf(tf, _constant(tf, w), S) for w in (1, 2, 3)}
    return {
        # (TF's legacy parallel interleave takes from whichever input is ready when more
        # than two are open with blocks of more than one: no order to pin there)
        "interleave_orders": lambda: {
            f"{op} {c} {b}": el(counts(op, c, b))
            for op in ("InterleaveDataset", "ParallelInterleaveDatasetV4",
                       "LegacyParallelInterleaveDatasetV2")
            for c in (1, 2, 3, 5) for b in (1, 2, 4)
            if not op.startswith("Legacy") or c <= 2 or b == 1},
        "map_and_batch_sizes": lambda: {
            f"{size} {drop}": el(raw.MapAndBatchDataset(
                input_dataset=rng(7), other_arguments=[], f=double, batch_size=size,
                num_parallel_calls=1, drop_remainder=drop, output_types=[tf.int64],
                output_shapes=[[None]]), [tf.int64], [[None]])
            for size in (1, 2, 3, 7, 9) for drop in (False, True)},
        "group_by_window_orders": lambda: {
            f"{k} {w}": el(raw.GroupByWindowDataset(
                input_dataset=rng(8), key_func_other_arguments=[],
                reduce_func_other_arguments=[], window_size_func_other_arguments=[],
                key_func=keyed[k], reduce_func=window, window_size_func=sized[w], **I64))
            for k in (1, 2, 3) for w in (1, 2, 3)},
        "experimental_map_has_no_cpu_kernel": lambda: raw.ExperimentalMapDataset(
            input_dataset=rng(), other_arguments=[tf.constant(1.0)],
            f=_cf(tf, lambda x, y: x * 2, S, tf.TensorSpec([], tf.float32)),
            output_types=[tf.int64, tf.float32], output_shapes=[[2, None], None],
            preserve_cardinality=True),
        "function_error_map": lambda: el(mapped(gather)),
        "function_error_map_of_map": lambda: el(raw.MapDataset(
            input_dataset=mapped(gather), other_arguments=[], f=gather, **I64)),
        "function_error_parallel_map": lambda: el(raw.ParallelMapDatasetV2(
            input_dataset=rng(), other_arguments=[], f=gather, num_parallel_calls=2, **I64)),
        "function_error_flat_map": lambda: el(raw.FlatMapDataset(
            input_dataset=rng(6), other_arguments=[], f=mapped_ranges, **I64)),
        "function_error_filter": lambda: el(raw.FilterDataset(
            input_dataset=rng(), other_arguments=[], predicate=picks, **I64)),
        "function_error_from_variant": lambda: [int(x) for x in tf.data.experimental.from_variant(
            mapped(gather), S)],
        "map": lambda: (repr(mapped()), el(mapped()), card(mapped())),
        "map_other_arguments": lambda: el(mapped(times, [tf.constant(3, tf.int64)])),
        "map_ignores_extra_arguments": lambda: el(mapped(
            times, [tf.constant(2, tf.int64), tf.constant(5, tf.int64)])),
        "map_preserve_cardinality": lambda: card(mapped(
            preserve_cardinality=True, use_inter_op_parallelism=False,
            force_synchronous=True)),
        "map_argument_dtype": lambda: el(mapped(as_i32)),
        "map_too_few_arguments": lambda: el(mapped(times)),
        "map_more_outputs_than_declared": lambda: el(mapped(_cf(tf, lambda x: (x, x), S))),
        "map_fewer_outputs_than_declared": lambda: el(
            mapped(output_types=[tf.int64] * 2, output_shapes=[[]] * 2), [tf.int64] * 2,
            [[]] * 2),
        "reduce_output_count": lambda: raw.ReduceDataset(
            input_dataset=rng(), initial_state=[tf.constant(0, tf.int64)], other_arguments=[],
            f=_cf(tf, lambda s, x: (s + x, s), S, S), **I64),
        "single_element_more_components": lambda: raw.DatasetToSingleElement(
            dataset=raw.MapDataset(input_dataset=rng(1), other_arguments=[],
                                   f=_cf(tf, lambda x: (x, x), S), **I64), **I64),
        "single_element_empty_of_other_types": lambda: raw.DatasetToSingleElement(
            dataset=rng(0), output_types=[tf.int32], output_shapes=[[]]),
        "map_output_types_checked_by_the_iterator": lambda: el(
            mapped(output_types=[tf.int32], output_shapes=[[]]), [tf.int32]),
        "parallel_map": lambda: [(repr(v), el(v)) for v in (
            raw.ParallelMapDataset(input_dataset=rng(), other_arguments=[], f=double,
                                   num_parallel_calls=2, **I64),
            raw.ParallelMapDatasetV2(input_dataset=rng(), other_arguments=[], f=double,
                                     num_parallel_calls=-1, deterministic="true", **I64))],
        "parallel_map_zero_calls": lambda: raw.ParallelMapDatasetV2(
            input_dataset=rng(), other_arguments=[], f=double, num_parallel_calls=0, **I64),
        "parallel_map_determinism": lambda: raw.ParallelMapDatasetV2(
            input_dataset=rng(), other_arguments=[], f=double, num_parallel_calls=0,
            deterministic="bogus", **I64),
        "parallel_map_vector_calls": lambda: raw.ParallelMapDataset(
            input_dataset=rng(), other_arguments=[], f=double, num_parallel_calls=[2], **I64),
        "filter": lambda: (lambda v: (repr(v), el(v), card(v)))(raw.FilterDataset(
            input_dataset=rng(), other_arguments=[], predicate=even, **I64)),
        "filter_not_bool": lambda: el(raw.FilterDataset(
            input_dataset=rng(), other_arguments=[], predicate=ident, **I64)),
        "filter_not_bool_empty_input": lambda: el(raw.FilterDataset(
            input_dataset=rng(0), other_arguments=[], predicate=ident, **I64)),
        "take_while": lambda: [(repr(v), el(v), card(v)) for v in (
            getattr(raw, op)(input_dataset=rng(), other_arguments=[], predicate=small, **I64)
            for op in ("TakeWhileDataset", "ExperimentalTakeWhileDataset"))],
        "take_while_not_bool": lambda: el(raw.TakeWhileDataset(
            input_dataset=rng(), other_arguments=[], predicate=ident, **I64)),
        "flat_map": lambda: (lambda v: (repr(v), el(v), card(v)))(raw.FlatMapDataset(
            input_dataset=rng(4), other_arguments=[], f=ranges, **I64)),
        "flat_map_output_types": lambda: el(raw.FlatMapDataset(
            input_dataset=rng(4), other_arguments=[], f=ranges, output_types=[tf.int32],
            output_shapes=[[]]), [tf.int32]),
        "flat_map_output_types_from_variant": lambda: [
            int(x) for x in tf.data.experimental.from_variant(raw.FlatMapDataset(
                input_dataset=rng(4), other_arguments=[], f=ranges, output_types=[tf.int32],
                output_shapes=[[]]), tf.TensorSpec([], tf.int32))],
        "map_output_shapes_from_variant": lambda: [
            x.numpy().tolist() for x in tf.data.experimental.from_variant(
                mapped(output_shapes=[[2]]), tf.TensorSpec([2], tf.int64))],
        "flat_map_not_variant": lambda: el(raw.FlatMapDataset(
            input_dataset=rng(4), other_arguments=[], f=double, **I64)),
        "interleave": lambda: [(repr(v), el(v)) for v in (
            interleave("InterleaveDataset", cycle_length=2, block_length=1),
            interleave("InterleaveDataset", cycle_length=-1, block_length=1),
            interleave("ParallelInterleaveDatasetV2", cycle_length=2, block_length=2,
                       num_parallel_calls=2),
            interleave("ParallelInterleaveDatasetV3", cycle_length=3, block_length=1,
                       num_parallel_calls=2),
            interleave("ParallelInterleaveDatasetV4", cycle_length=2, block_length=3,
                       num_parallel_calls=1, **four),
            interleave("LegacyParallelInterleaveDatasetV2", cycle_length=2, block_length=2,
                       **four))],
        "interleave_zero_cycle": lambda: interleave("InterleaveDataset", cycle_length=0,
                                                    block_length=0),
        "interleave_v4_checks_in_order": lambda: [_outcome(lambda: interleave(
            "ParallelInterleaveDatasetV4", cycle_length=c, block_length=b,
            buffer_output_elements=o, prefetch_input_elements=p, num_parallel_calls=n))
            for c, b, o, p, n in ((0, 1, 1, 0, 1), (2, 0, 0, 0, 1), (2, 1, 0, 0, 1),
                                  (2, 1, 1, -2, 1), (2, 1, 1, 0, -2), (1, 1, 1, 0, 3))],
        "legacy_interleave_no_autotune": lambda: interleave(
            "LegacyParallelInterleaveDatasetV2", cycle_length=-1, block_length=1, **four),
        "scan": lambda: [(repr(v), el(v), card(v)) for v in (
            getattr(raw, op)(input_dataset=rng(), initial_state=[tf.constant(0, tf.int64)],
                             other_arguments=[], f=total, **kw, **I64)
            for op, kw in (("ScanDataset", {}), ("ExperimentalScanDataset",
                                                 {"preserve_cardinality": True})))],
        "scan_state_dtype": lambda: el(raw.ScanDataset(
            input_dataset=rng(), initial_state=[tf.constant(0, tf.int64)], other_arguments=[],
            f=_cf(tf, lambda s, x: (tf.cast(s, tf.int32), s), S, S), **I64)),
        "scan_initial_state_dtype": lambda: el(raw.ScanDataset(
            input_dataset=rng(), initial_state=[tf.constant(0, tf.int32)], other_arguments=[],
            f=total, **I64)),
        "map_and_batch": lambda: [(repr(v), el(v, [tf.int64], [[None]]), card(v)) for v in (
            getattr(raw, op)(input_dataset=rng(), other_arguments=[], f=double, batch_size=2,
                             num_parallel_calls=-1, drop_remainder=drop,
                             preserve_cardinality=keep, output_types=[tf.int64],
                             output_shapes=[[None]])
            for op, drop, keep in (("MapAndBatchDataset", False, False),
                                   ("ExperimentalMapAndBatchDataset", True, True),
                                   ("MapAndBatchDataset", False, True)))],
        "map_and_batch_zero_batch": lambda: raw.MapAndBatchDataset(
            input_dataset=rng(), other_arguments=[], f=double, batch_size=0,
            num_parallel_calls=0, drop_remainder=False, **I64),
        "reduce": lambda: [[t.numpy().tolist() for t in raw.ReduceDataset(
            input_dataset=rng(n), initial_state=[tf.constant(7, tf.int64)],
            other_arguments=[], f=plus, **I64)] for n in (0, 5)],
        "reduce_initial_state_dtype": lambda: raw.ReduceDataset(
            input_dataset=rng(), initial_state=[tf.constant(0, tf.int32)], other_arguments=[],
            f=plus, **I64),
        "reduce_state_dtype_changes": lambda: raw.ReduceDataset(
            input_dataset=rng(), initial_state=[tf.constant(0, tf.int64)], other_arguments=[],
            f=to_i32, **I64),
        "reduce_output_shapes": lambda: raw.ReduceDataset(
            input_dataset=rng(), initial_state=[tf.constant(0, tf.int64)], other_arguments=[],
            f=plus, output_types=[tf.int64], output_shapes=[[2]]),
        "single_element": lambda: [_outcome(lambda: [t.numpy().tolist() for t in (
            raw.DatasetToSingleElement(dataset=rng(n), **I64))]) for n in (0, 1, 3)],
        "single_element_types": lambda: raw.DatasetToSingleElement(
            dataset=rng(1), output_types=[tf.int64, tf.int64], output_shapes=[[], []]),
        "group_by_window": lambda: [(repr(v), el(v), card(v)) for v in (
            by_window(), by_window("ExperimentalGroupByWindowDataset"))],
        "group_by_window_zero_size": lambda: el(by_window(
            size=_cf(tf, lambda k: tf.constant(0, tf.int64), S))),
        "group_by_window_key_dtype": lambda: el(by_window(
            key=_cf(tf, lambda x: tf.cast(x % 2, tf.int32), S))),
        "group_by_reducer": lambda: [(repr(v), el(v), card(v)) for v in (
            reducer(), reducer("ExperimentalGroupByReducerDataset"))],
        "group_by_reducer_empty": lambda: el(reducer(n=0)),
    }


def outcomes(tf):
    _setup(tf)
    return {name: _outcome(case) for name, case in _cases(tf).items()}


def module(tf):
    """A tf.Module of tf.functions over Dataset.map, filter, ... and reduce: TF's graphs
    of them hold MapDataset, FilterDataset, ... nodes with func attributes."""
    spec = tf.TensorSpec([], tf.int64)
    zero = tf.constant(0, tf.int64)

    def fold(ds):  # (order-sensitive)
        return ds.reduce(zero, lambda s, x: s * 3 + x)

    class Pipelines(tf.Module):
        @tf.function(input_signature=[spec])
        def map_filter(self, n):
            return fold(tf.data.Dataset.range(n).map(lambda x: x * 2).filter(
                lambda x: x % 3 != 0))

        @tf.function(input_signature=[spec])
        def flat_map_scan(self, n):
            ds = tf.data.Dataset.range(n).flat_map(lambda x: tf.data.Dataset.range(x))
            return fold(ds.scan(zero, lambda s, x: (s + x, s * 10 + x)))

        @tf.function(input_signature=[spec])
        def interleave_take_while(self, n):
            ds = tf.data.Dataset.range(n).interleave(lambda x: tf.data.Dataset.range(x),
                                                     cycle_length=2, block_length=1)
            return fold(ds.take_while(lambda x: x < 3))

        @tf.function(input_signature=[spec])
        def group_by_window(self, n):
            ds = tf.data.Dataset.range(n).group_by_window(
                lambda x: x % 2, lambda k, w: w.map(lambda x: x + k), window_size=2)
            return fold(ds)

        @tf.function(input_signature=[spec])
        def captured(self, n):  # (its functions' other_arguments: the captured n)
            ds = tf.data.Dataset.range(n).map(lambda x: x + n, num_parallel_calls=2)
            ds = ds.interleave(lambda x: tf.data.Dataset.range(x - n, x), cycle_length=2,
                               num_parallel_calls=2)
            return fold(ds.filter(lambda x: x < n))

        @tf.function(input_signature=[spec])
        def reducer(self, n):
            reducer = tf.data.experimental.Reducer(
                lambda k: k * 100, lambda s, x: s + x, lambda s: s * 10 + n)
            ds = tf.data.Dataset.range(n).apply(
                tf.data.experimental.group_by_reducer(lambda x: 2 - x % 3, reducer))
            return fold(ds)

        @tf.function(input_signature=[spec])
        def experimental(self, n):  # (map_and_batch, parallel_interleave of TF 1)
            ds = tf.data.Dataset.range(n).apply(tf.data.experimental.parallel_interleave(
                lambda x: tf.data.Dataset.range(x), cycle_length=2, block_length=2))
            ds = ds.apply(tf.data.experimental.map_and_batch(lambda x: x * 2, 3))
            return ds.reduce(zero, lambda s, b: s * 5 + tf.reduce_sum(b) + tf.size(
                b, out_type=tf.int64))

        @tf.function(input_signature=[spec])
        def single(self, n):
            return tf.data.Dataset.range(n, n + 1).map(lambda x: x * 5).get_single_element()

    return Pipelines()


MODEL_INPUTS = (0, 1, 5, 8)
MODEL_FUNCTIONS = ("map_filter", "flat_map_scan", "interleave_take_while", "group_by_window",
                   "captured", "reducer", "experimental", "single")
