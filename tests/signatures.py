"""The public signatures of a TF-like module, by dotted name: what record_tf_signatures.py
writes for TF and test_tf_signatures.py computes for eagerflow (one definition for both);
keras_signatures and the positional KERAS_CALLS do the same for tf.keras
(tests/keras/record_keras_signatures.py, test_keras_signatures.py)."""

from __future__ import annotations

import ast
import inspect
import json
import re
import types
from typing import Any

NAMESPACES = ["", "math", "linalg", "nn", "image", "strings", "random", "signal", "io", "sparse",
              "ragged", "bitwise", "audio", "config", "debugging", "dtypes", "summary", "train",
              "saved_model", "distribute", "data", "data.experimental", "test", "autograph",
              "experimental", "nest", "sets", "quantization", "lookup", "types.experimental",
              "random.experimental", "io.gfile", "config.experimental", "linalg.experimental",
              "errors"]


def _params(fn: Any) -> list | None:
    target = fn.__init__ if inspect.isclass(fn) else fn
    try:
        sig = inspect.signature(target)
    except (TypeError, ValueError):
        return None
    out = []
    for p in sig.parameters.values():
        if p.name == "self":
            continue
        default = None if p.default is inspect.Parameter.empty else repr(p.default)
        if default is not None and " at 0x" in default:
            default = "<object>"
        out.append([p.name, p.kind.name, default])
    return out


def signatures(module: Any, namespaces: list = NAMESPACES) -> dict:
    """{"math.atan2": [[name, kind, default repr or None], ...], ...}"""
    out = {}
    for space in namespaces:
        obj = module
        try:
            for part in filter(None, space.split(".")):
                obj = getattr(obj, part)
        except AttributeError:
            continue
        for name in dir(obj):
            if name.startswith("_"):
                continue
            try:
                fn = getattr(obj, name)
            except Exception:  # (lazy attributes that fail to load)
                continue
            if isinstance(fn, types.ModuleType) or not callable(fn):
                continue
            params = _params(fn)
            if params is not None:
                out[f"{space}.{name}" if space else name] = params
    return out


# -- Keras 3 (tf.keras) -------------------------------------------------------------------

KERAS_NAMESPACES = ["", "layers", "losses", "metrics", "optimizers", "optimizers.schedules",
                    "callbacks", "models", "activations", "initializers", "regularizers",
                    "constraints", "utils", "applications", "saving", "mixed_precision",
                    "random", "backend", "config", "preprocessing", "quantizers", "export",
                    "tree", "dtype_policies", "visualization", "wrappers"]


def keras_signatures(module: Any) -> dict:
    """{"keras.layers.Conv2D": [[name, kind, default repr or None], ...], ...}: the public
    functions and classes of `module.keras`'s namespaces."""
    return {f"keras.{name}": params for name, params in
            signatures(module.keras, KERAS_NAMESPACES).items()}


# Positional calls whose binding the parameter order decides: each is evaluated with
# `keras` bound to tf.keras, and the object's config compared.
KERAS_CALLS = [
    "layers.Conv2D(8, 3, 2, 'same')",
    "layers.Conv1D(4, 3, 1, 'causal', None, 2)",
    "layers.Conv3DTranspose(4, 3, 1, 'same', 'channels_first', None, 1, 'relu')",
    "layers.Conv2DTranspose(4, 3, 2, 'same', 1, None, 1, 'relu')",
    "layers.SeparableConv1D(4, 3, 1, 'same', None, 1, 2, 'relu')",
    "layers.DepthwiseConv2D(3, 1, 'same', 2, None, 1, 'relu')",
    "layers.ConvLSTM2D(4, 3, 1, 'same', None, 1, 'relu', 'hard_sigmoid')",
    "layers.LSTM(3, 'relu', 'hard_sigmoid', False)",
    "layers.GRU(3, 'relu', 'sigmoid', True, 'ones')",
    "layers.SimpleRNN(3, 'relu', False, 'ones', 'zeros', 'zeros')",
    "layers.MaxPooling2D(3, 2, 'same', None, 'pool')",
    "layers.AveragePooling1D(2, 1, 'same', 'channels_first', 'avg')",
    "layers.GlobalAveragePooling1D(None, True)",
    "layers.BatchNormalization(-1, 0.9, 1e-3, True, True, 'zeros', 'ones', 'zeros', 'ones',"
    " None, None, None, None, False, None, 0.99, False)",
    "layers.LayerNormalization(-1, 1e-4, False, True, 'zeros', 'ones')",
    "layers.Embedding(10, 4, 'ones', None, None, True)",
    "layers.SpatialDropout2D(0.3, 'channels_first', 7, 'drop')",
    "layers.SpatialDropout1D(0.3, 7, 'drop')",
    "layers.IntegerLookup(None, 2, None, -1, [4, 5], 'int64', None, False, 'int')",
    "layers.PReLU()",
    "losses.BinaryCrossentropy(True, 0.1)",
    "losses.BinaryFocalCrossentropy(True, 0.5, 3.0, True, 0.1, -1, 'sum')",
    "losses.CategoricalCrossentropy(True, 0.2, 1, 'none', 'cce')",
    "losses.CategoricalFocalCrossentropy(0.5, 3.0, True)",
    "losses.SparseCategoricalCrossentropy(True, 3, 'sum', 1)",
    "losses.Huber(2.0, 'sum')",
    "losses.CosineSimilarity(1, 'none')",
    "losses.MeanSquaredError('sum', 'mse')",
    "metrics.BinaryCrossentropy('bce', 'float64', True, 0.2)",
    "metrics.CategoricalCrossentropy('cce', 'float64', True, 0.1, 1)",
    "metrics.SparseCategoricalCrossentropy('scce', 'float32', True, 2, 1)",
    "metrics.Hinge('h', 'float64')",
    "optimizers.Adam(0.01, 0.8, 0.9, 1e-6, True, 0.1, 1.0)",
    "optimizers.AdamW(0.1, 0.01, 0.5)",
    "optimizers.SGD(0.1, 0.9, True, 0.01)",
    "optimizers.Lamb(0.01, 0.8, 0.9, 1e-6, 0.1)",
    "optimizers.Adamax(0.02, 0.5, 0.6, 1e-5, 0.2)",
    "optimizers.RMSprop(0.01, 0.8, 0.1, 1e-6, True, None, 2.0)",
    "optimizers.Ftrl(0.01, -0.5, 0.1, 0.01, 0.02, 0.0, 0.0, None, None, 0.5)",
]


def keras_call_configs(keras: Any, calls: list = KERAS_CALLS) -> dict:
    """{call: its object's config, as JSON reads it back}."""
    out = {}
    for call in calls:
        config = dict(eval("keras." + call, {"keras": keras}).get_config())  # noqa: S307
        if isinstance(config.get("name"), str):  # (less the uniquifying counter)
            config["name"] = re.sub(r"_\d+$", "", config["name"])
        out[call] = json.loads(json.dumps(config, default=repr))
    return out


def _value(default: str | None) -> Any:
    """A default's value where its repr is a Python literal (lists as tuples: [] and ()
    mean the same to these functions), else its repr."""
    if default is None:
        return None
    try:
        value = ast.literal_eval(default)
    except (ValueError, SyntaxError):
        return default
    return tuple(value) if isinstance(value, list) else value


def comparable(params: list) -> list:
    """Recorded parameters in a form to compare: equal default values compare equal."""
    return [(name, kind, _value(default)) for name, kind, default in params]
