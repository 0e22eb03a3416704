"""Writes calibrated_golden.json: what real TF 2.21 + Keras 3.15 prints for
calibrated_cases.SNIPPETS, and, for GPTQ and AWQ fed real activations, Keras's own
per-layer algorithm (`keras.src.quantizers.gptq.GPTQ`, `.awq.AWQ`, which `Model.quantize`
never feeds: see eagerflow/_src/keras/calibration.py) over fixed weights and inputs: the
Hessian, and the quantized kernel, scales, zero points, AWQ scales and group indices.
From the repository root:

    /work/tfref/bin/python tests/keras/keras3/make_calibrated_golden.py
"""

import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..", "..", "..")]
import calibrated_cases as C  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import encode_array, printed_by, write_json  # noqa: E402


def algorithm_case(mode, kwargs, blocksize, kind):
    from keras.src.quantizers.awq import AWQ
    from keras.src.quantizers.gptq import GPTQ

    kernel, batches = C.algorithm_inputs()
    layer = C.make_layer(keras, kind, kernel)
    Q = keras.quantizers
    config = (Q.GPTQConfig if mode == "gptq" else Q.AWQConfig)(None, None, **kwargs)
    layer.quantize(mode, config=config)
    if mode == "gptq":
        stat = GPTQ(layer, config)
        for b in batches:
            stat.update_hessian_with_batch(b)
        out = {"hessian": np.asarray(stat.hessian)}
        stat.quantize_and_correct_layer(blocksize=blocksize)
    else:
        stat = AWQ(layer, config)
        for b in batches:
            stat.update_activation_magnitudes(b)
        out = {"magnitudes": np.asarray(stat.activation_magnitudes)}
        stat.quantize_layer()
    for v in layer.weights:
        out[v.name] = np.asarray(v)
    out["output"] = np.asarray(layer(batches[0][:, :3]))
    return {k: encode_array(v) for k, v in out.items()}


def run(code):
    keras.backend.clear_session()
    with tempfile.TemporaryDirectory() as tmp:
        return printed_by(C.PRELUDE + code, {"tf": tf, "keras": keras, "np": np, "tmp": tmp})


def main():
    golden = {"snippets": {name: run(code) for name, code in C.SNIPPETS.items()},
              "algorithm": {name: algorithm_case(*case) for name, case in C.ALGORITHM.items()}}
    path = os.path.join(HERE, "calibrated_golden.json")
    write_json(path, golden, end="\n", indent=1, sort_keys=True)
    print("wrote", path)


if __name__ == "__main__":
    main()
