"""tf.linalg.diag, diag_part and set_diag over bands of diagonals (k=(lower, upper)), each
`align`, the sizes diag takes, and the errors of each: the calls whose TF 2.21 results
diag_band_golden.json records (by record_diag_band_golden.py) and test_diag_bands.py checks.

`calls(tf)` maps each case to a function of no arguments."""

import numpy as np

BANDS = [(-1, 1), (0, 2), (-2, 0), (1, 3), (-2, -1), (-3, 3), (-2, 3), (2, 1), (0, 0),
         (1, 1), [-1, 1], (-1, 0, 1), [2]]
ALIGNS = ["RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"]


def calls(tf):
    x = np.arange(1, 13, dtype=np.int32).reshape(3, 4)
    xb = np.arange(1, 25, dtype=np.float32).reshape(2, 4, 3)
    out = {}
    for k in BANDS:
        for al in ALIGNS:
            tag = f"{k}_{al}"
            out[f"part_{tag}"] = lambda k=k, al=al: tf.linalg.diag_part(
                x, k=k, align=al, padding_value=9)
            out[f"part_batch_{tag}"] = lambda k=k, al=al: tf.linalg.diag_part(xb, k=k, align=al)
            try:  # the band as TF lays it out, to set and to build from
                parts = np.asarray(tf.linalg.diag_part(x, k=k, align=al))
            except Exception:  # noqa: BLE001  (a band TF refuses: its error is a case above)
                continue
            out[f"set_{tag}"] = lambda k=k, al=al, p=parts: tf.linalg.set_diag(
                np.zeros((3, 4), np.int32), p, k=k, align=al)
            for size, sizes in (("", {}), ("_rows3", {"num_rows": 3}),
                                ("_cols5", {"num_cols": 5}),
                                ("_4x6", {"num_rows": 4, "num_cols": 6}),
                                ("_2x2", {"num_rows": 2, "num_cols": 2})):
                out[f"diag{size}_{tag}"] = lambda k=k, al=al, p=parts, s=sizes: tf.linalg.diag(
                    p, k=k, align=al, padding_value=-1, **s)
    z = np.zeros((3, 4), np.float32)
    flags = np.zeros((3, 4), bool)
    out.update({
        # bool matrices (keras.ops.trace's eye in TF's graphs sets a bool diagonal)
        "set_bool": lambda: tf.linalg.set_diag(flags, np.ones(3, bool)),
        "set_bool_band": lambda: tf.linalg.set_diag(flags, np.ones((2, 3), bool), k=(0, 1)),
        # the raw op's sizes left -1, as TF's graphs give them (keras.ops.diagflat)
        **{f"raw_diag_{k}_{r}x{c}": lambda k=k, r=r, c=c: tf.raw_ops.MatrixDiagV3(
            diagonal=np.arange(1, 4, dtype=np.float32), k=k, num_rows=r, num_cols=c,
            padding_value=0.0) for k, r, c in ((0, -1, -1), (1, -1, -1), (-1, -1, 5),
                                               (1, 3, -1), (-2, -1, -1))},
        # another negative size is not a default: refused, as TF's
        "diag_rows_minus_2": lambda: tf.linalg.diag(np.ones(3, np.float32), num_rows=-2),
        "raw_diag_cols_minus_5": lambda: tf.raw_ops.MatrixDiagV3(
            diagonal=np.ones(3, np.float32), k=0, num_rows=3, num_cols=-5, padding_value=0.0),
        "set_too_few_diagonals": lambda: tf.linalg.set_diag(z, np.ones((2, 3), np.float32),
                                                            k=(-1, 1)),
        "set_too_short": lambda: tf.linalg.set_diag(z, np.ones((3, 2), np.float32), k=(-1, 1)),
        "diag_too_few_diagonals": lambda: tf.linalg.diag(np.ones((2, 3), np.float32),
                                                         k=(-1, 1)),
        "part_lower_out_of_bound": lambda: tf.linalg.diag_part(x, k=(-5, 1)),
        "part_upper_out_of_bound": lambda: tf.linalg.diag_part(x, k=(0, 4)),
        "part_tensor_k": lambda: tf.linalg.diag_part(x, k=tf.constant([-1, 1])),
        "part_bad_align": lambda: tf.linalg.diag_part(x, k=(-1, 1), align="MIDDLE"),
        "part_float_k": lambda: tf.linalg.diag_part(x, k=(0.5, 1)),
        "set_lower_out_of_bound": lambda: tf.linalg.set_diag(z, np.ones((3, 3), np.float32),
                                                             k=(-3, -1)),
        # k's forms TF's kernels refuse, the number of its values first
        "part_k_three": lambda: tf.linalg.diag_part(x, k=(-1, 0, 1)),
        "part_k_nested": lambda: tf.linalg.diag_part(x, k=[[-1, 1]]),
        "part_k_empty": lambda: tf.linalg.diag_part(x, k=[]),
        "diag_k_empty": lambda: tf.linalg.diag(np.ones(3, np.float32), k=[]),
        "diag_k_nested": lambda: tf.linalg.diag(np.ones(3, np.float32), k=[[0]]),
        "set_k_empty": lambda: tf.linalg.set_diag(z, np.ones(3, np.float32), k=[]),
        "set_k_three": lambda: tf.linalg.set_diag(z, np.ones((3, 3), np.float32), k=[-1, 0, 1]),
        "diag_bad_align": lambda: tf.linalg.diag(np.ones((3, 3), np.float32), k=(-1, 1),
                                                 align="LEFT"),
        "set_bad_align": lambda: tf.linalg.set_diag(z, np.ones(3, np.float32), align="X"),
        "part_padding_vector": lambda: tf.linalg.diag_part(x, k=(-1, 1), padding_value=[1, 2]),
        "diag_rows_vector": lambda: tf.linalg.diag(np.ones(3, np.float32), num_rows=[4]),
        "trace_batch": lambda: tf.linalg.trace(xb),
        "trace_rank_1": lambda: tf.linalg.trace(x[0]),
        # TF's first and second versions (the V2 ops' bands from the left of each row)
        "raw_v1_diag": lambda: tf.raw_ops.MatrixDiag(diagonal=xb),
        "raw_v1_diag_part": lambda: tf.raw_ops.MatrixDiagPart(input=xb),
        "raw_v1_set_diag": lambda: tf.raw_ops.MatrixSetDiag(
            input=x, diagonal=np.array([-1, -2, -3], np.int32)),
        "raw_v1_diag_string": lambda: tf.raw_ops.MatrixDiag(diagonal=np.array([b"a"])),
        "raw_v1_part_rank_1": lambda: tf.raw_ops.MatrixDiagPart(input=x[0]),
        "raw_v2_set_lower_out_of_bound": lambda: tf.raw_ops.MatrixSetDiagV2(
            input=x, diagonal=np.ones(3, np.int32), k=5),
        "raw_v2_part_upper_out_of_bound": lambda: tf.raw_ops.MatrixDiagPartV2(
            input=x, k=[1, 4], padding_value=0),
    })
    for k in ((-1, 1), (0, 2), (-2, -1), (1, 1), 2):
        tag = f"{k}".replace(" ", "")
        parts = np.asarray(tf.raw_ops.MatrixDiagPartV2(input=x, k=k, padding_value=0))
        out[f"raw_v2_part_{tag}"] = lambda k=k: tf.raw_ops.MatrixDiagPartV2(
            input=x, k=k, padding_value=9)
        out[f"raw_v2_set_{tag}"] = lambda k=k, p=parts: tf.raw_ops.MatrixSetDiagV2(
            input=np.zeros((3, 4), np.int32), diagonal=p, k=k)
        out[f"raw_v2_diag_{tag}"] = lambda k=k, p=parts: tf.raw_ops.MatrixDiagV2(
            diagonal=p, k=k, num_rows=-1, num_cols=-1, padding_value=-1)
    return out


def v2_grads(tf):
    """Gradients through the V2 ops' bands, whose diagonals differ in length: TF's read the
    band with V3's default align (the shorter superdiagonal from the right)."""
    R = tf.raw_ops
    m = tf.constant(np.arange(12, dtype=np.float32).reshape(4, 3))
    d = tf.constant(np.ones((2, 3), np.float32))
    band = tf.constant(np.arange(6, dtype=np.float32).reshape(3, 2))
    with tf.GradientTape(persistent=True) as t:
        t.watch([m, d, band])
        part = tf.reduce_sum(R.MatrixDiagPartV2(input=m, k=[0, 1], padding_value=0.0) *
                             np.arange(6, dtype=np.float32).reshape(2, 3))
        put = tf.reduce_sum(R.MatrixSetDiagV2(input=m, diagonal=d, k=[0, 1]) *
                            np.arange(12, dtype=np.float32).reshape(4, 3))
        built = tf.reduce_sum(R.MatrixDiagV2(diagonal=band, k=[-1, 1], num_rows=3, num_cols=-1,
                                             padding_value=0.0) *
                              np.arange(6, dtype=np.float32).reshape(3, 2))
    return {"grad_v2_part": np.asarray(t.gradient(part, m)),
            "grad_v2_set_input": np.asarray(t.gradient(put, m)),
            "grad_v2_set_diagonal": np.asarray(t.gradient(put, d)),
            "grad_v2_diag": np.asarray(t.gradient(built, band))}


def grads(tf):
    """Gradients through a band's diag_part and diag (d sum(f(v) * w) / dv)."""
    v = tf.Variable(np.arange(12, dtype=np.float32).reshape(3, 4))
    w = np.arange(9, dtype=np.float32).reshape(3, 3)
    with tf.GradientTape() as t:
        y = tf.reduce_sum(tf.linalg.diag_part(v, k=(-1, 1)) * w)
    d = tf.Variable(np.ones((3, 3), np.float32))
    with tf.GradientTape() as t2:
        y2 = tf.reduce_sum(tf.linalg.diag(d, k=(-1, 1), align="LEFT_RIGHT") * w)
    traced = tf.function(lambda a: tf.linalg.diag_part(a, k=(0, 2)))(v)
    return {"grad_diag_part": np.asarray(t.gradient(y, v)),
            "grad_diag": np.asarray(t2.gradient(y2, d)), "traced_diag_part": np.asarray(traced),
            **v2_grads(tf)}


def cases(tf):
    """name -> {"value": array} or {"error": class name, "message": ...}."""
    out = {}
    for name, call in calls(tf).items():
        try:
            value = call()
        except Exception as e:  # noqa: BLE001  (the error is the recorded result)
            out[name] = {"error": type(e).__name__, "message": str(e)}
            continue
        out[name] = {"value": np.asarray(value)}
    for name, value in grads(tf).items():
        out[name] = {"value": value}
    return out
