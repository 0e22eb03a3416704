"""Runs cases.py's expressions with TF 2.21 (argv[2] == 'tf', run by the TF python),
eagerflow ('ef') or eagerflow with candidates.py's algorithms swapped in ('cand': each
expression traced, so that the swapped kernels run) and saves every output to argv[1]
(npz); argv[3], when given, keeps the expressions containing it.

    TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON benchmarks/ulp32/record.py /tmp/tf.npz tf
    .venv/bin/python benchmarks/ulp32/record.py /tmp/ef.npz ef
    .venv/bin/python benchmarks/ulp32/compare.py /tmp/tf.npz /tmp/ef.npz
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases  # noqa: E402
import numpy as np  # noqa: E402

if sys.argv[2] == "tf":
    import tensorflow as tf  # noqa: E402
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    import eagerflow as tf  # noqa: E402
    if sys.argv[2] == "cand":
        import candidates  # noqa: E402

        candidates.patch()


def run(expr: str, env: dict) -> np.ndarray | None:
    try:
        if sys.argv[2] == "cand":
            out = tf.function(lambda: eval(expr, {"tf": tf}, env))()
        else:
            out = eval(expr, {"tf": tf}, env)
    except Exception as e:  # noqa: BLE001
        print("ERR", expr, type(e).__name__, str(e)[:80], file=sys.stderr)
        return None
    return out.numpy()


def main() -> None:
    res = {}
    only = sys.argv[3] if len(sys.argv) > 3 else ""
    g, ug = cases.grid(), cases.unit_grid()
    yg = np.random.RandomState(3).permutation(g)
    for n in cases.SIZES:
        x, u, y = g[:n], ug[:n], yg[:n]
        if n == 1:
            x, u, y = x.reshape(()), u.reshape(()), y.reshape(())
        env = {"x": tf.constant(x), "u": tf.constant(u), "y": tf.constant(y)}
        for e in cases.UNARY + cases.BINARY:
            if only in e:
                o = run(e, env)
                if o is not None:
                    res[f"{e}|{n}"] = o
        if n == 1:  # the specials one by one as scalars
            for i in range(54):
                env = {"x": tf.constant(g[i]), "u": tf.constant(ug[i]), "y": tf.constant(yg[i])}
                for e in cases.UNARY + cases.BINARY:
                    if only in e:
                        o = run(e, env)
                        if o is not None:
                            res[f"{e}|s{i}"] = o
    for shape in cases.SHAPES:
        r = tf.constant(cases.normal(shape))
        for a in cases.axes(shape):
            for e in cases.REDUCE:
                if only in e and not (a is None and "cumsum" in e and len(shape) > 1):
                    o = run(e, {"r": r, "A": a})
                    if o is not None:
                        res[f"{e}|{shape}|{a}"] = o
        for e in cases.ROWS:
            if only in e:
                o = run(e, {"r": r})
                if o is not None:
                    res[f"{e}|{shape}"] = o
    np.savez(sys.argv[1], **res)


if __name__ == "__main__":
    main()
