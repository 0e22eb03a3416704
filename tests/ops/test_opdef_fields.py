"""What an OpDef declares for the other layers is true of its kernel (ops/registry.py):
the ufunc and NumPy kernel, the Python operator, elementwise-ness, units, involutions;
OpDefs are frozen; samples are built when a test asks, not at `import eagerflow`; and
the modules that read these fields keep no table of op names."""

import ast
import dataclasses
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow  # noqa: F401  (registers the ops)
from eagerflow._src.ops import math as M
from eagerflow._src.ops.registry import REGISTRY, LazySamples, all_ops

OPS = all_ops()


def _samples(pred) -> list:
    return [(op, i, s) for op in OPS if pred(op) for i, s in enumerate(op.samples)]


def _same(a, b) -> None:
    a, b = np.asarray(a), np.asarray(b)
    assert a.dtype == b.dtype and a.shape == b.shape
    np.testing.assert_array_equal(a, b)


def _ids(case) -> str:
    return f"{case[0].name}-{case[1]}" if isinstance(case, tuple) else str(case)


def test_opdefs_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        M.ADD.ufunc = None


@pytest.mark.parametrize("case", _samples(lambda op: op.np_kernel is not None), ids=_ids)
def test_np_kernel_is_the_kernel_over_numpy(case):
    op, _, s = case
    if s.attrs:
        pytest.skip("np_kernel is for calls without attrs")
    with np.errstate(all="ignore"):
        _same(op.np_kernel(*s.inputs), op.kernel(np, *s.inputs))


def _arity(op) -> int:
    return len(op.samples[0].inputs) if op.samples else 0


LIKE = [op for op in OPS if op.like_inputs]


def test_like_inputs_are_declared_by_the_elementwise_factories():
    names = {op.name for op in LIKE}
    assert {"AddV2", "Mul", "Sub", "Exp", "Neg"} <= names
    assert not {"Less", "Equal", "IsNan", "MatMul"} & names  # (a bool result, or not elementwise)


@pytest.mark.parametrize("op", LIKE, ids=lambda op: op.name)
def test_like_inputs_is_what_infer_answers(op):
    """dispatch's fast paths skip `infer` for these dtypes: infer must answer (shape,
    dtype) of the inputs for one dtype and one shape (and a scalar beside a tensor)."""
    from types import SimpleNamespace as T

    from eagerflow._src.core import dtypes as dt

    n = _arity(op)
    assert n in (1, 2), op.name
    like = [d for d in dt._ALL if id(d) in op.like_inputs]
    assert len(like) == len(op.like_inputs)  # (ids of DType singletons only)
    for d in like:
        for shape in ((2, 3), (), (0, 4)):
            x = T(_shape=shape, _dtype=d)
            if n == 1:
                assert op.infer(x) == [(shape, d)], (op.name, d, shape)
            else:
                assert op.infer(x, T(_shape=shape, _dtype=d)) == [(shape, d)], (op.name, d)
                assert op.infer(x, T(_shape=(), _dtype=d)) == [(shape, d)], (op.name, d)


def test_ufuncs_are_numpy_ufuncs():
    for op in OPS:
        if op.ufunc is not None:
            assert isinstance(op.ufunc, np.ufunc), op.name
            assert op.np_kernel is op.ufunc, op.name


@pytest.mark.parametrize("case", _samples(lambda op: op.operator is not None), ids=_ids)
def test_python_operator_means_the_ufunc_on_scalars(case):
    op, _, s = case
    scalars = [np.asarray(x).reshape(-1)[0] for x in s.inputs]
    if len(scalars) == 1:
        got = eval(f"{op.operator}a", {"a": scalars[0]})  # noqa: S307 - our own operator
    else:
        got = eval(f"a {op.operator} b", {"a": scalars[0], "b": scalars[1]})  # noqa: S307
    _same(got, op.ufunc(*scalars))


@pytest.mark.parametrize("case", _samples(lambda op: op.units != (None, None)), ids=_ids)
def test_units_leave_the_other_operand_unchanged(case):
    op, _, s = case
    x = np.asarray(s.inputs[0])
    left, right = op.units
    if right is not None:
        _same(op.kernel(np, x, np.asarray(right, x.dtype)), x)
    if left is not None:
        _same(op.kernel(np, np.asarray(left, x.dtype), x), x)


@pytest.mark.parametrize("case", _samples(lambda op: op.involution), ids=_ids)
def test_involutions_undo_themselves(case):
    op, _, s = case
    _same(op.kernel(np, op.kernel(np, *s.inputs, **s.attrs), **s.attrs), s.inputs[0])


# TF's float32 kernels of these take Eigen's packets (its own exp, log) over whole packets
# of 8 values and the C library's expf, logf on the rest, a tensor of fewer than 8 values
# all of it (special_bessel.py; measured: 7 values at a time and 700 at once give TF
# results that differ on 74-220 of 700 values), so TF's own results depend on the size
SIZE_DEPENDENT_FLOAT32 = frozenset(("BesselI0", "BesselI1", "BesselK0", "BesselK0e",
                                    "BesselK1", "BesselK1e", "BesselY0", "BesselY1",
                                    "BesselJ0", "BesselJ1"))


@pytest.mark.parametrize("case", _samples(lambda op: op.elementwise), ids=_ids)
def test_elementwise_ops_commute_with_batching(case):
    # what tf.data's map+batch fusion relies on: the op on a batch is the batch of results
    op, _, s = case
    shapes = {np.shape(x) for x in s.inputs}
    if len(shapes) != 1:
        pytest.skip("inputs broadcast against each other")
    if op.name in SIZE_DEPENDENT_FLOAT32 and s.inputs[0].dtype == np.float32:
        pytest.skip("TF's float32 kernel depends on the tensor's size")
    with np.errstate(all="ignore"):
        one = op.kernel(np, *s.inputs, **s.attrs)
        batch = op.kernel(np, *[np.stack([x, x]) for x in s.inputs], **s.attrs)
    _same(batch, np.stack([one, one]))


def test_int_errors_only_on_elementwise_ops():
    assert all(op.elementwise for op in OPS if op.int_errors)


def test_samples_are_built_when_asked_not_at_import():
    code = ("import eagerflow\n"
            "from eagerflow._src.ops import registry\n"
            "print(len(registry._PENDING), "
            "sum(lazy._build is None for lazy in registry._PENDING))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert int(out[0]) > 300 and out[1] == "0"  # hundreds pending, none built


def test_every_op_builds_its_samples_when_asked():
    built_at_import = [f"{op.name}.{field}" for op in OPS for field in ("samples", "bad_samples")
                       if not isinstance(getattr(op, field), LazySamples)
                       and getattr(op, field) != ()]
    assert not built_at_import, ("samples built when the op module is imported (give the OpDef "
                                 f"a function returning the list): {built_at_import}")


# The modules that read OpDef fields instead of keeping tables of op names.
_READERS = ["graph/codegen.py", "graph/passes/simplify.py", "graph/passes/fold.py",
            "graph/passes/cse.py", "graph/passes/inline.py", "ops/dynshape.py",
            "data/functions.py"]


@pytest.mark.parametrize("rel", _READERS)
def test_field_readers_name_no_op(rel):
    src = Path(eagerflow.__file__).parent / "_src" / rel
    names = {node.value for node in ast.walk(ast.parse(src.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    assert not names & set(REGISTRY) | names & {"Placeholder", "Const", "ReadVariableOp"}, \
        f"{rel} names ops {sorted(names & set(REGISTRY))}: declare the fact in the OpDef"
