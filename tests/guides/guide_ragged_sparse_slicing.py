# ruff: noqa: E702, E701, E501, E741, UP031, UP032, UP018, F541  (the cells as written)
# The main cells of TF's "Ragged tensors", "Working with sparse tensors" and "Tensor
# slicing" guides: ragged construction, ops, indexing, conversion, Keras and tf.data with
# ragged inputs, tf.function over ragged, row partitions; SparseTensor construction, ops,
# Keras, tf.data and tf.train.Example sparse features; tf.slice, gather, gather_nd,
# scatter_nd, tensor_scatter_nd_* and the boolean mask.
import numpy as np
import tensorflow as tf

keras = tf.keras
digits = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
words = tf.ragged.constant([["So", "long"], ["thanks", "for", "all", "the", "fish"]])
print(tf.add(digits, 3))
print(tf.reduce_mean(digits, axis=1))
print(tf.concat([digits, [[5, 3]]], axis=0))
print(tf.tile(digits, [1, 2]))
print(tf.strings.substr(words, 0, 2))
print(tf.map_fn(tf.math.square, digits))
print(digits.to_list())
print(digits.numpy())
print(digits[0])
print(digits[:, :2])
print(digits[:, -2:])
print(digits + 3)
print(digits + tf.ragged.constant([[1, 2, 3, 4], [], [5, 6, 7], [8], []]))
times_two_plus_one = lambda x: x * 2 + 1
print(tf.ragged.map_flat_values(times_two_plus_one, digits))
sentences = tf.ragged.constant([["Hi"], ["Welcome", "to", "the", "fair"], ["Have", "fun"]])
print(sentences)
paragraphs = tf.ragged.constant([[['I', 'have', 'a', 'cat'], ['His', 'name', 'is', 'Mat']],
                                 [['Do', 'you', 'want', 'to', 'come', 'visit'], ["I'm", 'free', 'tomorrow']]])
print(paragraphs)
print(tf.RaggedTensor.from_value_rowids(values=[3, 1, 4, 1, 5, 9, 2], value_rowids=[0, 0, 0, 0, 2, 2, 3]))
print(tf.RaggedTensor.from_row_lengths(values=[3, 1, 4, 1, 5, 9, 2], row_lengths=[4, 0, 2, 1]))
print(tf.RaggedTensor.from_row_splits(values=[3, 1, 4, 1, 5, 9, 2], row_splits=[0, 4, 4, 6, 7]))
print(tf.ragged.constant([["Hi"], ["How", "are", "you"]]))
print(tf.ragged.constant([[1.0, 3.0], [1.0, 2.0, 3.0]]))
try:
    tf.ragged.constant([["one", "two"], [3, 4]])
except ValueError as exception:
    print(exception)
try:
    tf.ragged.constant(["A", ["B", "C"]])
except ValueError as exception:
    print(exception)
queries = tf.ragged.constant([['Who', 'is', 'Dan', 'Smith'], ['Pause'], ['Will', 'it', 'rain', 'later', 'today']])
num_buckets = 1024
embedding_size = 4
embedding_table = tf.Variable(tf.random.stateless_truncated_normal([num_buckets, embedding_size], seed=[1, 2], stddev=1.0 / np.sqrt(embedding_size)))
word_buckets = tf.strings.to_hash_bucket_fast(queries, num_buckets)
print(word_buckets)
word_embeddings = tf.nn.embedding_lookup(embedding_table, word_buckets)
marker = tf.fill([queries.nrows(), 1], '#')
padded = tf.concat([marker, queries, marker], axis=1)
bigrams = tf.strings.join([padded[:, :-1], padded[:, 1:]], separator='+')
bigram_buckets = tf.strings.to_hash_bucket_fast(bigrams, num_buckets)
bigram_embeddings = tf.nn.embedding_lookup(embedding_table, bigram_buckets)
all_embeddings = tf.concat([word_embeddings, bigram_embeddings], axis=1)
avg_embedding = tf.reduce_mean(all_embeddings, axis=1)
print(np.round(avg_embedding.numpy(), 5))
print(tf.ragged.constant([["Hi"], ["How", "are", "you"]]).shape)
print(tf.ragged.constant([["Hi"], ["How", "are", "you"]]).bounding_shape())
ragged_x = tf.ragged.constant([["John"], ["a", "big", "dog"], ["my", "cat"]])
ragged_y = tf.ragged.constant([["fell", "asleep"], ["barked"], ["is", "fuzzy"]])
print(tf.concat([ragged_x, ragged_y], axis=1))
sparse_x = ragged_x.to_sparse()
sparse_y = ragged_y.to_sparse()
sparse_result = tf.sparse.concat(sp_inputs=[sparse_x, sparse_y], axis=1)
print(tf.sparse.to_dense(sparse_result, ''))
x = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
y = tf.ragged.constant([[1, 1], [2], [3, 3, 3]])
print(x + y)
print(x + 3)
print(x + tf.constant([[10], [20], [30]]))
print(tf.ragged.constant([[1, 2], [3]]) * tf.constant([[[1], [2]]]) if False else "")
try:
    tf.ragged.constant([[1, 2], [3, 4]]) + tf.ragged.constant([[1, 2], [3]])
except tf.errors.InvalidArgumentError as exception:
    print(type(exception).__name__, str(exception).split("\n")[0][:120])
queries = tf.ragged.constant([['Who', 'is', 'George', 'Washington'], ['What', 'is', 'the', 'weather', 'tomorrow'], ['Goodnight']])
print(queries[1])
print(queries[1, 2])
print(queries[1:])
print(queries[:, :3])
print(queries[:, -2:])
rt = tf.ragged.constant([[[1, 2, 3], [4]], [[5], [], [6]], [[7]], [[8, 9], [10]]])
print(rt[1])
print(rt[3, 0])
print(rt[:, 1:3])
print(rt[:, -1:])
ragged_sentences = tf.ragged.constant([['Hi'], ['Welcome', 'to', 'the', 'fair'], ['Have', 'fun']])
print(ragged_sentences.to_tensor(default_value='', shape=[None, 10]))
x = [[1, 3, -1, -1], [2, -1, -1, -1], [4, 5, 8, 9]]
print(tf.RaggedTensor.from_tensor(x, padding=-1))
print(ragged_sentences.to_sparse())
st = tf.SparseTensor(indices=[[0, 0], [2, 0], [2, 1]], values=['a', 'b', 'c'], dense_shape=[3, 3])
print(tf.RaggedTensor.from_sparse(st))
rt = tf.ragged.constant([[1, 2], [3, 4, 5], [6], [], [7]])
print("Python list:", rt.to_list())
print("NumPy array:", rt.numpy())
print("Values:", rt.values.numpy())
print("Splits:", rt.row_splits.numpy())
print("Indexed value:", rt[1].numpy())
x = tf.constant([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
print(x.shape, tf.ragged.constant([[1], [2, 3]]).shape, tf.RaggedTensorSpec([3, None], tf.int32))
rt = tf.RaggedTensor.from_row_splits(values=tf.RaggedTensor.from_row_splits(values=[10, 11, 12, 13, 14, 15, 16, 17, 18, 19], row_splits=[0, 3, 3, 5, 9, 10]), row_splits=[0, 1, 1, 5])
print(rt)
print("Shape: {}".format(rt.shape))
print("Number of partitioned dimensions: {}".format(rt.ragged_rank))
rt = tf.RaggedTensor.from_nested_row_splits(flat_values=[10, 11, 12, 13, 14, 15, 16, 17, 18, 19], nested_row_splits=([0, 1, 1, 5], [0, 3, 3, 5, 9, 10]))
print(rt, rt.nested_row_lengths())
rt = tf.RaggedTensor.from_row_splits(values=[[1, 3], [0, 0], [1, 3], [5, 3], [3, 3], [1, 2]], row_splits=[0, 3, 4, 6])
print(rt)
print("Shape: {}".format(rt.shape))
print("Number of partitioned dimensions: {}".format(rt.ragged_rank))
print("Flat values shape: {}".format(rt.flat_values.shape))
print("Flat values:\n{}".format(rt.flat_values))
rt = tf.RaggedTensor.from_uniform_row_length(values=tf.RaggedTensor.from_row_splits(values=[10, 11, 12, 13, 14, 15, 16, 17, 18, 19], row_splits=[0, 3, 5, 9, 10]), uniform_row_length=2)
print(rt)
print("Shape: {}".format(rt.shape))
print("Number of partitioned dimensions: {}".format(rt.ragged_rank))
print(rt.row_lengths(), rt.value_rowids(), rt.row_starts(), rt.row_limits(), rt.nrows())
print(tf.ragged.range([3, 0, 2]), tf.ragged.stack([tf.constant([1, 2]), tf.constant([3])]) if False else tf.ragged.range([1, 2], [4, 3], 2))
print(tf.ragged.boolean_mask(tf.ragged.constant([[1, 2, 3], [4], [5, 6]]), tf.ragged.constant([[True, False, True], [False], [True, True]])))
print(tf.ragged.segment_ids([2, 0, 1]) if hasattr(tf.ragged, "segment_ids") else tf.ragged.row_splits_to_segment_ids([0, 2, 2, 3]))

# Keras and tf.data with ragged inputs
sentences = tf.constant(['What a great and fantastic day', 'This is a wonderful thing', 'It is so sad', 'Bad bad bad'])
is_question = tf.constant([True, False, True, False])
hash_buckets = 100
words = tf.strings.split(sentences, ' ')
hashed_words = tf.strings.to_hash_bucket_fast(words, hash_buckets)
print(hashed_words)
keras_model = keras.Sequential([
    keras.layers.Input(shape=[None], dtype=tf.int64, ragged=True) if False else keras.layers.Embedding(hash_buckets, 4),
    keras.layers.GlobalAveragePooling1D(),
    keras.layers.Dense(1)])
try:
    keras_model(hashed_words)
except Exception as e:
    print(type(e).__name__, str(e).split("\n")[0][:150])
print(keras_model(hashed_words.to_tensor()).shape)
dataset = tf.data.Dataset.from_tensor_slices(digits)
for element in dataset:
    print(element)
batched_dataset = tf.data.Dataset.from_tensor_slices(digits).batch(2)
for element in batched_dataset:
    print(element)
print(batched_dataset.element_spec)
non_ragged_dataset = tf.data.Dataset.from_tensor_slices([1, 5, 3, 2, 8])
non_ragged_dataset = non_ragged_dataset.map(tf.range)
batched_non_ragged_dataset = non_ragged_dataset.apply(tf.data.experimental.dense_to_ragged_batch(2))
for element in batched_non_ragged_dataset:
    print(element)
ragged_dataset = tf.data.Dataset.from_tensor_slices(digits).map(lambda x: {'original': x, 'avg': tf.reduce_mean(x) if False else tf.reduce_sum(x), 'length': tf.size(x)})
for element in ragged_dataset.take(3):
    print(element)
batched = tf.data.Dataset.range(5).map(lambda x: tf.range(x)).ragged_batch(3)
print(list(batched.as_numpy_iterator())[0], batched.element_spec)


@tf.function
def make_palindrome(x, axis):
    return tf.concat([x, tf.reverse(x, [axis])], axis)


print(make_palindrome(tf.constant([[1, 2], [3, 4], [5, 6]]), axis=1))
print(make_palindrome(digits, axis=1))


@tf.function(input_signature=[tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)])
def max_and_min(rt):
    return (tf.math.reduce_max(rt, axis=-1), tf.math.reduce_min(rt, axis=-1))


print(max_and_min(digits))
print(max_and_min.get_concrete_function().structured_outputs)
print(tf.ragged.constant([[1.0, 2.0], [3.0]]) == tf.ragged.constant([[1.0, 2.0], [3.0]]) if False else tf.equal(tf.ragged.constant([[1, 2], [3]]), 2))

# Sparse tensors
st1 = tf.sparse.SparseTensor(indices=[[0, 3], [2, 4]], values=[10, 20], dense_shape=[3, 10])
print(st1)


def pprint_sparse_tensor(st):
    s = "<SparseTensor shape=%s \n values={" % (st.dense_shape.numpy().tolist(),)
    for (index, value) in zip(st.indices, st.values):
        s += f"\n  %s: %s" % (index.numpy().tolist(), value.numpy().tolist())
    return s + "}>"


print(pprint_sparse_tensor(st1))
st2 = tf.sparse.from_dense([[1, 0, 0, 8], [0, 0, 0, 0], [0, 0, 3, 0]])
print(pprint_sparse_tensor(st2))
st3 = tf.sparse.to_dense(st2)
print(st3)
st_a = tf.sparse.SparseTensor(indices=[[0, 2], [3, 4]], values=[31, 2], dense_shape=[4, 10])
st_b = tf.sparse.SparseTensor(indices=[[0, 2], [3, 0]], values=[56, 38], dense_shape=[4, 10])
st_sum = tf.sparse.add(st_a, st_b)
print(pprint_sparse_tensor(st_sum))
st_c = tf.sparse.SparseTensor(indices=([0, 1], [1, 0], [1, 1]), values=[13, 15, 17], dense_shape=(2, 2))
mb = tf.constant([[4], [6]])
product = tf.sparse.sparse_dense_matmul(st_c, mb)
print(product)
sparse_pattern_A = tf.sparse.SparseTensor(indices=[[2, 4], [3, 3], [3, 4], [4, 3], [4, 4], [5, 4]], values=[1, 1, 1, 1, 1, 1], dense_shape=[8, 5])
sparse_pattern_B = tf.sparse.SparseTensor(indices=[[0, 2], [1, 1], [1, 3], [2, 0], [2, 4], [2, 5], [3, 5], [4, 5], [5, 0], [5, 4], [5, 5], [6, 1], [6, 3], [7, 2]], values=[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], dense_shape=[8, 6])
sparse_pattern_C = tf.sparse.SparseTensor(indices=[[3, 0], [4, 0]], values=[1, 1], dense_shape=[8, 6])
sparse_patterns_list = [sparse_pattern_A, sparse_pattern_B, sparse_pattern_C]
sparse_pattern = tf.sparse.concat(axis=1, sp_inputs=sparse_patterns_list)
print(tf.sparse.to_dense(sparse_pattern))
sparse_slice_A = tf.sparse.slice(sparse_pattern_A, start=[0, 0], size=[8, 5])
sparse_slice_B = tf.sparse.slice(sparse_pattern_B, start=[0, 5], size=[8, 6])
sparse_slice_C = tf.sparse.slice(sparse_pattern_C, start=[0, 10], size=[8, 6])
print(tf.sparse.to_dense(sparse_slice_A))
print(tf.sparse.to_dense(sparse_slice_B))
print(tf.sparse.to_dense(sparse_slice_C))
st2_plus_5 = tf.sparse.map_values(tf.add, st2, 5)
print(tf.sparse.to_dense(st2_plus_5))
st2_plus_5 = tf.sparse.SparseTensor(st2.indices, st2.values + 5, st2.dense_shape)
print(tf.sparse.to_dense(st2_plus_5))
x = keras.Input(shape=(4,), sparse=True)
y = keras.layers.Dense(4)(x)
model = keras.Model(x, y)
sparse_data = tf.sparse.SparseTensor(indices=[(0, 0), (0, 1), (0, 2), (4, 3), (5, 0), (5, 1)], values=[1, 1, 1, 1, 1, 1], dense_shape=(6, 4))
model.layers[1].set_weights([np.ones((4, 4), "float32"), np.zeros(4, "float32")])
print(model.predict(sparse_data, verbose=0))
dataset = tf.data.Dataset.from_tensor_slices(sparse_data)
for element in dataset:
    print(pprint_sparse_tensor(element))
batched_dataset = dataset.batch(2)
for element in batched_dataset:
    print(pprint_sparse_tensor(element))
unbatched_sparse_dataset = batched_dataset.unbatch()
print(len(list(unbatched_sparse_dataset)), unbatched_sparse_dataset.element_spec)
print(tf.strings.to_number(tf.sparse.SparseTensor([[0, 1]], ["3.5"], [1, 3]).values))
st = tf.sparse.SparseTensor(indices=[[0, 1], [1, 2]], values=[1.0, 2.0], dense_shape=[2, 3])
print(tf.sparse.reduce_max(st, axis=1), tf.sparse.reduce_sum(st, axis=0, keepdims=True))
print(tf.sparse.reorder(tf.sparse.SparseTensor([[1, 0], [0, 1]], [1, 2], [2, 2])))
print(tf.sparse.reset_shape(st, [3, 4]).dense_shape, tf.sparse.transpose(st).dense_shape, tf.sparse.expand_dims(st, 0).dense_shape)
print(tf.sparse.retain(st, [True, False]).values, tf.sparse.fill_empty_rows(tf.sparse.SparseTensor([[1, 0]], [4], [3, 2]), -1))
print(tf.sparse.softmax(st) if False else tf.sparse.maximum(st, tf.sparse.SparseTensor([[0, 1]], [5.0], [2, 3])))
try:
    tf.sparse.SparseTensor(indices=[[0, 5]], values=[1], dense_shape=[2, 3]).values
    tf.sparse.to_dense(tf.sparse.SparseTensor(indices=[[0, 5]], values=[1], dense_shape=[2, 3]))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
try:
    tf.sparse.to_dense(tf.sparse.SparseTensor(indices=[[1, 0], [0, 1]], values=[1, 2], dense_shape=[2, 3]))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)

# Tensor slicing
t1 = tf.constant([0, 1, 2, 3, 4, 5, 6, 7])
print(tf.slice(t1, begin=[1], size=[3]))
print(t1[1:4])
print(t1[-3:])
t2 = tf.constant([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]])
print(t2[:-1, 1:3])
t3 = tf.constant([[[1, 3, 5, 7], [9, 11, 13, 15]], [[17, 19, 21, 23], [25, 27, 29, 31]]])
print(tf.slice(t3, begin=[1, 1, 0], size=[1, 1, 2]))
print(tf.gather(t1, indices=[0, 3, 6]))
alphabet = tf.constant(list('abcdefghijklmnopqrstuvwxyz'))
print(tf.gather(alphabet, indices=[2, 0, 19, 18]))
print(tf.gather(t2, indices=[0, 2], axis=1) if False else tf.gather(t2, [0, 2], axis=1))
t4 = tf.constant([[0, 5], [1, 6], [2, 7], [3, 8], [4, 9]])
print(tf.gather_nd(t4, indices=[[2], [3], [0]]))
t5 = np.reshape(np.arange(18), [2, 3, 3])
print(tf.gather_nd(t5, indices=[[0, 0, 0], [1, 2, 1]]))
print(tf.gather_nd(t5, indices=[[[0, 0], [0, 2]], [[1, 0], [1, 2]]]))
print(tf.gather_nd(t5, indices=[[0, 0], [0, 2], [1, 0], [1, 2]]))
t6 = tf.constant([10])
indices = tf.constant([[1], [3], [5], [7], [9]])
data = tf.constant([2, 4, 6, 8, 10])
print(tf.scatter_nd(indices=indices, updates=data, shape=t6))
new_indices = tf.constant([[0, 2], [2, 1], [3, 3]])
t7 = tf.gather_nd(t2, indices=new_indices)
for args in [(new_indices, t7, [4, 5]), (tf.cast(new_indices, tf.int64), t7, tf.constant([4, 5])),
             (tf.cast(new_indices, tf.int64), t7, tf.constant([4.0, 5.0])), ([[0.5, 1]], [1], [2, 2])]:
    try:
        tf.sparse.SparseTensor(*args)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
t8 = tf.sparse.SparseTensor(indices=tf.cast(new_indices, tf.int64), values=t7, dense_shape=[4, 5])
print(t8)
print(tf.sparse.to_dense(t8))
t9 = tf.constant([[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]])
t10 = tf.tensor_scatter_nd_update(t9, indices=[[0, 1], [0, 3]], updates=[10, 20])
print(t10)
t11 = tf.constant([[2, 7, 0], [9, 0, 1], [0, 3, 8]])
t12 = tf.tensor_scatter_nd_add(t11, indices=[[0, 2], [1, 1], [2, 0]], updates=[6, 5, 4])
print(t12)
t13 = tf.tensor_scatter_nd_sub(t11, indices=[[0, 2], [1, 1], [2, 0]], updates=[6, 5, 4])
print(t13)
t14 = tf.constant([[-2, -7, 0], [-9, 0, 1], [0, -3, -8]])
t15 = tf.tensor_scatter_nd_min(t14, indices=[[0, 2], [1, 1], [2, 0]], updates=[-6, -5, -4])
print(t15)
t16 = tf.tensor_scatter_nd_max(t14, indices=[[0, 2], [1, 1], [2, 0]], updates=[6, 5, 4])
print(t16)
t11 = tf.constant([[2, 7, 0], [9, 0, 1], [0, 3, 8]])
t12 = tf.tensor_scatter_nd_update(t11, indices=[[0, 2], [1, 1], [2, 0]], updates=[6, 5, 4])
print(t12)
print(tf.boolean_mask(t2, [True, False, True, False]), tf.boolean_mask(t2, t2 % 3 == 0))
for f in [lambda: tf.slice(t1, [6], [4]), lambda: tf.gather(t1, [9]), lambda: tf.gather_nd(t4, [[7]]),
          lambda: tf.scatter_nd([[11]], [1], [10]), lambda: tf.tensor_scatter_nd_update(t9, [[0, 10]], [1])]:
    try:
        print(f())
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, e)
