"""TF's tf.data service ops (tf.raw_ops.RegisterDataset(V2), DataServiceDataset V1-V4) over
a dispatcher and worker of this process: the values, reprs and errors TF 2.21 gives
(recorded from it)."""

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
