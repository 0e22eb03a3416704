"""A model's trainable variables read after each change that can change them (a weight
added after build, `trainable` set on a sublayer or a variable, a layer added to or
popped from a Sequential, a nested model's layers, sublayers set, deleted and held in
lists, dicts and tuples, a subclass's own `trainable_weights`): each case returns the
paths of `model.trainable_variables` read after each step (or the error a step raised).
Run by TensorFlow 2.21 / Keras 3 (record_trainable_changes_golden.py) and by eagerflow
(test_trainable_changes.py), whose Layer keeps its last answer until a change.
"""

from __future__ import annotations

from typing import Any


def _paths(model: Any) -> list:
    return [v.path for v in model.trainable_variables]


def _reads(model: Any, steps: list) -> list:
    """The paths read before the steps and after each (a step's error by its class)."""
    out = [_paths(model), _paths(model)]  # (twice: the second may be the kept answer)
    for step in steps:
        try:
            step()
        except Exception as e:  # noqa: BLE001 (the error is the answer)
            out.append(type(e).__name__)
            continue
        out.append(_paths(model))
    return out


def _dense(tf: Any, name: str, n: int = 2) -> Any:
    layer = tf.keras.layers.Dense(n, name=name)
    layer.build((None, 3))
    return layer


def add_weight_after_build(tf: Any) -> list:
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, name="d")],
                                name="m")
    d = model.layers[0]
    return _reads(model, [lambda: d.add_weight(shape=(1,), name="extra"),
                          lambda: d.add_weight(shape=(1,), name="frozen", trainable=False)])


def add_weight_unbuilt(tf: Any) -> list:
    """Weights added to an unbuilt sublayer (Keras 3 refuses new state once built), then
    its build's."""

    class Scale(tf.keras.layers.Layer):
        def build(self, shape: Any) -> None:
            self.s = self.add_weight(shape=(1,), name="s")

        def call(self, x: Any) -> Any:
            return x * self.s

    scale = Scale(name="scale")
    model = _holder(tf, scale=scale, d=_dense(tf, "d"))
    return _reads(model, [lambda: scale.add_weight(shape=(2,), name="w"),
                          lambda: scale.add_weight(shape=(2,), name="n", trainable=False),
                          lambda: scale.build((None, 3))])


def sublayer_trainable(tf: Any) -> list:
    inputs = tf.keras.Input((3,))
    h = tf.keras.layers.Dense(3, name="d1")(inputs)
    outputs = tf.keras.layers.Dense(2, name="d2")(h)
    model = tf.keras.Model(inputs, outputs, name="f")
    d1 = model.get_layer("d1")

    def flag(layer: Any, value: bool) -> Any:
        return lambda: setattr(layer, "trainable", value)

    return _reads(model, [flag(d1, False), flag(d1, True), flag(model, False),
                          flag(d1, True), flag(model, True)])


def variable_trainable(tf: Any) -> list:
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, name="d")],
                                name="m")
    kernel = model.layers[0].kernel
    return _reads(model, [lambda: setattr(kernel, "trainable", False),
                          lambda: setattr(kernel, "trainable", True)])


def sequential_add_pop(tf: Any) -> list:
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3, name="a")],
                                name="m")
    return _reads(model, [lambda: model.add(tf.keras.layers.Dense(2, name="b")),
                          lambda: model.pop(), lambda: model.pop(),
                          lambda: model.add(tf.keras.layers.Dense(4, name="c"))])


def nested_model(tf: Any) -> list:
    inner = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3, name="i1")],
                                name="inner")
    outer = tf.keras.Sequential([tf.keras.Input((3,)), inner,
                                 tf.keras.layers.Dense(2, name="o")], name="outer")
    return _reads(outer, [lambda: inner.add(tf.keras.layers.Dense(3, name="i2")),
                          lambda: setattr(inner.layers[0], "trainable", False),
                          lambda: setattr(inner, "trainable", False),
                          lambda: setattr(inner, "trainable", True),
                          lambda: inner.pop()])


def _holder(tf: Any, **attrs: Any) -> Any:
    """An unbuilt subclassed model (so that state may still be added to it) holding
    `attrs`."""

    class Holder(tf.keras.Model):
        def __init__(self) -> None:
            super().__init__(name="h")
            for k, v in attrs.items():
                setattr(self, k, v)

        def call(self, x: Any) -> Any:
            return x

    return Holder()


def attributes(tf: Any) -> list:
    model = _holder(tf, a=_dense(tf, "a"))

    def delete() -> None:
        del model.a

    return _reads(model, [lambda: setattr(model, "b", _dense(tf, "b")), delete,
                          lambda: setattr(model, "a", _dense(tf, "a2"))])


def tracked_list(tf: Any) -> list:
    model = _holder(tf, blocks=[_dense(tf, "a"), _dense(tf, "b")])
    blocks = model.blocks

    def setitem() -> None:
        blocks[0] = _dense(tf, "c")

    def setslice() -> None:
        blocks[1:] = [_dense(tf, "d"), _dense(tf, "e")]

    def iadd() -> None:
        model.blocks += [_dense(tf, "f")]

    def delitem() -> None:
        del blocks[0]

    return _reads(model, [lambda: blocks.append(_dense(tf, "x")), blocks.reverse, setitem,
                          setslice, iadd, delitem, lambda: blocks.insert(0, _dense(tf, "g")),
                          blocks.pop, lambda: blocks.sort(key=lambda layer: layer.name),
                          lambda: blocks.remove(blocks[-1]), blocks.clear])


def tracked_dict(tf: Any) -> list:
    model = _holder(tf, parts={"p": _dense(tf, "p")})
    parts = model.parts

    def setitem() -> None:
        parts["q"] = _dense(tf, "q")

    def delitem() -> None:
        del parts["p"]

    def ior() -> None:
        model.parts |= {"s": _dense(tf, "s")}

    return _reads(model, [setitem, lambda: parts.update(r=_dense(tf, "r")), delitem,
                          lambda: parts.setdefault("t", _dense(tf, "t")), ior,
                          lambda: parts.pop("q"), parts.popitem, parts.clear])


def list_in_tuple(tf: Any) -> list:
    inner: list = [_dense(tf, "b")]
    model = _holder(tf, pair=(_dense(tf, "a"), inner))
    held = model.pair[1]
    return _reads(model, [lambda: held.append(_dense(tf, "c")), held.pop])


def own_trainable_weights(tf: Any) -> list:
    """A sublayer whose class answers trainable_weights itself, from state no layer
    attribute holds."""
    chosen: list = []

    class Picky(tf.keras.layers.Layer):
        def build(self, shape: Any) -> None:
            self.u = self.add_weight(shape=(1,), name="u")
            self.v = self.add_weight(shape=(1,), name="v")

        @property
        def trainable_weights(self) -> list:
            return [w for w in (self.u, self.v) if w.name in chosen]

        def call(self, x: Any) -> Any:
            return x

    picky = Picky(name="picky")
    picky.build((None, 3))
    model = _holder(tf, picky=picky, d=_dense(tf, "d"))
    return _reads(model, [lambda: chosen.append("v"), lambda: chosen.append("u"),
                          chosen.clear])


CASES = {f.__name__: f for f in (
    add_weight_after_build, add_weight_unbuilt, sublayer_trainable, variable_trainable,
    sequential_add_pop, nested_model, attributes, tracked_list, tracked_dict, list_in_tuple,
    own_trainable_weights)}


def run(tf: Any) -> dict:
    return {name: case(tf) for name, case in CASES.items()}
