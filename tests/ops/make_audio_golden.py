"""Records what TensorFlow 2.21's tf.audio gives for tests/ops/audio_cases.py into
audio_golden.json. Run under real TensorFlow:
`.venv-peers/bin/python tests/ops/make_audio_golden.py`."""

import json
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(__file__))
from audio_cases import DECODE, ENCODE  # noqa: E402


def error(e: Exception) -> dict:
    # the whole message, with TF's eager prefix (the function running the op) and suffix
    return {"error": type(e).__name__, "message": str(e)}


def decode(wav: bytes, channels: int, samples: int) -> dict:
    try:
        audio, rate = tf.audio.decode_wav(wav, desired_channels=channels,
                                          desired_samples=samples)
    except Exception as e:  # noqa: BLE001 (recorded, whatever it is)
        return error(e)
    a = audio.numpy()
    return {"shape": list(a.shape), "audio": a.ravel().view(np.uint32).tolist(),
            "rate": int(rate)}


def encode(values: list, shape: tuple, rate: int) -> dict:
    try:
        out = tf.audio.encode_wav(tf.reshape(tf.constant(values, tf.float32), shape), rate)
    except Exception as e:  # noqa: BLE001
        return error(e)
    return {"wav": out.numpy().hex()}


golden = {"decode": {k: decode(*v) for k, v in DECODE.items()},
          "encode": {k: encode(*v) for k, v in ENCODE.items()}}
with open(os.path.join(os.path.dirname(__file__), "audio_golden.json"), "w") as f:
    json.dump(golden, f, indent=1, sort_keys=True)
    f.write("\n")
