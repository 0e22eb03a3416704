"""tf.train.Checkpoint: keys, save/write/read/restore, statuses, deferred restoration, errors."""

import logging
import os

import numpy as np
import pytest
from ckpt_fakes import FakeOptimizer, LazyDense, Module, train

import eagerflow as tf
from eagerflow._src.core.context import _state
from eagerflow._src.core.trackable import AutoTrackable
from eagerflow._src.io.tensor_bundle import BundleWriter
from eagerflow._src.train import graph_view


def keys(path):
    return [k for k, _ in tf.train.list_variables(path)]


def test_save_and_restore_variables_modules_lists_dicts(tmp_path):
    x = tf.Variable(10.0)
    m = Module(v=tf.Variable([[1, 2], [3, 4]]), s=tf.Variable([b"ab", b"cde"]),
               lst=[tf.Variable(1.5), Module()], d={"w": tf.Variable(np.arange(3.0))})
    ckpt = tf.train.Checkpoint(x=x, m=m)
    path = ckpt.save(str(tmp_path / "ck"))
    assert path == str(tmp_path / "ck") + "-1"
    assert keys(path) == [
        "_CHECKPOINTABLE_OBJECT_GRAPH",
        "m/d/w/.ATTRIBUTES/VARIABLE_VALUE",
        "m/lst/0/.ATTRIBUTES/VARIABLE_VALUE",
        "m/s/.ATTRIBUTES/VARIABLE_VALUE",
        "m/v/.ATTRIBUTES/VARIABLE_VALUE",
        "save_counter/.ATTRIBUTES/VARIABLE_VALUE",
        "x/.ATTRIBUTES/VARIABLE_VALUE",
    ]
    x.assign(0.0)
    m.v.assign([[0, 0], [0, 0]])
    m.s.assign([b"", b""])
    m.lst[0].assign(0.0)
    m.d["w"].assign(np.zeros(3))
    status = ckpt.restore(path)
    assert status.assert_consumed() is status
    assert float(x) == 10.0
    np.testing.assert_array_equal(m.v.numpy(), [[1, 2], [3, 4]])
    assert list(m.s.numpy()) == [b"ab", b"cde"]
    assert float(m.lst[0]) == 1.5
    np.testing.assert_array_equal(m.d["w"].numpy(), [0, 1, 2])


def test_object_graph_matches_tensorflow_layout(tmp_path):
    m = Module(v=tf.Variable(1.0, name="mv"))
    ckpt = tf.train.Checkpoint(x=tf.Variable(2.0), m=m)
    path = ckpt.save(str(tmp_path / "ck"))
    graph = tf.train.load_checkpoint(path).get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH")
    proto = graph_view.protos.TrackableObjectGraph()
    proto.ParseFromString(graph)
    root = proto.nodes[0]
    assert [(c.local_name, c.node_id) for c in root.children] == \
        [("m", 1), ("x", 2), ("save_counter", 3)]
    mv = proto.nodes[proto.nodes[1].children[0].node_id]
    assert mv.attributes[0].name == "VARIABLE_VALUE"
    assert mv.attributes[0].full_name == "mv"
    assert mv.attributes[0].checkpoint_key == "m/v/.ATTRIBUTES/VARIABLE_VALUE"
    assert all(n.has_checkpoint_values.value for n in proto.nodes)


def test_save_counter_numbering_and_state_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    v = tf.Variable(2.0)
    ckpt = tf.train.Checkpoint(x=v)
    assert ckpt.save("./ckpt/") == "./ckpt/-1"
    assert tf.train.latest_checkpoint("./ckpt/") == "./ckpt/-1"
    assert ckpt.save("ckpt/model") == "ckpt/model-2"
    assert int(ckpt.save_counter) == 2
    assert ckpt.save_counter.dtype == tf.int64
    state = open("ckpt/checkpoint").read()
    assert state == 'model_checkpoint_path: "model-2"\nall_model_checkpoint_paths: "model-2"\n'
    assert tf.train.latest_checkpoint("ckpt") == os.path.join("ckpt", "model-2")
    assert ckpt.save("top") == "top-3" and tf.train.latest_checkpoint(".") == "./top-3"
    # restoring brings the counter back too
    ckpt.restore("./ckpt/-1").assert_consumed()
    assert int(ckpt.save_counter) == 1


def test_write_and_read_leave_counter_and_state_alone(tmp_path):
    v = tf.Variable([1.0, 2.0])
    ckpt = tf.train.Checkpoint(v=v)
    assert ckpt.write(tmp_path / "w") == str(tmp_path / "w")
    assert sorted(os.listdir(tmp_path)) == ["w.data-00000-of-00001", "w.index"]
    v.assign([0.0, 0.0])
    ckpt.read(str(tmp_path / "w")).assert_consumed()
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])
    assert int(ckpt.save_counter) == 0


def test_restore_none_initializes_only():
    status = tf.train.Checkpoint(v=tf.Variable(1.0)).restore(None)
    assert type(status).__name__ == "InitializationOnlyStatus"
    status.initialize_or_restore()
    for check in (status.assert_consumed, status.assert_existing_objects_matched,
                  status.assert_nontrivial_match):
        with pytest.raises(AssertionError, match="No checkpoint specified"):
            check()


def test_status_assertions(tmp_path):
    path = tf.train.Checkpoint(v=tf.Variable([1.0, 2.0]), w=tf.Variable(3)).write(
        str(tmp_path / "a"))

    extra = tf.train.Checkpoint(v=tf.Variable([0.0, 0.0]), z=tf.Variable(1.0)).read(path)
    with pytest.raises(AssertionError, match="Found 1 Python objects that were not bound"):
        extra.assert_consumed()
    with pytest.raises(AssertionError, match="Showing 1 of 1 unmatched objects"):
        extra.assert_existing_objects_matched()
    extra.assert_nontrivial_match()
    extra.expect_partial()

    partial = tf.train.Checkpoint(v=tf.Variable([0.0, 0.0])).read(path)
    partial.assert_existing_objects_matched()
    with pytest.raises(AssertionError, match=r"Unresolved object in checkpoint \(root\)\.w"):
        partial.assert_consumed()
    partial.expect_partial()

    nothing = tf.train.Checkpoint(q=tf.Variable([0.0, 0.0])).read(path)
    with pytest.raises(AssertionError, match="Nothing except the root object matched"):
        nothing.assert_nontrivial_match()
    nothing.expect_partial()
    with pytest.raises(AssertionError, match="Nothing to load"):
        tf.train.Checkpoint().read(path).expect_partial().assert_nontrivial_match()
    assert "CheckpointLoadStatus" in repr(partial)


def test_unrestored_values_are_logged_unless_partial_expected(tmp_path, caplog):
    path = tf.train.Checkpoint(v=tf.Variable(1.0), w=tf.Variable(2.0)).write(str(tmp_path / "a"))
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        status = tf.train.Checkpoint(v=tf.Variable(0.0)).read(path)
        del status
        assert "could not be found in the restored object: (root).w" in caplog.text
        caplog.clear()
        tf.train.Checkpoint(v=tf.Variable(0.0)).read(path).expect_partial()
        assert "could not be found" not in caplog.text


def test_deferred_restoration_of_lazy_variables_and_slots(tmp_path):
    layer, opt = LazyDense(2, seed=1), FakeOptimizer()
    x = train(layer, opt, steps=3)
    ckpt = tf.train.Checkpoint(model=layer, optimizer=opt)
    path = ckpt.save(str(tmp_path / "ck"))
    assert "model/kernel/.OPTIMIZER_SLOT/optimizer/m/.ATTRIBUTES/VARIABLE_VALUE" in keys(path)
    assert "optimizer/iter/.ATTRIBUTES/VARIABLE_VALUE" in keys(path)
    want = {k: tf.train.load_variable(path, k) for k in keys(path)[1:]}

    layer2, opt2 = LazyDense(2, seed=7), FakeOptimizer()
    status = tf.train.Checkpoint(model=layer2, optimizer=opt2).restore(path)
    assert int(opt2.iter) == 3  # existing objects restore immediately
    with pytest.raises(AssertionError, match="Unresolved object"):
        status.assert_consumed()
    status.assert_existing_objects_matched()
    layer2(x)  # build: the variables appear and get their saved values
    np.testing.assert_array_equal(layer2.kernel.numpy(), layer.kernel.numpy())
    np.testing.assert_array_equal(layer2.bias.numpy(), layer.bias.numpy())
    # the first apply creates the slots, which take their saved values before being updated
    zero = [np.zeros(v.shape, np.float32) for v in layer2.variables]
    opt2.apply_gradients(zip(zero, layer2.variables))
    for var, old in zip(layer2.variables, layer.variables):
        for name in ("m", "v"):
            np.testing.assert_array_equal(opt2.get_slot(var, name).numpy(),
                                          opt.get_slot(old, name).numpy())
    status.assert_consumed()
    assert want["model/kernel/.OPTIMIZER_SLOT/optimizer/v/.ATTRIBUTES/VARIABLE_VALUE"].shape == \
        (3, 2)


def test_slots_restore_immediately_when_they_exist(tmp_path):
    layer, opt = LazyDense(2), FakeOptimizer(slot_names=("momentum",))
    train(layer, opt)
    path = tf.train.Checkpoint(model=layer, opt=opt).write(str(tmp_path / "a"))
    layer2, opt2 = LazyDense(2, seed=3), FakeOptimizer(slot_names=("momentum",))
    train(layer2, opt2, seed=5)
    tf.train.Checkpoint(model=layer2, opt=opt2).read(path).assert_consumed()
    for v2, v in zip(layer2.variables, layer.variables):
        np.testing.assert_array_equal(opt2.get_slot(v2, "momentum").numpy(),
                                      opt.get_slot(v, "momentum").numpy())


def test_late_children_of_modules_are_restored(tmp_path):
    path = tf.train.Checkpoint(m=Module(a=Module(w=tf.Variable(5.0)))).write(str(tmp_path / "a"))
    m = Module()
    status = tf.train.Checkpoint(m=m).read(path)
    inner = Module()
    m.a = inner
    inner.w = tf.Variable(0.0)
    assert float(inner.w) == 5.0
    status.assert_consumed()


def test_shape_and_dtype_mismatch_name_the_variable_and_change_nothing(tmp_path):
    path = tf.train.Checkpoint(a=tf.Variable(1.0), v=tf.Variable([1.0, 2.0])).write(
        str(tmp_path / "a"))
    a = tf.Variable(7.0)
    with pytest.raises(ValueError, match=r"incompatible tensor with shape \(2,\) when attempting "
                                         r"to restore variable with shape \(3,\) and name vee:0"):
        tf.train.Checkpoint(a=a, v=tf.Variable([1.0, 2.0, 3.0], name="vee")).read(path)
    assert float(a) == 7.0
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="expected dtype int32 does not equal original dtype float"):
        tf.train.Checkpoint(a=a, v=tf.Variable([1, 2], name="ints")).read(path)
    assert float(a) == 7.0


def test_names_are_escaped(tmp_path):
    class Odd(AutoTrackable):
        def _trackable_children(self):
            return {"a/b.c": self._v}

    o = Odd()
    o._v = tf.Variable(3.0)
    path = tf.train.Checkpoint(o=o).write(str(tmp_path / "a"))
    assert "o/a.Sb..c/.ATTRIBUTES/VARIABLE_VALUE" in keys(path)
    o._v.assign(0.0)
    tf.train.Checkpoint(o=o).read(path).assert_consumed()
    assert float(o._v) == 3.0


def test_constructor_validation():
    with pytest.raises(ValueError, match="`Checkpoint` was expecting x to be a trackable object"):
        tf.train.Checkpoint(x=1)
    with pytest.raises(AttributeError, match="save_counter"):
        tf.train.Checkpoint(save_counter=tf.Variable(1))
    c = tf.train.Checkpoint(step=tf.Variable(0))
    c.step.assign_add(1)  # kwargs are attributes
    assert int(c.step) == 1


def test_root_checkpoint_and_shared_objects(tmp_path):
    shared = tf.Variable(4.0)
    model = Module(a=shared, b=Module(again=shared))
    path = tf.train.Checkpoint(model, step=tf.Variable(9)).write(str(tmp_path / "r"))
    assert keys(path) == ["_CHECKPOINTABLE_OBJECT_GRAPH", "a/.ATTRIBUTES/VARIABLE_VALUE",
                          "step/.ATTRIBUTES/VARIABLE_VALUE"]
    shared.assign(0.0)
    step = tf.Variable(0)
    tf.train.Checkpoint(model, step=step).read(path).assert_consumed()
    assert float(shared) == 4.0 and int(step) == 9
    saved = tf.train.Checkpoint(model, step=step).save(str(tmp_path / "s"))
    again = tf.train.Checkpoint(model, step=step)
    again.restore(saved).assert_consumed()  # the counter, created after reading, is restored
    assert int(again.save_counter) == 1


def test_serialize_to_tensors_protocol(tmp_path):
    class Counter(AutoTrackable):
        def __init__(self):
            self.count = 0

        def _serialize_to_tensors(self):
            return {"count": tf.constant(self.count, dtype=tf.int64)}

        def _restore_from_tensors(self, tensors):
            self.count = int(tensors["count"])

    c = Counter()
    c.count = 41
    path = tf.train.Checkpoint(c=c).write(str(tmp_path / "a"))
    assert "c/.ATTRIBUTES/count" in keys(path)
    c2 = Counter()
    tf.train.Checkpoint(c=c2).read(path).assert_consumed()
    assert c2.count == 41


def test_restore_while_a_graph_is_being_traced_assigns_eagerly(tmp_path):
    class TracingGraph:
        def read_variable(self, v):
            raise AssertionError("restore must not read through the graph")

        def assign_variable(self, v, t, mode):
            raise AssertionError("restore must not assign through the graph")

    path = tf.train.Checkpoint(m=Module(w=tf.Variable(2.5))).write(str(tmp_path / "a"))
    m = Module()
    status = tf.train.Checkpoint(m=m).read(path)
    _state.graph = TracingGraph()
    try:
        m.w = tf.Variable(0.0)  # a variable created mid-trace (lifted out) is restored now
    finally:
        _state.graph = None
    assert float(m.w) == 2.5
    status.assert_consumed()
    with pytest.raises(RuntimeError, match="outside tf.function"):
        _state.graph = TracingGraph()
        try:
            tf.train.Checkpoint(m=m).write(str(tmp_path / "b"))
        finally:
            _state.graph = None


def test_name_based_checkpoint(tmp_path):
    w = BundleWriter(str(tmp_path / "v1"))
    w.add("dense/kernel", np.full((2,), 3.0, np.float32), tf.float32)
    w.finish()
    v = tf.Variable([0.0, 0.0], name="dense/kernel")
    status = tf.train.Checkpoint(v=v).restore(str(tmp_path / "v1"))
    status.assert_consumed()
    np.testing.assert_array_equal(v.numpy(), [3.0, 3.0])


def test_restore_missing_path_is_not_found(tmp_path):
    with pytest.raises(tf.errors.NotFoundError, match="You may be missing the checkpoint suffix"):
        tf.train.Checkpoint(v=tf.Variable(1.0)).restore(str(tmp_path / "nope"))
    with pytest.raises(tf.errors.NotFoundError, match="Failed to find any matching files"):
        tf.train.Checkpoint(v=tf.Variable(1.0)).read(str(tmp_path / "nope"))


def test_corrupt_checkpoint_restores_nothing(tmp_path):
    a, b = tf.Variable(np.arange(100.0)), tf.Variable(np.arange(50.0))
    path = tf.train.Checkpoint(a=a, b=b).write(str(tmp_path / "c"))
    data = path + ".data-00000-of-00001"
    raw = bytearray(open(data, "rb").read())
    raw[-5] ^= 0xFF
    open(data, "wb").write(bytes(raw))
    a2, b2 = tf.Variable(np.zeros(100)), tf.Variable(np.zeros(50))
    with pytest.raises(tf.errors.DataLossError, match="c.data-00000-of-00001"):
        tf.train.Checkpoint(a=a2, b=b2).read(path)
    assert not a2.numpy().any() and not b2.numpy().any()


def test_reader_api(tmp_path):
    path = tf.train.Checkpoint(v=tf.Variable(1.0), s=tf.Variable(b"x"),
                               q=tf.Variable(["a", "b"])).save(str(tmp_path / "d" / "c"))
    r = tf.train.load_checkpoint(str(tmp_path / "d"))
    got = r.get_tensor("v/.ATTRIBUTES/VARIABLE_VALUE")
    assert type(got) is np.float32 and got == 1.0
    assert r.get_tensor("s/.ATTRIBUTES/VARIABLE_VALUE") == b"x"
    assert list(r.get_tensor("q/.ATTRIBUTES/VARIABLE_VALUE")) == [b"a", b"b"]
    assert type(r.get_tensor("save_counter/.ATTRIBUTES/VARIABLE_VALUE")) is np.int64
    assert r.has_tensor("v/.ATTRIBUTES/VARIABLE_VALUE") and not r.has_tensor("zz")
    assert r.get_variable_to_dtype_map()["q/.ATTRIBUTES/VARIABLE_VALUE"] == tf.string
    assert r.get_variable_to_shape_map()["q/.ATTRIBUTES/VARIABLE_VALUE"] == [2]
    assert b"v/.ATTRIBUTES/VARIABLE_VALUE (DT_FLOAT) []" in r.debug_string()
    with pytest.raises(tf.errors.NotFoundError, match="Key zz not found in checkpoint"):
        r.get_tensor("zz")
    assert tf.train.load_variable(path, "v/.ATTRIBUTES/VARIABLE_VALUE") == 1.0
    with pytest.raises(ValueError, match="Couldn't find 'checkpoint' file"):
        tf.train.load_checkpoint(str(tmp_path))
    with pytest.raises(tf.errors.NotFoundError):
        tf.train.list_variables(str(tmp_path / "nope"))


def test_save_fsyncs_files_and_directories(tmp_path, monkeypatch):
    synced = []
    real = os.fsync

    def spy(fd):
        synced.append(os.path.realpath(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd")
                      else fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    tf.train.Checkpoint(v=tf.Variable(1.0)).save(str(tmp_path / "c"))
    assert len(synced) >= 5  # data, index, their directory, the state file, and again the dir
    if os.path.exists("/proc/self/fd"):
        assert str(tmp_path.resolve()) in synced


def test_newest_pending_restore_wins_and_old_ones_are_released(tmp_path):
    import gc
    import weakref

    from eagerflow._src.train import restore as restore_mod

    paths = [tf.train.Checkpoint(m=Module(w=tf.Variable(float(i)))).write(str(tmp_path / f"{i}"))
             for i in range(3)]
    m = Module()
    ckpt = tf.train.Checkpoint(m=m)
    refs = []
    for p in paths:
        status = ckpt.read(p)
        refs.append(weakref.ref(status._restore))
        del status
    gc.collect()
    assert refs[0]() is None and refs[1]() is None  # superseded restores are released
    assert len(restore_mod._PENDING_CHILDREN[id(m)].by_name["w"]) == 1
    m.w = tf.Variable(-1.0)
    assert float(m.w) == 2.0


def test_variables_created_while_tracing_a_tf_function_are_restored(tmp_path):
    class Layer(AutoTrackable):
        def __call__(self, x):
            if not hasattr(self, "w"):
                self.w = tf.Variable(tf.ones([3]), name="w")
            return x * self.w

    saved = Layer()
    saved(tf.ones([3]))
    saved.w.assign([1.0, 2.0, 3.0])
    path = tf.train.Checkpoint(layer=saved).write(str(tmp_path / "a"))
    layer = Layer()
    status = tf.train.Checkpoint(layer=layer).read(path)

    @tf.function
    def f(x):
        return layer(x)  # the first trace creates `w`; the restore fills it before it runs

    np.testing.assert_array_equal(f(tf.ones([3])).numpy(), [1.0, 2.0, 3.0])
    status.assert_consumed()


def test_metrics_nested_checkpoints_and_step_counters(tmp_path):
    """Keras 2 metric keys (`total`, `count`), a Checkpoint inside a Checkpoint, an int64 step."""
    mean = tf.keras.metrics.Mean()
    mean.update_state([1.0, 2.0, 6.0])
    acc = tf.keras.metrics.SparseCategoricalAccuracy()
    acc.update_state([1, 0], [[0.1, 0.9], [0.2, 0.8]])
    inner = tf.train.Checkpoint(v=tf.Variable(3.0))
    path = tf.train.Checkpoint(mean=mean, acc=acc, inner=inner,
                               step=tf.Variable(7, dtype=tf.int64)).write(str(tmp_path / "m"))
    assert keys(path) == [
        "_CHECKPOINTABLE_OBJECT_GRAPH",
        "acc/count/.ATTRIBUTES/VARIABLE_VALUE", "acc/total/.ATTRIBUTES/VARIABLE_VALUE",
        "inner/v/.ATTRIBUTES/VARIABLE_VALUE",
        "mean/count/.ATTRIBUTES/VARIABLE_VALUE", "mean/total/.ATTRIBUTES/VARIABLE_VALUE",
        "step/.ATTRIBUTES/VARIABLE_VALUE"]
    mean2, acc2 = tf.keras.metrics.Mean(), tf.keras.metrics.SparseCategoricalAccuracy()
    inner2, step2 = tf.train.Checkpoint(v=tf.Variable(0.0)), tf.Variable(0, dtype=tf.int64)
    status = tf.train.Checkpoint(mean=mean2, acc=acc2, inner=inner2, step=step2).read(path)
    status.assert_consumed()
    assert float(mean2.result()) == 3.0 and float(acc2.result()) == 0.5
    assert float(inner2.v) == 3.0 and int(step2) == 7


def test_keras_optimizer_iterations_named_as_tf(tmp_path):
    # TF 2.21: the step counter's variable is "<optimizer>/iteration", the name its
    # checkpoints record (and assert_consumed reports) as the value's full_name
    model = tf.keras.Sequential([tf.keras.layers.Input((4,)), tf.keras.layers.Dense(2)])
    opt = tf.keras.optimizers.Adam(0.05, name="adam")  # (named: the test order can't number it)
    opt.build(model.trainable_variables)
    assert opt.iterations.value.name == "adam/iteration:0"
    path = tf.train.Checkpoint(model=model, optimizer=opt).save(str(tmp_path / "c"))
    status = tf.train.Checkpoint(model=model).restore(path)
    with pytest.raises(AssertionError, match='full_name: "adam/iteration"'):
        status.assert_consumed()
    status.expect_partial()
