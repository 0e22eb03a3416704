# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Load text" tutorial as pasted, on question and poem files generated here (no
download; small vocabularies), with tensorflow_text's case folding and tokenizer written as
tf.strings ops: Stack Overflow-like questions read by text_dataset_from_directory (seeded
split, class names), TextVectorization in 'binary' and 'int' modes adapted on the text, the
vectorized question and vocabulary lookups, cache/prefetch, a Dense model on bags of words
and an Embedding(mask_zero)/Conv1D/GlobalMaxPooling1D model, their summaries and
accuracies, and the export model over raw strings; then Iliad-like lines from
TextLineDataset per file, labeled and concatenated, a vocabulary counted by hand, a
StaticVocabularyTable with an OOV bucket, padded_batch, training, and TextVectorization
given that vocabulary (set_vocabulary) with a custom standardize and split in an export
model."""

import collections
import pathlib

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers, losses, utils
from tensorflow.keras.layers import TextVectorization

tf.keras.utils.set_random_seed(42)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(42)

# -- Example 1: predict the tag for a Stack Overflow question
words = {
    'csharp': 'linq nuget visual studio dotnet var async task',
    'java': 'public static void main string args jvm maven',
    'javascript': 'function var const node npm promise dom',
    'python': 'def import pip pandas dict list numpy',
}
common = 'how do i get the value of my code when it is not working'.split()
dataset_dir = pathlib.Path('stack_overflow')
for split, count in (('train', 10), ('test', 4)):
    for tag, vocab in words.items():
        (dataset_dir / split / tag).mkdir(parents=True)
        for i in range(count):
            picks = rng.choice(vocab.split(), size=4).tolist() + rng.choice(common, size=6).tolist()
            rng.shuffle(picks)
            (dataset_dir / split / tag / f'{i}.txt').write_text('"' + ' '.join(picks) + '?"\n')
print(sorted(p.name for p in dataset_dir.iterdir()))
train_dir = dataset_dir / 'train'
print(sorted(p.name for p in train_dir.iterdir()))
sample_file = train_dir / 'python/1.txt'
with open(sample_file) as f:
    print(f.read())

batch_size = 8
seed = 42

raw_train_ds = utils.text_dataset_from_directory(
    train_dir,
    batch_size=batch_size,
    validation_split=0.2,
    subset='training',
    seed=seed)
for text_batch, label_batch in raw_train_ds.take(1):
    for i in range(3):
        print("Question: ", text_batch.numpy()[i])
        print("Label:", label_batch.numpy()[i])
for i, label in enumerate(raw_train_ds.class_names):
    print("Label", i, "corresponds to", label)

# Create a validation set.
raw_val_ds = utils.text_dataset_from_directory(
    train_dir,
    batch_size=batch_size,
    validation_split=0.2,
    subset='validation',
    seed=seed)

test_dir = dataset_dir / 'test'

# Create a test set.
raw_test_ds = utils.text_dataset_from_directory(
    test_dir,
    batch_size=batch_size)

VOCAB_SIZE = 40

binary_vectorize_layer = TextVectorization(
    max_tokens=VOCAB_SIZE,
    output_mode='binary')

MAX_SEQUENCE_LENGTH = 12

int_vectorize_layer = TextVectorization(
    max_tokens=VOCAB_SIZE,
    output_mode='int',
    output_sequence_length=MAX_SEQUENCE_LENGTH)

# Make a text-only dataset (without labels), then call `TextVectorization.adapt`.
train_text = raw_train_ds.map(lambda text, labels: text)
binary_vectorize_layer.adapt(train_text)
int_vectorize_layer.adapt(train_text)


def binary_vectorize_text(text, label):
    text = tf.expand_dims(text, -1)
    return binary_vectorize_layer(text), label


def int_vectorize_text(text, label):
    text = tf.expand_dims(text, -1)
    return int_vectorize_layer(text), label


# Retrieve a batch (of 8 reviews and labels) from the dataset.
text_batch, label_batch = next(iter(raw_train_ds))
first_question, first_label = text_batch[0], label_batch[0]
print("Question", first_question)
print("Label", first_label)

print("'binary' vectorized question:",
      list(binary_vectorize_text(first_question, first_label)[0].numpy()[0]))
print("'int' vectorized question:",
      int_vectorize_text(first_question, first_label)[0])
print("12 ---> ", int_vectorize_layer.get_vocabulary()[12])
print("31 ---> ", int_vectorize_layer.get_vocabulary()[31])
print("Vocabulary size: {}".format(len(int_vectorize_layer.get_vocabulary())))
print(binary_vectorize_layer.get_vocabulary()[:6])

binary_train_ds = raw_train_ds.map(binary_vectorize_text)
binary_val_ds = raw_val_ds.map(binary_vectorize_text)
binary_test_ds = raw_test_ds.map(binary_vectorize_text)

int_train_ds = raw_train_ds.map(int_vectorize_text)
int_val_ds = raw_val_ds.map(int_vectorize_text)
int_test_ds = raw_test_ds.map(int_vectorize_text)
print(binary_train_ds.element_spec)
print(int_train_ds.element_spec)

AUTOTUNE = tf.data.AUTOTUNE


def configure_dataset(dataset):
    return dataset.cache().prefetch(buffer_size=AUTOTUNE)


binary_train_ds = configure_dataset(binary_train_ds)
binary_val_ds = configure_dataset(binary_val_ds)
binary_test_ds = configure_dataset(binary_test_ds)

int_train_ds = configure_dataset(int_train_ds)
int_val_ds = configure_dataset(int_val_ds)
int_test_ds = configure_dataset(int_test_ds)

binary_model = tf.keras.Sequential([layers.Dense(4)])
binary_model.compile(
    loss=losses.SparseCategoricalCrossentropy(from_logits=True),
    optimizer='adam',
    metrics=['accuracy'])
history = binary_model.fit(
    binary_train_ds, validation_data=binary_val_ds, epochs=5, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})


def create_model(vocab_size, num_labels):
    model = tf.keras.Sequential([
        layers.Embedding(vocab_size, 16, mask_zero=True),
        layers.Conv1D(16, 5, padding="valid", activation="relu", strides=2),
        layers.GlobalMaxPooling1D(),
        layers.Dense(num_labels)
    ])
    return model


# `vocab_size` is `VOCAB_SIZE + 1` since `0` is used additionally for padding.
int_model = create_model(vocab_size=VOCAB_SIZE + 1, num_labels=4)
int_model.compile(
    loss=losses.SparseCategoricalCrossentropy(from_logits=True),
    optimizer='adam',
    metrics=['accuracy'])
history = int_model.fit(int_train_ds, validation_data=int_val_ds, epochs=3, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})

print("Linear model on binary vectorized data:")
print(binary_model.summary())
print("ConvNet model on int vectorized data:")
print(int_model.summary())

binary_loss, binary_accuracy = binary_model.evaluate(binary_test_ds, verbose=0)
int_loss, int_accuracy = int_model.evaluate(int_test_ds, verbose=0)

print("Binary model accuracy: {:2.2%}".format(binary_accuracy))
print("Int model accuracy: {:2.2%}".format(int_accuracy))

export_model = tf.keras.Sequential(
    [binary_vectorize_layer, binary_model,
     layers.Activation('sigmoid')])

export_model.compile(
    loss=losses.SparseCategoricalCrossentropy(from_logits=False),
    optimizer='adam',
    metrics=['accuracy'])

# Test it with `raw_test_ds`, which yields raw strings
loss, accuracy = export_model.evaluate(raw_test_ds, verbose=0)
print("Accuracy: {:2.2%}".format(accuracy))


def get_string_labels(predicted_scores_batch):
    predicted_int_labels = tf.math.argmax(predicted_scores_batch, axis=1)
    predicted_labels = tf.gather(raw_train_ds.class_names, predicted_int_labels)
    return predicted_labels


inputs = [
    "how do I extract keys from a dict into a list?",  # 'python'
    "debug public static void main(string[] args) {...}",  # 'java'
]
predicted_scores = export_model.predict(tf.constant(inputs), verbose=0)
predicted_labels = get_string_labels(predicted_scores)
for input, label in zip(inputs, predicted_labels):
    print("Question: ", input)
    print("Predicted label: ", label.numpy())
try:
    export_model.predict(inputs, verbose=0)
except Exception as e:
    print(type(e).__name__)

# -- Example 2: predict the author of Iliad translations
translators = {
    'cowper.txt': 'thus spake the chief and achilles swift of foot replied',
    'derby.txt': 'to whom the son of atreus answer made in wrath',
    'butler.txt': 'then achilles answered him saying son of atreus',
}
FILE_NAMES = list(translators)
for name, text in translators.items():
    vocab = text.split()
    with open(name, 'w') as f:
        for i in range(24):
            f.write(' '.join(rng.choice(vocab, size=6).tolist()).capitalize() + (',\n' if i % 3 else '.\n'))

parent_dir = '.'


def labeler(example, index):
    return example, tf.cast(index, tf.int64)


labeled_data_sets = []

for i, file_name in enumerate(FILE_NAMES):
    lines_dataset = tf.data.TextLineDataset(str(pathlib.Path(parent_dir) / file_name))
    labeled_dataset = lines_dataset.map(lambda ex: labeler(ex, i))
    labeled_data_sets.append(labeled_dataset)

BUFFER_SIZE = 100
BATCH_SIZE = 8
VALIDATION_SIZE = 16

all_labeled_data = labeled_data_sets[0]
for labeled_dataset in labeled_data_sets[1:]:
    all_labeled_data = all_labeled_data.concatenate(labeled_dataset)

all_labeled_data = all_labeled_data.shuffle(
    BUFFER_SIZE, reshuffle_each_iteration=False)

for text, label in all_labeled_data.take(4):
    print("Sentence: ", text.numpy())
    print("Label:", label.numpy())


# tensorflow_text's UnicodeScriptTokenizer and case_fold_utf8, as tf.strings ops
def case_fold_utf8(text):
    return tf.strings.lower(text, encoding='utf-8')


def tokenize_text(text):
    return tf.strings.split(tf.strings.regex_replace(text, r'([.,!?;])', r' \1'))


def tokenize(text, unused_label):
    lower_case = case_fold_utf8(text)
    return tokenize_text(lower_case)


tokenized_ds = all_labeled_data.map(tokenize)
print(tokenized_ds.element_spec)
for text_batch in tokenized_ds.take(3):
    print("Tokens: ", text_batch.numpy())

tokenized_ds = configure_dataset(tokenized_ds)

vocab_dict = collections.defaultdict(lambda: 0)
for toks in tokenized_ds.as_numpy_iterator():
    for tok in toks:
        vocab_dict[tok] += 1

vocab = sorted(vocab_dict.items(), key=lambda x: (-x[1], x[0]))
vocab = [token for token, count in vocab]
VOCAB_SIZE = 20
vocab = vocab[:VOCAB_SIZE]
vocab_size = len(vocab)
print("Vocab size: ", vocab_size)
print("First five vocab entries:", vocab[:5])

keys = vocab
values = range(2, len(vocab) + 2)  # Reserve `0` for padding, `1` for OOV tokens.

init = tf.lookup.KeyValueTensorInitializer(
    keys, values, key_dtype=tf.string, value_dtype=tf.int64)

num_oov_buckets = 1
vocab_table = tf.lookup.StaticVocabularyTable(init, num_oov_buckets)
print(vocab_table.size(), vocab_table.lookup(tf.constant(['achilles', 'zeus'])))


def preprocess_text(text, label):
    standardized = case_fold_utf8(text)
    tokenized = tokenize_text(standardized)
    vectorized = vocab_table.lookup(tokenized)
    return vectorized, label


example_text, example_label = next(iter(all_labeled_data))
print("Sentence: ", example_text.numpy())
vectorized_text, example_label = preprocess_text(example_text, example_label)
print("Vectorized sentence: ", vectorized_text.numpy())

all_encoded_data = all_labeled_data.map(preprocess_text)
train_data = all_encoded_data.skip(VALIDATION_SIZE).shuffle(BUFFER_SIZE)
validation_data = all_encoded_data.take(VALIDATION_SIZE)

train_data = train_data.padded_batch(BATCH_SIZE)
validation_data = validation_data.padded_batch(BATCH_SIZE)

sample_text, sample_labels = next(iter(validation_data))
print("Text batch shape: ", sample_text.shape)
print("Label batch shape: ", sample_labels.shape)
print("First text example: ", sample_text[0])
print("First label example: ", sample_labels[0])

vocab_size += 2

train_data = configure_dataset(train_data)
validation_data = configure_dataset(validation_data)

model = create_model(vocab_size=vocab_size, num_labels=3)

model.compile(
    optimizer='adam',
    loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    metrics=['accuracy'])

history = model.fit(train_data, validation_data=validation_data, epochs=3, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
loss, accuracy = model.evaluate(validation_data, verbose=0)

print("Loss: ", round(loss, 3))
print("Accuracy: {:2.2%}".format(accuracy))

preprocess_layer = TextVectorization(
    max_tokens=vocab_size,
    standardize=case_fold_utf8,
    split=tokenize_text,
    output_mode='int',
    output_sequence_length=12)

preprocess_layer.set_vocabulary(vocab)
print(preprocess_layer.get_vocabulary()[:5], preprocess_layer.vocabulary_size())

export_model = tf.keras.Sequential(
    [preprocess_layer, model,
     layers.Activation('sigmoid')])

export_model.compile(
    loss=losses.SparseCategoricalCrossentropy(from_logits=False),
    optimizer='adam',
    metrics=['accuracy'])

# Create a test dataset of raw strings.
test_ds = all_labeled_data.take(VALIDATION_SIZE).batch(BATCH_SIZE)
test_ds = configure_dataset(test_ds)

loss, accuracy = export_model.evaluate(test_ds, verbose=0)

print("Loss: ", round(loss, 3))
print("Accuracy: {:2.2%}".format(accuracy))

inputs = [
    "Join'd to th' Ionians with their flowing robes,",  # Label: 1
    "the allies, and his armour flashed about him so that he seemed to all",  # Label: 2
    "And with loud clangor of his arms he fell.",  # Label: 0
]

predicted_scores = export_model.predict(tf.constant(inputs), verbose=0)
predicted_labels = tf.math.argmax(predicted_scores, axis=1)

for input, label in zip(inputs, predicted_labels):
    print("Question: ", input)
    print("Predicted label: ", label.numpy())
print(preprocess_layer(tf.constant(inputs[:1])))
