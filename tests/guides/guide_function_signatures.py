# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# "Better performance with tf.function" on polymorphism: what each call traces (Python
# scalars, tensors of new shapes and dtypes, nested structures, ragged and sparse
# values), input_signature (None dims, nested specs, names) and what a call outside it
# raises, reduce_retracing's relaxed shapes, concrete functions' signatures and their
# refusal of other inputs, and tf.function on methods of a tf.Module.
import tensorflow as tf


def show(label, fn):
    try:
        r = fn()
        print(label, r)
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__, str(e).splitlines()[0][:160])


@tf.function
def double(a):
    print("Tracing with", a)
    return a + a


print(double(tf.constant(1)))
print()
print(double(tf.constant(1.1)))
print()
print(double(tf.constant("a")))
print()
print(double(tf.constant([1, 2])))
print(double(tf.constant([3, 4])))
print(double(2))
print(double(3))
print(double(2))
print(double.experimental_get_tracing_count())
print(double.pretty_printed_concrete_signatures())


@tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
def next_collatz(x):
    print("Tracing with", x)
    return tf.where(x % 2 == 0, x // 2, 3 * x + 1)


print(next_collatz(tf.constant([1, 2])))
show('wrong dtype:', lambda: next_collatz(tf.constant([1.0, 2.0])))
show('wrong rank:', lambda: next_collatz(tf.constant([[1, 2], [3, 4]])))
print(next_collatz(tf.constant([5, 6, 7, 8])))
print(next_collatz.experimental_get_tracing_count())
print(next_collatz.input_signature)
cf = next_collatz.get_concrete_function()
print(cf.structured_input_signature)
print(cf.structured_outputs)
print(cf.pretty_printed_signature())


@tf.function(reduce_retracing=True)
def g(x):
    print('Tracing with', x)
    return x


g(tf.constant([1, 2, 3]))
g(tf.constant([1, 2, 3, 4, 5]))
g(tf.constant([1, 2, 3, 4, 5, 6, 7]))
g(tf.constant([[1, 2], [3, 4]]))
g(tf.constant([[1, 2, 3], [3, 4, 5]]))
print(g.experimental_get_tracing_count())
for c in g.list_all_concrete_functions_for_serialization() if hasattr(g, 'list_all_concrete_functions_for_serialization') else []:
    pass


@tf.function
def structured(d, t):
    print('Tracing', sorted(d), len(t))
    return d['a'] + t[0] * t[1]


print(structured({'a': tf.constant(1.0), 'b': 2}, (tf.constant(2.0), 3.0)))
print(structured({'a': tf.constant(5.0), 'b': 2}, (tf.constant(4.0), 3.0)))
print(structured({'a': tf.constant(5.0), 'b': 3}, (tf.constant(4.0), 3.0)))
print(structured.experimental_get_tracing_count())


@tf.function(input_signature=[{'x': tf.TensorSpec([None, 2], tf.float32, name='feat'), 'n': tf.TensorSpec([], tf.int64)}])
def nested_sig(inputs):
    return tf.reduce_sum(inputs['x']) * tf.cast(inputs['n'], tf.float32)


print(nested_sig({'x': tf.ones([3, 2]), 'n': tf.constant(2, tf.int64)}))
cf = nested_sig.get_concrete_function()
print([i.name for i in cf.inputs])
print(cf.structured_input_signature)
show('missing key:', lambda: nested_sig({'x': tf.ones([3, 2])}))
show('python int for int64:', lambda: nested_sig({'x': tf.ones([1, 2]), 'n': 3}))


@tf.function
def pow_fn(a, b):
    return a ** b


square = pow_fn.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b=2)
print(square)
print(square(tf.constant(10.0)))
show('constant argument passed:', lambda: square(tf.constant(10.0), b=3))
show('wrong dtype for concrete:', lambda: square(tf.constant(10, tf.int32)))
print(square.graph.get_operations()[0].type if square.graph.get_operations() else None)
print(square.structured_input_signature)

# ragged and sparse inputs
@tf.function
def ragged_rows(rt):
    print('Tracing ragged', rt.shape)
    return rt.row_lengths(), tf.reduce_sum(rt, axis=1)


print(ragged_rows(tf.ragged.constant([[1, 2], [3]])))
print(ragged_rows(tf.ragged.constant([[1, 2, 3], [4], [5, 6]])))
print(ragged_rows(tf.ragged.constant([[[1], [2]], [[3]]], ragged_rank=1)))
print(ragged_rows.experimental_get_tracing_count())


@tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.float32)])
def ragged_mean(rt):
    return tf.reduce_mean(rt, axis=1)


print(ragged_mean(tf.ragged.constant([[1.0, 2.0], [3.0], [4.0, 5.0, 9.0]])))
print(ragged_mean.get_concrete_function().structured_input_signature)


@tf.function
def sparse_sum(st):
    print('Tracing sparse', st.shape)
    return tf.sparse.reduce_sum(st, axis=1)


st1 = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[1.0, 2.0], dense_shape=[2, 4])
st2 = tf.sparse.SparseTensor(indices=[[0, 1], [1, 1], [2, 3]], values=[1.0, 2.0, 3.0], dense_shape=[3, 4])
print(sparse_sum(st1)); print(sparse_sum(st2))
print(sparse_sum.experimental_get_tracing_count())


@tf.function(input_signature=[tf.SparseTensorSpec([None, 4], tf.float32)])
def sparse_dense(st):
    return tf.sparse.to_dense(st)


print(sparse_dense(st2))
print(sparse_dense.get_concrete_function().structured_input_signature)


# tf.function on methods: each instance traces its own
class Scaler(tf.Module):
    def __init__(self, s):
        self.s = tf.Variable(s)

    @tf.function
    def __call__(self, x):
        print('Tracing Scaler with', x)
        return x * self.s


a, b = Scaler(2.0), Scaler(3.0)
print(a(tf.constant(1.0))); print(b(tf.constant(1.0))); print(a(tf.constant(2.0)))
print(a.__call__.experimental_get_tracing_count(), b.__call__.experimental_get_tracing_count())


# variables may only be created on the first trace
class Count(tf.Module):
    def __init__(self):
        self.v = None

    @tf.function
    def __call__(self, x):
        if self.v is None:
            self.v = tf.Variable(0.0)
        self.v.assign_add(x)
        return self.v.read_value()


c = Count()
print(c(tf.constant(1.0))); print(c(tf.constant(2.0)))


@tf.function
def make_var(x):
    v = tf.Variable(1.0)
    return v + x


show('variable each call:', lambda: make_var(tf.constant(1.0)))


# a Python object as argument: hashed by value or by id
class Weird:
    def __init__(self, n):
        self.n = n


@tf.function
def use_obj(o, x):
    print('Tracing obj', o.n)
    return x * o.n


w = Weird(2)
print(use_obj(w, tf.constant(1.0)))
w.n = 5
print(use_obj(w, tf.constant(1.0)))
print(use_obj(Weird(5), tf.constant(1.0)))
print(use_obj.experimental_get_tracing_count())
show('unhashable:', lambda: use_obj([1], tf.constant(1.0)))

# what an input signature's structure refuses: another kind of sequence, another length,
# other keys, a mapping for a tensor
S = tf.TensorSpec([], tf.float32)


@tf.function(input_signature=[[S, S]])
def take_list(x): return x[0]


@tf.function(input_signature=[(S, S)])
def take_tuple(x): return x[0]


@tf.function(input_signature=[{'a': S, 'b': (S, S)}])
def take_dict(x): return x['a']


@tf.function(input_signature=[S])
def take_one(x): return x


one = tf.constant(1.0)
for fn, v in [(take_list, [one]), (take_list, (one, one)), (take_tuple, [one, one]), (take_tuple, (one,)),
              (take_list, one), (take_dict, {'a': one, 'b': (one,)}), (take_dict, {'a': one, 'b': [one, one]}),
              (take_dict, {'a': one}), (take_dict, [one]), (take_one, {'a': one}), (take_tuple, {'a': one})]:
    try:
        fn(v); print("ok")
    except TypeError as e:
        print(str(e).split(". Received args")[0])


# sparse inputs under reduce_retracing: the dense shape is relaxed where it varied
def sp(n, m=4):
    return tf.sparse.SparseTensor(indices=[[0, 0]], values=[1.0], dense_shape=[n, m])


@tf.function(reduce_retracing=True)
def sparse_total(st):
    print('Tracing', st.shape)
    return tf.sparse.reduce_sum(st)


for n, m in [(2, 4), (3, 4), (5, 4), (5, 6), (7, 8)]:
    print(sparse_total(sp(n, m)))
print(sparse_total.experimental_get_tracing_count())


@tf.function
def sparse_rows(st):
    print('Tracing rows', st.shape)
    return tf.shape(st)[0]


print(sparse_rows.get_concrete_function(tf.SparseTensorSpec([None, 4], tf.float32)).structured_input_signature)
print(sparse_rows(sp(3)), sparse_rows(sp(9)), sparse_rows(sp(3, 5)))
print(sparse_rows.experimental_get_tracing_count())
