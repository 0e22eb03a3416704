"""Writes names.json: the public names of Keras 3.15's keras.ops (and its nn, numpy, image
and linalg namespaces), keras.layers, keras.metrics and keras.losses, from dir() of real
Keras; kprobe15's cases build their snippets from it, so the sweep covers every name.

Run with a TensorFlow interpreter, from the repository root:

    /work/main/.venv-peers/bin/python tests/keras/kprobe15/record_names.py
"""

import inspect
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "..", "..")]
import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402


def public(module):
    return sorted(n for n in dir(module) if not n.startswith("_"))


def classes(module):
    return [n for n in public(module) if inspect.isclass(getattr(module, n))]


names = {
    "ops": public(keras.ops),
    "ops.nn": public(keras.ops.nn),
    "ops.numpy": public(keras.ops.numpy),
    "ops.image": public(keras.ops.image),
    "ops.linalg": public(keras.ops.linalg),
    "layers": public(keras.layers),
    "layer_classes": classes(keras.layers),
    "metrics": public(keras.metrics),
    "metric_classes": classes(keras.metrics),
    "losses": public(keras.losses),
    "loss_classes": classes(keras.losses),
}
write_json(os.path.join(HERE, "names.json"), names, indent=0, sort_keys=True)
print({k: len(v) for k, v in names.items()})
