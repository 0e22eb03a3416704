"""Writes optimizers_golden.json: Keras 3's newer optimizers' steps and SwapEMAWeights
around a fit (optimizer_cases.py).

Run with TensorFlow's interpreter: /work/tfref/bin/python tests/keras/make_optimizers_golden.py
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402
from tests.keras.optimizer_cases import (  # noqa: E402
    CONFIGS,
    EXPRESSIONS,
    evaluate,
    run,
    swap_ema_fit,
)


def main() -> None:
    out = {name: run(keras, tf, name) for name in CONFIGS}
    for swap_on_epoch in (False, True):
        out[f"SwapEMAWeights-{swap_on_epoch}"] = swap_ema_fit(keras, swap_on_epoch)
    out["expressions"] = {expr: evaluate(keras, expr) for expr in EXPRESSIONS}
    write_json(Path(__file__).with_name("optimizers_golden.json"), out, "\n", indent=1)


if __name__ == "__main__":
    main()
