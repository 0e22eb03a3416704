"""An OrbaxCheckpoint round trip between frameworks: `python orbax_program.py tf|ef write DIR`
trains interop's tabular model (StringLookup and Normalization adapted, so the checkpoint
has assets) for two epochs with the callback; `... read DIR` loads the newest step back with
load_model and with load_weights into a fresh compiled build. The last line printed is JSON."""

import json
import os
import sys

import model_cases as C
import numpy as np

if sys.argv[1] == "tf":
    import keras
    import tensorflow as tf
else:
    import eagerflow as tf
    keras = tf.keras


def predictions(model, x) -> dict:
    return {k: np.asarray(v).round(5).tolist() for k, v in model.predict(x, verbose=0).items()}


def write(directory: str) -> dict:
    model = C.tabular(keras)
    x, y = C.tabular_data(tf)
    callback = keras.callbacks.OrbaxCheckpoint(directory, save_on_background=False)
    model.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0, callbacks=[callback])
    return {"predict": predictions(model, x), "iterations": int(model.optimizer.iterations),
            "steps": sorted(os.listdir(directory))}


def read(directory: str) -> dict:
    x, _ = C.tabular_data(tf)
    loaded = keras.saving.load_model(directory)
    fresh = C.tabular(keras)
    fresh.optimizer.build(fresh.trainable_variables)
    fresh.load_weights(directory)
    return {"predict": predictions(loaded, x), "iterations": int(loaded.optimizer.iterations),
            "vocabulary": [str(t) for t in loaded.get_layer("string_lookup").get_vocabulary()],
            "load_weights": predictions(fresh, x),
            "fresh_iterations": int(fresh.optimizer.iterations)}


if __name__ == "__main__":
    action = write if sys.argv[2] == "write" else read
    print(json.dumps(action(sys.argv[3])))
