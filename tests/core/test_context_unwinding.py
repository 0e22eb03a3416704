"""Contexts left open by a generator and closed later, out of order.

A generator suspended inside `with g.as_default():` (or a summary writer's, a recording
condition's, init_scope's, a Session run's variable store, a device placement) keeps the
block open; when the generator is closed, by close() or by the garbage collector, the
block's exit runs then, wherever the program is. Restoring what the block saved at its
start would switch the graph (or writer, ...) that code running at that moment is using:
ops of a TF 1 graph being built would go to an old graph, at whatever point a collection
happened to run. Such an exit restores the state only where it is still the block's own;
a block exited in order restores it as always. tf.control_dependencies closes its own
block, not the innermost one."""

import gc

import numpy as np

import eagerflow as tf
from eagerflow._src.core import device as D
from eagerflow._src.core.context import _state
from eagerflow._src.function.graph_variables import RUN, running
from eagerflow._src.function.polymorphic import init_scope
from eagerflow._src.summary.writer import _state as summaries


def _held_open(make_context):
    """A generator suspended inside the context `make_context()` returns, entered while a
    graph of its own was the default (so it saved that graph)."""
    def body():
        with make_context():
            yield

    with tf.Graph().as_default():
        gen = body()
        next(gen)
    return gen


def test_a_graph_block_closed_by_the_collector_leaves_the_graph_being_built():
    gen = _held_open(lambda: tf.Graph().as_default())
    holder = [gen]
    holder.append(holder)  # (a cycle: only the collector frees it)
    del gen, holder
    with tf.Graph().as_default() as g:
        tf.constant(1.0)
        gc.collect()
        assert tf.compat.v1.get_default_graph() is g
        c = tf.constant(2.0)
        assert c.graph is g
    assert tf.executing_eagerly()


def test_a_tf1_program_built_while_an_old_graph_block_is_collected_runs():
    tf1 = tf.compat.v1
    gen = _held_open(lambda: tf.Graph().as_default())
    with tf.Graph().as_default():
        w = tf1.get_variable("w", initializer=np.float32([1.0, 2.0]))
        loss = tf.reduce_sum(w * w)
        opt = tf1.train.GradientDescentOptimizer(0.25)
        grads = opt.compute_gradients(loss)
        gen.close()  # (as the collector would, in the middle of building)
        train = opt.apply_gradients(grads)
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            sess.run(train)
            np.testing.assert_array_equal(sess.run(w), [0.5, 1.0])


def test_a_block_closed_in_order_restores_as_always():
    outer = tf.Graph()
    with outer.as_default():
        def body():
            with tf.Graph().as_default():
                yield
        gen = body()
        next(gen)
        assert tf.compat.v1.get_default_graph() is not outer
        gen.close()  # (the generator's own block is still the default: put back)
        assert tf.compat.v1.get_default_graph() is outer
    assert tf.executing_eagerly()


def test_the_other_state_blocks_closed_late_leave_the_current_state(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    later = tf.summary.create_file_writer(str(tmp_path / "b"))
    store, current = {}, {}
    start = (summaries.writer, summaries.is_recording, summaries.step, RUN.store)
    placement = (_state.device, _state.xp, _state.place)
    try:
        gens = [_held_open(lambda: writer.as_default()),
                _held_open(lambda: tf.summary.record_if(False)),
                _held_open(init_scope),
                _held_open(lambda: running(store))]
        with D.standin_gpus(1):
            cpu = D.lookup("/job:localhost/replica:0/task:0/device:CPU:0").canonical
            gens.append(_held_open(lambda: D.placed_on(cpu)))
            # (what the open blocks set stays set until they close: the blocks below put
            # it back when they end)
            before = (summaries.writer, summaries.is_recording, RUN.store, _state.graph)
            with later.as_default(), tf.summary.record_if(True), running(current), \
                    tf.device("/GPU:0"), tf.Graph().as_default() as g:
                for gen in gens:
                    gen.close()
                assert summaries.writer is later and summaries.is_recording is True
                assert RUN.store is current and _state.graph is g
                assert "GPU" in D.current_device().canonical
            assert (summaries.writer, summaries.is_recording, RUN.store,
                    _state.graph) == before
    finally:  # (the blocks closed out of order left what they set: not for later tests)
        summaries.writer, summaries.is_recording, summaries.step, RUN.store = start
        _state.device, _state.xp, _state.place = placement
        writer.close()
        later.close()


def test_a_control_dependencies_block_closed_late_closes_its_own():
    tf1 = tf.compat.v1
    with tf.Graph().as_default():
        first, second = tf1.no_op(name="first"), tf1.no_op(name="second")

        def body():
            with tf.control_dependencies([first]):
                yield

        gen = body()
        next(gen)
        with tf.control_dependencies([second]):
            gen.close()  # (its block is under this one: only its own is closed)
            c = tf.constant(1.0, name="c")
        assert [o.name for o in c.op.control_inputs] == ["second"]
        d = tf.constant(2.0, name="d")
        assert d.op.control_inputs == []
