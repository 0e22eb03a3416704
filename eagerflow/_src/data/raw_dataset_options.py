"""TF's dataset ops of options (OptionsDataset, GetOptions) and those that check or pass
their input through: UniqueDataset, IgnoreErrorsDataset,
AssertCardinalityDataset, the runtime's wrappers (ModelDataset, OptimizeDataset (V1, V2),
FinalizeDataset, MaxIntraOpParallelismDataset, PrivateThreadPoolDataset,
NonSerializableDataset, SleepDataset; each with its Experimental alias where TF has one),
and WrapDatasetVariant / UnwrapDatasetVariant.

Data layer, over raw_dataset_misc.py (its OpDef makers) and options_proto.py. OptionsDataset
is `with_options` of the Options its proto sets, and keeps the proto: GetOptions gives the
pipeline's options as TF's kernels merge them. The checking ones are the public
transformations (`unique`, `ignore_errors`, `assert_cardinality`). The wrappers tune TF's
runtime (threads, autotuning, graph rewrites, a pause per element) and give the same
elements: their dataset is their input's. Their debug text is the kernel's that comes out
on top: TF's OptimizeDataset rewrites the input under a private thread pool, and
FinalizeDataset ends in autotuning's prefetch (its model where the input captures a
reference variable; the thread pool where autotuning is off).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import (
    dataset_methods,  # noqa: F401 (the methods built on)
    options_proto,
)
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.dataset_variants import (
    I64_ATTRS,
    DatasetVariant,
    dataset_of,
    tf_attrs_load,
)
from eagerflow._src.data.experimental import assert_cardinality
from eagerflow._src.data.raw_dataset_misc import raw_op, signature_infer
from eagerflow._src.data.raw_dataset_sources import elements_variant
from eagerflow._src.data.variant_value import variant_array
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_I64 = np.int64
_R5 = variant_array(DatasetV2.range(5), "RangeDatasetOp(0, 5, 1)::Dataset")


def _text(op: str) -> str:
    return f"{op}Op::Dataset"


def _same(v: Any, *_: Any, **__: Any) -> DatasetVariant:
    """The reference of an op that gives its input's elements."""
    return elements_variant(v[()].elements())


# -- unique, ignore_errors, assert_cardinality ----------------------------------------------

_UNIQUE_TYPES = (dt.int32, dt.int64, dt.string)


def _unique(op: str, input_dataset: Any, **_: Any) -> tuple:
    ds = dataset_of(op, input_dataset)
    specs = ds._structure.specs
    if len(specs) != 1:
        raise C.fail(op, "UniqueDataset only supports inputs with a single component.")
    if not isinstance(specs[0], TensorSpec) or specs[0].dtype not in _UNIQUE_TYPES:
        raise C.fail(op, "UniqueDataset only supports inputs with a single `tf.int32`, "
                         "`tf.int64`, or `tf.string` component.")
    return ds.unique(), _text("UniqueDataset")


def _unique_reference(v: Any, **_: Any) -> DatasetVariant:
    seen, out = set(), []
    for (x,) in v[()].elements():
        key = (x.shape, x.tobytes() if x.dtype != object else tuple(x.ravel()))
        if key not in seen:
            seen.add(key)
            out.append([x])
    return elements_variant(out)


def _slices(values: np.ndarray) -> np.ndarray:
    """A sample's dataset, made when a suite asks (at import it would start the devices,
    which tf.config can then no longer split)."""
    return variant_array(DatasetV2.from_tensor_slices(values), "TensorSliceDatasetOp::Dataset")


UNIQUE = {op: raw_op(op, _unique, "v", reference=_unique_reference,
                     samples=lambda: [Sample((_slices(np.array([3, 1, 3, 2, 1], np.int64)),),
                                            I64_ATTRS, grad=False)],
                     bad_samples=lambda: [BadSample((_slices(np.array([1., 1.], np.float32)),),
                                                    {"output_types": (dt.float32,),
                                                     "output_shapes": ((),)},
                                                    InvalidArgumentError, "UniqueDataset only "
                                                    "supports inputs with a single `tf.int32`")])
          for op in ("UniqueDataset", "ExperimentalUniqueDataset")}


def _ignore_errors(op: str, input_dataset: Any, *, log_warning: bool = False,
                   **_: Any) -> tuple:
    return dataset_of(op, input_dataset).ignore_errors(bool(log_warning)), \
        _text("IgnoreErrorsDataset")


IGNORE_ERRORS = {op: raw_op(op, _ignore_errors, "v", reference=_same,
                            samples=lambda: [Sample((_R5,), I64_ATTRS, grad=False)])
                 for op in ("IgnoreErrorsDataset", "ExperimentalIgnoreErrorsDataset")}


def _assert_cardinality(op: str, input_dataset: Any, cardinality: Any, **_: Any) -> tuple:
    ds = dataset_of(op, input_dataset).apply(assert_cardinality(int(cardinality)))
    return ds, _text(op)


ASSERT_CARDINALITY = raw_op(
    "AssertCardinalityDataset", _assert_cardinality, "vi", (None, "cardinality"),
    reference=_same, samples=lambda: [Sample((_R5, _I64(5)), I64_ATTRS, grad=False)],
    bad_samples=lambda: [BadSample((_R5, _I64([5])), I64_ATTRS, InvalidArgumentError,
                           "cardinality must be a scalar")])


# -- the runtime's wrappers -------------------------------------------------------------------

def _passing(text: str, check: Any = None) -> Any:
    """A wrapper's build: its input, as it is, once `check(op, *inputs, **attrs)` passes."""
    def build(op: str, input_dataset: Any, *ins: Any, **attrs: Any) -> tuple:
        ds = dataset_of(op, input_dataset)
        if check is not None:
            check(op, *ins, **attrs)
        return ds, text if text.endswith("::Dataset") else _text(text)
    return build


def _at_least_zero(arg: str) -> Any:
    def check(op: str, value: Any, **_: Any) -> None:
        if int(value) < 0:
            raise C.fail(op, f"`{arg}` must be >= 0")
    return check


def _wrapper(ops: tuple, text: str, arg: str) -> dict:
    """A wrapper with a count input (and its Experimental alias)."""
    return {op: raw_op(op, _passing(text, _at_least_zero(arg)), "vi", (None, arg),
                       reference=_same,
                       samples=lambda: [Sample((_R5, _I64(2)), I64_ATTRS, grad=False)],
                       bad_samples=lambda: [BadSample((_R5, _I64(-1)), I64_ATTRS,
                                              InvalidArgumentError, f"`{arg}` must be >= 0"),
                                    BadSample((_R5, _I64([1])), I64_ATTRS,
                                              InvalidArgumentError, f"{arg} must be a scalar")])
            for op in ops}


MAX_INTRA_OP = _wrapper(("MaxIntraOpParallelismDataset",
                         "ExperimentalMaxIntraOpParallelismDataset"),
                        "MaxIntraOpParallelismDataset", "max_intra_op_parallelism")
PRIVATE_THREAD_POOL = _wrapper(("PrivateThreadPoolDataset",
                                "ExperimentalPrivateThreadPoolDataset"),
                               "PrivateThreadPoolDataset", "num_threads")
# (the pause per element is the runtime's: the elements are the same, so none here)
SLEEP = _wrapper(("SleepDataset", "ExperimentalSleepDataset"), "SleepDataset",
                 "sleep_microseconds")
NON_SERIALIZABLE = {op: raw_op(op, _passing("NonSerializableDataset"), "v", reference=_same,
                               samples=lambda: [Sample((_R5,), I64_ATTRS, grad=False)])
                    for op in ("NonSerializableDataset", "ExperimentalNonSerializableDataset")}


def _budgets(op: str, *, cpu_budget: int = 0, ram_budget: int = 0, **_: Any) -> None:
    if cpu_budget < 0:
        raise C.fail(op, f"CPU budget must be positive but is {cpu_budget}.")
    if ram_budget < 0:
        raise C.fail(op, f"RAM budget must be positive but is {ram_budget}.")


MODEL = raw_op("ModelDataset", _passing("ModelDataset", _budgets), "v", reference=_same,
               samples=lambda: [Sample((_R5,), dict(I64_ATTRS, algorithm=1, cpu_budget=4,
                                            ram_budget=100), grad=False)],
               bad_samples=lambda: [BadSample((_R5,), dict(I64_ATTRS, cpu_budget=-1),
                                      InvalidArgumentError,
                                      "CPU budget must be positive but is -1.")])

_THREAD_POOL = "PrivateThreadPoolDatasetOp::Dataset"


def _vectors(op: str, *args: str) -> Any:
    """The infer of an op whose inputs after its dataset are string vectors `args`."""
    inputs = signature_infer(op, "v" + "s" * len(args), (), (dt.variant,))

    def infer(*ins: Any, **_: Any) -> list:
        out = inputs(*ins)
        for x, arg in zip(ins[1:], args):
            if len(x._shape) != 1:
                raise C.fail(op, f"{arg} must be a vector")
        return out
    return infer


_NAMES = np.array([b"noop_elimination"], object)
_NONE = np.array([], object)

OPTIMIZE = raw_op("OptimizeDataset", _passing(_THREAD_POOL), "vs",
                  infer=_vectors("OptimizeDataset", "optimizations"), reference=_same,
                  samples=lambda: [Sample((_R5, _NAMES), I64_ATTRS, grad=False)],
                  bad_samples=lambda: [BadSample((_R5, np.array(b"x", object)), I64_ATTRS,
                                         InvalidArgumentError,
                                         "optimizations must be a vector")])
OPTIMIZE_V2 = raw_op(
    "OptimizeDatasetV2", _passing(_THREAD_POOL), "vsss",
    infer=_vectors("OptimizeDatasetV2", "optimizations_enabled", "optimizations_disabled",
                   "optimizations_default"),
    reference=_same, samples=lambda: [Sample((_R5, _NAMES, _NONE, _NONE), I64_ATTRS, grad=False)],
    bad_samples=lambda: [BadSample((_R5, _NAMES, np.array([[b"x"]], object), _NONE), I64_ATTRS,
                           InvalidArgumentError, "optimizations_disabled must be a vector")])


def _finalize(op: str, input_dataset: Any, *, has_captured_ref: bool = False,
              **_: Any) -> tuple:
    ds = dataset_of(op, input_dataset)
    if has_captured_ref:  # (no rewrite of a graph capturing a reference variable)
        return ds, _text("ModelDataset")
    if ds.options().autotune.enabled is False:
        return ds, _THREAD_POOL
    return ds, _text("PrefetchDataset")


FINALIZE = raw_op("FinalizeDataset", _finalize, "v", reference=_same,
                  samples=lambda: [Sample((_R5,), I64_ATTRS, grad=False),
                           Sample((_R5,), dict(I64_ATTRS, has_captured_ref=True),
                                  grad=False)])


# -- WrapDatasetVariant, UnwrapDatasetVariant ----------------------------------------------

class WrappedDataset:
    """WrapDatasetVariant's value: a dataset variant wrapped (to cross a function's
    boundary in TF's runtime), no dataset itself."""

    variant_text = "<tensorflow::WrappedDatasetVariantWrapper::DebugString>"

    def __init__(self, variant: DatasetVariant) -> None:
        self.variant = variant

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WrappedDataset) and self.variant == other.variant

    __hash__ = None  # type: ignore[assignment]


def _wrap(xp: Any, input_handle: Any) -> np.ndarray:
    held = input_handle[()] if input_handle.dtype == object else None
    if not isinstance(held, DatasetVariant):
        raise C.fail("WrapDatasetVariant", "Tensor must be a Dataset object.")
    return object_scalar(WrappedDataset(held))


def _unwrap(xp: Any, input_handle: Any) -> np.ndarray:
    held = input_handle[()] if input_handle.dtype == object else None
    if not isinstance(held, WrappedDataset):
        raise C.fail("UnwrapDatasetVariant", "Tensor must be a WrappedDataset variant object.")
    return object_scalar(held.variant)


def _variant_op(name: str, kernel: Any, **kw: Any) -> OpDef:
    return register(OpDef(name, signature_infer(name, "v", (), (dt.variant,)), kernel,
                          gpu=False, tf=TFForm(load=tf_attrs_load(name), takes_handles=True),
                          **kw))


_WRAPPED = object_scalar(WrappedDataset(_R5[()]))
WRAP = _variant_op("WrapDatasetVariant", _wrap,
                   reference=lambda v: object_scalar(WrappedDataset(v[()])),
                   samples=lambda: [Sample((_R5,), grad=False)],
                   bad_samples=lambda: [BadSample((_WRAPPED,), {}, InvalidArgumentError,
                                          "Tensor must be a Dataset object.")])
UNWRAP = _variant_op("UnwrapDatasetVariant", _unwrap, reference=lambda w: w[()].variant,
                     samples=lambda: [Sample((_WRAPPED,), grad=False)],
                     bad_samples=lambda: [BadSample((_R5,), {}, InvalidArgumentError,
                                            "Tensor must be a WrappedDataset variant object.")])


# -- OptionsDataset, GetOptions ---------------------------------------------------------------

def _options(op: str, input_dataset: Any, *, serialized_options: Any = b"", **_: Any) -> tuple:
    if not isinstance(serialized_options, (str, bytes)):
        raise TypeError(f"Expected string for argument 'serialized_options' not "
                        f"{serialized_options!r}.")
    data = serialized_options.encode() if isinstance(serialized_options, str) else \
        serialized_options
    msg = options_proto.parse(data)
    if msg is None:
        raise C.fail(op, "Could not parse serialized_options as valid Options.")
    ds = dataset_of(op, input_dataset).with_options(options_proto.from_proto(msg))
    ds._tf_options = msg  # (GetOptions gives TF's bytes, fields eagerflow lacks included)
    return ds, _text(op)


def _get_options(xp: Any, input_dataset: Any) -> np.ndarray:
    msg = options_proto.pipeline_proto(dataset_of("GetOptions", input_dataset))
    return np.array(msg.SerializeToString(), object)


_THREADS = b"\x08\x00*\x02\x10\x03"  # (deterministic False, private_threadpool_size 3)
OPTIONS = raw_op("OptionsDataset", _options, "v", reference=_same,
                 samples=lambda: [Sample((_R5,), dict(I64_ATTRS, serialized_options=_THREADS),
                                 grad=False)],
                 bad_samples=lambda: [BadSample(
                     (_R5,), dict(I64_ATTRS, serialized_options=b"\xff\xff"),
                     InvalidArgumentError, "Could not parse serialized_options as valid "
                                           "Options.")])
# (TF's GetOptions of the samples: a range's options are none)
_RECORDED = {"<RangeDatasetOp(0, 5, 1)::Dataset>": b"", "<OptionsDatasetOp::Dataset>": _THREADS}
GET_OPTIONS = register(OpDef(
    "GetOptions", signature_infer("GetOptions", "v", (), (dt.string,)), _get_options,
    gpu=False, tf=TFForm(load=tf_attrs_load("GetOptions"), takes_handles=True),
    reference=lambda v: np.array(_RECORDED[v[()].variant_text], object),
    samples=lambda: [Sample((_R5,), grad=False),
                     Sample((OPTIONS.kernel(np, _R5, serialized_options=_THREADS),),
                            grad=False)],
    bad_samples=lambda: [BadSample((_WRAPPED,), {}, InvalidArgumentError,
                           "Tensor must be a Dataset object.")]))
