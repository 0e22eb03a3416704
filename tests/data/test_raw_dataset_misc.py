"""TF's shuffle, cache, options and pass-through dataset ops (tf.raw_ops.ShuffleDataset,
AnonymousSeedGenerator, CacheDatasetV2, ...): the elements, reprs and errors TF 2.21
gives (recorded from it)."""

import pytest

import eagerflow as tf

R = tf.raw_ops
I64 = dict(output_types=[tf.int64], output_shapes=[[]])
PREFIX = ("{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} ")
# TF's orders of range(10) through a buffer of 4 with seeds (1, 2): first, second and third
# iteration (a reshuffling seed generator's)
FIRST = [0, 2, 1, 3, 5, 8, 6, 4, 7, 9]
SECOND = [3, 0, 2, 1, 4, 5, 6, 7, 9, 8]
THIRD = [0, 2, 3, 4, 7, 1, 9, 6, 5, 8]
FIXED = [3, 4, 1, 2, 7, 0, 5, 8, 9, 6]  # (the same seeds, not reshuffling)


@pytest.fixture(autouse=True)
def _no_global_seed():
    # (the public datasets' seeds below are those drawn without a global seed, which a test
    # run before in the same process may have left set)
    tf.random.set_seed(None)


def _range(n=10):
    return R.RangeDataset(start=0, stop=n, step=1, **I64)


def _elements(v):
    return [int(x) for x in tf.data.experimental.from_variant(v, tf.TensorSpec([], tf.int64))]


def _text(v):
    return repr(v)[len("<tf.Tensor: shape=(), dtype=variant, value=<"):-2]


def _error(e, op, message, name=True):
    assert str(e.value) == PREFIX % op + message + f" [Op:{op}]" + (" name: " if name else "")


def test_shuffle_gives_tfs_order_and_reshuffles_each_iteration():
    v = R.ShuffleDataset(input_dataset=_range(), buffer_size=4, seed=1, seed2=2, **I64)
    assert _text(v) == "ShuffleDatasetOp(4, 1, 2, 1)::Dataset"
    assert (_elements(v), _elements(v), _elements(v)) == (FIRST, SECOND, THIRD)
    fixed = R.ShuffleDataset(input_dataset=_range(), buffer_size=4, seed=7, seed2=8,
                             reshuffle_each_iteration=False, **I64)
    assert _text(fixed) == "ShuffleDatasetOp(4, 7, 7, 1)::Dataset"
    v = R.ShuffleDataset(input_dataset=_range(), buffer_size=4, seed=1, seed2=2,
                         reshuffle_each_iteration=False, **I64)
    assert _elements(v) == _elements(v) == FIXED
    unknown = R.ShuffleDataset(input_dataset=_range(), buffer_size=-2, seed=0, seed2=5, **I64)
    assert _text(unknown) == "ShuffleDatasetOp(-2, 0, 5, 1)::Dataset"
    assert int(R.DatasetCardinality(input_dataset=v)) == 10


def test_shuffle_as_public_shuffle_of_the_same_seeds():
    # (Dataset.shuffle(4, seed=2) without a global seed: seeds (87654321, 2))
    v = R.ShuffleDataset(input_dataset=_range(), buffer_size=4, seed=87654321, seed2=2, **I64)
    want = [0, 2, 4, 6, 3, 1, 7, 5, 9, 8]
    assert _elements(v) == want
    assert [int(x) for x in tf.data.Dataset.range(10).shuffle(4, seed=2)] == want


def test_seeds_of_zero_are_random_words():
    v = R.ShuffleDataset(input_dataset=_range(), buffer_size=4, seed=0, seed2=0, **I64)
    size, seed, seed2, count = _text(v)[len("ShuffleDatasetOp("):-len(")::Dataset")].split(", ")
    assert (size, count) == ("4", "1") and (seed, seed2) != ("0", "0")
    assert sorted(_elements(v)) == list(range(10))


def test_a_seed_generator_gives_its_seeds_to_every_dataset_made_with_it():
    h, deleter = R.AnonymousSeedGenerator(seed=1, seed2=2, reshuffle=True)
    assert repr(deleter) == "<tf.Tensor: shape=(), dtype=variant, value=<[empty]>>"
    assert ('container="Anonymous", type="tensorflow::data::SeedGeneratorManager"'
            in repr(h))
    a = R.ShuffleDatasetV2(input_dataset=_range(), buffer_size=4, seed_generator=h, **I64)
    b = R.ShuffleDatasetV3(input_dataset=_range(), buffer_size=4, seed=7, seed2=8,
                           seed_generator=h, **I64)
    assert _text(a) == _text(b) == "ShuffleDatasetOp(4, 1, 2, 1)::Dataset"
    assert (_elements(a), _elements(b), _elements(a)) == (FIRST, SECOND, THIRD)
    fixed = R.AnonymousSeedGenerator(seed=1, seed2=2, reshuffle=False)[0]
    v = R.ShuffleDatasetV3(input_dataset=_range(), buffer_size=4, seed=7, seed2=8,
                           seed_generator=fixed, **I64)
    assert _text(v) == "ShuffleDatasetOp(4, 1, 1, 1)::Dataset"
    assert _elements(v) == _elements(v) == FIXED


def test_a_dummy_seed_generator_leaves_the_ops_seeds():
    d = R.DummySeedGenerator()
    assert repr(d) == (
        '<tf.Tensor: shape=(), dtype=resource, value=<ResourceHandle(name="dummy_resource", '
        'device="/job:localhost/replica:0/task:0/device:CPU:0", container="localhost", '
        'type="tensorflow::data::SeedGenerator", dtype and shapes : "[  ]")>>')
    v = R.ShuffleDatasetV3(input_dataset=_range(), buffer_size=4, seed=1, seed2=2,
                           seed_generator=d, **I64)
    assert (_elements(v), _elements(v)) == (FIRST, SECOND)
    v = R.ShuffleDatasetV3(input_dataset=_range(), buffer_size=4, seed=7, seed2=8,
                           seed_generator=d, reshuffle_each_iteration=False, **I64)
    assert _text(v) == "ShuffleDatasetOp(4, 7, 7, 1)::Dataset"
    v2 = R.ShuffleDatasetV2(input_dataset=_range(), buffer_size=4, seed_generator=d, **I64)
    assert sorted(_elements(v2)) == list(range(10))


def test_shuffle_and_repeat_reshuffles_each_epoch():
    v = R.ShuffleAndRepeatDataset(input_dataset=_range(5), buffer_size=4, seed=1, seed2=2,
                                  count=2, **I64)
    assert _text(v) == "ShuffleAndRepeatDatasetOp(4, 1, 2, 2)::Dataset"
    assert _elements(v) == [0, 2, 1, 3, 4, 3, 0, 4, 1, 2]
    assert _elements(v) == [0, 2, 3, 4, 1, 0, 3, 1, 4, 2]
    h = R.AnonymousSeedGenerator(seed=1, seed2=2, reshuffle=True)[0]
    v2 = R.ShuffleAndRepeatDatasetV2(input_dataset=_range(5), buffer_size=4, seed=1, seed2=2,
                                     count=2, seed_generator=h, **I64)
    assert _elements(v2) == [0, 2, 1, 3, 4, 3, 0, 4, 1, 2]
    fixed = R.ShuffleAndRepeatDataset(input_dataset=_range(5), buffer_size=4, seed=1, seed2=2,
                                      count=3, reshuffle_each_iteration=False, **I64)
    assert _elements(fixed) == [3, 4, 2, 1, 0] * 3
    assert int(R.DatasetCardinality(input_dataset=fixed)) == 15
    forever = R.ShuffleAndRepeatDataset(input_dataset=_range(3), buffer_size=2, seed=1, seed2=2,
                                        count=-1, **I64)
    assert int(R.DatasetCardinality(input_dataset=forever)) == -1


@pytest.mark.parametrize("op, kw, message", [
    ("ShuffleDataset", dict(buffer_size=0),
     "buffer_size must be greater than zero or UNKNOWN_CARDINALITY"),
    ("ShuffleAndRepeatDataset", dict(count=0), "count must be greater than zero or equal to -1."),
    ("ShuffleAndRepeatDataset", dict(count=-5),
     "count must be greater than zero or equal to -1."),
])
def test_shuffle_kernels_check_sizes(op, kw, message):
    args = dict(input_dataset=_range(), buffer_size=4, seed=1, seed2=2, **I64)
    if op == "ShuffleAndRepeatDataset":
        args["count"] = 2
    args.update(kw)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        getattr(R, op)(**args)
    _error(e, op, message)


@pytest.mark.parametrize("arg", ["buffer_size", "seed", "seed2"])
def test_shuffle_wants_scalars(arg):
    args = dict(input_dataset=_range(), buffer_size=4, seed=1, seed2=2, **I64)
    args[arg] = [args[arg]]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.ShuffleDataset(**args)
    _error(e, "ShuffleDataset", f"{arg} must be a scalar", name=False)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.AnonymousSeedGenerator(seed=1, seed2=2, reshuffle=[True])
    _error(e, "AnonymousSeedGenerator", "reshuffle must be a scalar", name=False)


def test_seed_generator_ops_fail_as_tfs_do():
    # (TF 2.21 runs AnonymousRandomSeedGenerator with AnonymousSeedGenerator's kernel)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.AnonymousRandomSeedGenerator(seed=1, seed2=2)
    _error(e, "AnonymousRandomSeedGenerator", "Unknown input name: reshuffle")
    h, deleter = R.AnonymousSeedGenerator(seed=1, seed2=2, reshuffle=True)
    name = repr(h).split('name="')[1].split('"')[0]
    with pytest.raises(tf.errors.InternalError) as e:
        R.DeleteRandomSeedGenerator(handle=h, deleter=deleter)
    _error(e, "DeleteRandomSeedGenerator",
           f"Cannot delete an unowned Resource Anonymous/{name}/<unknown> from ResourceMgr. "
           "This indicates ref-counting ResourceHandle is exposed to weak ResourceHandle code "
           "paths.")
    with pytest.raises(tf.errors.NotFoundError) as e:
        R.DeleteSeedGenerator(handle=h, deleter=deleter)
    _error(e, "DeleteSeedGenerator", f"Resource Anonymous/{name}/<unknown> does not exist.")
    with pytest.raises(tf.errors.NotFoundError) as e:
        R.DeleteSeedGenerator(handle=R.DummySeedGenerator(), deleter=deleter)
    _error(e, "DeleteSeedGenerator", "Resource localhost/dummy_resource/<unknown> does not "
                                     "exist.")
    # (the generator outlives the refused delete)
    v = R.ShuffleDatasetV2(input_dataset=_range(), buffer_size=4, seed_generator=h, **I64)
    assert _elements(v) == FIRST


def test_cache_ops_and_a_shared_memory_cache(tmp_path):
    v = R.CacheDataset(input_dataset=_range(3), filename="", **I64)
    assert _text(v) == "CacheDatasetOp::MemoryDataset"
    assert _elements(v) == _elements(v) == [0, 1, 2]
    f = R.CacheDataset(input_dataset=_range(3), filename=str(tmp_path / "c"), **I64)
    assert _text(f) == "CacheDatasetOp::FileDataset"
    assert _elements(f) == [0, 1, 2]
    h, deleter = R.AnonymousMemoryCache()
    assert 'type="tensorflow::data::MemoryCacheManager"' in repr(h)
    a = R.CacheDatasetV2(input_dataset=_range(3), filename="", cache=h, **I64)
    b = R.CacheDatasetV2(input_dataset=_range(5), filename="", cache=h, **I64)
    assert (_elements(a), _elements(b)) == ([0, 1, 2], [0, 1, 2])  # (b reads a's elements)
    d = R.DummyMemoryCache()
    assert 'name="dummy_resource"' in repr(d) and 'type="tensorflow::data::MemoryCache"' in \
        repr(d)
    assert _elements(R.CacheDatasetV2(input_dataset=_range(4), filename="", cache=d,
                                      **I64)) == [0, 1, 2, 3]
    with pytest.raises(tf.errors.InternalError, match="Cannot delete an unowned Resource"):
        R.DeleteMemoryCache(handle=h, deleter=deleter)
    R.DeleteMemoryCache(handle=h, deleter=deleter)  # (then it is gone: no error)
    R.DeleteMemoryCache(handle=d, deleter=deleter)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.CacheDataset(input_dataset=_range(3), filename=["a"], **I64)
    _error(e, "CacheDataset", "filename must be a scalar", name=False)


def _first(v, n=3):
    ds = tf.data.experimental.from_variant(v, tf.TensorSpec([], tf.int64))
    return [int(x) for x in ds.take(n)]


def test_random_datasets_give_tfs_words():
    v = R.RandomDataset(seed=1, seed2=2, **I64)
    assert _text(v) == "RandomDatasetOp(1, 2)::Dataset"
    assert _first(v, 4) == [3878945999, 2364392915, 1057429302, 168492509]
    assert int(R.DatasetCardinality(input_dataset=v)) == -1
    assert _text(R.ExperimentalRandomDataset(seed=1, seed2=2, **I64)) == \
        "RandomDatasetV0Op(1, 2)::Dataset"
    assert _text(R.RandomDataset(seed=0, seed2=0, **I64)) == "RandomDatasetOp(0, 0)::Dataset"
    d = R.DummySeedGenerator()
    fixed = R.RandomDatasetV2(seed=5, seed2=6, seed_generator=d, **I64)
    assert _text(fixed) == "RandomDatasetV2Op(5, 6)::Dataset"
    assert _first(fixed) == _first(fixed) == [64677483, 3635105107, 3931607701]
    again = R.RandomDatasetV2(seed=5, seed2=6, seed_generator=d,
                              rerandomize_each_iteration=True, **I64)
    assert _first(again) == [1502582595, 276370317, 3613562199]
    assert _first(again) == [219026722, 3258633085, 833971125]
    # (a seed generator's seeds, (1, 2), win over the op's)
    h = R.AnonymousSeedGenerator(seed=1, seed2=2, reshuffle=True)[0]
    gen = R.RandomDatasetV2(seed=5, seed2=6, seed_generator=h,
                            rerandomize_each_iteration=True, **I64)
    assert _first(gen) == [1801043212, 1974464429, 2710738260]
    assert _first(gen) == [3111139111, 2247037790, 1806887132]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.RandomDataset(seed=[0], seed2=0, **I64)
    _error(e, "RandomDataset", "seed must be a scalar", name=False)


def _slices(values, dtype=None):
    t = tf.constant(values, dtype)
    return R.TensorSliceDataset(components=[t], output_shapes=[t.shape[1:]])


def test_unique_and_its_checks():
    v = R.UniqueDataset(input_dataset=_slices([[1, 2], [1, 2], [3, 4]]),
                        output_types=[tf.int32], output_shapes=[[2]])
    assert _text(v) == "UniqueDatasetOp::Dataset"
    got = tf.data.experimental.from_variant(v, tf.TensorSpec([2], tf.int32))
    assert [x.tolist() for x in got.as_numpy_iterator()] == [[1, 2], [3, 4]]
    s = R.ExperimentalUniqueDataset(input_dataset=_slices(["a", "b", "a"]),
                                    output_types=[tf.string], output_shapes=[[]])
    assert list(tf.data.experimental.from_variant(s, tf.TensorSpec([], tf.string))
                .as_numpy_iterator()) == [b"a", b"b"]
    assert int(R.DatasetCardinality(input_dataset=R.UniqueDataset(input_dataset=_range(),
                                                                  **I64))) == -2
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.UniqueDataset(input_dataset=_slices([1., 1.]), output_types=[tf.float32],
                        output_shapes=[[]])
    _error(e, "UniqueDataset", "UniqueDataset only supports inputs with a single `tf.int32`, "
                               "`tf.int64`, or `tf.string` component.")
    two = R.TensorSliceDataset(components=[tf.constant([1., 1.]), tf.constant([1, 1])],
                               output_shapes=[[], []])
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.UniqueDataset(input_dataset=two, output_types=[tf.float32, tf.int32],
                        output_shapes=[[], []])
    _error(e, "UniqueDataset", "UniqueDataset only supports inputs with a single component.")


@pytest.mark.parametrize("n, count, message", [
    (1, 2, "expected to contain 2 elements but contained only 1 element."),
    (0, 1, "expected to contain 1 element but contained only 0 elements."),
    (2, 1, "expected to contain 1 element but contained at least 2 elements."),
    (1, -1, "expected to contain an infinite number of elements but contained only 1 element."),
    (0, -2, "expected to contain -2 elements but contained only 0 elements."),
    (3, -2, "expected to contain -2 elements but contained at least 1 element."),
    (3, 0, "expected to contain 0 elements but contained at least 1 element."),
])
def test_assert_cardinality_fails_as_tfs(n, count, message):
    v = R.AssertCardinalityDataset(input_dataset=_range(n), cardinality=count, **I64)
    assert _text(v) == "AssertCardinalityDatasetOp::Dataset"
    with pytest.raises(tf.errors.FailedPreconditionError, match="Input dataset was " + message):
        _elements(v)


def test_assert_cardinality_passes_the_right_count():
    v = R.AssertCardinalityDataset(input_dataset=_range(3), cardinality=3, **I64)
    assert _elements(v) == [0, 1, 2]
    assert int(R.DatasetCardinality(input_dataset=R.AssertCardinalityDataset(
        input_dataset=_range(3), cardinality=7, **I64))) == 7
    assert _elements(R.AssertCardinalityDataset(input_dataset=_range(0), cardinality=0,
                                                **I64)) == []


@pytest.mark.parametrize("op, arg, text", [
    ("MaxIntraOpParallelismDataset", "max_intra_op_parallelism", "MaxIntraOpParallelism"),
    ("ExperimentalMaxIntraOpParallelismDataset", "max_intra_op_parallelism",
     "MaxIntraOpParallelism"),
    ("PrivateThreadPoolDataset", "num_threads", "PrivateThreadPool"),
    ("ExperimentalPrivateThreadPoolDataset", "num_threads", "PrivateThreadPool"),
    ("SleepDataset", "sleep_microseconds", "Sleep"),
    ("ExperimentalSleepDataset", "sleep_microseconds", "Sleep"),
])
def test_wrappers_pass_their_input_and_check_their_counts(op, arg, text):
    v = getattr(R, op)(input_dataset=_range(3), **{arg: 0}, **I64)
    assert _text(v) == f"{text}DatasetOp::Dataset"
    assert _elements(v) == [0, 1, 2]
    assert int(R.DatasetCardinality(input_dataset=v)) == 3
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        getattr(R, op)(input_dataset=_range(3), **{arg: -1}, **I64)
    _error(e, op, f"`{arg}` must be >= 0")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        getattr(R, op)(input_dataset=_range(3), **{arg: [1]}, **I64)
    _error(e, op, f"{arg} must be a scalar", name=False)


def test_runtime_wrappers_texts_and_checks():
    for op in ("NonSerializableDataset", "ExperimentalNonSerializableDataset",
               "IgnoreErrorsDataset", "ExperimentalIgnoreErrorsDataset"):
        v = getattr(R, op)(input_dataset=_range(3), **I64)
        assert _text(v) == op.replace("Experimental", "") + "Op::Dataset"
        assert _elements(v) == [0, 1, 2]
    m = R.ModelDataset(input_dataset=_range(3), algorithm=1, cpu_budget=4, ram_budget=100, **I64)
    assert _text(m) == "ModelDatasetOp::Dataset" and _elements(m) == [0, 1, 2]
    for budget, word in (("cpu_budget", "CPU"), ("ram_budget", "RAM")):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            R.ModelDataset(input_dataset=_range(3), **{budget: -1}, **I64)
        _error(e, "ModelDataset", f"{word} budget must be positive but is -1.")
    o = R.OptimizeDataset(input_dataset=_range(3), optimizations=["bogus"], **I64)
    assert _text(o) == "PrivateThreadPoolDatasetOp::Dataset" and _elements(o) == [0, 1, 2]
    o2 = R.OptimizeDatasetV2(input_dataset=_range(3), optimizations_enabled=["noop_elimination"],
                             optimizations_disabled=tf.constant([], tf.string),
                             optimizations_default=tf.constant([], tf.string), **I64)
    assert _text(o2) == "PrivateThreadPoolDatasetOp::Dataset"
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.OptimizeDataset(input_dataset=_range(3), optimizations="a", **I64)
    _error(e, "OptimizeDataset", "optimizations must be a vector", name=False)
    f = R.FinalizeDataset(input_dataset=_range(3), **I64)
    assert _text(f) == "PrefetchDatasetOp::Dataset" and _elements(f) == [0, 1, 2]
    assert int(R.DatasetCardinality(input_dataset=f)) == 3
    assert _text(R.FinalizeDataset(input_dataset=_range(3), has_captured_ref=True, **I64)) == \
        "ModelDatasetOp::Dataset"


def test_wrap_and_unwrap_dataset_variant():
    w = R.WrapDatasetVariant(input_handle=_range(3))
    assert repr(w) == ("<tf.Tensor: shape=(), dtype=variant, "
                       "value=<tensorflow::WrappedDatasetVariantWrapper::DebugString>>")
    u = R.UnwrapDatasetVariant(input_handle=w)
    assert _text(u) == "RangeDatasetOp(0, 3, 1)::Dataset" and _elements(u) == [0, 1, 2]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.WrapDatasetVariant(input_handle=w)
    _error(e, "WrapDatasetVariant", "Tensor must be a Dataset object.")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.UnwrapDatasetVariant(input_handle=_range(3))
    _error(e, "UnwrapDatasetVariant", "Tensor must be a WrappedDataset variant object.")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.DatasetCardinality(input_dataset=w)
    _error(e, "DatasetCardinality", "Tensor must be a Dataset object.")


# TF's Options._to_proto() of tf.data.Options() with deterministic False and
# threading.private_threadpool_size 3, and of every option set
THREADS = b"\x08\x00\x12\x00\x1a\x00*\x02\x10\x03:\x00b\x00"
FULL = (b"\x08\x01\x12\r\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x10\x02\x1a\x07\x08\x00X"
        b"\x01\x98\x01\x00 \x01*\x02\x08\x010\x02:\x0c\x08\x00\x10\x03\x18\x07 \x04(\x020\x01@"
        b"\x00H\x01R\x02nmZ\x05kerasZ\x03jaxb\x02\x08\x01")


def _full_options():
    o = tf.data.Options()
    o.deterministic = True
    o.dataset_name = "nm"
    o.framework_type = ["keras", "jax"]
    o.experimental_external_state_policy = tf.data.experimental.ExternalStatePolicy.FAIL
    o.experimental_slack = True
    o.experimental_symbolic_checkpoint = False
    o.experimental_warm_start = True
    o.autotune.enabled = False
    o.autotune.cpu_budget = 3
    o.autotune.ram_budget = 7
    o.autotune.autotune_algorithm = tf.data.experimental.AutotuneAlgorithm.STAGE_BASED
    o.autotune.initial_parallelism = 2
    o.autotune.min_parallelism = 1
    o.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    o.experimental_distribute.num_devices = 2
    o.experimental_optimization.apply_default_optimizations = False
    o.experimental_optimization.map_fusion = True
    o.experimental_optimization.inject_prefetch = False
    o.experimental_service.pinned = True
    o.threading.max_intra_op_parallelism = 1
    return o


def _options(v):
    return R.GetOptions(input_dataset=v).numpy()


def test_options_dataset_and_get_options_as_tfs():
    v = R.OptionsDataset(input_dataset=_range(3), serialized_options=THREADS, **I64)
    assert _text(v) == "OptionsDatasetOp::Dataset" and _elements(v) == [0, 1, 2]
    assert _options(_range(3)) == b""
    assert _options(v) == THREADS
    ds = tf.data.experimental.from_variant(v, tf.TensorSpec([], tf.int64))
    assert ds.options().deterministic is False
    assert ds.options().threading.private_threadpool_size == 3
    # (options merge field by field, downstream too)
    more = R.OptionsDataset(input_dataset=v, serialized_options=b"\x2a\x02\x08\x02", **I64)
    assert _options(more) == b"\x08\x00\x12\x00\x1a\x00*\x04\x08\x02\x10\x03:\x00b\x00"
    assert _options(R.UniqueDataset(input_dataset=v, **I64)) == THREADS
    # (TF keeps what it can't read: a wrong wire type, an enum value it lacks; a later value
    # wins)
    for given, kept in ((b"P\x01", b"P\x01"), (b":\x02 \t", b":\x02 \t"),
                        (b"\x08\x01\x08\x00", b"\x08\x00"), (b"", b"")):
        assert _options(R.OptionsDataset(input_dataset=_range(3), serialized_options=given,
                                         **I64)) == kept
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.OptionsDataset(input_dataset=_range(3), serialized_options=b"\xff\xff", **I64)
    _error(e, "OptionsDataset", "Could not parse serialized_options as valid Options.")


def test_get_options_of_public_datasets():
    assert _options(tf.data.Dataset.range(3)._variant_tensor) == b""
    assert _options(tf.data.Dataset.range(3).map(lambda x: x)._variant_tensor) == b""
    full = tf.data.Dataset.range(3).with_options(_full_options())
    assert _options(full._variant_tensor) == FULL
    o2 = tf.data.Options()
    o2.threading.private_threadpool_size = 4
    both = tf.data.Dataset.zip((full, tf.data.Dataset.range(2).with_options(o2)))
    merged = FULL.replace(b"*\x02\x08\x01", b"*\x04\x08\x01\x10\x04")
    assert _options(both._variant_tensor) == merged
    v = R.OptionsDataset(input_dataset=_range(3), serialized_options=FULL, **I64)
    back = tf.data.experimental.from_variant(v, tf.TensorSpec([], tf.int64)).options()
    assert back == _full_options()


def test_the_ops_in_a_function_run_each_call():
    @tf.function
    def f(n):
        v = R.RangeDataset(start=0, stop=n, step=1, **I64)
        h = R.AnonymousSeedGenerator(seed=1, seed2=2, reshuffle=True)[0]
        s = R.ShuffleDatasetV3(input_dataset=v, buffer_size=4, seed=1, seed2=2, seed_generator=h,
                               **I64)
        c = R.CacheDatasetV2(input_dataset=s, filename="", cache=R.AnonymousMemoryCache()[0],
                             **I64)
        o = R.OptionsDataset(input_dataset=c, serialized_options=b"\x08\x00", **I64)
        out = tf.TensorArray(tf.int64, size=0, dynamic_size=True)
        i = 0
        for x in tf.data.experimental.from_variant(o, tf.TensorSpec([], tf.int64)):
            out = out.write(i, x)
            i += 1
        return out.stack(), R.GetOptions(input_dataset=o)

    for _ in range(2):  # (a new generator each call: the first order again, as TF's)
        order, options = f(tf.constant(10, tf.int64))
        assert order.numpy().tolist() == FIRST and options.numpy() == b"\x08\x00"


def test_public_datasets_variants_show_tfs_kernel_text():
    r = tf.data.Dataset.range(10)
    assert _text(r.shuffle(4, seed=2)._variant_tensor) == \
        "ShuffleDatasetOp(4, 87654321, 2, 1)::Dataset"
    assert _text(r.shuffle(4, seed=2, reshuffle_each_iteration=False)._variant_tensor) == \
        "ShuffleDatasetOp(4, 87654321, 87654321, 1)::Dataset"
    assert _text(r.cache()._variant_tensor) == "CacheDatasetOp::MemoryDataset"
    assert _text(r.cache("/nonexistent/c")._variant_tensor) == "CacheDatasetOp::FileDataset"
    assert _text(tf.data.Dataset.random(seed=3)._variant_tensor) == \
        "RandomDatasetOp(87654321, 3)::Dataset"
    assert _text(tf.data.Dataset.random(seed=3, rerandomize_each_iteration=True)
                 ._variant_tensor) == "RandomDatasetV2Op(87654321, 3)::Dataset"
    assert _text(tf.data.Dataset.random()._variant_tensor) == "RandomDatasetOp(0, 0)::Dataset"
    assert _text(r.unique()._variant_tensor) == "UniqueDatasetOp::Dataset"
    # (a reader's files read through a flat_map, a legacy parallel interleave, or an
    # interleave where its parallel reads are autotuned)
    names = ["/nonexistent/a"]
    assert [_text(tf.data.TFRecordDataset(names, num_parallel_reads=n)._variant_tensor)
            for n in (None, 2, tf.data.AUTOTUNE)] == [
        "FlatMapDatasetOp::Dataset", "LegacyParallelInterleaveDatasetV2Op::Dataset",
        "ParallelInterleaveDatasetV4Op::Dataset"]
