"""keras.utils.model_to_dot and plot_model: a model's graph of layers as Graphviz DOT, with
Keras 3's node labels (HTML tables naming each layer, with its shapes, dtype, activation
and trainability when asked), and drawn to an image file.

Keras layer level. pydot (for the graph) and Graphviz (to draw it) are optional, as in
Keras 3: without them the functions raise Keras's ImportErrors.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

from eagerflow._src.keras import tree
from eagerflow._src.keras.engine.sequential import Sequential
from eagerflow._src.keras.engine.training import Functional
from eagerflow._src.keras.utils.io_utils import print_msg


def _pydot() -> Any:
    """pydot (or its older forks pydot_ng, pydotplus), or None."""
    for name in ("pydot", "pydot_ng", "pydotplus"):
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    return None


def _has_graphviz(pydot: Any) -> bool:
    try:
        pydot.Dot.create(pydot.Dot())
        return True
    except (OSError, pydot.PydotException):
        return False


def _add_edge(pydot: Any, dot: Any, src: Any, dst: Any) -> None:
    src_id, dst_id = str(id(src)), str(id(dst))
    if not dot.get_edge(src_id, dst_id):
        edge = pydot.Edge(src_id, dst_id)
        edge.set("penwidth", "2")
        dot.add_edge(edge)


def _activation_name(layer: Any) -> str:
    activation = layer.activation
    if hasattr(activation, "name"):
        return activation.name
    if hasattr(activation, "__name__"):
        return activation.__name__
    return str(activation)


def _shape_text(shape: Any) -> str:
    if shape is None:
        return "?"
    text = ", ".join(f"{k}: {v}" for k, v in shape.items()) if isinstance(shape, dict) \
        else f"{shape}"
    return text.replace("}", "").replace("{", "")


def _io_of(layer: Any, what: str, attr: str) -> Any:
    try:
        return tree.map_structure(lambda x: getattr(x, attr), getattr(layer, what))
    except (ValueError, AttributeError):
        return None


def _layer_label(layer: Any, show_layer_names: bool, show_layer_activations: bool,
                 show_dtype: bool, show_shapes: bool, show_trainable: bool) -> str:
    """The node's HTML-like label: a title row, then activation, shapes, dtype, trainable."""
    class_name = type(layer).__name__
    colspan = max(1, int(show_dtype) + int(show_trainable) + (2 if show_shapes else 0))
    title = f"<b>{layer.name}</b> ({class_name})" if show_layer_names else \
        f"<b>{class_name}</b>"
    table = ('<<table border="0" cellborder="1" bgcolor="black" cellpadding="10">'
             f'<tr><td colspan="{colspan}" bgcolor="black"><font point-size="16" '
             f'color="white">{title}</font></td></tr>')
    if show_layer_activations and getattr(layer, "activation", None) is not None:
        table += (f'<tr><td bgcolor="white" colspan="{colspan}"><font point-size="14">'
                  f"Activation: <b>{_activation_name(layer)}</b></font></td></tr>")
    cols = []
    if show_shapes:
        if class_name != "InputLayer":
            cols.append('<td bgcolor="white"><font point-size="14">Input shape: <b>'
                        f"{_shape_text(_io_of(layer, 'input', 'shape'))}</b></font></td>")
        cols.append('<td bgcolor="white"><font point-size="14">Output shape: <b>'
                    f"{_shape_text(_io_of(layer, 'output', 'shape'))}</b></font></td>")
    if show_dtype:
        dtype = _io_of(layer, "output", "dtype")
        cols.append('<td bgcolor="white"><font point-size="14">Output dtype: <b>'
                    f"{dtype or '?'}</b></font></td>")
    if show_trainable and hasattr(layer, "trainable") and layer.weights:
        cols.append('<td bgcolor="forestgreen"><font point-size="14" color="white"><b>'
                    'Trainable</b></font></td>' if layer.trainable else
                    '<td bgcolor="firebrick"><font point-size="14" color="white"><b>'
                    'Non-trainable</b></font></td>')
    if cols:
        table += f"<tr>{''.join(cols)}</tr>"
    return table + "</table>>"


def _node(pydot: Any, layer: Any, options: dict) -> Any:
    node = pydot.Node(str(id(layer)), label=_layer_label(layer, **options))
    node.set("fontname", "Helvetica")
    node.set("border", "0")
    node.set("margin", "0")
    return node


_NOT_BUILT = ("This model has not yet been built. Build the model first by calling `build()` "
              "or by calling the model on a batch of data.")


def model_to_dot(model: Any, show_shapes: bool = False, show_dtype: bool = False,
                 show_layer_names: bool = True, rankdir: str = "TB",
                 expand_nested: bool = False, dpi: int = 200, subgraph: bool = False,
                 show_layer_activations: bool = False, show_trainable: bool = False,
                 splines: str = "ortho", **kwargs: Any) -> Any:
    """The model as a `pydot.Dot` graph (a `pydot.Cluster` with `subgraph`)."""
    if not model.built:
        raise ValueError(_NOT_BUILT)
    pydot = _pydot()
    if pydot is None:
        raise ImportError("You must install pydot (`pip install pydot`) for model_to_dot to "
                          "work.")
    if subgraph:
        dot = pydot.Cluster(style="dashed", graph_name=model.name)
        dot.set("label", model.name)
        dot.set("labeljust", "l")
    else:
        dot = pydot.Dot()
        dot.set("rankdir", rankdir)
        dot.set("concentrate", True)
        dot.set("dpi", dpi)
        dot.set("splines", splines)
        dot.set_node_defaults(shape="record")
    if kwargs.pop("layer_range", None) is not None:
        raise ValueError("Argument `layer_range` is no longer supported.")
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
    options = {"show_layer_names": show_layer_names,
               "show_layer_activations": show_layer_activations, "show_dtype": show_dtype,
               "show_shapes": show_shapes, "show_trainable": show_trainable}
    if isinstance(model, Sequential):
        layers = model.layers
    elif not isinstance(model, Functional):
        dot.add_node(_node(pydot, model, options))
        return dot
    else:
        layers = model.operations
    for layer in layers:
        if expand_nested and isinstance(layer, (Functional, Sequential)):
            dot.add_subgraph(model_to_dot(
                layer, show_shapes, show_dtype, show_layer_names, rankdir, expand_nested,
                subgraph=True, show_layer_activations=show_layer_activations,
                show_trainable=show_trainable))
        else:
            dot.add_node(_node(pydot, layer, options))
    if isinstance(model, Sequential):
        if not expand_nested:
            for a, b in zip(layers, layers[1:]):
                _add_edge(pydot, dot, a, b)
            return dot
        layers = model.layers[1:]
    own = model._own_nodes()
    for layer in layers:
        for node in layer._inbound_nodes:
            if id(node) not in own:
                continue
            for input_index, tensor in enumerate(node.flat_inputs):
                history = tensor._keras_history
                if history is None:
                    continue
                source, output_index, destination = history.layer, history.tensor_index, layer
                if expand_nested:
                    while isinstance(source, (Functional, Sequential)):
                        h = source.outputs[output_index]._keras_history
                        source, output_index = h.layer, h.tensor_index
                    while isinstance(destination, (Functional, Sequential)):
                        destination = destination.layers[0] \
                            if isinstance(destination, Sequential) else \
                            destination.inputs[input_index]._keras_history.layer
                _add_edge(pydot, dot, source, destination)
    return dot


def _missing(message: str) -> None:
    """Keras 3 prints the message in IPython and raises ImportError elsewhere."""
    if "IPython.core.magics.namespace" in sys.modules:
        print_msg(message)
        return
    raise ImportError(message)


def plot_model(model: Any, to_file: Any = "model.png", show_shapes: bool = False,
               show_dtype: bool = False, show_layer_names: bool = False, rankdir: str = "TB",
               expand_nested: bool = False, dpi: int = 200,
               show_layer_activations: bool = False, show_trainable: bool = False,
               splines: str = "ortho", **kwargs: Any) -> Any:
    """Draws the model's graph to `to_file` (its extension is the format: png, svg, pdf,
    ...), with Graphviz; in IPython, returns the image to display."""
    if not model.built:
        raise ValueError(_NOT_BUILT)
    pydot = _pydot()
    if pydot is None:
        return _missing("You must install pydot (`pip install pydot`) for `plot_model` to "
                        "work.")
    if not _has_graphviz(pydot):
        return _missing("You must install graphviz (see instructions at "
                        "https://graphviz.gitlab.io/download/) for `plot_model` to work.")
    if kwargs.pop("layer_range", None) is not None:
        raise ValueError("Argument `layer_range` is no longer supported.")
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
    dot = model_to_dot(model, show_shapes=show_shapes, show_dtype=show_dtype,
                       show_layer_names=show_layer_names, rankdir=rankdir,
                       expand_nested=expand_nested, dpi=dpi,
                       show_layer_activations=show_layer_activations,
                       show_trainable=show_trainable, splines=splines)
    to_file = str(to_file)
    extension = os.path.splitext(to_file)[1][1:] or "png"
    dot.write(to_file, format=extension)
    if extension != "pdf":
        try:
            from IPython import display  # (optional: only in notebooks)
        except ImportError:
            return None
        return display.Image(filename=to_file)
    return None
