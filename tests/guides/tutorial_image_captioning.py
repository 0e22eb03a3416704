# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Image captioning with visual attention" tutorial at a tiny size, on seeded JPEGs of
coloured squares written here with two captions each (no Flickr8k download) and a
MobileNetV3Small(weights=None) feature extractor at 64x64 (no downloaded weights):
load_image, the standardize function, a ragged TextVectorization and the StringLookups
both ways, match_shapes (einops' rearrange written as tf.repeat/reshape), prepare_txt,
the features saved with tf.data.Dataset.save (shard_func) and read back with load
(reader_func), SeqEmbedding, CausalSelfAttention, CrossAttention keeping its scores,
FeedForward, DecoderLayer, TokenOutput whose bias is adapted to token frequencies (the
banned tokens, the entropies), the Captioner with simple_gen (greedy and sampled), the
masked loss and accuracy, a short fit with the GenerateText callback and EarlyStopping,
and the averaged attention maps."""

import collections
import os
import re
import string

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(5)

colors = {"red": (220, 30, 30), "green": (30, 200, 40), "blue": (30, 40, 220), "yellow": (230, 220, 30)}
names = list(colors)
os.makedirs("images")
paths, captions = [], []
for i in range(24):
    fg, bg = rng.choice(4, size=2, replace=False)
    img = np.zeros((64, 64, 3), np.uint8) + np.array(colors[names[bg]], np.uint8)
    y, x = rng.integers(0, 32, size=2)
    img[y:y + 32, x:x + 32] = colors[names[fg]]
    side = "left" if x < 16 else "right"
    path = f"images/{i}.jpg"
    tf.io.write_file(path, tf.io.encode_jpeg(img, quality=95))
    paths.append(path)
    captions.append([f"A {names[fg]} square on a {names[bg]} background.",
                     f"The {names[fg]} square is on the {side}!"])

train_raw = tf.data.Dataset.from_tensor_slices((paths[:18], captions[:18]))
test_raw = tf.data.Dataset.from_tensor_slices((paths[18:], captions[18:]))
for ex_path, ex_captions in train_raw.take(1):
    print(ex_path)
    print(ex_captions)

IMAGE_SHAPE = (64, 64, 3)
mobilenet = tf.keras.applications.MobileNetV3Small(
    input_shape=IMAGE_SHAPE,
    include_top=False,
    include_preprocessing=True,
    weights=None)
mobilenet.trainable = False


def load_image(image_path):
    img = tf.io.read_file(image_path)
    img = tf.io.decode_jpeg(img, channels=3)
    img = tf.image.resize(img, IMAGE_SHAPE[:-1])
    return img


test_img_batch = load_image(ex_path)[tf.newaxis, :]
print(test_img_batch.shape)
print(mobilenet(test_img_batch).shape)


def standardize(s):
    s = tf.strings.lower(s)
    s = tf.strings.regex_replace(s, f'[{re.escape(string.punctuation)}]', '')
    s = tf.strings.join(['[START]', s, '[END]'], separator=' ')
    return s


# Use the top 5000 words for a vocabulary (20 here).
vocabulary_size = 20
tokenizer = tf.keras.layers.TextVectorization(
    max_tokens=vocabulary_size,
    standardize=standardize,
    ragged=True)
# Learn the vocabulary from the caption data.
tokenizer.adapt(train_raw.map(lambda fp, txt: txt).unbatch().batch(8))
print(tokenizer.get_vocabulary()[:10])
t = tokenizer([['a cat in a hat'], ['a robot dog']])
print(t)

# Create mappings for words to indices and indices to words.
word_to_index = tf.keras.layers.StringLookup(
    mask_token="",
    vocabulary=tokenizer.get_vocabulary())
index_to_word = tf.keras.layers.StringLookup(
    mask_token="",
    vocabulary=tokenizer.get_vocabulary(),
    invert=True)
w = index_to_word(t)
print(w.to_list())
print(tf.strings.reduce_join(w, separator=' ', axis=-1).numpy())


def match_shapes(images, captions):
    caption_shape = tf.shape(captions)
    b, c = caption_shape[0], caption_shape[1]
    # einops.repeat(images, 'b ... -> (b c) ...', c=c) and rearrange(captions, 'b c -> (b c)')
    images = tf.repeat(images, c, axis=0)
    captions = tf.reshape(captions, [b * c])
    return images, captions


for ex_paths, ex_captions in train_raw.batch(8).take(1):
    break

print('image paths:', ex_paths.shape)
print('captions:', ex_captions.shape)
print()

ex_paths, ex_captions = match_shapes(images=ex_paths, captions=ex_captions)

print('image_paths:', ex_paths.shape)
print('captions:', ex_captions.shape)


def prepare_txt(imgs, txts):
    tokens = tokenizer(txts)

    input_tokens = tokens[..., :-1]
    label_tokens = tokens[..., 1:]
    return (imgs, input_tokens), label_tokens


def prepare_dataset(ds, tokenizer, batch_size=8, shuffle_buffer=100):
    # Load the images and make batches.
    ds = (ds
          .shuffle(100, seed=1)
          .map(lambda path, caption: (load_image(path), caption))
          .apply(tf.data.experimental.ignore_errors())
          .batch(batch_size))

    def to_tensor(inputs, labels):
        (images, in_tok), out_tok = inputs, labels
        return (images, in_tok.to_tensor()), out_tok.to_tensor()

    return (ds
            .map(match_shapes, tf.data.AUTOTUNE)
            .unbatch()
            .shuffle(shuffle_buffer, seed=2)
            .batch(batch_size)
            .map(prepare_txt, tf.data.AUTOTUNE)
            .map(to_tensor, tf.data.AUTOTUNE)
            )


train_ds = prepare_dataset(train_raw, tokenizer)
print(train_ds.element_spec)


def save_dataset(ds, save_path, image_model, tokenizer, shards=10, batch_size=8):
    # Load the images and make batches.
    ds = (ds
          .map(lambda path, caption: (load_image(path), caption))
          .apply(tf.data.experimental.ignore_errors())
          .batch(batch_size))

    # Run the feature extractor on each batch
    # Don't do this in a .map, because tf.data runs on the CPU.
    def gen():
        for (images, captions) in ds:
            feature_maps = image_model(images)

            feature_maps, captions = match_shapes(feature_maps, captions)
            yield feature_maps, captions

    # Wrap the generator in a new tf.data.Dataset.
    new_ds = tf.data.Dataset.from_generator(
        gen,
        output_signature=(
            tf.TensorSpec(shape=image_model.output_shape),
            tf.TensorSpec(shape=(None,), dtype=tf.string)))

    # Apply the tokenization
    new_ds = (new_ds
              .map(prepare_txt, tf.data.AUTOTUNE)
              .unbatch()
              .shuffle(1000, seed=3))

    # Save the dataset into shard files.
    def shard_func(i, item):
        return i % shards
    new_ds.enumerate().save(save_path, shard_func=shard_func)


def load_dataset(save_path, batch_size=8, shuffle=100, cycle_length=2):
    def custom_reader_func(datasets):
        datasets = datasets.shuffle(1000, seed=4)
        return datasets.interleave(lambda x: x, cycle_length=cycle_length)

    ds = tf.data.Dataset.load(save_path, reader_func=custom_reader_func)

    def drop_index(i, x):
        return x

    ds = (ds
          .map(drop_index, tf.data.AUTOTUNE)
          .shuffle(shuffle, seed=5)
          .padded_batch(batch_size)
          .prefetch(tf.data.AUTOTUNE))
    return ds


save_dataset(train_raw, 'train_cache', mobilenet, tokenizer, shards=3)
save_dataset(test_raw, 'test_cache', mobilenet, tokenizer, shards=2)
print(sorted(f for f in os.listdir('train_cache') if not f.isdigit()), len(os.listdir('train_cache')))
train_ds = load_dataset('train_cache')
test_ds = load_dataset('test_cache')
print(train_ds.element_spec)
print(sum(1 for _ in train_ds.unbatch()), sum(1 for _ in test_ds.unbatch()))
for (inputs, ex_labels) in train_ds.take(1):
    (ex_img, ex_in_tok) = inputs

print(ex_img.shape)
print(ex_in_tok[0].numpy())
print(ex_labels[0].numpy())


class SeqEmbedding(tf.keras.layers.Layer):
    def __init__(self, vocab_size, max_length, depth):
        super().__init__()
        self.pos_embedding = tf.keras.layers.Embedding(input_dim=max_length, output_dim=depth)

        self.token_embedding = tf.keras.layers.Embedding(
            input_dim=vocab_size,
            output_dim=depth,
            mask_zero=True)

        self.add = tf.keras.layers.Add()

    def call(self, seq):
        seq = self.token_embedding(seq)  # (batch, seq, depth)

        x = tf.range(tf.shape(seq)[1])  # (seq)
        x = x[tf.newaxis, :]  # (1, seq)
        x = self.pos_embedding(x)  # (1, seq, depth)

        return self.add([seq, x])


class CausalSelfAttention(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__()
        self.mha = tf.keras.layers.MultiHeadAttention(**kwargs)
        # Use Add instead of + so the keras mask propagates through.
        self.add = tf.keras.layers.Add()
        self.layernorm = tf.keras.layers.LayerNormalization()

    def call(self, x):
        attn = self.mha(query=x, value=x,
                        use_causal_mask=True)
        x = self.add([x, attn])
        return self.layernorm(x)


class CrossAttention(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__()
        self.mha = tf.keras.layers.MultiHeadAttention(**kwargs)
        self.add = tf.keras.layers.Add()
        self.layernorm = tf.keras.layers.LayerNormalization()

    def call(self, x, y, **kwargs):
        attn, attention_scores = self.mha(
            query=x, value=y,
            return_attention_scores=True)

        self.last_attention_scores = attention_scores

        x = self.add([x, attn])
        return self.layernorm(x)


class FeedForward(tf.keras.layers.Layer):
    def __init__(self, units, dropout_rate=0.1):
        super().__init__()
        self.seq = tf.keras.Sequential([
            tf.keras.layers.Dense(units=2 * units, activation='relu'),
            tf.keras.layers.Dense(units=units),
            tf.keras.layers.Dropout(rate=dropout_rate),
        ])

        self.layernorm = tf.keras.layers.LayerNormalization()

    def call(self, x):
        x = x + self.seq(x)
        return self.layernorm(x)


class DecoderLayer(tf.keras.layers.Layer):
    def __init__(self, units, num_heads=1, dropout_rate=0.1):
        super().__init__()

        self.self_attention = CausalSelfAttention(num_heads=num_heads,
                                                  key_dim=units,
                                                  dropout=dropout_rate)
        self.cross_attention = CrossAttention(num_heads=num_heads,
                                              key_dim=units,
                                              dropout=dropout_rate)
        self.ff = FeedForward(units=units, dropout_rate=dropout_rate)

    def call(self, inputs, training=False):
        in_seq, out_seq = inputs

        # Text input
        out_seq = self.self_attention(out_seq)

        out_seq = self.cross_attention(out_seq, in_seq)

        self.last_attention_scores = self.cross_attention.last_attention_scores

        out_seq = self.ff(out_seq)

        return out_seq


class TokenOutput(tf.keras.layers.Layer):
    def __init__(self, tokenizer, banned_tokens=('', '[UNK]', '[START]'), **kwargs):
        super().__init__()

        self.dense = tf.keras.layers.Dense(
            units=tokenizer.vocabulary_size(), **kwargs)
        self.tokenizer = tokenizer
        self.banned_tokens = banned_tokens

        self.bias = None

    def adapt(self, ds):
        counts = collections.Counter()
        vocab_dict = {name: id
                      for id, name in enumerate(self.tokenizer.get_vocabulary())}

        for tokens in ds:
            counts.update(tokens.numpy().flatten())

        counts_arr = np.zeros(shape=(self.tokenizer.vocabulary_size(),))
        counts_arr[np.array(list(counts.keys()), dtype=np.int32)] = list(counts.values())

        counts_arr = counts_arr[:]
        for token in self.banned_tokens:
            counts_arr[vocab_dict[token]] = 0

        total = counts_arr.sum()
        p = counts_arr / total
        p[counts_arr == 0] = 1.0
        log_p = np.log(p)  # log(1) == 0

        entropy = -(log_p * p).sum()

        print()
        print(f"Uniform entropy: {np.log(self.tokenizer.vocabulary_size()):0.2f}")
        print(f"Marginal entropy: {entropy:0.2f}")

        self.bias = log_p
        self.bias[counts_arr == 0] = -1e9

    def call(self, x):
        x = self.dense(x)
        # TODO(b/250038731): Fix this.
        # An Add layer doesn't work because of the different shapes.
        # This clears the mask, that's okay because it prevents keras from rescaling
        # the losses.
        return x + self.bias


output_layer = TokenOutput(tokenizer, banned_tokens=('', '[UNK]', '[START]'))
# This might run a little faster if the dataset didn't also have to load the image data.
output_layer.adapt(train_ds.map(lambda inputs, labels: labels))
print(np.round(output_layer.bias[:6], 3))


class Captioner(tf.keras.Model):
    @classmethod
    def add_method(cls, fun):
        setattr(cls, fun.__name__, fun)
        return fun

    def __init__(self, tokenizer, feature_extractor, output_layer, num_layers=1,
                 units=256, max_length=50, num_heads=1, dropout_rate=0.1):
        super().__init__()
        self.feature_extractor = feature_extractor
        self.tokenizer = tokenizer
        self.word_to_index = tf.keras.layers.StringLookup(
            mask_token="",
            vocabulary=tokenizer.get_vocabulary())
        self.index_to_word = tf.keras.layers.StringLookup(
            mask_token="",
            vocabulary=tokenizer.get_vocabulary(),
            invert=True)

        self.seq_embedding = SeqEmbedding(
            vocab_size=tokenizer.vocabulary_size(),
            depth=units,
            max_length=max_length)

        self.decoder_layers = [
            DecoderLayer(units, num_heads=num_heads, dropout_rate=dropout_rate)
            for n in range(num_layers)]

        self.output_layer = output_layer


@Captioner.add_method
def call(self, inputs):
    image, txt = inputs

    if image.shape[-1] == 3:
        # Apply the feature-extractor, if you get an RGB image.
        image = self.feature_extractor(image)

    # Flatten the feature map (einops' 'b h w c -> b (h w) c')
    image = tf.reshape(image, [tf.shape(image)[0], image.shape[1] * image.shape[2], image.shape[3]])

    if txt.dtype == tf.string:
        # Apply the tokenizer if you get string inputs.
        txt = self.tokenizer(txt)

    txt = self.seq_embedding(txt)

    # Look at the image
    for dec_layer in self.decoder_layers:
        txt = dec_layer(inputs=(image, txt))

    txt = self.output_layer(txt)

    return txt


model = Captioner(tokenizer, feature_extractor=mobilenet, output_layer=output_layer,
                  units=16, dropout_rate=0.5, num_layers=2, num_heads=2)

image = load_image(paths[0])


@Captioner.add_method
def simple_gen(self, image, temperature=1):
    initial = self.word_to_index([['[START]']])  # (batch, sequence)
    img_features = self.feature_extractor(image[tf.newaxis, ...])

    tokens = initial  # (batch, sequence)
    for n in range(12):
        preds = self((img_features, tokens)).numpy()  # (batch, sequence, vocab)
        preds = preds[:, -1, :]  # (batch, vocab)
        if temperature == 0:
            next = tf.argmax(preds, axis=-1)[:, tf.newaxis]  # (batch, 1)
        else:
            next = tf.random.categorical(preds / temperature, num_samples=1)  # (batch, 1)
        tokens = tf.concat([tokens, next], axis=1)  # (batch, sequence)

        if next[0] == self.word_to_index('[END]'):
            break
    words = self.index_to_word(tokens[0, 1:-1])
    result = tf.strings.reduce_join(words, axis=-1, separator=' ')
    return result.numpy().decode()


for t in (0.0, 0.5, 1.0):
    result = model.simple_gen(image, temperature=t)
    print(result)


def masked_loss(labels, preds):
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels, preds)

    mask = (labels != 0) & (loss < 1e8)
    mask = tf.cast(mask, loss.dtype)

    loss = loss * mask
    loss = tf.reduce_sum(loss) / tf.reduce_sum(mask)
    return loss


def masked_acc(labels, preds):
    mask = tf.cast(labels != 0, tf.float32)
    preds = tf.argmax(preds, axis=-1)
    labels = tf.cast(labels, tf.int64)
    match = tf.cast(preds == labels, mask.dtype)
    acc = tf.reduce_sum(match * mask) / tf.reduce_sum(mask)
    return acc


print(round(float(masked_loss(ex_labels, model((ex_img, ex_in_tok)))), 3))
print(round(float(masked_acc(ex_labels, model((ex_img, ex_in_tok)))), 3))


class GenerateText(tf.keras.callbacks.Callback):
    def __init__(self):
        image = load_image(paths[0])
        self.image = image

    def on_epoch_end(self, epochs=None, logs=None):
        print()
        print()
        for t in (0.0, 0.5, 1.0):
            result = self.model.simple_gen(self.image, temperature=t)
            print(result)
        print()


g = GenerateText()
g.set_model(model)
g.on_epoch_end(0)

model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-2),
              loss=masked_loss,
              metrics=[masked_acc])

# Keras 3 hands a loss function its labels cast to the predictions' dtype: the
# tutorial's masked_loss (written for Keras 2) fails inside fit
try:
    model.fit(train_ds.repeat(), steps_per_epoch=1, epochs=1, verbose=0)
except TypeError as e:
    print(type(e).__name__, e)


def masked_loss(labels, preds):
    labels = tf.cast(labels, tf.int64)
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels, preds)

    mask = (labels != 0) & (loss < 1e8)
    mask = tf.cast(mask, loss.dtype)

    loss = loss * mask
    loss = tf.reduce_sum(loss) / tf.reduce_sum(mask)
    return loss


model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-2),
              loss=masked_loss,
              metrics=[masked_acc])

history = model.fit(
    train_ds.repeat(),
    steps_per_epoch=4,
    validation_data=test_ds.repeat(),
    validation_steps=2,
    epochs=3,
    verbose=0,
    callbacks=[
        GenerateText(),
        tf.keras.callbacks.EarlyStopping(
            patience=5, restore_best_weights=True)])
print({k: [round(v, 3) for v in vs] for k, vs in sorted(history.history.items())})

result = model.simple_gen(image, temperature=0.0)
print(result)
str_tokens = result.split()
str_tokens.append('[END]')
attn_maps = [layer.last_attention_scores for layer in model.decoder_layers]
print([map.shape for map in attn_maps])
attention_maps = tf.concat(attn_maps, axis=0)
# einops.reduce(attention_maps, 'batch heads sequence (height width) -> sequence height width', height=2, width=2, reduction='mean')
attention_maps = tf.reduce_mean(tf.reshape(attention_maps, [attention_maps.shape[0], attention_maps.shape[1], -1, 2, 2]), axis=[0, 1])
print(attention_maps.shape, len(str_tokens))
print(np.round(tf.reduce_sum(attention_maps, axis=[1, 2]).numpy(), 4))
print(len(model.trainable_variables), len(model.non_trainable_variables))
