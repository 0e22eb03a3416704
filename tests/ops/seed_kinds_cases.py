"""Seeds of other kinds than int: tf.random.set_seed and an op's seed= given a float, a
bool, NumPy scalars and arrays, strings, bytes, huge and negative ints, lists, complex,
eagerly and inside tf.function. TF keeps the seed as given and reduces it with Python's
% when an op draws (its errors are that %'s), then makes an int attr of it. Recorded by
record_seed_kinds.py into seed_kinds_golden.json; test_seed_kinds.py checks eagerflow."""

from __future__ import annotations

# each an expression of np and tf making the seed
SEEDS = ["2.5", "3.0", "0.5", "True", "False", "np.int64(5)", "np.int32(5)", "np.uint8(5)",
         "np.float32(2.0)", "'abc'", "'5'", "b'x'", "2**63", "2**64", "2**70", "-1", "-2**63",
         "-2**63 - 1", "[1]", "(1,)", "1 + 2j", "np.array(5)", "np.array([5])",
         "tf.constant(4)", "tf.constant(4.5)", "tf.constant([4])"]
WAYS = ("set_seed", "op_seed", "traced_set_seed", "traced_op_seed")


def run(tf, np, expr: str, way: str) -> list:
    """Two uniform draws under the seed `expr` makes, one of WAYS; ["nondeterministic"]
    where doing it again draws others (seeds that make the attrs (0, 0)); or the error as
    [class name, message's last line]."""
    first = _run(tf, np, expr, way)
    return first if first == _run(tf, np, expr, way) else ["nondeterministic"]


def _run(tf, np, expr: str, way: str) -> list:
    seed = eval(expr, {"np": np, "tf": tf})
    try:
        if way in ("set_seed", "traced_set_seed"):
            tf.random.set_seed(seed)
            draw = lambda: tf.random.uniform([2])  # noqa: E731
        else:
            tf.random.set_seed(1)
            draw = lambda: tf.random.uniform([2], seed=seed)  # noqa: E731
        out = tf.function(draw)() if way.startswith("traced") else draw()
        return [float(v) for v in out.numpy()]
    except Exception as e:  # (the recorded outcome)
        text = str(e).strip().splitlines()
        return [type(e).__name__, text[-1].strip() if text else ""]
    finally:
        tf.random.set_seed(None)
