"""Functional models' graph: `keras.Model(inputs, outputs)` over a graph of layer calls.

Built from the Nodes that calling layers on KerasTensors recorded. The nodes are
ordered by depth (inputs first) once; calling the model replays them on real
tensors. `layers` lists every layer (InputLayers included) in that order. Checkpoint
children are Keras 3's (`functional_children`): the containers its Functional makes
untracked by Keras (empty in a checkpoint) and `_operations`, the layers in order.

Sits below training.py: `GraphNetwork` holds what a functional model does with its
graph (structure, calls, config), and training.py's `Functional` is a Model with it
mixed in, since `Model(inputs, outputs)` itself makes one.
"""

from __future__ import annotations

import warnings
from typing import Any

from eagerflow._src.core import nest
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor, is_tensor
from eagerflow._src.core.trackable import TrackableDict, TrackableList
from eagerflow._src.keras import legacy_serialization as legacy_ser
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras import tree
from eagerflow._src.keras.engine import weights_version
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.call_spec import call_spec
from eagerflow._src.keras.engine.input_spec import InputSpec, refuse_none
from eagerflow._src.keras.engine.keras_tensor import (
    KerasTensor,
    SymbolicTensor,
    is_keras_tensor,
    trace_symbolic,
)
from eagerflow._src.keras.engine.operation import (
    FunctionOperation,
    is_operation,
    operation_from_config,
)
from eagerflow._src.keras.engine.shapes import to_shapes
from eagerflow._src.keras.engine.symbolic_calls import output_shape_of
from eagerflow._src.keras.engine.tracked import tracked
from eagerflow._src.keras.tree import flatten_with_path
from eagerflow._src.ops.array import expand_dims, squeeze
from eagerflow._src.ops.math_base import cast

# the modules of Keras 3's operations in a functional config (relu's ReLU is its
# activations module's own)
_OPERATION_MODULES = ("keras.src.ops.", "keras.src.activations.activations")


def map_graph_network(inputs: list, outputs: list) -> tuple:
    """(nodes by depth, layers in order) of the graph from `inputs` to `outputs`.

    The order is Keras 3's, which users see: a model runs its nodes deepest first and,
    within a depth, in the order the walk back from the outputs first reached them (so
    two branches off one input run last-reached first); `layers` sorts a depth's layers
    by when the walk from the outputs first met them. Raises ValueError when an output
    needs a tensor that the inputs don't reach.
    """
    order: list = []          # nodes, each after the nodes it depends on
    finished: set = set()
    in_progress: set = set()
    layer_index: dict = {}    # id(layer) -> when the walk from the outputs first met it

    def visit(kt: KerasTensor) -> None:
        node = kt.node
        if id(node) in finished:
            return
        if id(node) in in_progress:
            raise ValueError(f"The tensor {kt} at layer \"{node.layer.name}\" is part of a cycle.")
        layer_index.setdefault(id(node.layer), len(layer_index))
        in_progress.add(id(node))
        for t in node.flat_inputs:
            visit(t)
        in_progress.discard(id(node))
        finished.add(id(node))
        order.append(node)

    for kt in outputs:
        visit(kt)

    node_depth: dict = {}     # id(node) -> depth, in the order the nodes are reached
    layer_depth: dict = {}
    layers_by_id: dict = {}
    nodes_by_id = {id(node): node for node in order}
    for node in reversed(order):
        depth = node_depth.setdefault(id(node), 0)
        lid = id(node.layer)
        layer_depth[lid] = max(depth, layer_depth.get(lid, 0))
        layers_by_id[lid] = node.layer
        node_depth[id(node)] = layer_depth[lid]
        for parent in node.parent_nodes:
            node_depth[id(parent)] = max(node_depth[id(node)] + 1, node_depth.get(id(parent), 0))

    # an Input the outputs don't need is still the model's (Keras 3 keeps it, for losses
    # and metrics): its layer joins at depth 0, ahead of that depth's other layers
    for kt in inputs:
        node = kt.node
        if node.is_input and id(node.layer) not in layers_by_id:
            node_depth[id(node)] = layer_depth[id(node.layer)] = 0
            nodes_by_id[id(node)] = node
            layers_by_id[id(node.layer)] = node.layer
            layer_index[id(node.layer)] = -1

    nodes_by_depth: dict = {}
    for nid, depth in node_depth.items():
        nodes_by_depth.setdefault(depth, []).append(nodes_by_id[nid])
    layers = sorted(layers_by_id.values(),
                    key=lambda lyr: (-layer_depth[id(lyr)], layer_index[id(lyr)]))

    # every tensor a node consumes must be computable (any Input counts, as in Keras 3:
    # an output that needs an Input not among `inputs` is refused by the caller)
    computable = {id(t) for t in inputs}
    done_layers: list = []
    for depth in sorted(nodes_by_depth, reverse=True):
        for node in nodes_by_depth[depth]:
            for t in node.flat_inputs:
                if id(t) not in computable:
                    raise ValueError(
                        f"Graph disconnected: cannot obtain value for tensor {t} at layer "
                        f"\"{node.layer.name}\". The following previous layers were "
                        f"accessed without issue: {done_layers}")
            computable.update(id(t) for t in node.flat_outputs)
            done_layers.append(node.layer.name)
    names = [lyr.name for lyr in layers]
    for name in names:  # (the first name used twice, in graph order, as Keras 3 reports)
        if names.count(name) > 1:
            raise ValueError(f"The name \"{name}\" is used {names.count(name)} times in the "
                             "model. All operation names should be unique.")
    return nodes_by_depth, layers


# What Keras 3's Functional constructor assigns outside Keras's own tracking, so TF's
# attribute tracking makes each a checkpoint child (holding no trackables: empty nodes)
_UNTRACKED_CONTAINERS = ("_tracked", "_inbound_nodes", "_outbound_nodes", "_losses",
                         "_losses_override", "call_signature_parameters")
_UNTRACKED_DICTS = ("_call_has_context_arg",)  # (a dict: TF's dict wrapper in SavedModels)


def functional_children(operations: list) -> dict:
    """A Keras 3 Functional's checkpoint children over its operations (in graph order;
    keras.ops operations, a mask's `not_equal`, are no TF trackables but keep their index)."""
    children: dict = {name: TrackableList([]) for name in _UNTRACKED_CONTAINERS}
    children.update({name: TrackableDict({}) for name in _UNTRACKED_DICTS})
    children["_operations"] = TrackableList(
        [None if is_operation(op) else op for op in operations])
    return children


def functional_saved_children() -> dict:
    """The containers TF 2.21's SavedModel adds to a Keras 3 Functional (its others are in
    its checkpoint: functional_children)."""
    return {"_build_shapes_dict": TrackableDict({}), "output_names": TrackableList([])}


def check_all_keras_tensors(inputs: Any, outputs: Any) -> None:
    """Keras 3's refusal of a Functional's `inputs` or `outputs` holding anything but
    KerasTensors (a string, an eager tensor, an array, None)."""
    for what, given in (("inputs", inputs), ("outputs", outputs)):
        for x in nest.flatten(given):
            if not isinstance(x, KerasTensor):
                raise ValueError(f"All `{what}` values must be KerasTensors. Received: "
                                 f"{what}={given} including invalid value {x} of type "
                                 f"{type(x)}")


class GraphNetwork:
    """A model defined by its input and output KerasTensors: the part of training.py's
    `Functional` that reads the graph of layer calls (mixed in before Model)."""

    _checks_inputs = True  # against Keras 3's input specs (a Sequential has none)
    # the index a model's first call takes in a functional config that nests it: 1, as a
    # Keras 3 Functional counts its own construction node (a Sequential has none)
    _first_config_node = 1

    def _init_graph_network(self, inputs: Any, outputs: Any) -> None:
        if isinstance(inputs, dict):
            for key, value in inputs.items():
                if isinstance(value, KerasTensor) and key != value.name:
                    warnings.warn(  # (at Keras's line: once per text)
                        "When providing `inputs` as a dict, all keys in the dict must match "
                        f"the names of the corresponding tensors. Received key '{key}' "
                        f"mapping to value {value} which has name '{value.name}'. Change the "
                        f"tensor name to '{key}' (via `Input(..., name='{key}')`)", stacklevel=1)
        flat_in = nest.flatten(inputs)
        flat_out = nest.flatten(outputs)
        check_all_keras_tensors(inputs, outputs)
        for t in flat_in + flat_out:
            if not is_keras_tensor(t):
                raise ValueError("Input tensors to a Functional must come from `tf.keras.Input`"
                                 f". Received: {t} (missing previous layer metadata).")
        for arg, flat in (("inputs", flat_in), ("outputs", flat_out)):
            if not flat:
                raise ValueError(f"`{arg}` argument cannot be empty. Received:\n"
                                 f"inputs={inputs}\noutputs={outputs}")
        object.__setattr__(self, "_nested_inputs", inputs)
        object.__setattr__(self, "_nested_outputs", outputs)
        object.__setattr__(self, "_flat_inputs", flat_in)
        object.__setattr__(self, "_flat_outputs", flat_out)
        nodes_by_depth, layers = map_graph_network(flat_in, flat_out)
        object.__setattr__(self, "_nodes_by_depth", nodes_by_depth)
        object.__setattr__(self, "_functional_layers", layers)
        weights_version.changed()  # (its layers are its graph's now)
        object.__setattr__(self, "_run_order", [n for d in sorted(nodes_by_depth, reverse=True)
                                                for n in nodes_by_depth[d] if not n.is_input])
        self._check_outputs_connected()
        object.__setattr__(self, "_output_names", tracked(
            self, [t._keras_history.layer.name for t in flat_out]))
        object.__setattr__(self, "_input_layers", [t._keras_history.layer for t in flat_in])
        object.__setattr__(self, "_output_layers", [t._keras_history.layer for t in flat_out])
        object.__setattr__(self, "_is_graph_network", True)
        if self._checks_inputs:
            object.__setattr__(self, "_input_spec", self._inputs_spec())
        self.built = True
        self._mark_path()  # (Keras 3 builds a functional model as it makes it)

    def _inputs_spec(self) -> list | None:
        """Keras 3's specs of a functional model's inputs: batch free, a trailing 1 optional;
        those of a dict of Inputs named by its keys, in their order; none past that."""
        def spec(t: KerasTensor, name: str | None = None) -> InputSpec:
            layer = t._keras_history.layer
            shape = (None,) + tuple(t.shape)[1:] if t.shape else tuple(t.shape)
            return InputSpec(shape=shape, allow_last_axis_squeeze=True, name=name or layer.name,
                             optional=getattr(layer, "optional", False))

        nested = self._nested_inputs
        if isinstance(nested, dict):
            if not all(is_keras_tensor(t) for t in nested.values()):
                return None
            return [spec(nested[name], name) for name in sorted(nested)]
        return [spec(t) for t in self._flat_inputs]

    def _check_outputs_connected(self) -> None:
        """Keras 3's ValueError for an output the inputs do not reach (it needs another
        Input), naming its path in the outputs' structure."""
        reached = {id(t) for t in self._flat_inputs}
        for node in self._run_order:
            if all(id(t) in reached for t in node.flat_inputs):
                reached.update(id(t) for t in node.flat_outputs)
        paths = nest.flatten_with_joined_string_paths(self._nested_outputs, separator=".")
        for path, t in paths:
            if id(t) not in reached:
                raise ValueError(f"Output with path `{path}` is not connected to `inputs`")

    def _trackable_children(self) -> dict:
        children = functional_children(self._operations)
        children.update(Layer._trackable_children(self))  # set later: optimizer, ...
        return children

    def _saved_model_children(self) -> dict:
        """(A functional model's SavedModel children past its checkpoint's: see
        Model._model_saved_children.)"""
        # (TF 2.21 lists a model's functions before the containers Keras 3 converts for
        # it afterwards: `_default_save_signature`, then `_build_shapes_dict`, ...)
        model = self._model_saved_children()
        out = {k: model.pop(k) for k in ("_default_save_signature",) if k in model}
        out.update(functional_saved_children())
        out.update(model)
        return out

    # -- structure -------------------------------------------------------------------------
    @property
    def layers(self) -> list:
        """The layers, in graph order (operations applied to KerasTensors not included)."""
        return [x for x in self._functional_layers if not is_operation(x)]

    @layers.setter
    def layers(self, _: Any) -> None:
        raise AttributeError("`Model.layers` attribute is reserved and should not be used. "
                             "Please use another name.")

    @property
    def operations(self) -> list:
        """Every node's layer or operation (a keras.ops call, a mask's), in graph order."""
        return list(self._functional_layers)

    _operations = operations

    @property
    def _layers(self) -> list:
        # (Keras 3 keeps the graph's layers there: its operations are left out)
        return self.layers

    def _lock_state(self) -> None:
        """A functional model (a Sequential too) stays open once built, as in Keras 3: a
        layer outside its graph may still be attached to it."""

    def _direct_sublayers(self) -> list:
        seen = set(map(id, self._functional_layers))
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
    def output_names(self) -> Any:
        """The output layers' names: as Keras 3's, a plain attribute set at construction
        (a TrackedList; compile reads what a user sets or appends)."""
        return self.__dict__["_output_names"]

    @output_names.setter
    def output_names(self, value: Any) -> None:
        object.__setattr__(self, "_output_names", tracked(self, value))

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
        return self._input_spec

    @input_spec.setter
    def input_spec(self, value: Any) -> None:
        object.__setattr__(self, "_input_spec", value)

    # -- running ---------------------------------------------------------------------------
    def _conform_inputs(self, inputs: Any, zip_extra: bool = False) -> list:
        """`inputs` as tensors in the model's Inputs' order, each in its Input's dtype and
        rank. `zip_extra`: more tensors than Inputs are dropped (zipped with the Inputs, as
        Keras 3's Functional.call does when a built Sequential hands them over) instead of
        refused."""
        if type(inputs) is EagerTensor and len(self._flat_inputs) == 1:
            ref = self._flat_inputs[0]  # the common case: one tensor as its Input wants it
            if inputs._dtype is ref._dtype and len(inputs._shape) == len(ref.shape):
                return [inputs]
        inputs = self._standardize_inputs(inputs)
        flat = tree.flatten(inputs)
        if (zip_extra or isinstance(inputs, dict)) and len(flat) > len(self._flat_inputs):
            flat = flat[:len(self._flat_inputs)]  # (Keras 3 zips them with its Inputs)
        if len(flat) != len(self._flat_inputs):
            raise ValueError(f"Layer \"{self.name}\" expects {len(self._flat_inputs)} input(s),"
                             f" but it received {len(flat)} input tensors. Inputs received: "
                             f"{flat}")
        out = []
        for i, (x, ref) in enumerate(zip(flat, self._flat_inputs)):
            if x is None:  # (an optional Input's layers are handed None)
                refuse_none(ref)
                out.append(None)
                continue
            if isinstance(x, CompositeTensor):  # ragged and sparse inputs, as they are
                if x.dtype is not ref._dtype and (x.dtype.is_floating or x.dtype.is_integer):
                    x = cast(x, ref._dtype)
                out.append(x)
                continue
            if not isinstance(x, Tensor):
                x = convert_to_tensor(x)
            if x.dtype is not ref._dtype and (x.dtype.is_floating or x.dtype.is_integer) and \
                    (ref._dtype.is_floating or ref._dtype.is_integer):
                x = cast(x, ref._dtype)
            out.append(self._adjust_rank(i, x, ref))
        return out

    def _standardize_inputs(self, inputs: Any) -> Any:
        """`inputs` in the structure Keras 3 flattens: one tensor for a list of one Input
        put in a list, a dict for a list of Inputs (or one) taken by their names; other
        structures kept, Keras's warning (or, where it cannot tell the order, its
        ValueError) when they do not match the model's. A dict with keys the model does
        not know is flattened whole, in sorted-key order, as Keras 3 does."""
        struct = self._nested_inputs
        refuse = False
        if isinstance(struct, list) and len(struct) == 1 and is_tensor(inputs):
            inputs = [inputs]
        elif isinstance(inputs, dict) and not isinstance(struct, dict):
            if isinstance(struct, (list, tuple)) and all(
                    isinstance(kt, KerasTensor) for kt in struct):
                if {kt.name for kt in struct} <= set(inputs):
                    inputs = [inputs[kt.name] for kt in struct]
                else:
                    refuse = True
            elif isinstance(struct, KerasTensor):
                if struct.name in inputs:
                    inputs = [inputs[struct.name]]
                else:
                    refuse = True
            else:
                refuse = True
        if isinstance(struct, dict) and not isinstance(inputs, dict) and \
                list(struct) != sorted(struct):
            refuse = True
        try:
            tree.assert_same_structure(tree.lists_to_tuples(inputs),
                                       tree.lists_to_tuples(struct))
        except ValueError:
            expected = tree.map_structure(lambda kt: "None" if kt is None else kt.name, struct)
            received = tree.map_structure(
                lambda x: "None" if x is None else f"Tensor(shape={x.shape})", inputs)
            msg = ("The structure of `inputs` doesn't match the expected structure.\n"
                   f"Expected: {expected}\nReceived: inputs={received}")
            if refuse:
                raise ValueError(msg) from None
            # (Keras's warning at its own line, so shown once per text; its line as Keras's)
            warnings.warn(msg, stacklevel=1)
        return inputs

    def _adjust_rank(self, index: int, x: Tensor, ref: KerasTensor) -> Tensor:
        """Keras 3 takes an input one rank short of its Input's when the Input ends in 1, and
        one of a rank more when it ends in 1 itself; other ranks are refused."""
        ref_dims = tuple(ref.shape)
        rank = len(x.shape)  # (an unknown rank, as a relaxed trace's: TensorShape's error)
        if rank == len(ref_dims):
            return x
        if rank == len(ref_dims) + 1 and x.shape[-1] == 1:
            return squeeze(x, axis=-1)
        if rank == len(ref_dims) - 1 and ref_dims[-1] == 1:
            return expand_dims(x, -1)
        path = ".".join(str(p) for p in flatten_with_path(self._nested_inputs)[index][0])
        raise ValueError(f"Invalid input shape for input {x} with name '{ref.name}' and path "
                         f"'{path}'. Expected shape {ref_dims}, but input has "
                         f"incompatible shape {x.shape}")

    def call(self, inputs: Any, training: Any = None, mask: Any = None, **kwargs: Any) -> Any:
        # (`kwargs`: Keras 3's call-context arguments, which reach only the layers that
        # declare them as context arguments; none do but through `training`)
        values: dict = {}
        for kt, x in zip(self._flat_inputs, self._conform_inputs(inputs)):
            values[id(kt)] = x
        for node in self._run_order:
            args, kwargs = node.map_arguments(values)
            if training is not None and _takes_training(node.layer):
                kwargs["training"] = training  # over the node's own (Keras 3's precedence)
            outputs = node.layer(*args, **kwargs)
            if outputs.__class__ is EagerTensor and node.flat_outputs:  # (flatten's leaf)
                values[id(node.flat_outputs[0])] = outputs
                continue
            for kt, out in zip(node.flat_outputs, nest.flatten(outputs)):
                values[id(kt)] = out
        out = nest.pack_sequence_as(self._nested_outputs,
                                    [values[id(kt)] for kt in self._flat_outputs])
        # (Keras 3 unpacks a list or tuple of one output: `Model(x, [y])(data)` is y's
        # tensor, where its symbolic call and output shape keep the list)
        return out[0] if isinstance(out, (list, tuple)) and len(out) == 1 else out

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
            if is_operation(node.layer):
                outs = _operation_output_shapes(node, known)
            else:
                in_shapes = [known[id(t)] for t in _data_inputs(node)]
                arg = in_shapes[0] if len(in_shapes) == 1 and not isinstance(
                    node.call_args[0], (list, tuple, dict)) else in_shapes
                out = to_shapes(output_shape_of(node.layer, arg))
                outs = [out] if isinstance(out, TensorShape) else nest.flatten(out)
            for kt, s in zip(node.flat_outputs, outs):
                known[id(kt)] = s
        # (tuples, as Keras 3's shapes of its KerasTensors, in the outputs' structure)
        res = [tuple(known[id(kt)].as_list()) for kt in self._flat_outputs]
        return nest.pack_sequence_as(self._nested_outputs, res)

    # -- serialization ---------------------------------------------------------------------
    def _own_nodes(self) -> set:
        return {id(n) for depth in self._nodes_by_depth.values() for n in depth}

    def get_config(self) -> dict:
        """Keras 3's functional config: every layer's config with its `inbound_nodes` (the
        call's args and kwargs, KerasTensors as `__keras_tensor__` dicts naming the layer,
        node and tensor that made them), and the input and output tensors' references."""
        own = self._own_nodes()
        # a node's index among the model's own nodes of its layer (a nested model's from
        # its _first_config_node)
        reindex: dict = {}
        for layer in self._operations:
            kept = layer._first_config_node if isinstance(layer, GraphNetwork) else 0
            for node in layer._inbound_nodes:
                if id(node) in own:
                    reindex[id(node)] = kept
                    kept += 1

        def tensor_config(kt: KerasTensor) -> Any:
            h = kt._keras_history
            skipped = sum(1 for n in h.layer._inbound_nodes[:h.node_index] if id(n) not in own)
            return {"class_name": "__keras_tensor__",
                    "config": {"shape": kt.shape, "dtype": kt.dtype,
                               "keras_history": [h.layer.name, h.node_index - skipped,
                                                 h.tensor_index]}}

        def node_config(node: Any) -> dict:
            def sub(x: Any) -> Any:
                return tensor_config(x) if isinstance(x, KerasTensor) else x
            args = nest.map_structure(sub, tuple(node.call_args))
            kwargs = nest.map_structure(sub, dict(node.call_kwargs))
            return {"args": ser.serialize_keras_object(args),
                    "kwargs": ser.serialize_keras_object(kwargs)}

        layer_configs = []
        serialize = legacy_ser.serialize_keras_object if legacy_ser.in_legacy_config() else \
            ser.serialize_keras_object  # (a legacy `.h5` file's form, as Keras 3 writes it)
        for layer in self._operations:  # operations among the layers, as Keras 3 lists them
            config = serialize(layer)
            if isinstance(layer, FunctionOperation) and not legacy_ser.in_legacy_config():
                # (in a legacy `.h5` file an operation is `{class_name, config}` alone, as
                # Keras 3 writes it: a file its loader then refuses, "Unknown layer")
                config = layer.serialize()
            config["name"] = layer.name
            config["inbound_nodes"] = [node_config(n) for n in layer._inbound_nodes
                                       if id(n) in own and not n.is_input]
            layer_configs.append(config)

        def ref(kt: KerasTensor) -> list:
            h = kt._keras_history
            return [h.layer.name, reindex[id(h.layer._inbound_nodes[h.node_index])],
                    h.tensor_index]

        return {"name": self.name, "trainable": self.trainable, "layers": layer_configs,
                "input_layers": _nest_refs(self._nested_inputs, ref),
                "output_layers": _nest_refs(self._nested_outputs, ref)}

    def get_build_config(self) -> dict:
        # built by construction: what an explicit build was given, as it was given (a
        # batch too), else None
        return {"input_shape": self._build_shapes}

    def build_from_config(self, config: dict) -> None:
        pass  # built by construction

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> GraphNetwork:
        """The model a functional config describes (Keras 3's form, or Keras 2's). As Keras
        3's, it takes its keys out of `config` (the caller's dict is left without them)."""
        given, config = config, dict(config)
        if isinstance(given, dict):
            # (before the layers are made: an error deserializing one shows them gone)
            for key in ("layers", "input_layers", "output_layers", "name", "trainable"):
                given.pop(key, None)
        created: dict = {}
        pending: dict = {}   # layer name -> node configs not yet replayed
        for layer_data in config["layers"]:
            if str(layer_data.get("module") or "").startswith(_OPERATION_MODULES):
                layer = operation_from_config(layer_data)
            else:
                layer = legacy_ser.deserialize_model_layer(layer_data, custom_objects)
            if isinstance(layer, dict):  # (an entry without its class or config)
                raise ValueError("Unexpected object from deserialization, expected a layer "
                                 f"or operation, got a {type(layer)}")
            created[layer_data["name"]] = layer
            pending[layer_data["name"]] = list(layer_data.get("inbound_nodes", []))
        while any(pending.values()):
            progress = False
            for name in list(pending):
                layer = created[name]
                while pending[name]:
                    try:
                        args, kwargs = _node_arguments(pending[name][0], created)
                    except IndexError:  # an input comes from a node not replayed yet
                        break
                    layer(*args, **kwargs)
                    pending[name].pop(0)
                    progress = True
            if not progress:
                raise ValueError("Invalid Functional model configuration. The graph of the "
                                 "Functional model either has loops or disconnected nodes. The "
                                 "following nodes failed to be resolved: "
                                 f"{ {created[k]: v for k, v in pending.items() if v} }")

        def tensor(name: str, node_index: int, tensor_index: int) -> KerasTensor:
            layer = created[name]
            if isinstance(layer, GraphNetwork):
                node_index -= layer._first_config_node
            return nest.flatten(layer._inbound_nodes[node_index].outputs)[tensor_index]

        def resolve(refs: Any) -> Any:
            if isinstance(refs, list) and len(refs) == 3 and isinstance(refs[0], str):
                return tensor(*refs)
            if isinstance(refs, dict):
                return {k: resolve(v) for k, v in refs.items()}
            if isinstance(refs, tuple):
                return tuple(resolve(r) for r in refs)
            return [resolve(r) for r in refs]

        inputs = resolve(config.pop("input_layers"))
        outputs = resolve(config.pop("output_layers"))
        if _is_single_ref_list(inputs):
            inputs = inputs[0]
        if _is_single_ref_list(outputs):
            outputs = outputs[0]
        model = cls(inputs=inputs, outputs=outputs, name=config.get("name"),
                    trainable=config.get("trainable", True))
        return model


def _takes_training(op: Any) -> bool:
    return isinstance(op, Layer) and call_spec(op).expects_training


def _operation_output_shapes(node: Any, known: dict) -> list:
    """The output shapes of an operation's node (`x + 1`, `ops.max(x, axis=1)`) given its
    input tensors' `known` shapes: its function traced on all its arguments, the Python
    values among them included, as the node was called."""
    values = {id(t): SymbolicTensor(known.get(id(t), t._shape), t._dtype)
              for t in node.flat_inputs}
    args, kwargs = node.map_arguments(values)
    out = node.layer._symbolic_outputs(args[0], args[1:], kwargs, None) if args else \
        trace_symbolic(node.layer.call, args, kwargs)  # (operands given by keyword only)
    return [TensorShape(t.shape) for t in nest.flatten(out)]


def _data_inputs(node: Any) -> list:
    """A node's input KerasTensors other than the masks it was given."""
    kwargs = {k: v for k, v in node.call_kwargs.items() if k != "mask"}
    return [t for t in nest.flatten((node.call_args, kwargs)) if isinstance(t, KerasTensor)]


def _is_single_ref_list(x: Any) -> bool:
    """Keras 2 wrote a lone input as a one-element list of references."""
    return isinstance(x, list) and len(x) == 1 and isinstance(x[0], KerasTensor)


def _node_arguments(node_data: Any, created: dict) -> tuple:
    """The (args, kwargs) of one recorded call, its KerasTensors replaced by the outputs of
    the layers already replayed (IndexError when one is not there yet)."""
    def output(name: str, node_index: int, tensor_index: int) -> KerasTensor:
        if name not in created:
            raise ValueError(f"Invalid Functional model configuration. Missing node: {name}")
        nodes = created[name]._inbound_nodes
        if len(nodes) <= node_index:
            raise IndexError(name)
        return nest.flatten(nodes[node_index].outputs)[tensor_index]

    if isinstance(node_data, list):  # Keras 2: [[layer, node, tensor, kwargs], ...]
        tensors = [output(*entry[:3]) for entry in node_data]
        kwargs = node_data[0][3] if node_data and len(node_data[0]) > 3 else {}
        return [tensors[0] if len(tensors) == 1 else tensors], dict(kwargs)
    args = ser.deserialize_keras_object(node_data["args"])
    kwargs = ser.deserialize_keras_object(node_data["kwargs"])

    def revive(x: Any) -> Any:
        if isinstance(x, KerasTensor):
            history = getattr(x, "_pre_serialization_keras_history", None)
            return x if history is None else output(*history)
        return x
    return nest.map_structure(revive, list(args)), nest.map_structure(revive, dict(kwargs))


def _nest_refs(structure: Any, ref: Any) -> Any:
    """The references of the model's inputs or outputs, nested as they are."""
    if isinstance(structure, KerasTensor):
        return ref(structure)
    if isinstance(structure, dict):
        return {k: _nest_refs(v, ref) for k, v in structure.items()}
    refs = [_nest_refs(t, ref) for t in structure]
    return tuple(refs) if isinstance(structure, tuple) else refs  # (Keras 3 keeps tuples)
