"""How a layer is called on KerasTensors (the functional API): the SymbolicCalls mixin of
keras.layers.Layer, with the properties read from the nodes those calls record (input,
output).

Calling a layer on KerasTensors builds it, finds its outputs' shapes and dtypes (from
compute_output_shape, or by tracing `call` into a scratch graph as Keras 3's TF backend
does, so tf.cond and Python control flow behave as in a tf.function), carries the masks
along as KerasTensors (those `call` sets, else compute_mask's) and records a Node.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.errors import OpError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, is_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine import input_spec as input_spec_mod
from eagerflow._src.keras.engine import layer_checks
from eagerflow._src.keras.engine.call_errors import (
    symbolic_call,
    warn_mask_dropped,
    with_call_info,
)
from eagerflow._src.keras.engine.call_spec import CallSpec, call_spec
from eagerflow._src.keras.engine.keras_tensor import (
    KerasTensor,
    Node,
    SymbolicTensor,
    get_mask,
    is_keras_tensor,
    symbolic,
    trace_symbolic,
)
from eagerflow._src.keras.engine.shapes import input_shapes, to_shapes


def _fresh_outputs(flat_out: list) -> list:
    """The node's output KerasTensors: a KerasTensor the layer's compute_output_spec made
    (none of the graph's yet) is the output itself, as in Keras 3, where it has taken its
    automatic name already; other specs become new KerasTensors."""
    fresh, seen = [], set()
    for o in flat_out:
        if isinstance(o, KerasTensor) and o._keras_history is None and id(o) not in seen:
            fresh.append(o)
        else:
            fresh.append(KerasTensor(o._shape, o._dtype))
        seen.add(id(o))
    return fresh



def training_default(ctx: Any, spec: CallSpec) -> Any:
    """A call's `training` when none is given: the outer call's, else the learning phase
    set globally, else the call signature's default."""
    training = ctx.training
    if training is None and kb.global_learning_phase_is_set():
        training = bool(kb.learning_phase())
    return spec.training_default if training is None else training

class SymbolicCalls:
    """A layer's calls on KerasTensors (mixed into Layer)."""

    _frames_call_errors = True  # an error in `call` names the layer and its arguments

    def _functional_call(self, inputs: Any, rest: tuple, kwargs: dict) -> Any:
        if self._input_spec is not None:
            input_spec_mod.assert_input_compatibility(self._input_spec, inputs, self.name)
        spec = call_spec(self)
        with self._own_scope():
            if not self.built:
                self._maybe_build(inputs, rest, kwargs, eager=False)
        # As Keras 3: a `call` taking `mask` gets its only tensor argument's masks, and they
        # are inputs of the node (the graph computes them)
        in_masks = nest.map_structure(get_mask, inputs)
        given = [m for m in nest.flatten(in_masks) if m is not None]
        node_kwargs = self._node_kwargs(inputs, rest, kwargs, spec)
        # (a structure's masks even where none is masked: [None, None])
        if spec.expects_mask and kwargs.get("mask") is None and \
                (given or nest.is_nested(inputs)) and not _has_tensors(rest):
            kwargs = dict(kwargs, mask=in_masks)
        previous_mask = kwargs.get("mask")
        if previous_mask is None:
            previous_mask = in_masks
        # `call` runs on SymbolicTensors (TF-style shapes and dtypes, as a traced TF graph
        # has them); the user sees KerasTensors
        twice = layer_checks.given_twice(spec, inputs, rest, kwargs) if rest else None
        if twice and self._frames_call_errors:  # (Keras 3 passes it by keyword too)
            e = _output_spec_error(layer_checks.given_twice_error(self, twice), self)
            shown = {**kwargs, twice: rest[spec.arg_names.index(twice) - 1]}
            raise with_call_info(e, self, symbolic_call, (inputs, *rest), shown)
        sym_inputs = nest.map_structure(symbolic, inputs)
        sym_kwargs = nest.map_structure(symbolic, kwargs)
        if "mask" in sym_kwargs and self._static_shapes():
            sym_kwargs.pop("mask")  # not needed to know the outputs' shapes
        try:
            outputs = self._symbolic_outputs(sym_inputs, nest.map_structure(symbolic, rest),
                                             sym_kwargs, spec)
        except Exception as e:
            if not self._frames_call_errors:
                raise
            shown = kwargs
            training = training_default(kb.call_context, spec)
            if spec.expects_training and "training" not in kwargs and training is not None \
                    and (spec.training_pos is None or len(rest) < spec.training_pos):
                # (Keras 3 passes a `call` taking `training` the one it resolves, its
                # default too: a preprocessing layer's True is in its error's kwargs)
                shown = {"training": training, **kwargs}
            if spec.expects_mask and "mask" not in kwargs and not _has_tensors((rest, kwargs)):
                # Keras 3 passes a `call` taking `mask` its only tensor argument's masks,
                # None included: its error lists them
                shown = {**kwargs, "mask": in_masks}
            raise with_call_info(e, self, symbolic_call, (inputs, *rest), shown) \
                .with_traceback(e.__traceback__) from None
        flat_out = nest.flatten(outputs)
        fresh = _fresh_outputs(flat_out)
        call_masks = [get_mask(o) for o in flat_out]  # those a traced `call` set
        outputs = nest.pack_sequence_as(outputs, fresh)
        Node(self, (inputs,) + tuple(rest), node_kwargs, outputs)
        if self._computes_masks():
            self._set_output_masks(inputs, previous_mask, fresh, call_masks)
        elif any(m is not None for m in nest.flatten(previous_mask)):
            warn_mask_dropped(self)
        return outputs

    def _node_kwargs(self, inputs: Any, rest: tuple, kwargs: dict, spec: CallSpec) -> dict:
        """The keyword arguments the node records (a config's `kwargs`), as Keras 3's
        Layer.__call__ leaves them: it fills in `training` (the caller's, else an outer
        call's, else the signature's default, when not None) and the masks of the tensor
        arguments (`mask`, or `<arg>_mask` for several), but in a copy of the arguments,
        which the node does not see, unless the layer was called on one tensor of its
        input dtype and nothing else, or converts no arguments (a functional model, the
        string and image preprocessing layers)."""
        node_kwargs = dict(kwargs)
        if self._convert_input_args and (kwargs or rest or not isinstance(inputs, Tensor)
                                         or inputs.dtype != self.input_dtype):
            return node_kwargs
        if not spec.expects_training:
            node_kwargs.pop("training", None)
        elif "training" not in kwargs and (spec.training_pos is None or
                                           len(rest) < spec.training_pos):
            training = kb.call_context.training
            training = spec.training_default if training is None else training
            if training is not None:
                node_kwargs["training"] = training
        try:
            bound = spec.signature.bind(inputs, *rest, **kwargs)
        except (AttributeError, TypeError):  # no signature to read; arguments it refuses
            return node_kwargs
        bound.apply_defaults()
        tensor_args = {name: v for name, v in bound.arguments.items() if _is_tensor_arg(v)}
        for name, value in tensor_args.items():
            key = "mask" if len(tensor_args) == 1 else f"{name}_mask"
            if key in bound.arguments and bound.arguments[key] is None:
                masks = nest.map_structure(get_mask, value)
                if all(is_keras_tensor(m) for m in nest.flatten(masks) if m is not None):
                    node_kwargs[key] = masks
        return node_kwargs

    def _set_output_masks(self, inputs: Any, previous_mask: Any, outputs: list,
                          call_masks: list) -> None:
        """compute_mask on the KerasTensors, as Keras 3 does: the keras.ops it applies are
        operations of the graph (Embedding's `not_equal`, a merge's `logical_or`), a mask
        passed through stays the same KerasTensor, and TF ops refuse KerasTensors (Keras
        3's ValueError). Not asked when `call` set every output's mask."""
        for o, c in zip(outputs, call_masks):
            o._keras_mask = None if c is None else KerasTensor(c._shape, c._dtype)
        if all(c is not None for c in call_masks):
            return
        masks = self.compute_mask(inputs, previous_mask)
        if masks is None:
            return
        for o, m in zip(outputs, broadcast_masks(masks, outputs)):
            if get_mask(o) is None:
                o._keras_mask = m

    def _symbolic_outputs(self, inputs: Any, rest: tuple, kwargs: dict, spec: CallSpec) -> Any:
        """Output KerasTensors: from compute_output_shape, or by tracing `call`."""
        if self._users_output_shape():
            return self._output_specs_of_shapes(inputs, rest, kwargs)
        if not rest and kwargs.get("mask") is None and self._static_shapes():
            shapes = to_shapes(self.compute_output_shape(input_shapes(inputs)), keep_tuples=True)
            out_dtype = self._output_dtype(nest.flatten(inputs)[0].dtype)
            if isinstance(shapes, TensorShape):
                return SymbolicTensor(shapes, out_dtype)
            return nest.map_structure(lambda s: SymbolicTensor(s, out_dtype), shapes)
        call_kwargs = dict(kwargs)
        if spec.expects_training and "training" not in call_kwargs and (
                spec.training_pos is None or len(rest) < spec.training_pos):
            call_kwargs["training"] = kb.call_context.training if kb.call_context.training \
                is not None else spec.training_default
        if "mask" in call_kwargs and not spec.expects_mask and not spec.has_var_kwargs:
            call_kwargs.pop("mask")
        ctx = kb.call_context
        saved, outer_autocast, outer_training = ctx.depth, ctx.autocast, ctx.training
        ctx.depth = saved + 1
        # as an eager call: float inputs cast to the compute dtype, float variables read in
        # it (a mixed policy's float16 `x * self.w` in a user's layer)
        ctx.autocast = self._autocast_scope(outer_autocast)

        def call(x: Any, *args: Any, **kw: Any) -> Any:
            return self.call(self._convert_inputs(x), *args, **kw)

        try:
            with self._own_scope():
                out = trace_symbolic(call, (inputs, *rest), call_kwargs)
        except Exception as e:
            raise _output_spec_error(e, self).with_traceback(e.__traceback__) from None
        finally:  # (the sublayers' training modes stay in this trace)
            ctx.depth, ctx.autocast, ctx.training = saved, outer_autocast, outer_training
        for o in nest.flatten(out):
            if not isinstance(o, Tensor):
                raise TypeError(f"Layer {self.name} returned a non-tensor output {o!r}; the "
                                "functional API needs tensor outputs")
        return out

    def _users_output_shape(self) -> bool:
        """Whether a user's layer class (one outside eagerflow) gives compute_output_shape:
        Keras 3's compute_output_spec then asks it alone, whatever else the call takes."""
        method = type(self).compute_output_shape
        return method is not SymbolicCalls.compute_output_shape and \
            not (getattr(method, "__module__", None) or "").startswith("eagerflow.")

    def _output_specs_of_shapes(self, inputs: Any, rest: tuple, kwargs: dict) -> Any:
        """Keras 3's output KerasTensors of a user's compute_output_shape: given the first
        argument's shape (each argument's by its name where it takes several), every
        output in the layer's compute dtype (an int input's too)."""
        names = layer_checks.shape_argument_names(type(self).compute_output_shape)
        if len(names) > 1:
            shape = self.compute_output_shape(**layer_checks.build_arguments(
                self, call_spec(self), names, inputs, rest, kwargs,
                method="compute_output_shape"))
        else:
            shape = self.compute_output_shape(input_shapes(inputs))
        shapes = to_shapes(shape, keep_tuples=True)
        dtype = dt.as_dtype(self.compute_dtype)
        if isinstance(shapes, TensorShape):
            return SymbolicTensor(shapes, dtype)
        return nest.map_structure(lambda s: SymbolicTensor(s, dtype), shapes)

    def _static_shapes(self) -> bool:
        """Whether compute_output_shape is implemented (then `call` need not be traced)."""
        return type(self).compute_output_shape is not SymbolicCalls.compute_output_shape

    # Whether compute_output_spec gives `_output_dtype` (as the layers that override Keras
    # 3's compute_output_spec: the lookups, TextVectorization, Discretization), rather than
    # the compute dtype of Keras 3's default
    _spec_dtype_is_output_dtype = False

    # Whether the output KerasTensor keeps the input's dtype: the layers whose Keras 3
    # compute_output_spec says so (Identity, Flatten, Reshape, Permute)
    _keeps_input_dtype = False

    def _output_dtype(self, input_dtype: dt.DType) -> dt.DType:
        """The dtype of a built-in layer's output KerasTensor: Keras 3's default
        compute_output_spec gives the compute dtype, whatever the input's (an int32 Input
        through Dropout or MaxPooling2D is float32); those that keep the input's keep it
        as autocast left it."""
        if self._keeps_input_dtype and not (input_dtype.is_floating and self._autocast):
            return input_dtype
        return dt.as_dtype(self.compute_dtype)

    def compute_output_shape(self, input_shape: Any) -> Any:
        """The output shape for `input_shape`; layers that know it without running `call`
        override this (the others are traced: see `compute_output_spec`)."""
        raise NotImplementedError(f"Layer {type(self).__name__} does not have a "
                                  "`compute_output_shape` method implemented. Should implement "
                                  "`def compute_output_shape(self, input_shape)`.")

    def compute_output_spec(self, inputs: Any, *args: Any, **kwargs: Any) -> Any:
        """The KerasTensors `call` would return for `inputs` (KerasTensors or tensors):
        from compute_output_shape where the layer has one, else by tracing `call`."""
        if not args and not kwargs and self._static_shapes():
            shapes = to_shapes(self.compute_output_shape(input_shapes(inputs)), keep_tuples=True)
            dtype = self.compute_dtype
            if self._spec_dtype_is_output_dtype:
                dtype = self._output_dtype(nest.flatten(inputs)[0].dtype)
            return nest.map_structure(lambda s: KerasTensor(s, dtype), shapes) \
                if not isinstance(shapes, TensorShape) else KerasTensor(shapes, dtype)
        out = self._traced_outputs(nest.map_structure(as_symbolic_input, inputs), args,
                                   kwargs)
        return nest.map_structure(lambda t: KerasTensor(t._shape, t._dtype), out)

    def _traced_outputs(self, inputs: Any, args: tuple = (), kwargs: dict | None = None,
                        build: bool = True) -> Any:
        """`call` run on SymbolicTensors (the layer built first, unless `build` is False):
        its symbolic outputs."""
        with self._own_scope():
            if build and not self.built:
                self._maybe_build(inputs, args, kwargs, eager=False)
        kwargs = dict(kwargs or {})
        if call_spec(self).expects_training:
            kwargs.setdefault("training", False)
        return trace_symbolic(self.call, (inputs, *args), kwargs)

    def _traced_output_shape(self, input_shape: Any, build: bool = True) -> Any:
        """The output shape for `input_shape`, found by tracing `call` symbolically (the
        layer built first, unless `build` is False)."""
        def placeholder(s: Any) -> SymbolicTensor:
            return SymbolicTensor(TensorShape(s), dt.as_dtype(self.compute_dtype))

        shapes_nested = isinstance(input_shape, (list, tuple)) and input_shape and \
            isinstance(input_shape[0], (list, tuple, TensorShape))
        inputs = [placeholder(s) for s in input_shape] if shapes_nested \
            else placeholder(input_shape)
        out = self._traced_outputs(inputs, build=build)
        return nest.map_structure(lambda t: TensorShape(t._shape), out)

    # -- the nodes of its calls: Keras 3 shows a layer's first call's input and output
    # (input_shape, output_shape, get_input_at and inbound_nodes were Keras 2's: a
    # functional model has its own input_shape and output_shape)
    @property
    def input(self) -> Any:
        """The input(s) of the layer's first call (Keras 3: node 0, however many)."""
        node = self._first_node("input")
        return node.flat_inputs[0] if len(node.flat_inputs) == 1 else node.flat_inputs

    @property
    def output(self) -> Any:
        """The output(s) of the layer's first call (Keras 3: node 0, however many)."""
        return self._first_node("output").outputs

    def _first_node(self, what: str) -> Node:
        if not self._inbound_nodes:
            raise AttributeError(f"The layer {self.name} has never been called and thus has "
                                 f"no defined {what}.")
        return self._inbound_nodes[0]


def _output_spec_error(e: Exception, layer: Any) -> Exception:
    """An error tracing `call` symbolically, as Keras 3 re-raises it: same class, its
    message saying the output spec could not be inferred."""
    if getattr(e, "_keras_call_info_injected", False):
        return e  # a sublayer's error, already framed
    cls = type(layer).__name__
    message = e.message if isinstance(e, OpError) else (e.args[0] if e.args else "")
    message = (f"Could not automatically infer the output shape / dtype of '{layer.name}' (of "
               f"type {cls}). Either the `{cls}.call()` method is incorrect, or you need to "
               f"implement the `{cls}.compute_output_spec() / compute_output_shape()` method. "
               f"Error encountered:\n\n{message}")
    try:
        return type(e)(e.node_def, e.op, message) if isinstance(e, OpError) else type(e)(message)
    except TypeError:
        return e


def output_shape_of(layer: Any, input_shape: Any) -> Any:
    """A layer's output shape: its compute_output_shape, else a traced `call`."""
    if layer._static_shapes():
        return layer.compute_output_shape(input_shape)
    return layer._traced_output_shape(input_shape)


def as_symbolic_input(x: Any) -> Any:
    if isinstance(x, KerasTensor):
        return symbolic(x)
    if isinstance(x, Tensor):  # by way of a KerasTensor, which Keras 3 makes (and counts)
        return symbolic(KerasTensor(x._shape, x._dtype))
    return x


def as_build_input(x: Any) -> Any:
    """An argument of the run that builds a layer: Keras 3's TF backend feeds KerasTensors
    as placeholders and passes eager tensors in as they are (their masks with them, so a
    `call` that clears an input's mask clears the caller's). A tensor of a tf.function
    being traced, which TF's scratch graph would capture, comes in as a placeholder of its
    shape and dtype (the scratch graph cannot reach the traced one)."""
    if isinstance(x, KerasTensor):
        return symbolic(x)
    if isinstance(x, Tensor) and not isinstance(x, (EagerTensor, SymbolicTensor)):
        t = SymbolicTensor(x._shape, x._dtype)
        if getattr(x, "_keras_mask", None) is not None:
            t._keras_mask = x._keras_mask
        return t
    return x


def count_output_specs(outputs: Any) -> None:
    """Keras 3 makes a KerasTensor of each tensor a building run returns (sparse and
    ragged ones whole), which takes an automatic name: eagerflow counts them alike, so
    later names agree."""
    for t in nest.flatten(outputs):
        if is_tensor(t):
            kb.auto_name("KerasTensor")


def _is_tensor_arg(value: Any) -> bool:
    """Whether Keras 3 counts a call argument as a tensor argument: a KerasTensor, or a
    non-empty structure of KerasTensors (Nones allowed)."""
    if isinstance(value, KerasTensor):
        return True
    if not isinstance(value, (list, tuple, dict)) or not value:
        return False
    flat = nest.flatten(value)
    return all(x is None or isinstance(x, KerasTensor) for x in flat) and \
        any(x is not None for x in flat)


def _has_tensors(values: Any) -> bool:
    return any(isinstance(x, Tensor) for x in nest.flatten(values))


def broadcast_masks(mask: Any, outputs: Any) -> list:
    """The masks compute_mask gave, flat, for the flat outputs in order, as Keras 3 pairs
    them: one mask goes to the first output only, and of a list of the inputs' masks a
    single output takes the first (a layer passing its masks on by `supports_masking`)."""
    return nest.flatten(mask)[:len(nest.flatten(outputs))]
