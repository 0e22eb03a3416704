"""TF 1's recurrent networks (`tf.compat.v1.nn.dynamic_rnn`, `static_rnn`,
`bidirectional_dynamic_rnn`, `static_bidirectional_rnn` over `tf.compat.v1.nn.rnn_cell`'s
cells) in a Session, run by TF 2.21 with Keras 2's legacy cells (record_rnn_v1_golden.py)
or by eagerflow (test_v1_rnn.py): `python rnn_v1_program.py tf|eagerflow` prints one JSON
line: per case the variables' names and shapes, the outputs' and states' structure, shapes
and values with the variables set to the same values, gradients, a training run with a v1
optimizer, and TF's errors."""

import json
import os
import sys
import warnings

if sys.argv[1] == "tf":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    os.environ["TF_USE_LEGACY_KERAS"] = "1"
    if os.environ.get("TF_KERAS_PATH"):  # tf_keras installed outside TF's interpreter
        sys.path.insert(0, os.environ["TF_KERAS_PATH"])
    import tensorflow as tf
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    import eagerflow as tf
import numpy as np

warnings.simplefilter("ignore")
v1 = tf.compat.v1
v1.disable_eager_execution()
R = v1.nn.rnn_cell
out = {}
rng = np.random.RandomState(3)
X = rng.uniform(-1, 1, (2, 4, 3)).astype(np.float32)   # batch 2, 4 steps, depth 3
X4 = rng.uniform(-1, 1, (2, 4, 4)).astype(np.float32)  # depth 4 (a residual cell's)


def enc(v):
    v = np.asarray(v)
    return {"dtype": v.dtype.name, "shape": list(v.shape), "value": v.tolist()}


def err(e):
    return [type(e).__name__, str(e).split("\n")[0]]


def structure(x):
    """The nest of `x` in words: tuple kinds, tensors' static shapes."""
    if isinstance(x, tuple) and hasattr(x, "_fields"):
        return {type(x).__name__: [structure(v) for v in x]}
    if isinstance(x, (list, tuple)):
        return [structure(v) for v in x]
    return x.shape.as_list()


def set_weights(sess):
    """Every trainable variable set to seeded values, in the order of their names."""
    r = np.random.RandomState(11)
    for v in sorted(v1.trainable_variables(), key=lambda v: v.name):
        sess.run(v.assign(r.uniform(-0.6, 0.6, v.shape.as_list()).astype(np.float32)))


def run_case(build, feed_x=X, shape=None):
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, shape or list(feed_x.shape), name="x")
        res = build(x)
        variables = [[v.name, v.shape.as_list()] for v in v1.global_variables()]
        trainable = [v.name for v in v1.trainable_variables()]
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            set_weights(sess)
            vals = sess.run(res, {x: feed_x})
    flat = tf.nest.flatten(vals)
    return {"variables": variables, "trainable": trainable, "structure": structure(res),
            "values": [enc(v) for v in flat]}


CELLS = {
    "basic_rnn": lambda: R.BasicRNNCell(5),
    "basic_rnn_relu": lambda: R.BasicRNNCell(4, activation=tf.nn.relu),
    "basic_lstm": lambda: R.BasicLSTMCell(5),
    "basic_lstm_concat_state": lambda: R.BasicLSTMCell(4, forget_bias=0.5,
                                                       state_is_tuple=False),
    "lstm": lambda: R.LSTMCell(4),
    "lstm_peephole_proj": lambda: R.LSTMCell(5, use_peepholes=True, cell_clip=0.8,
                                             num_proj=3, proj_clip=0.5),
    "lstm_concat_state": lambda: R.LSTMCell(3, num_proj=2, state_is_tuple=False),
    "gru": lambda: R.GRUCell(5),
    "multi": lambda: R.MultiRNNCell([R.BasicLSTMCell(5), R.GRUCell(3)]),
    "multi_concat_state": lambda: R.MultiRNNCell([R.GRUCell(2), R.BasicRNNCell(3)],
                                                 state_is_tuple=False),
    "dropout_keep_all": lambda: R.DropoutWrapper(R.BasicLSTMCell(5)),
    "named": lambda: R.GRUCell(3, name="my_gru"),
}
for key, make in CELLS.items():
    out["dynamic_" + key] = run_case(
        lambda x, make=make: v1.nn.dynamic_rnn(make(), x, dtype=tf.float32))

out["residual"] = run_case(lambda x: v1.nn.dynamic_rnn(
    R.ResidualWrapper(R.GRUCell(4)), x, dtype=tf.float32), feed_x=X4)
out["dynamic_seq_len"] = run_case(lambda x: v1.nn.dynamic_rnn(
    R.BasicLSTMCell(5), x, sequence_length=[3, 1], dtype=tf.float32))
out["dynamic_seq_len_multi"] = run_case(lambda x: v1.nn.dynamic_rnn(
    R.MultiRNNCell([R.GRUCell(2), R.LSTMCell(3)]), x, sequence_length=[0, 4],
    dtype=tf.float32))
out["dynamic_time_major"] = run_case(lambda x: v1.nn.dynamic_rnn(
    R.GRUCell(3), x, time_major=True, dtype=tf.float32))
out["dynamic_time_major_seq_len"] = run_case(lambda x: v1.nn.dynamic_rnn(
    R.BasicLSTMCell(3), x, sequence_length=[1, 2, 4, 3][:2], time_major=False,
    dtype=tf.float32))
out["dynamic_scope"] = run_case(lambda x: v1.nn.dynamic_rnn(
    R.BasicLSTMCell(2), x, dtype=tf.float32, scope="encoder"))
out["dynamic_unknown_steps"] = run_case(lambda x: v1.nn.dynamic_rnn(
    R.BasicLSTMCell(3), x, sequence_length=[2, 3], dtype=tf.float32), shape=[2, None, 3])
out["dynamic_unknown_batch"] = run_case(lambda x: v1.nn.dynamic_rnn(
    R.GRUCell(3), x, dtype=tf.float32), shape=[None, 4, 3])


def run_error(e):
    """A Session error's class and the kernel's own lines (TF adds where the op was made)."""
    lines = [line for line in getattr(e, "message", str(e)).split("\n") if line.strip()
             and not line.startswith(("Graph execution", "Detected at", "  ", "\t", "Node:"))]
    return [type(e).__name__, lines[:2]]


def unknown_time_and_batch(build, feeds, grads=False):
    """`build` over [None, None, 2] inputs and an int32 [None] sequence_length placeholder
    (TF's while loop), run for each (x, lengths) feed: values, or TF's error."""
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, [None, None, 2])
        lengths = v1.placeholder(tf.int32, [None])
        res = build(x, lengths)
        if grads:
            flat = tf.nest.flatten(res)
            loss = tf.reduce_sum(flat[0] * flat[0]) + tf.reduce_sum(flat[-1])
            res = v1.gradients(loss, sorted(v1.trainable_variables(), key=lambda v: v.name)
                               + [x])
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            set_weights(sess)
            runs = []
            for xv, lv in feeds:
                feed = {x: xv} if lv is None else {x: xv, lengths: lv}
                try:
                    runs.append([enc(v) for v in tf.nest.flatten(sess.run(res, feed))])
                except tf.errors.OpError as e:
                    runs.append(run_error(e))
    return {"structure": structure(res), "runs": runs}


X3 = rng.uniform(-1, 1, (3, 5, 2)).astype(np.float32)  # batch 3, 5 steps, depth 2
out["unknown_time_and_batch"] = {
    "lstm_seq_len": unknown_time_and_batch(lambda x, n: v1.nn.dynamic_rnn(
        R.BasicLSTMCell(3), x, sequence_length=n, dtype=tf.float32),
        [(X3, [5, 2, 0]), (X3[:2, :3], [1, 3]), (X3, [7, 1, 2]), (X3, [0, 0, 0]),
         (X3[:, :0], [0, 0, 0]), (X3, [1, 2])]),
    "gru": unknown_time_and_batch(lambda x, n: v1.nn.dynamic_rnn(
        R.GRUCell(3), x, dtype=tf.float32), [(X3, None), (X3[:1, :2], None),
                                             (X3[:, :0], None)]),
    "time_major": unknown_time_and_batch(lambda x, n: v1.nn.dynamic_rnn(
        R.GRUCell(3), x, sequence_length=n, dtype=tf.float32, time_major=True),
        [(X3, [3, 1, 2, 3, 0])]),
    "multi": unknown_time_and_batch(lambda x, n: v1.nn.dynamic_rnn(
        R.MultiRNNCell([R.GRUCell(2), R.BasicLSTMCell(3)]), x, sequence_length=n,
        dtype=tf.float32), [(X3, [4, 5, 3])]),
    "bidirectional": unknown_time_and_batch(lambda x, n: v1.nn.bidirectional_dynamic_rnn(
        R.GRUCell(2), R.BasicLSTMCell(3), x, sequence_length=n, dtype=tf.float32),
        [(X3, [5, 2, 1]), (X3[:2, :4], [4, 3])]),
    "gradients": unknown_time_and_batch(lambda x, n: v1.nn.dynamic_rnn(
        R.LSTMCell(3, use_peepholes=True), x, sequence_length=n, dtype=tf.float32),
        [(X3, [5, 2, 3])], grads=True),
    "bidirectional_gradients": unknown_time_and_batch(
        lambda x, n: v1.nn.bidirectional_dynamic_rnn(R.GRUCell(2), R.GRUCell(3), x,
                                                     sequence_length=n, dtype=tf.float32),
        [(X3, [5, 2, 3])], grads=True),
}


def with_initial_state(x):
    cell = R.BasicLSTMCell(3)
    init = R.LSTMStateTuple(tf.ones([2, 3]) * 0.5, tf.ones([2, 3]) * -0.25)
    return v1.nn.dynamic_rnn(cell, x, initial_state=init)


out["dynamic_initial_state"] = run_case(with_initial_state)


def zero_state(x):
    cell = R.MultiRNNCell([R.BasicLSTMCell(2), R.GRUCell(3)])
    return cell.zero_state(2, tf.float32)


out["zero_state"] = run_case(zero_state)


def reused_cell(x):
    cell = R.BasicLSTMCell(3)
    a = v1.nn.dynamic_rnn(cell, x, dtype=tf.float32)
    b = v1.nn.dynamic_rnn(cell, x * 2.0, dtype=tf.float32)
    return a, b


out["reused_cell"] = run_case(reused_cell)
out["static"] = run_case(lambda x: v1.nn.static_rnn(
    R.BasicLSTMCell(4), tf.unstack(x, axis=1), dtype=tf.float32))
out["static_seq_len"] = run_case(lambda x: v1.nn.static_rnn(
    R.GRUCell(4), tf.unstack(x, axis=1), dtype=tf.float32, sequence_length=[2, 4]))
out["bidirectional"] = run_case(lambda x: v1.nn.bidirectional_dynamic_rnn(
    R.BasicLSTMCell(3), R.GRUCell(2), x, dtype=tf.float32))
out["bidirectional_seq_len"] = run_case(lambda x: v1.nn.bidirectional_dynamic_rnn(
    R.LSTMCell(3), R.LSTMCell(3), x, sequence_length=[4, 2], dtype=tf.float32))
out["static_bidirectional"] = run_case(lambda x: v1.nn.static_bidirectional_rnn(
    R.GRUCell(2), R.GRUCell(3), tf.unstack(x, axis=1), dtype=tf.float32,
    sequence_length=[3, 4]))


def gradients(x):
    outputs, state = v1.nn.dynamic_rnn(R.LSTMCell(3, use_peepholes=True), x,
                                       sequence_length=[4, 2], dtype=tf.float32)
    loss = tf.reduce_sum(outputs * outputs) + tf.reduce_sum(state.c)
    vs = sorted(v1.trainable_variables(), key=lambda v: v.name)
    return v1.gradients(loss, vs + [x])


out["gradients"] = run_case(gradients)


def dropout_halves():
    """output_keep_prob 0.5: each output is 0 or twice the undropped one."""
    g = tf.Graph()
    with g.as_default():
        x = tf.constant(X)
        cell = R.BasicLSTMCell(4)
        kept = R.DropoutWrapper(cell, output_keep_prob=0.5, seed=3)
        a, _ = v1.nn.dynamic_rnn(cell, x, dtype=tf.float32, scope="s")
        b, _ = v1.nn.dynamic_rnn(kept, x, dtype=tf.float32, scope="s")
        names = [v.name for v in v1.global_variables()]
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            full, dropped = sess.run([a, b])
    ratio = dropped[full != 0] / full[full != 0]
    return {"variables": names, "ratios": sorted({round(abs(float(r)), 4) for r in ratio})}


out["dropout_halves"] = dropout_halves()


def training():
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, [2, 4, 3])
        y = v1.placeholder(tf.float32, [2, 1])
        cell = R.MultiRNNCell([R.BasicLSTMCell(4), R.GRUCell(3)])
        outputs, state = v1.nn.dynamic_rnn(cell, x, sequence_length=[4, 3],
                                           dtype=tf.float32)
        w = v1.get_variable("w", [3, 1])
        pred = tf.matmul(state[1], w)
        loss = tf.reduce_mean(tf.square(pred - y))
        step = v1.train.AdamOptimizer(0.05).minimize(loss)
        names = sorted(v.name for v in v1.global_variables())
        losses = []
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            set_weights(sess)
            target = np.array([[0.5], [-0.5]], np.float32)
            for _ in range(5):
                losses.append(float(sess.run([loss, step], {x: X, y: target})[0]))
            kernel = sess.run(cell.variables[0])
    return {"variables": names, "losses": losses, "kernel": enc(kernel)}


out["training"] = training()


def properties():
    res = {}
    cells = {"basic_rnn": R.BasicRNNCell(3), "basic_lstm": R.BasicLSTMCell(3),
             "basic_lstm_concat": R.BasicLSTMCell(3, state_is_tuple=False),
             "lstm_proj": R.LSTMCell(5, num_proj=2), "gru": R.GRUCell(4),
             "multi": R.MultiRNNCell([R.GRUCell(2), R.BasicLSTMCell(3)]),
             "dropout": R.DropoutWrapper(R.LSTMCell(3))}
    for k, c in cells.items():
        res[k] = [repr(c.state_size), repr(c.output_size)]
    res["tuple"] = [repr(R.LSTMStateTuple(1, 2)), R.LSTMStateTuple._fields]
    return res


out["properties"] = properties()


def error(f):
    g = tf.Graph()
    with g.as_default():
        try:
            f()
            return None
        except Exception as e:  # noqa: BLE001
            return err(e)


xs = lambda: v1.placeholder(tf.float32, [2, 4, 3])  # noqa: E731


class NotACell:
    def __repr__(self):
        return "NotACell"


out["errors"] = {
    "no_dtype": error(lambda: v1.nn.dynamic_rnn(R.GRUCell(2), xs())),
    "twice_in_scope": error(lambda: [v1.nn.dynamic_rnn(R.GRUCell(2), xs(), dtype=tf.float32)
                                     for _ in range(2)]),
    "not_a_cell": error(lambda: v1.nn.dynamic_rnn(NotACell(), xs(), dtype=tf.float32)),
    "seq_len_matrix": error(lambda: v1.nn.dynamic_rnn(R.GRUCell(2), xs(), dtype=tf.float32,
                                                      sequence_length=[[1, 2]])),
    "static_not_list": error(lambda: v1.nn.static_rnn(R.GRUCell(2), xs(),
                                                      dtype=tf.float32)),
    "static_empty": error(lambda: v1.nn.static_rnn(R.GRUCell(2), [], dtype=tf.float32)),
    "multi_empty": error(lambda: R.MultiRNNCell([])),
    "dropout_keep": error(lambda: R.DropoutWrapper(R.GRUCell(2), output_keep_prob=1.5)),
}

print(json.dumps(out))
