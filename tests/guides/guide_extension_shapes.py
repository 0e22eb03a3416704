# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# "Extension types": a BatchableExtensionType with a TensorShape field and a customized
# Spec (the guide's Network): tf.data batches and unbatches the field with the tensors,
# map_fn gives its result the batch's size, specs with shapes are compatible as TF's,
# tf.function input signatures of the customized spec, and the dispatch decorators on it.
import tensorflow as tf


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e).splitlines()[0][:200])


class Network(tf.experimental.BatchableExtensionType):
    shape: tf.TensorShape
    work: tf.Tensor
    bandwidth: tf.Tensor
    def __init__(self, work, bandwidth):
        self.work = tf.convert_to_tensor(work)
        self.bandwidth = tf.convert_to_tensor(bandwidth)
        work_batch_shape = self.work.shape[:-1]
        bandwidth_batch_shape = self.bandwidth.shape[:-2]
        self.shape = work_batch_shape.merge_with(bandwidth_batch_shape)
    def __repr__(self):
        return f"<Network shape={self.shape}>"
    class Spec:
        def __init__(self, shape, work_dtype=tf.float32):
            self.shape = tf.TensorShape(shape)
            self.work = tf.TensorSpec(self.shape + [None], work_dtype)
            self.bandwidth = tf.TensorSpec(self.shape + [None, None], work_dtype)
        def __repr__(self):
            return f"Network.Spec(shape={self.shape})"
        @property
        def rank(self):
            return self.shape.rank
net1 = Network([5., 3, 8], [[0., 2, 0], [2, 0, 3], [0, 3, 0]])
net2 = Network([3., 4, 2], [[0., 2, 3], [2, 0, 0], [3, 0, 0]])

ds = tf.data.Dataset.from_tensors(net1).concatenate(tf.data.Dataset.from_tensors(net2))
print(ds.element_spec, ds.element_spec.rank)
bds = ds.batch(2)
print(bds.element_spec, bds.element_spec.rank, bds.element_spec.work)
for b in bds:
    print(b, b.work)
ubds = bds.unbatch()
print(ubds.element_spec)
for n in ubds:
    print(n, n.work.numpy())
print(tf.data.Dataset.from_tensor_slices(next(iter(bds))).element_spec)
def balance_work_greedy(network):
    delta = (tf.expand_dims(network.work, -1) - tf.expand_dims(network.work, -2))
    delta /= 4
    delta = tf.maximum(tf.minimum(delta, network.bandwidth), -network.bandwidth)
    new_work = network.work + tf.reduce_sum(delta, -1)
    return Network(new_work, network.bandwidth)
b = next(iter(bds))
r = tf.map_fn(balance_work_greedy, b)
print(r, r.work)
r2 = tf.map_fn(lambda n: n.work, b, fn_output_signature=tf.float32)
print(r2)
r3 = tf.map_fn(balance_work_greedy, b, fn_output_signature=Network.Spec([]))
print(r3.work)
@tf.function(input_signature=[Network.Spec([None])])
def total(n):
    return tf.reduce_sum(n.work, -1)
print(total(b), total.get_concrete_function().structured_input_signature)
print(Network.Spec([2]).is_compatible_with(b), Network.Spec([3]).is_compatible_with(b))
print(b._type_spec == Network.Spec([2]), b._type_spec)
# dispatch
@tf.experimental.dispatch_for_api(tf.math.reduce_sum)
def net_sum(input_tensor: Network, axis=None, keepdims=False, name=None):
    return tf.reduce_sum(input_tensor.work, axis=axis, keepdims=keepdims)
print(tf.reduce_sum(net1), tf.math.reduce_sum(b, axis=-1))
@tf.experimental.dispatch_for_unary_elementwise_apis(Network)
def net_unary(api_func, x):
    return Network(api_func(x.work), x.bandwidth)
print(tf.abs(Network([-1., 2.], [[0., 1.], [1., 0.]])).work, tf.math.exp(net1).work.shape)
show("not dispatched", lambda: tf.add(net1, net1))
tf.experimental.unregister_dispatch_for(net_unary)
show("after unregister", lambda: tf.abs(net1))
show("bad spec arg", lambda: Network.Spec())

class N(tf.experimental.BatchableExtensionType):
    shape: tf.TensorShape
    work: tf.Tensor
    def __init__(self, work):
        self.work = tf.convert_to_tensor(work)
        self.shape = self.work.shape[:-1]
n1 = N([1., 2.]); n2 = N([3., 4.])
ds = tf.data.Dataset.from_tensors(n1).concatenate(tf.data.Dataset.from_tensors(n2)).repeat(3)
for dr in [False, True]:
    b = ds.batch(2, drop_remainder=dr)
    print(dr, b.element_spec)
    for v in b.take(1): print(v.shape, v._type_spec)
u = ds.batch(2).unbatch()
print(u.element_spec)
for v in u.take(1): print(v.shape)
m = tf.map_fn(lambda x: x, next(iter(ds.batch(2))))
print(m.shape, m._type_spec)
print(tf.data.Dataset.from_tensor_slices(next(iter(ds.batch(2)))).element_spec)
print(ds.batch(2).map(lambda x: x).element_spec)
@tf.function
def f(x):
    print("traced with", x.shape, x._type_spec)
    return x.work
f(next(iter(ds.batch(2))))
