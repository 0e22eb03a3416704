"""`tf.compat.v1.nn.raw_rnn` over `tf.compat.v1.nn.rnn_cell`'s cells, run by TF 2.21 with
Keras 2's legacy cells (record_raw_rnn_golden.py) or by eagerflow (test_v1_raw_rnn.py):
`python raw_rnn_program.py tf|eagerflow` prints one JSON line. The loop_fn protocol
(time 0 without a cell output; finished, next input, state, emit, loop state), emit
structures of the cell's output or of the loop_fn's own choosing, a loop state that is a
counter or a TensorArray, in a TF 1 Session with unknown batch and time (fed run after
run), gradients, eagerly and in tf.function; TF's errors."""

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
R = v1.nn.rnn_cell
out = {}
rng = np.random.RandomState(5)
X = rng.uniform(-1, 1, (4, 3, 2)).astype(np.float32)   # time-major: 4 steps, batch 3, depth 2


def enc(v):
    v = np.asarray(v)
    return {"dtype": v.dtype.name, "shape": list(v.shape), "value": v.tolist()}


def err(e):
    if isinstance(e, tf.errors.OpError):  # a run's: the kernel's own lines
        lines = [ln for ln in e.message.split("\n") if ln.strip() and not ln.startswith(
            ("Graph execution", "Detected at", "  ", "\t", "Node:"))]
        return [type(e).__name__, lines[:2]]
    return [type(e).__name__, str(e).split("\n")[0]]


def structure(x):
    if isinstance(x, tuple) and hasattr(x, "_fields"):
        return {type(x).__name__: [structure(v) for v in x]}
    if isinstance(x, (list, tuple)):
        return [structure(v) for v in x]
    if x is None:
        return None
    if isinstance(x, tf.TensorArray):
        return "TensorArray " + x.dtype.name
    return x.shape.as_list()


def set_weights(sess=None):
    """Every trainable variable set to seeded values, in the order of their names."""
    r = np.random.RandomState(11)
    for v in sorted(v1.trainable_variables() if sess else [], key=lambda v: v.name):
        sess.run(v.assign(r.uniform(-0.6, 0.6, v.shape.as_list()).astype(np.float32)))


def set_eager(variables):
    r = np.random.RandomState(11)
    for v in sorted(variables, key=lambda v: v.name):
        v.assign(r.uniform(-0.6, 0.6, v.shape.as_list()).astype(np.float32))


def basic_loop_fn(cell, inputs_ta, lengths, batch, depth):
    """TF's documented pattern: zero state at time 0, the cell's output emitted, each
    entry finished past its length, zeros read once all are."""
    def loop_fn(time, cell_output, cell_state, loop_state):
        if cell_output is None:
            next_state = cell.zero_state(batch, tf.float32)
        else:
            next_state = cell_state
        finished = time >= lengths
        next_input = tf.cond(tf.reduce_all(finished),
                             lambda: tf.zeros([batch, depth], tf.float32),
                             lambda: inputs_ta.read(time))
        return finished, next_input, next_state, cell_output, None
    return loop_fn


def fed(build, feeds, grads=False):
    """`build(inputs, lengths)` over a [None, None, 2] time-major placeholder and an int32
    [None] lengths placeholder in a Session, run for each feed: values or TF's error."""
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, [None, None, 2], name="x")
        n = v1.placeholder(tf.int32, [None], name="n")
        res = build(x, n)
        variables = [[v.name, v.shape.as_list()] for v in v1.global_variables()]
        if grads:
            flat = [t for t in tf.nest.flatten(res) if t is not None]
            loss = tf.reduce_sum(flat[0] * flat[0]) + tf.reduce_sum(flat[-1])
            res = v1.gradients(loss, sorted(v1.trainable_variables(), key=lambda v: v.name)
                               + [x])
        fetch = [t for t in tf.nest.flatten(res) if t is not None]
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            set_weights(sess)
            runs = []
            for xv, nv in feeds:
                try:
                    runs.append([enc(v) for v in sess.run(fetch, {x: xv, n: nv})])
                except tf.errors.OpError as e:
                    runs.append(err(e))
    return {"variables": variables, "structure": structure(res), "runs": runs}


def stacked(res):
    emit_ta, state, loop_state = res
    return (tf.nest.map_structure(lambda ta: ta.stack(), emit_ta), state,
            tf.nest.map_structure(lambda t: t.stack() if isinstance(t, tf.TensorArray)
                                  else t, loop_state))


def simple(make_cell, units=None):
    def build(x, n):
        cell = make_cell()
        ta = tf.TensorArray(tf.float32, size=tf.shape(x)[0]).unstack(x)
        res = v1.nn.raw_rnn(cell, basic_loop_fn(cell, ta, n, tf.shape(x)[1], 2))
        return stacked(res)
    return build


def eager_and_function():
    """Eagerly (the cell built by a first run, its weights then set), then the same cell
    in a tf.function over unknown batch and time."""
    cell = R.BasicLSTMCell(3)

    def run(x, n):
        ta = tf.TensorArray(tf.float32, size=tf.shape(x)[0]).unstack(x)
        return stacked(v1.nn.raw_rnn(cell, basic_loop_fn(cell, ta, n, tf.shape(x)[1], 2)))

    run(tf.constant(X), tf.constant([4, 2, 1]))
    set_eager(cell.variables)
    eager = run(tf.constant(X), tf.constant([4, 2, 1]))
    fn = tf.function(run, input_signature=[tf.TensorSpec([None, None, 2], tf.float32),
                                           tf.TensorSpec([None], tf.int32)])
    traced = fn(tf.constant(X[:3, :2]), tf.constant([3, 1]))
    return {"variables": sorted(v.name for v in cell.variables),
            "eager": [enc(t) for t in tf.nest.flatten(eager) if t is not None],
            "loop_state": eager[2], "function": [enc(t) for t in tf.nest.flatten(traced)
                                                  if t is not None]}


out["eager_and_function"] = eager_and_function()
FEEDS = [(X, [4, 2, 1]), (X[:2, :2], [2, 1]), (X, [0, 0, 0]), (X, [4, 4, 4])]
v1.disable_eager_execution()
out["basic_lstm"] = fed(simple(lambda: R.BasicLSTMCell(3)), FEEDS)
out["gru"] = fed(simple(lambda: R.GRUCell(2)), FEEDS[:2])
out["lstm_proj"] = fed(simple(lambda: R.LSTMCell(4, num_proj=2, use_peepholes=True)),
                       FEEDS[:1])
out["multi"] = fed(simple(lambda: R.MultiRNNCell([R.GRUCell(2), R.BasicLSTMCell(3)])),
                   FEEDS[:2])
out["lengths_past_input"] = fed(simple(lambda: R.GRUCell(2)), [(X, [5, 1, 1])])


def custom_emit(x, n):
    """An emit structure of the loop_fn's own: (the output, its row sums) with TF's zeros
    at time 0; a counter as the loop state."""
    cell = R.GRUCell(3)
    ta = tf.TensorArray(tf.float32, size=tf.shape(x)[0]).unstack(x)
    batch = tf.shape(x)[1]

    def loop_fn(time, cell_output, cell_state, loop_state):
        if cell_output is None:
            emit = (tf.zeros([3]), tf.zeros([1], tf.float64))
            return (time >= n, ta.read(0), cell.zero_state(batch, tf.float32), emit,
                    tf.constant(0))
        emit = (cell_output * 2.0,
                tf.cast(tf.reduce_sum(cell_output, 1, keepdims=True), tf.float64))
        finished = time >= n
        nxt = tf.cond(tf.reduce_all(finished), lambda: tf.zeros([batch, 2]),
                      lambda: ta.read(time))
        return finished, nxt, cell_state, emit, loop_state + time
    return stacked(v1.nn.raw_rnn(cell, loop_fn, scope="custom"))


out["custom_emit_loop_state"] = fed(custom_emit, FEEDS[:2])


def ta_loop_state(x, n):
    """A TensorArray as the loop state: each step's summed state written into it."""
    cell = R.BasicRNNCell(2)
    ta = tf.TensorArray(tf.float32, size=tf.shape(x)[0]).unstack(x)
    batch = tf.shape(x)[1]

    def loop_fn(time, cell_output, cell_state, loop_state):
        if cell_output is None:
            state = cell.zero_state(batch, tf.float32)
            loop_state = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        else:
            state = cell_state
            loop_state = loop_state.write(time - 1, tf.reduce_sum(cell_state))
        finished = time >= n
        nxt = tf.cond(tf.reduce_all(finished), lambda: tf.zeros([batch, 2]),
                      lambda: ta.read(time))
        return finished, nxt, state, cell_output, loop_state
    return stacked(v1.nn.raw_rnn(cell, loop_fn))


out["tensor_array_loop_state"] = fed(ta_loop_state, FEEDS[:2])
out["gradients"] = fed(simple(lambda: R.LSTMCell(3, use_peepholes=True)), FEEDS[:1],
                       grads=True)


def known_shapes():
    """Constant inputs (batch and time known): the emitted TensorArray's static shapes."""
    g = tf.Graph()
    with g.as_default():
        x = tf.constant(X)
        cell = R.GRUCell(2)
        ta = tf.TensorArray(tf.float32, size=4).unstack(x)
        res = v1.nn.raw_rnn(cell, basic_loop_fn(cell, ta, tf.constant([4, 2, 3]), 3, 2))
        emit_ta, state, loop_state = res
        st = emit_ta.stack()
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            set_weights(sess)
            vals = sess.run([st, state])
    return {"stack": structure(st), "state": structure(state), "loop_state": loop_state,
            "emit_ta": structure(emit_ta), "element_shape": emit_ta.element_shape.as_list(),
            "values": [enc(v) for v in vals]}


out["known_shapes"] = known_shapes()


def error(f):
    g = tf.Graph()
    with g.as_default():
        try:
            f()
            return None
        except Exception as e:  # noqa: BLE001
            return err(e)


def xs():
    return tf.constant(X)


def with_loop_fn(make_loop_fn, cell=None):
    cell = cell or R.GRUCell(2)
    ta = tf.TensorArray(tf.float32, size=4).unstack(xs())
    return v1.nn.raw_rnn(cell, make_loop_fn(cell, ta))


def wrong_state(cell, ta):
    def loop_fn(time, cell_output, cell_state, loop_state):
        st = (cell.zero_state(3, tf.float32), tf.zeros([3, 2]))
        return time >= 2, ta.read(0), st, None, None
    return loop_fn


def wrong_next_state(cell, ta):
    def loop_fn(time, cell_output, cell_state, loop_state):
        st = cell.zero_state(3, tf.float32) if cell_output is None else (cell_state,)
        return time >= 2, ta.read(0), st, cell_output, None
    return loop_fn


def wrong_next_input(cell, ta):
    def loop_fn(time, cell_output, cell_state, loop_state):
        st = cell.zero_state(3, tf.float32) if cell_output is None else cell_state
        inp = ta.read(0) if cell_output is None else (ta.read(0),)
        return time >= 2, inp, st, cell_output, None
    return loop_fn


def wrong_emit(cell, ta):
    def loop_fn(time, cell_output, cell_state, loop_state):
        st = cell.zero_state(3, tf.float32) if cell_output is None else cell_state
        emit = None if cell_output is None else (cell_output, cell_output)
        return time >= 2, ta.read(0), st, emit, None
    return loop_fn


def wrong_batch(cell, ta):
    def loop_fn(time, cell_output, cell_state, loop_state):
        st = cell.zero_state(3, tf.float32) if cell_output is None else cell_state
        return time >= 2, (ta.read(0), tf.zeros([2, 1])), st, cell_output, None
    return loop_fn


def loop_state_dropped(cell, ta):
    """A loop state at time 0, None after (raw_rnn keeps the previous one)."""
    def loop_fn(time, cell_output, cell_state, loop_state):
        st = cell.zero_state(3, tf.float32) if cell_output is None else cell_state
        return (time >= 2, ta.read(0), st, cell_output,
                tf.constant(7) if cell_output is None else None)
    return loop_fn


class NotACell:
    def __repr__(self):
        return "NotACell"


out["errors"] = {
    "loop_fn_not_callable": error(lambda: v1.nn.raw_rnn(R.GRUCell(2), 3)),
    "not_a_cell": error(lambda: v1.nn.raw_rnn(NotACell(), lambda *a: None)),
    "initial_state_structure": error(lambda: with_loop_fn(wrong_state)),
    "next_state_structure": error(lambda: with_loop_fn(wrong_next_state)),
    "next_input_structure": error(lambda: with_loop_fn(wrong_next_input)),
    "emit_structure": error(lambda: with_loop_fn(wrong_emit)),
    "batch_mismatch": error(lambda: with_loop_fn(wrong_batch)),
}


def dropped():
    g = tf.Graph()
    with g.as_default():
        emit_ta, state, loop_state = with_loop_fn(loop_state_dropped)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return sess.run(loop_state).tolist()


out["loop_state_kept"] = dropped()
print(json.dumps(out))
