"""TF's staging areas (ops/staging_ops.py): StagingArea's Stage family and the staging
maps' MapStage / OrderedMapStage families, through tf.raw_ops, with TF 2.21's results and
messages (recorded from TF eagerly), and eagerflow's refusal of the waits TF never ends.
"""

from __future__ import annotations

import itertools
import threading

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import numpy as numpy_backend
from eagerflow._src.ops import staging_ops

R = tf.raw_ops
F32, I32, I64 = tf.float32, tf.int32, tf.int64
_NAMES = itertools.count()


@pytest.fixture
def alone():
    """The refusals of waits need no other thread that could end them (TF's would wait)."""
    if staging_ops.others_running(float("-inf")):
        pytest.skip("another thread that has staged runs: it could end a wait")


def fresh() -> str:
    """A shared_name no other test uses (the areas live for the process, as TF's)."""
    return f"test_staging_{next(_NAMES)}"


# ---------------------------------------------------------------------------------------
# StagingArea
# ---------------------------------------------------------------------------------------

def test_stage_then_peek_size_unstage_in_order():
    name = fresh()
    R.Stage(values=[tf.constant([1.0, 2.0]), tf.constant(3)], shared_name=name)
    R.Stage(values=[tf.constant([4.0]), tf.constant(5)], shared_name=name)
    assert int(R.StageSize(dtypes=[], shared_name=name)) == 2
    # (the size ops take any dtypes and capacity: the first op made the area)
    assert int(R.StageSize(dtypes=[F32], capacity=3, shared_name=name)) == 2
    a, b = R.StagePeek(index=1, dtypes=[F32, I32], shared_name=name)
    assert a.numpy().tolist() == [4.0] and int(b) == 5
    a, b = R.Unstage(dtypes=[F32, I32], shared_name=name)
    assert a.numpy().tolist() == [1.0, 2.0] and int(b) == 3
    assert int(R.StageSize(dtypes=[], shared_name=name)) == 1
    R.StageClear(dtypes=[], shared_name=name)
    assert int(R.StageSize(dtypes=[], shared_name=name)) == 0


def test_unstage_of_other_dtypes_takes_the_tuple_then_refuses():
    name = fresh()
    R.Stage(values=[tf.constant([1.0, 2.0]), tf.constant(3)], shared_name=name)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Type mismatch: actual int32 vs\. expect float \[Op:Unstage\]"):
        R.Unstage(dtypes=[F32, F32], shared_name=name)
    assert int(R.StageSize(dtypes=[], shared_name=name)) == 0
    R.Stage(values=[tf.constant(1.0)], shared_name=name)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Mismatch stage/unstage: 1 vs. 2"):
        R.Unstage(dtypes=[F32, F32], shared_name=name)
    assert int(R.StageSize(dtypes=[], shared_name=name)) == 0


def test_peek_refusals_leave_the_tuple():
    name = fresh()
    R.Stage(values=[tf.constant([1.0, 2.0]), tf.constant(3)], shared_name=name)
    with pytest.raises(tf.errors.InvalidArgumentError, match="index must be scalar"):
        R.StagePeek(index=[0], dtypes=[F32, I32], shared_name=name)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Type mismatch: actual float vs. expect int32"):
        R.StagePeek(index=0, dtypes=[I32, I32], shared_name=name)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Mismatch stage/unstage: 2 vs. 1"):
        R.StagePeek(index=0, dtypes=[F32], shared_name=name)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"input #0\(zero-based\) was expected to be a int32 tensor but is "
                             "a int64 tensor"):
        R.StagePeek(index=tf.constant(0, I64), dtypes=[F32, I32], shared_name=name)
    assert int(R.StageSize(dtypes=[], shared_name=name)) == 1


@pytest.mark.parametrize("values,size", [
    ([np.float32([1, 2, 3])], 12),
    ([np.array([b""], dtype=object)], 24),  # (a string: 24 bytes and its characters)
    ([np.array([b"a", b"bb"], dtype=object)], 51),
    ([np.array([True] * 3), np.int64(1)], 11),
    ([np.float16([1]), np.complex128(1 + 2j)], 18),
])
def test_memory_limit_refuses_a_larger_tuple_with_tfs_size(values, size):
    with pytest.raises(tf.errors.ResourceExhaustedError,
                       match=f"Attempted to insert tensors with combined size of '{size}' bytes "
                             "into Staging Area with a memory limit of '1'."):
        R.Stage(values=[tf.constant(v) for v in values], memory_limit=1, shared_name=fresh())


def test_attrs_refused_as_tfs_op_definition_refuses_them():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Value for attr 'capacity' of -1 must be at least minimum 0\n\t; "
                             "NodeDef: {{node Stage}}; Op<name=Stage; signature=values: -> ;"):
        R.Stage(values=[tf.constant(1.0)], capacity=-1, shared_name=fresh())
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Length for attr 'dtypes' of 0 must be at least minimum 1"):
        R.Unstage(dtypes=[], shared_name=fresh())


def test_the_first_op_sets_the_capacity_and_unnamed_ops_share_by_op_name(alone):
    name = fresh()
    R.Stage(values=[tf.constant(1.0)], capacity=1, shared_name=name)
    with pytest.raises(tf.errors.FailedPreconditionError, match="would wait forever"):
        R.Stage(values=[tf.constant(1.0)], capacity=5, shared_name=name)
    # An unnamed op's area is named after its node, eagerly its op: Stage and StageSize
    # never meet
    R.Stage(values=[tf.constant(1.0)])
    assert int(R.StageSize(dtypes=[])) == 0
    R.Stage(values=[tf.constant(1.0)], container="elsewhere", shared_name=name)
    assert int(R.StageSize(dtypes=[], container="elsewhere", shared_name=name)) == 1
    R.StageClear(dtypes=[], shared_name="Stage")  # (the unnamed Stage's area)


def test_waits_tf_never_ends_are_refused_single_threaded(alone):
    name = fresh()
    with pytest.raises(tf.errors.FailedPreconditionError,
                       match=r"The staging area is empty: TF's kernel waits here for another "
                             r"thread, .* \[Op:Unstage\]"):
        R.Unstage(dtypes=[F32], shared_name=name)
    R.Stage(values=[tf.constant(1.0)], shared_name=name)
    with pytest.raises(tf.errors.FailedPreconditionError, match="none at index 1"):
        R.StagePeek(index=1, dtypes=[F32], shared_name=name)
    with pytest.raises(tf.errors.FailedPreconditionError, match="18446744073709551615"):
        R.StagePeek(index=-1, dtypes=[F32], shared_name=name)
    R.Stage(values=[tf.constant([1.0, 2.0])], memory_limit=8, shared_name=name + "m")
    with pytest.raises(tf.errors.FailedPreconditionError, match="The staging area is full"):
        R.Stage(values=[tf.constant(1.0)], memory_limit=8, shared_name=name + "m")


def test_an_unstage_waits_for_another_threads_stage():
    name = fresh()
    got: list = []
    consumer = threading.Thread(
        target=lambda: got.append(R.Unstage(dtypes=[F32], shared_name=name)[0].numpy()))
    consumer.start()
    R.Stage(values=[tf.constant(7.0)], shared_name=name)
    consumer.join(10)
    assert got == [7.0]


def test_stage_and_unstage_in_a_tf_function():
    name = fresh()

    @tf.function
    def f(x):
        R.Stage(values=[x], shared_name=name)
        return R.Unstage(dtypes=[F32], shared_name=name)

    assert f(tf.constant(5.0))[0].numpy() == 5.0
    ops = [op.type for op in f.get_concrete_function(tf.TensorSpec([], F32)).graph
           .get_operations()]
    assert "Stage" in ops and "Unstage" in ops


def test_a_tf1_session_holds_its_own_areas():
    name = fresh()
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(F32, [2])
        stage = R.Stage(values=[x], shared_name=name)
        size = R.StageSize(dtypes=[], shared_name=name)
        with tf.control_dependencies([stage]):
            pass
        out = R.Unstage(dtypes=[F32], shared_name=name)
    with tf.compat.v1.Session(graph=g) as sess:
        sess.run(stage, {x: [1.0, 2.0]})
        sess.run(stage, {x: [3.0, 4.0]})
        assert sess.run(size) == 2
        assert sess.run(out)[0].tolist() == [1.0, 2.0]
    with tf.compat.v1.Session(graph=g) as sess:
        assert sess.run(size) == 0  # (another Session: another area)
    assert int(R.StageSize(dtypes=[], shared_name=name)) == 0


# ---------------------------------------------------------------------------------------
# Staging maps
# ---------------------------------------------------------------------------------------

MAPS = ["Map", "OrderedMap"]


def ops(prefix: str) -> tuple:
    return tuple(getattr(R, prefix + s) for s in (
        "Stage", "Unstage", "UnstageNoKey", "Peek", "Size", "IncompleteSize", "Clear"))


def sizes(prefix: str, name: str) -> tuple:
    _, _, _, _, size, incomplete, _ = ops(prefix)
    return int(size(dtypes=[], shared_name=name)), int(incomplete(dtypes=[], shared_name=name))


@pytest.mark.parametrize("prefix", MAPS)
def test_map_partial_inserts_complete_and_partial_takes(prefix):
    stage, unstage, _, peek, _, _, clear = ops(prefix)
    name, d = fresh(), [F32, I32]

    def put(key, indices, values):
        stage(key=tf.constant(key, I64), indices=indices, values=values, dtypes=d,
              shared_name=name)

    put(5, [0, 1], [tf.constant(1.0), tf.constant(2)])
    put(5, [0, 1], [tf.constant(7.0), tf.constant(8)])  # (a key held already: dropped)
    assert sizes(prefix, name) == (1, 0)
    put(7, [1], [tf.constant(3)])
    assert sizes(prefix, name) == (1, 1)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=f"The tensor for index '1' for key '7' was already initialized "
                             f"'2'. \\[Op:{prefix}Stage\\]"):
        put(7, [1], [tf.constant(4)])
    put(7, [0], [tf.constant(9.0)])
    assert sizes(prefix, name) == (2, 0)
    a, b = peek(key=tf.constant(5, I64), indices=[0, 1], dtypes=d, shared_name=name)
    assert float(a) == 1.0 and int(b) == 2
    # fewer indices than dtypes: the rest are empty vectors
    a, b = unstage(key=tf.constant(7, I64), indices=[0], dtypes=d, shared_name=name)
    assert float(a) == 9.0 and b.shape == (0,) and b.dtype == I32
    assert sizes(prefix, name) == (2, 0)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Tensor at index '0' for key '7' has already been removed."):
        peek(key=tf.constant(7, I64), indices=[0, 1], dtypes=d, shared_name=name)
    (b,) = unstage(key=tf.constant(7, I64), indices=[1], dtypes=[I32], shared_name=name)
    assert int(b) == 3 and sizes(prefix, name) == (1, 0)
    clear(dtypes=[], shared_name=name)
    assert sizes(prefix, name) == (0, 0)


@pytest.mark.parametrize("prefix", MAPS)
def test_map_index_refusals(prefix):
    stage, unstage, _, peek, _, _, _ = ops(prefix)
    name, d = fresh(), [F32, I32]
    key = tf.constant(8, I64)
    for indices, message in (([-1], "Index '18446744073709551615' for key '8' was out of "
                                     "bounds '2'."),
                             ([1, 0], "Indices are not strictly ordered"),
                             ([0, 0], "Indices are not strictly ordered"),
                             (tf.zeros([0], I32), "Indices are empty")):
        with pytest.raises(tf.errors.InvalidArgumentError, match=message):
            stage(key=key, indices=indices, values=[tf.constant(1)], dtypes=d,
                  shared_name=name)
    stage(key=key, indices=[0, 1], values=[tf.constant(1.0), tf.constant(2)], dtypes=d,
          shared_name=name)
    with pytest.raises(tf.errors.InvalidArgumentError, match="key must be an int64 scalar: "
                                                             r"\[1,1\]"):
        peek(key=tf.constant([[8]], I64), indices=[1], dtypes=[I32], shared_name=name)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Index '2' for key '8' was out of bounds '2'."):
        peek(key=key, indices=[1, 2], dtypes=d, shared_name=name)
    # TF's kernel aborts the process for more indices than dtypes: eagerflow refuses
    with pytest.raises(tf.errors.InvalidArgumentError, match="2 indices for 1 dtypes"):
        peek(key=key, indices=[0, 1], dtypes=[F32], shared_name=name)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Type mismatch: actual float vs. expect int32"):
        unstage(key=key, indices=[0, 1], dtypes=[I32, I32], shared_name=name)
    assert sizes(prefix, name) == (0, 0)  # (taken before the refusal, as TF's)


@pytest.mark.parametrize("prefix,order", [("Map", [100, -4, 2, 10]),
                                          ("OrderedMap", [-4, 1, 2, 3])])
def test_map_unstage_no_key_order(prefix, order):
    stage, _, no_key, _, _, _, _ = ops(prefix)
    name, d = fresh(), [F32, I32]
    for k in (3, 1, 10, 2, -4, 100):
        stage(key=tf.constant(k, I64), indices=[0, 1],
              values=[tf.constant(float(k)), tf.constant(k)], dtypes=d, shared_name=name)
    got = []
    for _ in order:
        key, (a, b) = no_key(indices=[0, 1], dtypes=d, shared_name=name)
        assert float(a) == int(key) == int(b)
        got.append(int(key))
    assert got == order


# TF's unordered map is libstdc++'s unordered_map: its pops follow the hash table's list
# (keys hashed as themselves: 13 buckets, then 29, ...), recorded from TF
@pytest.mark.parametrize("keys,order", [
    ([100, 7, 3000, -1, 13, 26], [26, 13, -1, 3000, 7, 100]),  # (13 and 26 share a bucket)
    (list(range(20)), [19, 18, 17, 16, 15, 14, 13] + list(range(13))),  # (a rehash at 14)
    (list(range(0, 60, 3)), list(range(57, 38, -3)) + list(range(0, 37, 3))),
])
def test_unordered_map_pops_in_its_hash_tables_order(keys, order):
    stage, _, no_key, _, _, _, _ = ops("Map")
    name = fresh()
    for k in keys:
        stage(key=tf.constant(k, I64), indices=[0], values=[tf.constant(1.0)], dtypes=[F32],
              shared_name=name)
    got = [int(no_key(indices=[0], dtypes=[F32], shared_name=name).key) for _ in keys]
    assert got == order


def test_unordered_map_order_after_pops_and_inserts():
    stage, _, no_key, _, _, _, _ = ops("Map")
    name = fresh()

    def put(*keys):
        for k in keys:
            stage(key=tf.constant(k, I64), indices=[0], values=[tf.constant(1.0)],
                  dtypes=[F32], shared_name=name)

    def pop(n):
        return [int(no_key(indices=[0], dtypes=[F32], shared_name=name).key)
                for _ in range(n)]

    put(1, 2, 3)
    assert pop(1) == [3]
    put(4, 5)
    assert pop(4) == [5, 4, 2, 1]


@pytest.mark.parametrize("prefix", MAPS)
def test_map_capacity_counts_complete_tuples_and_memory_the_last_tensor(prefix, alone):
    stage, unstage, _, _, _, _, _ = ops(prefix)
    name, d = fresh(), [F32, I32]

    def put(key, indices, values, **kw):
        stage(key=tf.constant(key, I64), indices=indices, values=values, dtypes=d,
              shared_name=name, **kw)

    put(1, [0, 1], [tf.constant(1.0), tf.constant(1)], capacity=2)
    put(2, [0, 1], [tf.constant(1.0), tf.constant(1)])
    with pytest.raises(tf.errors.FailedPreconditionError, match="The staging map is full"):
        put(3, [0, 1], [tf.constant(1.0), tf.constant(1)])
    put(4, [0], [tf.constant(1.0)])  # (partial inserts are not held back by the capacity)
    put(4, [1], [tf.constant(1)])
    assert sizes(prefix, name) == (3, 0)
    # TF 2.21 counts a tuple's bytes by its last tensor: 4 bytes here, under the limit
    mem, f = fresh(), [F32, F32]
    stage(key=tf.constant(1, I64), indices=[0, 1],
          values=[tf.constant([1.0, 2.0]), tf.constant(1.0)], dtypes=f, memory_limit=4,
          shared_name=mem)
    with pytest.raises(tf.errors.ResourceExhaustedError,
                       match="combined size of '8' bytes into Staging Area with a memory "
                             "limit of '4'"):
        stage(key=tf.constant(2, I64), indices=[0, 1],
              values=[tf.constant(1.0), tf.constant([1.0, 2.0])], dtypes=f,
              shared_name=mem)
    with pytest.raises(tf.errors.FailedPreconditionError, match="The staging map is full"):
        stage(key=tf.constant(2, I64), indices=[0, 1],
              values=[tf.constant(1.0), tf.constant(1.0)], dtypes=f, shared_name=mem)
    unstage(key=tf.constant(1, I64), indices=[1], dtypes=[F32], shared_name=mem)
    stage(key=tf.constant(2, I64), indices=[0, 1],
          values=[tf.constant(1.0), tf.constant(1.0)], dtypes=f, shared_name=mem)


@pytest.mark.parametrize("prefix", MAPS)
def test_map_dtypes_are_the_first_ops(prefix):
    stage, _, _, _, _, _, _ = ops(prefix)
    name = fresh()
    one = [tf.constant(1.0)]
    stage(key=tf.constant(1, I64), indices=[0], values=one, dtypes=[F32] * 3,
          shared_name=name)
    stage(key=tf.constant(1, I64), indices=[1], values=one, dtypes=[F32] * 2,
          shared_name=name)
    assert sizes(prefix, name) == (0, 1)
    stage(key=tf.constant(1, I64), indices=[2], values=one, dtypes=[F32] * 2,
          shared_name=name)
    assert sizes(prefix, name) == (1, 0)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Index '0' for key '1' was out of bounds '0'."):
        stage(key=tf.constant(1, I64), indices=[0], values=one, dtypes=[],
              shared_name=fresh())


@pytest.mark.parametrize("prefix", MAPS)
def test_map_waits_refused_single_threaded_and_met_by_another_thread(prefix, alone):
    stage, unstage, no_key, _, _, _, _ = ops(prefix)
    name = fresh()
    with pytest.raises(tf.errors.FailedPreconditionError, match="The staging map is empty"):
        no_key(indices=[0], dtypes=[F32], shared_name=name)
    with pytest.raises(tf.errors.FailedPreconditionError, match="holds no key 4"):
        unstage(key=tf.constant(4, I64), indices=[0], dtypes=[F32], shared_name=name)
    got: list = []
    consumer = threading.Thread(target=lambda: got.append(unstage(
        key=tf.constant(4, I64), indices=[0], dtypes=[F32], shared_name=name)[0].numpy()))
    consumer.start()
    stage(key=tf.constant(4, I64), indices=[0], values=[tf.constant(2.5)], dtypes=[F32],
          shared_name=name)
    consumer.join(10)
    assert got == [2.5]


def test_barrier_ops_refuse_as_tfs_reference_ops():
    with pytest.raises(RuntimeError, match="barrier op does not support eager execution. "
                                           "Arg 'handle' is a ref."):
        R.Barrier(component_types=[F32])
    with pytest.raises(RuntimeError, match="barrier_take_many op does not support eager "
                                           "execution. Arg 'handle' is a ref."):
        R.BarrierTakeMany(handle=tf.constant("x"), num_elements=1, component_types=[F32])

    @tf.function
    def size():
        return R.BarrierReadySize(handle=tf.constant("x"))

    with pytest.raises(TypeError, match="'BarrierReadySize' Op requires that input 'handle' be "
                                        r"a mutable tensor \(e.g.: a tf.Variable\)"):
        size()


def test_unnamed_nodes_of_a_graph_each_have_their_own_area(alone):
    """(TF names an area without a shared_name after its node: Stage, Stage_1.)"""
    g = tf.Graph()
    with g.as_default():
        first = R.Stage(values=[tf.constant(1.0)], capacity=1)
        second = R.Stage(values=[tf.constant(2.0)], capacity=1)
        sizes = [R.StageSize(dtypes=[], shared_name=n) for n in ("Stage", "Stage_1")]
    assert (first.name, second.name) == ("Stage", "Stage_1")
    with tf.compat.v1.Session(graph=g) as sess:
        sess.run(first)
        sess.run(second)  # (not full: another area)
        assert sess.run(sizes) == [1, 1]


def test_a_step_that_puts_into_a_full_area_and_takes_runs_as_tfs(alone):
    """StagingArea's pattern, a capacity of one: each step puts the next value and takes the
    last. TF runs the two at once (the put waits for the take); a Session here runs the
    put first, which goes ahead, leaving what TF leaves (recorded from TF)."""
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(F32, [])
        put = R.Stage(values=[x], capacity=1, shared_name=fresh())
        y = R.Unstage(dtypes=[F32], shared_name=put.get_attr("shared_name"))[0] * 10
    with tf.compat.v1.Session(graph=g) as sess:
        sess.run(put, {x: 1.0})
        assert [sess.run([put, y], {x: float(i)})[1] for i in (2, 3, 4)] == [10, 20, 30]
    # eagerly a put into a full area is refused (TF's would wait forever)
    name = fresh()
    R.Stage(values=[tf.constant(1.0)], capacity=1, shared_name=name)
    with pytest.raises(tf.errors.FailedPreconditionError, match="The staging area is full"):
        R.Stage(values=[tf.constant(1.0)], capacity=1, shared_name=name)


def test_an_idle_helper_thread_ends_no_wait_but_one_that_stages_does(alone):
    name = fresh()
    idle, go = threading.Event(), threading.Event()
    helper = threading.Thread(target=idle.wait, daemon=True)
    helper.start()
    # (nor do the pool threads that eagerflow's kernels share out their work to; a process
    # allowed one core, `taskset -c 0`, has none: its kernels run on the calling thread)
    if numpy_backend._POOL.workers() > 1:
        numpy_backend._POOL.get().submit(lambda: None).result()
    try:
        with pytest.raises(tf.errors.FailedPreconditionError):
            R.Unstage(dtypes=[F32], shared_name=name)
    finally:
        idle.set()

    def producer():
        R.StageSize(dtypes=[], shared_name=name)  # (now it may stage: a wait waits for it)
        go.wait()
        R.Stage(values=[tf.constant(3.0)], shared_name=name)

    thread = threading.Thread(target=producer, daemon=True)
    thread.start()
    while thread not in staging_ops._USERS:
        thread.join(0.01)
    go.set()
    assert R.Unstage(dtypes=[F32], shared_name=name)[0].numpy() == 3.0


def test_a_thread_that_never_stages_delays_a_refusal_a_while_only(alone, monkeypatch):
    monkeypatch.setattr(staging_ops, "_GRACE_S", 0.3)
    idle = threading.Event()
    other = threading.Thread(target=idle.wait)  # (not a daemon: it might have staged)
    other.start()
    try:
        with pytest.raises(tf.errors.FailedPreconditionError, match="would wait forever"):
            R.Unstage(dtypes=[F32], shared_name=fresh())
    finally:
        idle.set()
        other.join()


@pytest.mark.parametrize("prefix", MAPS)
def test_map_partial_insert_of_a_complete_key_is_kept_apart_then_dropped(prefix):
    stage, _, _, peek, _, _, _ = ops(prefix)
    name, d = fresh(), [F32, I32]
    key = tf.constant(5, I64)
    stage(key=key, indices=[0, 1], values=[tf.constant(1.0), tf.constant(2)], dtypes=d,
          shared_name=name)
    stage(key=key, indices=[0], values=[tf.constant(9.0)], dtypes=d, shared_name=name)
    assert sizes(prefix, name) == (1, 1)  # (recorded from TF)
    stage(key=key, indices=[1], values=[tf.constant(8)], dtypes=d, shared_name=name)
    assert sizes(prefix, name) == (1, 0)
    a, b = peek(key=key, indices=[0, 1], dtypes=d, shared_name=name)
    assert float(a) == 1.0 and int(b) == 2  # (the complete tuple held first stays)
