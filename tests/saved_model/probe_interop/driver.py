"""Saving, loading and probing the cases of module_cases.py and keras_cases.py with either
framework (`tf`, `keras`): tf_side.py runs these in TensorFlow's interpreter,
test_probe_interop.py in eagerflow's. Imports neither framework itself."""

from __future__ import annotations

import json
import os

from tests.saved_model.probe_interop import keras_cases, module_cases, workflow_cases

# name -> (kind, build, probe); module cases are saved with tf.saved_model.save
CASES = {**{k: ("module", b, p) for k, (b, p) in module_cases.CASES.items()},
         **{k: ("module", b, p) for k, (b, p) in workflow_cases.MODULE_CASES.items()},
         **keras_cases.CASES, **workflow_cases.KERAS_CASES}
# probes given the SavedModel's path rather than the loaded object
PATH_PROBES = {**module_cases.PATH_PROBES, **workflow_cases.PATH_PROBES}

SUFFIX = {"keras": ".keras", "weights": ".weights.h5"}


def path_of(root: str, name: str) -> str:
    return os.path.join(root, name + SUFFIX.get(CASES[name][0], ""))


def save(tf, keras, name: str, root: str) -> None:
    """Builds case `name` and saves it under `root` (its files' folder: root/name.files)."""
    kind, build, _ = CASES[name]
    path = path_of(root, name)
    os.makedirs(root, exist_ok=True)
    if kind == "module":
        files = os.path.join(root, name + ".files")
        os.makedirs(files, exist_ok=True)
        obj, signatures, *options = build(tf, keras, files)
        tf.saved_model.save(obj, path, signatures=signatures or None,
                            options=options[0] if options else None)
        return
    keras.utils.set_random_seed(0)
    obj = build(tf, keras)
    if kind == "export":
        if hasattr(obj, "write_out"):
            obj.write_out(path, verbose=False)
        else:
            obj.export(path, verbose=False)
    elif kind == "save":
        tf.saved_model.save(obj, path)
    elif kind == "keras":
        obj.save(path)
    else:
        keras_cases.set_weights(obj, 12)
        obj.save_weights(path)


def load(tf, keras, name: str, root: str):
    kind, build, _ = CASES[name]
    path = path_of(root, name)
    if kind in ("module", "export", "save"):
        return tf.saved_model.load(path)
    if kind == "keras":
        return keras.saving.load_model(
            path, custom_objects={"Clip": keras_cases.custom(keras)["Clip"]})
    model = build(tf, keras)
    keras_cases.zero_weights(model)
    model.load_weights(path)
    return model


def probe(tf, keras, name: str, root: str) -> dict:
    """Case `name`'s probe results on the file under `root`, as JSON-able data (or the
    error that loading raised)."""
    kind, _, run = CASES[name]
    try:
        loaded = load(tf, keras, name, root)
    except Exception as e:  # noqa: BLE001 (a failed load is a result to compare)
        return {"load_error": f"{type(e).__name__}: {e}"}
    args = (tf, loaded) if kind == "module" else (tf, keras, loaded)
    try:
        out = run(*args)
        if name in PATH_PROBES:
            out["by_path"] = PATH_PROBES[name](tf, path_of(root, name))
        return json.loads(json.dumps(out))
    except Exception as e:  # noqa: BLE001
        return {"probe_error": f"{type(e).__name__}: {e}"}
