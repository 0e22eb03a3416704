"""keras.ops.einsum over the two-operand contractions that Keras 3's TF backend runs as
tf.matmul (its layers' EinsumDense and MultiHeadAttention equations), in float32, int8
(multiplied into int32 by BatchMatMulV3) and int32, and with bad shapes (MatMul's and
BatchMatMulV3's errors, Python's unpacking ValueError). record_einsum_matmul_golden.py
writes TF 2.21 + Keras 3.15's outcomes (einsum_matmul_golden.json);
test_einsum_matmul.py checks eagerflow's."""

import numpy as np

# subscripts -> the operands' shapes (letters a, b, c, ... in order of appearance)
SHAPES = {
    "a,b->ab": ((3,), (4,)),
    "ab,b->a": ((3, 4), (4,)),
    "ab,bc->ac": ((3, 4), (4, 2)),
    "ab,cb->ac": ((3, 4), (2, 4)),
    "abc,cd->abd": ((2, 3, 4), (4, 5)),
    "abc,dc->abd": ((2, 3, 4), (5, 4)),
    "abcd,abde->abce": ((2, 3, 4, 5), (2, 3, 5, 2)),
    "abcd,abed->abce": ((2, 3, 4, 5), (2, 3, 2, 5)),
    "abcd,acbe->adbe": ((2, 3, 4, 5), (2, 4, 3, 2)),
    "abcd,adbe->acbe": ((2, 3, 4, 5), (2, 5, 3, 2)),
    "abcd,aecd->acbe": ((2, 3, 4, 5), (2, 2, 4, 5)),
    "abcd,aecd->aceb": ((2, 3, 4, 5), (2, 2, 4, 5)),
    "abc,cde->abde": ((2, 3, 4), (4, 2, 5)),
    "abc,dce->abde": ((2, 3, 4), (2, 4, 5)),
    "abc,dec->abde": ((2, 3, 4), (2, 5, 4)),
    "abcd,cde->abe": ((2, 3, 4, 5), (4, 5, 2)),
    "abcd,ced->abe": ((2, 3, 4, 5), (4, 2, 5)),
    "abcd,ecd->abe": ((2, 3, 4, 5), (2, 4, 5)),
    "abcde,aebf->adbcf": ((2, 3, 4, 5, 2), (2, 2, 3, 3)),
    "abcde,afce->acdbf": ((2, 3, 4, 5, 2), (2, 3, 4, 2)),
}
BAD = {
    "mismatch": ("ij,jk->ik", (2, 3), (2, 3)),
    "mismatch_int8": ("ij,jk->ik", (2, 3), (2, 3)),
    "batched_mismatch": ("abc,cd->abd", (2, 3, 4), (5, 4)),
    "rank_x": ("abc,cde->abde", (3, 4), (4, 2, 5)),
    "rank_y": ("abcd,ecd->abe", (2, 3, 4, 5), (2, 4, 5, 1)),
}


def _operand(shape, dtype, seed):
    r = np.random.RandomState(seed)
    return r.randint(-9, 10, size=shape).astype(dtype) if "int" in dtype \
        else r.uniform(-2, 2, size=shape).astype(dtype)


def outcome(einsum, standardize_dtype, subscripts, shapes, dtype):
    """{"dtype", "shape", "values"} of the product, or {"error", "message": first line}."""
    x, y = (_operand(s, dtype, i) for i, s in enumerate(shapes))
    try:
        r = einsum(subscripts, x, y)
    except Exception as e:  # noqa: BLE001 - the error is the recorded outcome
        return {"error": type(e).__name__, "message": (str(e).splitlines() or [""])[0]}
    a = np.asarray(r)
    return {"dtype": standardize_dtype(r.dtype), "shape": list(a.shape),
            "values": a.astype("float64").ravel().tolist()}


def all_outcomes(einsum, standardize_dtype):
    out = {f"{s}/{d}": outcome(einsum, standardize_dtype, s, shapes, d)
           for s, shapes in SHAPES.items() for d in ("float32", "int8", "int32")}
    for key, (s, *shapes) in BAD.items():
        out[f"bad/{key}"] = outcome(einsum, standardize_dtype, s, shapes,
                                    "int8" if key.endswith("int8") else "float32")
    return out
