"""TF's directed-interleave, sampling, auto-shard, thread-pool, stats, save/load and
table-from-dataset ops (tf.raw_ops.DirectedInterleaveDataset, SamplingDataset, ...): the
elements, reprs and errors TF 2.21 gives (recorded from it)."""

import re

import pytest

import eagerflow as tf

R = tf.raw_ops
I64 = dict(output_types=[tf.int64], output_shapes=[[]])
PREFIX = ("{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} ")
DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


def _range(a, b):
    return R.RangeDataset(start=a, stop=b, step=1, **I64)


def _slices(values, dtype=tf.int64):
    return R.TensorSliceDataset(components=[tf.constant(values, dtype)], output_shapes=[[]])


def _elements(v):
    return [int(x) for x in tf.data.experimental.from_variant(v, tf.TensorSpec([], tf.int64))]


def _text(v):
    return repr(v)[len("<tf.Tensor: shape=(), dtype=variant, value=<"):-2]


def _error(e, op, message, kernel=None, name=True):
    assert str(e.value) == PREFIX % (kernel or op) + message + f" [Op:{op}]" + (
        " name: " if name else "")


def test_directed_interleave_takes_what_the_selector_names():
    v = R.DirectedInterleaveDataset(selector_input_dataset=_slices([0, 1, 1, 0, 2]),
                                    data_input_datasets=[_range(0, 3), _range(10, 12),
                                                         _range(20, 25)], **I64)
    assert _text(v) == "DirectedInterleaveDatasetOp::Dataset"
    assert _elements(v) == [0, 10, 11, 1, 20]
    assert int(R.DatasetCardinality(input_dataset=v)) == -2


@pytest.mark.parametrize("op,stop,want", [
    ("DirectedInterleaveDataset", False, [0, 1, 10, 11]),
    ("DirectedInterleaveDataset", True, [0, 1]),
    ("ExperimentalDirectedInterleaveDataset", None, [0, 1, 10, 11])])
def test_directed_interleave_past_an_empty_input(op, stop, want):
    kw = {} if stop is None else {"stop_on_empty_dataset": stop}
    v = getattr(R, op)(selector_input_dataset=_slices([0, 0, 0, 0, 1, 1]),
                       data_input_datasets=[_range(0, 2), _range(10, 12)], **I64, **kw)
    assert _text(v) == "DirectedInterleaveDatasetOp::Dataset"
    assert _elements(v) == want


def test_directed_interleave_errors():
    data = [_range(0, 2), _range(10, 12)]
    for selector in (_slices([0, 1], tf.int32),
                     R.TensorDataset(components=[tf.constant([0, 1], tf.int64)],
                                     output_shapes=[[2]])):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            R.DirectedInterleaveDataset(selector_input_dataset=selector,
                                        data_input_datasets=data, **I64)
        _error(e, "DirectedInterleaveDataset",
               "The selector input must be a dataset of scalar int64 elements.",
               "DirectedInterleaveDataset_N_2")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.DirectedInterleaveDataset(selector_input_dataset=_slices([0, 1]),
                                    data_input_datasets=[data[0], _slices([1., 2.], tf.float32)],
                                    **I64)
    _error(e, "DirectedInterleaveDataset", "All inputs must have the same output_dtypes. First "
           "input has types int64, and input 1 has types float", "DirectedInterleaveDataset_N_2")
    v = R.DirectedInterleaveDataset(selector_input_dataset=_slices([0, 5]),
                                    data_input_datasets=data, **I64)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _elements(v)
    assert "Selector index out of range: 5 >= 2 [Op:IteratorGetNext]" in str(e.value)


def test_public_choose_from_datasets_is_a_directed_interleave():
    ds = tf.data.Dataset.choose_from_datasets(
        [tf.data.Dataset.range(3), tf.data.Dataset.range(10, 13)],
        tf.data.Dataset.from_tensor_slices(tf.constant([0, 1, 1, 0], tf.int64)))
    assert _text(ds._variant_tensor) == "DirectedInterleaveDatasetOp::Dataset"
    assert [int(x) for x in ds] == [0, 10, 11, 1]


@pytest.mark.parametrize("rate,seeds,n,want", [
    (0.5, (1, 2), 20, [0, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 17]),
    (0.3, (5, 7), 30, [2, 4, 8, 12, 14, 16, 22, 24, 27, 28]),
    (0.3, (-5, 7), 30, [1, 3, 6, 7, 10, 14, 15, 16, 19, 21, 25]),
    (0.0, (1, 2), 20, []), (2.0, (1, 2), 5, [0, 1, 2, 3, 4]), (-1.0, (1, 2), 5, []),
    (float("nan"), (1, 2), 5, [])])
def test_sampling_keeps_tfs_elements(rate, seeds, n, want):
    v = R.SamplingDataset(input_dataset=_range(0, n), rate=rate, seed=seeds[0], seed2=seeds[1],
                          **I64)
    assert _text(v) == "SamplingDatasetOp::Dataset"
    assert _elements(v) == _elements(v) == want
    assert int(R.DatasetCardinality(input_dataset=v)) == -2


def test_sampling_of_seeds_zero_draws_each_iteration():
    v = R.SamplingDataset(input_dataset=_range(0, 200), rate=0.5, seed=0, seed2=0, **I64)
    assert _elements(v) != _elements(v)


@pytest.mark.parametrize("arg", ["rate", "seed", "seed2"])
def test_sampling_scalars(arg):
    kw = dict(rate=0.5, seed=1, seed2=2)
    kw[arg] = [kw[arg]]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.SamplingDataset(input_dataset=_range(0, 3), **kw, **I64)
    _error(e, "SamplingDataset", f"{arg} must be a scalar", name=False)


@pytest.mark.parametrize("op", ["AutoShardDataset", "ExperimentalAutoShardDataset"])
def test_auto_shard_of_a_range_shards_its_data(op):
    v = getattr(R, op)(input_dataset=_range(0, 10), num_workers=3, index=1, **I64)
    assert _text(v) == "ShardDatasetOp(3, 1)::Dataset"
    assert _elements(v) == [1, 4, 7]
    assert int(R.DatasetCardinality(input_dataset=v)) == 3


@pytest.mark.parametrize("policy,text,want", [
    (0, "ShardDatasetOp(3, 1)::Dataset", [1, 4, 7]),
    (2, "ShardDatasetOp(3, 1)::Dataset", [1, 4, 7]),
    (3, "RangeDatasetOp(0, 10, 1)::Dataset", list(range(10))),
    (-1, "RangeDatasetOp(0, 10, 1)::Dataset", list(range(10)))])
def test_auto_shard_policies(policy, text, want):
    v = R.AutoShardDataset(input_dataset=_range(0, 10), num_workers=3, index=1,
                           auto_shard_policy=policy, **I64)
    assert (_text(v), _elements(v)) == (text, want)


def test_auto_shard_of_batches():
    ds = tf.data.Dataset.range(10).batch(3)
    v = R.AutoShardDataset(input_dataset=ds._variant_tensor, num_workers=2, index=1,
                           output_types=[tf.int64], output_shapes=[[None]])
    assert _text(v) == "ShardDatasetOp(2, 1)::Dataset"
    got = tf.data.experimental.from_variant(v, tf.TensorSpec([None], tf.int64))
    assert [x.numpy().tolist() for x in got] == [[3, 4, 5], [9]]


@pytest.mark.parametrize("kw,message", [
    (dict(num_workers=0, index=0), "num_workers must be greater than zero."),
    (dict(num_workers=3, index=3), "index must be between 0 and 2"),
    (dict(num_workers=3, index=-1), "index must be between 0 and 2"),
    (dict(num_workers=3, index=1, auto_shard_policy=4), "auto_shard_policy is invalid."),
    (dict(num_workers=3, index=1, auto_shard_policy=-2), "auto_shard_policy is invalid.")])
def test_auto_shard_errors(kw, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.AutoShardDataset(input_dataset=_range(0, 10), **kw, **I64)
    _error(e, "AutoShardDataset", message)


def test_auto_shard_scalars():
    for kw, arg in ((dict(num_workers=[3], index=1), "num_workers"),
                    (dict(num_workers=3, index=[1]), "index")):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            R.AutoShardDataset(input_dataset=_range(0, 10), **kw, **I64)
        _error(e, "AutoShardDataset", f"{arg} must be a scalar", name=False)


def _handle_text(name, container="localhost",
                 kind="tensorflow::data::experimental::ThreadPoolResource"):
    return (f'<ResourceHandle(name="{name}", device="{DEVICE}", container="{container}", '
            f'type="{kind}", dtype and shapes : "[  ]")>')


@pytest.mark.parametrize("op", ["ThreadPoolHandle", "ExperimentalThreadPoolHandle"])
def test_thread_pool_handles(op):
    h = getattr(R, op)(num_threads=2, display_name="p", shared_name="s", container="c")
    assert repr(h) == f"<tf.Tensor: shape=(), dtype=resource, value={_handle_text('s', 'c')}>"
    h = getattr(R, op)(num_threads=0, display_name="q", max_intra_op_parallelism=-1)
    assert f'_{op}", device=' in repr(h)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        getattr(R, op)(num_threads=-1, display_name="p")
    _error(e, op, "`num_threads` must be >= 0")


@pytest.mark.parametrize("op", ["ThreadPoolDataset", "ExperimentalThreadPoolDataset"])
def test_thread_pool_dataset_passes_its_input(op):
    h = R.ThreadPoolHandle(num_threads=2, display_name="p")
    v = getattr(R, op)(input_dataset=_range(0, 4), thread_pool=h, **I64)
    assert _text(v) == "ThreadPoolDatasetOp::Dataset"
    assert _elements(v) == [0, 1, 2, 3]
    assert int(R.DatasetCardinality(input_dataset=v)) == 4


def test_thread_pool_dataset_of_another_handle():
    wrong = ("Trying to access a handle's resource using the wrong type. The handle points to a "
             "resource (name '%s') of type '%s' (hash code %d) but you are trying to access the "
             "resource as type 'tensorflow::data::experimental::ThreadPoolResource' (hash code "
             "14793230133139917831)")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.ThreadPoolDataset(input_dataset=_range(0, 4), thread_pool=R.DummySeedGenerator(), **I64)
    _error(e, "ThreadPoolDataset", wrong % ("dummy_resource", "tensorflow::data::SeedGenerator",
                                            4819294061521843419))
    v = tf.Variable(1.0)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.ThreadPoolDataset(input_dataset=_range(0, 4), thread_pool=v.handle, **I64)
    assert "of type 'tensorflow::Var' (hash code 17454915466513971685)" in str(e.value)


@pytest.mark.parametrize("op,text", [
    ("LatencyStatsDataset", "LatencyStatsDataset"),
    ("ExperimentalLatencyStatsDataset", "LatencyStatsDataset"),
    ("BytesProducedStatsDataset", "BytesProducedStatsDataset"),
    ("ExperimentalBytesProducedStatsDataset", "BytesProducedStatsDataset")])
def test_stats_datasets_pass_their_input(op, text):
    v = getattr(R, op)(input_dataset=_range(0, 3), tag="t", **I64)
    assert _text(v) == f"{text}Op::Dataset"
    assert _elements(v) == [0, 1, 2]
    assert int(R.DatasetCardinality(input_dataset=v)) == 3
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        getattr(R, op)(input_dataset=_range(0, 3), tag=["t"], **I64)
    _error(e, op, "tag must be a scalar", name=False)


def test_dummy_iteration_counter():
    assert repr(R.DummyIterationCounter()) == (
        "<tf.Tensor: shape=(), dtype=resource, value="
        f"{_handle_text('dummy_resource', kind='tensorflow::data::IterationCounter')}>")


def test_initialize_table_from_dataset():
    pairs = tf.data.Dataset.from_tensor_slices((tf.constant([1, 2, 3], tf.int64),
                                                tf.constant([10, 20, 30], tf.int64)))
    h = R.HashTableV2(key_dtype=tf.int64, value_dtype=tf.int64)
    assert R.InitializeTableFromDataset(table_handle=h, dataset=pairs._variant_tensor) is None
    found = R.LookupTableFindV2(table_handle=h, keys=tf.constant([1, 3, 5], tf.int64),
                                default_value=tf.constant(-1, tf.int64))
    assert found.numpy().tolist() == [10, 30, -1]
    # (again with the same data: nothing changes)
    assert R.InitializeTableFromDataset(table_handle=h, dataset=pairs._variant_tensor) is None
    # (eagerly the same HashTableV2 call names the same table: initialized, it is kept as
    # it is, whatever the dataset holds)
    other = tf.data.Dataset.from_tensor_slices((tf.constant([1, 1], tf.int64),
                                                tf.constant([10, 20], tf.int64)))
    h = R.HashTableV2(key_dtype=tf.int64, value_dtype=tf.int64)
    R.InitializeTableFromDataset(table_handle=h, dataset=other._variant_tensor)
    assert R.LookupTableFindV2(table_handle=h, keys=tf.constant([1, 2], tf.int64),
                               default_value=tf.constant(-1, tf.int64)).numpy().tolist() == \
        [10, 20]


def _files(path):
    """The files under `path`, a run's random folder named RUN."""
    return sorted(re.sub(r"^\d+/", "RUN/", str(p.relative_to(path)))
                  for p in path.rglob("*") if p.is_file())


def _shard_fn(fn, *specs):
    return tf.function(fn).get_concrete_function(*specs or [tf.TensorSpec([], tf.int64)])


# (eagerflow's tf.function takes no dataset argument: a concrete function traced on a dataset
# leaves TF's default reader, an interleave of the shards)
def _reader():
    datasets = tf.data.Dataset.from_tensors(tf.data.Dataset.range(1))
    return tf.function(lambda ds: ds.interleave(lambda x: x)).get_concrete_function(datasets)


def test_save_dataset_writes_runs_and_metadata_but_no_spec(tmp_path):
    sf = _shard_fn(lambda x: x % 2)
    assert R.SaveDataset(input_dataset=_range(0, 5), path=str(tmp_path / "a"),
                         shard_func_other_args=[], shard_func=sf) is None
    assert _files(tmp_path / "a") == ["RUN/00000000.shard/00000000.snapshot",
                                      "RUN/00000001.shard/00000000.snapshot",
                                      "snapshot.metadata"]
    v = R.LoadDataset(path=str(tmp_path / "a"), reader_func_other_args=[], reader_func=_reader(),
                      **I64)
    assert _text(v) == "LoadDatasetOp::Dataset"
    assert sorted(_elements(v)) == [0, 1, 2, 3, 4]
    assert int(R.DatasetCardinality(input_dataset=v)) == 5
    with pytest.raises(tf.errors.NotFoundError):
        tf.data.Dataset.load(str(tmp_path / "a"))


def test_save_dataset_shard_func_of_other_arguments(tmp_path):
    sf = _shard_fn(lambda x, y: x % y, tf.TensorSpec([], tf.int64), tf.TensorSpec([], tf.int64))
    R.SaveDataset(input_dataset=_range(0, 5), path=str(tmp_path / "o"),
                  shard_func_other_args=[tf.constant(3, tf.int64)], shard_func=sf)
    assert [f.split("/")[1] for f in _files(tmp_path / "o")[:-1]] == [
        "00000000.shard", "00000001.shard", "00000002.shard"]
    unused = _shard_fn(lambda x: x % 2)
    R.SaveDataset(input_dataset=_range(0, 5), path=str(tmp_path / "u"), shard_func_other_args=[],
                  shard_func=unused, use_shard_func=False, compression="GZIP")
    assert len(_files(tmp_path / "u")) == 2
    v = R.LoadDataset(path=str(tmp_path / "u"), reader_func_other_args=[], reader_func=_reader(),
                      compression="GZIP", **I64)
    assert _elements(v) == [0, 1, 2, 3, 4]


def test_save_dataset_errors(tmp_path):
    sf = _shard_fn(lambda x: tf.constant(1, tf.int32))
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.SaveDataset(input_dataset=_range(0, 5), path=str(tmp_path / "i"),
                      shard_func_other_args=[], shard_func=sf)
    _error(e, "SaveDataset", "`shard_func` must return a scalar int64.",
           "SaveDataset_Tshard_func_args_0", name=False)
    for op, kw in (("SaveDataset", {}), ("SaveDatasetV2", I64)):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            getattr(R, op)(input_dataset=_range(0, 5), path=[str(tmp_path / "v")],
                           shard_func_other_args=[], shard_func=sf, use_shard_func=False, **kw)
        _error(e, op, "path must be a scalar", f"{op}_Tshard_func_args_0", name=False)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.LoadDataset(path=[str(tmp_path)], reader_func_other_args=[], reader_func=_reader(),
                      **I64)
    _error(e, "LoadDataset", "path must be a scalar", "LoadDataset_Treader_func_args_0",
           name=False)
    with pytest.raises(tf.errors.NotFoundError) as e:
        R.LoadDataset(path=str(tmp_path / "zz"), reader_func_other_args=[],
                      reader_func=_reader(), **I64)
    _error(e, "LoadDataset", f"Could not find metadata file [{tmp_path / 'zz'}]",
           "LoadDataset_Treader_func_args_0", name=False)


def test_save_dataset_v2_gives_and_writes_its_input(tmp_path):
    sf = _shard_fn(lambda x: x % 2)
    v = R.SaveDatasetV2(input_dataset=_range(0, 5), path=str(tmp_path / "b"),
                        shard_func_other_args=[], shard_func=sf, use_shard_func=False, **I64)
    assert _text(v) == "SaveV2DatasetOp::Dataset"
    assert int(R.DatasetCardinality(input_dataset=v)) == 5
    assert _elements(v) == [0, 1, 2, 3, 4]
    assert _files(tmp_path / "b") == ["RUN/00000000.shard/00000000.snapshot",
                                      "snapshot.metadata"]
    back = R.LoadDataset(path=str(tmp_path / "b"), reader_func_other_args=[],
                         reader_func=_reader(), **I64)
    assert _elements(back) == [0, 1, 2, 3, 4]
    wrong = R.LoadDataset(path=str(tmp_path / "b"), reader_func_other_args=[],
                          reader_func=_reader(), output_types=[tf.int32], output_shapes=[[]])
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        list(tf.data.experimental.from_variant(wrong, tf.TensorSpec([], tf.int32)))
    assert "Data type mismatch at component 0: expected int32 but got int64." in str(e.value)


def test_snapshot_dataset_v2(tmp_path):
    sf = _shard_fn(lambda x: tf.constant(0, tf.int64))
    kw = dict(reader_func_other_args=[], shard_func_other_args=[], reader_func=_reader(),
              shard_func=sf, **I64)
    v = R.SnapshotDatasetV2(input_dataset=_range(0, 5), path=str(tmp_path / "s"), **kw)
    assert _text(v) == "SnapshotDatasetOp::Dataset"
    assert not (tmp_path / "s").exists()
    assert _elements(v) == _elements(v) == [0, 1, 2, 3, 4]
    assert int(R.DatasetCardinality(input_dataset=v)) == 5
    files = sorted(str(p.relative_to(tmp_path / "s")) for p in (tmp_path / "s").rglob("*")
                   if p.is_file())
    assert len(files) == 2 and files[1].endswith("/snapshot.metadata")
    v = R.SnapshotDatasetV2(input_dataset=_range(10, 15), path=str(tmp_path / "s"),
                            hash_valid=True, hash=123, **kw)
    assert _elements(v) == [10, 11, 12, 13, 14]
    assert (tmp_path / "s" / "123" / "snapshot.metadata").exists()
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.SnapshotDatasetV2(input_dataset=_range(0, 5), path=[str(tmp_path)], **kw)
    _error(e, "SnapshotDatasetV2", "path must be a scalar",
           "SnapshotDatasetV2_Treader_func_args_0_Tshard_func_args_0", name=False)


def test_save_dataset_paths(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sf = _shard_fn(lambda x: x % 2)
    kw = dict(shard_func_other_args=[], shard_func=sf, use_shard_func=False)
    # (TF's file system takes "" for the working folder)
    R.SaveDataset(input_dataset=_range(0, 3), path="", **kw)
    assert _files(tmp_path) == ["RUN/00000000.shard/00000000.snapshot", "snapshot.metadata"]
    v = R.LoadDataset(path="", reader_func_other_args=[], reader_func=_reader(), **I64)
    assert _elements(v) == [0, 1, 2]
    (tmp_path / "file").write_text("x")
    for path in ("file", "file/x"):
        with pytest.raises(tf.errors.FailedPreconditionError) as e:
            R.SaveDataset(input_dataset=_range(0, 3), path=path, **kw)
        _error(e, "SaveDataset", "file is not a directory", "SaveDataset_Tshard_func_args_0",
               name=False)
    # (it ends a name at a NUL, and fails on what is left)
    with pytest.raises(tf.errors.FailedPreconditionError) as e:
        R.SaveDataset(input_dataset=_range(0, 3), path=b"a\x00b", **kw)
    _error(e, "SaveDataset", "a", "SaveDataset_Tshard_func_args_0", name=False)


def _compressed_text(v):
    # (TF's marker before a proto's debug text varies between runs: debugonly, debugstr)
    text = repr(v)
    return text[text.index("\n") + 1:]


def test_compress_element_shows_tfs_proto_text():
    c = R.CompressElement(components=[tf.constant([1, 2, 3]), tf.constant("ab")])
    assert _compressed_text(c) == (
        'data: "\\0164\\001\\000\\000\\000\\002\\000\\000\\000\\003\\000\\000\\000ab"\n'
        "component_metadata {\n  dtype: DT_INT32\n  tensor_shape {\n    dim {\n"
        "      size: 3\n    }\n  }\n  uncompressed_bytes: 12\n}\n"
        "component_metadata {\n  dtype: DT_STRING\n  tensor_shape {\n  }\n"
        "  uncompressed_bytes: 2\n}\n>>")
    strings = R.CompressElement(components=[tf.constant(["a", "bcd"])])
    assert _compressed_text(strings).startswith(
        'data: "\\004\\014abcd"\ncomponent_metadata {\n  dtype: DT_STRING\n')
    assert "  uncompressed_bytes: 1\n  uncompressed_bytes: 3\n}" in _compressed_text(strings)
    empty = R.CompressElement(components=[tf.zeros([0, 2])])
    assert _compressed_text(empty) == (
        'data: "\\000"\ncomponent_metadata {\n  dtype: DT_FLOAT\n  tensor_shape {\n'
        "    dim {\n    }\n    dim {\n      size: 2\n    }\n  }\n}\n>>")


def test_compress_element_compresses_as_snappy():
    pytest.importorskip("cramjam")
    zeros = R.CompressElement(components=[tf.zeros([40], tf.int32)])
    assert _compressed_text(zeros).startswith(
        'data: "\\240\\001\\000\\000\\376\\001\\000\\376\\001\\000z\\001\\000"\n')


def test_uncompress_element():
    c = R.CompressElement(components=[tf.constant([1, 2, 3]), tf.constant("ab")])
    a, b = R.UncompressElement(compressed=c, output_types=[tf.int32, tf.string],
                               output_shapes=[[4], []])  # (shapes are not checked)
    assert a.numpy().tolist() == [1, 2, 3] and b.numpy() == b"ab"
    for kw, message in (
            (dict(output_types=[tf.int64, tf.string], output_shapes=[[3], []]),
             "Expected a tensor of type int64 but got a tensor of type int32"),
            (dict(output_types=[tf.int32], output_shapes=[[3]]),
             "Expected 1 outputs from uncompress, but got 2")):
        with pytest.raises(tf.errors.FailedPreconditionError) as e:
            R.UncompressElement(compressed=c, **kw)
        _error(e, "UncompressElement", message,
               f"UncompressElement_output_types_{len(kw['output_types'])}")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.UncompressElement(compressed=_range(0, 2), **I64)
    _error(e, "UncompressElement", "Input does not contain a compressed element. Instead got "
           "tensor Tensor<type: variant shape: [] values: <RangeDatasetOp(0, 2, 1)::Dataset>>",
           "UncompressElement_output_types_1")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.UncompressElement(compressed=tf.stack([c, c]), output_types=[tf.int32, tf.string],
                            output_shapes=[[3], []])
    _error(e, "UncompressElement", "UncompressElement requires its input to be a scalar, but "
           "encountered an input with 1 dimensions.", "UncompressElement_output_types_2")


def _global_shuffle(ds, seeds=(5, 6), **kw):
    v = ds if isinstance(ds, tf.Tensor) else ds._variant_tensor
    return R.GlobalShuffleDataset(input_dataset=v, seed=seeds[0], seed2=seeds[1],
                                  seed_generator=R.DummySeedGenerator(), **I64, **kw)


@pytest.mark.parametrize("seeds,n,want", [
    ((5, 7), 10, [7, 3, 8, 6, 4, 2, 0, 5, 9, 1]),
    ((5, 7), 300, [227, 23, 237, 178, 186, 145, 85, 29, 256, 33, 238, 231]),
    ((123, 456), 10, [1, 7, 9, 3, 5, 8, 4, 0, 2, 6]),
    ((1, 2), 10, [7, 6, 8, 0, 5, 2, 4, 3, 1, 9]),
    ((2**40 + 3, -7), 10, [0, 6, 1, 8, 2, 4, 3, 9, 5, 7])])
def test_global_shuffle_gives_tfs_order(seeds, n, want):
    v = _global_shuffle(_range(0, n), seeds, reshuffle_each_iteration=False)
    assert _text(v) == "GlobalShuffleDatasetOp::Dataset"
    assert _elements(v)[:12] == _elements(v)[:12] == want
    assert int(R.DatasetCardinality(input_dataset=v)) == n


def test_global_shuffle_reshuffles_each_iteration():
    first = [3, 4, 5, 9, 0, 8, 1, 7, 2, 6]
    second = [1, 6, 8, 7, 5, 9, 4, 0, 3, 2]
    v = _global_shuffle(_range(0, 10), (1, 2))
    assert (_elements(v), _elements(v), _elements(v)) == (
        first, second, [3, 4, 1, 0, 6, 9, 2, 7, 5, 8])
    # (a seed generator's seeds and reshuffling, not the op's)
    h, _ = R.AnonymousSeedGenerator(seed=1, seed2=2, reshuffle=tf.constant(True))
    v = R.GlobalShuffleDataset(input_dataset=_range(0, 10), seed=5, seed2=6, seed_generator=h,
                               reshuffle_each_iteration=False, **I64)
    assert (_elements(v), _elements(v)) == (first, second)


def test_global_shuffle_of_random_access_pipelines():
    D = tf.data.Dataset
    assert _elements(_global_shuffle(D.zip((D.range(5), D.range(5))).map(
        lambda a, b: a + b))) == [4, 2, 8, 6, 0]
    assert _elements(_global_shuffle(D.range(3).concatenate(D.range(10, 13)))) == [
        2, 1, 11, 12, 0, 10]
    assert _elements(_global_shuffle(D.range(10).take(4))) == [2, 1, 0, 3]
    assert _elements(_global_shuffle(D.range(10).skip(6))) == [8, 7, 6, 9]
    assert _elements(_global_shuffle(D.range(3).repeat(2))) == [2, 1, 1, 2, 0, 0]
    assert _elements(_global_shuffle(D.range(1))) == [0]


@pytest.mark.parametrize("make,why", [
    (lambda D: D.range(9).filter(lambda x: x > 2),
     "FAILED_PRECONDITION: FilterDataset does not support random access."),
    (lambda D: D.range(9).shuffle(3),
     "FAILED_PRECONDITION: ShuffleDatasetV3 does not support random access."),
    (lambda D: D.range(3).repeat(),
     "FAILED_PRECONDITION: `repeat(-1)` does not support random access of tf.data datasets."),
    (lambda D: D.range(4).interleave(lambda x: D.range(x)),
     "FAILED_PRECONDITION: InterleaveDataset does not support random access."),
    (lambda D: D.range(4).batch(2).unbatch(),
     "FAILED_PRECONDITION: UnbatchDataset does not support random access."),
    (lambda D: D.range(7).batch(2), "FAILED_PRECONDITION: BatchDatasetV2 does not support "
                                    "global shuffling with `drop_remainder=False`."),
    (lambda D: D.range(4).flat_map(lambda x: D.range(x)),
     "UNIMPLEMENTED: Please consider applying maps on each dataset, concatenating them into "
     "one dataset and apply global shuffle dataset op onto the dataset to achieve the same "
     "result as flat map with global shuffling.")])
def test_global_shuffle_refuses_what_cannot_be_read_by_index(make, why):
    with pytest.raises(tf.errors.FailedPreconditionError) as e:
        _global_shuffle(make(tf.data.Dataset))
    _error(e, "GlobalShuffleDataset", "`global_shuffle` requires all upstream transformations "
           "be compatible with random access. Got: " + why)


def test_global_shuffle_needs_a_known_count():
    message = ("`global_shuffle` requires the input dataset to have a non-empty finite "
               "cardinality. Got cardinality %d for dataset %s")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _global_shuffle(_range(0, 0))
    _error(e, "GlobalShuffleDataset", message % (0, "RangeDatasetOp(0, 0, 1)::Dataset"))
    # (TF's take doesn't ask its input whether it can be read by index)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _global_shuffle(tf.data.Dataset.range(9).filter(lambda x: x > 2).take(3))
    _error(e, "GlobalShuffleDataset", message % (-2, "TakeDatasetOp::Dataset"))


@pytest.mark.parametrize("op", ["ChooseFastestDataset", "ExperimentalChooseFastestDataset"])
def test_choose_fastest_of_the_same_elements(op):
    v = getattr(R, op)(input_datasets=[_range(0, 4), _range(0, 4)], num_experiments=2, **I64)
    assert _text(v) == "ChooseFastestDatasetOp::Dataset"
    assert _elements(v) == [0, 1, 2, 3]
    assert int(R.DatasetCardinality(input_dataset=v)) == 4
    # (the count one input knows)
    unknown = tf.data.Dataset.range(9).filter(lambda x: x < 4)._variant_tensor
    v = getattr(R, op)(input_datasets=[unknown, _range(0, 4)], num_experiments=2, **I64)
    assert int(R.DatasetCardinality(input_dataset=v)) == 4
    assert _elements(v) == [0, 1, 2, 3]


def test_choose_fastest_errors():
    D = tf.data.Dataset
    vectors = R.TensorSliceDataset(components=[tf.constant([[1, 2]] * 4, tf.int64)],
                                   output_shapes=[[2]])
    start = "All inputs to ChooseFastestDataset must have "
    endless = D.range(9).repeat()._variant_tensor
    for first, second, message in (
            (_range(0, 4), _range(0, 5), "compatible cardinalities. Input 1 has cardinality: "
                                         "5, while all prior inputs have cardinality: 4."),
            (endless, _range(0, 4), "compatible cardinalities. Input 1 has cardinality: 4, "
                                    "while all prior inputs have cardinality: -1."),
            (_range(0, 4), _slices([1., 2.], tf.float32),
             "the same output types. Input 1 has output types: float. Expected: int64."),
            (_range(0, 4), D.zip((D.range(4), D.range(4)))._variant_tensor,
             "the same output types. Input 1 has output types: int64, int64. Expected: int64."),
            (_range(0, 4), vectors, "compatible output shapes. Component 0 of input 1 has "
                                    "shape: [2]. Expected to be compatible with shape: [].")):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            R.ChooseFastestDataset(input_datasets=[first, second], num_experiments=2, **I64)
        _error(e, "ChooseFastestDataset", start + message, "ChooseFastestDataset_N_2")


def _weighted(cards, weights):
    return R.WeightedFlatMapDataset(
        input_datasets=[_range(100 * i, 100 * i + c) for i, c in enumerate(cards)],
        weights=weights, **I64)


@pytest.mark.parametrize("cards,weights,shares", [
    ((6, 2), (0.75, 0.25), (2, 0)), ((6, 6), (0.75, 0.25), (6, 2)),
    ((4, 4), (0.5, 0.5), (4, 4)), ((3, 3, 3), (0.2, 0.3, 0.5), (1, 1, 3)),
    ((10, 10), (0.7, 0.3), (9, 4)),  # (TF's doubles: 10 / 0.7 * 0.7 < 10)
    ((5, 5), (0.1, 0.9), (0, 5)), ((11, 10), (0.24, 0.09), (10, 3)),
    ((5, 6, 5), (0.61, 1.02, 0.42), (2, 5, 2)), ((12, 12, 4), (2.81, 1.34, 0.81), (4, 1, 1))])
def test_weighted_flat_map_gives_tfs_shares(cards, weights, shares):
    v = _weighted(cards, weights)
    assert _text(v) == "WeightedFlatMapDatasetOp::Dataset"
    assert _elements(v) == [100 * i + j for i, n in enumerate(shares) for j in range(n)]
    assert int(R.DatasetCardinality(input_dataset=v)) == sum(shares)


@pytest.mark.parametrize("cards,weights,message", [
    ((6, 2), (0.25, 0.75), "Input 1 needs to have at least 6 elements. It only has 2 elements."),
    ((6, 8, 6), (2.05, 1.09, 2.14),
     "Input 0 needs to have at least 7 elements. It only has 6 elements."),
    ((4, 4), (float("inf"), 1.0),
     "Input 0 needs to have at least 9223372036854775808 elements. It only has 4 elements."),
    ((4, 4), (-1.0, 2.0), "`weights` must be greater than 0.0. Input 0 has a weight of -1"),
    ((4, 4), (float("nan"), 1.0),
     "`weights` must be greater than 0.0. Input 0 has a weight of nan")])
def test_weighted_flat_map_refusals(cards, weights, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _weighted(cards, weights)
    _error(e, "WeightedFlatMapDataset", message, f"WeightedFlatMapDataset_M_{len(weights)}_N_"
           f"{len(cards)}")


def test_weighted_flat_map_checks_its_inputs():
    D = tf.data.Dataset
    op, kernel = "WeightedFlatMapDataset", "WeightedFlatMapDataset_M_2_N_2"
    vectors = R.TensorSliceDataset(components=[tf.constant([[1, 2]] * 4, tf.int64)],
                                   output_shapes=[[2]])
    start = "All inputs to WeightedFlatMap must have "
    for second, message in (
            (vectors, start + "compatible output shapes. Component 0 of input 1 has shape: "
                              "[2]. Expected to be compatible with shape: []."),
            (_slices([1., 2.], tf.float32), start + "the same output types. Input 1 has output "
                                                    "types: float. Expected: int64."),
            (D.range(3).repeat()._variant_tensor,
             "Cardinalities of the inputs must be known. Input 1 has INFINITE cardinality.")):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            R.WeightedFlatMapDataset(input_datasets=[_range(0, 4), second], weights=[0.5, 0.5],
                                     **I64)
        _error(e, op, message, kernel)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.WeightedFlatMapDataset(input_datasets=[_range(0, 4), _range(0, 4)],
                                 weights=[0.5, 0.25, 0.25], **I64)
    _error(e, op, "`input_datasets` and `weights` of the WeightedFlatMap must have the same "
           "size. Got 2 datasets and 3 weights.", "WeightedFlatMapDataset_M_3_N_2")


S64 = tf.TensorSpec([], tf.int64)


def _index_flat_map(n, index_fn, map_fn=lambda x: tf.stack([x * 10, x * 10 + 1, x * 10 + 2]),
                    count=12):
    return R.IndexFlatMapDataset(
        input_dataset=_range(0, n), map_func_other_args=[], index_map_func_other_args=[],
        output_cardinality=count, map_func=tf.function(map_fn).get_concrete_function(S64),
        index_map_func=tf.function(index_fn).get_concrete_function(S64), **I64)


@pytest.mark.parametrize("n,index_fn,map_fn,want", [
    (4, lambda i: (i // 3, i % 3), None, [0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32]),
    (4, lambda i: (i // 2, i % 2), None, [0, 1, 10, 11, 20, 21, 30, 31]),
    # (an element past the last mapped one maps the next input element, whichever it names)
    (6, lambda i: (i * 2, tf.constant(0, tf.int64)), None, [0, 10, 20, 30, 40, 50]),
    (3, lambda i: (i - 5, i % 3), None, [0, 11, 22]),
    (2, lambda i: (tf.cast(i // 3, tf.int32), tf.cast(i % 3, tf.int32)), None,
     [0, 1, 2, 10, 11, 12]),
    (2, lambda i: (i // 3, i % 3), lambda x: x * 10, [0, 0, 0, 10, 10, 10])])
def test_index_flat_map(n, index_fn, map_fn, want):
    v = _index_flat_map(n, index_fn, *([map_fn] if map_fn else []))
    assert _text(v) == "IndexFlatMapDatasetOp::Dataset"
    assert _elements(v) == want
    assert int(R.DatasetCardinality(input_dataset=v)) == 12  # (output_cardinality)


def test_index_flat_map_with_other_arguments():
    v = R.IndexFlatMapDataset(
        input_dataset=_range(0, 3), map_func_other_args=[tf.constant(100, tf.int64)],
        index_map_func_other_args=[tf.constant(3, tf.int64)], output_cardinality=9,
        map_func=tf.function(lambda x, y: tf.stack([x * y, x * y + 1, x * y + 2]))
        .get_concrete_function(S64, S64),
        index_map_func=tf.function(lambda i, k: (i // k, i % k)).get_concrete_function(S64, S64),
        **I64)
    assert _elements(v) == [0, 1, 2, 100, 101, 102, 200, 201, 202]


@pytest.mark.parametrize("index_fn,got", [
    (lambda i: (tf.cast(i // 3, tf.float32), tf.cast(i % 3, tf.float32)),
     "int32/int64 values representing the element index and an offset within the element. "
     "Got: Tensor<type: float shape: [] values: 0>"),
    (lambda i: i // 3, "int values representing the element index and an offset within the "
                       "element. Got: {Tensor<type: int64 shape: [] values: 0>}")])
def test_index_flat_map_index_errors(index_fn, got):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _elements(_index_flat_map(2, index_fn))
    assert ("The `index_map_fn` for `index_flat_map` is expected to return two " + got +
            " [Op:IteratorGetNext]") in str(e.value)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _index_flat_map(2, lambda i: (i // 3, i % 3), count=[3])
    _error(e, "IndexFlatMapDataset", "output_cardinality must be a scalar",
           "IndexFlatMapDataset_Tindex_map_func_args_0_Tmap_func_args_0", name=False)


def test_auto_shard_of_files(tmp_path):
    files = []
    for i in range(4):
        files.append(str(tmp_path / f"f{i}"))
        with tf.io.TFRecordWriter(files[-1]) as w:
            for j in range(2):
                w.write(f"r{i}{j}".encode())
    ds = tf.data.TFRecordDataset(files)

    def shard(workers, policy, source=ds):
        v = R.AutoShardDataset(input_dataset=source._variant_tensor, num_workers=workers,
                               index=1, auto_shard_policy=policy, output_types=[tf.string],
                               output_shapes=[[]])
        return [x.numpy() for x in tf.data.experimental.from_variant(
            v, tf.TensorSpec([], tf.string))]

    # (AUTO and FILE shard the files read, DATA the records)
    assert shard(2, 0) == shard(2, 1) == [b"r10", b"r11", b"r30", b"r31"]
    assert shard(2, 2) == [b"r01", b"r11", b"r21", b"r31"]
    assert shard(2, 0, ds.map(lambda x: x + b"!")) == [b"r10!", b"r11!", b"r30!", b"r31!"]
    for policy in (0, 1):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            shard(5, policy)
        assert ("Could not apply FILE based sharding: the dataset only has 4 file(s), which is "
                "not enough for the required 5 shards/workers.") in str(e.value)
