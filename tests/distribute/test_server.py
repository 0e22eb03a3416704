"""tf.distribute.Server (tf.compat.v1.train.Server), its create_local_server and
tf.test.create_local_cluster: the ServerDefs, targets and errors TF 2.21 gives for the same
calls (recorded with TF 2.21's in-process gRPC servers; the ports are the only values that
differ from run to run, so they are left out or replaced), and what eagerflow's in-process
servers do instead of serving: hold the port, refuse a connection, block in join().
"""

from __future__ import annotations

import socket
import threading

import pytest

import eagerflow as tf
from tests.gpu_target import gpu_less


def _port() -> int:
    with socket.socket() as s:
        s.bind(("", 0))
        return s.getsockname()[1]


@pytest.fixture
def spec() -> tf.train.ClusterSpec:
    return tf.train.ClusterSpec({"worker": [f"localhost:{_port()}", f"localhost:{_port()}"],
                                 "ps": [f"localhost:{_port()}"]})


def test_names() -> None:
    assert tf.distribute.Server is tf.compat.v1.train.Server
    assert tf.compat.v1.distribute.Server is tf.distribute.Server
    assert not hasattr(tf.train, "Server")  # (TF 2's tf.train has only ServerDef)
    assert sorted(n for n in dir(tf.distribute.Server) if not n.startswith("_")) == \
        ["create_local_server", "join", "server_def", "start", "target"]


def test_server_def_and_target(spec: tf.train.ClusterSpec) -> None:
    s = tf.distribute.Server(spec, job_name="worker", task_index=1, start=False)
    sd = s.server_def
    assert (sd.job_name, sd.task_index, sd.protocol) == ("worker", 1, "grpc")
    assert [j.name for j in sd.cluster.job] == ["ps", "worker"]
    assert s.target == "grpc://" + spec.task_address("worker", 1)
    s.start()
    s.start()  # (twice is fine, as TF's)


@pytest.mark.parametrize("kwargs, error, message", [
    ({}, ValueError, "Must specify an explicit `job_name`."),
    ({"job_name": "worker"}, ValueError, "Must specify an explicit `task_index`."),
    ({"job_name": "chief", "task_index": 0}, tf.errors.InternalError,
     'Job "chief" was not defined in cluster'),
    ({"job_name": "worker", "task_index": 5}, tf.errors.InternalError,
     'Task 5 was not defined in job "worker"'),
    ({"job_name": "worker", "task_index": -1}, tf.errors.InternalError,
     'Task -1 was not defined in job "worker"'),
    ({"job_name": "ps", "task_index": 0, "config": 5}, TypeError,
     "Parameter to MergeFrom() must be instance of same class: expected "),
])
def test_errors(spec: tf.train.ClusterSpec, kwargs: dict, error: type, message: str) -> None:
    with pytest.raises(error) as e:
        tf.distribute.Server(spec, **kwargs)
    assert str(e.value).startswith(message)


def test_protocol_and_definition_errors(spec: tf.train.ClusterSpec) -> None:
    with pytest.raises(tf.errors.NotFoundError) as e:
        tf.distribute.Server(spec, job_name="worker", task_index=0, protocol="foo")
    text = str(e.value)
    assert text.startswith("No server factory registered for the given ServerDef: ")
    assert 'protocol: "foo"' in text
    assert text.endswith("The available server factories are: [ GRPC_SERVER ]")
    with pytest.raises(TypeError, match="Could not convert `server_or_cluster_def` to a "
                       r"`tf.train.ServerDef` or `tf.train.ClusterSpec`."):
        tf.distribute.Server(42)
    with pytest.raises(ValueError, match="No such job in cluster: b'w'"):
        tf.distribute.Server({"w": ["localhost:0"]}, job_name=b"w")
    for address in ("localhost", "localhost:abc"):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=f'Could not parse port for local server from "{address}".'):
            tf.distribute.Server({"w": [address]})


def test_port_held(spec: tf.train.ClusterSpec) -> None:
    single = tf.train.ClusterSpec({"local": [f"localhost:{_port()}"]})
    s = tf.distribute.Server(single)
    assert (s.server_def.job_name, s.server_def.task_index) == ("local", 0)
    with pytest.raises(tf.errors.UnknownError, match="^Could not start gRPC server$"):
        tf.distribute.Server(single)
    # (no port to bind: eagerflow's error, where Python's socket raised OverflowError)
    with pytest.raises(tf.errors.UnknownError, match="^Could not start gRPC server$"):
        tf.distribute.Server({"w": ["localhost:70000"]})
    # nothing listens: a client dialling the address is refused at once
    host, port = s.target[len("grpc://"):].rsplit(":", 1)
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection((host, int(port)), timeout=5).close()


def test_definitions() -> None:
    d = tf.distribute.Server({"w": [f"localhost:{_port()}"]})
    assert d.server_def.job_name == "w"
    cluster_def = tf.train.ClusterSpec({"w": [f"localhost:{_port()}"]}).as_cluster_def()
    assert tf.distribute.Server(cluster_def).server_def.job_name == "w"
    sparse = tf.train.ClusterSpec({"w": {3: f"localhost:{_port()}"}})
    assert tf.distribute.Server(sparse, job_name="w").server_def.task_index == 3
    sd = tf.train.ServerDef(cluster=tf.train.ClusterSpec({"w": ["localhost:0"]}).as_cluster_def(),
                            job_name="w", task_index=0, protocol="grpc")
    assert tf.distribute.Server(sd).target.startswith("grpc://localhost:")
    with pytest.raises(tf.errors.InternalError, match='Job "x" was not defined in cluster'):
        tf.distribute.Server(sd, job_name="x", task_index=3)
    with pytest.raises(tf.errors.NotFoundError, match="No server factory"):  # (no protocol)
        tf.distribute.Server(tf.train.ServerDef(cluster=sd.cluster, job_name="w"))
    config = tf.compat.v1.ConfigProto(inter_op_parallelism_threads=4)
    made = tf.distribute.Server({"w": ["localhost:0"]}, config=config)
    assert made.server_def.default_session_config.inter_op_parallelism_threads == 4


def test_port_zero_and_local_server() -> None:
    # port 0: the target gives the port the system picked, the ServerDef keeps 0
    s = tf.distribute.Server({"w": ["example.invalid:0"]})
    host, port = s.target.rsplit(":", 1)
    assert host == "grpc://example.invalid" and int(port) > 0
    local = tf.distribute.Server.create_local_server()
    assert local.target.startswith("grpc://localhost:")
    assert (local.server_def.job_name, local.server_def.task_index) == ("localhost", 0)
    assert local.server_def.cluster.job[0].tasks[0] == "localhost:0"
    with tf.compat.v1.Session(local.target) as sess:  # (runs in this process)
        assert sess.run(tf.constant(3) + 1) == 4
        assert sess.sess_str == local.target.encode()
    assert tf.compat.v1.Session().sess_str == b""


def test_create_local_cluster() -> None:
    workers, ps = tf.test.create_local_cluster(2, 1)
    assert [(s.server_def.job_name, s.server_def.task_index) for s in workers + ps] == \
        [("worker", 0), ("worker", 1), ("ps", 0)]
    assert [j.name for j in workers[0].server_def.cluster.job] == ["ps", "worker"]
    assert tf.test.create_local_cluster(0, 0) == ([], [])
    assert [s.server_def.job_name for s in tf.test.create_local_cluster(1, 0)[0]] == ["worker"]


def test_join_blocks() -> None:
    s = tf.distribute.Server.create_local_server()
    t = threading.Thread(target=s.join, daemon=True)
    t.start()
    t.join(0.2)
    assert t.is_alive()  # (TF's servers run until the process ends)


@pytest.fixture
def connected() -> object:
    """A cluster of 2 workers and 1 ps made here, this process connected to it (and
    disconnected after: the devices are process-wide)."""
    from eagerflow._src.core import device

    # (as recorded, on a machine without a GPU: the device lists name none)
    with gpu_less():
        workers, ps = tf.test.create_local_cluster(2, 1)
        try:
            tf.config.experimental_connect_to_cluster(
                tf.train.ClusterSpec(workers[0].server_def.cluster))
            yield workers + ps
        finally:
            device.set_cluster_tasks([])


def test_connect_to_cluster(connected: object) -> None:
    # (recorded with TF 2.21 and its in-process gRPC servers)
    assert [d.name for d in tf.config.list_logical_devices()] == [
        "/device:CPU:0", "/job:ps/replica:0/task:0/device:CPU:0",
        "/job:worker/replica:0/task:0/device:CPU:0", "/job:worker/replica:0/task:1/device:CPU:0"]
    assert [d.name for d in tf.config.list_physical_devices()] == ["/physical_device:CPU:0"]
    with tf.device("/job:worker/task:1"):
        x = tf.constant(1.0) + 1
    assert (x.device, float(x)) == ("/job:worker/replica:0/task:1/device:CPU:0", 2.0)
    with tf.device("/job:ps/task:0"):
        v = tf.Variable(3.0)
    assert v.device == "/job:ps/replica:0/task:0/device:CPU:0"
    assert (v * 2).device == "/job:localhost/replica:0/task:0/device:CPU:0"
    assert tf.constant(1.0).device == "/job:localhost/replica:0/task:0/device:CPU:0"

    @tf.function
    def twice(t: tf.Tensor) -> tf.Tensor:
        with tf.device("/job:worker/task:0"):
            return t * 2

    assert float(twice(tf.constant(2.0))) == 4.0
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^/job:chief/replica:0/task:0/device:CPU:0 unknown device\.$"):
        with tf.device("/job:chief/task:0"):
            tf.constant(1.0)


def test_connect_errors() -> None:
    with pytest.raises(ValueError, match="^Must provide at least one remote_host$"):
        tf.config.experimental_connect_to_host(None)
    with pytest.raises(ValueError, match="must be a `ClusterSpec` or a `ClusterResolver`"):
        tf.config.experimental_connect_to_cluster(42)
    # a task no server of this process holds: eagerflow reaches no other process
    with pytest.raises(tf.errors.UnavailableError, match="is not a server of this process"):
        tf.config.experimental_connect_to_host(f"grpc://localhost:{_port()}")
    assert len(tf.config.list_logical_devices("CPU")) == 1
