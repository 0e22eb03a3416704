"""tf.function under device scopes naming devices this process lacks, run by TF 2.21
(record_function_devices_golden.py) or by eagerflow (test_function_devices.py):
`python function_devices_program.py tf|eagerflow` prints one JSON line: the devices a
function's graph records, what its calls do (another task's device: TF's error at each
call; a GPU or another CPU: placed softly, run), and the eager calls around it."""

import json
import os
import re
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

OUT = {}
NUMBERED = re.compile(r"(__(?:inference|forward)_\w+?)_\d+")


def rec(key, f):
    try:
        r = f()
        OUT[key] = ["ok", r.tolist() if hasattr(r, "tolist") else r]
    except Exception as e:  # noqa: BLE001 (the error is the record)
        # (a function's op name counts the functions the process made: numbered N here)
        OUT[key] = [type(e).__name__, NUMBERED.sub(r"\1_N", str(e))]


for dev in ["/job:worker/task:1", "/gpu:0", "/job:localhost/task:3", "/device:CPU:1",
            "/job:localhost/replica:0/task:0/device:CPU:0", "/replica:2"]:
    @tf.function
    def f(x, dev=dev):
        with tf.device(dev):
            y = x * 2.0 + tf.constant(1.0)
        return y
    rec(f"call {dev}", lambda f=f: f(tf.constant(1.0)).numpy())
    cf = f.get_concrete_function(tf.TensorSpec([], tf.float32))
    OUT[f"graph {dev}"] = [(o.name, o.device) for o in cf.graph.get_operations()]
    rec(f"call again {dev}", lambda f=f: f(tf.constant(1.0)).numpy())
    rec(f"concrete call {dev}", lambda cf=cf: cf(tf.constant(1.0)).numpy())


@tf.function
def fv(x):
    with tf.device("/job:worker/task:1"):
        return x + 1.0


rec("return in scope", lambda: fv(tf.constant(1.0)).numpy())
v = tf.Variable(3.0)


@tf.function
def fvar(x):
    with tf.device("/job:ps/task:0"):
        return v * x


rec("variable read", lambda: fvar(tf.constant(2.0)).numpy())


def taped():
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fv(x)
    return tape.gradient(y, x).numpy()


rec("under a tape", taped)


@tf.function
def outer(x):
    with tf.device("/job:worker/task:1"):
        return x * 2.0


@tf.function
def caller(x):
    return outer(x) + 1.0


rec("nested", lambda: caller(tf.constant(1.0)).numpy())


def called_in_scope():
    @tf.function
    def h(x):
        return x + 1.0
    with tf.device("/job:worker/task:1"):
        return h(tf.constant(1.0)).numpy()


rec("called in remote scope", called_in_scope)


def eager(dev):
    with tf.device(dev):
        return tf.constant(1.0).device


for dev in ["/gpu:0", "/job:worker/task:1", "/job:localhost/task:3"]:
    rec(f"eager {dev}", lambda dev=dev: eager(dev))
print(json.dumps(OUT, sort_keys=True))
