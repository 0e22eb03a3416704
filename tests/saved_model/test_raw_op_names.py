"""tf.raw_ops' `name=` in graphs: each call builds its node as TF's wrapper builds it,
inside name_scope(name or the op's name), so the node is named the scope itself
(uniquified, under the open name scopes) and the inputs it converts are named under it.

Every expected name list below is what TF 2.21 printed for the same program.
"""

import pytest

import eagerflow as tf


def _names(g):
    return [op.name for op in g.get_operations()]


def _const(v):
    return tf.raw_ops.Const(value=tf.compat.v1.make_tensor_proto(v), dtype=tf.float32,
                            name="c")


def test_tf1_graph_nodes_take_the_names_given():
    g = tf.Graph()
    with g.as_default():
        c = _const(1.0)
        c2 = _const(2.0)
        i = tf.raw_ops.Identity(input=c, name="i")
        a = tf.raw_ops.AddV2(x=c, y=c2, name="add")
        with tf.name_scope("s"):
            d = tf.raw_ops.Identity(input=c, name="c")
            e = tf.raw_ops.Identity(input=c)
        sp = tf.raw_ops.Split(axis=tf.constant(0), value=tf.constant([1., 2.]),
                              num_split=2, name="sp")
        u = tf.raw_ops.Unique(x=tf.constant([1, 2]), name="uq")
        cast = tf.raw_ops.Cast(x=c, DstT=tf.int32, name="cast")
        nn = tf.raw_ops.Identity(input=c)
    assert _names(g) == ['c', 'c_1', 'i', 'add', 's/c', 's/Identity', 'Const', 'Const_1',
                         'sp', 'Const_2', 'uq', 'cast', 'Identity']
    assert [i.name, a.name, d.name, e.name, cast.name, nn.name] == \
        ['i:0', 'add:0', 's/c:0', 's/Identity:0', 'cast:0', 'Identity:0']
    assert [t.name for t in sp] == ['sp:0', 'sp:1']
    assert [u.y.name, u.idx.name] == ['uq:0', 'uq:1']


def test_converted_inputs_and_reads_are_named_under_the_node():
    g = tf.Graph()
    with g.as_default():
        v = tf.compat.v1.get_variable("v", shape=[], use_resource=True)
        c = tf.constant(1.0)
        start = len(g.get_operations())
        tf.raw_ops.AddV2(x=c, y=2.0, name="add")
        tf.raw_ops.AddV2(x=c, y=2.0)
        tf.raw_ops.Identity(input=v, name="i")
        tf.raw_ops.Sum(input=[[1.0]], axis=[0], name="sum")
        tf.raw_ops.Split(axis=0, value=[1., 2.], num_split=2)
        tf.raw_ops.SplitV(value=[1., 2.], size_splits=[1, 1], axis=0, num_split=2,
                          name="spv")
        tf.raw_ops.TopKV2(input=[1., 2.], k=1, name="topk")
        tf.raw_ops.Cast(x=c, DstT=tf.int32, name="Cast")
        tf.raw_ops.Cast(x=c, DstT=tf.int32, name="cast")
        nop = tf.raw_ops.NoOp(name="nop")
        with tf.name_scope("outer"):
            with tf.name_scope("inner"):
                tf.raw_ops.Identity(input=c, name="x")
            tf.raw_ops.Identity(input=c, name="inner")
            tf.raw_ops.Identity(input=c, name="inner/")  # (a scope's name: absolute)
        tf.identity(c, name="i")
        tf.raw_ops.Identity(input=c, name="")  # (as no name)
    assert _names(g)[start:] == [
        'add/y', 'add', 'AddV2/y', 'AddV2', 'i/ReadVariableOp', 'i', 'sum/input',
        'sum/reduction_indices', 'sum', 'Split/split_dim', 'Split/value', 'Split',
        'spv/value', 'spv/size_splits', 'spv/split_dim', 'spv', 'topk/input', 'topk/k',
        'topk', 'Cast', 'cast_1', 'nop', 'outer/inner/x', 'outer/inner_1', 'inner', 'i_1',
        'Identity']
    assert nop.name == 'nop'


def test_composed_and_functional_ops_are_named():
    @tf.function
    def sq(x):
        return x * x

    g = tf.Graph()
    with g.as_default():
        c = tf.constant([[1.0, 2.0]])
        add = tf.raw_ops.Add(x=c, y=c, name="add")
        add1 = tf.raw_ops.Add(x=c, y=c)
        bmm = tf.raw_ops.BatchMatMulV2(x=c, y=tf.transpose(c), name="bmm")
        hsv = tf.raw_ops.RGBToHSV(images=[[1.0, 2.0, 3.0]], name="hsv")
        cf = sq.get_concrete_function(tf.TensorSpec([1, 2], tf.float32))
        call = tf.raw_ops.PartitionedCall(args=[c], Tout=[tf.float32], f=cf, name="call")
        spc = tf.raw_ops.StatefulPartitionedCall(args=[c], Tout=[tf.float32], f=cf)
        iff = tf.raw_ops.If(cond=True, input=[c], Tout=[tf.float32], then_branch=cf,
                            else_branch=cf, name="iff")
    assert [add.name, add1.name, bmm.name, hsv.name, call[0].name, spc[0].name,
            iff[0].name] == ['add:0', 'Add_1:0', 'bmm:0', 'hsv:0', 'call:0',
                             'StatefulPartitionedCall:0', 'iff:0']


def test_tf_function_nodes_take_the_names_given():
    @tf.function
    def f(x):
        y = tf.raw_ops.Identity(input=x, name="fi")
        z = tf.raw_ops.Identity(input=y, name="fi")
        with tf.name_scope("s"):
            return tf.raw_ops.Neg(x=z, name="neg")

    cf = f.get_concrete_function(tf.TensorSpec([], tf.float32))
    assert _names(cf.graph) == ['x', 'fi', 'fi_1', 's/neg', 'Identity']
    assert float(f(tf.constant(1.0))) == -1.0

    @tf.function
    def g(x):
        a = tf.raw_ops.Identity(input=x, name="a")
        s = tf.raw_ops.Split(axis=0, value=x, num_split=2, name="a")
        u = tf.raw_ops.Unique(x=x)
        return tf.raw_ops.Mul(x=a, y=3.0, name="m"), s, u

    cg = g.get_concrete_function(tf.TensorSpec([2], tf.float32))
    assert _names(cg.graph) == ['x', 'a', 'a_1/split_dim', 'a_1', 'Unique', 'm/y', 'm',
                                'Identity', 'Identity_1', 'Identity_2', 'Identity_3',
                                'Identity_4']


def test_eagerly_the_name_is_ignored():
    assert float(tf.raw_ops.Mul(x=2.0, y=3.0, name="eager_m")) == 6.0


def test_a_name_no_scope_takes_is_refused_in_a_graph():
    with tf.Graph().as_default():
        with pytest.raises(ValueError, match="'bad name!' is not a valid root scope name"):
            tf.raw_ops.Identity(input=tf.constant(1.0), name="bad name!")


def test_training_ops_name_their_converted_arguments():
    # (TF's wrapper converts each Python value under the node's scope by its argument)
    g = tf.Graph()
    with g.as_default():
        v = tf.compat.v1.get_variable("v", shape=[2], use_resource=True)
        tf.raw_ops.ResourceApplyGradientDescent(var=v.handle, alpha=0.1, delta=[1.0, 2.0],
                                                name="gd")
        tf.raw_ops.ResourceApplyMomentum(var=v.handle, accum=v.handle, lr=0.1,
                                         grad=[1.0, 2.0], momentum=0.9, name="mom")
        tf.raw_ops.ResourceApplyAdam(var=v.handle, m=v.handle, v=v.handle, beta1_power=0.9,
                                     beta2_power=0.99, lr=0.01, beta1=0.9, beta2=0.999,
                                     epsilon=1e-7, grad=[1.0, 2.0])
    adam = "ResourceApplyAdam/"
    assert _names(g)[11:] == [
        'gd/alpha', 'gd/delta', 'gd', 'mom/lr', 'mom/grad', 'mom/momentum', 'mom',
        *(adam + a for a in ("beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon",
                             "grad")), 'ResourceApplyAdam']
    w = tf.Variable([1.0, 2.0])

    @tf.function
    def f():
        tf.raw_ops.ResourceApplyGradientDescent(var=w.handle, alpha=0.1, delta=[1.0, 2.0],
                                                name="gd")
        tf.raw_ops.ResourceSparseApplyAdagrad(var=w.handle, accum=w.handle, lr=0.1,
                                              grad=[[1.0, 2.0]], indices=[0])
        return w.read_value()
    names = _names(f.get_concrete_function().graph)
    # (TF captures the variable, 'gd/var', before converting the others; eagerflow with
    # the node: the names are TF's, that one's place is not)
    assert sorted(names) == sorted([
        'gd/var', 'gd/alpha', 'gd/delta', 'gd', 'ResourceSparseApplyAdagrad/lr',
        'ResourceSparseApplyAdagrad/grad', 'ResourceSparseApplyAdagrad/indices',
        'ResourceSparseApplyAdagrad', 'Read/ReadVariableOp', 'Identity', 'Identity_1',
        'NoOp'])
