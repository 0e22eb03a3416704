"""keras.Model: a Layer with `layers`, summary, get_layer — and training (the Trainer mixin).

`Model(inputs, outputs)` makes a Functional model (defined here: a Model with
functional.py's GraphNetwork mixed in); subclassing Model and defining `call` makes a
subclassed one whose layers are the Layer attributes (and lists or dicts of them), in
the order they were assigned.
"""

from __future__ import annotations

import json
import os
import re
import warnings
from collections.abc import Callable
from typing import Any

from eagerflow._src.core import nest
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.trackable import TrackableDict, TrackableList
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import (
    calibration,
    quantization_config,  # noqa: F401  (hands quantize's checks down)
)
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.call_spec import call_spec
from eagerflow._src.keras.engine.functional import GraphNetwork, check_all_keras_tensors
from eagerflow._src.keras.engine.input_layer import Input, InputLayer
from eagerflow._src.keras.engine.keras_tensor import (
    KerasTensor,
    SymbolicTensor,
    is_keras_tensor,
    symbolic_scope,
)
from eagerflow._src.keras.engine.layer_checks import warn_unbuilt_sublayers
from eagerflow._src.keras.engine.shapes import input_shapes, shape_tuples, to_shapes
from eagerflow._src.keras.engine.summary import print_summary
from eagerflow._src.keras.layers import quantized
from eagerflow._src.keras.trainer import Trainer
from eagerflow._src.keras.utils.io_utils import ask_to_proceed_with_overwrite

# Whole-model files and SavedModel export load on a model's first save or load: most
# programs that build a model never touch them, and each costs a worker process ~0.3 s.
saving_lib = lazy_module("eagerflow._src.keras.saving_lib")
orbax_io = lazy_module("eagerflow._src.keras.orbax_io")
export_lib = lazy_module("eagerflow._src.keras.export")
weights_io = lazy_module("eagerflow._src.keras.weights_io")
weights_sharded = lazy_module("eagerflow._src.keras.weights_sharded")



def _is_functional_args(args: tuple, kwargs: dict) -> bool:
    return (len(args) == 2 or (len(args) == 1 and "outputs" in kwargs)
            or ("inputs" in kwargs and "outputs" in kwargs))


_functional_classes: dict = {}


def _functional_subclass(cls: type) -> type:
    """`cls` with Functional mixed in: a subclass calling `super().__init__(inputs, outputs)`."""
    if issubclass(cls, Functional):
        return cls
    sub = _functional_classes.get(cls)
    if sub is None:
        sub = type(cls.__name__, (cls, Functional), {"__module__": cls.__module__})
        _functional_classes[cls] = sub
    return sub


def _should_quantize(layer: Layer, filters: Any) -> bool:
    if filters is None:
        return True
    if isinstance(filters, str):
        return bool(re.search(filters, layer.name))
    if isinstance(filters, (list, tuple)):
        return any(re.search(p, layer.name) for p in filters)
    return bool(filters(layer)) if callable(filters) else True


def _nested_by_path(variables: list, value_format: str) -> dict:
    out: dict = {}
    for v in variables:
        *scopes, leaf = v.path.split("/")
        node = out
        for part in scopes:
            node = node.setdefault(part, {})
        if leaf in node:
            raise ValueError(f"The following variable path is found twice in the model: "
                             f"'{v.path}'. `get_state_tree()` can only be called when all "
                             "variable paths are unique. Make sure to give unique names to "
                             "your layers (and other objects).")
        node[leaf] = v.value if value_format == "backend_tensor" else v.numpy()
    return out


def _flat_by_path(tree: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            out.update(_flat_by_path(value, f"{prefix}{key}/"))
        else:
            out[f"{prefix}{key}"] = value
    return out


_NO_SHAPE = object()  # (Model.build called without a shape: see Model.build)


class Model(Trainer, Layer):
    """`Model(inputs, outputs, name=None)` (functional) or a subclass defining `call`."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Model:
        if cls is Model and _is_functional_args(args, kwargs):
            return Functional.__new__(Functional, *args, **kwargs)
        # (Keras 3 makes a Model without its arguments: a subclass's automatic config is
        # its constructor's defaults, and none where a parameter has no default)
        return super().__new__(cls)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        functional = kwargs.pop("_functional", False)
        if not functional and _is_functional_args(args, kwargs):
            object.__setattr__(self, "__class__", _functional_subclass(type(self)))
            inputs = args[0] if args else kwargs.pop("inputs")
            outputs = args[1] if len(args) > 1 else kwargs.pop("outputs")
            Functional.__init__(self, inputs, outputs, **kwargs)
            return
        if args:
            # (Keras 3's words: a subclass's `super().__init__(self)`, as the TF 2 text
            # generation tutorial writes it, fails this way on TF 2.21 too)
            raise TypeError(f"Layer.__init__() takes 1 positional argument but "
                            f"{len(args) + 1} were given")
        Layer.__init__(self, **kwargs)  # (`inputs` alone, or `outputs`, refused there)
        object.__setattr__(self, "_is_graph_network", False)
        if "__init__" in Trainer.__dict__:
            Trainer.__init__(self)

    # -- structure -------------------------------------------------------------------------
    @property
    def layers(self) -> list:
        return self._layers  # (a layer held under two attributes is listed once)

    @layers.setter
    def layers(self, _: Any) -> None:
        raise AttributeError("`Model.layers` attribute is reserved and should not be used. "
                             "Please use another name.")

    def quantize(self, mode: Any = None, config: Any = None, filters: Any = None,
                 **kwargs: Any) -> None:
        """Quantizes every leaf layer that can be (`filters`: a regex of layer names, a
        list of them, or a predicate); the others warn with Keras 3's message. GPTQ and
        AWQ then run their calibration pass over the config's (or
        `get_quantization_layer_structure`'s) blocks. (Wrapped as every layer's `quantize`
        is: the config is resolved and the model checked first.)"""
        type_check = kwargs.pop("type_check", True)
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments passed to "
                             f"{type(self).__name__}: {kwargs}")
        if filters is not None and not isinstance(filters, (str, Callable, list, tuple)):
            raise ValueError("The `filters` argument must be a regex string, a list of regex "
                             f"strings, or a callable. Received: {type(filters)}")
        layers = self._flatten_layers()  # (a Sequential's InputLayer among them)
        modified = False
        for layer in layers:
            if not _should_quantize(layer, filters) or len(layer._flatten_layers()) != 1:
                continue
            try:
                layer.quantize(mode, type_check=type_check, config=config)
                modified = True
            except NotImplementedError as e:
                warnings.warn(str(e), stacklevel=2)
            except AttributeError:
                pass
        if mode in quantized.CALIBRATED_MODES:
            structure = config.quantization_layer_structure
            if structure is None:
                structure = self.get_quantization_layer_structure(mode)
            if structure is None:
                raise ValueError(f"For {mode=}, a valid quantization structure must be "
                                 "provided either via `config.quantization_layer_structure` "
                                 "or by overriding `model.get_quantization_layer_structure("
                                 "mode)`. The structure should be a dictionary with keys "
                                 "'pre_block_layers' and 'sequential_blocks'.")
            calibration.quantize_layerwise(mode, config, structure,
                                           lambda layer: _should_quantize(layer, filters),
                                           quantized.assign_calibrated)
        if modified:  # the compiled steps hold the old variables
            self._reset_step_functions()

    def get_quantization_layer_structure(self, mode: str | None = None) -> dict | None:
        """The blocks GPTQ / AWQ calibrate (`{'pre_block_layers': [...],
        'sequential_blocks': [...]}`), for a model to override; None here."""
        return None

    @property
    def inputs(self) -> Any:
        return None

    @property
    def outputs(self) -> Any:
        return None

    def get_layer(self, name: str | None = None, index: int | None = None) -> Layer:
        if index is not None and name is not None:
            raise ValueError("Provide only a layer name or a layer index. Received: "
                             f"index={index}, name={name}.")
        layers = self.layers
        if index is not None:
            if len(layers) <= index:
                raise ValueError(f"Was asked to retrieve layer at index {index} but model only "
                                 f"has {len(layers)} layers.")
            return layers[index]
        if name is not None:
            for layer in layers:
                if layer.name == name:
                    return layer
            raise ValueError(f"No such layer: {name}. Existing layers are: "
                             f"{[layer.name for layer in layers]}.")
        raise ValueError("Provide either a layer name or layer index at `get_layer`.")

    # -- building and calling ----------------------------------------------------------------
    def call(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(f"Model {type(self).__name__} does not have a `call()` method "
                                  "implemented.")

    def build(self, input_shape: Any = _NO_SHAPE) -> None:
        """Keras 3's default: marks the model built (its layers build on the first call),
        warning when sublayers are still unbuilt. The shape is required (None allowed), as
        in Keras 3: build() without one raises Python's missing-argument error, naming the
        method Keras 3 runs there (Functional's own, or the Layer.build Model inherits)."""
        if input_shape is _NO_SHAPE:
            owner = "Functional" if self._is_graph_network else "Layer"
            raise TypeError(f"{owner}.build() missing 1 required positional argument: "
                            "'input_shape'")
        if self._is_graph_network:
            self.built = True
            return
        self._mark_path()
        if type(self).build is Model.build:  # (not from a subclass's own build)
            warn_unbuilt_sublayers(self)
        self.built = True

    def build_from_config(self, config: dict) -> None:
        """Creates the weights from get_build_config's shape: the model's own build, or (a
        subclass without one) its `call` traced on symbolic inputs of that shape."""
        if not config or "input_shape" not in config:
            return
        if getattr(type(self).build, "_is_default", False):
            self._build_by_run(config["input_shape"])
        else:
            self.build(config["input_shape"])
        self.built = True

    def _build_by_run(self, input_shape: Any) -> None:
        shapes = to_shapes(input_shape)
        if isinstance(shapes, TensorShape):
            x: Any = SymbolicTensor(shapes, self.compute_dtype)
        elif isinstance(shapes, dict):
            x = {k: SymbolicTensor(s, self.compute_dtype) for k, s in shapes.items()}
        else:
            x = [SymbolicTensor(s, self.compute_dtype) for s in shapes]
        ctx = kb.call_context
        saved, training = ctx.depth, ctx.training
        ctx.depth = saved + 1
        try:
            # (`call` alone, as Keras 3's build from a config runs it: outside the model's
            # scope, so the sublayers' paths start at the top and the model gets none)
            with symbolic_scope():
                self.call(x, **({"training": False} if _accepts_training(self) else {}))
        finally:
            ctx.depth, ctx.training = saved, training  # (the sublayers' modes stay here)
        self._build_input_shape = input_shape
        object.__setattr__(self, "_build_shapes", shape_tuples(to_shapes(input_shape)))

    build._is_default = True  # type: ignore[attr-defined]

    def _maybe_build(self, inputs: Any, rest: Any = (), kwargs: dict | None = None,
                     eager: bool = True) -> None:
        if self.built:
            return
        if getattr(type(self).build, "_is_default", False):
            # a subclassed model without its own build: built by running `call`
            self._mark_path()
            self._build_by_running(inputs, rest, kwargs, eager)
            object.__setattr__(self, "built", True)
            self._lock_state()
            if self._build_shapes is None:
                # (a tuple of inputs stays one: Keras 3's export serves a Tuple)
                shapes = input_shapes(inputs, keep_tuples=True)
                self._build_input_shape = to_shapes(shapes, keep_tuples=True)
                object.__setattr__(self, "_build_shapes", shape_tuples(self._build_input_shape))
            return
        Layer._maybe_build(self, inputs, rest, kwargs, eager)

    def _checkpoint_aliases(self) -> dict:
        """Keras 2's children of a Sequential or functional model (`layer-N`, and
        `layer_with_weights-N` for the layers holding weights), which eagerflow's older
        checkpoints used: a restore still matches them."""
        aliases = Layer._checkpoint_aliases(self)
        if self._is_graph_network or hasattr(self, "_sequential_layers"):
            with_weights = 0
            for i, layer in enumerate(self.layers):
                if layer.built and layer.weights:
                    aliases[f"layer_with_weights-{with_weights}"] = layer
                    with_weights += 1
                aliases[f"layer-{i}"] = layer
        return aliases

    # -- reporting and serialization -----------------------------------------------------
    def summary(self, line_length: int | None = None, positions: Any = None,
                print_fn: Any = None, expand_nested: bool = False, show_trainable: bool = False,
                layer_range: Any = None) -> None:
        print_summary(self, line_length=line_length, positions=positions, print_fn=print_fn,
                      expand_nested=expand_nested, show_trainable=show_trainable,
                      layer_range=layer_range)

    # -- weights files (implemented with the checkpoint stream, keras/weights_io.py) --------
    # -- the state as nested dicts by variable path (Keras 3's stateless workflows) ------
    def get_state_tree(self, value_format: str = "backend_tensor") -> dict:
        """{"trainable_variables", "non_trainable_variables", "optimizer_variables",
        "metrics_variables"}, each a dict nested by the variables' paths."""
        if value_format not in ("backend_tensor", "numpy_array"):
            raise ValueError("Invalid `value_format` argument. Expected one of {'numpy_array', "
                             f"'backend_tensor'}}. Received: value_format={value_format}")
        groups = {"trainable_variables": self.trainable_variables,
                  "non_trainable_variables": self.non_trainable_variables,
                  "optimizer_variables": self.optimizer.variables,
                  "metrics_variables": self.metrics_variables}
        return {k: _nested_by_path(vs, value_format) for k, vs in groups.items()}

    def set_state_tree(self, state_tree: dict) -> None:
        """Assigns each variable of `state_tree` (get_state_tree's form) found by its path."""
        for kind, tree in state_tree.items():
            if kind not in ("trainable_variables", "non_trainable_variables",
                            "optimizer_variables", "metrics_variables"):
                raise ValueError(f"Unknown variable name: {kind}")
            if kind == "optimizer_variables" and getattr(self, "optimizer", None) is None:
                continue
            variables = self.optimizer.variables if kind == "optimizer_variables" else \
                getattr(self, kind)
            by_path = {v.path: v for v in variables}
            for path, value in _flat_by_path(tree).items():
                if path in by_path:
                    by_path[path].assign(value)

    def save_weights(self, filepath: Any, overwrite: bool = True, save_format: str | None = None,
                     options: Any = None, max_shard_size: Any = None) -> None:
        """A TF checkpoint at a path prefix, or Keras 3's layout for `*.weights.h5` (in
        shards of `max_shard_size` GB named by a `*.weights.json` index, if given)."""
        if max_shard_size is not None:
            path = str(os.fspath(filepath)) if isinstance(filepath, (str, os.PathLike)) \
                else str(filepath)
            weights_sharded.check_sharded_path(path)
            if not getattr(self, "built", True):
                raise ValueError("You are saving a model that has not yet been built. Try "
                                 "building the model first by calling it on some data or by "
                                 "using `build()`.")
            if overwrite or not os.path.exists(path) or ask_to_proceed_with_overwrite(path):
                weights_sharded.save_sharded(self, path, max_shard_size)
            return
        weights_io.save_weights(self, filepath, overwrite=overwrite,
                                save_format=save_format, options=options)

    def load_weights(self, filepath: Any, skip_mismatch: bool = False, **kwargs: Any) -> Any:
        """Loads what save_weights wrote (or a `.keras` file's weights, or Keras 2's layout
        in a legacy `.h5` / `.hdf5` file, by topology or `by_name`); TF-format loads return
        the checkpoint load status. Keras 3's rules for each kind of path."""
        if weights_io.not_a_path(filepath):  # (Keras 3 reads str(filepath): no format it knows)
            raise ValueError(weights_io.FORMAT_NOT_SUPPORTED.format(filepath))
        path = str(os.fspath(filepath))
        if not (path.endswith((".keras", ".h5", ".hdf5", ".json")) or os.path.isdir(path)
                or os.path.exists(path + ".index")):
            # (eagerflow still reads the TF checkpoint a path prefix names, which Keras 3
            # no longer does; with none there, Keras 3's refusal of the path)
            raise ValueError(weights_io.FORMAT_NOT_SUPPORTED.format(filepath))
        objects_to_skip = kwargs.pop("objects_to_skip", None)
        by_name = kwargs.pop("by_name", None)
        # (a path prefix is a TF checkpoint, eagerflow's: it takes TF's CheckpointOptions)
        options = None if path.endswith((".keras", ".h5", ".hdf5", ".json")) else \
            kwargs.pop("options", None)
        if kwargs:
            raise ValueError(f"Invalid keyword arguments: {kwargs}")
        if objects_to_skip is not None and not path.endswith((".weights.h5", ".weights.json")):
            # (Keras 3's: its `.weights.h5` and sharded `.weights.json` files only)
            raise ValueError("`objects_to_skip` only supports loading '.weights.h5' files."
                             f"Received: {filepath}")
        skip = objects_to_skip or ()
        if os.path.isdir(path) and orbax_io.is_orbax_checkpoint(path):
            orbax_io.load_weights(self, path)
            return None
        if path.endswith(".weights.json"):  # (Keras 3's sharded weights)
            weights_sharded.load_sharded(self, path, skip_mismatch, skip)
            return None
        if path.endswith(".keras"):
            if by_name is not None:
                raise ValueError("`by_name` only supports loading legacy '.h5' or '.hdf5' "
                                 f"files. Received: {filepath}")
            weights_io.refuse_unbuilt(self)
            saving_lib.load_weights_only(self, path, skip_mismatch)
            return None
        return weights_io.load_weights(self, filepath, by_name=by_name,
                                       skip_mismatch=skip_mismatch, options=options, skip=skip)

    # -- whole-model files (keras/saving_lib.py) and SavedModels (keras/export.py) ----------
    def save(self, filepath: Any, overwrite: bool = True, zipped: Any = None,
             **kwargs: Any) -> None:
        """A `.keras` file (the model's config, compile config and weights), or a legacy
        `.h5` / `.hdf5` file as Keras 3 still writes them."""
        saving_lib.save_model(self, filepath, overwrite, zipped, **kwargs)

    def to_json(self, **kwargs: Any) -> str:
        """The model's config as JSON (keras.models.model_from_json reads it back)."""
        return json.dumps(ser.serialize_keras_object(self), **kwargs)

    def export(self, filepath: Any, format: str = "tf_saved_model",  # noqa: A002
               verbose: bool | None = None, input_signature: Any = None,
               **kwargs: Any) -> None:
        """A SavedModel serving the model as its `serve` endpoint, or a .tflite file
        (format="litert", `kwargs` the converter's settings): Keras 3's export."""
        export_lib.export(self, filepath, format, verbose, input_signature, **kwargs)

    @property
    def _default_save_signature(self) -> Any:
        """What tf.saved_model.save(model) serves as serving_default."""
        return export_lib.default_save_signature(self)

    def _model_saved_children(self, signature: Any = None) -> dict:
        """What TF 2.21's SavedModel adds to a Keras 3 model: its `_default_save_signature`
        function (when it has one) and a compiled dict or list of losses, as empty
        wrappers."""
        out: dict = {}
        fn = self._default_save_signature if signature is None else signature
        if fn is not None:
            out["_default_save_signature"] = fn
        loss = self.__dict__.get("loss")
        if isinstance(loss, dict):
            out["loss"] = TrackableDict({})
        elif isinstance(loss, (list, tuple)):
            out["loss"] = TrackableList([])
        return out

    def _saved_model_children(self) -> dict:
        # (TF 2.21 lists the model's function first, before the containers Keras 3
        # converts for it)
        model = self._model_saved_children()
        out = {k: model.pop(k) for k in ("_default_save_signature",) if k in model}
        out.update(Layer._saved_model_children(self))
        out.update(model)
        return out

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> Model:
        if "layers" in config and "input_layers" in config:
            target = cls if issubclass(cls, Functional) else Functional
            return Functional.from_config.__func__(target, config, custom_objects)
        try:
            return cls(**config)
        except TypeError as e:
            raise TypeError(f"Unable to revive model from config. When overriding the "
                            f"`get_config()` method, make sure that the returned config "
                            f"contains all items used as arguments in the constructor to {cls},"
                            f" which is the default behavior. You can override this default "
                            f"behavior by defining a `from_config(cls, config)` class method "
                            f"to specify how to create an instance of {cls.__name__} from its "
                            f"config.\n\nReceived config={config}\n\nError encountered during "
                            f"deserialization: {e}") from None


class Functional(GraphNetwork, Model):
    """A model defined by its input and output KerasTensors."""

    # as Keras 3's: its inputs are standardized, and refused, by the graph network
    _convert_input_args, _allow_non_tensor_positional_args = False, True

    def __init__(self, inputs: Any = None, outputs: Any = None, name: str | None = None,
                 trainable: bool = True, **kwargs: Any) -> None:
        # (Keras 3's Functional takes its name and trainable flag alone: other keywords,
        # a dtype too, it drops unread; it checks its tensors before it takes a name)
        check_all_keras_tensors(inputs, outputs)
        Model.__init__(self, name=name, trainable=trainable, _functional=True)
        inputs, outputs = clone_from_intermediate_inputs(inputs, outputs)
        self._init_graph_network(inputs, outputs)


# (no public namespace exports Functional: configs name it by its Keras 3 source module)
ser.register_keras_src_class(ser.FUNCTIONAL_MODULE, Functional)


def clone_from_intermediate_inputs(inputs: Any, outputs: Any) -> tuple:
    """Keras 3's functional model of an intermediate tensor (not a `keras.Input`, as
    FeatureSpace's encoded features): each such input becomes an Input named after it with
    "CLONE", and the layers between the inputs and the outputs are called again from the
    clones, so the model starts there (the graph before it is not part of it)."""
    flat_in = nest.flatten(inputs)
    if not all(is_keras_tensor(t) for t in flat_in + nest.flatten(outputs)) or all(
            t.node.is_input for t in flat_in):
        return inputs, outputs  # (the checks of the graph network word the errors)
    values: dict = {}
    for t in flat_in:
        if t.node.is_input:
            values[id(t)] = t
        else:
            optional = getattr(t.node.layer, "optional", False) \
                if isinstance(t.node.layer, InputLayer) else False
            values[id(t)] = Input(batch_shape=tuple(t.shape), dtype=t.dtype, sparse=t.sparse,
                                  name=f"{t.name}CLONE", optional=optional)
    order: list = []
    seen: set = set()

    def visit(kt: KerasTensor) -> None:
        node = kt.node
        if id(kt) in values or id(node) in seen:
            return
        seen.add(id(node))
        if node.is_input:  # an Input not among the inputs: the outputs are not connected
            values[id(kt)] = kt
            return
        for x in node.flat_inputs:
            visit(x)
        order.append(node)

    for kt in nest.flatten(outputs):
        visit(kt)
    for node in order:
        args, kwargs = node.map_arguments(values)
        result = node.layer(*args, **kwargs)
        for old, new in zip(node.flat_outputs, nest.flatten(result)):
            values[id(old)] = new
    return (nest.pack_sequence_as(inputs, [values[id(t)] for t in flat_in]),
            nest.map_structure(lambda t: values.get(id(t), t), outputs))


def _accepts_training(layer: Layer) -> bool:
    return call_spec(layer).expects_training
