"""Records golden.npz under TF 2.21:
`/work/tfref/bin/python tests/keras/mnet_block/make_golden.py`."""

import os
import sys

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
sys.path.insert(0, os.path.dirname(__file__))
import tensorflow as tf  # noqa: E402
from layers_def import CASES, build, inputs, local_vjps  # noqa: E402

rec = {}
for name, (side, stride) in CASES.items():
    tf.keras.utils.set_random_seed(0)
    layers = build(tf, stride)
    x = inputs(side, 1)
    y = x
    for layer in layers:  # build with Keras's initializers, then record those weights
        y = layer(y, training=False)
    weights = [w for layer in layers for w in layer.get_weights()]
    rng = np.random.default_rng(2)  # non-trivial batch-norm weights
    weights = [w + rng.normal(scale=0.1, size=w.shape).astype(np.float32) if w.ndim == 1 else w
               for w in weights]
    rec[f"{name}/x"] = x
    rec.update({f"{name}/w{i}": w for i, w in enumerate(weights)})
    rec.update({f"{name}/{k}": v for k, v in local_vjps(tf, layers, x, weights, 3).items()})
np.savez_compressed(os.path.join(os.path.dirname(__file__), "golden.npz"), **rec)
print(len(rec), "arrays")
