"""keras.Sequential: a plain stack of layers.

With a known input shape (`input_shape=` on the first layer, `keras.Input`, or an
InputLayer) the model is also a functional graph at once, so `summary()` shows
output shapes; otherwise the graph is built from the first batch it sees.
`layers` never includes the InputLayer (as in Keras 2).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.core.trackable import Trackable, TrackableList
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import legacy_serialization as legacy_ser
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine import input_spec as input_spec_mod
from eagerflow._src.keras.engine import weights_version
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.call_spec import call_spec
from eagerflow._src.keras.engine.functional import (
    functional_children,
    functional_saved_children,
)
from eagerflow._src.keras.engine.input_layer import InputLayer
from eagerflow._src.keras.engine.keras_tensor import KerasTensor, SymbolicTensor, symbolic_scope
from eagerflow._src.keras.engine.layer_helpers import standardize_shape
from eagerflow._src.keras.engine.shapes import to_shapes
from eagerflow._src.keras.engine.symbolic_calls import output_shape_of
from eagerflow._src.keras.engine.tracked import tracked
from eagerflow._src.keras.engine.training import Functional, Model

export_lib = lazy_module("eagerflow._src.keras.export")  # SavedModel export, on first use


class _FunctionalGraph(Trackable):
    """The Functional a Keras 3 Sequential builds, as a checkpoint sees it."""

    def __init__(self, operations: list, owner: Any = None) -> None:
        self._operations = operations
        self._owner = owner

    def _trackable_children(self) -> dict:
        return functional_children(self._operations)

    def _saved_model_children(self) -> dict:
        # (a serving function of its own, as TF traces the Functional's apart)
        fn = None if self._owner is None else \
            export_lib.default_save_signature(self._owner, cached=False)
        # (its function first, as TF 2.21 lists a model's: see Functional's)
        out = {} if fn is None else {"_default_save_signature": fn}
        out.update(functional_saved_children())
        return out


def _is_shape(value: Any) -> bool:
    """Whether `value` is one input's shape, as Keras 3's Sequential.build reads it."""
    if isinstance(value, (Tensor, np.ndarray)):
        return False  # (a batch: its rows would pass for dimensions)
    try:
        standardize_shape(value)
    except (ValueError, TypeError):
        return False
    return True


class Sequential(Functional):
    """`Sequential(layers=None, trainable=True, name=None)`."""

    # (a Keras 3 Sequential is no Functional: it converts and checks its inputs as a layer)
    _convert_input_args, _allow_non_tensor_positional_args = True, False
    _checks_inputs = False
    _first_config_node = 0

    def __init__(self, layers: Any = None, trainable: bool = True,
                 name: str | None = None) -> None:
        Model.__init__(self, name=name, trainable=trainable, _functional=True)
        object.__setattr__(self, "_sequential_layers", [])
        object.__setattr__(self, "_chain_outputs", [])   # output KerasTensor after each layer
        object.__setattr__(self, "_input_layer_obj", None)
        object.__setattr__(self, "_functional_layers", [])
        object.__setattr__(self, "_nodes_by_depth", {})
        object.__setattr__(self, "_graph_attempted", False)
        # the batch shape Keras 3's build last tried its graph from, when a layer's output
        # could not be inferred (NotImplementedError): it stays a plain stack of layers
        object.__setattr__(self, "_failed_build_shape", None)
        if layers:  # (iterated as Keras 3 iterates it: a lone layer is no list of layers)
            for layer in layers:
                self.add(layer, rebuild=False)
            if self._input_layer_obj is not None and self._sequential_layers:
                self._rebuild_graph()
            self._build_from_first_model()

    @property
    def input_dtype(self) -> str:
        """Its Input's dtype, if it has one (Keras 3's)."""
        if self._input_layer_obj is not None:
            return self._input_layer_obj.dtype
        return super().input_dtype

    # -- building the stack ----------------------------------------------------------------
    def add(self, layer: Any, rebuild: bool = True) -> None:
        if isinstance(layer, KerasTensor) and layer._keras_history is not None:
            layer = layer._keras_history.layer
        if not isinstance(layer, Layer):
            raise ValueError("Only instances of `keras.Layer` can be added to a Sequential "
                             f"model. Received: {layer} (of type {type(layer)})")
        names = [x.name for x in self._sequential_layers]
        if self._input_layer_obj is not None:
            names.append(self._input_layer_obj.name)
        if layer.name in names:
            raise ValueError("All layers added to a Sequential model should have unique names. "
                             f"Name '{layer.name}' is already the name of a layer in this "
                             "model. Update the `name` argument to pass a unique name.")
        if isinstance(layer, InputLayer):
            if self._input_layer_obj is not None:
                raise ValueError(f"Sequential model '{self.name}' has already been configured "
                                 "to use input shape "
                                 f"{self._input_layer_obj.batch_shape}. You cannot add a "
                                 "different Input layer to it.")
            if self._sequential_layers:  # (Keras 3: after other layers, an ordinary layer)
                self._sequential_layers.append(layer)
                weights_version.changed()
                return
            object.__setattr__(self, "_input_layer_obj", layer)
            return
        if self._input_layer_obj is None and not self._sequential_layers:
            shape = getattr(layer, "_input_shape_arg", None)
            if shape is not None:  # Keras 3 makes `input_shape=` an InputLayer
                object.__setattr__(self, "_input_layer_obj", InputLayer(shape=shape))
        self._sequential_layers.append(layer)
        weights_version.changed()  # (a model's trainable weights: its layers')
        if self._input_layer_obj is not None and rebuild:
            if self._chain_outputs or len(self._sequential_layers) == 1:
                try:
                    chain = self._call_layers()
                except NotImplementedError:
                    # a layer whose output can't be inferred symbolically: Keras 3 keeps
                    # it and stays a plain stack of layers (run one after the other)
                    self._drop_graph(self._input_layer_obj.batch_shape)
                    return
                except Exception:
                    self._sequential_layers.pop()
                    weights_version.changed()
                    raise
                if len(nest.flatten(chain[-1])) != 1:
                    self._sequential_layers.pop()
                    weights_version.changed()
                    raise ValueError("All layers in a Sequential model should have a single "
                                     "output tensor. For multi-output layers, use the "
                                     "functional API.")
                object.__setattr__(self, "_chain_outputs", chain)
                self._set_graph()
        else:
            self.built = False
            if rebuild:
                self._build_from_first_model()

    def _build_from_first_model(self) -> None:
        """Keras 3 builds a stack whose first layer is a model of one known input as soon
        as it holds another layer (from that input's shape)."""
        if self._input_layer_obj is not None or len(self._sequential_layers) < 2:
            return
        first = self._sequential_layers[0]
        if getattr(first, "_is_graph_network", False) and len(first._flat_inputs) == 1:
            self.build(first._flat_inputs[0]._shape)

    def pop(self, rebuild: bool = True) -> Any:
        """Removes the last layer and returns it."""
        if not self._sequential_layers:
            # (Keras 3's error: its tracked list of layers (an input layer is popped
            # first, then its rebuild finds no layer))
            raise IndexError("list index out of range")
        layer = self._sequential_layers.pop()
        weights_version.changed()
        if self._chain_outputs:
            self._chain_outputs.pop()
        if not rebuild:  # (unbuilt until its next build, as Keras 3)
            self._drop_graph()
            self.built = False
        elif self._input_layer_obj is not None and self._sequential_layers and \
                len(self._chain_outputs) == len(self._sequential_layers):
            self._rebuild_graph()  # (Keras 3 calls its layers again)
        elif self._input_layer_obj is not None and self._sequential_layers and \
                self._failed_build_shape is not None:
            self._rebuild_graph()  # (Keras 3 tries its graph again)
        else:
            self._drop_graph()
            self.built = bool(self._sequential_layers) and all(
                x.built for x in self._sequential_layers)
        return layer

    def _drop_graph(self, failed_shape: Any = None) -> None:
        """No functional graph: a plain stack of layers (`failed_shape`: the batch shape the
        graph could not be built from)."""
        object.__setattr__(self, "_failed_build_shape",
                           tuple(failed_shape) if failed_shape is not None else None)
        object.__setattr__(self, "_chain_outputs", [])
        object.__setattr__(self, "_is_graph_network", False)
        object.__setattr__(self, "_functional_layers", [])
        self._tracked_children().pop("_functional", None)

    def _set_graph(self) -> None:
        # Keras 3 makes (and names) a functional model each time: its name is in errors
        object.__setattr__(self, "_functional_name", kb.auto_name("Functional"))
        inp = self._input_layer_obj._inbound_nodes[0].outputs
        out = self._chain_outputs[-1] if self._chain_outputs else inp
        self._init_graph_network(inp, out)
        # Keras 3's Sequential keeps its graph in a Functional: the checkpoint child
        self._track("_functional", _FunctionalGraph(self._operations, self))

    def _trackable_children(self) -> dict:
        return Layer._trackable_children(self)

    def _saved_model_children(self) -> dict:
        # (TF 2.21's order: the model's function, its containers, `_layers`, then
        # `_build_shapes_dict` and the rest Keras 3 converts for it afterwards)
        containers = Layer._saved_model_children(self)
        shapes = containers.pop("_build_shapes_dict", None)
        model = self._model_saved_children()
        out = {k: model.pop(k) for k in ("_default_save_signature",) if k in model}
        out.update(containers)
        first = [self._input_layer_obj] if self._input_layer_obj is not None else []
        out["_layers"] = TrackableList(first + list(self._sequential_layers))
        if shapes is not None:
            out["_build_shapes_dict"] = shapes
        out.update(model)
        return out

    @property
    def operations(self) -> list:
        """(Keras 3's Sequential keeps them in its Functional: it has no `operations`.)"""
        raise AttributeError(f"'{type(self).__name__}' object has no attribute 'operations'")

    def _call_layers(self) -> list:
        """Each layer's output, called in turn from the Input under the model's scope: as
        Keras 3 builds its graph again after each `add` and `pop` (new nodes and
        KerasTensors each time, which its auto-names count)."""
        x = self._input_layer_obj._inbound_nodes[0].outputs
        chain = []
        with self._own_scope():
            for layer in self._sequential_layers:
                x = layer(x)
                chain.append(x)
        return chain

    def _rebuild_graph(self) -> None:
        object.__setattr__(self, "_chain_outputs", [])
        x = self._input_layer_obj._inbound_nodes[0].outputs
        with self._own_scope():
            for layer in self._sequential_layers:
                try:
                    x = layer(x)
                except NotImplementedError:  # (as in `add`: a plain stack, as Keras 3's)
                    self._drop_graph(self._input_layer_obj.batch_shape)
                    self.built = True
                    return
                self._chain_outputs.append(x)
        object.__setattr__(self, "_failed_build_shape", None)
        self._set_graph()

    def _build_graph_for_shape(self, input_shape: TensorShape, dtype: Any,
                               strict: bool = False) -> None:
        """Builds the functional graph from the first input's shape, batch size included,
        as Keras 3 does (`strict`: as its `build`, which a layer's error other than
        NotImplementedError fails, as when it is made from a built model and a layer
        refuses that model's output)."""
        object.__setattr__(self, "_graph_attempted", True)
        if self._input_layer_obj is not None or not self._sequential_layers:
            return
        dims = input_shape.as_list() if input_shape.rank is not None else None
        if dims is None or not dims:
            return
        inp = InputLayer(batch_shape=dims, dtype=dtype)
        self._refuse_input_layers()  # (Keras 3 makes its Input, its name taken, first)
        x = inp._inbound_nodes[0].outputs
        chain = []
        try:
            for layer in self._sequential_layers:
                x = layer(x)
                if len(nest.flatten(x)) != 1:
                    return
                chain.append(x)
        except NotImplementedError:  # Keras 3 keeps the Input and stays a plain stack
            object.__setattr__(self, "_input_layer_obj", inp)
            self._drop_graph(dims)
            return
        except Exception:  # layers that can't run symbolically: stay a plain stack
            if strict:
                raise
            return
        object.__setattr__(self, "_input_layer_obj", inp)
        object.__setattr__(self, "_chain_outputs", chain)
        self._set_graph()

    # -- structure -------------------------------------------------------------------------
    @property
    def layers(self) -> list:
        return list(self._sequential_layers)

    @layers.setter
    def layers(self, _: Any) -> None:
        raise AttributeError("`Sequential.layers` attribute is reserved and should not be "
                             "used. Use `add()` and `pop()` to change the layers in this model.")

    @property
    def output_names(self) -> Any:
        """Keras 3's Sequential has no output names until a user sets them (a plain
        attribute: compile then pairs a dict of losses or metrics with them); unset,
        compile pairs its losses with the output by structure alone."""
        if "_set_output_names" not in self.__dict__:
            raise AttributeError(
                f"'{type(self).__name__}' object has no attribute 'output_names'")
        return self.__dict__["_set_output_names"]

    @output_names.setter
    def output_names(self, value: Any) -> None:
        object.__setattr__(self, "_set_output_names", tracked(self, value))

    @property
    def _layers(self) -> list:
        # (Keras 3 lists the InputLayer first, where the model has one)
        first = [self._input_layer_obj] if self._input_layer_obj is not None else []
        return first + list(self._sequential_layers)

    def _flattened_sublayers(self) -> list:
        return self._layers  # (its InputLayer first: Keras 3's _flatten_layers walks it)

    def _direct_sublayers(self) -> list:
        seen = set(map(id, self._sequential_layers))
        return list(self._sequential_layers) + [
            x for x in Layer._direct_sublayers(self)
            if id(x) not in seen and not isinstance(x, InputLayer)]

    def _no_graph(self, what: str) -> AttributeError:
        return AttributeError(f"Sequential model '{self.name}' has no defined {what} yet.")

    @property
    def inputs(self) -> Any:
        if self._is_graph_network:
            return list(self._flat_inputs)
        raise self._no_graph("inputs")

    @property
    def outputs(self) -> Any:
        if self._is_graph_network:
            return list(self._flat_outputs)
        raise self._no_graph("outputs")

    # (Keras 3's Sequential is no Functional: its input and output are those of its first
    # call, as any layer's, not its own graph's)
    input = Layer.input
    output = Layer.output

    @property
    def input_shape(self) -> Any:
        if self._is_graph_network:
            return Functional.input_shape.fget(self)
        raise self._no_graph("input shape")

    @property
    def output_shape(self) -> Any:
        if self._is_graph_network:
            return Functional.output_shape.fget(self)
        raise self._no_graph("output shape")

    # -- running ---------------------------------------------------------------------------
    def build(self, input_shape: Any = None) -> None:
        if input_shape is not None and not _is_shape(input_shape):
            # Keras 3 builds nothing for a value that is no one input's shape (a batch,
            # `build(3)`), silently: the model is marked built, its build config holding it
            return
        given = _one_shape(input_shape)
        if given is not None and self._input_layer_obj is not None and \
                tuple(self._input_layer_obj.batch_shape) != given:
            raise ValueError(f"Sequential model '{self.name}' has already been configured to "
                             f"use input shape {tuple(self._input_layer_obj.batch_shape)}. You "
                             f"cannot build it with input_shape {given}")
        if self._is_graph_network:
            self.built = True
            return
        if input_shape is None:
            input_shape = self._build_input_shape
        if input_shape is None:
            return  # (Keras 3 builds nothing without a shape, and says nothing)
        self._refuse_empty()
        shape = to_shapes(input_shape)
        self._mark_path()
        self._build_graph_for_shape(shape, self._sequential_layers[0].compute_dtype
                                    if self._sequential_layers else self.compute_dtype,
                                    strict=True)
        if not self._is_graph_network and self._failed_build_shape is None:
            self._symbolic_build(SymbolicTensor(shape, self.compute_dtype))
        self._build_input_shape = input_shape
        self.built = True

    def _symbolic_build(self, x: Any) -> None:
        with symbolic_scope():
            for layer in self._sequential_layers:
                x = layer(x)

    def _refuse_input_layers(self) -> None:
        """Keras 3's build refuses a layer taking no positional argument: an InputLayer
        added after other layers (kept as one of them)."""
        for layer in self._sequential_layers:
            if isinstance(layer, InputLayer):
                raise ValueError("Layers added to a Sequential model should have a single "
                                 "positional argument, the input tensor. Layer "
                                 f"{type(layer).__name__} has no positional arguments.")

    def _refuse_empty(self) -> None:
        if not self._sequential_layers and self._input_layer_obj is None:
            raise ValueError(f"Sequential model {self.name} cannot be built because it has no "
                             "layers. Call `model.add(layer)`.")

    def _maybe_build(self, inputs: Any, rest: Any = (), kwargs: dict | None = None,
                     eager: bool = True) -> None:
        if self.built:
            return
        self._refuse_empty()
        if not self._sequential_layers and self._input_layer_obj is not None:
            # (Keras 3 builds an Input-only Sequential with the call's shape: its batch
            # size refused against the Input's free one)
            self.build(tuple(nest.flatten(inputs)[0].shape))
        if not self._graph_attempted:
            flat = nest.flatten(inputs)
            if len(flat) == 1 and self._sequential_layers:
                # the InputLayer takes the first layer's compute dtype, as in Keras 3; a
                # Sequential first called inside another layer's symbolic call builds its
                # functional graph too (its name, build config and input shape)
                # (strict, as Keras 3's build: a layer's error other than
                # NotImplementedError fails the call)
                with kb.init_scope():
                    self._build_graph_for_shape(TensorShape(flat[0].shape),
                                                self._sequential_layers[0].compute_dtype,
                                                strict=True)
        self._mark_path()
        self.built = True

    def call(self, inputs: Any, training: Any = None, mask: Any = None, **kwargs: Any) -> Any:
        # (`kwargs`: Keras 3's call-context arguments, which reach only the layers that
        # declare them as context arguments; none do but through `training`)
        if self._is_graph_network:  # Keras 3 runs a built Sequential as its functional model
            # ([x] or [x, y]: Keras's structure warning, then the first tensor alone)
            inputs = self._conform_inputs(inputs, zip_extra=True)[0]
        outputs = inputs
        for layer in self._sequential_layers:
            outputs = layer(outputs, **self._training_of(layer, training))
        if self._is_graph_network and self._chain_outputs:
            # (its Functional's outputs, in the structure of the symbolic ones: an RNN's
            # one state of a stacked cell is a tensor there, a list eagerly)
            built = self._chain_outputs[-1]
            flat = nest.flatten(outputs)
            if nest.is_nested(built) and len(flat) == len(nest.flatten(built)):
                outputs = nest.pack_sequence_as(built, flat)
        return outputs

    def _training_of(self, layer: Any, training: Any) -> dict:
        """The `training` a layer is called with: the model's where it has one; else, in a
        built Sequential (Keras 3 runs its functional model, whose nodes keep what each
        layer's symbolic call resolved), the layer's own default where it is not None
        (Dropout's False, the image preprocessing layers' True); else none, so that the
        layer takes the outer call's (see base_layer's _run_call)."""
        spec = call_spec(layer)
        if not spec.expects_training:
            return {}
        if training is None and self._is_graph_network:
            training = spec.training_default
        return {} if training is None else {"training": training}

    def _symbolic_outputs(self, inputs: Any, rest: tuple, kwargs: dict, spec: Any) -> Any:
        if self._is_graph_network:
            # Keras 3 hands a built Sequential's symbolic call to its Functional, which
            # checks the inputs against its Input's shape (batch free); an eager call is
            # not checked
            input_spec_mod.assert_input_compatibility(self._inputs_spec(), inputs,
                                                      self._functional_name)
        return super()._symbolic_outputs(inputs, rest, kwargs, spec)

    def _static_shapes(self) -> bool:
        return all(x._static_shapes() for x in self._sequential_layers)

    def compute_output_shape(self, input_shape: Any) -> Any:
        shape = to_shapes(input_shape)
        for layer in self._sequential_layers:
            shape = to_shapes(output_shape_of(layer, shape))
        return shape

    # -- serialization ---------------------------------------------------------------------
    def get_config(self) -> dict:
        layers = ([self._input_layer_obj] if self._input_layer_obj is not None else []) + \
            self._sequential_layers
        serialize = legacy_ser.serialize_keras_object if legacy_ser.in_legacy_config() else \
            ser.serialize_keras_object  # (a legacy `.h5` file's form, as Keras 3 writes it)
        # (the layers before the model's own dtype policy, as Keras: in a `.keras` file, the
        # policy they share is marked shared from the second layer on, the model's too)
        layer_configs = [serialize(layer) for layer in layers]
        config = Layer.get_config(self)
        config["layers"] = layer_configs
        if self._is_graph_network:
            config["build_input_shape"] = self._input_layer_obj.batch_shape
        return config

    def get_build_config(self) -> dict | None:
        shapes = self._build_shapes
        if shapes is not None and not _is_shape(shapes):
            # (what build was given where it built nothing, as Keras 3 records it: a batch,
            # a number, a dict of shapes)
            return {"input_shape": shapes}
        if self._is_graph_network:
            return {"input_shape": self._input_layer_obj.batch_shape}
        if self._failed_build_shape is not None:
            return {"input_shape": self._failed_build_shape}
        return None

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> Sequential:
        if "name" not in config:
            raise ValueError("A Sequential model configuration must be a dictionary containing "
                             f"the 'name' and 'layers' keys. Received: config={config}")
        model = cls(name=config["name"])
        for spec in config["layers"]:
            model.add(legacy_ser.deserialize_model_layer(spec, custom_objects))
        shape = config.get("build_input_shape")
        if not model._is_graph_network and isinstance(shape, (list, tuple)):
            model.build(shape)
        return model


def _one_shape(input_shape: Any) -> tuple | None:
    """The shape of a single input as Keras 3 standardizes it (None for several inputs
    or none)."""
    if isinstance(input_shape, TensorShape):
        input_shape = input_shape.as_list() if input_shape.rank is not None else None
    if not isinstance(input_shape, (list, tuple)):
        return None
    if not all(d is None or isinstance(d, (int, np.integer)) and not isinstance(d, bool)
               for d in input_shape):
        return None
    return tuple(None if d is None else int(d) for d in input_shape)
