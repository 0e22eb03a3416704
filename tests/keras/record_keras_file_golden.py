"""Writes keras_file_golden.json: what Keras 3.15 (TF 2.21's tf.keras) writes into the
`.keras` archives of keras_file_cases.MODELS (their entries, config and weights layout, see
archive_facts) and what each model computes after a save and load; and
keras_layer_files_golden.json: the archive of a model of each layer class of kprobe15's
sweep (keras_file_cases.layer_model), or the error making it raises.

Run with TensorFlow's interpreter from the repository root:
    $EAGERFLOW_TF_PYTHON -m tests.keras.record_keras_file_golden
"""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import h5py  # noqa: E402
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.keras import keras_file_cases as C  # noqa: E402


def main() -> None:
    keras = tf.keras
    out = {"versions": {"tf": tf.__version__, "keras": keras.version()}, "cases": {}}
    with tempfile.TemporaryDirectory() as d:
        for name, build in C.MODELS.items():
            keras.backend.clear_session()
            path = os.path.join(d, f"{name}.keras")
            build(keras).save(path)
            loaded = keras.models.load_model(path, custom_objects={"_relu": C._relu})
            out["cases"][name] = {**C.archive_facts(path, h5py),
                                  "outputs": C.outputs(loaded, tf, name)}
    write_json(Path(__file__).with_name("keras_file_golden.json"), out, "\n", indent=1)
    write_json(Path(__file__).with_name("keras_layer_files_golden.json"),
               {"versions": out["versions"], "layers": layer_archives(keras)}, "\n",
               separators=(",", ":"), sort_keys=True)


def layer_archives(keras) -> dict:
    from tests.keras.kprobe15.cases_layers import LAYERS

    out = {}
    with tempfile.TemporaryDirectory() as d:
        for name in sorted(LAYERS):
            keras.backend.clear_session()
            keras.utils.set_random_seed(1)
            path = os.path.join(d, f"{name}.keras")
            try:
                C.layer_model(keras, name).save(path)
            except Exception as e:  # noqa: BLE001 (Keras's own failure, recorded)
                out[name] = {"error": type(e).__name__}
                continue
            facts = C.archive_facts(path, h5py)
            del facts["metadata"]
            out[name] = facts
    return out


if __name__ == "__main__":
    main()
