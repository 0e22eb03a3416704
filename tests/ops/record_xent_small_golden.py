"""Records xent_small_golden.json with real TensorFlow 2.21 (oneDNN off, as the CPU
kernels eagerflow follows): the loss and the backprop (the logits' gradient) of
tf.nn.sparse_softmax_cross_entropy_with_logits over xent_small_cases.py's cases, as hex
bit patterns.

Run: TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_xent_small_golden.py
"""

from __future__ import annotations

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_text  # noqa: E402
from tests.ops.xent_small_cases import bits, cases  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

golden = []
for logits, labels in cases():
    x = tf.constant(logits)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=x)
    golden.append({"loss": bits(loss.numpy()), "backprop": bits(tape.gradient(loss, x).numpy())})
write_text(os.path.join(HERE, "xent_small_golden.json"),
           json.dumps({"tf": tf.__version__, "cases": golden}, indent=0) + "\n")
print("wrote", len(golden), "cases")
