# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Migrate tf.feature_column to Keras preprocessing layers" guide on small data: each
feature column (one-hot, normalization, bucketizing, vocabulary, hashing, embedding,
weighted counts, crosses) called through TF 1's input_layer (Keras 3 has no DenseFeatures:
the guide's helper fails, printed) beside the Keras preprocessing layer replacing it, and
the guide's end-to-end example: a preprocessing model in tf.data and a trained model,
saved with the preprocessing as one inference model."""

import os

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(4)
np.set_printoptions(precision=4, suppress=True)


def call_feature_columns(feature_columns, inputs):
  # This is a convenient way to call a `feature_column` outside of an estimator
  # to display its output.
  feature_layer = tf.keras.layers.DenseFeatures(feature_columns)
  return feature_layer(inputs)


try:
  call_feature_columns([tf.feature_column.numeric_column("x")], {"x": [[1.0]]})
except AttributeError as e:  # (the module's name is Keras's own: 'keras._tf_keras...')
  print("AttributeError:", str(e).split(" has ")[1])


def call_feature_columns(feature_columns, inputs):
  # Keras 3 has no DenseFeatures: TF 1's input_layer in a graph computes the same
  with tf.Graph().as_default():
    out = tf.compat.v1.feature_column.input_layer(inputs, feature_columns)
    with tf.compat.v1.Session() as sess:
      sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.tables_initializer()])
      return sess.run(out)


# One-hot encoding integer IDs
categorical_col = tf.feature_column.categorical_column_with_identity(
    'type', num_buckets=3)
indicator_col = tf.feature_column.indicator_column(categorical_col)
print(call_feature_columns(indicator_col, {'type': [0, 1, 2]}))
one_hot_layer = tf.keras.layers.CategoryEncoding(
    num_tokens=3, output_mode='one_hot')
print(one_hot_layer([0, 1, 2]))
print(categorical_col.name, categorical_col.num_buckets, indicator_col.name, indicator_col.variable_shape)

# Normalizing numeric features
def normalize(x):
  mean, variance = (2.0, 1.0)
  return (x - mean) / tf.math.sqrt(variance)
numeric_col = tf.feature_column.numeric_column('col', normalizer_fn=normalize)
print(call_feature_columns(numeric_col, {'col': np.array([[0.], [1.], [2.]], 'float32')}))
print(numeric_col.key, numeric_col.shape, numeric_col.dtype, numeric_col.default_value)
normalization_layer = tf.keras.layers.Normalization(axis=None)
try:  # (Keras 3 adapts arrays, not a Python list of floats)
  normalization_layer.adapt([1.0, 2.0, 3.0])
except TypeError as e:
  print("TypeError:", str(e)[:120])
normalization_layer.adapt(np.array([1.0, 2.0, 3.0]))
print(normalization_layer(tf.constant([[0.], [1.], [2.]])))
print(normalization_layer.mean.numpy(), normalization_layer.variance.numpy())

# Bucketizing and one-hot encoding numeric features
numeric_col = tf.feature_column.numeric_column('col')
bucketized_col = tf.feature_column.bucketized_column(numeric_col, [1, 4, 5])
print(call_feature_columns(bucketized_col, {'col': np.array([1., 2., 3., 4., 5.], 'float32')}))
print(bucketized_col.name, bucketized_col.boundaries, bucketized_col.num_buckets)
discretization_layer = tf.keras.layers.Discretization(bin_boundaries=[1, 4, 5])
one_hot_layer = tf.keras.layers.CategoryEncoding(
    num_tokens=4, output_mode='one_hot')
print(one_hot_layer(discretization_layer([1., 2., 3., 4., 5.])))
discretization_layer = tf.keras.layers.Discretization(num_bins=3)
discretization_layer.adapt(np.array([1., 2., 3., 4., 5., 6., 7., 8., 9.]))
print(discretization_layer([0.5, 3.0, 5.0, 9.5]).numpy(), discretization_layer.bin_boundaries)

# One-hot encoding string data with a vocabulary
vocab_col = tf.feature_column.categorical_column_with_vocabulary_list(
    'sizes',
    vocabulary_list=['small', 'medium', 'large'],
    num_oov_buckets=0)
indicator_col = tf.feature_column.indicator_column(vocab_col)
print(call_feature_columns(indicator_col, {'sizes': ['small', 'medium', 'large']}))
string_lookup_layer = tf.keras.layers.StringLookup(
    vocabulary=['small', 'medium', 'large'],
    num_oov_indices=0,
    output_mode='one_hot')
print(string_lookup_layer(['small', 'medium', 'large']))
vocab_col = tf.feature_column.categorical_column_with_vocabulary_list(
    'sizes', vocabulary_list=['small', 'medium', 'large'], num_oov_buckets=1)
print(call_feature_columns(tf.feature_column.indicator_column(vocab_col), {'sizes': ['small', 'huge', 'large']}))
string_lookup_layer = tf.keras.layers.StringLookup(
    vocabulary=['small', 'medium', 'large'], output_mode='one_hot')
print(string_lookup_layer(['small', 'huge', 'large']))
print(string_lookup_layer.get_vocabulary(), string_lookup_layer.vocabulary_size())
try:
  tf.keras.layers.StringLookup(vocabulary=['small', 'medium', 'large'], num_oov_indices=0)(['huge'])
except Exception as e:
  print(type(e).__name__, str(e).splitlines()[0][:160])

# One-hot encoding string data with a vocabulary file
vocab_file = os.path.abspath("sizes.txt")
with open(vocab_file, "w") as f:
  f.write("small\nmedium\nlarge\n")
file_col = tf.feature_column.categorical_column_with_vocabulary_file('sizes', vocab_file, num_oov_buckets=1)
print(file_col.vocabulary_size, call_feature_columns(tf.feature_column.indicator_column(file_col), {'sizes': ['large', 'tiny']}))
print(tf.keras.layers.StringLookup(vocabulary=vocab_file, output_mode='one_hot')(['large', 'tiny']))

# Hashing string data
hash_col = tf.feature_column.categorical_column_with_hash_bucket('col', 5)
print(call_feature_columns(tf.feature_column.indicator_column(hash_col), {'col': ['a', 'b', 'c', 'a']}))
hashing_layer = tf.keras.layers.Hashing(num_bins=5)
print(hashing_layer(['a', 'b', 'c', 'a']).numpy(), tf.keras.layers.Hashing(num_bins=5, output_mode='one_hot')(['a', 'b', 'c']))
print(tf.keras.layers.Hashing(num_bins=5, salt=7)(['a', 'b', 'c']).numpy(), tf.keras.layers.Hashing(num_bins=3, mask_value='')(['', 'a', 'b']).numpy())
int_hash_col = tf.feature_column.categorical_column_with_hash_bucket('ids', 4, dtype=tf.int64)
print(call_feature_columns(tf.feature_column.indicator_column(int_hash_col), {'ids': [[1], [2], [17]]}))
print(tf.keras.layers.Hashing(num_bins=4)([1, 2, 17]).numpy())

# Embedding text data
embedding_col = tf.feature_column.embedding_column(
    vocab_col, dimension=4, initializer=tf.keras.initializers.Constant([[1., 0., 0., 0.], [0., 1., 0., 0.], [0., 0., 1., 0.], [1., 1., 1., 1.]]))
print(call_feature_columns(embedding_col, {'sizes': ['small', 'medium', 'large', 'xl']}))
print(embedding_col.name, embedding_col.dimension, embedding_col.combiner)
string_lookup_layer = tf.keras.layers.StringLookup(vocabulary=['small', 'medium', 'large'], num_oov_indices=1)
embedding = tf.keras.layers.Embedding(input_dim=4, output_dim=4, embeddings_initializer=tf.keras.initializers.Constant([[1., 1., 1., 1.], [1., 0., 0., 0.], [0., 1., 0., 0.], [0., 0., 1., 0.]]))
print(embedding(string_lookup_layer(['small', 'medium', 'large', 'xl'])))
multi = tf.feature_column.embedding_column(vocab_col, dimension=2, combiner='sqrtn', initializer=tf.keras.initializers.Constant([[1., 2.], [3., 4.], [5., 6.], [7., 8.]]))
print(call_feature_columns(multi, {'sizes': tf.compat.v1.SparseTensorValue([[0, 0], [0, 1], [1, 0]], ['small', 'large', 'medium'], [2, 2])}))

# Summing weighted categorical data
ids = tf.feature_column.categorical_column_with_identity(
    'ids', num_buckets=3)
weighted = tf.feature_column.weighted_categorical_column(ids, 'weights')
print(call_feature_columns(tf.feature_column.indicator_column(weighted), {
    'ids': [[0, 1], [1, 2]],
    'weights': [[.5, 1.5], [.7, 1.8]],
}))
weighted.name
print(weighted.name, weighted.weight_feature_key)
count_layer = tf.keras.layers.CategoryEncoding(
    num_tokens=3, output_mode='count')
print(count_layer([[0, 1], [1, 2]], count_weights=[[.5, 1.5], [.7, 1.8]]))
print(tf.keras.layers.CategoryEncoding(num_tokens=3, output_mode='multi_hot')([[0, 1], [1, 1]]))

# Embedding weighted categorical data
weighted_emb = tf.feature_column.embedding_column(weighted, 2, combiner='sum', initializer=tf.keras.initializers.Constant([[1., 0.], [0., 1.], [1., 1.]]))
print(call_feature_columns(weighted_emb, {'ids': [[0, 1], [1, 2]], 'weights': [[.5, 1.5], [.7, 1.8]]}))
embedding_layer = tf.keras.layers.Embedding(3, 2, embeddings_initializer=tf.keras.initializers.Constant([[1., 0.], [0., 1.], [1., 1.]]))
try:  # (Keras 3 takes a nested Python list as positional arguments, refused)
  embedding_layer([[0, 1], [1, 2]])
except ValueError as e:
  print("ValueError:", str(e)[:80])
print(tf.reduce_sum(embedding_layer(np.array([[0, 1], [1, 2]])) * tf.constant([[.5, 1.5], [.7, 1.8]])[..., None], axis=1))

# Crossing features
a = tf.feature_column.categorical_column_with_vocabulary_list('a', ['x', 'y'])
b = tf.feature_column.categorical_column_with_identity('b', 3)
crossed = tf.feature_column.crossed_column([a, b], hash_bucket_size=7)
print(crossed.name, call_feature_columns(tf.feature_column.indicator_column(crossed), {'a': [['x'], ['y']], 'b': [[1], [2]]}))
crossing = tf.keras.layers.HashedCrossing(num_bins=7)
print(crossing((tf.constant(['x', 'y']), tf.constant([1, 2]))).numpy())
print(tf.keras.layers.HashedCrossing(num_bins=7, output_mode='one_hot')((tf.constant(['x', 'y']), tf.constant([1, 2]))))

# Full training example
features = {
    'type': [0, 1, 1],
    'size': ['small', 'small', 'medium'],
    'weight': [2.7, 1.8, 1.6],
}
labels = [1, 1, 0]
predict_features = {'type': [0], 'size': ['foo'], 'weight': [-0.7]}

# Training with feature columns (TF 1's input_layer standing in for DenseFeatures)
categorical_col = tf.feature_column.categorical_column_with_identity(
    'type', num_buckets=3)
embedding_col = tf.feature_column.embedding_column(
    tf.feature_column.categorical_column_with_vocabulary_list(
        'size', vocabulary_list=['small', 'medium', 'large'], num_oov_buckets=0),
    dimension=2, initializer=tf.keras.initializers.Constant(0.1))
numeric_col = tf.feature_column.numeric_column(
    'weight', normalizer_fn=lambda x: (x - 2.0) / 1.0)
columns = [tf.feature_column.indicator_column(categorical_col), embedding_col, numeric_col]
print([c.name for c in columns], sorted(tf.feature_column.make_parse_example_spec(columns).items(), key=lambda kv: kv[0]))
print(call_feature_columns(columns, {k: np.array(v) for k, v in features.items()}))

# Training with Keras preprocessing layers
inputs = {
  'type': tf.keras.Input(shape=(), dtype='int64'),
  'size': tf.keras.Input(shape=(), dtype='string'),
  'weight': tf.keras.Input(shape=(), dtype='float32'),
}
# Since the embedding is trainable, it needs to be part of the training model.
embedding = tf.keras.layers.Embedding(len(['small', 'medium', 'large']) + 1, 2)
outputs = {
  'type': tf.keras.layers.CategoryEncoding(
      num_tokens=3, output_mode='one_hot')(inputs['type']),
  'size': tf.keras.layers.StringLookup(
      vocabulary=['small', 'medium', 'large'])(inputs['size']),
  'weight': tf.keras.layers.Normalization(
      axis=None, mean=2.0, variance=1.0)(inputs['weight']),
}
preprocessing_model = tf.keras.Model(inputs, outputs)
print(sorted(preprocessing_model.output_shape.items()) if isinstance(preprocessing_model.output_shape, dict) else preprocessing_model.output_shape)

dataset = tf.data.Dataset.from_tensor_slices((features, labels)).batch(1)
dataset = dataset.map(lambda x, y: (preprocessing_model(x), y),
                      num_parallel_calls=tf.data.AUTOTUNE)
for x, y in dataset.take(1):
  print({k: v.numpy() for k, v in sorted(x.items())}, y.numpy())

inputs = {
  'type': tf.keras.Input(shape=(3,)),
  'size': tf.keras.Input(shape=(), dtype='int64'),
  'weight': tf.keras.Input(shape=()),
}
# Since the embedding is trainable, it needs to be part of the training model.
embedding = tf.keras.layers.Embedding(len(['small', 'medium', 'large']) + 1, 2)
try:  # (Keras 3: a TF op on a KerasTensor is refused; a Reshape layer does it)
  tf.expand_dims(inputs['weight'], -1)
except ValueError as e:
  print("ValueError:", str(e).splitlines()[0][:80])
outputs = tf.keras.layers.Concatenate()([
  inputs['type'],
  embedding(inputs['size']),
  tf.keras.layers.Reshape((1,))(inputs['weight']),
])
outputs = tf.keras.layers.Dense(1)(outputs)
training_model = tf.keras.Model(inputs, outputs)
training_model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.01), loss=tf.keras.losses.BinaryCrossentropy(from_logits=True))
h = training_model.fit(dataset, epochs=3, verbose=0)
print([round(l, 4) for l in h.history['loss']])

inputs = preprocessing_model.input
outputs = training_model(preprocessing_model(inputs))
inference_model = tf.keras.Model(inputs, outputs)

predict_dataset = tf.data.Dataset.from_tensor_slices(predict_features).batch(1)
print(inference_model.predict(predict_dataset, verbose=0).round(4))

inference_model.save('model.keras')
restored_model = tf.keras.models.load_model('model.keras')
print(restored_model.predict(predict_dataset, verbose=0).round(4))
print([type(l).__name__ for l in restored_model.layers])
