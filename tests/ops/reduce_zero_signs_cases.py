"""tf.reduce_max / tf.reduce_min where only TF's CPU kernel's path tells the answer: the
sign of a zero result when +0 and -0 tie (Eigen's packets, their four accumulators, its
lane tree, the scalar tail; see ops/reduce_ties.py). A case is (dtype, op, shape, axis,
keepdims, pattern): pattern a string of the input's values in row-major order, 'p' +0,
'n' -0, 'x' a value the op never picks (-1 for max, +1 for min). Recorded by
record_reduce_zero_signs.py into reduce_zero_signs_golden.json; test_reduce_zero_signs.py
checks eagerflow, eager and traced."""

from __future__ import annotations

import random

DTYPES = ("float16", "bfloat16", "float32", "float64")
OPS = ("max", "min")

# (shape, axis): every geometry TF's reduction reaches (a whole reduction, the rows, the
# columns, a middle axis, two split axes, more than three axes transposed, size-1 axes)
_LENGTHS = list(range(1, 70)) + [71, 75, 96, 100, 127, 128, 129, 136, 255, 256, 1000, 4099]
_GEOMETRIES = (
    [((n,), None) for n in _LENGTHS]
    + [((3, n), 1) for n in (1, 2, 8, 16, 33, 64, 75, 129)]
    + [((n, c), 0) for n in (2, 3, 5, 9, 17, 40, 70) for c in (1, 2, 3, 4, 7, 8, 9, 16, 17, 33)]
    + [((a, n, c), 1) for a, n, c in ((2, 5, 3), (3, 9, 8), (2, 17, 9), (4, 6, 16), (2, 40, 17),
                                      (5, 3, 1), (3, 70, 4))]
    + [((a, n, c), (0, 2)) for a, n, c in ((2, 3, 5), (3, 2, 8), (4, 3, 9), (5, 2, 17),
                                           (9, 2, 33), (17, 3, 4))]
    + [((2, 3, 4, 5), ax) for ax in ((0, 2), (1, 3), (0, 1, 3), (0, 3), (1, 2), (0, 2, 3))]
    + [((3, 4, 2, 9), ax) for ax in ((0, 2), (1, 3), (0, 1, 2), (2, 3), (-1,))]
    + [((4, 17), None), ((9, 8, 3), None), ((2, 40), (0, 1)), ((1, 9), 1), ((9, 1), 0),
       ((3, 1, 9), 1), ((3, 1, 9), (1, 2)), ((1, 70), 0), ((70, 1, 1), 0), ((2, 1, 33), 0),
       ((2, 1, 33), (0, 1)), ((33, 1, 2), (0, 2)), ((1, 1, 9, 1), (2,))]
)


def _pattern(rng: random.Random, size: int, zeros: float) -> str:
    return "".join(("p" if rng.random() < 0.5 else "n") if rng.random() < zeros else "x"
                   for _ in range(size))


def cases() -> list:
    rng = random.Random(20261130)
    out = []
    for d in DTYPES:
        for op in OPS:
            for shape, axis in _GEOMETRIES:
                size = 1
                for s in shape:
                    size *= s
                for zeros in (0.06, 0.35, 1.0):
                    out.append((d, op, list(shape), axis, zeros == 0.35,
                                _pattern(rng, size, zeros)))
    return out


def as_array(case, np):
    """A case's input as a float64 array."""
    _, op, shape, _, _, pattern = case
    other = -1.0 if op == "max" else 1.0
    values = {"p": 0.0, "n": -0.0, "x": other}
    return np.array([values[c] for c in pattern], np.float64).reshape(shape)


def result_signs(t, np) -> str:
    """A result's values flat: '+' +0, '-' -0, 'x' anything else."""
    v = np.asarray(t, np.float64).reshape(-1)
    return "".join("x" if e != 0 else ("-" if np.signbit(e) else "+") for e in v)


def sharded_cases() -> list:
    """Whole reductions large enough for Eigen to cut among threads (and some just below):
    (dtype, op, n, zeros), zeros a list of (position, negative) among values the op never
    picks."""
    rng = random.Random(7)
    out = []
    sizes = {"float32": (108387, 108388, 300000, 1000003), "float64": (54194, 200001),
             "float16": (131764, 131765, 1000003), "bfloat16": (131765, 500001)}
    for d in DTYPES:
        for op in OPS:
            for n in sizes[d]:
                for count in (3, 40, 3000):
                    where = sorted(rng.sample(range(n), count))
                    out.append((d, op, n, [(i, rng.random() < 0.5) for i in where]))
    return out


def sharded_array(case, np):
    _, op, n, zeros = case
    x = np.full(n, -1.0 if op == "max" else 1.0)
    for i, negative in zeros:
        x[i] = -0.0 if negative else 0.0
    return x
