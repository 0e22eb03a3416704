"""A Keras Dense (and Embedding) layer built under a ParameterServerStrategy with a
variable_partitioner: Keras variables whose value is a ShardedVariable, as
record_sharded_keras.py runs them under TF 2.21 (Keras 3.15, against TF's in-process
cluster of 2 workers and 2 ps tasks) and test_sharded_keras.py under eagerflow.

Keras 3 on TF holds each partitioned weight as a ShardedVariable of CachingVariables named
"<path>/part_<i>"; it reads, assigns, calls and prints them; its checkpoint of them fails
(AttributeError: its value has no `device`), so do its gradients of them ("no attribute
'handle'"), while its gradient of the shards succeeds. Values are reprs; an object's
address and its class's module path are left out.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

_MODULES = re.compile(r"(tensorflow\.python|eagerflow\._src)\.distribute\.sharded_variable\.")


def _plain(text: str) -> str:
    text = re.sub(r" at 0x[0-9a-f]+", "", text)
    return _MODULES.sub("", re.sub(r"/\S+/ck\b", "<dir>/ck", text))


def _outcome(f: Any) -> list:
    try:
        r = f()
        if hasattr(r, "numpy") and not isinstance(r, (list, tuple)):
            try:
                r = ("T", type(r).__name__, np.asarray(r.numpy()).tolist())
            except Exception:  # noqa: BLE001 - (a value with no NumPy form: its repr)
                pass
        return ["ok", _plain(repr(r))[:600]]
    except Exception as e:  # noqa: BLE001 - the error is the recorded answer
        return ["err", type(e).__name__, _plain(str(e))[:600]]


def _strategy(tf: Any, resolver: Any) -> Any:
    P = tf.distribute.experimental.partitioners
    return tf.distribute.experimental.ParameterServerStrategy(
        resolver, variable_partitioner=P.FixedShardsPartitioner(2))


def _dense(tf: Any, keras: Any, s: Any, name: str, **kwargs: Any) -> Any:
    with s.scope():
        layer = keras.layers.Dense(4, name=name, **kwargs)
        layer.build((None, 3))
    return layer


def _values(weights: list) -> list:
    return [np.asarray(w).tolist() for w in weights]


def run(tf: Any, keras: Any, resolver: Any, d: str) -> dict:
    """Creation, reads, writes, calls, reprs and checkpoints of the partitioned weights."""
    s = _strategy(tf, resolver)
    layer = _dense(tf, keras, s, "dn", kernel_initializer="ones", bias_initializer="zeros")
    k = layer.kernel
    full = np.full((3, 4), 2., np.float32)

    def shards(w: Any, device: bool = True) -> list:
        return [(type(v).__name__, v.name, tuple(v.shape)) + ((v.device,) if device else ())
                for v in w.value.variables]

    def ckpt_keys() -> list:
        path = tf.train.Checkpoint(layer=layer).write(d + "/ck")
        return sorted([n, s_] for n, s_ in tf.train.list_variables(path))

    def restore(strategy: Any, name: str) -> list:
        layer2 = _dense(tf, keras, strategy, name) if strategy is not None else None
        if layer2 is None:
            layer2 = keras.layers.Dense(4, name=name)
            layer2.build((None, 3))
        tf.train.Checkpoint(layer=layer2).read(d + "/ck").assert_consumed()
        return _values(layer2.get_weights())

    def model_weights() -> list:
        with s.scope():
            m = keras.Sequential([keras.Input((3,)),
                                  keras.layers.Dense(4, kernel_initializer="ones")])
        return [(type(w).__name__, type(w.value).__name__, tuple(w.shape)) for w in m.weights]

    def embed() -> tuple:
        with s.scope():
            e = keras.layers.Embedding(10, 2, embeddings_initializer="ones")
            e.build((None,))
        return (type(e.embeddings.value).__name__,
                [tuple(v.shape) for v in e.embeddings.value.variables],
                np.asarray(e(tf.constant([1, 9]))).tolist())

    def sv_ops() -> tuple:
        v = k.value
        return (type(v).__name__, v.name, tuple(v.shape), str(v.dtype),
                np.asarray(v.numpy()).tolist())

    def set_weights() -> list:
        layer.set_weights([np.zeros((3, 4), np.float32), np.ones(4, np.float32)])
        return np.asarray(k.numpy()).tolist()

    cases = [
        ("kernel_type", lambda: type(k).__name__),
        ("value_type", lambda: type(getattr(k, "value", None)).__name__),
        ("value_value_type",
         lambda: type(getattr(getattr(k, "value", None), "_value", None)).__name__),
        ("kernel_shape", lambda: tuple(k.shape)),
        ("kernel_dtype", lambda: str(k.dtype)),
        ("kernel_name", lambda: k.name),
        ("kernel_path", lambda: getattr(k, "path", None)),
        ("bias_type", lambda: type(layer.bias).__name__),
        ("bias_value_type", lambda: type(layer.bias.value).__name__),
        ("kernel_numpy", lambda: np.asarray(k.numpy()).tolist()),
        ("kernel_repr", lambda: repr(k)),
        ("kernel_str", lambda: str(k)),
        ("value_repr", lambda: repr(k.value)),
        ("shards", lambda: shards(k)),
        ("bias_shards", lambda: shards(layer.bias, device=False)),
        ("weights", lambda: [(type(w).__name__, w.name, tuple(w.shape))
                             for w in layer.weights]),
        ("trainable_variables", lambda: [type(w).__name__ for w in layer.trainable_variables]),
        ("call", lambda: layer(tf.ones([2, 3]))),
        ("assign", lambda: (k.assign(full), np.asarray(k.numpy()).tolist())[1]),
        ("assign_add", lambda: (k.assign_add(np.ones((3, 4), np.float32)),
                                np.asarray(k.numpy()).tolist())[1]),
        ("assign_bad", lambda: k.assign(np.ones((2, 4), np.float32))),
        ("call2", lambda: layer(tf.ones([1, 3]))),
        ("get_weights", lambda: _values(layer.get_weights())),
        ("set_weights", set_weights),
        ("convert", lambda: tf.convert_to_tensor(k)),
        ("convert_value", lambda: tf.convert_to_tensor(k.value)),
        ("k_plus", lambda: k + 1),
        ("matmul", lambda: tf.matmul(tf.ones([1, 3]), k)),
        ("ckpt_keys", ckpt_keys),
        ("ckpt_restore", lambda: restore(s, "dn2")),
        ("ckpt_restore_plain", lambda: restore(None, "dn3")),
        ("model_weights", model_weights),
        ("embedding", embed),
        ("sv_ops", sv_ops),
        ("kernel_trainable", lambda: k.trainable),
        ("kernel_value_trainable", lambda: k.value.trainable),
        ("kernel_value_synchronization", lambda: str(k.value.synchronization)),
    ]
    return {label: _outcome(f) for label, f in cases}


def run_grad(tf: Any, keras: Any, resolver: Any) -> dict:
    """A tape's gradients of the partitioned weights, of their shards, an optimizer's step."""
    s = _strategy(tf, resolver)
    layer = _dense(tf, keras, s, "dg", kernel_initializer="ones", bias_initializer="zeros")

    def loss_grads(sources: Any) -> list:
        with tf.GradientTape() as t:
            y = tf.reduce_sum(layer(tf.ones([2, 3])))
        return t.gradient(y, sources)

    def grad() -> list:
        return [None if x is None else (type(x).__name__,
                                        np.asarray(tf.convert_to_tensor(x)).tolist())
                for x in loss_grads(layer.trainable_variables)]

    def grad_shards() -> list:
        return [None if x is None else np.asarray(tf.convert_to_tensor(x)).tolist()
                for x in loss_grads(layer.kernel.value.variables)]

    def opt() -> list:
        with s.scope():
            o = keras.optimizers.SGD(0.1)
        g = loss_grads(layer.trainable_variables)
        o.apply_gradients(zip(g, layer.trainable_variables))
        return np.asarray(layer.kernel.numpy()).tolist()

    return {label: _outcome(lambda f=f: f()) for label, f in
            (("grad", grad), ("grad_shards", grad_shards), ("opt", opt))}
