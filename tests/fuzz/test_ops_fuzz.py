"""Fuzz every registered op through `bind`, starting from its own samples.

Each example takes one of the op's samples (which teach the arity, dtypes and the
attrs) and applies up to three mutations: another dtype, another shape (zero-size,
scalar, extra or missing dims, broadcast-incompatible), edge values (NaN, inf,
dtype extremes, zeros), another attr value of the same kind (out-of-range axes and
indices, negative and huge sizes whose element count overflows int64 or exceeds the
memory cap, other dtypes), an attr of the wrong Python type, or one input more or
less for variadic ops. The call must obey fuzzlib's rules; a call that succeeds must
agree with the op's own `infer` (shapes and dtypes), and ops that map finite inputs
to finite outputs must do so.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

import numpy as np
import pytest
from fuzzlib import (
    ALL_DTYPES,
    EDGE_INTS,
    HUGE_DIMS,
    FuzzFailure,
    check,
    examples,
    fuzz_settings,
    guarded,
    junk,
    make_array,
    shapes,
)
from hypothesis import given
from hypothesis import strategies as st

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.data import (
    iterator_ops,
    raw_dataset_functions,
    raw_dataset_inspect,
    raw_dataset_lmdb,
    raw_dataset_misc,
    raw_dataset_optimizer,
    raw_dataset_service,
    raw_dataset_snapshot,
    raw_multi_device_iterator,
)
from eagerflow._src.ops import (
    batch_ops,
    boosted_trees_ops,
    checkpoint_ops,
    tensor_array_older,
    unavailable_ops,
)
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import Resource, Table, all_ops
from eagerflow._src.ops.sparse_training_ops import SPECS as SPARSE_TRAINING
from eagerflow._src.ops.variables import Variable
from eagerflow._src.testing import op_harness as H
from tests.optional_samples import without_samples

# (the ops on resource handles are fuzzed here too: a sample's `Resource` input is a live
# variable, whose initial value is mutated as any input is; test_resource_ops_fuzz.py
# fuzzes them through tf.raw_ops as well. A `Table` input, a live lookup table, stays as
# its sample made it: the other inputs and the attrs vary)
SKIP = {**{op: "TF's collective: a varied call of a sample's group and instance keys aborts "
                "the process's collectives, as TF's do (compared with TF 2.21 in "
                "tests/distribute/test_tf_collectives.py)" for op in (
                    "CollectiveReduceV2", "CollectiveReduceV3", "CollectiveGatherV2",
                    "CollectiveBcastSendV2", "CollectiveBcastRecvV2", "CollectiveAllToAllV2",
                    "CollectiveAllToAllV3", "CollectiveReduceScatterV2",
                    "CollectiveAssignGroupV2", "CollectiveInitializeCommunicator",
                    "CollectiveReduce", "CollectiveGather", "CollectiveBcastSend",
                    "CollectiveBcastRecv")},
        "Placeholder": "refuses every call, nothing to vary (tests/ops/test_misc_raw_ops.py)",
        "Const": "refuses every eager call; its value is a TensorProto "
                 "(tests/ops/test_misc_raw_ops.py)",
        **{op: "a rendezvous, a file or a file system's options: no sample to vary "
               "(tests/ops/test_misc_raw_ops.py)"
           for op in ("Send", "Recv", "ImmutableConst", "FileSystemSetConfiguration")},
        "RecordInput": "reads files a sample can't hold (tests/ops/test_record_input.py: TF's "
                       "answers, its checks, and what would wait forever refused)",
        **{op: "calls a Python function, its attr, which no sample holds: "
               "tests/ops/test_script_ops.py and test_raw_py_func.py"
           for op in ("PyFunc", "PyFuncStateless", "EagerPyFunc")},
        "CheckPinned": "refused whatever its input (TF 2.21 without CUDA): no sample to vary; "
                       "its bad samples are checked in the registry suite",
        "GenerateBoundingBoxProposals": "refused whatever its input (TF 2.21 has no CPU "
                                        "kernel, eagerflow none): no sample to vary",
        **{op: "GPU-only as in TF 2.21 (refused on CPU:0): no sample the registry runs; "
               "tests/backend/test_csr_on_device.py varies it on the stand-in GPU"
           for op in ("SparseMatrixZeros", "SparseMatrixAdd", "SparseMatrixMul",
                      "SparseMatrixSoftmax", "SparseMatrixSoftmaxGrad")},
        "CreateSummaryDbWriter": "refused whatever its input (eagerflow writes no SQLite "
                                 "summaries): its bad samples are checked in the registry suite",
        "AudioSummary": "refused whatever its input (TF 2.21 removed it in GraphDef version 15): "
                        "its bad samples are checked in the registry suite",
        "CloseSummaryWriter": "deletes the writer a sample names, which a second call finds "
                              "gone: tests/summary/test_writer_ops.py",
        **{op: "a TensorArray V2 op, refused whatever its input (removed from TF's "
               "GraphDefs): no sample to vary"
           for op in tensor_array_older.OLDER if op != "TensorArrayCloseV2"},
        **{op: "takes a mutex or its lock, no value to vary (a fuzzed lock would wait): "
               "tests/saved_model/test_raw_functional.py" for op in ("MutexLock",
                                                                     "ConsumeMutexLock")},
        "Abort": "ends the process when it runs: tests/ops/test_abort.py runs it in another",
        **{op: "refused whatever its input outside a TF 1 Session's run (null session "
               "state): tests/v1/test_session_handles.py"
           for op in ("GetSessionHandle", "GetSessionHandleV2", "GetSessionTensor",
                      "DeleteSessionTensor")},
        **{op: "acts on an iterator resource made and started first, no value to vary: "
               "tests/data/test_dataset_raw_ops.py" for op in iterator_ops.OPS},
        **{op: "acts on an iterator or summary writer resource made first, no value to vary: "
               "tests/data/test_raw_dataset_inspect.py" for op in raw_dataset_inspect.NO_SAMPLES},
        **{op: "makes, starts, reads or deletes a multi-device iterator resource, no value to "
               "vary: tests/data/test_raw_multi_device_iterator.py"
           for op in raw_multi_device_iterator.OPS},
        **{op: "takes functions (no sample holds them): tests/data/test_raw_dataset_optimizer.py"
           for op in raw_dataset_optimizer.NO_SAMPLES},
        **{op: "reads or writes snapshot files written first: "
               "tests/data/test_raw_dataset_snapshot.py" for op in raw_dataset_snapshot.NO_SAMPLES},
        **{op: "registers with or reads from a tf.data service dispatcher running first: "
               "tests/data/test_raw_dataset_service.py" for op in raw_dataset_service.NO_SAMPLES},
        **{op: "fails whatever its input in TF 2.21 (a seed generator's deleter, "
               "AnonymousRandomSeedGenerator): tests/data/test_raw_dataset_misc.py"
           for op in raw_dataset_misc.NO_SAMPLES},
        **{op: "takes a dataset variant or its GraphDef's bytes, no value to vary: "
               "tests/data/test_dataset_graphs.py"
           for op in ("DatasetToGraph", "DatasetToGraphV2", "DatasetFromGraph")},
        **{op: "refused whatever its input (TF 2.21 has only a GPU kernel for it): no "
               "sample to vary" for op in raw_dataset_functions.REFUSING},
        **{name: "refused whatever its input (TF 2.21 removed it from GraphDefs, or has no "
                 "kernel for it): no sample to vary" for name in unavailable_ops.REFUSING},
        **{name: "refused whatever its input (TF 2.21 has no kernel for it): "
                 "tests/ops/test_boosted_trees_ops.py" for name in boosted_trees_ops.OPS},
        **{name: "refused whatever its input (TF 2.21 has removed LMDB support): "
                 "tests/data/test_lmdb.py" for name in raw_dataset_lmdb.REFUSING}}
OPS = [op for op in sorted(all_ops(), key=lambda o: o.name) if op.name not in SKIP]

# Ops whose outputs are finite whenever their inputs are (TF's are too): shape and
# data movement, selections, bounded functions, random generators. (Not Selu: it scales by
# 1.0507, so the dtype's largest values overflow to inf, in TF too. Nor Erf: TF's float64
# erf is NaN past |x| ~ 1.34e154, where its x * x overflows, and eagerflow's is TF's.)
# ops whose samples' files a mutated call may move away, as TF's op would (MergeV2Checkpoints
# merging its bundle into another prefix): written again after the op's fuzz, so that the
# later suites (the guards below, the registry's) find them
SAMPLE_FILES = {"MergeV2Checkpoints": checkpoint_ops._merge_samples,
                # (and the gradients a mutated UnbatchGrad left waiting under its sample's
                # shared name, which the sample's batch key would then find taken, as TF's)
                "UnbatchGrad": lambda: batch_ops._GRADS.pop(("localhost",
                                                             "sample_unbatch_grad"), None)}

FINITE_OPS = {
    "Identity", "StopGradient", "Reshape", "ReshapeLike", "Transpose", "Tile", "BroadcastTo",
    "BroadcastToShapeOf", "ConcatV2", "Pack", "Unpack", "SplitV", "StridedSlice",
    "StridedSliceGrad", "Fill", "ZerosLike", "OnesLike", "SelectV2", "Shape", "Where", "Max",
    "Min", "Abs", "Neg", "Sign", "Floor", "Ceil", "Round", "Sigmoid", "Tanh", "Sin", "Cos",
    "Atan", "Atan2", "Maximum", "Minimum", "ArgMax", "ArgMin", "ComplexAbs", "Conj",
    "RandomUniform", "RandomStandardNormal", "TruncatedNormal", "RandomUniformInt",
    "RandomShuffle", "Multinomial", "StatelessRandomUniform", "StatelessRandomNormal",
    "StatelessTruncatedNormal", "StatelessRandomUniformInt", "StatelessMultinomial",
    "ExpandReducedDims", "Gather", "GatherV2", "GatherNd", "Reverse", "ReverseV2", "Roll",
    "OneHot", "Pad", "PadV2", "MirrorPad", "Relu", "Relu6", "Elu", "Softsign",
    "MaxPool", "MaxPool3D", "TopKV2", "Sort", "Unique",
}


# Building a strategy (and validating it on its first draw) costs hypothesis more than drawing
# from it: every strategy a case draws from is built once and kept, as are the facts read
# from an op's signature. (A strategy drawn from is the same value whichever object holds
# it: the same choices make the same case.)
_SIGNATURES: dict = {}
_SAMPLES: dict = {}


def _infer_params(op: Any) -> list | None:
    """The parameters of the op's infer (None: it has no signature to read)."""
    if op.name not in _SIGNATURES:
        try:
            _SIGNATURES[op.name] = list(inspect.signature(op.infer).parameters.values())
        except (TypeError, ValueError):
            _SIGNATURES[op.name] = None
    return _SIGNATURES[op.name]


def _variadic(op: Any) -> bool:
    params = _infer_params(op)
    return params is not None and any(p.kind is p.VAR_POSITIONAL for p in params)


def _required_inputs(op: Any) -> int:
    """The inputs an op's infer takes before its variadic ones (never dropped by mutation)."""
    return sum(1 for p in _infer_params(op) if p.kind in (p.POSITIONAL_ONLY,
                                                           p.POSITIONAL_OR_KEYWORD)
               and p.default is p.empty)


def _samples(op: Any) -> st.SearchStrategy:
    if op.name not in _SAMPLES:
        _SAMPLES[op.name] = st.sampled_from(op.samples)
    return _SAMPLES[op.name]


@functools.cache
def _one(options: tuple) -> st.SearchStrategy:
    """sampled_from over `options`, built once per tuple of options (mutation kinds, input
    positions, attr names: never two equal values of different types, as 1 and True)."""
    return st.sampled_from(list(options))


@functools.cache
def _shapes_near(shape: tuple) -> st.SearchStrategy:
    """Another shape for an input of `shape`: any small one, or one dim fewer or more."""
    return st.one_of(shapes,  # (with EAGERFLOW_FUZZ_ODD, dims up to 1000 too)
                     st.just(shape[1:]), st.just((1,) + shape), st.just(shape + (2,)),
                     st.just(()), st.just(tuple(1 for _ in shape)))


_SMALL_OR_EDGE_INTS = st.one_of(st.integers(-6, 6), st.sampled_from(EDGE_INTS + HUGE_DIMS))
_OPTIONAL_INTS = st.one_of(st.integers(-3, 3), st.sampled_from(EDGE_INTS + HUGE_DIMS))
_HUGE = st.sampled_from(HUGE_DIMS)
_ATTR_DTYPES = st.sampled_from(ALL_DTYPES + [dt.resource, dt.variant])
_INPUT_DTYPES = st.sampled_from(ALL_DTYPES)
_SPECIALS = st.sampled_from([0.3, 1.0])


def _is_int(v: Any) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def _mutate_ints(draw: Any, v: Any) -> Any:
    """Replaces ints somewhere inside a nested attr value with edge ints."""
    if _is_int(v):
        return draw(_SMALL_OR_EDGE_INTS)
    if isinstance(v, tuple):
        items = list(v)
        choice = draw(st.integers(0, 4))
        if choice == 0 and items:  # one element
            i = draw(st.integers(0, len(items) - 1))
            items[i] = _mutate_ints(draw, items[i])
        elif choice == 1:  # drop or add an element
            if items and draw(st.booleans()):
                items.pop(draw(st.integers(0, len(items) - 1)))
            elif items:
                items.insert(draw(st.integers(0, len(items))),
                             _mutate_ints(draw, items[draw(st.integers(0, len(items) - 1))]))
            else:
                items.append(draw(st.integers(-2, 3)))
        elif choice == 2:  # everything huge: element counts past int64 and memory
            items = [draw(_HUGE) if _is_int(x) else x for x in items]
        elif choice == 3:  # negatives
            items = [-abs(x) - draw(st.integers(0, 2)) if _is_int(x) else x for x in items]
        else:
            items = [_mutate_ints(draw, x) for x in items]
        return tuple(items)
    return v


def _mutate_attr(draw: Any, v: Any) -> Any:
    if isinstance(v, (bool, np.bool_)):
        return not v
    if isinstance(v, dt.DType):
        return draw(_ATTR_DTYPES)
    if v is None:  # optional ints (fixed_length, num, ...)
        return draw(_OPTIONAL_INTS)
    return _mutate_ints(draw, v)


@st.composite
def op_cases(draw: Any, op: Any) -> tuple:
    sample = draw(_samples(op))
    # (a resource's initial value is varied as any input; it stays a resource)
    resources = [isinstance(a, Resource) for a in sample.inputs]
    inputs = [a if isinstance(a, Table) else np.asarray(a.value if r else a)
              for a, r in zip(sample.inputs, resources)]
    varied = [i for i, a in enumerate(inputs) if not isinstance(a, Table)]
    attrs = dict(sample.attrs)
    contract = True
    seed = draw(st.integers(0, 2**31))
    for m in range(draw(st.integers(0, 3))):
        kinds = ["attr", "attr"] if attrs else []
        if varied:
            kinds += ["dtype", "shape", "values", "values", "zero-size"]
        if _variadic(op) and varied:  # (ops whose only variadic inputs are optional may have none)
            kinds.append("arity")
        if attrs:
            kinds.append("attr-type")
        if not kinds:
            break
        kind = draw(_one(tuple(kinds)))
        if kind in ("dtype", "shape", "values", "zero-size"):
            i = draw(_one(tuple(varied)))
            a = inputs[i]
            d = dt.as_dtype(a.dtype) if a.dtype != object else dt.string
            shape = a.shape
            specials = 0.0
            if kind == "dtype":
                d = draw(_INPUT_DTYPES)
            elif kind == "shape":
                shape = draw(_shapes_near(shape))
            elif kind == "zero-size":
                if shape:
                    k = draw(st.integers(0, len(shape) - 1))
                    shape = shape[:k] + (0,) + shape[k + 1:]
                else:
                    shape = (0,)
            else:
                specials = draw(_SPECIALS)
            inputs[i] = make_array(shape, d, seed + m, specials)
        elif kind == "arity":
            if len(inputs) > max(1, _required_inputs(op)) and draw(st.booleans()):
                k = draw(st.integers(0, len(inputs) - 1))
                inputs.pop(k)
                resources.pop(k)
            else:
                k = draw(_one(tuple(varied)))
                inputs.append(inputs[k].copy())
                resources.append(resources[k])
            varied = [i for i, a in enumerate(inputs) if not isinstance(a, Table)]
        elif kind == "attr":
            key = draw(_one(tuple(sorted(attrs))))
            attrs[key] = _mutate_attr(draw, attrs[key])
        else:
            key = draw(_one(tuple(sorted(attrs))))
            attrs[key] = draw(junk)
            contract = False
    inputs = [Resource(a) if r else a for a, r in zip(inputs, resources)]
    return inputs, attrs, contract


def _tensor(a: np.ndarray) -> EagerTensor:
    # (a quantized dtype's record form, a TensorMap's variant: as the registry suites)
    return H._tensor(a)


def _live(inputs: list) -> tuple:
    """The call's tensors (a `Resource`: a fresh variable's handle; a `Table`: a fresh
    table's), its variables and its tables' handles."""
    variables = [Variable(_tensor(a.value)) for a in inputs if isinstance(a, Resource)]
    it = iter(variables)
    tensors = tuple(next(it).handle if isinstance(a, Resource) else
                    H.live_table(a) if isinstance(a, Table) else _tensor(a) for a in inputs)
    tables = [t for t, a in zip(tensors, inputs) if isinstance(a, Table)]
    return tensors, variables, tables


def _value(a: Any) -> np.ndarray:
    if isinstance(a, Table):
        return np.asarray(a.values)
    return a.value if isinstance(a, Resource) else a


def _finite(a: np.ndarray) -> bool:
    return a.dtype.kind not in "fc" or bool(np.isfinite(a).all())


def _rows_before(op: Any, exc: Any) -> bool:
    """Whether a refusal is a sparse training op's or a ResourceScatter op's index out of
    range, where TF's kernel has updated the rows before it (a ResourceScatterNd op's: the
    other slices; test_sparse_training_ops.py and test_resource_scatter.py check them)."""
    return (op.name in SPARSE_TRAINING or op.name.startswith("ResourceScatter")) and \
        any(words in str(exc) for words in ("in indices is out of range", "is not in [0, ",
                                            "does not index into"))


def _unchanged(after: np.ndarray, before: np.ndarray) -> bool:
    """The same dtype, shape and bytes (a NaN kept is unchanged, in any float dtype:
    bfloat16's kind is 'V', which array_equal's equal_nan does not cover)."""
    if after.dtype != before.dtype or after.shape != before.shape:
        return False
    if after.dtype == object:  # (strings: their bytes are pointers)
        return np.array_equal(after, before)
    return after.tobytes() == before.tobytes()


def check_op_case(op: Any, inputs: list, attrs: dict, contract: bool) -> str:
    label = op.name
    tensors, variables, tables = _live(inputs)
    before = [to_host(v._arr).copy() for v in variables]
    items = [H.table_items(t) for t in tables]
    outcome, value = guarded(label, (op.name,), bind, op, tensors, dict(attrs),
                             contract=contract)
    if outcome != "ok":
        for t, b in zip(tables, items):  # a refused call leaves its tables be
            # (but a static table's initialization refused at a repeated key keeps the
            # keys before it, as TF's: test_table_handles.py compares that with TF)
            if not np.array_equal(H.table_items(t), b) and \
                    "HashTable has different value for same key" not in str(value):
                raise FuzzFailure("state", label, f"a refused call ({outcome}) changed a "
                                                  f"table")
        for v, b in zip(variables, before):  # a refused call leaves its variables be
            if not _unchanged(to_host(v._arr), b) and not _rows_before(op, value):
                raise FuzzFailure("state", label, f"a refused call ({outcome}) changed "
                                                  f"variable {v.name}")
        return outcome
    outs = value if isinstance(value, tuple) else (value,)
    specs = op.infer(*tensors, **attrs)
    if op.num_outputs != -1 and len(specs) != len(outs):
        raise FuzzFailure("infer-mismatch", label, f"infer gives {len(specs)} outputs, the "
                                                   f"kernel {len(outs)}")
    for k, ((shape, dtype), t) in enumerate(zip(specs, outs)):
        if t._dtype is not dtype:
            raise FuzzFailure("infer-mismatch", label, f"output {k}: infer says {dtype.name}, "
                                                       f"the kernel made {t._dtype.name}")
        arr = to_host(t._arr)
        if arr.dtype != (object if dtype is dt.string else dtype.storage_type):
            raise FuzzFailure("infer-mismatch", label, f"output {k}: array dtype {arr.dtype} "
                                                       f"for {dtype.name}")
        if shape is not None and (len(shape) != arr.ndim or any(
                a is not None and a != b for a, b in zip(shape, arr.shape))):
            raise FuzzFailure("infer-mismatch", label, f"output {k}: infer says {shape}, the "
                                                       f"kernel made {arr.shape}")
    # (Max/Min over an empty axis give -inf/+inf, the reduction identity, as TF does)
    if op.name in FINITE_OPS and all(_finite(_value(a)) and _value(a).size for a in inputs):
        for k, t in enumerate(outs):
            if not _finite(to_host(t._arr)):
                raise FuzzFailure("nonfinite", label, f"output {k} is not finite for finite "
                                                      f"inputs")
    return outcome


@pytest.mark.parametrize("op", OPS, ids=[op.name for op in OPS])
def test_op_fuzz(op):
    if op.name in without_samples():
        pytest.skip(f"{op.name}'s samples need an extra not installed here")
    assert op.samples, f"{op.name} has no samples to fuzz from"

    # `make fuzz`: at least 110,000 calls over the registry, whatever its size
    @fuzz_settings(examples(20, max(400, -(-110_000 // len(OPS)))))
    @given(case=op_cases(op))
    def run(case):
        check(check_op_case, op, *case)

    try:
        run()
    finally:
        if op.name in SAMPLE_FILES:
            SAMPLE_FILES[op.name]()


@pytest.mark.parametrize("op", OPS, ids=[op.name for op in OPS])
def test_op_samples_pass_the_guards(op):
    # the unmutated samples are valid calls: they must succeed under the guards
    for sample in op.samples:
        inputs = [a if isinstance(a, (Resource, Table)) else np.asarray(a)
                  for a in sample.inputs]
        with H.sample_device(sample):
            assert check_op_case(op, inputs, dict(sample.attrs), True) == "ok"
