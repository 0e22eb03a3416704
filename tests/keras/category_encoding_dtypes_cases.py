"""keras.layers.CategoryEncoding of indices of each integer and float dtype, as Keras 3.15
in TF 2.21 encodes or refuses them (eagerly its count and multi_hot run TF's bincount,
which takes int32/int64 indices only; in a tf.function it encodes them). Recorded by
record_category_encoding_dtypes.py into category_encoding_dtypes_golden.json, checked by
test_category_encoding_dtypes.py. Each case is (dtype, output_mode, how, sparse)."""

from __future__ import annotations

from typing import Any

DTYPES = ("uint8", "int8", "int16", "uint16", "int32", "int64", "float32", "float64")
MODES = ("multi_hot", "one_hot", "count")
HOWS = ("numpy", "tensor", "traced")

CASES = [(d, m, h, False) for d in DTYPES for m in MODES for h in HOWS] + \
    [(d, m, "tensor", True) for d in ("uint8", "int64") for m in ("multi_hot", "count")]


def outcome(tf: Any, keras: Any, np: Any, case: tuple) -> dict:
    d, mode, how, sparse = case
    x = np.array([0, 3, 2], d) if mode == "one_hot" else np.array([[0, 1, 2], [2, 3, 3]], d)
    layer = keras.layers.CategoryEncoding(4, output_mode=mode, sparse=sparse)
    try:
        if how == "numpy":
            out = layer(x)
        elif how == "tensor":
            out = layer(tf.constant(x))
        else:
            out = tf.function(lambda t: layer(t))(tf.constant(x))
        if sparse:
            out = tf.sparse.to_dense(out)
        return {"dtype": out.dtype.name, "value": out.numpy().tolist()}
    except Exception as e:  # noqa: BLE001 (the error is the recorded result)
        return {"error": type(e).__name__, "message": str(e)}
