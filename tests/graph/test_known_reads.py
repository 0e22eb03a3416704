"""A graph's known_reads (graph/ir.py, graph/arg_consts.py): the tensor an op wrapper read
while the graph is built, for an argument its node holds as an attr, is that node's TF
input; a read no node took expires with the next node, so a later node whose argument
happens to hold the same value shows its own constant, as TF's graph does."""

import eagerflow as tf


def _inputs(g, name):
    return [n for n in g.as_graph_def().node if n.name == name][0].input


def test_the_node_shows_the_tensor_read_for_its_argument():
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [2, 3])
        axis = tf.constant([1], name="axis")
        tf.reduce_sum(x, axis=axis)
        assert list(_inputs(g, "Sum")) == ["Placeholder", "axis"]


def test_a_read_no_node_took_is_not_shown_by_a_later_node():
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [2, 3])
        held = tf.constant([0, 1], name="held")
        assert g.known_value(held).tolist() == [0, 1]  # read, for no node
        tf.identity(x)
        tf.transpose(x, [0, 1])
        assert list(_inputs(g, "transpose")) == ["Placeholder", "transpose/perm"]
