"""Model.summary(): Keras 3's table (layer, output shape, parameters, connections; totals).

The table is laid out as Keras 3 lays it out with `rich` (utils/text_table.py), as plain
text: at most 88 characters wide for a stack of layers and 108 for a graph with branches
(12 more with `show_trainable`), and never wider than the terminal less 4; a wider
`line_length` is cropped at the terminal's width, as rich crops it.
"""

from __future__ import annotations

import math
import re
import shutil
from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_layer import InputLayer
from eagerflow._src.keras.engine.shapes import shape_tuples
from eagerflow._src.keras.utils import text_table
from eagerflow._src.keras.utils.io_utils import print_msg


def _count(weights: list) -> tuple:
    """(parameter count, size in bytes) of distinct weights."""
    unique = {id(w): w for w in weights}.values()
    n = sum(math.prod(w.shape.as_list()) for w in unique)
    size = sum(math.prod(w.shape.as_list()) * dt.as_dtype(w.dtype).size for w in unique)
    return n, size


def readable_size(n_bytes: float) -> str:
    for unit in ("B", "KB", "MB", "GB", "TB", "PB"):
        if n_bytes / 1024 < 1:
            return f"{n_bytes:.2f} {unit}"
        n_bytes /= 1024
    return f"{n_bytes:.2f} PB"


def _is_sequential_like(model: Any) -> bool:
    if not getattr(model, "_is_graph_network", False) or hasattr(model, "_sequential_layers"):
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


def _format_shape(shape: Any) -> str:
    return "(" + ", ".join(str(d) for d in shape) + ")"


def _shape_text(layer: Layer) -> str:
    """The output shape of a layer's last recorded call; else from the shape it was built
    with (when the layer can compute it); else `?`."""
    if layer._inbound_nodes:
        outputs = layer._inbound_nodes[-1].outputs
        shapes = nest.map_structure(lambda t: _format_shape(t.shape), outputs)
        if isinstance(shapes, tuple):  # a call's several outputs print as a list in Keras 3
            shapes = list(shapes)
    else:
        try:
            if getattr(layer, "_is_graph_network", False):
                out = layer.output_shape
                if isinstance(out, list) and len(out) > 1:
                    # Keras formats a functional model's list of output shapes as if it
                    # were one shape: each element, a tuple, printed inside one "( )"
                    return "(" + ", ".join(str(tuple(s)) for s in out) + ")"
            elif layer._build_shapes is not None and layer._static_shapes():
                raw = layer.compute_output_shape(layer._build_shapes)
                out = shape_tuples(raw)
            else:
                return "?"
        except (NotImplementedError, AttributeError, ValueError):
            return "?"
        if isinstance(out, list) and out and isinstance(out[0], (list, tuple)):
            shapes = [_format_shape(s) for s in out]
            if isinstance(raw, tuple):  # several outputs as a tuple (an RNN's states)
                shapes = tuple(shapes)
        else:
            shapes = _format_shape(out)
    flat = nest.flatten(shapes)
    if len(flat) == 1:
        return flat[0]
    return str(shapes).replace("'", "")


def print_summary(model: Any, line_length: int | None = None, positions: Any = None,
                  print_fn: Callable | None = None, expand_nested: bool = False,
                  show_trainable: bool = False, layer_range: Any = None) -> None:
    sequential_like = _is_sequential_like(model)
    if sequential_like:
        default_length, positions = 88, positions or [0.45, 0.8, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #"]
        justify = ["left", "left", "right"]
        relevant: set = set()
    else:
        default_length, positions = 108, positions or [0.3, 0.56, 0.74, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
        justify = ["left", "left", "right", "left"]
        relevant = {id(n) for depth in model._nodes_by_depth.values() for n in depth}
    if show_trainable:
        default_length += 12
        positions = [p * 0.9 for p in positions] + [1.0]
        header.append("Trainable")
        justify.append("center")
    if len(positions) < len(header):  # (Keras 3 indexes a position per column)
        raise IndexError("list index out of range")
    console_width = shutil.get_terminal_size().columns
    default_length = min(default_length, console_width - 4)
    widths = text_table.column_widths(positions, line_length or default_length, len(header))

    def connections(layer: Layer) -> str:
        parts = []
        for node in layer._inbound_nodes:
            if relevant and id(node) not in relevant:
                continue
            for t in node.flat_inputs:
                h = t._keras_history
                parts.append(f"{h.layer.name}[{h.node_index}][{h.tensor_index}]")
        return ", ".join(parts) or "-"

    def fields(layer: Layer, prefix: str) -> list:
        if not layer.built:
            params = "0 (unbuilt)"
        else:
            params = f"{layer.count_params():,}"
        out = [f"{prefix}{layer.name} ({type(layer).__name__})", _shape_text(layer), params]
        if not sequential_like:
            out.append(connections(layer))
        if show_trainable:
            has_weights = layer.built and bool(layer.weights)
            out.append(("Y" if layer.trainable else "N") if has_weights else "-")
        return out

    def layer_rows(layer: Layer, level: int = 0) -> list:
        rows = [fields(layer, "   " * level + "└ " if level else "")]
        if expand_nested and getattr(layer, "layers", None):
            for sub in layer.layers:
                rows.extend(layer_rows(sub, level + 1))
        return rows

    layers = _summary_layers(model)
    lo, hi = _layer_index_bounds(layers, layer_range)
    rows = [row for layer in layers[lo:hi] for row in layer_rows(layer)]
    trainable, t_size = _count(model.trainable_weights)
    non_trainable, n_size = _count(model.non_trainable_weights)
    optimizer = getattr(model, "optimizer", None)
    optimizer_built = bool(getattr(model, "compiled", False) and optimizer is not None and
                           getattr(optimizer, "built", False))
    opt_count, opt_size = _count(list(optimizer.variables)) if optimizer_built else (0, 0)
    lines = [f'Model: "{model.name}"']
    # rich draws the table as wide as asked, then crops its lines at the console's width
    lines += [line[:console_width] for line in text_table.render(header, rows, widths, justify)]
    lines.append(f" Total params: {trainable + non_trainable + opt_count:,} "
                 f"({readable_size(t_size + n_size + opt_size)})")
    lines.append(f" Trainable params: {trainable:,} ({readable_size(t_size)})")
    lines.append(f" Non-trainable params: {non_trainable:,} ({readable_size(n_size)})")
    if optimizer_built:
        lines.append(f" Optimizer params: {opt_count:,} ({readable_size(opt_size)})")
    text = "\n".join(lines) + "\n"
    if print_fn is None:
        print_msg(text, line_break=False)
    else:
        print_fn(text)  # one call with the whole table, as Keras 3 makes it


def _summary_layers(model: Any) -> list:
    """The rows of the table: a functional model's layers with its inputs; a Sequential's
    own layers (no InputLayer); a subclassed model's sublayers."""
    if hasattr(model, "_sequential_layers"):
        return list(model._sequential_layers)
    layers = list(getattr(model, "_operations", model.layers))
    if getattr(model, "_is_graph_network", False):
        inputs = [t._keras_history.layer for t in model._flat_inputs]
        layers = [x for x in inputs if isinstance(x, InputLayer) and x not in layers] + layers
    return layers


def _layer_index_bounds(layers: list, layer_range: Any) -> tuple:
    if layer_range is None:
        return 0, len(layers)
    if len(layer_range) != 2:
        raise ValueError("layer_range must be a list or tuple of length 2. Received: "
                         f"layer_range = {layer_range} of length {len(layer_range)}")
    if not isinstance(layer_range[0], str) or not isinstance(layer_range[1], str):
        raise ValueError(f"layer_range should contain string type only. Received: "
                         f"{layer_range}")
    lower = [i for i, x in enumerate(layers) if re.match(layer_range[0], x.name)]
    upper = [i for i, x in enumerate(layers) if re.match(layer_range[1], x.name)]
    if not lower or not upper:
        raise ValueError("Passed layer_names do not match the layer names in the model. "
                         f"Received: {layer_range}")
    if min(lower) > max(upper):
        return min(upper), max(lower) + 1
    return min(lower), max(upper) + 1
