"""text20's probes: what TF's Python `constant_value` sees through in a traced assert (Range,
Equal, NotEqual, StopGradient, Unpack of the first axis, beside the ops earlier rounds
covered), so which traced asserts fail while tracing and which when the graph runs.
Each section runs in its own environment (its prelude), its expressions in order.
record_text20.py records what TF 2.21 answers in text20_golden.json; test_text20_vs_tf.py
compares."""

from tests.ragged.golden_text13 import _COMMON

PRELUDES = {}
SECTIONS = {}


def _unique(exprs: list) -> list:
    return list(dict.fromkeys(exprs))


# ---------------------------------------------------------------------------------------
PRELUDES["assert20"] = _COMMON + r"""
D = tf.debugging
def ta(f, spec=TS([None], tf.int32), x=tf.constant([3, 1])):
    # an assert in a traced function: refused while tracing or when it runs (the message's
    # last part: a run's names the frames of the process that made the graph), or passed
    def g(t):
        f(t)
        return tf.constant(0)
    r = tv(g, spec)(x)
    if not isinstance(r, str):
        return r
    ran = 'Graph execution error' in r or '{{function_node' in r
    return ('run' if ran else 'trace', r.split(chr(10) * 2)[-1])
"""
_ASSERTS = (
    # the ops TF's constant_value sees through, and some it does not
    "lambda t: D.assert_less(tf.constant([3]), 2)",
    "lambda t: D.assert_less(tf.constant([3]) + 0, 2)",
    "lambda t: D.assert_less(tf.cast(tf.constant([3.0]), tf.int32), 2)",
    "lambda t: D.assert_less(tf.stack([tf.constant(3)]), 2)",
    "lambda t: D.assert_less(tf.concat([[1], [3]], 0), 2)",
    "lambda t: D.assert_less(tf.constant([1, 3])[1:], 2)",
    "lambda t: D.assert_less(tf.gather(tf.constant([1, 3]), [1]), 2)",
    "lambda t: D.assert_less(tf.fill([2], 3), 2)",
    "lambda t: D.assert_less(tf.identity(tf.constant([3])), 2)",
    "lambda t: D.assert_less(tf.reshape(tf.constant([3]), [1, 1]), 2)",
    "lambda t: D.assert_equal(tf.shape(t), [5])",
    "lambda t: D.assert_equal(tf.size(tf.zeros([2, 3])), 5)",
    "lambda t: D.assert_equal(tf.rank(tf.zeros([2, 3])), 3)",
    "lambda t: D.assert_equal(tf.shape(tf.zeros([2, 3]))[0], 3)",
    "lambda t: D.assert_equal(tf.shape(tf.zeros([2, 3])), [2, 4])",
    "lambda t: D.assert_non_negative(tf.constant([-1]) * 1)",
    "lambda t: D.assert_non_negative(tf.constant([-1]))",
    "lambda t: D.assert_positive(tf.zeros([2]))",
    "lambda t: D.assert_greater_equal(tf.constant([1]), tf.constant([2]) // 1)",
    "lambda t: D.assert_none_equal(tf.constant([1]), tf.constant([1]))",
    "lambda t: D.assert_less(t, 2)",
    # Range: any length, float bounds, a delta, a dtype, bounds from other known ops
    "lambda t: D.assert_less(tf.range(3, 5), 2)",
    "lambda t: D.assert_less(tf.range(100), 50)",
    "lambda t: D.assert_less(tf.range(3.0, 5.0, 0.5), 2.0)",
    "lambda t: D.assert_less(tf.range(10, 0, -3), 2)",
    "lambda t: D.assert_less(tf.range(3, dtype=tf.float32), 1.0)",
    "lambda t: D.assert_less(tf.range(tf.size(tf.zeros([4]))), 2)",
    "lambda t: D.assert_less(tf.range(tf.shape(t)[0]), 2)",
    "lambda t: D.assert_less(tf.range(2, 5), 9)",
    "lambda t: D.assert_equal(tf.range(3, 3), tf.range(4, 4))",
    # Equal and NotEqual
    "lambda t: D.assert_equal(tf.constant(True), tf.equal(tf.constant(1), 2))",
    "lambda t: D.assert_equal(tf.constant(True), tf.not_equal(tf.constant(1), 1))",
    "lambda t: D.assert_equal(tf.constant([True, True]), tf.equal(tf.constant([1, 2]), 2))",
    "lambda t: D.assert_equal(tf.constant(True), tf.equal(tf.constant('a'), 'b'))",
    "lambda t: D.assert_equal(tf.constant(False), tf.not_equal(tf.constant(['a']), ['b']))",
    "lambda t: D.assert_equal(tf.constant(True), tf.equal(tf.constant(1.5), 1.5))",
    "lambda t: D.assert_equal(tf.constant(True), tf.equal(t, 3))",
    "lambda t: D.assert_equal(tf.equal(tf.range(3), 1), [False, False, True])",
    # StopGradient and Unpack
    "lambda t: D.assert_less(tf.stop_gradient(tf.constant([3])), 2)",
    "lambda t: D.assert_less(tf.stop_gradient(tf.range(3, 4)), 2)",
    "lambda t: D.assert_less(tf.stop_gradient(t), 2)",
    "lambda t: D.assert_less(tf.unstack(tf.constant([[3]]))[0], 2)",
    "lambda t: D.assert_less(tf.unstack(tf.constant([[1], [3]]))[1], 2)",
    "lambda t: D.assert_less(tf.unstack(tf.constant([[3]]), axis=1)[0], 2)",
    "lambda t: D.assert_less(tf.unstack(tf.constant([[3]]), axis=-2)[0], 2)",
    "lambda t: D.assert_less(tf.unstack(tf.range(3, 5))[1], 2)",
    "lambda t: D.assert_less(tf.unstack(tf.stack([tf.constant(1), tf.constant(5)]))[1], 2)",
)
SECTIONS["assert20"] = _unique([f"ta({f})" for f in _ASSERTS])
