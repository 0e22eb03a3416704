"""Model.summary(): Keras 2's text table (layer, output shape, params; totals)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import nest


def _readable_size(n_bytes: float) -> str:
    for unit in ("Byte", "KB", "MB", "GB", "TB", "PB"):
        if n_bytes / 1024 < 1:
            return f"{n_bytes:.2f} {unit}"
        n_bytes /= 1024
    return f"{n_bytes:.2f} PB"


def _count(weights: list) -> tuple:
    seen: set = set()
    n = size = 0
    for w in weights:
        if id(w) in seen:
            continue
        seen.add(id(w))
        k = int(np.prod(w.shape.as_list()))
        n += k
        size += k * w.dtype.size
    return n, size


def _is_sequential_like(model: Any) -> bool:
    if type(model).__name__ == "Sequential" or not getattr(model, "_is_graph_network", False):
        return True
    nodes = []
    for depth in model._nodes_by_depth.values():
        if len(depth) > 1 or (len(depth) == 1 and len(depth[0].flat_inputs) > 1):
            return False
        nodes.extend(depth)
    node_ids = {id(n) for n in nodes}
    for layer in model.layers:
        if sum(1 for n in layer._inbound_nodes if id(n) in node_ids) > 1:
            return False
    return True


def _output_shape_text(layer: Any) -> str:
    from eagerflow._src.keras.engine.input_layer import InputLayer

    try:
        shape = layer.output_shape
    except AttributeError:
        return "multiple"
    if isinstance(layer, InputLayer):
        return str([shape])
    return str(shape)


def print_summary(model: Any, line_length: int | None = None, positions: Any = None,
                  print_fn: Callable | None = None, expand_nested: bool = False,
                  show_trainable: bool = False, layer_range: Any = None) -> None:
    print_fn = print_fn or print
    sequential_like = _is_sequential_like(model)
    if sequential_like:
        line_length = line_length or 65
        positions = positions or [0.45, 0.85, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #"]
    else:
        line_length = line_length or 98
        positions = positions or [0.33, 0.55, 0.67, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
    if positions[-1] <= 1:
        positions = [int(line_length * p) for p in positions]
    if show_trainable:
        line_length += 11
        positions.append(line_length)
        header.append("Trainable")

    def row(fields: list) -> None:
        left = [str(f) for f in fields]
        while any(left):
            line = ""
            for col, text in enumerate(left):
                start = positions[col - 1] if col else 0
                end = positions[col]
                space = 2 if col != len(positions) - 1 else 0
                cutoff = end - start - space
                piece = text[:cutoff]
                cuts = [piece.find(b) + len(b) for b in ("),", "},", "],", "',")
                        if piece.find(b) >= 0]
                if cuts:
                    cutoff = min(cuts)
                    piece = piece[:cutoff]
                if col == 0:
                    line += " "
                line += piece + (" " * space if space else "")
                left[col] = text[cutoff:]
                line += " " * (end - len(line))
            print_fn(line)

    print_fn(f'Model: "{model.name}"')
    print_fn("_" * line_length)
    row(header)
    print_fn("=" * line_length)
    layers = model.layers
    if getattr(model, "_is_graph_network", False) and hasattr(model, "_input_layer_obj") \
            and model._input_layer_obj is not None and not sequential_like:
        layers = [model._input_layer_obj] + layers
    if layer_range is not None:
        names = [x.name for x in layers]
        lo, hi = names.index(layer_range[0]), names.index(layer_range[1]) + 1
        layers = layers[lo:hi]
    relevant = set()
    if getattr(model, "_is_graph_network", False):
        for depth in model._nodes_by_depth.values():
            relevant.update(id(n) for n in depth)
    for layer in layers:
        params = layer.count_params() if layer.built else 0
        fields = [f"{layer.name} ({type(layer).__name__})", _output_shape_text(layer), params]
        if not sequential_like:
            conns = []
            for node in layer._inbound_nodes:
                if relevant and id(node) not in relevant:
                    continue
                for t in node.flat_inputs:
                    h = t._keras_history
                    conns.append(f"{h.layer.name}[{h.node_index}][{h.tensor_index}]")
            fields.append(conns[0] if conns else "")
            if show_trainable:
                fields.append("Y" if layer.trainable else "N")
            row(fields)
            for extra in conns[1:]:
                row(["", "", "", extra] + ([""] if show_trainable else []))
        else:
            if show_trainable:
                fields.append("Y" if layer.trainable else "N")
            row(fields)
        print_fn(" " * line_length)
    print_fn("=" * line_length)
    trainable, t_size = _count(model.trainable_weights)
    non_trainable, n_size = _count(model.non_trainable_weights)
    print_fn(f"Total params: {trainable + non_trainable} ({_readable_size(t_size + n_size)})")
    print_fn(f"Trainable params: {trainable} ({_readable_size(t_size)})")
    print_fn(f"Non-trainable params: {non_trainable} ({_readable_size(n_size)})")
    print_fn("_" * line_length)


def _flat(x: Any) -> list:
    return nest.flatten(x)
