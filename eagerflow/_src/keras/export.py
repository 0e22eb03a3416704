"""Keras models as SavedModels: `model.export(path)` and tf.saved_model.save(model).

Sits in keras/ over saved_model/. A model's serving function calls the model as Keras 3's
does, without `training` (each layer takes its call's default: dropout is off, and the
random augmentation layers, whose default is training=True, augment), on inputs shaped
as it was built (its Input tensors, or the shapes its first call saw).
`tf.saved_model.save(model)` serves it as `serving_default`, its inputs named `inputs`,
`inputs_1`, ... (Keras 3's `_default_save_signature`: a model with augmentation layers is
refused, as TF refuses it, their seed generators' states untracked). `model.export()`
writes what Keras 3's ExportArchive writes: a root holding the model's variables and one
endpoint, `serve`, taking the inputs positionally under their Input names, also served
as the `serve` and `serving_default` signatures, with the model's lookup tables in its
`_misc_assets`; it prints the endpoints as Keras does.
"""

from __future__ import annotations

import inspect
from typing import Any

from eagerflow._src.core import nest
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.core.trackable import AutoTrackable, Trackable, TrackedList
from eagerflow._src.function.function_type import endpoint_text, saved_artifact_text
from eagerflow._src.function.polymorphic import Function, function
from eagerflow._src.keras import export_formats
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.ops.lookup_ops import _Table as LookupTable
from eagerflow._src.ops.variables import Variable
from eagerflow._src.train.graph_view import ObjectGraph

# SavedModel writing (protos, tables, datasets' graphs) loads on the first export, not with
# every Model class.
saved_model_save = lazy_module("eagerflow._src.saved_model.save")


def _specs(model: Any, naming: Any, any_batch: bool = False) -> Any:
    """TensorSpecs of the model's inputs in its call's structure; `naming(i, input_name)`
    names the i-th. `any_batch`: the first dimension unknown, as Keras 3's export makes
    it (a subclassed model's first call of batch 1 serves any batch)."""
    if getattr(model, "_is_graph_network", False):
        inputs = model._nested_inputs
        flat = nest.flatten(inputs)
        leaves = [(t._shape, t._dtype, t.name) for t in flat]
    else:
        shape = getattr(model, "_build_input_shape", None)
        if shape is None or not getattr(model, "built", False):
            raise ValueError("The model provided has not yet been built. It must be built "
                             "before export.")
        dtype = getattr(model, "compute_dtype", None) or "float32"
        inputs = _shape_structure(shape)
        leaves = [(leaf.dims, dtype, None) for leaf in nest.flatten(inputs)]
    if any_batch:
        leaves = [((None, *(shape or ())[1:]) if shape is not None else None, dtype, name)
                  for shape, dtype, name in leaves]
    specs = [TensorSpec(shape, dtype, naming(i, name))
             for i, (shape, dtype, name) in enumerate(leaves)]
    return nest.pack_sequence_as(inputs, specs)


class _Shape:
    """One input's build shape, a leaf of the structure `_specs` packs its specs into."""

    def __init__(self, shape: Any) -> None:
        self.dims = tuple(TensorShape(shape).as_list())


def _shape_structure(shape: Any) -> Any:
    """A subclassed model's build shape in its inputs' structure: a dict, list or tuple of
    shapes (nested), or one shape, as Keras 3's export reads it, each shape a _Shape."""
    if isinstance(shape, dict):
        return {key: _shape_structure(value) for key, value in shape.items()}
    if isinstance(shape, (list, tuple)) and shape and \
            not all(isinstance(d, (int, type(None))) for d in shape):
        return type(shape)(_shape_structure(s) for s in shape)
    return _Shape(shape)


def default_save_signature(model: Any, cached: bool = True) -> Function | None:
    """The function tf.saved_model.save(model) serves: inputs named inputs, inputs_1, ...;
    None for a subclassed model not built (Keras 3 saves it without a signature). The
    model keeps it while its inputs' specs stay the same (so a save's serving signature
    and the root's `_default_save_signature` child are one function, as in TF)."""
    if not getattr(model, "_is_graph_network", False) and (
            not getattr(model, "built", False) or
            getattr(model, "_build_input_shape", None) is None):
        return None
    spec = _specs(model, lambda i, _: "inputs" if i == 0 else f"inputs_{i}")
    hit = model.__dict__.get("_serving_default_fn") if cached else None
    if hit is not None and hit[0] == repr(spec):
        return hit[1]

    def serving_default(inputs: Any) -> Any:
        return model(inputs)

    fn = function(serving_default, input_signature=[spec])
    if cached:
        object.__setattr__(model, "_serving_default_fn", (repr(spec), fn))
    return fn


class _ExportRoot(AutoTrackable):
    """What model.export() saves (Keras 3's ExportArchive)."""


# the formats Keras 3's Model.export names (its refusal lists them in this order)
_EXPORT_FORMATS = ("tf_saved_model", "onnx", "openvino", "litert", "torch")


def default_input_signature(model: Any) -> list:
    """The specs an export serves `model` on by default: one argument, its inputs'
    structure, of any batch size, each named as its Input."""
    return [_specs(model, lambda i, name: name, any_batch=True)]


def export(model: Any, filepath: Any, format: str = "tf_saved_model",  # noqa: A002
           verbose: bool | None = None, input_signature: Any = None, **kwargs: Any) -> None:
    """model.export(filepath): a SavedModel serving the model as the `serve` endpoint (or
    a .tflite file, format="litert")."""
    if format not in _EXPORT_FORMATS:
        raise ValueError(f"Unrecognized format={format}. Supported formats are: "
                         f"{list(_EXPORT_FORMATS)}.")
    if format == "torch":  # (TF's refusal: the TensorFlow backend has no torch export)
        raise ValueError("Torch export requires PyTorch backend.")
    if format in export_formats.WRITERS:
        writer = getattr(export_formats.WRITERS[format], f"export_{format}")
        return writer(model, filepath, input_signature=input_signature, verbose=verbose,
                      **kwargs)
    if format != "tf_saved_model":
        raise NotImplementedError(f"eagerflow does not export format={format!r} yet; "
                                  "format='tf_saved_model' and 'litert' are supported.")
    if input_signature is None:
        input_signature = default_input_signature(model)

    def serve(args_0: Any) -> Any:  # one argument: the inputs' structure, as Keras 3
        return model(args_0)

    # (Keras 3 serves the model's __call__: TF names the functions after it)
    serve.__name__ = serve.__qualname__ = "__call__"
    fn = function(serve, input_signature=list(input_signature))
    root = _ExportRoot()
    variables = list(model.variables)
    root.variables = list(variables)
    root.trainable_variables = list(model.trainable_variables)
    root.non_trainable_variables = list(model.non_trainable_variables)
    cf = fn.get_concrete_function()
    root._track("_all_variables", TrackedList(_used_variables([cf], root)))
    # the model's lookup tables (resources), which the endpoint's functions capture
    tables = [t for t in ObjectGraph(model).nodes if isinstance(t, LookupTable)]
    root._track("_misc_assets", TrackedList(tables))
    root.serve = fn
    saved_model_save.save(root, filepath, signatures={"serve": fn, "serving_default": fn})
    if verbose is None or verbose:
        print(_endpoints(filepath, cf))


class ExportArchive:
    """`keras.export.ExportArchive()`: a SavedModel assembled by hand: `track` the layers
    and resources the endpoints use, `add_endpoint(name, fn, input_signature)` each served
    function, `add_variable_collection` named lists of variables, then `write_out(path)`.
    Each endpoint is also a signature (the first is `serving_default` too)."""

    def __init__(self) -> None:
        self._root = _ExportRoot()
        # (set first, as Keras 3 sets them: they lead the root's children, before the
        # variable collections and the endpoints)
        self._root.variables = []
        self._root.trainable_variables = []
        self._root.non_trainable_variables = []
        self._endpoints: dict = {}  # name -> tf.function
        self._variables: list = []
        self._trainable: list = []
        self._tables: list = []

    def track(self, resource: Any) -> None:
        """Keeps `resource` (a layer or model, or any trackable) and its variables and
        lookup tables in the archive."""
        if not isinstance(resource, (Layer, Trackable)):
            raise ValueError("Invalid resource type. Expected a Keras `Layer` or `Model` or a"
                             " TensorFlow `Trackable` object. Received object "
                             f"{resource} of type '{type(resource)}'. ")
        if isinstance(resource, Layer) and not resource.built:
            raise ValueError("The layer provided has not yet been built. It must be built "
                             "before export.")
        for v in getattr(resource, "variables", []) or []:
            if all(v is not w for w in self._variables):
                self._variables.append(v)
                if v.trainable:
                    self._trainable.append(v)
        self._tables += [t for t in ObjectGraph(resource).nodes if isinstance(t, LookupTable)
                         and all(t is not u for u in self._tables)]

    def add_endpoint(self, name: str, fn: Any, input_signature: Any = None,
                     **kwargs: Any) -> Function:
        """Serves `fn` as `name`: a tf.function, or a function with `input_signature`
        (TensorSpecs or keras.InputSpecs)."""
        if name in self._endpoints:
            raise ValueError(f"Endpoint name '{name}' is already taken.")
        if input_signature is not None:
            specs = nest.map_structure(_as_tensor_spec, input_signature)
            decorated = function(fn, input_signature=list(specs), autograph=False)
        elif isinstance(fn, Function):
            # (served as traced: one without an input_signature by its first trace)
            if fn.input_signature is None and not fn._by_signature:
                raise ValueError(
                    f"The provided tf.function '{fn}' has never been called. To specify the "
                    "expected shape and dtype of the function's arguments, you must either "
                    "provide a function that has been called at least once, or "
                    "alternatively pass an `input_signature` argument in `add_endpoint()`.")
            decorated = fn
        else:
            raise ValueError(_NEEDS_SIGNATURE)
        self._endpoints[name] = decorated
        setattr(self._root, name, decorated)
        return decorated

    def track_and_add_endpoint(self, name: str, resource: Any, input_signature: Any,
                               **kwargs: Any) -> Function:
        """`track(resource)`, then serves calling it as `name`."""
        self.track(resource)
        return self.add_endpoint(name, resource.__call__, input_signature, **kwargs)

    def add_variable_collection(self, name: str, variables: Any) -> None:
        """Saves `variables` (a list of variables) as the attribute `name`."""
        variables = list(variables)
        if not all(hasattr(v, "assign") for v in variables):
            # (Keras 3 lists every element's type once, the variables' types included)
            kinds = list(dict.fromkeys(type(v) for v in variables))
            raise ValueError("Expected all elements in `variables` to be `tf.Variable` "
                             f"instances. Found instead the following types: {kinds}")
        setattr(self._root, name, variables)

    def write_out(self, filepath: Any, options: Any = None, verbose: bool = True) -> None:
        """Writes the SavedModel to `filepath`, printing its endpoints unless not verbose."""
        if not self._endpoints:
            raise ValueError("No endpoints have been set yet. Call add_endpoint().")
        root = self._root
        root.variables = list(self._variables)
        root.trainable_variables = list(self._trainable)
        root.non_trainable_variables = [v for v in self._variables if not v.trainable]
        concrete = {name: _endpoint_trace(fn) for name, fn in self._endpoints.items()}
        root._track("_all_variables", TrackedList(_used_variables(list(concrete.values()),
                                                                  root)))
        root._track("_misc_assets", TrackedList(list(self._tables)))
        # (a tf.function of an input_signature is given as itself: TF names its signature
        # wrappers after it; a traced one by its first trace, as Keras 3 gives it)
        signatures = {name: fn if fn.input_signature is not None else concrete[name]
                      for name, fn in self._endpoints.items()}
        signatures.setdefault("serving_default", next(iter(signatures.values())))
        saved_model_save.save(root, filepath, signatures=signatures, options=options)
        if verbose:
            print(saved_artifact_text(filepath, [_endpoint_text(name, fn, concrete[name])
                                                 for name, fn in self._endpoints.items()]))


def _endpoint_trace(fn: Function) -> Any:
    """The ConcreteFunction an endpoint serves: its input_signature's, else its first."""
    if fn.input_signature is not None:
        return fn.get_concrete_function()
    return next(iter(fn._by_signature.values()))


def _used_variables(concrete: list, root: Any) -> list:
    """What Keras 3 saves as an archive's `_all_variables`: the variables the endpoints'
    functions use, trainable ones first. On TF 2.21 a Keras variable's tf.Variable is an
    object of its own, saved apart (its own node and checkpoint value, no function
    capturing it); here a Keras variable is its tf.Variable, so a copy stands for it. One
    the `root`'s lists do not hold (a stateful RNN's states, which are no weights) is saved
    there itself: TF's functions capture that node."""
    held = {id(v) for value in vars(root).values() if isinstance(value, list)
            for v in value}
    seen: set = set()
    used = []
    for cf in concrete:
        for v in cf._captured_vars:
            if id(v) not in seen:
                seen.add(id(v))
                used.append(v)
    ordered = [v for v in used if v.trainable] + [v for v in used if not v.trainable]
    return [_copy(v) if getattr(v, "_keras_variable", False) and id(v) in held else v
            for v in ordered]


def _copy(v: Any) -> Variable:
    name = (getattr(v, "path", None) or v.name).split(":")[0]
    return Variable(v.read_value(), trainable=v.trainable, dtype=v.dtype, name=name)


_NEEDS_SIGNATURE = (
    "If the `fn` argument provided is not a `tf.function`, you must provide an "
    "`input_signature` argument to specify the shape and dtype of the function arguments. "
    "Example:\n\nexport_archive.add_endpoint(\n    name='call',\n    fn=model.call,\n"
    "    input_signature=[\n        keras.InputSpec(\n            shape=(None, 224, 224, 3),"
    "\n            dtype='float32',\n        )\n    ],\n)")


def _as_tensor_spec(spec: Any) -> TensorSpec:
    if isinstance(spec, TensorSpec):
        return spec
    if isinstance(spec, InputSpec):
        return TensorSpec(spec.shape, spec.dtype or "float32", getattr(spec, "name", None))
    raise TypeError(f"input_signature entries must be TensorSpecs or InputSpecs. Received: "
                    f"{spec!r}")


def _signature_args(cf: Any) -> list:
    """A function's arguments as Keras 3's note shows them: its input signature's specs as
    given (a spec without a name shows none), else the traced ones."""
    given = getattr(cf, "_input_signature", None)
    return list(given) if given else list(cf.structured_input_signature[0])


def _endpoint_text(name: str, fn: Function, cf: Any) -> str:
    """One endpoint as Keras 3 prints it: arguments named and kinded as the function's."""
    args = _signature_args(cf)
    try:
        params = list(inspect.signature(fn.python_function).parameters.values())
    except (TypeError, ValueError):
        params = []
    labels = [f"{params[i].name} ({params[i].kind.name})" if i < len(params) else
              f"args_{i} (POSITIONAL_ONLY)" for i in range(len(args))]
    shown = list(zip(labels, args))
    # the parameters the signature leaves to their defaults, bound to them (a model's
    # `call`: training and mask, Literal[None])
    shown += [(f"{p.name} ({p.kind.name})", p.default) for p in params[len(args):]
              if p.default is not p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    return endpoint_text(name, shown, cf.structured_outputs, cf.function_type.captures)


def _endpoints(filepath: Any, cf: Any) -> str:
    args = _signature_args(cf)
    return saved_artifact_text(filepath, [endpoint_text(
        "serve", [(f"args_{i} (POSITIONAL_ONLY)", a) for i, a in enumerate(args)],
        cf.structured_outputs, cf.function_type.captures)])
