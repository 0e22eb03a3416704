"""TF 1 graphs built under device scopes naming devices this process lacks, run by TF 2.21
(record_graph_devices_golden.py) or by eagerflow (test_graph_devices.py):
`python graph_devices_program.py tf|eagerflow` prints one JSON line: the devices the
operations record (op.device, tensors', GraphDef nodes') under each scope, nested scopes,
device functions, replica_device_setter and colocate_with, then what a Session does with
them (TF's placer's errors, soft placement), and a Session of an in-process server's
target (the cluster's devices, list_devices)."""

import json
import os
import socket
import sys

# (recorded on a machine without a GPU: run as one anywhere, stand-in GPUs too)
os.environ["CUDA_VISIBLE_DEVICES"] = "-1"
os.environ.pop("EAGERFLOW_STANDIN_GPUS", None)
if sys.argv[1] == "tf":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
    import tensorflow as tf
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    import eagerflow as tf

v1 = tf.compat.v1
OUT = {}
SOFT = v1.ConfigProto(allow_soft_placement=True)


def text(e):
    """An error as (class, message), this file's path as its name only."""
    return [type(e).__name__, str(e).replace(os.path.abspath(__file__), "PROGRAM")]


def rec(key, f):
    try:
        r = f()
        OUT[key] = ["ok", r.tolist() if hasattr(r, "tolist") else r]
    except Exception as e:  # noqa: BLE001 (the error is the record)
        OUT[key] = text(e)


def node_devices(g):
    return [n.device for n in g.as_graph_def().node]


# -- one scope: what each op records, and a Session's run, without and with soft placement
DEVS = ["/gpu:0", "/GPU:1", "/job:worker/task:1", "/job:localhost/task:3", "/job:ps/task:0",
        "/job:localhost/replica:0/task:0/device:CPU:0", "/cpu:0", "/device:CPU:1",
        "/job:localhost", "/replica:1", "/job:worker", "/task:0", "/device:XLA_CPU:0",
        "/job:localhost/replica:0/task:0/device:GPU:0", "cpu:0"]
for dev in DEVS:
    g = tf.Graph()
    with g.as_default():
        with tf.device(dev):
            c = tf.constant(2.0)
            d = c * 3.0
        OUT[f"devices {dev}"] = [c.device, d.device, c.op.device, d.op.device, node_devices(g)]

        def run(cfg=None, d=d):
            with v1.Session(config=cfg) as s:
                return s.run(d)
        rec(f"run {dev}", run)
        rec(f"run soft {dev}", lambda run=run: run(SOFT))

# -- TF places the whole graph, not what the fetch needs; again after it grows
g = tf.Graph()
with g.as_default():
    a = tf.constant(1.0) + 1.0
    with tf.device("/job:worker/task:1"):
        b = tf.constant(2.0) * 2.0
    rec("unrelated fetch", lambda: v1.Session().run(a))
g = tf.Graph()
with g.as_default():
    a = tf.constant(1.0) + 1.0
    s = v1.Session()
    rec("extend first", lambda: s.run(a))
    with tf.device("/job:worker/task:1"):
        b = tf.constant(2.0) * 2.0
    rec("extend second a", lambda: s.run(a))
    rec("extend second b", lambda: s.run(b))
    s.close()

# -- which operation the error names: generators (no inputs, one output) come last
g = tf.Graph()
with g.as_default():
    with tf.device("/job:worker/task:1"):
        p = v1.placeholder(tf.float32, name="p")
        q = tf.identity(p, name="q")
    rec("placeholder first", lambda: v1.Session().run(q, {p: 1.0}))
g = tf.Graph()
with g.as_default():
    with tf.device("/job:worker/task:1"):
        k = tf.constant(1.0, name="k")
        u = tf.add(k, 1.0, name="u")
        w = tf.multiply(k, 2.0, name="w")
    rec("shared const", lambda: v1.Session().run(u))
g = tf.Graph()
with g.as_default():
    with tf.device("/job:worker/task:1"):
        k = tf.constant(1.0, name="k")
    u = tf.add(k, 1.0, name="u")
    rec("const only remote", lambda: v1.Session().run(u))
g = tf.Graph()
with g.as_default():
    k = tf.constant(1.0, name="k")
    with tf.device("/gpu:0"):
        u = tf.add(k, 1.0, name="u")
    with tf.device("/job:worker/task:1"):
        w = tf.multiply(k, 2.0, name="w")
    rec("gpu then remote", lambda: v1.Session().run(u))
    rec("gpu then remote soft", lambda: v1.Session(config=SOFT).run(u))

# -- variables: the handle, its initializer and reads (names of other reads left out)
for dev in ["/job:worker/task:1", "/gpu:0"]:
    g = tf.Graph()
    with g.as_default():
        with tf.device(dev):
            v = v1.Variable(2.0, name="v")
            gv = v1.get_variable("gv", shape=[], initializer=v1.zeros_initializer())
        y = v * 3.0
        OUT[f"var devices {dev}"] = [
            v.device, v.op.device, v.initializer.device, v.value().device, y.device,
            gv.device, [(n.name, n.op, n.device) for n in g.as_graph_def().node
                        if n.name.startswith(("v/", "gv/")) or n.name in ("v", "gv")]]

        def runv(cfg=None, y=y):
            with v1.Session(config=cfg) as s:
                s.run(v1.global_variables_initializer())
                return s.run(y)
        rec(f"var run {dev}", runv)
        rec(f"var run soft {dev}", lambda runv=runv: runv(SOFT))

# -- device functions: replica_device_setter, a graph's device(fn), compat.v1.device(fn)
g = tf.Graph()
with g.as_default():
    with g.device(v1.train.replica_device_setter(
            cluster={"ps": ["ps0:2222", "ps1:2222"], "worker": ["w0:2222"]})):
        v0 = v1.Variable(1.0, name="v0")
        vv1 = v1.Variable(2.0, name="v1")
        z = v0 + vv1
    OUT["setter devices"] = [v0.device, vv1.device, z.device, v0.initializer.device,
                             [(n.name, n.device) for n in g.as_graph_def().node
                              if n.name.startswith(("v0", "v1"))]]
g = tf.Graph()
with g.as_default():
    with g.device(v1.train.replica_device_setter(ps_tasks=2,
                                                 worker_device="/job:worker/task:0")):
        v0 = v1.Variable(1.0, name="v0")
        vv1 = v1.Variable(2.0, name="v1")
        z = v0 + vv1
    OUT["setter ps_tasks devices"] = [v0.device, vv1.device, z.device]
g = tf.Graph()
with g.as_default():
    fn = lambda op: "/job:ps/task:0" if op.type in ("VarHandleOp", "Const") \
        else "/job:worker/task:0/device:CPU:0"  # noqa: E731
    with g.device(fn):
        a = tf.constant(1.0, name="a")
        b = a + 1.0
    try:
        with g.device(lambda op: None):
            tf.constant(3.0)
        OUT["devfn none"] = "built"
    except Exception as ex:  # noqa: BLE001
        OUT["devfn none"] = text(ex)
    with g.device(lambda op: ""):
        c3 = tf.constant(3.0)
    with tf.device("/job:worker"):
        with g.device(lambda op: "/task:2"):
            e = tf.constant(3.0)
        with g.device(lambda op: tf.DeviceSpec(job="ps", task=4)):
            e2 = tf.constant(3.0)
    with v1.device(fn):
        x = tf.constant(1.0)
    OUT["devfn devices"] = [a.device, b.device, c3.device, e.device, e2.device, x.device]

# -- colocate_with: the colocated op's device, whatever the device scopes say
g = tf.Graph()
with g.as_default():
    with tf.device("/job:ps/task:0"):
        a = tf.constant(1.0, name="a")
    with v1.colocate_with(a):
        b = tf.identity(a, name="b")
    with tf.device("/gpu:0"):
        with v1.colocate_with(a.op):
            c2 = tf.identity(a, name="c2")
    with v1.colocate_with(a, ignore_existing=True):
        with tf.device("/job:worker/task:1"):
            d2 = tf.identity(a, name="d2")
    OUT["colocate devices"] = [b.device, c2.device, d2.device, node_devices(g)]
    rec("colocate run", lambda: v1.Session().run(b))
g = tf.Graph()
with g.as_default():
    with tf.device("/gpu:0"):
        a = tf.constant(1.0, name="a")
    with v1.colocate_with(a):
        b = a * 2.0
    OUT["colocate gpu devices"] = [a.device, b.device]
    rec("colocate gpu run", lambda: v1.Session().run(b))
    rec("colocate gpu run soft", lambda: v1.Session(config=SOFT).run(b))

# -- nested scopes, None and "" scopes, a DeviceSpec
g = tf.Graph()
with g.as_default():
    with tf.device("/job:worker"):
        a = tf.constant(1.0)
        with tf.device("/task:1"):
            b = tf.constant(1.0)
            with tf.device("/gpu:0"):
                c = tf.constant(1.0)
                with tf.device(None):
                    d = tf.constant(1.0)
                with tf.device(""):
                    e = tf.constant(1.0)
                with tf.device("/job:ps"):
                    f_ = tf.constant(1.0)
                with tf.device(tf.DeviceSpec(job="x", device_type="CPU")):
                    h = tf.constant(1.0)
    OUT["nested devices"] = [t.device for t in (a, b, c, d, e, f_, h)]


# -- an in-process cluster (one worker, one ps): a Session of a server's target
def local_cluster():
    ports = []
    for _ in range(2):
        with socket.socket() as so:
            so.bind(("localhost", 0))
            ports.append(so.getsockname()[1])
    spec = tf.train.ClusterSpec({"worker": [f"localhost:{ports[0]}"],
                                 "ps": [f"localhost:{ports[1]}"]})
    return (tf.distribute.Server(spec, job_name="worker", task_index=0),
            tf.distribute.Server(spec, job_name="ps", task_index=0))


worker, ps = local_cluster()


def srv(dev, target, cfg=None, var=True):
    g = tf.Graph()
    with g.as_default():
        with tf.device(dev):
            if var:
                v = v1.Variable(2.0, name="v")
                y = v * 3.0
            else:
                y = tf.constant(2.0) * 3.0
        with v1.Session(target, config=cfg) as s:
            if var:
                s.run(v1.global_variables_initializer())
            return s.run(y)


for dev in ["/job:ps/task:0", "/job:worker/task:0", "/job:worker/task:0/device:CPU:0",
            "/job:ps/task:1", "/job:chief/task:0", "/job:localhost/task:0", "/gpu:0",
            "/job:ps/task:0/device:GPU:0", "", "/job:ps", "/job:worker/replica:1/task:0"]:
    rec(f"server var {dev}", lambda: srv(dev, worker.target))
    rec(f"server const {dev}", lambda: srv(dev, worker.target, var=False))
    rec(f"server soft {dev}", lambda: srv(dev, worker.target, SOFT, var=False))
    rec(f"server ps target {dev}", lambda: srv(dev, ps.target, var=False))
    rec(f"local of server {dev}", lambda: srv(dev, "", var=False))


def listed(target):
    return [(d.name, d.device_type, d.memory_limit_bytes)
            for d in v1.Session(target).list_devices()]


rec("server list_devices", lambda: listed(worker.target))
rec("server ps list_devices", lambda: listed(ps.target))
rec("local list_devices", lambda: listed(""))
print(json.dumps(OUT, sort_keys=True))
