"""Keras 2's HDF5 weight files, the layout of the ImageNet weights keras.applications
offers (`resnet50_weights_tf_dim_ordering_tf_kernels.h5`, ...) and of Keras 2's
`save_weights('x.h5')` / whole-model `.h5` files (keras layer, beside weights_io.py).

The root (or its `model_weights` group) lists `layer_names`; each layer's group lists
`weight_names`, its datasets in the layer's order (trainable weights, then the others).
As in Keras 3, layers are matched by position: the model's layers that have weights,
in order, against the file's layers that have weights. Only arrays are read.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def _names(group: Any, attr: str) -> list:
    """An attribute list of names, possibly split into `attr0`, `attr1`, ... chunks."""
    if attr in group.attrs:
        values = list(group.attrs[attr])
    else:
        values, i = [], 0
        while f"{attr}{i}" in group.attrs:
            values.extend(group.attrs[f"{attr}{i}"])
            i += 1
    return [v.decode("utf8") if hasattr(v, "decode") else str(v) for v in values]


def weights_group(f: Any) -> Any:
    """The group holding Keras 2's weight layout, or None when the file is not in it."""
    if "layer_names" in f.attrs or "layer_names0" in f.attrs:
        return f
    group = f.get("model_weights")
    if group is not None and ("layer_names" in group.attrs or "layer_names0" in group.attrs):
        return group
    return None


def legacy_plan(group: Any, model: Any, filepath: str, skip_mismatch: bool) -> list:
    """(variable, value) pairs for every layer with weights, checked before any is assigned."""
    layers = [la for la in model.layers if la.trainable_weights + la.non_trainable_weights]
    saved = [name for name in _names(group, "layer_names")
             if _names(group[name], "weight_names")]
    if len(saved) != len(layers):
        raise ValueError(f"Layer count mismatch when loading weights from file. Model expected "
                         f"{len(layers)} layers, found {len(saved)} saved layers.")
    plan = []
    for k, (layer, name) in enumerate(zip(layers, saved)):
        variables = layer.trainable_weights + layer.non_trainable_weights
        values = [np.asarray(group[name][w][()]) for w in _names(group[name], "weight_names")]
        if len(values) != len(variables):
            raise ValueError(f"Weight count mismatch for layer #{k} (named {layer.name} in the "
                             f"current model, {name} in the save file). Layer expects "
                             f"{len(variables)} weight(s). Received {len(values)} saved "
                             "weight(s)")
        for v, value in zip(variables, values):
            if tuple(v.shape) != value.shape:
                if skip_mismatch:
                    continue
                raise ValueError(f"Shape mismatch in layer #{k} (named {layer.name})for weight "
                                 f"{v.path}. Weight expects shape {tuple(v.shape)}. Received "
                                 f"saved weight with shape {value.shape} ({filepath})")
            if value.dtype.kind not in "biuf":
                raise ValueError(f"Weight {v.path} of layer #{k} (named {layer.name}) holds "
                                 f"{value.dtype} data in {filepath}")
            plan.append((v, value.astype(np.dtype(v.dtype))))
    return plan
