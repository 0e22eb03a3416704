"""hold_no_sublayers (engine/held.py): the batch that tells apart, in C calls, a model's
layers that hold no sublayer, whose trainable weights a model's trainable_weights then
takes without walking them. Each answer must be the walk's: a sublayer gained through any
path, or a class or a layer with its own way of finding sublayers, sends the layer to the
walk."""

import eagerflow as tf
from eagerflow._src.keras.engine import held, weights_version

Layer = tf.keras.layers.Layer


class _Holder(Layer):
    def call(self, x):
        return x


def _dense(units=2, name=None):
    layer = tf.keras.layers.Dense(units, name=name)
    layer.build((None, 2))
    return layer


def _by_walk(layers):
    """What the per-layer walk answers: no sublayer found, and Layer's own methods."""
    return [not held.held_in_attributes(x, Layer)
            and all(get(type(x)) is fn for get, fn in held.WALK_METHODS)
            and not set(held.WALK_METHOD_NAMES) & set(vars(x)) for x in layers]


def _paths(weights):
    return [v.path for v in weights]


def test_the_batch_answers_as_the_walk_for_each_way_of_holding_a_sublayer():
    plain = [_dense(name=f"plain{i}") for i in range(3)]
    for x in plain:
        x._held(Layer)  # (the walk has seen their classes)
    assigned, in_tuple, in_list, in_dict, around = (_Holder() for _ in range(5))
    assigned.inner = _dense()
    in_tuple.pair = (3, _dense())
    in_list.blocks = []
    in_list.blocks.append(_dense())  # (a tracked list, changed in place)
    in_dict.table = {}
    in_dict.table["a"] = _dense()
    object.__setattr__(around, "hidden", [_dense()])  # (set around the tracking)
    layers = plain + [assigned, in_tuple, in_list, in_dict, around]
    answers = held.hold_no_sublayers(layers, Layer)
    assert answers == _by_walk(layers)
    assert answers == [True] * 3 + [False] * 5
    del assigned.inner  # (each loses it again)
    in_list.blocks.pop()
    in_dict.table.clear()
    answers = held.hold_no_sublayers(layers, Layer)
    # (an empty container is still looked into: the batch leaves it to the walk)
    assert answers == [True] * 4 + [False] * 4
    assert all(walk for batch, walk in zip(answers, _by_walk(layers)) if batch)


def test_a_model_gathers_the_weights_of_layers_gaining_and_losing_sublayers(monkeypatch):
    # (walked at every read, as in a process where weights_version keeps no answer: a change
    # set around the tracking is one it cannot see, and the batch is what is tested here;
    # alone, this file's process kept the answer from before it)
    monkeypatch.setattr(weights_version, "SEEN", [False])
    inputs = tf.keras.Input((2,))
    first, second = tf.keras.layers.Dense(2, name="first"), tf.keras.layers.Dense(2,
                                                                                 name="second")
    model = tf.keras.Model(inputs, second(first(inputs)))
    before = _paths(model.trainable_weights)
    assert before == ["first/kernel", "first/bias", "second/kernel", "second/bias"]
    extra = _dense(name="extra")
    with first._unlocked_state():
        first.helpers = [extra]  # a layer of the graph gains a sublayer...
    assert _paths(model.trainable_weights) == before[:2] + ["extra/kernel", "extra/bias"] + \
        before[2:]
    first.helpers.remove(extra)  # ...and loses it
    assert _paths(model.trainable_weights) == before
    object.__setattr__(second, "hidden", (extra,))  # (set around the tracking)
    assert _paths(model.trainable_weights) == before + ["extra/kernel", "extra/bias"]
    del second.hidden
    first.bias.trainable = False  # a weight frozen, then a layer
    assert _paths(model.trainable_weights) == ["first/kernel", "second/kernel",
                                               "second/bias"]
    first.bias.trainable = True
    second.trainable = False
    assert _paths(model.trainable_weights) == before[:2]
    second.trainable = True
    assert _paths(model.trainable_weights) == before


def test_a_layer_with_its_own_way_to_its_sublayers_is_asked_it():
    kept = _dense(name="kept")

    class Listed(_Holder):  # (a class overriding how its sublayers are found)
        def _direct_sublayers(self):
            return [kept]  # (none of its attributes)

    class Gathering(_Holder):  # (one overriding how its weights are gathered)
        def _gather_trainable_weights(self, out):
            out.append(self.marker)

    listed, gathering, own = Listed(), Gathering(), _Holder()
    gathering.__dict__["marker"] = tf.keras.Variable(1.0, name="marker")
    inner = _dense(name="inner")
    own._direct_sublayers = lambda: [inner]  # (an instance's own)
    outer = _Holder()
    outer.items = [listed, gathering, own]
    assert held.hold_no_sublayers([listed, gathering, own], Layer) == [False] * 3
    assert _paths(outer.trainable_weights) == ["kept/kernel", "kept/bias", "marker",
                                               "inner/kernel", "inner/bias"]
