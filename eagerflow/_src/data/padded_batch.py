"""padded_batch: elements batched with each component padded to a common (or a given) shape.

Data layer, beside batching.py (whose bucket_by_sequence_length pads its buckets with it).
The arguments are read as TF's padded_batch_op reads them: padding values defaulted where
None and broadcast when one value is given for a structure, padded shapes flattened up to
the elements' structure (tf.data's nest, in which a list is one value) with nest's errors,
each shape a TensorShape or else an int64 vector (-1 for an unknown dim).
"""

from __future__ import annotations

import collections.abc
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import DataLossError, InvalidArgumentError, op_error
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import DatasetV2, batch_count
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.sources import bool_arg, int64_arg, int64_value
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.extension_type import ExtensionTypeSpec


def flatten_up_to(shallow: Any, value: Any) -> list:
    """tf.data's nest.flatten_up_to(shallow, value) with its checks and their words."""
    if not dstruct.is_nested(shallow):
        return [value]
    if not dstruct.is_nested(value):
        raise TypeError("If shallow structure is a sequence, input must also be a sequence. "
                        f"Input has type: '{type(value).__name__}'.")
    if not isinstance(value, type(shallow)):
        raise TypeError("The two structures don't have the same sequence type. Input structure "
                        f"has type '{type(value).__name__}', while shallow structure has type "
                        f"'{type(shallow).__name__}'.")
    if len(value) != len(shallow):
        raise ValueError("The two structures don't have the same sequence length. Input "
                         f"structure has length {len(value)}, while shallow structure has "
                         f"length {len(shallow)}.")
    if isinstance(shallow, collections.abc.Mapping):
        if set(value) != set(shallow):
            raise ValueError("The two structures don't have the same keys. Input structure has "
                             f"keys {list(value)}, while shallow structure has keys "
                             f"{list(shallow)}.")
        pairs = [(shallow[k], value[k]) for k in sorted(shallow)]
    else:
        pairs = list(zip(shallow, value))
    out: list = []
    for s, v in pairs:
        out += flatten_up_to(s, v)
    return out


def _padded_shape(value: Any, input_shape: TensorShape) -> TensorShape:
    """A padded shape as TF reads one: a TensorShape-like, else an int64 vector tensor."""
    try:
        shape = TensorShape(value)
        shape.as_list()  # (an unknown shape is no padded shape: TF's as_list raises)
    except (TypeError, ValueError) as e:
        t = convert_to_tensor(value, dtype_hint=_dt.int64)
        if t.shape.rank is not None and t.shape.rank != 1:
            raise ValueError(f"Padded shape {value} must be a `tf.int64` vector tensor, but its "
                             f"shape was {t.shape}.") from e
        if t.dtype is not _dt.int64:
            raise TypeError(f"Padded shape {value} must be a `tf.int64` vector tensor, but its "
                            f"element type was {t.dtype.name}.") from e
        shape = TensorShape([None if d == -1 else int(d) for d in to_host(t._arr).tolist()])
    if not _can_pad(input_shape, shape):
        raise ValueError(f"The padded shape {shape} is not compatible with the shape "
                         f"{input_shape} of the corresponding input component.")
    return shape


def _can_pad(shape: TensorShape, padded: TensorShape) -> bool:
    """Whether elements of `shape` fit in `padded` (unknown dims fit anything)."""
    if shape.rank is None or padded.rank is None:
        return True
    if shape.rank != padded.rank:
        return False
    return all(p is None or d is None or d <= p for d, p in zip(shape, padded))


def _default_padding(dtype: _dt.DType) -> Any:
    if dtype is _dt.string:
        return b""
    if dtype is _dt.bool:
        return False
    return np.zeros((), dtype.as_numpy_dtype)[()]


def _padding_values(padding_values: Any, spec: Any, specs: list) -> list:
    """The flat padding values: TF fills the Nones of the structure given with defaults
    (checking that structure against the elements') and gives one value to every
    component."""
    flat_defaults = [_default_padding(s.dtype) for s in specs]
    if padding_values is None:
        return flat_defaults
    if not dstruct.is_nested(padding_values):
        return [padding_values] * len(specs)
    defaults = flat_defaults[0] if not dstruct.is_nested(spec) else dstruct.pack_as(
        spec, flat_defaults)
    flatten_up_to(padding_values, defaults)
    return [d if v is None else v
            for v, d in zip(flatten_up_to(spec, padding_values), flat_defaults)]


def _padding_scalar(value: Any, dtype: _dt.DType) -> Any:
    """One padding value as TF checks it: converted with no dtype (a Python 0 is int32),
    then a scalar of the component's dtype."""
    t = value if isinstance(value, EagerTensor) else convert_to_tensor(value)
    if t.shape.rank != 0:
        raise ValueError(f"Invalid `padding_values`. `padding_values` values should be "
                         f"scalars, but got {t.shape}.")
    if t.dtype is not dtype:
        raise TypeError(f"Invalid `padding_values`. `padding_values` values type {t.dtype} "
                        f"does not match type {dtype} of the corresponding input component.")
    return to_host(t._arr)[()]


class _PaddedBatchIterator(ElementIterator):
    __slots__ = ("_in", "_size", "_drop", "_shapes", "_pads", "_dtypes", "_done")

    def __init__(self, upstream: ElementIterator, size: int, drop: bool, shapes: list,
                 pads: list, dtypes: list) -> None:
        self._in, self._size, self._drop = upstream, size, drop
        self._shapes, self._pads, self._dtypes = shapes, pads, dtypes
        self._done = False

    def __next__(self) -> tuple:
        if self._done:
            raise StopIteration
        batch = []
        nxt = self._in.__next__
        try:
            while len(batch) < self._size:
                batch.append(nxt())
        except StopIteration:
            self._done = True
            if not batch or self._drop:
                raise
        out = []
        for k, (shape, pad, dtype) in enumerate(zip(self._shapes, self._pads, self._dtypes)):
            arrays = [to_host(e[k]._arr) for e in batch]
            for a in arrays:  # (a padded shape of an input of unknown rank is checked here)
                if shape is not None and a.ndim != len(shape):
                    raise InvalidArgumentError(
                        None, None, f"All elements in a batch must have the same rank as the "
                        f"padded shape for component{k}: expected rank {len(shape)} but got "
                        f"element with rank {a.ndim}")
            ranks = {a.ndim for a in arrays}
            if len(ranks) != 1:
                raise InvalidArgumentError(None, None, f"All elements in a batch must have the "
                                           f"same rank as the padded shape for component{k}")
            rank = ranks.pop()
            target = []
            for d in range(rank):
                biggest = max(a.shape[d] for a in arrays)
                want = shape[d] if shape is not None and shape[d] is not None else biggest
                if biggest > want:
                    raise DataLossError(None, None, "Attempted to pad to a smaller size than the "
                                        "input element.")
                target.append(want)
            res = np.empty([len(arrays)] + target, dtype=arrays[0].dtype)
            res[...] = pad
            for j, a in enumerate(arrays):
                res[(j,) + tuple(slice(0, n) for n in a.shape)] = a if a.ndim else a[()]
            out.append(EagerTensor(res, dtype, CPU_DEVICE))
        return tuple(out)

    def close(self) -> None:
        self._in.close()


def _extension_specs(spec: Any) -> list:
    """The extension types' specs in an element's spec (their own components not looked
    into)."""
    if isinstance(spec, ExtensionTypeSpec):
        return [spec]
    if isinstance(spec, dict):
        return [x for k in sorted(spec) for x in _extension_specs(spec[k])]
    if isinstance(spec, tuple):
        return [x for v in spec for x in _extension_specs(v)]
    return []


def _check_types(st: dstruct.Structure) -> None:
    for x in _extension_specs(st.spec):
        if isinstance(getattr(type(x), "shape", None), property):  # (StructuredTensor's)
            raise TypeError(f"`padded_batch` is only supported for datasets that produce "
                            f"tensor elements but type spec of elements in the input "
                            f"dataset is not a subclass of TensorSpec: `{x!r}`.")
        raise NotImplementedError(
            "It appears that the Spec of the ExtensionType is missing a shape property. In "
            "order to support tf.Data, it is recommended that you implement a shape "
            "property on the Spec.")
    for s in st.specs:
        if isinstance(s, dstruct.DatasetSpec):
            raise TypeError("`padded_batch` is not supported for datasets of datasets")
        if not isinstance(s, TensorSpec):
            raise TypeError(f"`padded_batch` is only supported for datasets that produce "
                            f"tensor elements but type spec of elements in the input "
                            f"dataset is not a subclass of TensorSpec: `{s!r}`.")


class PaddedBatchDataset(DatasetV2):
    _repr_name = "_PaddedBatchDataset"

    def __init__(self, input_dataset: DatasetV2, batch_size: Any, padded_shapes: Any,
                 padding_values: Any, drop_remainder: Any) -> None:
        super().__init__((input_dataset,))
        st = input_dataset._structure
        if padded_shapes is None:
            for k, s in enumerate(st.specs):
                if getattr(s, "shape", TensorShape([])).rank is None:
                    raise ValueError(f"You must provide `padded_shapes` argument because "
                                     f"component {k} has unknown rank.")
        _check_types(st)
        size = int64_value(batch_size, "batch_size")
        values = _padding_values(padding_values, st.spec, st.specs)
        if padded_shapes is None:
            shapes = [s.shape for s in st.specs]
        else:
            in_shapes = [s.shape for s in st.specs]
            shape_struct = in_shapes[0] if st.kind == "leaf" else dstruct.pack_as(st.spec,
                                                                                  in_shapes)
            shapes = [_padded_shape(v, s) for v, s in
                      zip(flatten_up_to(shape_struct, padded_shapes), in_shapes)]
        self._shapes = [None if s.rank is None else s._dims for s in shapes]
        self._pads = [_padding_scalar(v, s.dtype) if padding_values is not None else v
                      for v, s in zip(values, st.specs)]
        self._drop = bool_arg(drop_remainder, "drop_remainder")
        # the op's checks, once TF has converted every argument
        n = len(st.specs)  # (the op takes a padded shape and a padding value each)
        lengths = {"N": n, "Toutput_types": n}
        self._size = int64_arg(size, "batch_size", "PaddedBatchDatasetV2", lengths)
        if self._size <= 0:
            raise raised_eagerly(op_error(InvalidArgumentError, "PaddedBatchDatasetV2",
                                          "Batch size must be greater than zero."),
                                 lengths=lengths, host=True)
        specs = [TensorSpec._make(TensorShape([self._size if self._drop else None])
                                  .concatenate(sh), s.dtype) for sh, s in zip(shapes, st.specs)]
        self._struct_cache = st.with_specs(specs)

    def _kernel_text(self) -> str:
        return f"PaddedBatchDatasetV2Op({self._size})::Dataset"

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        st = self._inputs[0]._structure
        return _PaddedBatchIterator(self._inputs[0]._make_iterator(ctx), self._size, self._drop,
                                    self._shapes, self._pads, [s.dtype for s in st.specs])

    def _cardinality(self) -> int:
        return batch_count(self._inputs[0]._cardinality(), self._size, self._drop)
