# ruff: noqa: E501, E741, UP008, UP020, UP031, UP032  (the cells as written)
"""TF's "Word embeddings" tutorial as pasted, on review files generated here (no IMDB
download): text_dataset_from_directory's seeded training/validation split, an Embedding's
lookups of 1-D and 2-D ids, the custom standardization, TextVectorization adapted on the
text-only dataset, the Embedding + GlobalAveragePooling1D model trained with a TensorBoard
its summary, and the embedding weights and vocabulary written to vectors.tsv and
metadata.tsv."""

import io
import os
import re
import string

import numpy as np
import tensorflow as tf
from tensorflow.keras import Sequential
from tensorflow.keras.layers import Dense, Embedding, GlobalAveragePooling1D, TextVectorization

tf.keras.utils.set_random_seed(21)
rng = np.random.default_rng(21)
np.set_printoptions(precision=4, suppress=True)
good = ['great', 'wonderful', 'moving', 'superb', 'fun', 'brilliant', 'charming']
bad = ['awful', 'boring', 'dull', 'terrible', 'waste', 'clumsy', 'tedious']
filler = ['the', 'a', 'movie', 'film', 'plot', 'actors', 'was', 'and', 'it', 'story', 'of', 'this']
for label, words in [('pos', good), ('neg', bad)]:
    os.makedirs(os.path.join('aclImdb', 'train', label))
    for i in range(24):
        review = ' '.join(rng.choice(filler + words, size=rng.integers(8, 30)))
        review = review.capitalize() + '.<br /><br />' + rng.choice(words).upper() + '!'
        with open(os.path.join('aclImdb', 'train', label, f'{i}_{i % 10}.txt'), 'w') as f:
            f.write(review)
print(sorted(os.listdir('aclImdb/train')))

batch_size = 8
seed = 123
train_ds = tf.keras.utils.text_dataset_from_directory(
    'aclImdb/train', batch_size=batch_size, validation_split=0.2,
    subset='training', seed=seed)
val_ds = tf.keras.utils.text_dataset_from_directory(
    'aclImdb/train', batch_size=batch_size, validation_split=0.2,
    subset='validation', seed=seed)
print(train_ds.class_names, train_ds.element_spec)
for text_batch, label_batch in train_ds.take(1):
    for i in range(5):
        print(label_batch[i].numpy(), text_batch.numpy()[i])

AUTOTUNE = tf.data.AUTOTUNE
train_ds = train_ds.cache().prefetch(buffer_size=AUTOTUNE)
val_ds = val_ds.cache().prefetch(buffer_size=AUTOTUNE)

# Embed a 1,000 word vocabulary into 5 dimensions.
embedding_layer = tf.keras.layers.Embedding(1000, 5)
result = embedding_layer(tf.constant([1, 2, 3]))
print(result.numpy())
result = embedding_layer(tf.constant([[0, 1, 2], [3, 4, 5]]))
print(result.shape)


# Create a custom standardization function to strip HTML break tags '<br />'.
def custom_standardization(input_data):
    lowercase = tf.strings.lower(input_data)
    stripped_html = tf.strings.regex_replace(lowercase, '<br />', ' ')
    return tf.strings.regex_replace(stripped_html,
                                    '[%s]' % re.escape(string.punctuation), '')


print(custom_standardization(tf.constant(['Great FILM.<br />It was fun!'])))

# Vocabulary size and number of words in a sequence.
vocab_size = 40
sequence_length = 20

# Use the text vectorization layer to normalize, split, and map strings to
# integers. Note that the layer uses the custom standardization defined above.
# Set maximum_sequence length as all samples are not of the same length.
vectorize_layer = TextVectorization(
    standardize=custom_standardization,
    max_tokens=vocab_size,
    output_mode='int',
    output_sequence_length=sequence_length)

# Make a text-only dataset (no labels) and call adapt to build the vocabulary.
text_ds = train_ds.map(lambda x, y: x)
vectorize_layer.adapt(text_ds)
print(vectorize_layer.vocabulary_size(), vectorize_layer.get_vocabulary()[:8])
print(vectorize_layer(tf.constant(['The movie was superb and fun'])))

embedding_dim = 16
model = Sequential([
    vectorize_layer,
    Embedding(vocab_size, embedding_dim, name="embedding"),
    GlobalAveragePooling1D(),
    Dense(16, activation='relu'),
    Dense(1)
])
model.compile(optimizer='adam',
              loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
              metrics=['accuracy'])
history = model.fit(
    train_ds,
    validation_data=val_ds,
    epochs=3, verbose=0)  # (the tutorial's TensorBoard callback left out: the recording
# machine's TF has no tensorboard package, and tf.summary then raises)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
model.summary()

weights = model.get_layer('embedding').get_weights()[0]
vocab = vectorize_layer.get_vocabulary()
print(weights.shape, weights.dtype, len(vocab))
out_v = io.open('vectors.tsv', 'w', encoding='utf-8')
out_m = io.open('metadata.tsv', 'w', encoding='utf-8')
for index, word in enumerate(vocab):
    if index == 0:
        continue  # skip 0, it's padding.
    vec = weights[index]
    out_v.write('\t'.join([str(x) for x in vec]) + "\n")
    out_m.write(word + "\n")
out_v.close()
out_m.close()
lines = open('vectors.tsv').read().splitlines()
print(len(lines), len(lines[0].split('\t')), np.round(np.array(lines[1].split('\t'), dtype=np.float32), 3))
print(open('metadata.tsv').read().splitlines()[:10])
print(np.round(model.predict(tf.constant(['superb and wonderful', 'awful boring waste']), verbose=0), 3))
