"""Records TF 1 graphs that loop over resource TensorArrays, with TensorFlow 2.21, for
tests/saved_model/test_tf1_tensor_arrays.py.

Run with the reference interpreter: `$EAGERFLOW_TF_PYTHON
tests/saved_model/golden/make_tf1_tensor_arrays.py [folder]` (the interop test names a
folder of its own). With control flow v1, it builds the
graphs TF 1 programs make (a tf.while_loop over tf.TensorArray: TensorArrayV3, its
Read/Write/Scatter/Gather ops, and for the training graph the gradient loop's
TensorArrayGradV3 and the StackV2/StackPushV2/StackPopV2 of the values the forward loop
saves) and writes to tf1_tensor_arrays/:

- rnn_frozen.pb: a small RNN over 5 steps, frozen (its weights as constants);
- rnn_train.meta, rnn_train.index / .data-*: the same RNN with a gradient descent step
  ("train") on the sum of squares of its outputs ("loss"), as a meta graph with a
  checkpoint of its initial weights;
- map_fn.meta: tf.map_fn doubling the rows of a matrix;
- scan.meta, foldl.meta, nested_map_fn.meta: tf.scan, tf.foldl and a map_fn inside a
  map_fn over the rows of a matrix "x" ("y" their result);
- scan_train.*, dynamic_train.*: a tf.scan, and a while loop writing a dynamically sized
  TensorArray, times a scalar weight "w", with TF's gradient of the sum of squares ("gx"
  for x) and a gradient descent step ("train", on "loss"), as meta graphs with checkpoints;
- write_twice.pb, pop_empty.pb: loops TF refuses when they run (a loop writing index 0
  of a TensorArray at every step; a gradient loop popping a stack that one more step than
  its forward loop pushed), with TF's error;

and tf1_tensor_arrays.json: the feeds and what TF computed (the frozen outputs, the initial
weights, the loss of each of three training steps and the weights after it, map_fn's
output; for the other graphs "y", "gx" and the loss of two training steps).
"""

import os
import sys

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import gen_data_flow_ops

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
from tests.golden_io import encode_array, write_json  # noqa: E402

# (an argument names another folder: the interop test records there)
HERE = sys.argv[1] if len(sys.argv) > 1 else \
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf1_tensor_arrays")
v1 = tf.compat.v1
STEPS = 3


def rnn(graph):
    """The RNN's placeholder, weights, outputs and loss in `graph`."""
    with graph.as_default():
        x = v1.placeholder(tf.float32, [None, 5, 3], name="x")
        w = v1.get_variable("w", [7, 4], initializer=v1.random_normal_initializer(seed=1))
        xs = tf.transpose(x, [1, 0, 2])
        ta = tf.TensorArray(tf.float32, size=5).unstack(xs)
        out = tf.TensorArray(tf.float32, size=5)

        def body(t, h, out):
            h2 = tf.tanh(tf.matmul(tf.concat([ta.read(t), h], 1), w))
            return t + 1, h2, out.write(t, h2)

        _, _, out = tf.while_loop(lambda t, h, o: t < 5, body,
                                  [0, tf.zeros([tf.shape(x)[0], 4]), out])
        y = tf.identity(out.stack(), name="y")
        loss = tf.reduce_sum(tf.square(y), name="loss")
    return x, w, y, loss


def dynamic(x):
    """A while loop writing a dynamically sized TensorArray, one row sum per step."""
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)

    def body(i, ta):
        return i + 1, ta.write(i, tf.reduce_sum(x[i]) * tf.cast(i + 1, tf.float32))

    _, ta = tf.while_loop(lambda i, ta: i < tf.shape(x)[0], body, [0, ta])
    return ta.stack()


LOOPS = {
    "scan": (lambda x: tf.scan(lambda a, r: a + r, x), False),
    "foldl": (lambda x: tf.foldl(lambda a, r: a * 0.5 + r, x), False),
    "nested_map_fn": (lambda x: tf.map_fn(lambda r: tf.map_fn(lambda e: e * 2.0, r), x), False),
    "scan_train": (lambda x: tf.scan(lambda a, r: tf.tanh(a + r), x), True),
    "dynamic_train": (dynamic, True),
}


def loops() -> dict:
    """The LOOPS graphs written, with what TF computes from them."""
    xv = np.random.RandomState(1).randn(3, 4).astype(np.float32)
    out = {"x": encode_array(xv)}
    for name, (fn, train) in LOOPS.items():
        g = tf.Graph()
        with g.as_default():
            x = v1.placeholder(tf.float32, [None, 4], name="x")
            y = tf.identity(fn(x), name="y")
            rec = {}
            if train:
                w = v1.get_variable("w", [], initializer=v1.constant_initializer(0.5))
                loss = tf.reduce_sum(tf.square(y * w), name="loss")
                tf.identity(tf.gradients(loss, x)[0], name="gx")
                v1.train.GradientDescentOptimizer(0.1).minimize(loss, name="train")
                saver = v1.train.Saver()
            with v1.Session() as s:
                s.run(v1.global_variables_initializer())
                rec["y"] = encode_array(s.run(y, {x: xv}))
                if train:
                    saver.save(s, os.path.join(HERE, name), write_meta_graph=False)
                    rec["gx"] = encode_array(s.run("gx:0", {x: xv}))
                    rec["steps"] = [float(s.run(["loss:0", "train"], {x: xv})[0])
                                    for _ in range(2)]
            v1.train.export_meta_graph(os.path.join(HERE, f"{name}.meta"), graph=g,
                                       saver_def=saver.as_saver_def() if train else None)
        out[name] = rec
    os.remove(os.path.join(HERE, "checkpoint"))
    return out


def refused() -> dict:
    """Graphs TF refuses to run, written frozen, with TF's error (class, the failing op's
    message)."""
    out = {}

    def write_twice(x):
        ta = tf.TensorArray(tf.float32, size=3)
        _, ta = tf.while_loop(lambda i, ta: i < 2, lambda i, ta: (i + 1, ta.write(0, x)),
                              [0, ta])
        return ta.stack()

    def pop_empty(x):
        s = gen_data_flow_ops.stack_v2(-1, tf.float32)
        push = gen_data_flow_ops.stack_push_v2(s, x)
        def body(i, t):
            return i + 1, t + tf.reshape(gen_data_flow_ops.stack_pop_v2(s, tf.float32), [2])

        with tf.control_dependencies([push]):
            _, total = tf.while_loop(lambda i, t: i < 2, body, [0, tf.zeros_like(x)])
        return total

    for name, fn in (("write_twice", write_twice), ("pop_empty", pop_empty)):
        g = tf.Graph()
        with g.as_default():
            x = v1.placeholder(tf.float32, [2], name="x")
            tf.identity(fn(x), name="y")
            with v1.Session() as s:
                try:
                    s.run("y:0", {x: np.ones(2, np.float32)})
                    raise AssertionError(f"TF ran {name}")
                except tf.errors.OpError as e:
                    lines = e.message.splitlines()
                    at = next(i for i, ln in enumerate(lines) if ln.startswith("Node: "))
                    out[name] = [type(e).__name__, lines[at + 1]]
        with open(os.path.join(HERE, f"{name}.pb"), "wb") as f:
            f.write(g.as_graph_def().SerializeToString())
    return out


def main() -> None:
    v1.disable_control_flow_v2()
    os.makedirs(HERE, exist_ok=True)
    xv = np.random.RandomState(0).randn(2, 5, 3).astype(np.float32)
    out = {"x": encode_array(xv)}

    g = tf.Graph()
    x, w, y, loss = rnn(g)
    with g.as_default(), v1.Session() as s:
        s.run(v1.global_variables_initializer())
        out["rnn_frozen"] = encode_array(s.run(y, {x: xv}))
        frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), ["y"])
    with open(os.path.join(HERE, "rnn_frozen.pb"), "wb") as f:
        f.write(frozen.SerializeToString())

    g = tf.Graph()
    x, w, y, loss = rnn(g)
    with g.as_default():
        train = v1.train.GradientDescentOptimizer(0.05).minimize(loss, name="train")
        saver = v1.train.Saver()
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            saver.save(s, os.path.join(HERE, "rnn_train"), write_meta_graph=False)
            w0 = s.run(w)
            v1.train.export_meta_graph(os.path.join(HERE, "rnn_train.meta"), graph=g,
                                       saver_def=saver.as_saver_def())
            steps = []
            for _ in range(STEPS):
                lv, _ = s.run([loss, train], {x: xv})
                steps.append({"loss": float(lv), "w": encode_array(s.run(w))})
            out["rnn_train"] = {"w0": encode_array(w0), "steps": steps}
    os.remove(os.path.join(HERE, "checkpoint"))

    g = tf.Graph()
    mv = np.arange(12, dtype=np.float32).reshape(4, 3)
    with g.as_default():
        m = v1.placeholder(tf.float32, [None, 3], name="m")
        tf.identity(tf.map_fn(lambda r: r * 2.0 + 1.0, m), name="doubled")
        v1.train.export_meta_graph(os.path.join(HERE, "map_fn.meta"), graph=g)
        with v1.Session() as s:
            out["map_fn"] = {"m": encode_array(mv),
                             "doubled": encode_array(s.run("doubled:0", {m: mv}))}
    out["loops"] = loops()
    out["refused"] = refused()
    write_json(os.path.join(HERE, "tf1_tensor_arrays.json"), out, "\n", indent=1)


if __name__ == "__main__":
    main()
