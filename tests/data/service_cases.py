"""Programs using the tf.data service (tf.data.experimental.service), run by TF 2.21
(record_service_golden.py writes service_golden.json) and by eagerflow (test_service.py).

Each case starts its own dispatcher and workers in this process and returns a string:
the elements read (sorted where TF's workers race), cardinalities, reprs, or the error's
class and message. Ports and job ids vary from run to run and are written as PORT and N.
"""

from __future__ import annotations

import os
import re
import socket
import tempfile
import threading
from typing import Any

from tests.data import service_harness as harness
from tests.data.service_harness import STARTED, outcome


def _servers(tf: Any, workers: int, fixed: bool = False) -> tuple:
    """A dispatcher and `workers` workers (`fixed`: on ports the dispatcher lists)."""
    s = tf.data.experimental.service
    # (the workers' ports stay bound until the dispatcher has its own, which could
    # otherwise be one of them)
    held = [_bound_socket() for _ in range(workers)] if fixed else []
    ports = [sock.getsockname()[1] for sock in held] if fixed else [0] * workers
    listed = [f"localhost:{p}" for p in ports] if fixed else None
    d = s.DispatchServer(s.DispatcherConfig(worker_addresses=listed))
    for sock in held:
        sock.close()
    address = d.target.split("://")[1]
    made = (d, [s.WorkerServer(s.WorkerConfig(address, port=p)) for p in ports])
    STARTED.append(made)
    return made




def _bound_socket() -> socket.socket:
    sock = socket.socket()
    sock.bind(("localhost", 0))
    return sock


def _read(tf: Any, ds: Any, mode: Any, workers: int = 1, fixed: bool = False,
          **kw: Any) -> list:
    d, ws = _servers(tf, workers, fixed)
    out = ds.apply(tf.data.experimental.service.distribute(mode, d.target, **kw))
    return [_value(x) for x in out.as_numpy_iterator()]


def _value(x: Any) -> Any:
    if isinstance(x, tuple):
        return tuple(_value(v) for v in x)
    if isinstance(x, dict):
        return {k: _value(v) for k, v in sorted(x.items())}
    return x.tolist() if hasattr(x, "tolist") else x


def _sorted(values: list) -> list:
    return sorted(values, key=repr)


def case_configs(tf: Any) -> str:
    s = tf.data.experimental.service
    return "\n".join(repr(c) for c in (
        s.DispatcherConfig(), s.WorkerConfig("localhost:1"),
        s.DispatcherConfig(port=5, worker_addresses=["localhost:6"], job_gc_timeout_ms=7),
        s.WorkerConfig("localhost:1", worker_address="localhost:9", heartbeat_interval_ms=3)))


def case_service_options(tf: Any) -> list:
    """Options.experimental_service: TF's Options leave it mutable after with_options."""
    o = tf.data.Options()
    out = [type(o.experimental_service).__name__, o.experimental_service.pinned]
    o.experimental_service.pinned = True
    ds = tf.data.Dataset.range(3).with_options(o)
    out += [ds.options().experimental_service.pinned, ds.options() == o]
    for value in (False, 3):
        out.append(outcome(lambda: setattr(o.experimental_service, "pinned", value)))
    out.append(outcome(lambda: setattr(o.experimental_service, "foo", 3)))
    out.append(outcome(lambda: setattr(ds.options().experimental_service, "pinned", True)))
    out.append(tf.data.experimental.ServiceOptions() == tf.data.experimental.ServiceOptions())
    return out


def case_targets(tf: Any) -> str:
    d, (w,) = _servers(tf, 1)
    return f"{type(d.target).__name__} {d.target.split(':')[0]} {d.target.split(':')[1]}"


def case_one_worker_in_order(tf: Any) -> list:
    ds = tf.data.Dataset.range(8).map(lambda x: x * 2)
    return _read(tf, ds, "parallel_epochs")


def case_parallel_epochs_two_workers(tf: Any) -> list:
    return _sorted(_read(tf, tf.data.Dataset.range(6), "parallel_epochs", 2))


def case_sharding_off_three_workers(tf: Any) -> list:
    ds = tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": [3.0, 4.0]})
    return _sorted(_read(tf, ds, tf.data.experimental.service.ShardingPolicy.OFF, 3))


def case_distributed_epoch_two_workers(tf: Any) -> list:
    return _sorted(_read(tf, tf.data.Dataset.range(10), "distributed_epoch", 2))


def case_distributed_epoch_batches(tf: Any) -> list:
    """Each worker batches the splits it got: every element once, in batches of <= 3."""
    batches = _read(tf, tf.data.Dataset.range(10).batch(3), "distributed_epoch", 2)
    return [sorted(x for b in batches for x in b), all(len(b) <= 3 for b in batches)]


def case_distributed_epoch_generator(tf: Any) -> list:
    ds = tf.data.Dataset.from_generator(lambda: iter(range(4)),
                                        output_signature=tf.TensorSpec((), tf.int64))
    return [_sorted(_read(tf, ds, "distributed_epoch", 2)),
            _sorted(_read(tf, ds, "parallel_epochs", 2))]


def case_distributed_epoch_repeat(tf: Any) -> list:
    ds = tf.data.Dataset.range(3).repeat(2)
    return _sorted(_read(tf, ds, "distributed_epoch", 2))


def case_distributed_epoch_one_worker(tf: Any) -> list:
    """One worker: TF's splits in order through zip, concatenate, flat_map, shuffle."""
    r = tf.data.Dataset.range
    return [_read(tf, tf.data.Dataset.zip((r(3), r(4))), "distributed_epoch"),
            _read(tf, r(2).concatenate(r(5, 7)), "distributed_epoch"),
            _read(tf, r(4).flat_map(lambda x: r(x)), "distributed_epoch"),
            _read(tf, tf.data.Dataset.from_tensors([1, 2]), "distributed_epoch"),
            _sorted(_read(tf, r(5).shuffle(5, seed=1), "distributed_epoch"))]


def case_cardinality_and_spec(tf: Any) -> list:
    s = tf.data.experimental.service
    d, ws = _servers(tf, 1)
    r = tf.data.Dataset.range
    out = []
    for ds, mode in ((r(6), "parallel_epochs"), (r(6).repeat(), "parallel_epochs"),
                     (r(6), "distributed_epoch"), (r(6).take(2), s.ShardingPolicy.OFF)):
        x = ds.apply(s.distribute(mode, d.target))
        out.append(f"{int(x.cardinality())} {x.element_spec!r}")
    pairs = tf.data.Dataset.from_tensor_slices(({"k": [[1.0, 2.0]]}, [b"s"]))
    out.append(repr(pairs.apply(s.distribute("parallel_epochs", d.target))))
    finite = s.register_dataset(d.target, r(3))
    endless = s.register_dataset(d.target, r(3).repeat())
    spec = tf.TensorSpec((), tf.int64)
    for i in (finite, endless):
        out.append(int(s.from_dataset_id("parallel_epochs", d.target, i, spec).cardinality()))
    return out


def case_register_and_read_by_id(tf: Any) -> list:
    s = tf.data.experimental.service
    d, ws = _servers(tf, 2)
    first = s.register_dataset(d.target, tf.data.Dataset.range(3))
    second = s.register_dataset(d.target, tf.data.Dataset.range(3), compression=None)
    mine = s.register_dataset(d.target, tf.data.Dataset.range(3), dataset_id="mine")
    again = s.register_dataset(d.target, tf.data.Dataset.range(3), dataset_id="mine")
    read = s.from_dataset_id("distributed_epoch", d.target, second)
    by_name = s.from_dataset_id("parallel_epochs", d.target, "mine",
                                tf.TensorSpec((), tf.int64))
    return [repr(first), repr(second), repr(mine), repr(again), repr(read.element_spec),
            _sorted(_value(x) for x in read.as_numpy_iterator()),
            _sorted(_value(x) for x in by_name.as_numpy_iterator())]


def case_in_function(tf: Any) -> int:
    d, ws = _servers(tf, 2)

    @tf.function
    def total() -> Any:
        t = tf.constant(0, tf.int64)
        ds = tf.data.Dataset.range(5).apply(
            tf.data.experimental.service.distribute("parallel_epochs", d.target))
        for x in ds:
            t += x
        return t
    return int(total())


def case_round_robin_consumers(tf: Any) -> list:
    s = tf.data.experimental.service
    d, ws = _servers(tf, 1)
    its = [iter(tf.data.Dataset.range(100).repeat().apply(s.distribute(
        "parallel_epochs", d.target, job_name="rr", consumer_index=c, num_consumers=2)))
        for c in range(2)]
    # TF's consumers read in lockstep: each round waits for every consumer's request
    out: list = [None, None]

    def consume(c: int) -> None:
        out[c] = [int(next(its[c])) for _ in range(4)]
    threads = [threading.Thread(target=consume, args=(c,)) for c in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def case_shared_job(tf: Any) -> list:
    """Readers under one job name share its elements (which reader gets which varies in
    TF, whose readers prefetch); two iterations of one dataset are two jobs."""
    s = tf.data.experimental.service
    d, ws = _servers(tf, 2)
    dataset_id = s.register_dataset(d.target, tf.data.Dataset.range(10))
    spec = tf.TensorSpec((), tf.int64)
    a, b = (s.from_dataset_id("parallel_epochs", d.target, dataset_id, spec,
                              job_name="shared") for _ in range(2))
    one, two = iter(a), iter(b)
    shared = [int(next(one)) for _ in range(5)] + [int(x) for x in two]
    shared += [int(x) for x in one]
    c, c2 = (tf.data.Dataset.range(10).apply(s.distribute("parallel_epochs", d.target,
                                                           job_name="again"))
             for _ in range(2))
    three, four = iter(c), iter(c2)
    by_two_datasets = len(list(three)) + len(list(four))
    five, six = iter(c), iter(c)
    by_one_dataset = len(list(five)) + len(list(six))
    return [sorted(shared), by_two_datasets, by_one_dataset]


def case_data_sharding(tf: Any) -> list:
    s = tf.data.experimental.service
    return [_sorted(_read(tf, tf.data.Dataset.range(6), s.ShardingPolicy.DATA, 2, True)),
            _sorted(_read(tf, tf.data.Dataset.range(5), s.ShardingPolicy.FILE_OR_DATA, 2,
                          True))]


def case_file_sharding(tf: Any) -> list:
    s = tf.data.experimental.service
    folder = tempfile.mkdtemp()
    names = []
    for f in range(4):
        names.append(os.path.join(folder, f"part{f}.tfrecord"))
        with tf.io.TFRecordWriter(names[-1]) as w:
            for r in range(3):
                w.write(f"f{f}r{r}".encode())
    ds = tf.data.TFRecordDataset(names)
    return [_sorted(_read(tf, ds, s.ShardingPolicy.FILE, 2, True)),
            _sorted(_read(tf, ds, s.ShardingPolicy.FILE_OR_DATA, 2, True)),
            _sorted(_read(tf, ds, "distributed_epoch", 2))]


def case_hint_sharding(tf: Any) -> list:
    """ShardingPolicy.HINT: each `shard(SHARD_HINT, ...)` of the pipeline is the worker's
    shard (index and all) of the dispatcher's listed workers; none: every worker reads
    all; one inside a function is left alone (an error, as outside the service)."""
    s = tf.data.experimental.service
    hint, r = tf.data.experimental.SHARD_HINT, tf.data.Dataset.range
    read = lambda ds, workers=2: _sorted(_read(tf, ds, s.ShardingPolicy.HINT, workers, True))
    return [read(r(8).shard(hint, hint)), read(r(5)), read(r(8).shard(hint, 0)),
            read(r(12).shard(2, 0).shard(hint, hint)),
            read(r(12).shard(hint, hint).map(lambda x: x * 10).batch(2), 3),
            read(r(6).shard(hint, hint), 1),
            outcome(lambda: read(r(4).interleave(lambda x: r(x).shard(hint, hint),
                                                  cycle_length=2)))]


def case_shard_hint_outside_the_service(tf: Any) -> list:
    hint, r = tf.data.experimental.SHARD_HINT, tf.data.Dataset.range
    return [repr(r(8).shard(hint, hint)), int(r(8).shard(hint, hint).cardinality()),
            int(r(8).shard(hint, 0).cardinality()), int(r(8).shard(hint, 5).cardinality()),
            outcome(lambda: list(r(8).shard(hint, hint))),
            outcome(lambda: r(8).shard(2, hint)), outcome(lambda: r(8).shard(-2, 0))]


def case_shard_hint_in_strategies(tf: Any) -> list:
    """AutoShardPolicy.HINT: a strategy (not the default one) reads `shard(SHARD_HINT,
    ...)` as its worker's shard (here one worker: all); other policies leave the
    placeholder, which fails when the (multi-device) iterator is made."""
    hint, policy = tf.data.experimental.SHARD_HINT, tf.data.experimental.AutoShardPolicy
    out = []
    for strategy in (tf.distribute.MirroredStrategy(["/cpu:0"]), tf.distribute.get_strategy(),
                     tf.distribute.OneDeviceStrategy("/cpu:0")):
        for p in (policy.HINT, policy.AUTO, policy.OFF):
            options = tf.data.Options()
            options.experimental_distribute.auto_shard_policy = p
            ds = tf.data.Dataset.range(8).shard(hint, hint).batch(2).with_options(options)

            def read(ds: Any = ds, strategy: Any = strategy) -> list:
                dist = strategy.experimental_distribute_dataset(ds)
                return [_value(strategy.experimental_local_results(x)[0].numpy())
                        for x in dist]
            out.append(outcome(read))
    return out


def case_server_counts(tf: Any) -> list:
    d, ws = _servers(tf, 2)
    before = [w._num_tasks() for w in ws]
    list(tf.data.Dataset.range(3).apply(
        tf.data.experimental.service.distribute("parallel_epochs", d.target)))
    return [d._num_workers(), before, [w._num_tasks() for w in ws]]


def _errors(tf: Any) -> dict:
    s = tf.data.experimental.service
    d, ws = _servers(tf, 1)
    two_workers = _servers(tf, 2)  # (kept in STARTED: a server stops when dropped)
    fixed = _servers(tf, 2, fixed=True)
    hint = tf.data.experimental.SHARD_HINT
    r = tf.data.Dataset.range
    dist = s.distribute
    s.register_dataset(d.target, r(3), dataset_id="known")
    return {
        "mode foo": lambda: dist("foo", d.target),
        "mode int": lambda: dist(7, d.target),
        "mode upper": lambda: dist("PARALLEL_EPOCHS", d.target),
        "service empty": lambda: r(3).apply(dist("parallel_epochs", "")),
        "service int": lambda: r(3).apply(dist("parallel_epochs", 5)),
        "service short tuple": lambda: r(3).apply(dist("parallel_epochs", ("grpc",))),
        "job_name empty": lambda: dist("parallel_epochs", d.target, job_name=""),
        "num_consumers without job": lambda: r(3).repeat().apply(dist(
            "parallel_epochs", d.target, consumer_index=0, num_consumers=2)),
        "num_consumers without job, by id": lambda: s.from_dataset_id(
            "parallel_epochs", d.target, "known", num_consumers=2),
        "compression": lambda: dist("parallel_epochs", d.target, compression="zip"),
        "register compression": lambda: s.register_dataset(d.target, r(3), compression="x"),
        "cache trainer": lambda: s.CrossTrainerCache(""),
        "unsplittable source": lambda: list(tf.data.experimental.SqlDataset(
            "sqlite", ":memory:", "SELECT 1", (tf.int32,)).apply(dist("distributed_epoch",
                                                                    d.target))),
        "DATA without workers list": lambda: list(r(6).apply(dist(s.ShardingPolicy.DATA,
                                                                  d.target))),
        "FILE without workers list": lambda: list(r(6).apply(dist(s.ShardingPolicy.FILE,
                                                                  d.target))),
        "round robin finite": lambda: list(r(6).apply(dist(
            "parallel_epochs", two_workers[0].target, job_name="j", consumer_index=0,
            num_consumers=2)).take(3)),
        "same id, other cardinality": lambda: s.register_dataset(d.target, r(4),
                                                                 dataset_id="known"),
        "same id, other dtype": lambda: s.register_dataset(
            d.target, r(3).map(lambda x: tf.cast(x, tf.float32)), dataset_id="known"),
        "unknown id": lambda: list(s.from_dataset_id("parallel_epochs", d.target, "77",
                                                     tf.TensorSpec((), tf.int64))),
        "unknown id, no spec": lambda: s.from_dataset_id("parallel_epochs", d.target, "999"),
        "worker without dispatcher": lambda: s.WorkerServer(s.WorkerConfig(None)),
        "port not an int": lambda: s.DispatchServer(s.DispatcherConfig(port="abc")),
        "target workers": lambda: list(r(3).apply(dist("parallel_epochs", d.target,
                                                       target_workers="bad"))),
        "HINT without workers list": lambda: list(r(6).shard(hint, hint).apply(
            dist(s.ShardingPolicy.HINT, d.target))),
        "SHARD_HINT with DATA": lambda: list(r(6).shard(hint, hint).apply(
            dist(s.ShardingPolicy.DATA, fixed[0].target))),
        "SHARD_HINT with OFF": lambda: list(r(6).shard(hint, hint).apply(
            dist(s.ShardingPolicy.OFF, d.target))),
        "SHARD_HINT with distributed_epoch": lambda: list(r(6).shard(hint, hint).apply(
            dist("distributed_epoch", d.target))),
    }


def normalize(text: str) -> str:
    text = re.sub(r"localhost:\d+", "localhost:PORT", text)
    text = re.sub(r"job with id \d+", "job with id N", text)
    return re.sub(r" at 0x[0-9a-f]+", "", text)


def all_outcomes(tf: Any) -> dict:
    return harness.all_outcomes(tf, globals(), _errors, normalize)
