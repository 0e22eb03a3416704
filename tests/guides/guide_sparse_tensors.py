# ruff: noqa: E702, E701, E501, E741, UP031, F541  (the cells as written)
# TF's "Working with sparse tensors" guide past what guide_ragged_sparse_slicing runs:
# construction and printing (a pprint helper as the guide writes it), sparse.add with a
# threshold, sparse_dense_matmul, concat/slice/split/reshape/transpose, reductions,
# map_values, retain, reorder, fill_empty_rows, reset_shape, to_indicator, segment ops on
# sparse ids, sparse cross, explicit zeros, sparse in tf.data and tf.function, and errors.
import tensorflow as tf


def show(label, fn):
    try:
        r = fn()
        print(label, r)
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__, str(e).splitlines()[0][:200])


def pprint_sparse_tensor(st):
    s = "<SparseTensor shape=%s \n values={" % (st.dense_shape.numpy().tolist(),)
    for (index, value) in zip(st.indices, st.values):
        s += f"\n  %s: %s" % (index.numpy().tolist(), value.numpy().tolist())
    return s + "}>"


st1 = tf.sparse.SparseTensor(indices=[[0, 3], [2, 4]], values=[10, 20], dense_shape=[3, 10])
print(st1)
print(pprint_sparse_tensor(st1))
st2 = tf.sparse.from_dense([[1, 0, 0, 8], [0, 0, 0, 0], [0, 0, 3, 0]])
print(pprint_sparse_tensor(st2))
st3 = tf.sparse.to_dense(st2)
print(st3)
st_a = tf.sparse.SparseTensor(indices=[[0, 2], [3, 4]], values=[31, 2], dense_shape=[4, 10])
st_b = tf.sparse.SparseTensor(indices=[[0, 2], [7, 0]], values=[56, 38], dense_shape=[4, 10])
show('add of another shape:', lambda: tf.sparse.add(st_a, st_b))
st_b = tf.sparse.SparseTensor(indices=[[0, 2], [3, 0]], values=[56, 38], dense_shape=[4, 10])
st_sum = tf.sparse.add(st_a, st_b)
print(pprint_sparse_tensor(st_sum))
st_c = tf.sparse.SparseTensor(indices=([0, 1], [1, 0], [1, 1]), values=(13, 15, 17), dense_shape=(2, 2))
mb = tf.constant([[4], [6]])
product = tf.sparse.sparse_dense_matmul(st_c, mb)
print(product)
print(tf.sparse.sparse_dense_matmul(st_c, tf.constant([[1, 2], [3, 4]]), adjoint_a=True))
print(tf.sparse.sparse_dense_matmul(tf.constant([[1, 2]]), st_c))
sparse_pattern_A = tf.sparse.SparseTensor(indices=[[2, 4], [3, 3], [3, 4], [4, 3], [4, 4], [5, 4]], values=[1, 1, 1, 1, 1, 1], dense_shape=[8, 5])
sparse_pattern_B = tf.sparse.SparseTensor(indices=[[0, 2], [1, 1], [1, 3], [2, 0], [2, 4], [2, 5], [3, 5], [4, 5], [5, 0], [5, 4], [5, 5], [6, 1], [6, 3], [7, 2]], values=[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], dense_shape=[8, 6])
sparse_pattern_C = tf.sparse.SparseTensor(indices=[[3, 0], [4, 0]], values=[1, 1], dense_shape=[8, 6])
sparse_patterns_list = [sparse_pattern_A, sparse_pattern_B, sparse_pattern_C]
sparse_pattern = tf.sparse.concat(axis=1, sp_inputs=sparse_patterns_list)
print(tf.sparse.to_dense(sparse_pattern))
sparse_slice_A = tf.sparse.slice(sparse_pattern_A, start=[0, 0], size=[8, 5])
sparse_slice_B = tf.sparse.slice(sparse_pattern_B, start=[0, 5], size=[8, 6])
sparse_slice_C = tf.sparse.slice(sparse_pattern_C, start=[0, 10], size=[8, 6])
print(tf.sparse.to_dense(sparse_slice_A)); print(tf.sparse.to_dense(sparse_slice_B)); print(tf.sparse.to_dense(sparse_slice_C))
st2_plus_5 = tf.sparse.map_values(tf.add, st2, 5)
print(tf.sparse.to_dense(st2_plus_5))
st2_plus_5 = tf.sparse.SparseTensor(st2.indices, st2.values + 5, st2.dense_shape)
print(tf.sparse.to_dense(st2_plus_5))
print(tf.sparse.concat(axis=0, sp_inputs=[st_a, st_b], expand_nonconcat_dims=True).dense_shape)
show('concat of mismatched shapes:', lambda: tf.sparse.concat(axis=0, sp_inputs=[st1, st_a]))
print(tf.sparse.concat(axis=1, sp_inputs=[st1, st_a], expand_nonconcat_dims=True).dense_shape)

# reshaping and rearranging
st = tf.sparse.SparseTensor(indices=[[0, 0], [0, 3], [1, 2], [2, 1]], values=[1.0, 2.0, 3.0, 4.0], dense_shape=[3, 4])
print(pprint_sparse_tensor(tf.sparse.reshape(st, [2, 6])))
print(pprint_sparse_tensor(tf.sparse.reshape(st, [-1, 3])))
show('bad reshape:', lambda: tf.sparse.reshape(st, [5, 5]))
print(pprint_sparse_tensor(tf.sparse.transpose(st)))
for part in tf.sparse.split(sp_input=st, num_split=2, axis=1): print(pprint_sparse_tensor(part))
for part in tf.sparse.split(sp_input=st, num_split=2, axis=0): print(pprint_sparse_tensor(part))
print(pprint_sparse_tensor(tf.sparse.expand_dims(st, axis=0)))
unordered = tf.sparse.SparseTensor(indices=[[2, 1], [0, 3], [0, 0]], values=[4.0, 2.0, 1.0], dense_shape=[3, 4])
print(pprint_sparse_tensor(tf.sparse.reorder(unordered)))
show('to_dense unordered:', lambda: tf.sparse.to_dense(unordered))
show('to_dense repeated:', lambda: tf.sparse.to_dense(tf.sparse.SparseTensor([[0, 0], [0, 0]], [1.0, 2.0], [2, 2])))
show('index out of bounds:', lambda: tf.sparse.to_dense(tf.sparse.SparseTensor([[0, 5]], [1.0], [2, 2])))
print(tf.sparse.to_dense(unordered, validate_indices=False))

# reductions and elementwise
print(tf.sparse.reduce_sum(st)); print(tf.sparse.reduce_sum(st, axis=0)); print(tf.sparse.reduce_sum(st, axis=1, keepdims=True))
print(tf.sparse.reduce_max(st, axis=1)); print(pprint_sparse_tensor(tf.sparse.reduce_sum(st, axis=1, output_is_sparse=True)))
print(tf.sparse.reduce_max(tf.sparse.SparseTensor([[0, 0], [1, 1]], [-3.0, -1.0], [2, 2]), axis=1))
print(pprint_sparse_tensor(tf.sparse.maximum(st, tf.sparse.SparseTensor([[0, 0], [1, 1]], [5.0, -1.0], [3, 4]))))
print(pprint_sparse_tensor(tf.sparse.minimum(st, tf.sparse.SparseTensor([[0, 0], [1, 1]], [5.0, -1.0], [3, 4]))))
print(pprint_sparse_tensor(tf.sparse.retain(st, [True, False, True, False])))
print(pprint_sparse_tensor(tf.sparse.reset_shape(st, [5, 6])))
print(tf.sparse.reset_shape(st).dense_shape)
show('reset to smaller:', lambda: tf.sparse.reset_shape(st, [2, 2]))
filled, empty = tf.sparse.fill_empty_rows(tf.sparse.SparseTensor([[0, 1], [2, 0]], [1, 2], [4, 3]), -1)
print(pprint_sparse_tensor(filled)); print(empty)
print(tf.sparse.to_indicator(tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], tf.constant([0, 3, 2], tf.int64), [2, 2]), 4))
print(tf.sparse.softmax(tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1]], [1.0, 2.0, 3.0], [2, 3])).values)
print(pprint_sparse_tensor(tf.sparse.add(st, tf.sparse.SparseTensor([[0, 0], [1, 2]], [-1.0, -2.9], [3, 4]), threshold=0.5)))
print(tf.sparse.add(st, tf.ones([3, 4])))
print(tf.sparse.segment_sum(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), [0, 2], [0, 0]))
print(tf.sparse.segment_mean(tf.constant([1.0, 2.0, 3.0, 4.0]), [0, 1, 3], [0, 0, 1]))
print(tf.sparse.segment_sqrt_n(tf.constant([1.0, 2.0, 3.0, 4.0]), [0, 1, 3], [0, 0, 1], num_segments=3))
print(tf.sparse.cross([tf.sparse.SparseTensor([[0, 0], [1, 0]], [b'a', b'b'], [2, 1]), tf.constant([['x'], ['y']])]))
print(tf.sparse.bincount(tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], tf.constant([1, 1, 3], tf.int64), [2, 2]), axis=-1) if hasattr(tf.sparse, 'bincount') else None)
print(tf.sparse.eye(3))

# explicit zeros and sparse-aware ops
sparse_pattern = tf.sparse.SparseTensor(indices=[[0, 0], [1, 4], [2, 0], [3, 0], [3, 3]], values=[0.0, 2.0, 0.0, 0.0, 4.0], dense_shape=[4, 5])
print(tf.sparse.reduce_max(sparse_pattern, axis=1))
print(tf.math.reduce_max(tf.sparse.to_dense(sparse_pattern), axis=1))
x = tf.keras.Input(shape=(4,), sparse=True)
y = tf.keras.layers.Dense(4)(x)
model = tf.keras.Model(x, y)
print(type(y).__name__ if False else y.shape)
sparse_data = tf.sparse.SparseTensor(indices=[(0, 0), (0, 1), (0, 2), (4, 3), (5, 0), (5, 1)], values=[1, 1, 1, 1, 1, 1], dense_shape=(6, 4))
print(model(sparse_data).shape)

# tf.data and tf.function
dataset = tf.data.Dataset.from_tensor_slices(sparse_data)
for element in dataset: print(pprint_sparse_tensor(element))
print(dataset.element_spec)
batched = dataset.batch(2)
for element in batched: print(pprint_sparse_tensor(element))
for element in batched.unbatch(): print(pprint_sparse_tensor(element))
@tf.function
def f(x, y):
    return tf.sparse.sparse_dense_matmul(x, y)
a = tf.sparse.SparseTensor(indices=[[0, 3], [2, 4]], values=[15, 25], dense_shape=[3, 10])
b = tf.sparse.to_dense(tf.sparse.transpose(a))
c = f(a, b)
print(c)
print(f.get_concrete_function(a, b).structured_input_signature)
show('int32 sparse matmul float:', lambda: tf.sparse.sparse_dense_matmul(st_c, tf.constant([[1.0], [2.0]])))
show('matmul inner dims:', lambda: tf.sparse.sparse_dense_matmul(st_c, tf.constant([[1], [2], [3]])))
show('negative dense shape:', lambda: tf.sparse.SparseTensor([[0]], [1], [-2]))
show('indices rank:', lambda: tf.sparse.SparseTensor([0, 1], [1, 2], [2]))
show('values length:', lambda: tf.sparse.to_dense(tf.sparse.SparseTensor([[0], [1]], [1, 2, 3], [4])))
show('b not a matrix:', lambda: tf.sparse.sparse_dense_matmul(st_c, tf.constant([1, 2])))
show('int list for float:', lambda: tf.sparse.sparse_dense_matmul(tf.sparse.from_dense([[1.0, 0.0]]), [[1], [2]]))
print(tf.sparse.sparse_dense_matmul(tf.sparse.from_dense([[1.0, 0.0, 2.0]]), [[1.0, 2.0, 3.0]], adjoint_b=True))
show('adjoint_b inner dims:', lambda: tf.sparse.sparse_dense_matmul(st_c, tf.constant([[1, 2, 3]]), adjoint_b=True))
print(tf.sparse.SparseTensor([[0, 0]], [1], [2, -1]).shape)
show('dense shape -5:', lambda: tf.sparse.SparseTensor([[0, 0, 0]], [1], [3, -5, -7]))
print(tf.sparse.bincount(tf.constant([1, 3, 3], tf.int64)).values)
print(tf.sparse.bincount(tf.constant([[1, 3], [3, 3]], tf.int32), axis=-1))
print(tf.sparse.bincount(tf.ragged.constant([[1], [3, 3]], dtype=tf.int64), binary_output=True).values)
print(tf.sparse.bincount(tf.constant([1, 3], tf.int64), weights=[1.0, 2.0]).values)
show('slice start length:', lambda: tf.sparse.slice(st, [0, 0, 0], [1, 1]))
show('slice size not a vector:', lambda: tf.sparse.slice(st, [0, 0], [[1, 1]]))
show('slice negative size:', lambda: tf.sparse.slice(st, [0, 0], [-1, 2]))
print(pprint_sparse_tensor(tf.sparse.slice(st, [-1, 1], [3, 9])))
