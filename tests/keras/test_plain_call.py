"""A built layer's plain eager call (one tensor, `training` and `mask=None` at most) takes
Layer's short path (base_layer._plain_call): it must do what the full call does. Each
case runs twice, on a layer held to the full call and on one planned, and compares what
`call` was handed, what it returned and the state after."""

import copy
import itertools

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.keras.engine.base_layer import Layer

L = tf.keras.layers


def _recorder(signature: str) -> type:
    """A layer class whose `call` (of `signature`) records the keywords it is handed."""
    namespace: dict = {}
    exec(f"def call(self, {signature}):\n"  # noqa: S102 - the signatures are the test's own
         "    self.seen.append({k: v for k, v in locals().items() if k not in "
         "('self', 'x')})\n"
         "    return x * 2.0\n", namespace)
    cls = type("Recorder", (L.Layer,), {"call": namespace["call"]})
    return cls


SIGNATURES = ("x", "x, training=None", "x, training=False", "x, mask=None",
              "x, training=None, mask=None", "x, **kwargs")
KEYWORDS = ({}, {"training": True}, {"training": False}, {"training": None}, {"mask": None},
            {"training": True, "mask": None})


def _outer_call(layer: Layer, x: object, kwargs: dict, outer: object) -> object:
    """`layer(x, **kwargs)`, at the top or inside an outer layer's call of training
    `outer` (the call context's training)."""
    if outer == "top":
        return layer(x, **kwargs)

    class Outer(L.Layer):
        def call(self, y, training=None):
            return layer(y, **kwargs)

    return Outer()(x, training=outer)


def _run(signature: str, kwargs: dict, outer: object, plain: bool) -> list:
    layer = _recorder(signature)()
    layer.seen = []
    x = tf.constant([[1.0, 2.0]])
    layer(x)  # (built)
    layer(x)  # (planned where allowed)
    if not plain:
        object.__setattr__(layer, "_call_plan", False)  # (held to the full call)
    layer.seen.clear()
    plan, full_calls, full_call = layer._call_plan, [], layer._full_call
    object.__setattr__(layer, "_full_call", lambda *a: full_calls.append(1) or full_call(*a))
    try:
        out = _outer_call(layer, x, dict(kwargs), outer).numpy().tolist()
    except TypeError as e:  # (a keyword `call` does not take, refused as by the full call)
        out = str(e)
    return [layer.seen, out] if not plain else [layer.seen, out, plan, bool(full_calls)]


@pytest.mark.parametrize("signature", SIGNATURES)
def test_plain_calls_are_the_full_calls(signature):
    for kwargs, outer in itertools.product(KEYWORDS, ("top", True, False)):
        full, plain = _run(signature, kwargs, outer, False), _run(signature, kwargs, outer,
                                                                 True)
        assert full == plain[:2], (kwargs, outer)
        # (the short path taken, bar a `mask` keyword to a `call` that takes none)
        takes_mask = "mask" in signature or "**" in signature
        assert type(plain[2]).__name__ == "CallPlan"
        assert plain[3] == ("mask" in kwargs and not takes_mask), (kwargs, outer)


def test_what_the_plain_call_reads_anew_each_call():
    x = tf.constant(np.ones((2, 3), "float32"))
    dense = L.Dense(2)
    dense(x)
    dense(x)
    assert type(dense._call_plan).__name__ == "CallPlan"
    # the input spec: a wrong shape is refused as by the full call
    with pytest.raises(ValueError, match="expected axis -1 of input shape to have value 3"):
        dense(tf.ones((2, 4)))
    # a new policy: the inputs cast to its compute dtype, the plan made anew
    dense.dtype_policy = "mixed_float16"
    assert dense(x).dtype == tf.float16  # (and its kernel read in float16)
    assert dense._call_plan.policy is dense.dtype_policy
    # an activity regularizer set after: its loss added (the full call)
    act = L.Activation("relu")
    act(x)
    act.activity_regularizer = tf.keras.regularizers.L2(0.5)
    act(x)
    assert [float(v) for v in act.losses] == [1.5]
    # a mask carried by the input: passed on by a layer supporting masks
    masked = tf.constant(np.ones((2, 3), "float32"))
    masked._keras_mask = tf.constant([True, False])
    assert act(masked)._keras_mask.numpy().tolist() == [True, False]
    # a class whose `call` changes: the new call's signature read (its training handed in)
    rec = _recorder("x")()
    rec.seen = []
    rec(x)
    rec(x)
    rec.seen.clear()
    type(rec).call = _recorder("x, training=None").call
    rec(x, training=True)
    assert rec.seen == [{"training": True}]
    # a failure in `call`: worded with the call's arguments as by the full call
    class Fails(L.Layer):
        def call(self, y):
            if y.shape[0] == 3:
                raise ValueError("three")
            return y

    fails = Fails(name="fails")
    fails(x)
    with pytest.raises(ValueError, match="Exception encountered when calling Fails.call"):
        fails(tf.ones((3, 3)))


def test_a_copied_layer_plans_its_own_calls():
    dense = L.Dense(2)
    dense(tf.ones((1, 3)))
    dense(tf.ones((1, 3)))
    twin = copy.deepcopy(dense)
    assert twin._call_plan is None
    np.testing.assert_allclose(twin(tf.ones((1, 3))).numpy(), dense(tf.ones((1, 3))).numpy())
    assert type(twin._call_plan).__name__ == "CallPlan"
