"""TF's tf.data service ops (tf.raw_ops.RegisterDataset(V2), DataServiceDataset V1-V4,
DistributedSave) over a dispatcher and worker of this process: the values, reprs, files and
errors TF 2.21 gives (recorded from it)."""

import os
import time

import pytest

import eagerflow as tf

R = tf.raw_ops
D = tf.data.Dataset
S = tf.data.experimental.service
I64 = dict(output_types=[tf.int64], output_shapes=[[]])
CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


def _prefix(op):
    return f"{{{{function_node __wrapped__{op}_device_{CPU}}}}} "


def _text(v):
    return repr(v)[len("<tf.Tensor: shape=(), dtype=variant, value=<"):-2]


def _elements(v):
    return [int(x) for x in tf.data.experimental.from_variant(v, tf.TensorSpec([], tf.int64))]


@pytest.fixture
def address():
    d = S.DispatchServer(S.DispatcherConfig(port=0))
    addr = d.target.split("://")[1]
    w = S.WorkerServer(S.WorkerConfig(dispatcher_address=addr))
    yield addr
    w.stop()
    d.stop()


def _reader(op, where, key, **kw):
    args = dict(dataset_id=key, processing_mode=b"", address=where, protocol="grpc",
                job_name="", max_outstanding_requests=-1,
                iteration_counter=R.DummyIterationCounter(), **I64)
    if op != "DataServiceDataset":
        args.update(consumer_index=-1, num_consumers=-1)
    if op in ("DataServiceDatasetV3", "DataServiceDatasetV4"):
        args["uncompress_fn"] = tf.function(lambda x: x).get_concrete_function(
            tf.TensorSpec([], tf.variant))
    args.update(kw)
    return getattr(R, op)(**args)


def test_register_and_read(address):
    r = D.range(5)._variant_tensor
    first = R.RegisterDataset(dataset=r, address=address, protocol="grpc",
                              external_state_policy=0)
    assert first.dtype == tf.int64 and int(first) == 1000
    second = R.RegisterDatasetV2(dataset=r, address=address, protocol="grpc",
                                 external_state_policy=0)
    assert second.numpy() == b"1001"
    mine = R.RegisterDatasetV2(dataset=r, address=address, protocol="grpc",
                               external_state_policy=0, requested_dataset_id="mine")
    assert mine.numpy() == b"mine"
    for op, key in [("DataServiceDataset", first), ("DataServiceDatasetV2", first),
                    ("DataServiceDatasetV3", first), ("DataServiceDatasetV4", second),
                    ("DataServiceDatasetV4", "mine"),
                    ("DataServiceDatasetV4", second)]:
        v = _reader(op, address, key)
        assert _text(v) == "DataServiceDatasetOp::Dataset"
        assert _elements(v) == [0, 1, 2, 3, 4]
    v = _reader("DataServiceDatasetV4", address, second, processing_mode="parallel_epochs")
    assert _elements(v) == [0, 1, 2, 3, 4]
    assert int(R.DatasetCardinality(input_dataset=v)) == -2


def test_register_checks(address):
    r = D.range(5)._variant_tensor
    for kw, message in [(dict(address=[address]), "address must be a scalar"),
                        (dict(address=""), "address must be non-empty."),
                        (dict(protocol=""), "protocol must be non-empty.")]:
        args = dict(dataset=r, address=address, protocol="grpc", external_state_policy=0)
        args.update(kw)
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            R.RegisterDatasetV2(**args)
        assert str(e.value) == _prefix("RegisterDatasetV2") + message + \
            " [Op:RegisterDatasetV2]"


def test_data_service_dataset_checks(address):
    key = R.RegisterDatasetV2(dataset=D.range(3)._variant_tensor, address=address,
                              protocol="grpc", external_state_policy=0)
    op = "DataServiceDatasetV4"
    with pytest.raises(tf.errors.NotFoundError) as e:
        _reader(op, address, "nope")
    assert str(e.value) == _prefix(op) + (
        "Dataset id nope not found. It must be registered with `register_dataset` before "
        "calling `from_dataset_id`. [Op:DataServiceDatasetV4]")
    for kw, message in [
            (dict(max_outstanding_requests=0), "max_outstanding_requests must be positive or -1"),
            (dict(address=""), "address must be non-empty."),
            (dict(protocol=""), "protocol must be non-empty."),
            (dict(dataset_id=[key]), "dataset_id must be a scalar"),
            (dict(target_workers="foo"), "Unrecognized target workers: foo")]:
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            _reader(op, address, key, **kw)
        assert str(e.value) == _prefix(op) + message + f" [Op:{op}]"


@pytest.fixture
def fault_tolerant(tmp_path):
    d = S.DispatchServer(S.DispatcherConfig(port=0, fault_tolerant_mode=True,
                                            work_dir=str(tmp_path / "work")))
    addr = d.target.split("://")[1]
    w = S.WorkerServer(S.WorkerConfig(dispatcher_address=addr))
    yield addr
    w.stop()
    d.stop()


def _done(path):
    # (a poll: it returns once the save's thread has written DONE, in ms; 60 s, not the
    # 10 s a loaded machine could spend before that thread runs)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if os.path.exists(os.path.join(path, "DONE")):
            return
        time.sleep(0.025)
    raise AssertionError(f"the save to {path} did not finish")


def _read(path, name):
    with open(os.path.join(path, name), "rb") as f:
        return f.read()


# DistributedSnapshotMetadata, serialized: element_spec (1, the StructuredValue of a
# scalar int64 TensorSpec), compression (2)
_SPEC = b"\x8a\x02\x04\x12\x00\x18\t"
_GZIP = b"\x12\x04GZIP"


@pytest.mark.parametrize("metadata, want_meta, want_spec", [
    (None, b"", b""),  # TF writes what the metadata holds: nothing
    (_GZIP, b'compression: "GZIP"\n', b""),
    (b"\n\x07" + _SPEC + b"\x12\x04AUTO",
     b'element_spec: "\\212\\002\\004\\022\\000\\030\\t"\ncompression: "SNAPPY"\n', _SPEC),
])
def test_distributed_save_writes_the_metadata_it_is_given(fault_tolerant, tmp_path, metadata,
                                                          want_meta, want_spec):
    path = str(tmp_path / "snap")
    args = {} if metadata is None else {"metadata": metadata}
    assert R.DistributedSave(dataset=D.range(4)._variant_tensor, directory=path,
                             address=fault_tolerant, **args) is None
    _done(path)
    assert _read(path, "snapshot.metadata") == want_meta
    assert _read(path, "dataset_spec.pb") == want_spec
    assert sorted(os.listdir(os.path.join(path, "chunks"))) == ["chunk_0_0_4"]
    if want_spec:  # (TF's load of a snapshot without a spec fails too)
        assert [int(x) for x in D.load(path)] == [0, 1, 2, 3]


def test_distributed_save_checks(fault_tolerant, tmp_path):
    r = D.range(3)._variant_tensor
    path = str(tmp_path / "s")
    op = "DistributedSave"
    for kw, message in [(dict(directory=[path]), "directory must be a scalar"),
                        (dict(directory=""), "directory must be nonempty"),
                        (dict(directory="", address=""), "directory must be nonempty"),
                        (dict(directory=[path], address=""), "directory must be a scalar"),
                        (dict(address=[fault_tolerant]), "address must be a scalar"),
                        (dict(address=""), "address must be nonempty"),
                        (dict(metadata="\xff\xff"),
                         "Failed to parse DistributedSnapshotMetadata from string: \xff\xff")]:
        args = dict(dataset=r, directory=path, address=fault_tolerant)
        args.update(kw)
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            R.DistributedSave(**args)
        assert str(e.value) == _prefix(op) + message + f" [Op:{op}]"
    assert not os.path.exists(path)
    R.DistributedSave(dataset=r, directory=path, address=fault_tolerant)
    with pytest.raises(tf.errors.AlreadyExistsError) as e:
        R.DistributedSave(dataset=r, directory=path, address=fault_tolerant)
    assert str(e.value) == _prefix(op) + (
        f"Failed to snapshot: tf.data snapshot at {path} is already started or completed "
        f"[Op:{op}]")
    _done(path)
    # (a string given as a Python value sends TF's wrapper down its slow path, which
    # converts the dataset argument to a variant)
    with pytest.raises(ValueError, match="^Tensor conversion requested dtype variant for "
                                         "Tensor with dtype int32: "):
        R.DistributedSave(dataset=tf.constant(1), directory="d", address=fault_tolerant)
    with pytest.raises(tf.errors.InvalidArgumentError, match="^cannot compute DistributedSave "
                       "as input #0.zero-based. was expected to be a variant tensor but is a "
                       "int32 tensor"):
        R.DistributedSave(dataset=tf.constant(1), directory=tf.constant("d"),
                          address=tf.constant(fault_tolerant))


def test_distributed_save_needs_the_fault_tolerant_mode(address, tmp_path):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.DistributedSave(dataset=D.range(3)._variant_tensor, directory=str(tmp_path / "s"),
                          address=address)
    assert str(e.value) == _prefix("DistributedSave") + (
        "Failed to snapshot: tf.data distributed snapshot requires running tf.data service in "
        "the fault tolerant mode. To enable the fault tolerant mode, set "
        "`DispatcherConfig.fault_tolerant_mode` to true and provide a valid "
        "`DispatcherConfig.work_dir`. [Op:DistributedSave]")
