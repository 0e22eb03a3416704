"""A layer test harness in the spirit of Keras's `run_layer_test`.

`layer_test(cls, kwargs, input_shape)` exercises a layer class the way users rely on:
config round trip, calls on NumPy arrays and tensors, output shape equal to
`compute_output_shape`, weight counts, the functional API (KerasTensor shapes agree
with real ones, a Model wrapping the layer gives the same values), gradients
reaching every trainable weight, a rebuilt-from-config copy with the same weights
computing the same values, and an input of the wrong rank rejected with the
input_spec message. It returns the layer's output for further checks.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.core import nest
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras.engine.input_layer import Input
from eagerflow._src.keras.engine.training import Model
from eagerflow._src.keras.serialization import (
    deserialize_keras_object,
    deserialize_layer,
    serialize_keras_object,
)
from eagerflow._src.ops.reduce import reduce_sum


def _make_input(shape: tuple, dtype: str, rng: np.random.Generator,
                int_high: int = 10) -> np.ndarray:
    if dtype.startswith("int"):
        return rng.integers(0, int_high, size=shape).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


def _clean_config(config: dict) -> dict:
    config = dict(config)
    config.pop("name", None)
    return config


def _to_numpy(x: Any) -> Any:
    return nest.map_structure(lambda t: np.asarray(t), x)


def layer_test(layer_cls: type, kwargs: dict | None = None, input_shape: tuple = (2, 3),
               input_dtype: str = "float32", input_data: Any = None,
               expected_output_shape: Any = None, expected_num_trainable_weights: int | None = None,
               expected_num_non_trainable_weights: int | None = None,
               bad_input_shape: tuple | None = None, check_gradients: bool = True,
               training: bool | None = None, atol: float = 1e-5,
               custom_objects: dict | None = None) -> Any:
    """Runs the generic layer checks; returns the layer's inference output as NumPy."""
    kwargs = dict(kwargs or {})
    rng = np.random.default_rng(1234)
    if input_data is None:
        input_data = _make_input(tuple(input_shape), input_dtype, rng)
    else:
        input_shape = input_data.shape if not isinstance(input_data, list) else [
            d.shape for d in input_data]
    multi = isinstance(input_data, list)

    # 1. construction and config round trip
    layer = layer_cls(**kwargs)
    # (from_config is given copies: an RNN's or a wrapper's takes keys out, as Keras 3's)
    config = layer.get_config()
    clone = layer_cls.from_config(dict(config)) if custom_objects is None else \
        deserialize_layer({"class_name": layer_cls.__name__, "config": dict(config)},
                          custom_objects)
    assert _clean_config(clone.get_config()) == _clean_config(config), (
        f"config round trip changed the config:\n{clone.get_config()}\n!=\n{config}")
    # Keras 3's form: the dtype a DTypePolicy config, and serialize/deserialize inverses
    assert isinstance(config["dtype"], dict) or "trainable" not in config, config["dtype"]
    revived = deserialize_keras_object(serialize_keras_object(layer),
                                       custom_objects=custom_objects)
    assert type(revived) is layer_cls and repr(_clean_config(revived.get_config())) == repr(
        _clean_config(config))
    # built at construction only where there is nothing to build, as in Keras 3
    assert not layer.built or not layer.weights

    # 2. calls on NumPy and on tensors; output shape vs compute_output_shape
    out_np = layer(input_data)
    assert layer.built
    tensors = [convert_to_tensor(d) for d in input_data] if multi else convert_to_tensor(
        input_data)
    out_t = layer(tensors)
    for a, b in zip(nest.flatten(out_np), nest.flatten(out_t)):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), atol=atol)
    shapes_in = [TensorShape(s) for s in input_shape] if multi else TensorShape(input_shape)
    computed = (layer.compute_output_shape if layer._static_shapes() else
                layer._traced_output_shape)(shapes_in)
    actual = [tuple(o.shape.as_list()) for o in nest.flatten(out_np)]
    computed_flat = [tuple(TensorShape(s).as_list()) for s in (
        computed if isinstance(computed, (list, tuple)) and computed and
        isinstance(computed[0], (TensorShape, list, tuple)) else [computed])]
    assert actual == computed_flat, f"output shapes {actual} != compute_output_shape " \
                                    f"{computed_flat}"
    if expected_output_shape is not None:
        exp = [tuple(s) for s in expected_output_shape] if isinstance(
            expected_output_shape, list) else [tuple(expected_output_shape)]
        for got, want in zip(actual, exp):
            assert len(got) == len(want) and all(w is None or g == w for g, w in zip(got, want)), \
                f"output shape {got} != expected {want}"

    # 3. weights
    if expected_num_trainable_weights is not None:
        assert len(layer.trainable_weights) == expected_num_trainable_weights, \
            [w.name for w in layer.trainable_weights]
    if expected_num_non_trainable_weights is not None:
        assert len(layer.non_trainable_weights) == expected_num_non_trainable_weights, \
            [w.name for w in layer.non_trainable_weights]
    assert len(layer.weights) == len(layer.trainable_weights) + len(
        layer.non_trainable_weights)
    assert layer.count_params() == sum(int(np.prod(w.shape.as_list())) for w in layer.weights)

    # 4. functional API: symbolic shapes agree, and a Model gives the same values
    layer2 = layer_cls.from_config(dict(config)) if custom_objects is None else \
        deserialize_layer({"class_name": layer_cls.__name__, "config": dict(config)},
                          custom_objects)
    if multi:
        x = [Input(batch_shape=(None,) + tuple(s[1:]), dtype=input_dtype)
             for s in input_shape]
    else:
        x = Input(batch_shape=(None,) + tuple(input_shape[1:]), dtype=input_dtype)
    y = layer2(x)
    for sym, real in zip(nest.flatten(y), nest.flatten(out_np)):
        assert isinstance(sym.shape, tuple) and isinstance(sym.dtype, str), (sym.shape,
                                                                            sym.dtype)
        assert len(sym.shape) == real.shape.rank, (sym.shape, real.shape)
        assert TensorShape(sym.shape).is_compatible_with(real.shape), (sym.shape, real.shape)
    model = Model(x, y)
    layer2.set_weights(layer.get_weights())
    out_m = model(input_data)
    for a, b in zip(nest.flatten(out_m), nest.flatten(out_np)):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), atol=atol, rtol=1e-5)

    # 5. a copy rebuilt from config with the same weights computes the same values
    layer3 = layer_cls.from_config(dict(config)) if custom_objects is None else \
        deserialize_layer({"class_name": layer_cls.__name__, "config": dict(config)},
                          custom_objects)
    layer3(input_data)
    layer3.set_weights(layer.get_weights())
    for a, b in zip(nest.flatten(layer3(input_data)), nest.flatten(out_np)):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), atol=atol, rtol=1e-5)

    # 6. gradients reach every trainable weight
    if check_gradients and layer.trainable_weights:
        with GradientTape() as tape:
            out = layer(tensors, training=training)
            total = None
            for o in nest.flatten(out):
                if not o.dtype.is_floating:
                    continue
                w = convert_to_tensor(rng.standard_normal(o.shape.as_list()).astype(
                    o.dtype.as_numpy_dtype))
                term = reduce_sum(o * w)
                total = term if total is None else total + term
        grads = tape.gradient(total, layer.trainable_weights)
        for v, g in zip(layer.trainable_weights, grads):
            assert g is not None, f"no gradient reaches {v.name}"
            assert tuple(g.shape.as_list()) == tuple(v.shape.as_list())
            assert np.all(np.isfinite(np.asarray(convert_to_tensor(g)))), \
                f"non-finite gradient for {v.name}"

    # 7. a wrong input rank is rejected with the input_spec message
    if bad_input_shape is not None:
        bad = _make_input(tuple(bad_input_shape), input_dtype, rng)
        try:
            layer(bad)
        except ValueError as e:
            assert "is incompatible with the layer" in str(e) or "expects" in str(e), str(e)
            assert f"layer '{layer.name}'" in str(e) or f'layer "{layer.name}"' in str(e), str(e)
        else:
            raise AssertionError(f"{layer_cls.__name__} accepted input of shape "
                                 f"{bad_input_shape}")
    return _to_numpy(out_np)
