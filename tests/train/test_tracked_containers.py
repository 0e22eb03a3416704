"""Lists and dicts held by attributes: saved as they are at save time, restored when filled later.

TF's ListWrapper / _DictWrapper semantics: a list or dict assigned to a tf.Module (or a
Keras layer) stays a list / dict, its elements are checkpoint children named by index
or key, and objects appended after `restore()` get their saved values when they appear.
"""

import copy
import json
import os

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core.trackable import DictWrapper, ListWrapper, TrackedList


class Holder(tf.Module):
    def __init__(self):
        super().__init__()
        self.vs = []
        self.d = {}


def keys(path):
    return [k for k, _ in tf.train.list_variables(path)]


def saved_holder(tmp_path):
    h = Holder()
    h.vs.append(tf.Variable(1.0))
    sub = tf.Module()
    h.vs.append(sub)
    sub.w = tf.Variable([2.0, 3.0])
    h.vs.append([tf.Variable(7.0)])
    h.d["a"] = tf.Variable(5.0)
    h.d.update(b=tf.Variable(np.arange(4, dtype=np.int64)))
    return tf.train.Checkpoint(m=h).write(str(tmp_path / "h"))


def test_containers_filled_after_assignment_are_saved(tmp_path):
    path = saved_holder(tmp_path)
    assert keys(path) == [
        "_CHECKPOINTABLE_OBJECT_GRAPH",
        "m/d/a/.ATTRIBUTES/VARIABLE_VALUE",
        "m/d/b/.ATTRIBUTES/VARIABLE_VALUE",
        "m/vs/0/.ATTRIBUTES/VARIABLE_VALUE",
        "m/vs/1/w/.ATTRIBUTES/VARIABLE_VALUE",
        "m/vs/2/0/.ATTRIBUTES/VARIABLE_VALUE",
    ]
    assert tf.train.load_variable(path, "m/vs/2/0/.ATTRIBUTES/VARIABLE_VALUE") == 7.0
    np.testing.assert_array_equal(tf.train.load_variable(path, "m/d/b/.ATTRIBUTES/VARIABLE_VALUE"),
                                  [0, 1, 2, 3])


def test_objects_appended_after_restore_get_their_values(tmp_path):
    path = saved_holder(tmp_path)
    h = Holder()
    status = tf.train.Checkpoint(m=h).read(path)
    status.assert_existing_objects_matched()
    h.vs.append(tf.Variable(0.0))
    assert float(h.vs[0]) == 1.0
    sub = tf.Module()
    h.vs.append(sub)
    sub.w = tf.Variable([0.0, 0.0])  # a grandchild created later still restores
    np.testing.assert_array_equal(sub.w.numpy(), [2.0, 3.0])
    h.d["a"] = tf.Variable(0.0)
    h.d.setdefault("b", tf.Variable(np.zeros(4, np.int64)))
    assert float(h.d["a"]) == 5.0
    np.testing.assert_array_equal(h.d["b"].numpy(), [0, 1, 2, 3])
    with pytest.raises(AssertionError, match=r"Unresolved object in checkpoint \(root\)\.m\.vs"
                                             r"\.2\.0"):
        status.assert_consumed()
    h.vs.append([tf.Variable(0.0)])  # a nested list: wrapped, and its element restored
    assert isinstance(h.vs[2], TrackedList) and float(h.vs[2][0]) == 7.0
    assert status.assert_consumed() is status


@pytest.mark.parametrize("how", ["extend", "iadd", "imul", "setitem", "slice"])
def test_every_way_of_adding_elements_restores(tmp_path, how):
    path = tf.train.Checkpoint(m=Holder()).write(str(tmp_path / "empty"))
    h = Holder()
    h.vs.append(tf.Variable(4.0))
    path = tf.train.Checkpoint(m=h).write(str(tmp_path / "one"))
    h2 = Holder()
    status = tf.train.Checkpoint(m=h2).read(path)
    v = tf.Variable(0.0)
    if how == "extend":
        h2.vs.extend([v])
    elif how == "iadd":
        h2.vs += [v]
    elif how == "imul":
        h2.vs.append(v)
        h2.vs *= 1
    elif how == "setitem":
        h2.vs.append(tf.constant(0))  # a non-trackable placeholder first
        h2.vs[-1] = v
    else:
        h2.vs[:] = [v]
    assert float(v) == 4.0
    status.assert_consumed()
    assert keys(path)[1] == "m/vs/0/.ATTRIBUTES/VARIABLE_VALUE"


def test_a_new_list_replacing_a_restored_one_is_not_restored_as_in_tf(tmp_path):
    h = Holder()
    h.vs.append(tf.Variable(4.0))
    path = tf.train.Checkpoint(m=h).write(str(tmp_path / "one"))
    h2 = Holder()
    status = tf.train.Checkpoint(m=h2).read(path)
    h2.vs = [tf.Variable(0.0)]  # TF 2.21 leaves it alone too: the saved "vs" was matched
    assert isinstance(h2.vs, TrackedList) and float(h2.vs[0]) == 0.0
    with pytest.raises(AssertionError, match="not bound to checkpointed values"):
        status.assert_consumed()
    status.expect_partial()


def test_dict_update_and_or_restore(tmp_path):
    h = Holder()
    h.d["x"] = tf.Variable(1.5)
    h.d["y"] = {"z": tf.Variable(2.5)}
    path = tf.train.Checkpoint(m=h).write(str(tmp_path / "d"))
    assert "m/d/y/z/.ATTRIBUTES/VARIABLE_VALUE" in keys(path)
    h2 = Holder()
    status = tf.train.Checkpoint(m=h2).read(path)
    h2.d |= {"x": tf.Variable(0.0)}
    h2.d.update({"y": {"z": tf.Variable(0.0)}})
    assert float(h2.d["x"]) == 1.5 and float(h2.d["y"]["z"]) == 2.5
    assert isinstance(h2.d["y"], DictWrapper)
    status.assert_consumed()


def test_keras_layers_in_lists_and_dicts_are_not_checkpoint_children_as_in_keras_3(tmp_path):
    # Keras 3 keeps a layer's lists and dicts in its own tracker, which TF's checkpoints
    # don't see: a model alone saves none of their weights (the optimizer's lists of the
    # variables it trains do, see the next test)
    class Net(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.blocks = []
            self.heads = {}

        def call(self, x):
            for layer in self.blocks:
                x = layer(x)
            return self.heads["out"](x)

    net = Net()
    net.blocks.append(tf.keras.layers.Dense(3, activation="relu"))
    net.heads["out"] = tf.keras.layers.Dense(1)
    net(tf.ones((2, 5)))
    path = tf.train.Checkpoint(model=net).save(str(tmp_path / "ck"))
    assert keys(path) == ["_CHECKPOINTABLE_OBJECT_GRAPH",
                          "save_counter/.ATTRIBUTES/VARIABLE_VALUE"]
    assert [type(x).__name__ for x in net.layers] == ["Dense", "Dense"]  # still its layers


def test_tracked_containers_still_behave_like_lists_and_dicts():
    h = Holder()
    h.vs.extend([1, 2])
    h.d["k"] = [3]
    assert isinstance(h.vs, list) and isinstance(h.d, dict)
    # printed as TF's wrappers (the plain-value [3] put in is wrapped too, as in TF)
    assert h.vs == [1, 2] and repr(h.vs) == "ListWrapper([1, 2])"
    assert repr(h.d) == "DictWrapper({'k': ListWrapper([3])})"
    assert str(h.d) == "{'k': ListWrapper([3])}"
    assert json.dumps({"vs": h.vs, "d": h.d}) == '{"vs": [1, 2], "d": {"k": [3]}}'
    tf.nest.assert_same_structure(h.vs, [0, 0], check_types=True)  # as TF's ListWrapper
    tf.nest.assert_same_structure(h.d, {"k": [0]}, check_types=True)
    assert tf.nest.flatten(h.d) == [3]
    c, dc = copy.copy(h.vs), copy.deepcopy(h.d)
    assert type(c) is ListWrapper and c == [1, 2] and c is not h.vs
    assert type(dc) is DictWrapper and dc == {"k": [3]} and dc["k"] is not h.d["k"]
    h.vs.pop()
    del h.d["k"]
    assert h.vs == [1] and h.d == {}
    # tuples stay as they were given; a private attribute is wrapped as the others (TF's
    # AutoTrackable tracks every attribute of a tf.Module)
    h.t = (tf.Variable(1.0),)
    h._private = []
    assert type(h.t) is tuple and type(h._private) is ListWrapper
    assert len(h.variables) == 1


MOVES = {
    "pop_last": lambda lst: lst.pop(),
    "pop_first": lambda lst: lst.pop(0),
    "del": lambda lst: lst.__delitem__(0),
    "remove": lambda lst: lst.remove(lst[1]),
    "clear": lambda lst: lst.clear(),
    "imul0": lambda lst: lst.__imul__(0),
    "replace": lambda lst: lst.__setitem__(0, tf.Variable(5.0)),
    "slice": lambda lst: lst.__setitem__(slice(1, None), []),
    "insert_end": lambda lst: lst.insert(len(lst), 3),
    "reverse": lambda lst: lst.reverse(),
    "sort": lambda lst: lst.sort(key=id),
}


@pytest.mark.parametrize("move", sorted(MOVES))
def test_lists_whose_trackables_moved_cannot_be_saved_as_in_tf(tmp_path, move):
    """TF 2.21 refuses these too: restoring by position would hand values to the wrong
    objects. Nothing is written."""
    h = Holder()
    h.vs.extend([tf.Variable(1.0), tf.Variable(2.0)])
    MOVES[move](h.vs)
    with pytest.raises(ValueError, match=r"Unable to save the object ListWrapper\(\[.*\(a list "
                                         r"attribute "
                                         r"tracked for checkpoints\)"):
        tf.train.Checkpoint(m=h).write(str(tmp_path / "r"))
    assert not os.listdir(tmp_path)


def test_moving_plain_values_and_dict_changes_are_fine(tmp_path):
    h = Holder()
    h.vs.extend([1, 2])
    h.vs.pop()
    h.vs.insert(0, 5)
    h.vs.reverse()
    h.vs.append(tf.Variable(2.0))
    h.d["gone"] = tf.Variable(3.0)
    del h.d["gone"]
    h.d["k"] = tf.Variable(1.0)
    h.d["k"] = tf.Variable(4.0)  # replacing a dict value keeps its name: allowed, as in TF
    path = tf.train.Checkpoint(m=h).write(str(tmp_path / "r"))
    assert keys(path) == ["_CHECKPOINTABLE_OBJECT_GRAPH", "m/d/k/.ATTRIBUTES/VARIABLE_VALUE",
                          "m/vs/2/.ATTRIBUTES/VARIABLE_VALUE"]
    assert tf.train.load_variable(path, "m/d/k/.ATTRIBUTES/VARIABLE_VALUE") == 4.0


def test_inserted_elements_are_not_restored_as_in_tf(tmp_path):
    h = Holder()
    h.vs.append(tf.Variable(4.0))
    path = tf.train.Checkpoint(m=h).write(str(tmp_path / "one"))
    h2 = Holder()
    status = tf.train.Checkpoint(m=h2).read(path)
    h2.vs.insert(0, tf.Variable(0.0))
    assert float(h2.vs[0]) == 0.0
    with pytest.raises(ValueError, match="Unable to save the object"):
        status.assert_consumed()  # the live list can't be walked for saving either
    status.expect_partial()


def test_checkpoint_keyword_containers_are_tracked_like_tf(tmp_path):
    with pytest.raises(ValueError, match="`Checkpoint` was expecting x to be a trackable"):
        tf.train.Checkpoint(x=3)
    plain = [1, 2]
    assert repr(tf.train.Checkpoint(x=plain).x) == "ListWrapper([1, 2])"  # as TF
    assert type(tf.train.Checkpoint(x={}).x) is DictWrapper
    ckpt = tf.train.Checkpoint(x=[])
    ckpt.x.append(tf.Variable(2.0))
    path = ckpt.write(str(tmp_path / "c"))
    assert keys(path) == ["_CHECKPOINTABLE_OBJECT_GRAPH", "x/0/.ATTRIBUTES/VARIABLE_VALUE"]
    ckpt2 = tf.train.Checkpoint(x=[])
    status = ckpt2.read(path)
    ckpt2.x.append(tf.Variable(0.0))
    assert float(ckpt2.x[0]) == 2.0
    status.assert_consumed()


def test_training_resumes_exactly_with_layers_and_slots_in_a_list(tmp_path):
    class Net(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.blocks = []
            self.blocks.append(tf.keras.layers.Dense(4, activation="tanh"))
            self.blocks.append(tf.keras.layers.Dense(1))

        def call(self, x):
            for block in self.blocks:
                x = block(x)
            return x

    def make():
        tf.keras.utils.set_random_seed(1)
        net = Net()
        net.compile(tf.keras.optimizers.Adam(0.01), "mse")
        return net

    rng = np.random.default_rng(0)
    x = rng.normal(size=(16, 3)).astype(np.float32)
    y = rng.normal(size=(16, 1)).astype(np.float32)
    a = make()
    a.fit(x, y, epochs=2, batch_size=8, verbose=0, shuffle=False)
    path = tf.train.Checkpoint(model=a, optimizer=a.optimizer).save(str(tmp_path / "c"))
    # the layers in the list are saved through the optimizer's lists (Keras 3 on TF)
    assert "optimizer/_trainable_variables/3/.ATTRIBUTES/VARIABLE_VALUE" in keys(path)
    assert "optimizer/_variables/9/.ATTRIBUTES/VARIABLE_VALUE" in keys(path)
    a.fit(x, y, epochs=1, batch_size=8, verbose=0, shuffle=False)
    b = make()  # nothing built yet: layers, variables and slots all appear during fit
    status = tf.train.Checkpoint(model=b, optimizer=b.optimizer).restore(path)
    b.fit(x, y, epochs=1, batch_size=8, verbose=0, shuffle=False)
    status.assert_consumed()
    assert len(a.weights) == len(b.weights) == 4
    for u, v in zip(a.weights, b.weights):
        np.testing.assert_array_equal(u.numpy(), v.numpy())


def test_dicts_with_non_string_keys_holding_trackables_cannot_be_saved_as_in_tf(tmp_path):
    h = Holder()
    h.d[1] = 2.0  # plain values may use any key
    h.d["a"] = tf.Variable(1.0)
    path = tf.train.Checkpoint(m=h).write(str(tmp_path / "ok"))
    assert keys(path) == ["_CHECKPOINTABLE_OBJECT_GRAPH", "m/d/a/.ATTRIBUTES/VARIABLE_VALUE"]
    for key in (1, (1, 2)):
        h2 = Holder()
        h2.d[key] = tf.Variable(1.0)
        with pytest.raises(ValueError, match=r"its key .* is not a string but holds a trackable"):
            tf.train.Checkpoint(m=h2).write(str(tmp_path / "bad"))
    assert not os.path.exists(str(tmp_path / "bad.index"))


def test_module_containers_are_views_of_the_users_own_as_tfs_list_wrapper(tmp_path):
    """TF 2.21: a list or dict assigned to a tf.Module is wrapped (ListWrapper /
    DictWrapper) over the user's own object: changes made either way show in both."""
    h = Holder()
    sizes, opts = [64, 32], {"act": "relu"}
    h.sizes, h.opts = sizes, opts
    assert h.sizes is not sizes and h.sizes == sizes and sizes == h.sizes
    assert repr(h.sizes) == "ListWrapper([64, 32])" and repr(h.opts) == \
        "DictWrapper({'act': 'relu'})"
    h.sizes.append(16)
    h.opts["p"] = 0.5
    assert sizes == [64, 32, 16] and opts == {"act": "relu", "p": 0.5}
    h.sizes[0] = 1
    h.sizes += [8]
    assert sizes == [1, 32, 16, 8] and type(h.sizes) is ListWrapper
    sizes.append(4)  # behind the wrapper's back: seen through it too
    opts["q"] = 1
    assert h.sizes == [1, 32, 16, 8, 4] and len(h.sizes) == 5 and h.opts["q"] == 1
    assert type(h.sizes[1:]) is list and type(h.sizes + [0]) is list
    with pytest.raises(TypeError, match="unhashable"):
        hash(h.sizes)
    h.nested = [[1], {"a": [2]}]
    assert repr(h.nested) == "ListWrapper([ListWrapper([1]), DictWrapper({'a': ListWrapper([2])})])"
    other = tf.Module()
    other.x = h.nested
    assert other.x is h.nested  # a wrapper assigned again stays the same wrapper, as in TF
    h.sizes.sort()
    assert sizes == [1, 4, 8, 16, 32]


def test_wrappers_mirror_their_contents_for_c_readers():
    h = Holder()
    h.vs.extend([1, 2])
    h.d["k"] = 3
    assert json.dumps([h.vs, h.d]) == '[[1, 2], {"k": 3}]'
    np.testing.assert_array_equal(np.array(h.vs), [1, 2])


@pytest.mark.parametrize("container", ["list", "dict"])
def test_module_containers_changed_behind_the_wrapper_cannot_be_saved(tmp_path, container):
    """As in TF 2.21 (its messages): restoring by position could hand values to the wrong
    objects, so saving refuses, plain values included."""
    h = Holder()
    if container == "list":
        blocks = [1]
        h.blocks = blocks
        blocks[0] = 5
        what = r"ListWrapper\(\[5\]\) \(a list wrapper constructed to track trackable"
    else:
        blocks = {}
        h.blocks = blocks
        blocks["a"] = 1
        what = r"\{'a': 1\} \(a dictionary wrapper constructed automatically on attribute"
    with pytest.raises(ValueError, match=f"^Unable to save the object {what}.* The wrapped "
                                         f"{'list' if container == 'list' else 'dictionary'} "
                                         "was modified outside the wrapper"):
        tf.train.Checkpoint(m=h).write(str(tmp_path / "x"))


def test_tracked_containers_print_as_tensorflows_wrappers():
    """tf.Module: ListWrapper([...]) and DictWrapper({...}) (a dict's str is the dict's);
    Keras layers: plain lists and dicts, nested and appended ones too (Keras 3's TrackedList
    and TrackedDict)."""
    m = tf.Module()
    m.l = [tf.Variable(1.0), [tf.Variable(2.0)]]
    m.d = {}
    m.d["l"] = []
    v = "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>"
    w = "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>"
    assert repr(m.l) == str(m.l) == f"ListWrapper([{v}, ListWrapper([{w}])])"
    assert (repr(m.d), str(m.d)) == ("DictWrapper({'l': ListWrapper([])})",
                                     "{'l': ListWrapper([])}")
    layer = tf.keras.layers.Layer()
    layer.items = []
    layer.items.append([])
    layer.table = {"a": []}
    assert (repr(layer.items), repr(layer.table)) == ("[[]]", "{'a': []}")


def test_wrappers_through_nest_and_function_outputs():
    # as TF 2.21: tf.nest rebuilds a module's list and dict attributes as their wrappers
    # (and a subclass of list or tuple as itself), and a tf.function returning them
    # gives a plain list and dict
    class Tup(tuple):
        pass

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.vals = [tf.constant(1.0), tf.constant(2.0)]
            self.d = {"b": tf.constant(3.0), "a": tf.constant(4.0)}

        @tf.function
        def f(self):
            return self.vals, self.d

    m = M()
    twice = tf.nest.map_structure(lambda t: t * 2, m.vals)
    assert type(twice) is ListWrapper and [float(t) for t in twice] == [2.0, 4.0]
    d = tf.nest.map_structure(lambda t: int(t), m.d)
    assert type(d) is DictWrapper and dict(d) == {"b": 3, "a": 4} and list(d) == ["b", "a"]
    assert type(tf.nest.pack_sequence_as(m.d, [7, 8])) is DictWrapper
    assert type(tf.nest.map_structure(lambda v: v, [Tup((1, 2))])[0]) is Tup
    a, b = m.f()
    assert type(a) is list and type(b) is dict
    assert [float(t) for t in a] == [1.0, 2.0] and {k: float(v) for k, v in b.items()} == \
        {"b": 3.0, "a": 4.0}
