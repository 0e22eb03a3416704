"""Fuzz the public functions through their public names: tf.*, tf.math.*, tf.linalg.*,
tf.random.*, tf.nn.*, tf.image, tf.bitwise, tf.signal, tf.strings, tf.sparse, tf.ragged,
tf.sets, tf.quantization, tf.audio, tf.dtypes, tf.debugging and tf.experimental.numpy.

Arguments are generated from the signature: every required parameter and a third of
the optional ones get a value biased by the parameter's name (axes for `axis`, int
lists for `shape`, dtypes for `dtype`, ...) or anything at all (tensors of every dtype
with NaN/inf and extremes, ragged Python data, None, strings, huge ints, objects).

Rules (fuzzlib): only tf.errors.*, TypeError and ValueError escape; an OpError names
its op; a ValueError comes from eagerflow, not from inside NumPy; no hang, no
allocation past the cap. Whatever a call returns must be well-formed: every tensor in
it has an array of the dtype and shape it claims.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

import api_record
import numpy as np
import pytest
from fuzzlib import (
    FuzzFailure,
    any_value,
    check,
    examples,
    fuzz_settings,
    guarded,
    numpy_type_error,
    numpy_type_failure,
    python_data,
    tensors,
)
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import EagerTensor

NAMESPACES = ["", "math", "linalg", "random", "nn", "image", "bitwise", "signal", "strings",
              "sparse", "ragged", "sets", "quantization", "audio", "dtypes", "debugging",
              "experimental.numpy"]

# Not ops over values: decorators and scopes that take callables or change global
# behaviour, printing, setters whose junk would leak into later tests, graph-only APIs.
EXCLUDE = {
    "function", "py_function", "numpy_function", "custom_gradient", "recompute_grad",
    "print", "device", "name_scope", "init_scope", "control_dependencies", "autograph",
    "executing_eagerly", "get_logger", "no_gradient", "register_tensor_conversion_function",
    "random.set_global_generator", "random.get_global_generator", "vectorized_map",
    "map_fn", "while_loop", "cond", "case", "switch_case", "scan", "foldl", "foldr",
    "gradients",  # graph-only: eagerly always TF's RuntimeError (use GradientTape)
    "hessians",  # graph-only, as gradients
    "parallel_stack",  # graph-only: eagerly always TF's RuntimeError
    # loaders of shared libraries: a path that doesn't exist is TF's FileNotFoundError, and
    # a fuzzed name may be one the system's loader finds (tests/core/test_api_gaps.py)
    "load_library", "load_op_library",
    # tnp's switch of NumPy behaviour for every later tensor of the process (TF has no undo)
    "experimental_enable_numpy_behavior",
}


def _targets() -> list:
    seen, out = set(), []
    for ns in NAMESPACES:
        try:
            mod = tf
            for part in ns.split(".") if ns else ():
                mod = getattr(mod, part)
        except AttributeError:
            continue
        for name in sorted(dir(mod)):
            if name.startswith("_"):
                continue
            try:
                obj = getattr(mod, name)
            except AttributeError:
                continue
            qual = f"{ns}.{name}" if ns else name
            if (inspect.isclass(obj) or inspect.ismodule(obj) or not callable(obj)
                    or name in EXCLUDE or qual in EXCLUDE or id(obj) in seen):
                continue
            try:
                inspect.signature(obj)
            except (TypeError, ValueError):
                continue
            seen.add(id(obj))
            out.append((qual, obj))
    return out


TARGETS = _targets()


# (a target's signature read once, not at each of its calls; the strategies drawn from
# built once: building one costs hypothesis more than a draw from it)
_PARAMS: dict = {}


def _params(fn: Any) -> tuple:
    if id(fn) not in _PARAMS:  # (the targets live as long as TARGETS)
        _PARAMS[id(fn)] = tuple(inspect.signature(fn).parameters.values())
    return _PARAMS[id(fn)]


@functools.cache
def _more_values(name: str) -> st.SearchStrategy:
    return st.lists(any_value(name), max_size=3)


@st.composite
def call_args(draw: Any, fn: Any) -> tuple:
    args, kwargs = [], {}
    for p in _params(fn):
        if p.kind is p.VAR_KEYWORD:
            continue
        if p.kind is p.VAR_POSITIONAL:
            args += draw(_more_values(p.name))
            continue
        required = p.default is p.empty
        if not required and not draw(st.integers(0, 2)) == 0:
            continue
        v = draw(any_value(p.name))
        if required and p.kind is not p.KEYWORD_ONLY and not kwargs:
            args.append(v)
        else:
            kwargs[p.name] = v
    return args, kwargs


def _flat(x: Any) -> list:
    if isinstance(x, (list, tuple)):
        return [t for v in x for t in _flat(v)]
    if isinstance(x, dict):
        return [t for v in x.values() for t in _flat(v)]
    return [x]


def check_well_formed(label: str, value: Any) -> None:
    for t in _flat(value):
        if not isinstance(t, EagerTensor):
            continue
        arr = t._arr
        if tuple(arr.shape) != tuple(t._shape):
            raise FuzzFailure("malformed", label, f"tensor shape {t._shape} over an array of "
                                                  f"shape {arr.shape}")
        want = object if t._dtype is dt.string else t._dtype.as_numpy_dtype
        if arr.dtype != want:
            raise FuzzFailure("malformed", label, f"{t._dtype.name} tensor over a {arr.dtype} "
                                                  "array")


def check_api_call(qual: str, fn: Any, args: list, kwargs: dict) -> str:
    short = qual.rsplit(".", 1)[-1]
    # an OpError names the op or the function, or (as TF's Python-side checks do) the
    # argument at fault: "`dim` must be in the range [-4, 4) ..."
    params = tuple(f"`{p.name}`" for p in _params(fn))
    # a failed tf.debugging assertion (or tf.Assert: "Expected 'cond' to be true.") is the
    # call doing its job, in TF's words
    failed = ("did not hold", "to be true.") if short.lower().startswith("assert") else ()
    recorded = api_record.encode_call(args, kwargs)  # (before the call: it may change them)
    try:
        outcome, value = guarded(qual, (short, fn.__name__) + params + failed, fn, *args,
                                 contract=False, **kwargs)
    finally:
        if short == "set_seed":
            tf.random.set_seed(None)
    if recorded is not None:
        api_record.write(qual, recorded, outcome, value)
    if outcome == "ok":
        check_well_formed(qual, value)
    elif numpy_type_error(value):  # (a public call's NumPy TypeError: TF's has its own error)
        raise numpy_type_failure(value, qual)
    elif isinstance(value, ValueError) and not _from_eagerflow(value) and \
            not str(value).startswith(TF_NUMPY_ERRORS.get(short, ())):
        raise FuzzFailure("raw-error", qual, f"ValueError from outside eagerflow: {value}"[:300])
    return outcome


# calls whose NumPy ValueError TF 2.21's Python lets out too: pad's np.ndim of a ragged
# constant_values, convolution's of ragged dilations, np.finfo of bfloat16 (ml_dtypes'
# type: no NumPy float) for the default tolerance of pinv, matrix_rank and assert_near
_NO_FINFO = ("data type <class 'ml_dtypes.bfloat16'> not inexact",)
_RAGGED = ("setting an array element with a sequence",)
# (and norm's, normalize's of a ragged ord: TF's np.isinf(ord) of its vector-norm check)
# (and tnp.finfo and tnp.issubdtype, which are NumPy's own over np.dtype: of a tensor,
# NumPy's reading its `.dtype`; finfo of no float dtype)
_NP_DTYPE = ("Could not convert <tf.Tensor",)
# (and atrous_conv2d's np.broadcast_to(rate, (2,)) of a rate of no one or two values)
_BROADCAST = ("operands could not be broadcast together", "input operand has more dimensions")
TF_NUMPY_ERRORS = {"pad": _RAGGED, "convolution": _RAGGED, "norm": _RAGGED,
                   "atrous_conv2d": _RAGGED + _BROADCAST,
                   "normalize": _RAGGED, "pinv": _NO_FINFO,
                   "matrix_rank": _NO_FINFO, "assert_near": _NO_FINFO,
                   "finfo": _NP_DTYPE + ("data type <class ",), "issubdtype": _NP_DTYPE}


def _from_eagerflow(exc: BaseException) -> bool:
    from fuzzlib import _EAGERFLOW_DIR, _innermost

    tb = exc.__traceback__
    return tb is not None and _innermost(tb).tb_frame.f_code.co_filename.startswith(
        _EAGERFLOW_DIR)


@pytest.mark.parametrize("target", TARGETS, ids=[q for q, _ in TARGETS])
def test_api_fuzz(target):
    qual, fn = target

    @fuzz_settings(examples(12, 600))
    @given(case=call_args(fn))
    def run(case):
        check(check_api_call, qual, fn, *case)

    run()


def test_walk_covers_the_namespaces():
    names = {q for q, _ in TARGETS}
    for want in ("reshape", "reduce_sum", "matmul", "random.uniform", "math.log1p"):
        assert want in names
    assert len(TARGETS) > 100


# Values that are valid arguments for most numeric functions, to reach past conversion.
numeric_tensors = st.one_of(tensors(dtype=dt.float32), tensors(dtype=dt.int32),
                            tensors(dtype=dt.float64), python_data)


@pytest.mark.parametrize("target", [t for t in TARGETS if t[0].startswith(("math.", "linalg."))],
                         ids=[q for q, _ in TARGETS if q.startswith(("math.", "linalg."))])
def test_api_fuzz_numeric(target):
    # all-tensor calls: the required arguments are numeric tensors of one dtype
    qual, fn = target
    params = [p for p in inspect.signature(fn).parameters.values()
              if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]

    @fuzz_settings(examples(4, 200))
    @given(dtype=st.sampled_from([dt.float32, dt.float64, dt.int32, dt.float16, dt.complex64,
                                  dt.bool]),
           shapes=st.lists(st.lists(st.integers(0, 3), max_size=3).map(tuple),
                           min_size=len(params), max_size=len(params)),
           seed=st.integers(0, 2**31))
    def run(dtype, shapes, seed):
        from fuzzlib import make_array

        args = [EagerTensor(make_array(s, dtype, seed + i, 0.2)) for i, s in enumerate(shapes)]
        check(check_api_call, qual, fn, args, {})

    run()


def test_numeric_value_sanity():
    # guards against a harness that accepts everything: a plain call must be "ok"
    assert check_api_call("add", tf.add, [np.float32(1), np.float32(2)], {}) == "ok"
