"""TF's batching raw ops, Batch, Unbatch, UnbatchGrad and BatchFunction, for a caller
alone: values, the batch index's form, the rendezvous by batch key, errors, gradients and
tf.function. Shared by record_batch_ops.py (run under TensorFlow 2.21) and
test_batch_ops.py (under eagerflow). Batch's ids are random: shown as "ID" once checked
to be the batch index's key."""

from __future__ import annotations

import re
from typing import Any


def _plain(text: str) -> str:
    return re.sub(r"\{\{function_node __wrapped__\w+_device_[^}]*\}\} ", "", text)


def outcome(fn: Any) -> Any:
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        return {"error": type(e).__name__, "message": _plain(str(e))}
    if isinstance(r, (tuple, list)):
        return [_plain(repr(x)) for x in r]
    return _plain(repr(r)) if r is not None else None


def _batch_shown(out: Any) -> Any:
    """A Batch result: its tensors, its index with the id as "ID"."""
    batched, index, key = out
    rows = index.numpy().tolist()
    same = all(r[0] == int(key.numpy()) for r in rows) if key.shape == () else None
    return {"batched": [repr(t) for t in batched], "index": [["ID"] + r[1:] for r in rows],
            "index dtype": index.dtype.name, "key shape": list(key.shape), "keyed": same}


def batch(tf: Any) -> dict:
    R = tf.raw_ops
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    # (a batcher is made by the first call naming it, and keeps its options)
    base = dict(num_batch_threads=1, max_batch_size=4, batch_timeout_micros=0,
                grad_timeout_micros=1000000, container="batch_cases")
    call = lambda ins, **k: R.Batch(in_tensors=ins, **{**base, **k})  # noqa: E731

    def shown(ins, **k):
        try:
            return _batch_shown(call(ins, **k))
        except Exception as e:  # noqa: BLE001
            return {"error": type(e).__name__, "message": _plain(str(e))}

    out = {"signature": str(__import__("inspect").signature(R.Batch)).replace("()", "[]")}
    out["alone"] = shown([x])
    out["first options kept"] = shown([x], max_batch_size=1, allowed_batch_sizes=[1])
    out["full"] = shown([x], max_batch_size=2, shared_name="full")
    out["padded"] = shown([x], allowed_batch_sizes=[3, 4], shared_name="p")
    out["padded again"] = shown([x], max_batch_size=2, shared_name="p")
    out["padded to 8, two inputs"] = shown(
        [x, tf.constant([[1, 2], [3, 4]])], max_batch_size=8, allowed_batch_sizes=[8],
        shared_name="p8")
    out["strings"] = shown([tf.constant(["a", "b"])], allowed_batch_sizes=[3, 4],
                           shared_name="s")
    out["no rows"] = shown([tf.zeros([0, 2])], shared_name="z")
    out["waits its timeout"] = shown([x], batch_timeout_micros=1000, shared_name="w")
    out["too large"] = shown([x], max_batch_size=1, shared_name="t")
    out["no threads"] = shown([x], num_batch_threads=0, shared_name="n")
    out["no threads, batcher made"] = shown([x], num_batch_threads=0)
    out["unequal rows"] = shown([x, tf.constant([1, 2, 3])], shared_name="u")
    out["scalar"] = shown([tf.constant(1.0)], shared_name="u")
    out["allowed last"] = shown([x], allowed_batch_sizes=[3, 5])
    out["allowed order"] = shown([x], allowed_batch_sizes=[3, 2, 4])
    out["none"] = outcome(lambda: call([]))
    return out


def unbatch(tf: Any) -> dict:
    R = tf.raw_ops
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    i64 = lambda v: tf.constant(v, tf.int64)  # noqa: E731

    def un(index, key, name, data=x, timeout=200000):
        return outcome(lambda: R.Unbatch(batched_tensor=data, batch_index=i64(index),
                                         id=i64(key), timeout_micros=timeout,
                                         shared_name=name, container="batch_cases"))

    out = {"signature": str(__import__("inspect").signature(R.Unbatch))}
    out["own slice"] = un([[5, 0, 1], [6, 1, 2]], 6, "a")
    out["another's, kept"] = un([[7, 0, 1]], 5, "a")
    out["late"] = un([[8, 0, 2]], 9, "b", timeout=1000)
    out["late, first timeout kept"] = un([[8, 0, 2]], 10, "b", timeout=10**9)
    out["empty batch"] = outcome(lambda: R.Unbatch(
        batched_tensor=tf.zeros([0, 2]), batch_index=tf.zeros([0, 3], tf.int64), id=i64(5),
        timeout_micros=1000, shared_name="c", container="batch_cases"))
    out["index too long"] = un([[5, 0, 1], [6, 1, 2], [8, 0, 0]], 5, "d")
    out["index width"] = un([[5, 0], [6, 1]], 5, "d")
    out["id vector"] = un([[5, 0, 1]], [5], "d")
    out["sizes too large"] = un([[5, 0, 3]], 5, "d")
    out["again"] = [un([[3, 0, 1]], 3, "e"), un([[3, 0, 1]], 3, "e")]
    out["padding left"] = un([[4, 0, 1]], 4, "f")
    out["index dtype"] = outcome(lambda: R.Unbatch(
        batched_tensor=x, batch_index=tf.constant([[5, 0, 1]]), id=i64(5),
        timeout_micros=1000))
    return out


def unbatch_grad(tf: Any) -> dict:
    R = tf.raw_ops
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    i64 = lambda v: tf.constant(v, tf.int64)  # noqa: E731

    def ug(original, index, grad, key, name):
        return outcome(lambda: R.UnbatchGrad(original_input=original, batch_index=index,
                                             grad=grad, id=i64(key), shared_name=name,
                                             container="batch_cases"))

    out = {"signature": str(__import__("inspect").signature(R.UnbatchGrad))}
    out["alone"] = ug(x, i64([[1, 0, 2]]), x * 2, 1, "a")
    out["empty original"] = ug(tf.zeros([0, 2]), tf.zeros([0, 3], tf.int64), x, 3, "b")
    out["gathers"] = ug(x, i64([[3, 0, 1], [9, 1, 2]]), x + 1, 9, "b")
    out["key again"] = ug(x, i64([[3, 0, 1]]), x, 3, "b")
    out["empty index"] = ug(x, tf.zeros([0, 3], tf.int64), x, 4, "c")
    out["id vector"] = ug(x, i64([[4, 0, 1]]), x, [4], "d")
    out["flat index"] = ug(x, i64([4, 0, 1]), x, 4, "e")
    out["grad dtype"] = ug(x, i64([[4, 0, 1]]), tf.constant([1, 2]), 4, "f")
    out["other width"] = ug(x, i64([[4, 0, 1]]), tf.ones([1, 3]), 4, "g")
    return out


def batch_function(tf: Any) -> dict:
    R = tf.raw_ops
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    c = tf.constant(10.0)

    @tf.function
    def f(a, b):
        return a * 2.0 + b, tf.reduce_sum(a, axis=1)

    @tf.function
    def rows(a):
        return tf.reduce_sum(a, axis=0, keepdims=True) + a * 0

    cf = f.get_concrete_function(tf.TensorSpec([None, 2]), tf.TensorSpec([]))
    rc = rows.get_concrete_function(tf.TensorSpec([None, 2]))
    base = dict(num_batch_threads=1, max_batch_size=4, batch_timeout_micros=1000,
                Tout=[tf.float32, tf.float32])
    call = lambda ins=(x,), cap=(c,), fn=cf, **k: R.BatchFunction(  # noqa: E731
        in_tensors=list(ins), captured_tensors=list(cap), f=fn, **{**base, **k})
    out = {"signature": str(__import__("inspect").signature(R.BatchFunction))}
    out["runs f"] = outcome(call)
    out["unpadded"] = outcome(lambda: call(ins=(x,), cap=(), fn=rc, Tout=[tf.float32],
                                           allowed_batch_sizes=[3, 4]))
    out["above max"] = outcome(lambda: call(max_batch_size=1))
    out["no threads"] = outcome(lambda: call(num_batch_threads=0))
    out["scalar"] = outcome(lambda: call(ins=(tf.constant(1.0),)))
    out["arguments"] = outcome(lambda: call(cap=()))
    out["outputs"] = outcome(lambda: call(Tout=[tf.float32]))
    out["output type"] = outcome(lambda: call(Tout=[tf.int32, tf.float32]))
    out["tf.function"] = outcome(lambda: call(fn=f))
    out["allowed order"] = outcome(lambda: call(allowed_batch_sizes=[4, 3]))
    out["padding policy"] = outcome(lambda: call(batch_padding_policy="BAD"))
    out["priority policy"] = outcome(lambda: call(mixed_priority_policy="bad"))
    out["in tf.function"] = outcome(lambda: tf.function(lambda v: call(ins=(v,)))(x))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = call()
    out["gradient"] = outcome(lambda: tape.gradient(y[0], x))
    return out


def together(tf: Any) -> dict:
    R = tf.raw_ops
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    out = {}

    def step(v):
        b = R.Batch(in_tensors=[v], num_batch_threads=1, max_batch_size=4,
                    batch_timeout_micros=0, grad_timeout_micros=1000000,
                    allowed_batch_sizes=[4], shared_name="t", container="together")
        return R.Unbatch(batched_tensor=b[0][0] * 3, batch_index=b[1], id=b[2],
                         timeout_micros=100000, shared_name="tu", container="together")

    out["eager"] = outcome(lambda: step(x))
    out["tf.function"] = outcome(lambda: tf.function(step)(x))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = step(x)
    out["gradient"] = outcome(lambda: tape.gradient(y, x))
    return out


def run(tf: Any) -> dict:
    return {"batch": batch(tf), "unbatch": unbatch(tf), "unbatch_grad": unbatch_grad(tf),
            "batch_function": batch_function(tf), "together": together(tf)}
