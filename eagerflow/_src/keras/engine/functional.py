"""Functional models: `keras.Model(inputs, outputs)` over a graph of layer calls.

Built from the Nodes that calling layers on KerasTensors recorded. The nodes are
ordered by depth (inputs first) once; calling the model replays them on real
tensors. `layers` lists every layer (InputLayers included) in that order, and the
checkpoint dependencies are Keras 2's `layer-N` / `layer_with_weights-N`.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import nest
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine import input_layer as input_layer_mod
from eagerflow._src.keras.engine.base_layer import Layer, to_shapes
from eagerflow._src.keras.engine.keras_tensor import KerasTensor, is_keras_tensor
from eagerflow._src.keras.engine.training import Model
from eagerflow._src.ops.array import reshape
from eagerflow._src.ops.math import cast


def map_graph_network(inputs: list, outputs: list) -> tuple:
    """(nodes by depth, layers in order) of the graph from `inputs` to `outputs`.

    Raises ValueError when an output needs a tensor that the inputs don't reach.
    """
    order: list = []          # nodes, each after the nodes it depends on
    finished: set = set()
    in_progress: set = set()
    layer_index: dict = {}

    def visit(kt: KerasTensor) -> None:
        node = kt.node
        if id(node) in finished:
            return
        if id(node) in in_progress:
            raise ValueError(f"The tensor {kt} at layer \"{node.layer.name}\" is part of a cycle.")
        in_progress.add(id(node))
        for t in node.flat_inputs:
            visit(t)
        in_progress.discard(id(node))
        finished.add(id(node))
        order.append(node)
        layer_index.setdefault(id(node.layer), len(layer_index))

    for kt in outputs:
        visit(kt)

    node_depth: dict = {}
    layer_depth: dict = {}
    layers_by_id: dict = {}
    for node in reversed(order):
        depth = node_depth.setdefault(id(node), 0)
        lid = id(node.layer)
        layer_depth[lid] = max(depth, layer_depth.get(lid, 0))
        layers_by_id[lid] = node.layer
        node_depth[id(node)] = layer_depth[lid]
        for parent in node.parent_nodes:
            node_depth[id(parent)] = max(node_depth[id(node)] + 1, node_depth.get(id(parent), 0))

    nodes_by_depth: dict = {}
    for node in order:
        nodes_by_depth.setdefault(node_depth[id(node)], []).append(node)
    layers = sorted(layers_by_id.values(),
                    key=lambda lyr: (-layer_depth[id(lyr)], layer_index[id(lyr)]))

    # every tensor a node consumes must be computable from `inputs`
    computable = {id(t) for t in inputs}
    done_layers: list = []
    for depth in sorted(nodes_by_depth, reverse=True):
        for node in nodes_by_depth[depth]:
            if node.is_input:
                if not any(id(t) in computable for t in node.flat_outputs):
                    pass
            else:
                for t in node.flat_inputs:
                    if id(t) not in computable:
                        raise ValueError(
                            f"Graph disconnected: cannot obtain value for tensor {t} at layer "
                            f"\"{node.layer.name}\". The following previous layers were "
                            f"accessed without issue: {done_layers}")
            for t in node.flat_outputs:
                if not node.is_input:
                    computable.add(id(t))
            done_layers.append(node.layer.name)
    names = [lyr.name for lyr in layers]
    for name in set(names):
        if names.count(name) > 1:
            raise ValueError(f"The name \"{name}\" is used {names.count(name)} times in the "
                             "model. All layer names should be unique.")
    return nodes_by_depth, layers


class Functional(Model):
    """A model defined by its input and output KerasTensors."""

    def __init__(self, inputs: Any = None, outputs: Any = None, name: str | None = None,
                 trainable: bool = True, **kwargs: Any) -> None:
        if inputs is None or outputs is None:
            raise TypeError("Functional.__init__() requires `inputs` and `outputs`")
        Model.__init__(self, name=name, trainable=trainable, _functional=True, **kwargs)
        self._init_graph_network(inputs, outputs)

    def _init_graph_network(self, inputs: Any, outputs: Any) -> None:
        if isinstance(inputs, dict) and len(inputs) == 1 and not isinstance(outputs, dict):
            pass
        flat_in = nest.flatten(inputs)
        flat_out = nest.flatten(outputs)
        for t in flat_in + flat_out:
            if not is_keras_tensor(t):
                raise ValueError("Input tensors to a Functional must come from `tf.keras.Input`"
                                 f". Received: {t} (missing previous layer metadata).")
        object.__setattr__(self, "_nested_inputs", inputs)
        object.__setattr__(self, "_nested_outputs", outputs)
        object.__setattr__(self, "_flat_inputs", flat_in)
        object.__setattr__(self, "_flat_outputs", flat_out)
        nodes_by_depth, layers = map_graph_network(flat_in, flat_out)
        object.__setattr__(self, "_nodes_by_depth", nodes_by_depth)
        object.__setattr__(self, "_functional_layers", layers)
        object.__setattr__(self, "_run_order", [n for d in sorted(nodes_by_depth, reverse=True)
                                                for n in nodes_by_depth[d] if not n.is_input])
        object.__setattr__(self, "_input_layers", [t._keras_history.layer for t in flat_in])
        object.__setattr__(self, "_output_layers", [t._keras_history.layer for t in flat_out])
        object.__setattr__(self, "_is_graph_network", True)
        self.built = True
        for i, layer in enumerate(self.layers):
            self._track(f"layer-{i}", layer)
        self._track_weight_layers()

    # -- structure -------------------------------------------------------------------------
    @property
    def layers(self) -> list:
        return list(self._functional_layers)

    def _direct_sublayers(self) -> list:
        seen = {id(x) for x in self._functional_layers}
        return list(self._functional_layers) + [
            x for x in Layer._direct_sublayers(self) if id(x) not in seen]

    @property
    def inputs(self) -> list:
        return list(self._flat_inputs)

    @property
    def outputs(self) -> list:
        return list(self._flat_outputs)

    @property
    def input(self) -> Any:
        return self._nested_inputs

    @property
    def output(self) -> Any:
        return self._nested_outputs

    @property
    def input_names(self) -> list:
        return [t.name or t._keras_history.layer.name for t in self._flat_inputs]

    @property
    def output_names(self) -> list:
        return [t._keras_history.layer.name for t in self._flat_outputs]

    @property
    def input_shape(self) -> Any:
        shapes = [t._shape for t in self._flat_inputs]
        return shapes[0] if len(shapes) == 1 else shapes

    @property
    def output_shape(self) -> Any:
        shapes = [t._shape for t in self._flat_outputs]
        return shapes[0] if len(shapes) == 1 else shapes

    @property
    def input_spec(self) -> Any:
        return None

    @input_spec.setter
    def input_spec(self, value: Any) -> None:
        object.__setattr__(self, "_input_spec", value)

    # -- running ---------------------------------------------------------------------------
    def _conform_inputs(self, inputs: Any) -> list:
        if isinstance(inputs, dict):
            names = self.input_names
            if all(n in inputs for n in names):
                flat = [inputs[n] for n in names]
            else:
                flat = nest.flatten(inputs)
        else:
            flat = nest.flatten(inputs)
        if len(flat) != len(self._flat_inputs):
            raise ValueError(f"Layer \"{self.name}\" expects {len(self._flat_inputs)} input(s),"
                             f" but it received {len(flat)} input tensors. Inputs received: "
                             f"{flat}")
        out = []
        for x, ref in zip(flat, self._flat_inputs):
            if not isinstance(x, Tensor):
                x = convert_to_tensor(x)
            if x.dtype is not ref.dtype and (x.dtype.is_floating or x.dtype.is_integer) and \
                    (ref.dtype.is_floating or ref.dtype.is_integer):
                x = cast(x, ref.dtype)
            rank = len(ref._shape) if ref._shape is not None else None
            if rank is not None and x.shape.rank == rank - 1 and ref._shape[-1] == 1:
                x = reshape(x, list(x.shape.as_list()) + [1])
            out.append(x)
        return out

    def call(self, inputs: Any, training: Any = None, mask: Any = None) -> Any:
        values: dict = {}
        for kt, x in zip(self._flat_inputs, self._conform_inputs(inputs)):
            values[id(kt)] = x
        for node in self._run_order:
            args, kwargs = node.map_arguments(values)
            outputs = node.layer(*args, **kwargs)
            for kt, out in zip(node.flat_outputs, nest.flatten(outputs)):
                values[id(kt)] = out
        return nest.pack_sequence_as(self._nested_outputs,
                                     [values[id(kt)] for kt in self._flat_outputs])

    def _static_shapes(self) -> bool:
        return True

    def compute_output_shape(self, input_shape: Any) -> Any:
        shapes = to_shapes(input_shape)
        flat = [shapes] if isinstance(shapes, TensorShape) else nest.flatten(
            shapes, ) if not isinstance(shapes, list) else list(shapes)
        known: dict = {}
        for kt, s in zip(self._flat_inputs, flat):
            known[id(kt)] = TensorShape(s)
        for node in self._run_order:
            in_shapes = [known[id(t)] for t in node.flat_inputs]
            arg = in_shapes[0] if len(in_shapes) == 1 and not isinstance(
                node.call_args[0], (list, tuple, dict)) else in_shapes
            out = to_shapes(node.layer.compute_output_shape(arg))
            outs = [out] if isinstance(out, TensorShape) else nest.flatten(out)
            for kt, s in zip(node.flat_outputs, outs):
                known[id(kt)] = s
        res = [known[id(kt)] for kt in self._flat_outputs]
        return res[0] if len(res) == 1 else res

    # -- serialization ---------------------------------------------------------------------
    def get_config(self) -> dict:
        node_keys: dict = {}
        for layer in self.layers:
            kept = 0
            for i, node in enumerate(layer._inbound_nodes):
                if any(node is n for d in self._nodes_by_depth.values() for n in d):
                    node_keys[id(node)] = (i, kept)
                    kept += 1

        def ref(kt: KerasTensor) -> list:
            h = kt._keras_history
            node = h.layer._inbound_nodes[h.node_index]
            return [h.layer.name, node_keys.get(id(node), (0, 0))[1], h.tensor_index]

        layer_configs = []
        for layer in self.layers:
            inbound = []
            for node in layer._inbound_nodes:
                if id(node) not in node_keys or node.is_input:
                    continue
                args = node.call_args[0]
                kwargs = {k: v for k, v in node.call_kwargs.items()
                          if not isinstance(v, KerasTensor)}
                refs = [ref(t) + [kwargs] for t in nest.flatten(args)]
                inbound.append(refs)
            layer_configs.append({"class_name": type(layer).__name__,
                                  "config": layer.get_config(), "name": layer.name,
                                  "inbound_nodes": inbound})
        return {"name": self.name, "trainable": self.trainable, "layers": layer_configs,
                "input_layers": _nest_refs(self._nested_inputs, ref),
                "output_layers": _nest_refs(self._nested_outputs, ref)}

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> Functional:
        from eagerflow._src.keras.layers import deserialize as deserialize_layer

        created: dict = {}
        outputs_of: dict = {}   # layer name -> list of node outputs (flat lists)
        pending = list(config["layers"])
        for spec in pending:
            if spec["class_name"] == "InputLayer":
                layer = input_layer_mod.InputLayer.from_config(spec["config"])
                outputs_of[layer.name] = [nest.flatten(layer._inbound_nodes[0].outputs)]
            else:
                layer = deserialize_layer({"class_name": spec["class_name"],
                                           "config": spec["config"]}, custom_objects)
                outputs_of[layer.name] = []
            created[spec["name"]] = layer
        progress = True
        remaining = [s for s in pending if s["class_name"] != "InputLayer"]
        done_nodes = {s["name"]: 0 for s in remaining}
        while remaining and progress:
            progress = False
            for spec in list(remaining):
                nodes = spec["inbound_nodes"]
                while done_nodes[spec["name"]] < len(nodes):
                    node_data = nodes[done_nodes[spec["name"]]]
                    args = []
                    ok = True
                    kwargs = {}
                    for entry in node_data:
                        lname, nidx, tidx = entry[0], entry[1], entry[2]
                        kwargs = entry[3] if len(entry) > 3 else {}
                        if nidx >= len(outputs_of[lname]):
                            ok = False
                            break
                        args.append(outputs_of[lname][nidx][tidx])
                    if not ok:
                        break
                    layer = created[spec["name"]]
                    out = layer(args[0] if len(args) == 1 else args, **kwargs)
                    outputs_of[spec["name"]].append(nest.flatten(out))
                    done_nodes[spec["name"]] += 1
                    progress = True
                if done_nodes[spec["name"]] == len(nodes):
                    remaining.remove(spec)
        if remaining:
            raise ValueError("Could not rebuild the functional graph: layers "
                             f"{[s['name'] for s in remaining]} have unresolved inputs")

        def resolve(r: Any) -> Any:
            if isinstance(r, list) and len(r) == 3 and isinstance(r[0], str):
                return outputs_of[r[0]][r[1]][r[2]]
            return [resolve(x) for x in r]

        inputs = resolve(config["input_layers"])
        outputs = resolve(config["output_layers"])
        if isinstance(inputs, list) and len(inputs) == 1:
            inputs = inputs[0]
        if isinstance(outputs, list) and len(outputs) == 1:
            outputs = outputs[0]
        return cls(inputs=inputs, outputs=outputs, name=config.get("name"),
                   trainable=config.get("trainable", True))


def _nest_refs(structure: Any, ref: Any) -> Any:
    if isinstance(structure, KerasTensor):
        return [ref(structure)]
    if isinstance(structure, dict):
        return [ref(structure[k]) for k in sorted(structure)]
    return [ref(t) for t in nest.flatten(structure)]


def unique_functional_name() -> str:
    return kb.unique_object_name("model")
