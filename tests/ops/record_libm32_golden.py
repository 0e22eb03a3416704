"""Records libm32_golden.json with real TensorFlow 2.21 (oneDNN off, as the CPU kernels
eagerflow follows): libm32_cases.py's functions over its inputs, one scalar at a time and
as tensors of 7 values, and the gradients of those whose gradient is another of them, at
the scalars, each as hex bit patterns; and float16/bfloat16 over every bit pattern as one
tensor and every 17th as 7-value tensors, each as a hash and a spread of results; and
Keras 3's cosine learning-rate schedules.

Run: TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_libm32_golden.py
"""

from __future__ import annotations

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_text  # noqa: E402
from tests.ops.libm32_cases import (  # noqa: E402
    FUNCTIONS,
    GRADIENTS,
    HALF_FUNCTIONS,
    HALF_TYPES,
    bits,
    half_case,
    inputs,
    schedule_rates,
)

HERE = os.path.dirname(os.path.abspath(__file__))


def main() -> None:
    x = inputs()
    out = {}
    for name in FUNCTIONS:
        fn = eval(name, {"tf": tf})
        out[name + " scalars"] = bits([fn(tf.constant(v)).numpy() for v in x])
        out[name + " sevens"] = bits(np.concatenate(
            [fn(tf.constant(x[i:i + 7])).numpy() for i in range(0, x.size, 7)]))
    for name in GRADIENTS:
        fn, grads = eval(name, {"tf": tf}), []
        for v in x:
            t = tf.constant(v)
            with tf.GradientTape() as tape:
                tape.watch(t)
                y = fn(t)
            grads.append(tape.gradient(y, t).numpy())
        out[name + " gradients"] = bits(grads)
    out.update(schedule_rates(keras))
    for dtype in HALF_TYPES:
        for name in HALF_FUNCTIONS:
            out[f"{dtype} {name} all"] = half_case(tf, name, dtype, small=False)
            out[f"{dtype} {name} sevens"] = half_case(tf, name, dtype, small=True)
    body = ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in out.items())
    write_text(os.path.join(HERE, "libm32_golden.json"), "{\n" + body + "\n}\n")


if __name__ == "__main__":
    main()
