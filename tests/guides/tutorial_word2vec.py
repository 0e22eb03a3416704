# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "word2vec" tutorial on a tiny corpus: a sentence's skip-grams from
tf.keras.preprocessing.sequence.skipgrams, negative candidates from
tf.random.log_uniform_candidate_sampler, the sampling table, the training-data generator over
a TextVectorization'd TextLineDataset, the Word2Vec subclassed model (two Embeddings and
einsum) trained a few epochs, and the embedding weights read back."""

import io
import re
import string

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers

SEED = 42
AUTOTUNE = tf.data.AUTOTUNE
tf.keras.utils.set_random_seed(SEED)

sentence = "The wide road shimmered in the hot sun"
tokens = list(sentence.lower().split())
print(len(tokens))
vocab, index = {}, 1
vocab['<pad>'] = 0
for token in tokens:
    if token not in vocab:
        vocab[token] = index
        index += 1
vocab_size = len(vocab)
print(vocab)
inverse_vocab = {index: token for token, index in vocab.items()}
print(inverse_vocab)
example_sequence = [vocab[word] for word in tokens]
print(example_sequence)

window_size = 2
positive_skip_grams, _ = tf.keras.preprocessing.sequence.skipgrams(
    example_sequence, vocabulary_size=vocab_size, window_size=window_size, negative_samples=0)
print(len(positive_skip_grams))
print(sorted(positive_skip_grams)[:5])
for target, context in sorted(positive_skip_grams)[:5]:
    print(f"({target}, {context}): ({inverse_vocab[target]}, {inverse_vocab[context]})")

target_word, context_word = sorted(positive_skip_grams)[0]
num_ns = 4
context_class = tf.reshape(tf.constant(context_word, dtype="int64"), (1, 1))
negative_sampling_candidates, true_ex, sampled_ex = tf.random.log_uniform_candidate_sampler(
    true_classes=context_class, num_true=1, num_sampled=num_ns, unique=True,
    range_max=vocab_size, seed=SEED, name="negative_sampling")
print(negative_sampling_candidates.shape, negative_sampling_candidates.dtype)
print(np.round(true_ex.numpy(), 4), sampled_ex.shape, sampled_ex.dtype)
squeezed_context_class = tf.squeeze(context_class, 1)
context = tf.concat([squeezed_context_class, negative_sampling_candidates], 0)
label = tf.constant([1] + [0] * num_ns, dtype="int64")
target = target_word
print(f"target_index    : {target}")
print(f"target_word     : {inverse_vocab[target_word]}")
print(f"context_shape   : {context.shape}")
print(f"label           : {label}")
print("target  :", target)
print("label   :", label)

sampling_table = tf.keras.preprocessing.sequence.make_sampling_table(size=10)
print(sampling_table)


def generate_training_data(sequences, window_size, num_ns, vocab_size, seed):
    targets, contexts, labels = [], [], []
    # the tutorial's sampling table keeps too few of a 15-word corpus's words: none here
    for sequence in sequences:
        positive_skip_grams, _ = tf.keras.preprocessing.sequence.skipgrams(
            sequence, vocabulary_size=vocab_size, sampling_table=None,
            window_size=window_size, negative_samples=0, seed=seed)
        for target_word, context_word in positive_skip_grams:
            context_class = tf.expand_dims(tf.constant([context_word], dtype="int64"), 1)
            negative_sampling_candidates, _, _ = tf.random.log_uniform_candidate_sampler(
                true_classes=context_class, num_true=1, num_sampled=num_ns, unique=True,
                range_max=vocab_size, seed=seed, name="negative_sampling")
            context = tf.concat([tf.squeeze(context_class, 1), negative_sampling_candidates], 0)
            label = tf.constant([1] + [0] * num_ns, dtype="int64")
            targets.append(target_word)
            contexts.append(context)
            labels.append(label)
    return targets, contexts, labels


words = ["king", "queen", "man", "woman", "crown", "castle", "horse", "sword", "the", "a",
         "of", "and", "rode", "wore", "loved"]
rng = np.random.default_rng(3)
with open("shakespeare.txt", "w") as f:
    for _ in range(12):
        f.write(" ".join(rng.choice(words, size=rng.integers(3, 9))).capitalize() + ".\n")
    f.write("\n")
text_ds = tf.data.TextLineDataset("shakespeare.txt").filter(lambda x: tf.cast(tf.strings.length(x), bool))


def custom_standardization(input_data):
    lowercase = tf.strings.lower(input_data)
    return tf.strings.regex_replace(lowercase, '[%s]' % re.escape(string.punctuation), '')


vocab_size = 64
sequence_length = 10
vectorize_layer = layers.TextVectorization(
    standardize=custom_standardization, max_tokens=vocab_size, output_mode='int',
    output_sequence_length=sequence_length)
vectorize_layer.adapt(text_ds.batch(1024))
inverse_vocab = vectorize_layer.get_vocabulary()
print(inverse_vocab[:20])
text_vector_ds = text_ds.batch(1024).prefetch(AUTOTUNE).map(vectorize_layer).unbatch()
sequences = list(text_vector_ds.as_numpy_iterator())
print(len(sequences))
for seq in sequences[:3]:
    print(f"{seq} => {[inverse_vocab[i] for i in seq]}")
targets, contexts, labels = generate_training_data(
    sequences=sequences, window_size=2, num_ns=4, vocab_size=vocab_size, seed=SEED)
targets = np.array(targets)
contexts = np.array(contexts)
labels = np.array(labels)
print(f"targets.shape: {targets.shape}")
print(f"contexts.shape: {contexts.shape}")
print(f"labels.shape: {labels.shape}")
BATCH_SIZE = 32
BUFFER_SIZE = 1000
dataset = tf.data.Dataset.from_tensor_slices(((targets, contexts), labels))
dataset = dataset.shuffle(BUFFER_SIZE, seed=1).batch(BATCH_SIZE, drop_remainder=True)
print(dataset)
dataset = dataset.cache().prefetch(buffer_size=AUTOTUNE)
print(dataset.element_spec)


class Word2Vec(tf.keras.Model):
    def __init__(self, vocab_size, embedding_dim):
        super(Word2Vec, self).__init__()
        self.target_embedding = layers.Embedding(vocab_size, embedding_dim, name="w2v_embedding")
        self.context_embedding = layers.Embedding(vocab_size, embedding_dim)

    def call(self, pair):
        target, context = pair
        if len(target.shape) == 2:
            target = tf.squeeze(target, axis=1)
        word_emb = self.target_embedding(target)
        context_emb = self.context_embedding(context)
        dots = tf.einsum('be,bce->bc', word_emb, context_emb)
        return dots


embedding_dim = 16
word2vec = Word2Vec(vocab_size, embedding_dim)
word2vec.compile(optimizer='adam',
                 loss=tf.keras.losses.CategoricalCrossentropy(from_logits=True),
                 metrics=['accuracy'])
history = word2vec.fit(dataset, epochs=3, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
word2vec.summary()
weights = word2vec.get_layer('w2v_embedding').get_weights()[0]
vocab = vectorize_layer.get_vocabulary()
print(weights.shape, weights.dtype)
out_v = io.StringIO()
out_m = io.StringIO()
for index, word in enumerate(vocab):
    if index == 0:
        continue
    vec = weights[index]
    out_v.write('\t'.join([str(round(float(x), 3)) for x in vec]) + "\n")
    out_m.write(word + "\n")
print(len(out_v.getvalue().splitlines()), out_m.getvalue().splitlines()[:4])
