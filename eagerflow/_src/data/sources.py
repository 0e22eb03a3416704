"""Dataset sources: from_tensors, from_tensor_slices, range, from_generator, counter,
random, list_files (datasets that combine others are in combining.py).

Data layer. Every source makes an ElementIterator that yields flat tuples of
components.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.control_flow import py_function
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.composite import CompositeTensor, NoneTensorSpec
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.device import placed_on
from eagerflow._src.core.errors import InvalidArgumentError, OpError, UnknownError, op_error
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec, TypeSpec
from eagerflow._src.data import ragged_elements
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import INFINITE, UNKNOWN, DatasetV2, check_name, made_stamp
from eagerflow._src.data.iterators import (
    ElementIterator,
    ListIterator,
    fed_tensors,
    note_symbolic,
    splittable,
)
from eagerflow._src.data.random_seed import (
    DrawnSeeds,
    Words,
    iterator_seeds,
    refuse_non_int64,
    split_seed,
)
from eagerflow._src.data.variant_value import signed_words
from eagerflow._src.function.compat_v1 import get_static_value
from eagerflow._src.io import gfile
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.extension_type import check_batchable
from eagerflow._src.ops.ragged import RaggedTensor, RaggedTensorSpec


class NeedsConcreteValue(TypeError):
    """A dataset needs the Python value of a tensor known only when the pipeline runs (a
    count computed inside a traced function): functions returning datasets then run
    eagerly (dataset_functions.py)."""

    ag_pass_through = True  # a signal to eagerflow, not the user's error: never restated


def int64_value(value: Any, what: str = "") -> Any:
    """An integer argument (Python/NumPy int or int64 tensor) as TF converts it: an int for
    a scalar, else its int64 tensor, which the dataset's op refuses (`int64_arg`) once the
    other arguments are converted. `what`: the argument's name, which TF's conversion
    errors start with."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value)
    refuse_non_int64(value, what)
    if isinstance(value, (bool, np.bool_)):
        return int(value)
    if isinstance(value, EagerTensor) and value.dtype.is_integer:
        return int(value._arr) if not value._shape else value
    if isinstance(value, Tensor) and value.dtype.is_integer and value._shape == ():
        static = _static_value(value)
        if static is not None:
            return int(static)
        raise NeedsConcreteValue(
            f"Cannot convert {value!r} to EagerTensor of dtype int64: inside a tf.function, "
            "the arguments of a dataset transformation must be known when the function is "
            "traced (Python numbers or constants); only the sources (from_tensor_slices, "
            "from_tensors, range, the file readers) and the counts and sizes of take, skip, "
            "repeat, shard, shuffle, prefetch, batch, padded_batch and window take the "
            "function's tensors.")
    if isinstance(value, Tensor):
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype int64")
    t = convert_to_tensor(value, _dt.int64)  # (a list, a string, ...: TF's conversion errors)
    return int(t._arr) if not t._shape else t


def int64_arg(value: Any, what: str = "", op: str | None = None,
              lengths: dict | None = None) -> int:
    """`int64_value`, a scalar: a non-scalar is `op`'s InvalidArgumentError (TF's dataset
    kernels check their scalars; `lengths`: its list arguments' lengths), or a TypeError
    where no op is named."""
    n = value if type(value) is int else int64_value(value, what)
    if type(n) is int:
        return n
    if op is None:
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype int64")
    raise raised_eagerly(op_error(InvalidArgumentError, op, f"{what} must be a scalar"),
                         lengths=lengths, host=True)


def bool_arg(value: Any, what: str) -> bool:
    """A bool argument (drop_remainder) as TF converts it to a bool tensor: ints and other
    dtypes' tensors are its conversion errors."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, Tensor):
        if value.dtype != _dt.bool:
            raise ValueError(f"{what}: Tensor conversion requested dtype bool for Tensor with "
                             f"dtype {value.dtype.name}: {value!r}")
        static = value._arr if isinstance(value, EagerTensor) else _static_value(value)
        return bool(static)
    return bool(convert_to_tensor(value, _dt.bool)._arr)


def _static_value(t: Tensor) -> Any:
    return get_static_value(t)


# ---------------------------------------------------------------------------------------
# Sources built inside a tf.function from its tensors
# ---------------------------------------------------------------------------------------

def _symbolic(x: Any) -> bool:
    return isinstance(x, Tensor) and not isinstance(x, EagerTensor)


def _parts(v: Any) -> list:
    """A leaf's tensors: a RaggedTensor's components, else the leaf."""
    return v._type_spec._to_components(v) if isinstance(v, RaggedTensor) else [v]


def deferred_source(kind: str, args: tuple, kwargs: dict) -> DatasetV2 | None:
    """A from_tensor_slices / from_tensors / range over tensors of the tf.function being
    traced (values known only when it runs), or None when every argument is concrete."""
    flat = [t for a in args for v in (dstruct.flatten(a) if dstruct.is_nested(a) else [a])
            for t in _parts(v)]
    flat += [v for v in kwargs.values() if _symbolic(v)]
    symbolic = [v for v in flat if _symbolic(v)]
    if not symbolic:
        return None
    if kind == "range":
        if any(not v.dtype.is_integer or v._shape != () for v in symbolic):
            raise TypeError(f"`range` takes integer scalars, got {symbolic[0]!r}")
        dtype = _dt.as_dtype(kwargs.get("output_type", _dt.int64))
        spec: Any = TensorSpec._make(TensorShape([]), dtype)

        def build(values: dict) -> DatasetV2:
            return RangeDataset(*[values.get(id(a), a) for a in args], **kwargs)
        ds = DeferredSourceDataset(build, symbolic, dstruct.Structure(spec), "_RangeDataset")
        ds._parts = ("range", args)
        return ds
    element = args[0]
    _check_nonempty(element, "TensorDataset" if kind == "from_tensors" else None)
    leaves = [v if _symbolic(v) else dstruct.to_component(v) for v in dstruct.flatten(element)]
    specs = []
    for v in leaves:
        if isinstance(v, RaggedTensor) and any(_symbolic(t) for t in _parts(v)):
            # (a ragged argument of a dataset function: its components are fed)
            spec = v._type_spec
            specs.append(ragged_elements.row_spec(spec) if kind == "from_tensor_slices"
                         else spec)
            continue
        if isinstance(v, (SparseTensor, DatasetV2)):
            raise TypeError(f"`{kind}` inside a tf.function takes the function's tensors only "
                            f"together with dense tensors, got {v!r}")
        shape = TensorShape(v._shape) if _symbolic(v) else v.shape
        if kind == "from_tensor_slices":
            if shape.rank == 0:
                raise ValueError("Unbatching a tensor is only supported for rank >= 1")
            shape = shape[1:] if shape.rank is not None else shape
        specs.append(TensorSpec._make(shape, v.dtype))
    spec = specs[0] if not dstruct.is_nested(element) else dstruct.pack_as(element, specs)
    cls = TensorSliceDataset if kind == "from_tensor_slices" else TensorDataset

    def build_element(values: dict) -> DatasetV2:
        concrete = [v._type_spec._from_components([values.get(id(t), t) for t in _parts(v)])
                    if isinstance(v, RaggedTensor) else values.get(id(v), v) for v in leaves]
        packed = concrete[0] if not dstruct.is_nested(element) else \
            dstruct.pack_as(element, concrete)
        return cls(packed)
    ds = DeferredSourceDataset(build_element, symbolic, dstruct.Structure(spec),
                               cls._repr_name)
    ds._parts = (kind, leaves)
    return ds


# the values of a traced pipeline's tensors while the cardinality of a dataset a
# function returned is asked (returned.py sets `feed`)
KNOWN_FEED = threading.local()


class DeferredSourceDataset(DatasetV2):
    """A source (or a transformation of `inputs`) whose arguments are tensors of the
    tf.function or dataset function it was built in: the concrete dataset is made each
    time it is iterated there (the values are fed)."""

    def __init__(self, build: Callable, symbolic: list, structure: dstruct.Structure,
                 repr_name: str, inputs: tuple = ()) -> None:
        super().__init__(inputs, structure)
        self._build, self._symbolic = build, symbolic
        self._repr_name = repr_name
        # (what it was built of, for an exported graph's nodes: ("range", args),
        # (kind, the element's leaves) or ("counts", {name: count}))
        self._parts: tuple | None = None
        note_symbolic(symbolic)

    @splittable
    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        return self._build(fed_tensors(self._symbolic, ctx))._make_iterator(ctx)

    def _cardinality(self) -> int:
        feed = getattr(KNOWN_FEED, "feed", None) or {}
        if any(id(t) not in feed for t in self._symbolic):
            return UNKNOWN
        # (a dataset a function returned, whose values are known: returned.py)
        values = {id(t): EagerTensor(to_host(feed[id(t)]), t.dtype) for t in self._symbolic}
        return self._build(values)._cardinality()


def deferred_counts(input_dataset: DatasetV2, build: Callable, counts: dict,
                    structure: dstruct.Structure | None, repr_name: str) -> DatasetV2 | None:
    """`build(**counts)` made when the pipeline runs, where a count is a tensor computed by the
    function being traced (`repeat(x)` in a flat_map function); None when all are known."""
    symbolic = [v for v in counts.values() if _symbolic(v) and _static_value(v) is None]
    if not symbolic:
        return None
    for v in symbolic:
        if not v.dtype.is_integer or v._shape != ():
            raise TypeError(f"Cannot convert {v!r} to EagerTensor of dtype int64")

    def make(values: dict) -> DatasetV2:
        return build(**{k: values.get(id(v), v) for k, v in counts.items()})
    ds = DeferredSourceDataset(make, symbolic, structure or input_dataset._structure,
                               repr_name, (input_dataset,))
    ds._parts = ("counts", counts)
    return ds


def _check_nonempty(element: Any, op: str | None = None) -> None:
    """TF's refusal of an element of no tensors: nothing, or only Nones (each a
    NoneTensorSpec of no tensor, as is a list of Nones; beside a tensor a None is a
    component)."""
    leaves = dstruct.flatten(element) if dstruct.is_nested(element) else [element]
    if all(v is None or dstruct.only_nones(v) for v in leaves):
        if op is not None:  # TF's op refuses an element of no tensors (from_tensors)
            signature = tf_op_defs.summary(op)
            raise InvalidArgumentError(None, None, (
                "Length for attr 'Toutput_types' of 0 must be at least minimum 1\n\t; NodeDef: "
                f"{{{{node {op}}}}}{'; ' + signature if signature else ''} [Op:{op}] name: "))
        raise ValueError("Invalid `element`. `element` should not be empty.")


# ---------------------------------------------------------------------------------------

class TensorDataset(DatasetV2):
    """`from_tensors`: one element."""

    _repr_name = "_TensorDataset"

    def __init__(self, element: Any) -> None:
        _check_nonempty(element, "TensorDataset")
        value = dstruct.normalize_element(element)
        super().__init__((), dstruct.Structure(dstruct.structure_spec(value)))
        # tf.data holds its elements on the host, as TF copies them to CPU:0
        self._flat = tuple(v.cpu() if type(v) is EagerTensor else v
                           for v in dstruct.flatten(value))

    @splittable
    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        return ListIterator([self._flat])

    def _cardinality(self) -> int:
        return 1


class _SliceIterator(ElementIterator):
    __slots__ = ("_arrays", "_dtypes", "_i", "_n", "_dev", "_sparse")

    def __init__(self, arrays: list, dtypes: list, n: int, sparse: list) -> None:
        self._arrays, self._dtypes, self._n, self._sparse = arrays, dtypes, n, sparse
        self._i = 0
        self._dev = CPU_DEVICE

    def __next__(self) -> tuple:
        i = self._i
        if i >= self._n:
            raise StopIteration
        self._i = i + 1
        dev = self._dev
        out = []
        for a, d, kind in zip(self._arrays, self._dtypes, self._sparse):
            out.append(EagerTensor(a[i, ...], d, dev) if not kind else None if a is None else
                       _sparse_row(a, i) if kind == "sparse" else ragged_elements.row(a, i))
        return tuple(out)


class RowIterator(ElementIterator):
    """Slices of in-memory arrays, one row index at a time (`next_row()`).

    Transformations that understand rows (shuffle, batch) move row indices instead of
    tensors and gather whole batches with one fancy-indexing per component."""

    __slots__ = ("row_arrays", "row_dtypes", "_i", "_n")

    def __init__(self, arrays: list, dtypes: list, n: int) -> None:
        self.row_arrays, self.row_dtypes, self._n = arrays, dtypes, n
        self._i = 0

    def next_row(self) -> int:
        i = self._i
        if i >= self._n:
            raise StopIteration
        self._i = i + 1
        return i

    def __next__(self) -> tuple:
        i = self._i
        if i >= self._n:
            raise StopIteration
        self._i = i + 1
        return tuple([EagerTensor(a[i, ...], d, CPU_DEVICE)
                      for a, d in zip(self.row_arrays, self.row_dtypes)])


def row_element(arrays: list, dtypes: list, i: int) -> tuple:
    return tuple([EagerTensor(a[i, ...], d, CPU_DEVICE) for a, d in zip(arrays, dtypes)])


def gather_rows(arrays: list, dtypes: list, rows: list) -> tuple:
    return tuple([EagerTensor(a[rows], d, CPU_DEVICE) for a, d in zip(arrays, dtypes)])


def _sparse_on_host(st: SparseTensor) -> SparseTensor:
    with placed_on(CPU_DEVICE):
        return SparseTensor._from_arrays(to_host(st.indices._arr), to_host(st.values._arr),
                                         to_host(st.dense_shape._arr), st.dtype)


def _sparse_row(st: SparseTensor, i: int) -> SparseTensor:
    """Row `i` of a sparse tensor, on the host (tf.data's elements live on CPU:0)."""
    idx = to_host(st.indices._arr)
    rows = idx[:, 0] == i
    with placed_on(CPU_DEVICE):
        return SparseTensor._from_arrays(idx[rows][:, 1:], to_host(st.values._arr)[rows],
                                         to_host(st.dense_shape._arr)[1:], st.dtype)


class TensorSliceDataset(DatasetV2):
    """`from_tensor_slices`: one element per row of the inputs' first dimension."""

    _repr_name = "_TensorSliceDataset"

    def __init__(self, element: Any) -> None:
        _check_nonempty(element)
        value = dstruct.normalize_element(element)
        check_batchable(dstruct.structure_spec(value), "_to_batched_tensor_list")
        dstruct.check_variant_batchable(dstruct.structure_spec(value), "_to_batched_tensor_list")
        flat = dstruct.flatten(value)
        n = None
        specs = []
        for c in flat:
            if c is None:  # (a NoneTensorSpec: each slice's None)
                specs.append(NoneTensorSpec())
                continue
            if isinstance(c, DatasetV2):
                raise TypeError("`from_tensor_slices` does not support datasets as components")
            shape = c.shape
            if shape.rank == 0:
                raise ValueError("Unbatching a tensor is only supported for rank >= 1")
            d = shape[0] if not isinstance(c, RaggedTensor) else int(c.nrows())
            if n is None:
                n = d
            elif d != n:
                raise ValueError(f"Dimensions {n} and {d} are not compatible")
            if isinstance(c, SparseTensor):
                specs.append(SparseTensorSpec(shape[1:], c.dtype))
            elif isinstance(c, RaggedTensor):
                specs.append(ragged_elements.row_spec(c._type_spec))
            else:
                specs.append(TensorSpec._make(shape[1:], c.dtype))
        spec = specs[0] if not dstruct.is_nested(value) else dstruct.pack_as(value, specs)
        super().__init__((), dstruct.Structure(spec))
        self._n = n
        self._sparse = ["sparse" if isinstance(c, SparseTensor) else
                        "ragged" if isinstance(c, RaggedTensor) else
                        "none" if c is None else "" for c in flat]
        # rows on the host, as TF copies them to CPU:0 (a sparse tensor's components too)
        self._arrays = [_sparse_on_host(c) if isinstance(c, SparseTensor) else
                        c if isinstance(c, RaggedTensor) or c is None else to_host(c._arr)
                        for c in flat]
        self._dtypes = [getattr(c, "dtype", None) for c in flat]

    @splittable
    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        if not any(self._sparse):
            return RowIterator(self._arrays, self._dtypes, self._n)
        return _SliceIterator(self._arrays, self._dtypes, self._n, self._sparse)

    def _cardinality(self) -> int:
        return self._n


class ListDataset(DatasetV2):
    """Elements held in memory as flat tuples (windows, group_by_window groups)."""

    _repr_name = "_VariantDataset"

    def __init__(self, elements: list, structure: dstruct.Structure) -> None:
        super().__init__((), structure)
        self._elements = elements

    @splittable
    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        return ListIterator(self._elements)

    def _cardinality(self) -> int:
        return len(self._elements)


# ---------------------------------------------------------------------------------------

class _RangeIterator(ElementIterator):
    __slots__ = ("_cur", "_stop", "_step", "_np", "_dt")

    def __init__(self, start: int, stop: int | None, step: int, dtype: _dt.DType) -> None:
        self._cur, self._stop, self._step = start, stop, step
        self._np, self._dt = dtype.as_numpy_dtype, dtype

    def __next__(self) -> tuple:
        cur, stop = self._cur, self._stop
        if stop is not None and (cur >= stop if self._step > 0 else cur <= stop):
            raise StopIteration
        self._cur = cur + self._step
        return (EagerTensor(np.array(cur, self._np), self._dt, CPU_DEVICE),)


class RangeDataset(DatasetV2):
    """`Dataset.range(stop)`, `range(start, stop[, step])`, `output_type=tf.int64`."""

    _repr_name = "_RangeDataset"

    def __init__(self, *args: Any, output_type: Any = _dt.int64, name: str | None = None,
                 **ignored: Any) -> None:
        # TF's _RangeDataset reads only output_type and name from its kwargs and ignores the
        # rest (range(3, dtype=tf.float32) gives int64 elements)
        if not 1 <= len(args) <= 3:
            raise ValueError(f"Invalid `args`. The length of `args` should be between 1 and 3 "
                             f"but was {len(args)}.")
        names = ("stop",) if len(args) == 1 else ("start", "stop", "step")
        vals = [int64_value(a, n) for a, n in zip(args, names)]
        check_name(name)
        vals = [int64_arg(v, n, "RangeDataset") for v, n in zip(vals, names)]
        start, stop, step = (0, vals[0], 1) if len(vals) == 1 else (
            vals[0], vals[1], vals[2] if len(vals) == 3 else 1)
        if step == 0:
            raise raised_eagerly(op_error(InvalidArgumentError, "RangeDataset",
                                          "step must be a non-zero integer."), host=True)
        self._dtype = _dt.as_dtype(output_type)
        super().__init__((), dstruct.Structure(TensorSpec._make(TensorShape([]), self._dtype)))
        self._start, self._stop, self._step = start, stop, step

    def _kernel_text(self) -> str:
        return f"RangeDatasetOp({self._start}, {self._stop}, {self._step})::Dataset"

    @splittable
    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        return _RangeIterator(self._start, self._stop, self._step, self._dtype)

    def _cardinality(self) -> int:
        n = -(-(self._stop - self._start) // self._step)
        return max(n, 0)


class CounterDataset(DatasetV2):
    """`Dataset.counter(start, step, dtype)`: start, start+step, ... forever."""

    _repr_name = "_ScanDataset"  # TF builds it with scan

    def __init__(self, start: Any = 0, step: Any = 1, dtype: Any = _dt.int64,
                 repr_name: str | None = None) -> None:
        self._dtype = _dt.as_dtype(dtype)
        # TF's counter scans from `start`: a vector start counts vectors
        start, step = int64_value(start, "start"), int64_arg(step, "step")
        if isinstance(start, EagerTensor):
            start = to_host(start._arr)  # (tf.data counts on the host)
        shape = TensorShape(np.shape(start))
        super().__init__((), dstruct.Structure(TensorSpec._make(shape, self._dtype)))
        self._start, self._step = start, step
        if repr_name:
            self._repr_name = repr_name

    @splittable
    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        return _RangeIterator(self._start, None, self._step, self._dtype)

    def _cardinality(self) -> int:
        return INFINITE


class _RandomIterator(ElementIterator):
    """One 32-bit word of the iterator's Philox stream per element, as int64 (TF's)."""

    __slots__ = ("_word",)

    def __init__(self, word: Words) -> None:
        self._word = word

    def __next__(self) -> tuple:
        return (EagerTensor(np.array(self._word(), np.int64), _dt.int64, CPU_DEVICE),)


class RandomDataset(DatasetV2):
    """`Dataset.random(seed)`: pseudorandom int64 scalars forever."""

    _repr_name = "_RandomDataset"

    def __init__(self, seed: Any = None, rerandomize_each_iteration: Any = None) -> None:
        super().__init__((), dstruct.Structure(TensorSpec._make(TensorShape([]), _dt.int64)))
        self._seeds = split_seed(seed)
        if rerandomize_each_iteration and not isinstance(
                rerandomize_each_iteration, bool):  # (TF's op attr, set only when truthy)
            raise TypeError(f"Expected bool for argument 'rerandomize_each_iteration' not "
                            f"{rerandomize_each_iteration!r}.")
        self._rerandomize = bool(rerandomize_each_iteration)
        self._iterations, self._made = 0, made_stamp()

    def _kernel_text(self) -> str:
        # (seeds drawn because none was set are (0, 0) to TF's op: its kernel draws them)
        seed, seed2 = (0, 0) if isinstance(self._seeds, DrawnSeeds) else \
            signed_words(self._seeds)
        return f"RandomDataset{'V2' if self._rerandomize else ''}Op({seed}, {seed2})::Dataset"

    @splittable
    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        seeds = iterator_seeds(self._seeds, self._iterations, self._rerandomize)
        self._iterations += 1
        return _RandomIterator(Words(seeds))

    def _cardinality(self) -> int:
        return INFINITE


# ---------------------------------------------------------------------------------------
# from_generator
# ---------------------------------------------------------------------------------------

def _yield_error(text: str, node: str, cause: BaseException | None = None
                 ) -> InvalidArgumentError:
    """TF's error for a bad yielded element: the TypeError its py_func raised (from
    `cause`, the conversion's error), restated with its traceback."""
    try:
        raise TypeError(text) from cause
    except TypeError as e:
        return py_function._restate(e, node, node=True)


def _node(specs: tuple) -> str:
    """The op TF runs a generator in: a numpy_function (PyFunc) for tensors only, an
    eager_py_func (EagerPyFunc) where a ragged or sparse spec is among them."""
    return "PyFunc" if all(isinstance(s, TensorSpec) for s in specs) else "EagerPyFunc"


def _convert_yielded(value: Any, spec: TypeSpec, node: str = "PyFunc",
                     whole: tuple | None = None) -> Any:
    """`value` yielded for `spec` as a tensor (or composite), or TF's refusal; `whole`:
    (the structure, the element) it is a part of, which a refusal of its kind names."""
    if not isinstance(spec, TensorSpec):  # a ragged or sparse spec: such a value, alike
        if isinstance(spec, RaggedTensorSpec) and not isinstance(value, (Tensor,
                                                                       CompositeTensor)):
            value = _as_tensor_if_it_is_one(value)  # (TF's normalize converts it first)
        if not isinstance(value, (Tensor, CompositeTensor)):
            structure, element = whole or (spec, value)
            raise _yield_error("`generator` yielded an element that did not match the "
                               f"expected structure. The expected structure was {structure}, "
                               f"but the yielded element was {element}.", node)
        got = dstruct.spec_of(value)
        if not spec.is_compatible_with(got) or type(got) is not type(spec):
            raise _yield_error(f"`generator` yielded an element of {got} where an element of "
                               f"{spec} was expected.", node)
        return value
    dtype = spec.dtype
    try:
        if isinstance(value, EagerTensor):
            arr = value._arr
            if value.dtype is not dtype:
                arr = np.asarray(value.numpy(), dtype=dtype.as_numpy_dtype)
        elif dtype is _dt.string:
            arr = convert_to_tensor(value, dtype=_dt.string)._arr
        else:
            # TF's numpy_compat.np_asarray under NumPy 2: a numeric dtype by astype (Python
            # ints past it wrap, floats truncate), others directly
            npd = np.dtype(dtype.as_numpy_dtype)
            if np.issubdtype(npd, np.number):
                with np.errstate(all="ignore"):
                    arr = np.asarray(value).astype(npd)
            else:
                arr = np.asarray(value, dtype=npd)
            if arr.dtype.kind == "O":
                raise ValueError("object array")
    except (TypeError, ValueError, OverflowError) as e:
        raise _yield_error("`generator` yielded an element that could not be converted to the "
                           f"expected type. The expected type was {dtype.name}, but the yielded "
                           f"element was {_value_text(value)}.", node, e) from None
    if not spec.shape.is_compatible_with(arr.shape):
        raise _yield_error(f"`generator` yielded an element of shape {TensorShape(arr.shape)} "
                           f"where an element of shape {spec.shape} was expected.", node)
    return EagerTensor(arr, dtype, CPU_DEVICE)


def _as_tensor_if_it_is_one(value: Any) -> Any:
    """A yielded value for a ragged spec as a tensor where it converts to one (then the
    spec refuses a tensor's spec), else as it was (then the structure refuses it)."""
    try:
        return convert_to_tensor(value)
    except (TypeError, ValueError):
        return value


def _value_text(value: Any) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def _flatten_up_to(spec: Any, value: Any) -> list | None:
    """The yielded value's leaves at the positions of `spec`'s leaves, or None on mismatch."""
    if not dstruct.is_nested(spec):
        return [value]
    if isinstance(spec, dict):
        if not isinstance(value, dict) or set(value) != set(spec):
            return None
        out: list = []
        for k in sorted(spec):
            sub = _flatten_up_to(spec[k], value[k])
            if sub is None:
                return None
            out += sub
        return out
    if not isinstance(value, (tuple, list)) or len(value) != len(spec):
        return None
    out = []
    for s, v in zip(spec, value):
        sub = _flatten_up_to(s, v)
        if sub is None:
            return None
        out += sub
    return out


class _GeneratorIterator(ElementIterator):
    __slots__ = ("_gen", "_spec", "_specs", "_done")

    def __init__(self, gen: Any, spec: Any, specs: tuple) -> None:
        self._gen, self._spec, self._specs = gen, spec, specs
        self._done = False

    def __next__(self) -> tuple:
        if self._done:
            raise StopIteration
        try:
            value = next(self._gen)
        except StopIteration:
            self.close()
            raise
        except Exception as e:
            # A generator that raised is finished; its error reaches the consumer as TF's
            # PyFunc restates it (UnknownError, ...: the Python error and its traceback,
            # the generator's own frames included), with the Python error as its cause.
            self._done = True
            err = py_function._restate(e, _node(self._specs), node=True)
            if isinstance(e, OpError):  # (PyFunc, unlike EagerPyFunc, keeps no op's code)
                err = UnknownError(None, None, err.message)
            raise err from e
        except BaseException:
            self._done = True
            raise
        specs = self._specs
        if len(specs) == 1 and not dstruct.is_nested(self._spec):
            return (_convert_yielded(value, specs[0], _node(specs)),)
        leaves = _flatten_up_to(self._spec, value)
        node = _node(specs)
        # (TF's PyFunc names the structure's dtypes; its EagerPyFunc, for ragged or sparse
        # specs, the specs)
        structure = self._spec if node == "EagerPyFunc" else dstruct.type_names(self._spec)
        if leaves is None:
            raise _yield_error(
                "`generator` yielded an element that did not match the expected structure. The "
                f"expected structure was {structure}, but the yielded element was {value}.",
                node)
        return tuple(_convert_yielded(v, s, node, (structure, value))
                     for v, s in zip(leaves, specs))

    def close(self) -> None:
        self._done = True
        gen, self._gen = self._gen, iter(())
        close = getattr(gen, "close", None)
        if close is not None:
            close()


class GeneratorDataset(DatasetV2):
    """`from_generator(generator, output_signature=..., args=...)`."""

    _repr_name = "_FlatMapDataset"  # what TF's implementation shows

    def __init__(self, generator: Callable, output_types: Any, output_shapes: Any, args: Any,
                 output_signature: Any) -> None:
        if not callable(generator):
            raise TypeError("`generator` must be a Python callable.")
        if output_signature is not None:
            if output_types is not None:
                raise TypeError("The `output_types` argument can not be used together with the "
                                "`output_signature` argument.")
            if output_shapes is not None:
                raise TypeError("The `output_shapes` argument can not be used together with the "
                                "`output_signature` argument.")
            for s in dstruct.flatten(output_signature):  # (a list is one, refused, as TF's)
                if not isinstance(s, TypeSpec):
                    raise TypeError(f"`output_signature` must contain objects that are subclass "
                                    f"of `tf.TypeSpec` but found {type(s)} which is not.")
            spec = output_signature
        else:
            if output_types is None:
                raise TypeError("To specify the output signature you need to provide either the "
                                "`output_signature` argument or the `output_types` argument.")
            types = dstruct.lists_to_tuples(output_types)
            if output_shapes is None:
                shapes = dstruct.map_structure(lambda _: TensorShape(None), types)
            else:
                shapes = _shapes_like(types, output_shapes)
            flat_t, flat_s = dstruct.flatten(types), dstruct.flatten(shapes)
            specs = [TensorSpec(s, t) for t, s in zip(flat_t, flat_s)]
            spec = dstruct.pack_as(types, specs) if dstruct.is_nested(types) else specs[0]
        spec = dstruct.lists_to_tuples(spec)
        super().__init__((), dstruct.Structure(spec))
        self._generator = generator
        if args is None:
            self._args: tuple = ()
        else:
            self._args = tuple(_arg_value(a) for a in (args if isinstance(args, (tuple, list))
                                                      else (args,)))

    @splittable
    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        gen = iter(self._generator(*self._args))
        st = self._structure
        return _GeneratorIterator(gen, st.spec, st.specs)

    def _cardinality(self) -> int:
        return UNKNOWN


class GeneratorState:
    """What the functions of TF's form of a `from_generator` dataset call, by PyFunc token
    (saved_model/dataset_export.py writes it as TF's `_GeneratorState`): `get_next_id`
    starts a pass over the generator and names it, `next_values` gives that pass's next
    element's components (StopIteration at its end, which the PyFunc makes TF's end of
    sequence), `completed` forgets it."""

    def __init__(self, dataset: GeneratorDataset) -> None:
        self._dataset = dataset
        self._next_id = 0
        self._passes: dict = {}

    def get_next_id(self, *_args: Any) -> np.ndarray:
        key = self._next_id
        self._next_id += 1
        self._passes[key] = self._dataset._make_iterator()
        return np.array(key, np.int64)

    def next_values(self, key: Any) -> list:
        return [np.asarray(t._numpy()) for t in next(self._passes[int(key)])]

    def completed(self, key: Any) -> np.ndarray:
        it = self._passes.pop(int(key), None)
        if it is not None:
            it.close()
        return np.array(0, np.int64)


def _arg_value(a: Any) -> Any:
    t = convert_to_tensor(a)
    if _symbolic(t):
        raise NeedsConcreteValue(f"`from_generator` inside a function passes its `args` to "
                                 f"the generator as values; {t!r} has none yet.")
    return t.numpy()


def _shapes_like(types: Any, shapes: Any) -> Any:
    if not dstruct.is_nested(types):
        return TensorShape(shapes)
    if isinstance(types, dict):
        return {k: _shapes_like(types[k], shapes[k]) for k in types}
    return tuple(_shapes_like(t, s) for t, s in zip(types, shapes))


# ---------------------------------------------------------------------------------------
# Files by pattern
# ---------------------------------------------------------------------------------------

def list_files(file_pattern: Any, shuffle: Any, seed: Any) -> DatasetV2:
    patterns = file_pattern
    if isinstance(patterns, EagerTensor):
        patterns = patterns.numpy()
    if isinstance(patterns, np.ndarray):
        patterns = patterns.reshape(-1).tolist()
    if isinstance(patterns, (str, bytes)):
        patterns = [patterns]
    names: list = []
    for p in patterns:
        p = p.decode() if isinstance(p, bytes) else str(p)
        names.extend(gfile.matches(p))  # (TF's spelling: "./a.csv" for "*.csv")
    if not names:
        shown = patterns[0] if len(patterns) == 1 else patterns
        shown = shown.decode() if isinstance(shown, bytes) else shown
        raise InvalidArgumentError(None, None, "Expected 'tf.Tensor(False, shape=(), dtype=bool)'"
                                   f" to be true. Summarized data: b'No files matched pattern: "
                                   f"{shown}'")
    names = sorted(set(names))
    ds = TensorSliceDataset(np.array([os.fsencode(n) for n in names], dtype=object))
    if shuffle is None or shuffle:
        ds = ds.shuffle(len(names), seed=seed)
    return ds
