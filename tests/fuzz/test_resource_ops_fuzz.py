"""Fuzz of the ops whose inputs include resource handles (TF's training ops and the variable
ops of ops/resource_ops.py: assignments, ResourceCountUpTo, VariableShape, ...), which the
generic op fuzz cannot feed: it builds inputs from arrays, these need live variables. Each
call gets variables of drawn shapes and dtypes and tensors that fit them or not; under
fuzzlib's guards it must either update every variable in place of its own shape and
dtype, or raise one of TF's error classes on purpose, naming the op, and leave every
variable as it was."""

from __future__ import annotations

import numpy as np
from fuzzlib import check, examples, fuzz_settings, guarded
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops.training_ops import SPECS

DTYPES = (np.float32, np.float64, np.float16, np.int32)
SHAPES = st.lists(st.integers(0, 3), min_size=0, max_size=3).map(tuple)


@st.composite
def _call(draw: st.DrawFn, name: str) -> tuple:
    spec = SPECS[name]
    shape = draw(SHAPES)
    dtype = draw(st.sampled_from(DTYPES))

    def value(scalar: bool) -> np.ndarray:
        # mostly a fitting value (a scalar where TF wants one), else any shape or dtype
        s = draw(st.sampled_from([() if scalar else shape, shape, ()]) | SHAPES)
        d = draw(st.sampled_from([dtype, dtype, dtype, np.float64, np.int32]))
        return np.asarray(draw(st.floats(-4, 4, width=16)) + np.arange(
            int(np.prod(s)), dtype=np.float64).reshape(s) % 3, d)

    scalars = {c[1] for c in spec.checks if c[0] == "scalar"}
    variables = {r: value(False) for r in spec.resources}
    tensors = {t: value(t in scalars) for t in spec.tensors}
    flags = {f: draw(st.booleans()) for f in spec.flags}
    return variables, tensors, flags


def _run(name: str, variables: dict, tensors: dict, flags: dict) -> None:
    made = {k: tf.Variable(v) for k, v in variables.items()}
    before = {k: v.numpy().copy() for k, v in made.items()}
    fn = getattr(tf.raw_ops, name)
    kwargs = {**{k: v.handle for k, v in made.items()}, **tensors, **flags}
    outcome, _ = guarded(name, (name,), fn, **kwargs)
    for k, v in made.items():
        after = v.numpy()
        assert after.shape == before[k].shape and after.dtype == before[k].dtype, (k, outcome)
        if outcome != "ok":  # a refused call changes nothing
            np.testing.assert_array_equal(after, before[k], err_msg=f"{name} {outcome} {k}")


def test_training_ops_refuse_or_update_whatever_their_inputs():
    @fuzz_settings(examples(8 * len(SPECS)))
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(sorted(SPECS)))
        check(_run, name, *data.draw(_call(name)))

    run()


def test_variable_ops_refuse_or_act_whatever_their_inputs():
    @fuzz_settings(examples(60))
    @given(shape=SHAPES, dtype=st.sampled_from(DTYPES), other=SHAPES,
           other_dtype=st.sampled_from(DTYPES),
           op=st.sampled_from(["AssignVariableOp", "AssignAddVariableOp",
                               "AssignSubVariableOp"]))
    def run(shape, dtype, other, other_dtype, op) -> None:
        v = tf.Variable(np.ones(shape, dtype))
        before = v.numpy().copy()
        value = np.full(other, 2, other_dtype)
        outcome, _ = guarded(op, (op,), getattr(tf.raw_ops, op), resource=v.handle,
                             value=value)
        if outcome != "ok":
            np.testing.assert_array_equal(v.numpy(), before)
            assert v.numpy().dtype == before.dtype
        for read in ("VarIsInitializedOp", "ReadVariableOp"):
            kw = {"dtype": tf.as_dtype(dtype)} if read == "ReadVariableOp" else {}
            guarded(read, (read,), getattr(tf.raw_ops, read), resource=v.handle, **kw)
        for T in (tf.int32, tf.as_dtype(other_dtype)):
            guarded("ResourceCountUpTo", ("ResourceCountUpTo",), tf.raw_ops.ResourceCountUpTo,
                    resource=v.handle, limit=len(other), T=T)
        guarded("VariableShape", ("VariableShape",), tf.raw_ops.VariableShape, input=v.handle)
        guarded("DisableCopyOnRead", ("DisableCopyOnRead",), tf.raw_ops.DisableCopyOnRead,
                resource=v.handle)
        guarded("DestroyResourceOp", ("DestroyResourceOp",), tf.raw_ops.DestroyResourceOp,
                resource=v.handle, ignore_lookup_error=False)
        guarded("VarHandleOp", ("VarHandleOp",), tf.raw_ops.VarHandleOp,
                dtype=tf.as_dtype(other_dtype), shape=list(other), shared_name="")

    run()
