"""`build()` given a batch (a tensor or array) instead of its shape, as Keras 3.15 takes it:
a Sequential model builds nothing, silently, and is marked built; a Dense layer refuses
the kernel shape it makes of the batch's last row; a model's build config holds the value
given, as given. Shared by record_build_values.py (TF 2.21 + Keras 3.15, writes
build_values_golden.json) and test_build_values.py (under eagerflow)."""

import re
from typing import Any

from tests.core.core_probe_io import outcome


def _plain(x: Any) -> Any:
    # (the tensor class's module path is each library's own; a model's default name is
    # numbered by the models the process made before)
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_plain(v) for v in x]
    if not isinstance(x, str):
        return x
    x = re.sub(r"<class '[\w.]*EagerTensor'>", "<class 'EagerTensor'>", x)
    return re.sub(r"'sequential(_\d+)?'", "'sequential_N'", x)


def _functional(keras: Any) -> Any:
    inp = keras.Input((4,))
    return keras.Model(inp, keras.layers.Dense(2)(inp))


def run(tf: Any, keras: Any) -> dict:
    out: dict = {}
    batch = tf.ones([2, 4])
    for kind, value in (("tensor", batch), ("array", batch.numpy())):
        m = keras.Sequential([keras.layers.Dense(3)])
        out[f"sequential build {kind}"] = outcome(lambda m=m, v=value: m.build(v))
        out[f"sequential {kind} state"] = [m.built, len(m.weights), m.layers[0].built]
        out[f"sequential {kind} build config"] = outcome(lambda m=m: m.get_build_config())
        out[f"sequential {kind} input_shape"] = outcome(lambda m=m: m.input_shape)
        out[f"sequential {kind} call"] = outcome(lambda m=m: m(batch).shape)
        out[f"sequential {kind} after call"] = [outcome(lambda m=m: m.get_build_config()),
                                                len(m.weights)]
        d = keras.layers.Dense(3)
        out[f"dense build {kind}"] = outcome(lambda d=d, v=value: d.build(v))
        out[f"dense {kind} built"] = d.built
        f = _functional(keras)
        out[f"functional build {kind}"] = outcome(lambda f=f, v=value: f.build(v))
        out[f"functional {kind} build config"] = outcome(lambda f=f: f.get_build_config())
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    out["sequential with input build tensor"] = outcome(lambda: m.build(batch))
    out["sequential with input build config"] = outcome(lambda: m.get_build_config())
    f = _functional(keras)
    out["functional fresh build config"] = outcome(lambda: f.get_build_config())
    f(batch)
    out["functional called build config"] = outcome(lambda: f.get_build_config())
    f = _functional(keras)
    f.build((None, 4))
    out["functional build tuple config"] = outcome(lambda: f.get_build_config())
    m = keras.Sequential([keras.layers.Dense(3)])
    out["sequential fresh build config"] = outcome(lambda: m.get_build_config())
    m(batch)
    out["sequential called build config"] = outcome(lambda: m.get_build_config())
    m = keras.Sequential([keras.layers.Dense(3)])
    m.build((None, 4))
    out["sequential build tuple config"] = outcome(lambda: m.get_build_config())
    return _plain(out)
