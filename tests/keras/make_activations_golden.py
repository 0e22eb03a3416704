"""Writes activations_golden.json: Keras 3's newer activations on fixed inputs, with the
names `serialize` and a Dense layer's config give them.

Run with TensorFlow's interpreter: /work/tfref/bin/python tests/keras/make_activations_golden.py
"""

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402
from tests.keras.activation_cases import ARGS, INPUT, NAMES  # noqa: E402


def main() -> None:
    x = np.array(INPUT, dtype="float32")
    out = {}
    for name in NAMES:
        fn = getattr(keras.activations, name)
        out[name] = {"value": np.asarray(fn(x, *ARGS.get(name, ()))).tolist(),
                     "fn_name": fn.__name__, "serialized": keras.activations.serialize(fn),
                     "in_dense": keras.layers.Dense(2, activation=name).get_config()["activation"]}
    write_json(Path(__file__).with_name("activations_golden.json"), out, "\n", indent=1)


if __name__ == "__main__":
    main()
