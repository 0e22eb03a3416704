"""tf.saved_model.experimental.TrackableResource as TF 2.21 has it: the handle made on
first use (on the construction's device), TF's error when `_create_resource` is missing,
the resource released with its object when made eagerly, lookup tables as resources.
(Facts checked against TF 2.21 by hand: the same calls there give the same log.)"""

import gc

import pytest

import eagerflow as tf

TR = tf.saved_model.experimental.TrackableResource


def test_base_class_has_no_resource():
    r = TR()
    assert r._resource_device == ""
    assert TR(device="/cpu:0")._resource_device == "/cpu:0"
    assert r._initialize() is None and r._destroy_resource() is None
    with pytest.raises(NotImplementedError,
                       match=r"^TrackableResource._create_resource not implemented.$"):
        r.resource_handle
    with pytest.raises(AttributeError):
        r.resource_handle = 1  # a property without a setter, as TF's


class Counter(TR):
    """A resource of the host: a Python list standing for a runtime object."""

    def __init__(self, log, device=""):
        super().__init__(device=device)
        self.log = log
        self._initialize()

    def _create_resource(self):
        self.log.append("create")
        return tf.constant(7)  # what device it was made on shows on the tensor

    def _initialize(self):
        self.log.append("init")
        self.resource_handle  # (TF's subclasses read the handle to fill it)

    def _destroy_resource(self):
        self.log.append("destroy")


def test_lifecycle_as_tf():
    log = []
    r = Counter(log)
    assert log == ["init", "create"]  # TF's order: _initialize asks for the handle
    h = r.resource_handle
    assert h is r.resource_handle and log == ["init", "create"]  # made once
    del r, h
    gc.collect()
    assert log == ["init", "create", "destroy"]


def test_handle_made_on_the_resource_device():
    r = Counter([], device="/cpu:0")
    assert r.resource_handle.device.endswith("device:CPU:0")


def test_not_destroyed_when_never_made_or_made_in_a_graph():
    log = []

    class Lazy(Counter):
        def _initialize(self):
            self.log.append("init")
    r = Lazy(log)
    del r
    gc.collect()
    assert log == ["init"]
    log2 = []
    held = {"r": Lazy(log2)}

    @tf.function
    def f():
        return held["r"].resource_handle + 1
    assert f().numpy() == 8
    held.clear()
    gc.collect()
    assert "destroy" not in log2



def test_freed_while_a_function_is_traced_destroys_eagerly():
    """The collector frees objects in whatever code runs: here, inside a trace, under a
    tape and a name scope. As TF's, the destroyer (a tf.function) runs eagerly: its
    effect happens now, and the traced graph gains no call of it."""
    hits = tf.Variable(0)

    class Cyclic(TR):
        def __init__(self):
            super().__init__()
            self.me = self  # (freed by the collector only)

        def _create_resource(self):
            return tf.constant(1)

        @tf.function
        def _destroy_resource(self):
            hits.assign_add(1)

    def f(x):
        gc.collect()
        return x + 1

    r = Cyclic()
    r.resource_handle
    gc.disable()
    try:
        del r
        with tf.GradientTape(), tf.name_scope("outer"):
            graph = tf.function(f).get_concrete_function(tf.TensorSpec([], tf.float32)).graph
    finally:
        gc.enable()
    assert [o.type for o in graph.get_operations()] == ["Placeholder", "Const", "AddV2",
                                                         "Identity"]
    assert hits.numpy() == 1

def test_lookup_tables_are_resources():
    table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer([1], [2]), -1)
    assert isinstance(table, TR)
    assert not isinstance(tf.Variable(1.0), TR)  # as TF: a variable is not one
    assert table.lookup(tf.constant([1])).numpy().tolist() == [2]
