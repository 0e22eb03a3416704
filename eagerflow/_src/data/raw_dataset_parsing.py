"""TF's dataset ops that parse serialized tf.train.Example records (ParseExampleDataset,
ParseExampleDatasetV2, ExperimentalParseExampleDataset), and the first version of the
parallel interleave (ParallelInterleaveDataset, ExperimentalParallelInterleaveDataset:
LegacyParallelInterleaveDatasetV2's kernel, its determinism a `sloppy` input), over
dataset variants.

Data layer, over dataset_variants.py: each maps its input, vectors of serialized Examples,
through tf.io.parse_example with the dense features its attrs describe, and gives the
parsed features in the order of its dense_keys. Only dense features are parsed here:
sparse and ragged keys are refused (UnimplementedError).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, OpError, UnimplementedError
from eagerflow._src.core.shape import dims_text
from eagerflow._src.data import (
    dataset_methods,  # noqa: F401 (the methods built on)
    fn_errors,
)
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.dataset_variants import dataset_op, flat_input, range_variant
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.raw_dataset_functions import (
    BOOL_ARG,
    I64_ARG,
    I64_ATTRS,
    Declared,
    _determinism,
    _interleave,
    _interleave_reference,
    _positive,
    _ranges_fn,
    inputs_infer,
    lone,
    register_fn_op,
    spec_of_attrs,
)
from eagerflow._src.data.raw_dataset_sources import elements_variant, tensors_of
from eagerflow._src.data.variant_value import variant_array
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.parsing_features import parse_example
from eagerflow._src.ops.parsing_ops import FixedLenFeature
from eagerflow._src.ops.registry import BadSample, Sample, register
from eagerflow._src.ops.reshaping import reshape

_DENSE_TYPES = frozenset((dt.float32, dt.int64, dt.string))


def _check_default_dtypes(op: str, defaults: tuple, Tdense: tuple) -> None:  # noqa: N803
    """TF takes Tdense from the defaults' dtypes: each must be one the parser writes (TF's
    attr error), and where Tdense is given too, the same (TF's input dtype error)."""
    for i, default in enumerate(defaults):
        d = dt.as_dtype(np.asarray(default).dtype)
        if d not in _DENSE_TYPES:
            raise C.not_supported(op, d, _DENSE_TYPES, "Tdense")
        if i < len(Tdense) and dt.as_dtype(Tdense[i]) is not d:
            raise C.wrong_input_dtype(op, 2 + i, dt.as_dtype(Tdense[i]), d)


def _features(op: str, dense_keys: tuple, defaults: tuple, Tdense: tuple,
              dense_shapes: tuple) -> dict:
    """The dense features the attrs describe (a default with no values: none, required)."""
    _check_default_dtypes(op, defaults, Tdense)
    if len(defaults) != len(dense_keys):
        raise C.fail(op, f"Expected len(dense_defaults) == len(dense_keys) but got: "
                         f"{len(defaults)} vs. {len(dense_keys)}")
    for i, (default, dtype) in enumerate(zip(defaults, Tdense)):
        # (a default of another dtype than its Tdense, which TF's node refuses before its
        # kernel: the features' parsing would cast it, or fail inside NumPy)
        got = dt.as_dtype(np.asarray(default).dtype)
        if got is not dt.as_dtype(dtype):
            raise C.wrong_input_dtype(op, 2 + i, dt.as_dtype(dtype), got)
    for i, (default, shape) in enumerate(zip(defaults, dense_shapes)):
        d = np.asarray(default)
        if d.size and (shape is None or list(d.shape) != list(shape)):
            raise C.fail(op, f"def_value[{i}].shape() == {dims_text(d.shape)} is not "
                             f"compatible with dense_shapes_[{i}] == "
                             f"{dims_text(shape or ())}")
    out = {}
    for key, default, dtype, shape in zip(dense_keys, defaults, Tdense or
                                          [None] * len(defaults), dense_shapes):
        d = np.asarray(default)
        out[key] = FixedLenFeature(list(shape), dt.as_dtype(dtype) if dtype is not None
                                   else dt.as_dtype(d.dtype),
                                   default_value=tensors_of([d])[0] if d.size else None)
    return out


class _Parsed(DatasetV2):
    """The parsed elements: a parse error is TF's kernel's own, not worded as raised in a
    user's function (as the map it is built on words it)."""

    _repr_name = "Parsed"

    def __init__(self, parsed: DatasetV2) -> None:
        super().__init__((parsed,), parsed._structure)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _ParsedIterator(self._inputs[0]._make_iterator(ctx))

    def _cardinality(self) -> int:
        return self._inputs[0]._cardinality()


class _ParsedIterator(ElementIterator):
    __slots__ = ("_in",)

    def __init__(self, upstream: ElementIterator) -> None:
        self._in = upstream

    def __next__(self) -> tuple:
        try:
            return next(self._in)
        except OpError as e:
            info = getattr(e, "_data_fn", None)
            if info is not None:
                info[0] = info[3] = info[4] = None
                fn_errors._reword(e, info)
            raise

    def close(self) -> None:
        self._in.close()


def _parse(op: str, input_dataset: Any, num_parallel_calls: Any, *dense_defaults: Any,
           sparse_keys: tuple = (), dense_keys: tuple = (), Tdense: tuple = (),
           dense_shapes: tuple = (), output_types: tuple = (), output_shapes: tuple = (),
           ragged_keys: tuple = (), deterministic: str = "default", sloppy: bool = False,
           **_: Any) -> DatasetV2:
    npc = _positive(op, num_parallel_calls, "num_parallel_calls")
    det = _determinism(op, deterministic)
    if sloppy:
        det = False
    if sparse_keys or ragged_keys:
        raise UnimplementedError(None, None, f"{op}: eagerflow parses dense features only")
    keys = [k.decode() if isinstance(k, bytes) else k for k in dense_keys]
    # (TF's kernel takes a missing shape as a scalar's)
    shapes = tuple(dense_shapes) + ((),) * (len(keys) - len(dense_shapes))
    features = _features(op, tuple(keys), dense_defaults, tuple(Tdense), shapes)
    ds = flat_input(op, input_dataset)

    def fn(serialized: Any) -> Any:
        # (a scalar record is parsed as a vector of one, as TF's kernel parses it)
        parsed = parse_example(reshape(serialized, [-1]), features)
        return lone(parsed[k] for k in keys)

    mapped = ds.map(fn, num_parallel_calls=npc, deterministic=det)
    return Declared(_Parsed(mapped), spec_of_attrs(output_types, output_shapes))


# -- samples -------------------------------------------------------------------------------

def _example(a: int) -> bytes:
    """A serialized Example with int64 feature "a" [a] and float feature "b" [a, a / 2],
    written by hand (field numbers of the Example protos)."""
    def ld(field: int, body: bytes) -> bytes:
        return bytes([field << 3 | 2, len(body)]) + body
    ints = ld(3, ld(1, bytes([a])))  # (Feature.int64_list, its values packed)
    floats = ld(2, ld(1, np.array([a, a / 2], "<f4").tobytes()))  # (Feature.float_list)
    feats = ld(1, ld(1, b"a") + ld(2, ints)) + ld(1, ld(1, b"b") + ld(2, floats))
    return ld(1, feats)


def _records(*values: int) -> np.ndarray:
    ds = DatasetV2.from_tensor_slices(np.array([_example(v) for v in values], object))
    return variant_array(ds.batch(2), "BatchDatasetV2Op(2)::Dataset")


def _attrs(op: str, **over: Any) -> dict:
    attrs = {"sparse_keys": (), "dense_keys": ("a", "b"), "sparse_types": (),
             "Tdense": (dt.int64, dt.float32), "dense_shapes": ((), (2,)),
             "output_types": (dt.int64, dt.float32), "output_shapes": ((None,), (None, 2))}
    if op != "ExperimentalParseExampleDataset":
        attrs.update(ragged_keys=(), ragged_value_types=(), ragged_split_types=())
    return {**attrs, **over}


def _reference(ds: Any, npc: Any, *defaults: Any, **_: Any) -> Any:
    rows = []
    for (batch,) in ([e] if not isinstance(e, (list, tuple)) else e
                     for e in ds[()].elements()):
        n = len(batch)
        vals = [r[13] for r in batch]  # (where _example writes a's one varint byte)
        rows.append([np.array(vals, np.int64).reshape(n),
                     np.array([[v, v / 2] for v in vals], np.float32).reshape(n, 2)])
    return elements_variant(rows)


def _samples(op: str) -> Any:
    return lambda: [Sample((_records(1, 2, 3, 4), np.int64(1), np.int64(0),
                            np.zeros(0, np.float32)), _attrs(op), grad=False),
                    Sample((_records(5, 6), np.int64(2), np.int64(0),
                            np.zeros(0, np.float32)), _attrs(op), grad=False)]


def _bad(op: str) -> Any:
    return lambda: [BadSample((_records(1, 2), np.int64(0), np.int64(0),
                               np.zeros(0, np.float32)), _attrs(op), InvalidArgumentError,
                              "num_parallel_calls must be greater than zero.")]


for _op, _kernel in (("ParseExampleDataset", None), ("ParseExampleDatasetV2", None),
                     ("ExperimentalParseExampleDataset", "ParseExampleDataset")):
    register(dataset_op(_op, _parse, kernel_name=_kernel,
                        scalars=(None, "num_parallel_calls"),
                        reference=_reference, samples=_samples(_op), bad_samples=_bad(_op)))


# -- ParallelInterleaveDataset, ExperimentalParallelInterleaveDataset ---------------------------

_V1_COUNTS = ("cycle_length", "block_length", "sloppy", "buffer_output_elements",
              "prefetch_input_elements")


def _without_sloppy(ins: tuple) -> tuple:
    return ins[:-3] + ins[-2:]


def _interleave_v1(op: str, *ins: Any, **attrs: Any) -> DatasetV2:
    sloppy = bool(np.asarray(ins[-3]))
    return _interleave(op, *_without_sloppy(ins), **attrs,
                       deterministic="false" if sloppy else "true")


def _interleave_v1_reference(ds: Any, *ins: Any, **attrs: Any) -> Any:
    return _interleave_reference(ds, *_without_sloppy(ins), **attrs)


def _v1_counts(cycle: int = 2, block: int = 2, sloppy: bool = False, buffer: int = 1,
               prefetch: int = 1) -> tuple:
    return (np.int64(cycle), np.int64(block), np.bool_(sloppy), np.int64(buffer),
            np.int64(prefetch))


def _v1_samples() -> list:
    return [Sample((range_variant(5), *_v1_counts()),
                   dict(I64_ATTRS, f=_ranges_fn(), Targuments=()), grad=False),
            Sample((range_variant(4), *_v1_counts(3, 1, True, 2, 0)),
                   dict(I64_ATTRS, f=_ranges_fn(), Targuments=()), grad=False)]


def _v1_bad() -> list:
    return [BadSample((range_variant(3), *counts), dict(I64_ATTRS, f=None, Targuments=()),
                      InvalidArgumentError, words)
            for counts, words in ((_v1_counts(cycle=-1), "`cycle_length` must be > 0"),
                                  (_v1_counts(block=0), "`block_length` must be > 0"),
                                  (_v1_counts(buffer=0), "`buffer_output_elements` must be > 0"),
                                  (_v1_counts(prefetch=-1),
                                   "`prefetch_input_elements` must be >= 0"))]


for _op in ("ParallelInterleaveDataset", "ExperimentalParallelInterleaveDataset"):
    register_fn_op(_op, _interleave_v1, inputs_infer(_op, trailing=tuple(
        (name, BOOL_ARG if name == "sloppy" else I64_ARG) for name in _V1_COUNTS)),
        kernel="LegacyParallelInterleaveDataset", reference=_interleave_v1_reference,
        samples=_v1_samples, bad_samples=_v1_bad)
