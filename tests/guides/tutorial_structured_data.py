# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Classify structured data using Keras preprocessing layers" on a seeded pet table
held as a dict of NumPy columns (no pandas): df_to_dataset, Normalization per numeric
feature, StringLookup/IntegerLookup with one_hot output and CategoryEncoding, the functional
model over a dict of Inputs, its fit/evaluate, a .keras round trip and a prediction from a
dict of tensors."""

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(23)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(23)
n = 120
df = {
    'Type': rng.choice(['Cat', 'Dog'], n),
    'Age': rng.integers(1, 60, n).astype('int64'),
    'Breed1': rng.choice(['Tabby', 'Mixed Breed', 'Domestic Short Hair', 'Poodle'], n),
    'Gender': rng.choice(['Male', 'Female'], n),
    'Color1': rng.choice(['Black', 'White', 'Brown', 'Golden'], n),
    'MaturitySize': rng.choice(['Small', 'Medium', 'Large'], n),
    'FurLength': rng.choice(['Short', 'Medium', 'Long'], n),
    'Vaccinated': rng.choice(['Yes', 'No', 'Not Sure'], n),
    'Sterilized': rng.choice(['Yes', 'No', 'Not Sure'], n),
    'Health': rng.choice(['Healthy', 'Minor Injury'], n),
    'Fee': rng.integers(0, 200, n).astype('int64'),
    'PhotoAmt': rng.integers(0, 8, n).astype('float64'),
}
df['target'] = ((df['Age'] < 20) | (df['PhotoAmt'] > 4)).astype('int64')
idx = rng.permutation(n)
train_idx, val_idx, test_idx = idx[:84], idx[84:102], idx[102:]
split = lambda ix: {k: v[ix] for k, v in df.items()}
train, val, test = split(train_idx), split(val_idx), split(test_idx)
print(len(train['target']), 'training examples')
print(len(val['target']), 'validation examples')
print(len(test['target']), 'test examples')


def df_to_dataset(dataframe, shuffle=True, batch_size=32):
    df = dict(dataframe)
    labels = df.pop('target')
    df = {key: value[:, tf.newaxis] for key, value in df.items()}
    ds = tf.data.Dataset.from_tensor_slices((dict(df), labels))
    if shuffle:
        ds = ds.shuffle(buffer_size=len(labels), seed=4)
    ds = ds.batch(batch_size)
    ds = ds.prefetch(batch_size)
    return ds


batch_size = 5
train_ds = df_to_dataset(train, batch_size=batch_size)
[(train_features, label_batch)] = train_ds.take(1)
print('Every feature:', list(train_features.keys()))
print('A batch of ages:', train_features['Age'])
print('A batch of targets:', label_batch)


def get_normalization_layer(name, dataset):
    normalizer = tf.keras.layers.Normalization(axis=None)
    feature_ds = dataset.map(lambda x, y: x[name])
    normalizer.adapt(feature_ds)
    return normalizer


photo_count_col = train_features['PhotoAmt']
layer = get_normalization_layer('PhotoAmt', train_ds)
print(layer(photo_count_col))
print(layer.mean.numpy(), layer.variance.numpy())


def get_category_encoding_layer(name, dataset, dtype, max_tokens=None):
    if dtype == 'string':
        index = tf.keras.layers.StringLookup(max_tokens=max_tokens)
    else:
        index = tf.keras.layers.IntegerLookup(max_tokens=max_tokens)
    feature_ds = dataset.map(lambda x, y: x[name])
    index.adapt(feature_ds)
    encoder = tf.keras.layers.CategoryEncoding(num_tokens=index.vocabulary_size())
    return lambda feature: encoder(index(feature))


test_type_col = train_features['Type']
test_type_layer = get_category_encoding_layer(name='Type', dataset=train_ds, dtype='string')
print(test_type_layer(test_type_col))
test_age_col = train_features['Age']
test_age_layer = get_category_encoding_layer(name='Age', dataset=train_ds, dtype='int64', max_tokens=5)
print(test_age_layer(test_age_col))

batch_size = 16
train_ds = df_to_dataset(train, batch_size=batch_size)
val_ds = df_to_dataset(val, shuffle=False, batch_size=batch_size)
test_ds = df_to_dataset(test, shuffle=False, batch_size=batch_size)
all_inputs = {}
encoded_features = []
for header in ['PhotoAmt', 'Fee']:
    numeric_col = tf.keras.Input(shape=(1,), name=header)
    normalization_layer = get_normalization_layer(header, train_ds)
    encoded_numeric_col = normalization_layer(numeric_col)
    all_inputs[header] = numeric_col
    encoded_features.append(encoded_numeric_col)
age_col = tf.keras.Input(shape=(1,), name='Age', dtype='int64')
encoding_layer = get_category_encoding_layer(name='Age', dataset=train_ds, dtype='int64', max_tokens=5)
encoded_age_col = encoding_layer(age_col)
all_inputs['Age'] = age_col
encoded_features.append(encoded_age_col)
categorical_cols = ['Type', 'Color1', 'Gender', 'MaturitySize', 'FurLength', 'Vaccinated', 'Sterilized', 'Health', 'Breed1']
for header in categorical_cols:
    categorical_col = tf.keras.Input(shape=(1,), name=header, dtype='string')
    encoding_layer = get_category_encoding_layer(name=header, dataset=train_ds, dtype='string', max_tokens=5)
    encoded_categorical_col = encoding_layer(categorical_col)
    all_inputs[header] = categorical_col
    encoded_features.append(encoded_categorical_col)
print([tuple(f.shape) for f in encoded_features])
all_features = tf.keras.layers.concatenate(encoded_features)
x = tf.keras.layers.Dense(8, activation="relu")(all_features)
x = tf.keras.layers.Dropout(0.5)(x)
output = tf.keras.layers.Dense(1)(x)
model = tf.keras.Model(all_inputs, output)
model.compile(optimizer='adam', loss=tf.keras.losses.BinaryCrossentropy(from_logits=True), metrics=["accuracy"])
print([i.name for i in model.inputs])
print(model.output_shape, len(model.layers))
history = model.fit(train_ds, epochs=3, validation_data=val_ds, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
result = model.evaluate(test_ds, return_dict=True, verbose=0)
print({k: round(v, 4) for k, v in result.items()})
model.save('my_pet_classifier.keras')
reloaded_model = tf.keras.models.load_model('my_pet_classifier.keras')
sample = {
    'Type': 'Cat', 'Age': 3, 'Breed1': 'Tabby', 'Gender': 'Male', 'Color1': 'Black',
    'MaturitySize': 'Small', 'FurLength': 'Short', 'Vaccinated': 'No', 'Sterilized': 'No',
    'Health': 'Healthy', 'Fee': 100, 'PhotoAmt': 2,
}
input_dict = {name: tf.convert_to_tensor([value]) for name, value in sample.items()}
predictions = reloaded_model.predict(input_dict, verbose=0)
prob = tf.nn.sigmoid(predictions[0])
print(predictions.shape, bool(np.allclose(predictions, model.predict(input_dict, verbose=0))))
try:  # (the prediction's row is 1-d: Keras 2 gave a scalar here)
    print("This particular pet had a %.1f percent probability of getting adopted." % (100 * prob))
except TypeError as e:
    print(type(e).__name__, e)
print("This particular pet had a %.1f percent probability of getting adopted." % (100 * prob[0]))
print(sorted(type(l).__name__ for l in reloaded_model.layers)[:6])
