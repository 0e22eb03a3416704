"""Layer-like trackables with Keras's attribute protocol (`name`, `_trainable_weights`,
`layers`, Keras 2's `layer_with_weights-N` children) for testing weights I/O and callbacks
without the Keras package."""

import numpy as np

import eagerflow as tf
from eagerflow._src.core.trackable import AutoTrackable


class FakeLayer(AutoTrackable):
    SHAPES: tuple = ()          # ((name, shape fn of input dim, trainable), ...)

    def __init__(self, units=2, name=None, seed=0):
        self.name = name or type(self).__name__.lower()
        self.units = units
        self._seed = seed
        self._trainable_weights = []
        self._non_trainable_weights = []
        self.built = False

    def build(self, in_dim):
        rng = np.random.default_rng(self._seed)
        for vname, shape_fn, trainable in self.SHAPES:
            shape = shape_fn(in_dim, self.units)
            v = tf.Variable(rng.normal(size=shape).astype(np.float32), trainable=trainable,
                            name=f"{self.name}/{vname}")
            setattr(self, vname, v)  # tracked under its attribute name, as Keras 2 does
            (self._trainable_weights if trainable else self._non_trainable_weights).append(v)
        self.built = True
        return self.units if self.SHAPES else in_dim

    @property
    def weights(self):
        return self._trainable_weights + self._non_trainable_weights

    trainable_weights = property(lambda self: list(self._trainable_weights))


def layer_class(name, shapes):
    return type(name, (FakeLayer,), {"SHAPES": shapes})


Dense = layer_class("Dense", (("kernel", lambda i, u: (i, u), True),
                              ("bias", lambda i, u: (u,), True)))
Conv2D = layer_class("Conv2D", (("kernel", lambda i, u: (3, 3, i, u), True),
                                ("bias", lambda i, u: (u,), True)))
GlobalAveragePooling2D = layer_class("GlobalAveragePooling2D", ())
class BatchNormalization(FakeLayer):
    SHAPES = (("gamma", lambda i, u: (i,), True), ("beta", lambda i, u: (i,), True),
              ("moving_mean", lambda i, u: (i,), False),
              ("moving_variance", lambda i, u: (i,), False))

    def build(self, in_dim):
        super().build(in_dim)
        return in_dim  # normalization keeps the width


class Sequential(AutoTrackable):
    """Keras 2's Sequential checkpoint dependencies: layer_with_weights-N, then layer-N."""

    def __init__(self, layers, name="sequential"):
        self.name = name
        self._layers = list(layers)
        self._trainable_weights = []
        self._non_trainable_weights = []
        self.built = False

    @property
    def layers(self):
        return list(self._layers)

    def build(self, in_dim):
        for layer in self._layers:
            in_dim = layer.build(in_dim)
        wi = 0
        for layer in self._layers:
            if layer.weights:
                self._track(f"layer_with_weights-{wi}", layer)
                wi += 1
        self.built = True
        return self

    def _trackable_children(self):
        deps = {}
        wi = 0
        for i, layer in enumerate(self._layers):
            if layer.weights:
                deps[f"layer_with_weights-{wi}"] = layer
                wi += 1
            deps[f"layer-{i}"] = layer
        deps.update({k: v for k, v in super()._trackable_children().items()
                     if not k.startswith("layer")})
        return deps

    @property
    def weights(self):
        return [w for layer in self._layers for w in layer.weights]


def make_sequential(seed=0):
    return Sequential([Conv2D(2, seed=seed), GlobalAveragePooling2D(name="pool"),
                       Dense(3, seed=seed + 1, name="dense"),
                       Dense(1, seed=seed + 2, name="dense_1")])
