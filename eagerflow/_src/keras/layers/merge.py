"""Merge layers: Add, Subtract, Multiply, Average, Maximum, Minimum, Concatenate, Dot,
and their functional forms (`add([a, b])`, `concatenate([a, b])`, ...)."""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.shape import TensorShape
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.keras_tensor import KerasTensor, get_mask, set_mask
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import numpy_array as ops_array
from eagerflow._src.keras.ops.numpy_linear import matmul as ops_matmul
from eagerflow._src.keras.ops.numpy_math import add as ops_add
from eagerflow._src.keras.ops.numpy_math import logical_or
from eagerflow._src.keras.ops.numpy_math import multiply as ops_multiply
from eagerflow._src.keras.ops.numpy_math import subtract as ops_subtract
from eagerflow._src.keras.ops.numpy_reduce import any as ops_any
from eagerflow._src.keras.ops.sparse_union import any_sparse
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.tiling import broadcast_to


def _shape_list(shape: Any) -> list | None:
    s = TensorShape(shape)
    return s.as_list() if s.rank is not None else None


def _as_tuple(shape: list | None) -> tuple | None:
    return None if shape is None else tuple(shape)


class Merge(Layer):
    """The merge layers' base (Keras 3's name, which its errors show)."""

    # (set by build where the inputs' ranks differ or one is unknown: the call then expands
    # the lower ranks, as Keras 3's; Concatenate and Dot never do)
    _reshape_required = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.supports_masking = True

    def compute_output_spec(self, inputs: Any) -> KerasTensor:  # type: ignore[override]
        """The output spec from the inputs' shapes (Keras 3's merges take the list of
        inputs alone: no other argument), sparse where every input is."""
        shape = self.compute_output_shape([x.shape for x in inputs])
        return KerasTensor(shape, dtype=self.compute_dtype,
                           sparse=all(getattr(x, "sparse", False) for x in inputs))

    def _check_list(self, input_shape: Any) -> list:
        if not isinstance(input_shape, (list, tuple)) or not input_shape or \
                not isinstance(input_shape[0], (list, tuple, TensorShape)):
            raise ValueError("A merge layer should be called on a list of inputs. Received: "
                             f"input_shape={input_shape} (not a list of shapes)")
        if len(input_shape) < 1:
            raise ValueError("A merge layer should be called on a list of at least 1 input. "
                             f"Got {len(input_shape)} inputs. Full input_shape received: "
                             f"{input_shape}")
        return [_shape_list(s) for s in input_shape]

    @staticmethod
    def _elemwise_shape(shape1: list | None, shape2: list | None) -> list | None:
        if shape1 is None or shape2 is None:
            return None
        if len(shape1) < len(shape2):
            return Merge._elemwise_shape(shape2, shape1)
        if not shape2:
            return list(shape1)
        out = list(shape1[:-len(shape2)])
        for i, j in zip(shape1[-len(shape2):], shape2):
            if i is None or j is None:
                out.append(None)
            elif i == 1:
                out.append(j)
            elif j == 1:
                out.append(i)
            else:
                if i != j:
                    raise ValueError("Inputs have incompatible shapes. Received shapes "
                                     f"{tuple(shape1)} and {tuple(shape2)}")
                out.append(i)
        return out

    def build(self, input_shape: Any) -> None:
        shapes = self._check_list(input_shape)
        if len({s[0] for s in shapes if s} - {None}) > 1:  # (no broadcast over the batch)
            raise ValueError("Cannot merge tensors with different batch sizes. Received "
                             f"tensors with shapes {[_as_tuple(s) for s in shapes]}")
        out = shapes[0][1:] if shapes[0] is not None else None
        for s in shapes[1:]:
            out = self._elemwise_shape(out, s[1:] if s is not None else None)
        self._reshape_required = None in shapes or len({len(s) for s in shapes}) != 1
        self.built = True

    def _merge(self, inputs: list) -> Any:
        raise NotImplementedError

    def call(self, inputs: Any) -> Any:
        if not isinstance(inputs, (list, tuple)):
            raise ValueError("A merge layer should be called on a list of inputs. Received: "
                             f"inputs={inputs} (not a list of tensors)")
        inputs = list(inputs)
        ranks = [x.shape.rank for x in inputs]
        if self._reshape_required and None not in ranks:
            # (Keras 3 expands each lower-ranked input at axis 1 up to the highest rank:
            # (2, 4) and (2, 3, 4) add as (2, 1, 4) and (2, 3, 4); an unknown rank is
            # merged as given)
            top = max(ranks)
            for i, r in enumerate(ranks):
                for _ in range(top - r):
                    inputs[i] = ops_array.expand_dims(inputs[i], axis=1)
        return self._merge(_promoted(inputs))

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        shapes = self._check_list(input_shape)
        out = shapes[0][1:] if shapes[0] is not None else None
        for s in shapes[1:]:
            out = self._elemwise_shape(out, s[1:] if s is not None else None)
        batches = {s[0] for s in shapes if s is not None and s[0] is not None}
        batch = batches.pop() if len(batches) == 1 else None
        return TensorShape(None) if out is None else TensorShape([batch] + out)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        """The inputs' masks ORed (Keras 3's rule for the elementwise merges); None unless
        every input has one."""
        if mask is None:
            return None
        _check_masks(inputs, mask)
        if any(m is None for m in mask):
            return None
        out = mask[0]
        for m in mask[1:]:
            out = logical_or(out, m)  # (an operation of a functional graph)
        return out


def _promoted(inputs: list) -> list:
    """The inputs in their Keras 3 result dtype, as keras.ops.add / concatenate / matmul
    promote them (a float32 and an int64 input merge as float32); masks kept."""
    if not all(hasattr(x, "dtype") for x in inputs) or \
            len({x.dtype.name for x in inputs}) < 2:
        return inputs
    common = kd.result_type(*(x.dtype for x in inputs))
    out = []
    for x in inputs:
        if x.dtype.name != common:
            mask = get_mask(x)
            x = cast(x, common)
            if mask is not None:
                set_mask(x, mask)
        out.append(x)
    return out


def _check_masks(inputs: Any, mask: Any) -> None:
    if not isinstance(mask, (tuple, list)):
        raise ValueError(f"`mask` should be a list. Received: mask={mask}")
    if not isinstance(inputs, (tuple, list)):
        raise ValueError(f"`inputs` should be a list. Received: inputs={inputs}")
    if len(mask) != len(inputs):
        raise ValueError("The lists `inputs` and `mask` should have the same length. Received: "
                         f"inputs={inputs} of length {len(inputs)}, and mask={mask} of length "
                         f"{len(mask)}")


def _step_mask(x: Any) -> Any:
    """x's timestep mask broadcast over its features (None if x carries none)."""
    mask = get_mask(x)
    if mask is None:
        return None
    return broadcast_to(ta.expand_dims(mask, -1), ta.shape(x))


def _merge_masked(op: Any, inputs: list) -> Any:
    """Maximum and Minimum under masks (Keras 3): a masked step of one input takes the
    other's value; the output's mask is the inputs' masks ORed when all have one."""
    out, out_mask = None, None
    for x in inputs:
        mask = _step_mask(x)
        if out is None:
            out, out_mask = x, mask
            continue
        if mask is not None:
            x = where(mask, x, out)
        if out_mask is not None:
            out = where(out_mask, out, x)
        out_mask = tm.logical_or(out_mask, mask) if mask is not None and \
            out_mask is not None else None
        out = op(out, x)
    if out_mask is not None:
        set_mask(out, tr.reduce_any(out_mask, axis=-1))
    return out


class Add(Merge):
    def _merge(self, inputs: list) -> Any:
        out = inputs[0]
        for x in inputs[1:]:  # (keras.ops.add for SparseTensors: their union)
            out = ops_add(out, x) if any_sparse(out, x) else out + x
        return out


class Subtract(Merge):
    def build(self, input_shape: Any) -> None:
        super().build(input_shape)
        if len(input_shape) != 2:
            raise ValueError("A `Subtract` layer should be called on exactly 2 inputs. "
                             f"Received: input_shape={input_shape}")

    def _merge(self, inputs: list) -> Any:
        if len(inputs) != 2:
            raise ValueError("A `Subtract` layer should be called on exactly 2 inputs. "
                             f"Received: inputs={inputs}")
        if any_sparse(*inputs):  # (keras.ops.subtract: the entries' union)
            return ops_subtract(inputs[0], inputs[1])
        return inputs[0] - inputs[1]


class Multiply(Merge):
    def _merge(self, inputs: list) -> Any:
        # Keras 3: masked steps multiply as 1, and are 0 in the output when every input
        # is masked (the output then carries the masks ORed)
        masks = [_step_mask(x) for x in inputs]
        every = all(m is not None for m in masks)
        out, out_mask = None, None
        for x, mask in zip(inputs, masks):
            if mask is not None:
                x = where(mask, x, cast(1, x.dtype))
                if every:
                    out_mask = mask if out_mask is None else tm.logical_or(out_mask, mask)
            out = x if out is None else ops_multiply(out, x)  # (keras.ops': bools refused)
        if every:
            out = where(out_mask, out, cast(0, out.dtype))
            set_mask(out, tr.reduce_any(out_mask, axis=-1))
        return out


class Average(Merge):
    def _merge(self, inputs: list) -> Any:
        out = inputs[0]
        for x in inputs[1:]:
            out = out + x
        return out / len(inputs)  # TF's truediv by an int: int64 inputs average as float64


class Maximum(Merge):
    def _merge(self, inputs: list) -> Any:
        return _merge_masked(tm.maximum, inputs)


class Minimum(Merge):
    def _merge(self, inputs: list) -> Any:
        return _merge_masked(tm.minimum, inputs)


class Concatenate(Merge):
    """`Concatenate(axis=-1)`."""

    def __init__(self, axis: int = -1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.axis = axis

    def _check_concat(self, input_shape: Any) -> list:
        shapes = self._check_list(input_shape)
        known = [s for s in shapes if s is not None]
        if not known:
            return shapes
        rank = len(known[0])
        err = ("A `Concatenate` layer requires inputs with matching shapes except for the "
               f"concatenation axis. Received: input_shape={[tuple(s) for s in known]}")
        if any(len(s) != rank for s in known):
            raise ValueError(err)
        axis = self.axis % rank
        for i in range(rank):
            if i == axis:
                continue
            dims = {s[i] for s in known if s[i] is not None}
            if len(dims) > 1:
                raise ValueError(err)
        return shapes

    @staticmethod
    def _check_listed(input_shape: Any, words: str) -> None:
        """Concatenate's own refusal of one shape (not a list of them), in Keras 3's
        `words` (its build's and its compute_output_shape's differ)."""
        if not isinstance(input_shape, (list, tuple)) or not input_shape or \
                not isinstance(input_shape[0], (list, tuple, TensorShape)):
            raise ValueError(f"A `Concatenate` layer should be called on a list of {words}. "
                             f"Received: input_shape={input_shape}")

    def build(self, input_shape: Any) -> None:
        self._check_listed(input_shape, "at least 1 input")
        self._check_concat(input_shape)
        self.built = True

    def _merge(self, inputs: list) -> Any:
        if any_sparse(*inputs):  # (keras.ops.concatenate: sparse when all inputs are)
            return ops_array.concatenate(inputs, axis=self.axis)
        return ta.concat(inputs, axis=self.axis)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        self._check_listed(input_shape, "inputs")
        shapes = self._check_concat(input_shape)
        if any(s is None for s in shapes):
            return TensorShape(None)
        out = list(shapes[0])
        axis = self.axis % len(out)
        for s in shapes[1:]:
            if out[axis] is None or s[axis] is None:
                out[axis] = None
                break
            out[axis] += s[axis]
        # (the other dims are the first input's, as Keras 3's: an unknown batch stays
        # unknown beside an array of one row)
        return TensorShape(out)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        if mask is None:
            return None
        _check_masks(inputs, mask)
        if all(m is None for m in mask):
            return None
        full = []  # each input's mask over its elements (all True for one without)
        for x, m in zip(inputs, mask):  # keras.ops, as Keras 3: graph operations
            if m is None:
                m = ops_array.ones_like(x, dtype="bool")
            elif len(m.shape) < len(x.shape):
                m = logical_or(ops_array.expand_dims(m, axis=-1),
                                    ops_array.zeros_like(x, dtype="bool"))
            full.append(m)
        return ops_any(ops_array.concatenate(full, axis=self.axis), axis=-1, keepdims=False)

    def get_config(self) -> dict:
        config = super().get_config()
        config["axis"] = self.axis
        return config


def _l2_normalize(x: Any, axis: int) -> Any:
    sq = tr.reduce_sum(tm.square(x), axis=axis, keepdims=True)
    return x * tm.rsqrt(tm.maximum(sq, 1e-12))


class Dot(Merge):
    """`Dot(axes, normalize=False)`: batched dot product of two inputs along `axes`."""

    def __init__(self, axes: Any, normalize: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not isinstance(axes, int):
            if not isinstance(axes, (list, tuple)):
                raise TypeError("Invalid type for argument `axes`: it should be a list or an "
                                f"int. Received: axes={axes}")
            if len(axes) != 2:
                raise ValueError("Invalid format for argument `axes`: it should contain two "
                                 f"elements. Received: axes={axes}")
            if not isinstance(axes[0], int) or not isinstance(axes[1], int):
                raise ValueError("Invalid format for argument `axes`: list elements should be "
                                 f"integers. Received: axes={axes}")
        self.axes = axes
        self.normalize = normalize
        self.supports_masking = True

    def _axes(self, r1: int, r2: int) -> tuple:
        axes = (self.axes, self.axes) if isinstance(self.axes, int) else tuple(self.axes)
        return axes[0] % r1, axes[1] % r2

    def build(self, input_shape: Any) -> None:
        if not isinstance(input_shape[0], (list, tuple, TensorShape)) or len(input_shape) != 2:
            raise ValueError("A `Dot` layer should be called on a list of 2 inputs. Received: "
                             f"input_shape={input_shape}")
        s1, s2 = _shape_list(input_shape[0]), _shape_list(input_shape[1])
        if s1 is None or s2 is None:
            self.built = True
            return
        a1, a2 = self._axes(len(s1), len(s2))
        if s1[a1] is not None and s2[a2] is not None and s1[a1] != s2[a2]:
            raise ValueError("Incompatible input shapes: axis values "
                             f"{s1[a1]} (at axis {a1}) != {s2[a2]} (at axis {a2}). Full input "
                             f"shapes: {tuple(s1)}, {tuple(s2)}")
        self.built = True

    def _merge(self, inputs: list) -> Any:
        if len(inputs) != 2:
            raise ValueError("A `Dot` layer should be called on exactly 2 inputs. Received: "
                             f"inputs={inputs}")
        x, y = inputs
        a1, a2 = self._axes(x.shape.rank, y.shape.rank)
        if self.normalize:
            x, y = _l2_normalize(x, a1), _l2_normalize(y, a2)
        return _batch_dot(x, y, a1, a2)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        s1, s2 = _shape_list(input_shape[0]), _shape_list(input_shape[1])
        a1, a2 = self._axes(len(s1), len(s2))
        out = s1[:a1] + s1[a1 + 1:] + s2[1:a2] + s2[a2 + 1:]
        if len(out) == 1:
            out.append(1)
        return TensorShape(out)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        return None

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"axes": self.axes, "normalize": self.normalize})
        return config


def _batch_dot(x: Any, y: Any, ax: int, ay: int) -> Any:
    """Sums x and y over axes ax and ay, batch by batch (axis 0 is the batch)."""
    rx, ry = x.shape.rank, y.shape.rank
    xs, ys = x.shape.as_list(), y.shape.as_list()
    if None not in (xs[0], ys[0]) and xs[0] != ys[0]:
        raise ValueError("Cannot do batch_dot on inputs with different batch sizes. Received "
                         f"inputs with shapes {tuple(xs)} and {tuple(ys)}.")
    x = ta.transpose(x, [0] + [i for i in range(1, rx) if i != ax] + [ax])
    y = ta.transpose(y, [0, ay] + [i for i in range(1, ry) if i != ay])
    rest_x = [xs[i] for i in range(1, rx) if i != ax]
    rest_y = [ys[i] for i in range(1, ry) if i != ay]
    n = xs[ax]
    x3 = ta.reshape(x, [-1, int(_prod(rest_x)), n])
    y3 = ta.reshape(y, [-1, n, int(_prod(rest_y))])
    out = ops_matmul(x3, y3)  # (keras.ops': bool and uint8 inputs too, as Keras 3's)
    shape = rest_x + rest_y
    if not shape:
        shape = [1]
    return ta.reshape(out, [-1] + shape)


def _prod(values: list) -> int:
    p = 1
    for v in values:
        p *= v
    return p


def add(inputs: list, **kwargs: Any) -> Any:
    return Add(**kwargs)(inputs)


def subtract(inputs: list, **kwargs: Any) -> Any:
    return Subtract(**kwargs)(inputs)


def multiply(inputs: list, **kwargs: Any) -> Any:
    return Multiply(**kwargs)(inputs)


def average(inputs: list, **kwargs: Any) -> Any:
    return Average(**kwargs)(inputs)


def maximum(inputs: list, **kwargs: Any) -> Any:
    return Maximum(**kwargs)(inputs)


def minimum(inputs: list, **kwargs: Any) -> Any:
    return Minimum(**kwargs)(inputs)


def concatenate(inputs: list, axis: int = -1, **kwargs: Any) -> Any:
    return Concatenate(axis=axis, **kwargs)(inputs)


def dot(inputs: list, axes: Any = -1, **kwargs: Any) -> Any:
    return Dot(axes=axes, **kwargs)(inputs)
