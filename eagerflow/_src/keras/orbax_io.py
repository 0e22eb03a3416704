"""Keras 3's Orbax checkpoints: what `keras.callbacks.OrbaxCheckpoint` writes, and
`keras.saving.load_model` / `Model.load_weights` of such a directory.

Orbax (the optional `orbax-checkpoint` package, `eagerflow[orbax]`) owns the files; this
module hands it what Keras 3 hands it, so checkpoints cross between eagerflow and TF's
Keras both ways. A checkpoint directory holds one folder per step, each with Orbax's
"checkpointables":

    pytree        the model's state tree (Model.get_state_tree as NumPy arrays: trainable,
                  non-trainable, optimizer and metrics variables by path; scalars as
                  Python numbers), or only the first two with `save_weights_only`
    model_config  {"config": the model's config as JSON, the `.keras` file's config.json}
    assets        the layers' asset files as nested {folder: {file: uint8 array}}

Variables are matched by path, as Keras 3 matches them: one whose path differs in the
loaded model (a Sequential's paths carry its name until it is rebuilt from a config) is
left as it is, silently, as in Keras 3.
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any

import numpy as np

from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.weights_io import load_layer_assets, save_layer_assets

IMPORT_ERROR = ("OrbaxCheckpoint requires the 'orbax-checkpoint' package. You can install it "
                "via pip install orbax-checkpoint")
STATE_KEYS = ("trainable_variables", "non_trainable_variables", "optimizer_variables",
              "metrics_variables")
# Names only an Orbax checkpoint directory holds (besides its numbered step folders).
_MARKERS = {"orbax.checkpoint", "pytree.orbax-checkpoint", "checkpoint_metadata"}


def orbax() -> Any:
    """orbax.checkpoint's v1 API, or Keras 3's ImportError without the package."""
    try:
        import orbax.checkpoint
    except ImportError:
        raise ImportError(IMPORT_ERROR) from None
    return orbax.checkpoint.v1


def is_orbax_checkpoint(path: Any) -> bool:
    """Whether `path` is an Orbax checkpoint directory, by Keras 3's test: a marker file, a
    numbered step folder, or an unfinished save's temporary folder (no file is read)."""
    try:
        if not os.path.isdir(path):
            return False
        names = os.listdir(path)
    except (OSError, TypeError, ValueError):
        return False
    return bool(_MARKERS.intersection(names)) or any(
        ".orbax-checkpoint-tmp" in n or n.isdigit() and os.path.isdir(os.path.join(path, n))
        for n in names)


# -- writing ------------------------------------------------------------------------------------

def checkpoint_payload(model: Any, weights_only: bool) -> dict:
    """The checkpointables one save of `model` writes."""
    state = _python_scalars(model.get_state_tree(value_format="numpy_array"))
    if weights_only:
        return {"pytree": {k: state[k] for k in STATE_KEYS[:2]}}
    with ser.ObjectSharingScope():
        config = json.dumps(ser.serialize_keras_object(model))
    payload = {"pytree": state, "model_config": {"config": config}}
    assets = _assets_tree(model)
    if assets:
        payload["assets"] = assets
    return payload


def _python_scalars(tree: Any) -> Any:
    """Orbax stores a 0-d value as a Python number (as Keras hands it over)."""
    if isinstance(tree, dict):
        return {k: _python_scalars(v) for k, v in tree.items()}
    if isinstance(tree, np.generic) or isinstance(tree, np.ndarray) and tree.ndim == 0:
        return tree.item()
    return tree


def _assets_tree(model: Any) -> dict:
    """The layers' asset files as {folder: {... {file name: its bytes as uint8}}}."""
    tree: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        save_layer_assets(model, tmp)
        for root, _, files in os.walk(tmp):
            rel = os.path.relpath(root, tmp)
            node = tree
            for part in [] if rel == "." else rel.split(os.sep):
                node = node.setdefault(part, {})
            for name in files:
                with open(os.path.join(root, name), "rb") as f:
                    node[name] = np.frombuffer(f.read(), dtype=np.uint8)
    return _drop_empty(tree)


def _drop_empty(tree: dict) -> dict:
    out = {k: _drop_empty(v) if isinstance(v, dict) else v for k, v in tree.items()}
    return {k: v for k, v in out.items() if not isinstance(v, dict) or v}


# -- reading ------------------------------------------------------------------------------------

def latest_step(directory: str) -> int:
    """The newest step Orbax finds committed in `directory` (Keras 3's ValueError if none)."""
    checkpointer = orbax().training.Checkpointer(directory=directory)
    try:
        latest = checkpointer.latest
    finally:
        checkpointer.close()
    if latest is None:
        raise ValueError(f"No valid checkpoints found in {directory}")
    return int(latest.step)


def load_model(directory: str, custom_objects: dict | None = None, compile: bool = True,  # noqa: A002
               safe_mode: bool = True) -> Any:
    """The model of the newest step of an OrbaxCheckpoint directory: built from its config
    (never from code in it), then given its state and assets."""
    ocp = orbax()
    step = latest_step(directory)
    checkpointer = ocp.training.Checkpointer(directory=directory)
    try:
        with ocp.Context():
            saved = set(checkpointer.checkpointables_metadata(step).metadata.keys())
            if "model_config" not in saved:
                raise ValueError("Checkpoint does not contain model configuration. This "
                                 "checkpoint may have been saved with save_weights_only=True.")
            config = checkpointer.load_checkpointables(step, {"model_config": None})
            model = _model_from_json(config["model_config"]["config"], custom_objects,
                                     compile, safe_mode)
            wanted = {"pytree": None}
            if "assets" in saved:
                wanted["assets"] = None
            loaded = checkpointer.load_checkpointables(step, wanted)
    finally:
        checkpointer.close()
    model.set_state_tree({k: v for k, v in loaded["pytree"].items() if k in STATE_KEYS})
    if loaded.get("assets"):
        _load_assets(model, loaded["assets"])
    return model


def _model_from_json(text: Any, custom_objects: dict | None, compile: bool,  # noqa: A002
                     safe_mode: bool) -> Any:
    if not isinstance(text, str):
        raise ValueError(f"The checkpoint's model config is not JSON text: {type(text)}")
    config = json.loads(text)
    if not isinstance(config, dict):
        raise ValueError(f"The checkpoint's model config is not a model's config: {text[:80]}")
    if not compile:
        config["compile_config"] = None
    with ser.scope_adding(custom_objects), ser.ObjectSharingScope():
        return ser.deserialize_keras_object(config, custom_objects=custom_objects,
                                            safe_mode=safe_mode)


def _load_assets(model: Any, tree: dict) -> None:
    """Writes the asset tree to a temporary folder (each name one plain path component)
    and hands each layer its folder."""
    with tempfile.TemporaryDirectory() as tmp:
        _write_tree(tree, tmp)
        load_layer_assets(model, tmp)


def _write_tree(tree: dict, folder: str) -> None:
    for name, value in tree.items():
        if not isinstance(name, str) or name in ("", ".", "..") or "/" in name or (
                os.altsep and os.altsep in name) or os.sep in name:
            raise ValueError(f"Invalid asset path: {name}")
        path = os.path.join(folder, name)
        if isinstance(value, dict):
            os.makedirs(path, exist_ok=True)
            _write_tree(value, path)
        elif isinstance(value, np.ndarray):
            with open(path, "wb") as f:
                f.write(value.tobytes())


def load_weights(model: Any, path: str) -> None:
    """`model.load_weights` of an OrbaxCheckpoint directory (its newest step) or of one of
    its step folders: the state tree's variables assigned by path."""
    # (Keras 3 reads the state tree first, which needs the optimizer: an uncompiled
    # model's AttributeError)
    model.optimizer  # noqa: B018
    ocp = orbax()
    has_steps = any(n.isdigit() and os.path.isdir(os.path.join(path, n))
                    for n in os.listdir(path))
    step_dir = os.path.join(path, str(latest_step(path))) if has_steps else path
    loaded = ocp.load_checkpointables(step_dir, {"pytree": None})
    model.set_state_tree(loaded["pytree"])
