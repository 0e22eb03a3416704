"""Keras 3's legacy HDF5 model files: `model.save("m.h5")` and `load_model("m.h5")`.

Sits in keras/ beside saving_lib.py (`.keras` files, which dispatches `.h5` / `.hdf5`
paths here), over legacy_serialization.py (Keras 2's config form) and
weights_legacy_h5.py (Keras 2's weight layout). A file as Keras 3.15 writes it:

    attrs               keras_version, backend ("tensorflow"), model_config (JSON of
                        {"class_name", "config"}, a model's layers in Keras 2's form) and,
                        for a compiled model, training_config (JSON of compile's arguments,
                        the optimizer as "optimizer_config")
    model_weights/      weights_legacy_h5's layout: layer_names, a group per layer with its
                        weight_names, datasets named by the variables' paths
    optimizer_weights/  weight_names and a dataset per optimizer variable, by its path

The file is built in memory and written under a temporary name, synced and renamed.
Loading builds the model from its config (registered and given custom objects, Keras's
safe_mode rules: nothing from the file is executed), reads every weight before any is
assigned, and compiles it as Keras 3.15 does: its optimizer is built over the model's own
top-level variables only, so the file's iteration count and learning rate are restored
but not the slots, and a `fit` after loading fails with Keras's 'Unknown variable' error,
as it does in TF 2.21.
"""

from __future__ import annotations

import io
import json
import os
from typing import Any

import numpy as np

from eagerflow._src.core import tf_logging
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.io import fileio
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import legacy_serialization as legacy_ser
from eagerflow._src.keras import losses
from eagerflow._src.keras import metrics as metrics_lib
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras import version as keras_version
from eagerflow._src.keras.optimizers import lookup as optimizers_lookup
from eagerflow._src.keras.utils.io_utils import ask_to_proceed_with_overwrite
from eagerflow._src.keras.weights_legacy_h5 import (
    apply_legacy_plan,
    legacy_plan,
    read_name_list,
    save_weights_to_group,
    write_weight_group,
)

# Loss names Keras 3.15's losses.deserialize resolves to keras.metrics' aliases and refuses
# ("Could not deserialize 'keras.metrics.mse' ..."): a legacy file compiled with one of them
# cannot be loaded compiled in TF 2.21 (recorded in tests/keras/legacy_h5/golden.json).
_REFUSED_LOSS_ALIASES = frozenset(
    ("BCE", "KLD", "MAE", "MAPE", "MSE", "MSLE", "bce", "kld", "mae", "mape", "mse", "msle"))
# metric names compile resolves from the model's outputs, kept as strings
_COMPILE_TIME_METRICS = ("accuracy", "acc", "crossentropy", "ce")


def _h5py() -> Any:
    try:
        import h5py
    except ImportError:
        raise ImportError("`save_model()` using h5 format requires h5py. Could not import "
                          "h5py.") from None
    return h5py


# -- saving -------------------------------------------------------------------------------------

def save_model_to_hdf5(model: Any, filepath: str, overwrite: bool = True,
                       include_optimizer: bool = True) -> None:
    """Writes `model` as Keras 3.15's legacy HDF5 file (the caller logged Keras's warning)."""
    # (Keras 3 asks here too: a `.h5` save told not to overwrite asks twice)
    if not overwrite and os.path.isfile(filepath) and \
            not ask_to_proceed_with_overwrite(filepath):
        return
    metadata = model_metadata(model, include_optimizer)  # (before any file is touched)
    buffer = io.BytesIO()
    with _h5py().File(buffer, "w") as f:
        for key, value in metadata.items():
            if isinstance(value, (dict, list, tuple)):
                f.attrs[key] = json.dumps(value, default=_json_default).encode("utf8")
            else:
                f.attrs[key] = value
        save_weights_to_group(f.create_group("model_weights"), model)
        optimizer = getattr(model, "optimizer", None)
        if include_optimizer and optimizer is not None and optimizer.variables:
            group = f.create_group("optimizer_weights")
            write_weight_group(group, list(optimizer.variables))
    fileio.atomic_write(filepath, buffer.getvalue(), "h5")


def model_metadata(model: Any, include_optimizer: bool = True) -> dict:
    """keras_version, backend, model_config and (a compiled model's) training_config."""
    with legacy_ser.legacy_config_scope():
        config = {"class_name": type(model).__name__, "config": model.get_config()}
    metadata: dict = {"keras_version": keras_version.__version__, "backend": "tensorflow",
                      "model_config": config}
    optimizer = getattr(model, "optimizer", None)
    compile_config = getattr(model, "_compile_config", None)
    if include_optimizer and optimizer is not None and getattr(model, "compiled", False) \
            and compile_config:
        with legacy_ser.legacy_config_scope():
            training = {k: _serialize_nested(v) for k, v in compile_config.items()
                        if k != "optimizer"}
            training["optimizer_config"] = {
                "class_name": ser.get_registered_name(type(optimizer)),
                "config": optimizer.get_config()}
        metadata["training_config"] = training
    return metadata


def _serialize_nested(value: Any) -> Any:
    """Callables (losses, metrics) in Keras 2's form, the structure around them kept."""
    if isinstance(value, dict):
        return {k: _serialize_nested(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_serialize_nested(v) for v in value)
    if callable(value):
        return legacy_ser.serialize_keras_object(value)
    return value


def _json_default(obj: Any) -> Any:
    """What Keras's legacy JSON encoder makes of objects json cannot write."""
    if hasattr(obj, "get_config"):
        return {**legacy_ser.serialize_keras_object(obj), "__passive_serialization__": True}
    if type(obj).__module__ == "numpy":
        return obj.tolist() if isinstance(obj, np.ndarray) else obj.item()
    if isinstance(obj, TensorShape):
        return obj.as_list() if obj.rank is not None else None
    if callable(obj):
        return obj.__name__
    if obj is Ellipsis:
        return {"class_name": "__ellipsis__"}
    if isinstance(obj, bytes):
        return {"class_name": "__bytes__", "value": obj.decode("utf-8")}
    if hasattr(obj, "as_numpy_dtype"):  # a DType
        return obj.name
    raise TypeError(f"Unable to serialize {obj} to JSON. Unrecognized type {type(obj)}.")


# -- loading ------------------------------------------------------------------------------------

def _decode(obj: dict) -> Any:
    """Keras's legacy JSON decoding: tuples, shapes and ellipses back from their dicts."""
    name = obj.get("class_name")
    if name == "__tuple__":
        return tuple(obj["items"])
    if name == "TensorShape":
        return TensorShape(obj["items"])
    if name == "__ellipsis__":
        return Ellipsis
    return obj


def _json_attr(value: Any, filepath: str, key: str) -> Any:
    if hasattr(value, "decode"):
        value = value.decode("utf-8")
    try:
        return json.loads(str(value), object_hook=_decode)
    except ValueError as e:
        raise ValueError(f"The {key} of {filepath} is not valid JSON: {e}") from None


def load_model_from_hdf5(filepath: str, custom_objects: dict | None = None,
                         compile: bool = True, safe_mode: bool = True) -> Any:  # noqa: A002
    """The model of a legacy HDF5 file, compiled from its training_config as Keras 3.15
    compiles it (`compile=False`, or a file without one: uncompiled)."""
    h5py = _h5py()
    custom_objects = {**(custom_objects or {}), **ser.get_custom_objects(),
                      **ser._scope_objects()}
    with h5py.File(filepath, "r") as f:  # (h5py's FileNotFoundError, as Keras's)
        model_config = f.attrs.get("model_config")
        if model_config is None:
            raise ValueError(f"No model config found in the file at {filepath}.")
        model_config = _json_attr(model_config, filepath, "model_config")
        with kb.SafeModeScope(safe_mode):
            model = legacy_ser.model_from_config(model_config, custom_objects=custom_objects)
        group = f.get("model_weights")
        if group is None:
            raise ValueError(f"{filepath} has no model_weights group: it is not a Keras "
                             "model file.")
        apply_legacy_plan(legacy_plan(group, model, filepath, skip_mismatch=False))
        if not compile:
            return model
        training_config = f.attrs.get("training_config")
        if training_config is None:
            tf_logging.absl_warning("No training configuration found in the save file, so the "
                                    "model was *not* compiled. Compile it manually.")
            return model
        training_config = _json_attr(training_config, filepath, "training_config")
        model.compile(**compile_args(training_config, custom_objects))
        # (Keras 3.15 asks for Keras 2's compiled_loss here, which Keras 3 models lack)
        tf_logging.absl_warning("Compiled the loaded model, but the compiled metrics have yet "
                                "to be built. `model.compile_metrics` will be empty until you "
                                "train or evaluate the model.")
        if "optimizer_weights" in f:
            _restore_optimizer(model, f["optimizer_weights"])
    return model


def compile_args(training_config: dict, custom_objects: dict | None = None) -> dict:
    """compile()'s arguments from a training_config, as Keras 3.15 reads them."""
    with ser.scope_adding(custom_objects):
        optimizer_config = training_config["optimizer_config"]
        name = str(optimizer_config.get("class_name"))
        if name.lower() in optimizers_lookup.ALL or \
                ser.get_registered_object(name, custom_objects) is not None:
            optimizer = optimizers_lookup.deserialize(optimizer_config)
        else:
            # Keras 2 wrote its built-in optimizers as 'Custom>Adam': Keras 3 cannot resolve
            # that name and makes a default optimizer of the config's `name` instead
            optimizer = optimizers_lookup.get(optimizer_config["config"]["name"])
        loss = _deserialize_nested(_deserialize_loss, training_config.get("loss"))
        metric = _deserialize_nested(_deserialize_metric, training_config.get("metrics"))
        weighted = _deserialize_nested(_deserialize_metric,
                                       training_config.get("weighted_metrics"))
    return {"optimizer": optimizer, "loss": loss, "metrics": metric,
            "weighted_metrics": weighted, "loss_weights": training_config["loss_weights"]}


def _deserialize_loss(config: Any) -> Any:
    if isinstance(config, str) and config in _REFUSED_LOSS_ALIASES:
        raise ValueError(f"Could not deserialize 'keras.metrics.{config}' because it is not a "
                         "KerasSaveable subclass")
    return losses.deserialize(config)


def _deserialize_metric(config: Any) -> Any:
    if config in _COMPILE_TIME_METRICS:
        return config
    return metrics_lib.deserialize(config)


def _deserialize_nested(fn: Any, config: Any) -> Any:
    if config is None:
        return None
    if isinstance(config, str) or (isinstance(config, dict) and "class_name" in config):
        return fn(config)
    if isinstance(config, dict):
        return {k: _deserialize_nested(fn, v) for k, v in config.items()}
    if isinstance(config, (list, tuple)):
        return [_deserialize_nested(fn, v) for v in config]
    raise ValueError("Saved configuration not understood. Configuration should be a "
                     f"dictionary, string, tuple or list. Received: config={config}.")


def _restore_optimizer(model: Any, group: Any) -> None:
    """Keras 3.15's restore: the optimizer built over the model's own top-level trainable
    variables, the file's values assigned to its variables in order while they last (and
    their shapes agree: a Keras 2 file's slots follow its iteration count)."""
    optimizer = model.optimizer
    try:
        optimizer.build(list(getattr(model, "_trainable_weights", [])))
    except (NotImplementedError, AttributeError):
        tf_logging.absl_warning("Error when creating the weights of optimizer {}, making it "
                                "impossible to restore the saved optimizer state. As a result, "
                                "your model is starting with a freshly initialized optimizer.")
    names = read_name_list(group, "weight_names")
    values = [np.asarray(group[name][()]) for name in names]
    for variable, value in zip(optimizer.variables, values):
        # (one by one, as Keras's set_weights: those before a mismatch keep their values)
        if tuple(variable.shape) != value.shape:
            tf_logging.absl_warning("Error in loading the saved optimizer state. As a result, "
                                    "your model is starting with a freshly initialized "
                                    "optimizer.")
            return
        variable.assign(value.astype(np.dtype(variable.dtype)))
