"""Writes float_cast_golden.json: TF 2.21's CPU Cast of each float_cast_cases.py value
from each float dtype to each integer dtype, by its scalar path (alone), its vectorized
path (a tensor of FILL copies), and all values as one tensor and as the first TAIL, for
test_float_cast.py.

    TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_float_cast.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.float_cast_cases import FILL, SOURCES, TAIL, TARGETS, values  # noqa: E402


def _ints(t) -> list:
    return [str(v) for v in t.numpy().tolist()]  # (as strings: uint64 past JSON's doubles)


def _pair(tf, src, dst) -> dict:
    xs = tf.cast(tf.constant(values(), tf.float64), src)
    alone = [_ints(tf.cast(xs[i:i + 1], dst))[0] for i in range(len(values()))]
    vector = [_ints(tf.cast(tf.fill([FILL], xs[i]), dst))[0] for i in range(len(values()))]
    return {"alone": alone, "vector": vector, "packet": _packet(tf, xs, dst, alone, vector),
            "all": _ints(tf.cast(xs, dst)), "tail": _ints(tf.cast(xs[:TAIL], dst)),
            "matrix": _ints(tf.reshape(tf.cast(tf.reshape(xs[:90], [9, 10]), dst), [-1]))}


def _packet(tf, xs, dst, alone: list, vector: list):
    """The fewest copies of a value the vectorized path takes (its packet's size), found
    with the first value the two paths cast apart; None where none does."""
    i = next((i for i in range(len(alone)) if alone[i] != vector[i]), None)
    if i is None:
        return None
    return next(n for n in range(1, FILL + 1)
                if _ints(tf.cast(tf.fill([n], xs[i]), dst))[0] == vector[i])


def main() -> None:
    import tensorflow as tf

    out = {f"{s}->{d}": _pair(tf, getattr(tf, s), getattr(tf, d))
           for s in SOURCES for d in TARGETS}
    write_json(os.path.join(HERE, "float_cast_golden.json"),
               {"tf_version": tf.__version__, "casts": out}, indent=0, end="\n")


if __name__ == "__main__":
    main()
