# ruff: noqa: E501, E741, UP008, UP031, UP032, F841  (the cells as written)
"""TF's "Neural machine translation with attention" at a tiny size on generated sentence
pairs: text standardization with tf.strings (no tensorflow_text), TextVectorization for
both sides and ragged_batch-free id mapping, the Encoder (Embedding mask_zero +
Bidirectional GRU merge_mode='sum'), CrossAttention (MultiHeadAttention + Add +
LayerNormalization, its attention weights), the Decoder with GRU states, the masked loss
and accuracy, a short fit and greedy translation in a tf.function."""

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(29)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(29)
en_words = ["i", "you", "see", "like", "the", "cat", "dog", "house"]
es_words = ["yo", "tu", "veo", "gusta", "el", "gato", "perro", "casa"]
pairs = []
for _ in range(64):
    ix = rng.integers(0, 8, size=rng.integers(2, 5))
    pairs.append((" ".join(en_words[i] for i in ix).capitalize() + ".", "¿" + " ".join(es_words[i] for i in ix).capitalize() + "?"))
target_raw = np.array([p[0] for p in pairs])
context_raw = np.array([p[1] for p in pairs])
print(context_raw[-1])
print(target_raw[-1])
BATCH_SIZE = 16
is_train = rng.uniform(size=(len(target_raw),)) < 0.75
train_raw = tf.data.Dataset.from_tensor_slices((context_raw[is_train], target_raw[is_train])).shuffle(64, seed=1).batch(BATCH_SIZE)
val_raw = tf.data.Dataset.from_tensor_slices((context_raw[~is_train], target_raw[~is_train])).shuffle(64, seed=2).batch(BATCH_SIZE)
for example_context_strings, example_target_strings in train_raw.take(1):
    print(example_context_strings[:3])
    print()
    print(example_target_strings[:3])
    break


def tf_lower_and_split_punct(text):
    text = tf.strings.lower(text)
    text = tf.strings.regex_replace(text, '[^ a-z.?!,¿]', '')
    text = tf.strings.regex_replace(text, '[.?!,¿]', r' \0 ')
    text = tf.strings.strip(text)
    text = tf.strings.join(['[START]', text, '[END]'], separator=' ')
    return text


example_text = tf.constant('¿Todavía está en casa?')
print(example_text.numpy())
print(tf_lower_and_split_punct(example_text).numpy().decode())
max_vocab_size = 20
context_text_processor = tf.keras.layers.TextVectorization(standardize=tf_lower_and_split_punct, max_tokens=max_vocab_size, ragged=True)
context_text_processor.adapt(train_raw.map(lambda context, target: context))
print(context_text_processor.get_vocabulary()[:10])
target_text_processor = tf.keras.layers.TextVectorization(standardize=tf_lower_and_split_punct, max_tokens=max_vocab_size, ragged=True)
target_text_processor.adapt(train_raw.map(lambda context, target: target))
print(target_text_processor.get_vocabulary()[:10])
example_tokens = context_text_processor(example_context_strings)
print(example_tokens[:3, :])
context_vocab = np.array(context_text_processor.get_vocabulary())
tokens = context_vocab[example_tokens[0].numpy()]
print(' '.join(tokens))


def process_text(context, target):
    context = context_text_processor(context).to_tensor()
    target = target_text_processor(target)
    targ_in = target[:, :-1].to_tensor()
    targ_out = target[:, 1:].to_tensor()
    return (context, targ_in), targ_out


train_ds = train_raw.map(process_text, tf.data.AUTOTUNE)
val_ds = val_raw.map(process_text, tf.data.AUTOTUNE)
print(train_ds.element_spec)
for (ex_context_tok, ex_tar_in), ex_tar_out in train_ds.take(1):
    print(ex_context_tok[0, :10].numpy())
    print()
    print(ex_tar_in[0, :10].numpy())
    print(ex_tar_out[0, :10].numpy())
UNITS = 16


class Encoder(tf.keras.layers.Layer):
    def __init__(self, text_processor, units):
        super(Encoder, self).__init__()
        self.text_processor = text_processor
        self.vocab_size = text_processor.vocabulary_size()
        self.units = units
        self.embedding = tf.keras.layers.Embedding(self.vocab_size, units, mask_zero=True)
        self.rnn = tf.keras.layers.Bidirectional(merge_mode='sum', layer=tf.keras.layers.GRU(units, return_sequences=True, recurrent_initializer='glorot_uniform'))

    def call(self, x):
        x = self.embedding(x)
        x = self.rnn(x)
        return x

    def convert_input(self, texts):
        texts = tf.convert_to_tensor(texts)
        if len(texts.shape) == 0:
            texts = tf.convert_to_tensor(texts)[tf.newaxis]
        context = self.text_processor(texts).to_tensor()
        context = self(context)
        return context


encoder = Encoder(context_text_processor, UNITS)
ex_context = encoder(ex_context_tok)
print(f'Context tokens, shape (batch, s): {ex_context_tok.shape}')
print(f'Encoder output, shape (batch, s, units): {ex_context.shape}')
print(getattr(ex_context, '_keras_mask', None) is not None)


class CrossAttention(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__()
        self.mha = tf.keras.layers.MultiHeadAttention(key_dim=units, num_heads=1, **kwargs)
        self.layernorm = tf.keras.layers.LayerNormalization()
        self.add = tf.keras.layers.Add()

    def call(self, x, context):
        attn_output, attn_scores = self.mha(query=x, value=context, return_attention_scores=True)
        attn_scores = tf.reduce_mean(attn_scores, axis=1)
        self.last_attention_weights = attn_scores
        x = self.add([x, attn_output])
        x = self.layernorm(x)
        return x


attention_layer = CrossAttention(UNITS)
embed = tf.keras.layers.Embedding(target_text_processor.vocabulary_size(), output_dim=UNITS, mask_zero=True)
ex_tar_embed = embed(ex_tar_in)
result = attention_layer(ex_tar_embed, ex_context)
print(f'Context sequence, shape (batch, s, units): {ex_context.shape}')
print(f'Target sequence, shape (batch, t, units): {ex_tar_embed.shape}')
print(f'Attention result, shape (batch, t, units): {result.shape}')
print(f'Attention weights, shape (batch, t, s):    {attention_layer.last_attention_weights.shape}')
print(np.round(attention_layer.last_attention_weights[0].numpy().sum(axis=-1), 4))


class Decoder(tf.keras.layers.Layer):
    def __init__(self, text_processor, units):
        super(Decoder, self).__init__()
        self.text_processor = text_processor
        self.vocab_size = text_processor.vocabulary_size()
        self.word_to_id = tf.keras.layers.StringLookup(vocabulary=text_processor.get_vocabulary(), mask_token='', oov_token='[UNK]')
        self.id_to_word = tf.keras.layers.StringLookup(vocabulary=text_processor.get_vocabulary(), mask_token='', oov_token='[UNK]', invert=True)
        self.start_token = self.word_to_id('[START]')
        self.end_token = self.word_to_id('[END]')
        self.units = units
        self.embedding = tf.keras.layers.Embedding(self.vocab_size, units, mask_zero=True)
        self.rnn = tf.keras.layers.GRU(units, return_sequences=True, return_state=True, recurrent_initializer='glorot_uniform')
        self.attention = CrossAttention(units)
        self.output_layer = tf.keras.layers.Dense(self.vocab_size)

    def call(self, context, x, state=None, return_state=False):
        x = self.embedding(x)
        x, state = self.rnn(x, initial_state=state)
        x = self.attention(x, context)
        self.last_attention_weights = self.attention.last_attention_weights
        logits = self.output_layer(x)
        if return_state:
            return logits, state
        else:
            return logits

    def get_initial_state(self, context):
        batch_size = tf.shape(context)[0]
        start_tokens = tf.fill([batch_size, 1], self.start_token)
        done = tf.zeros([batch_size, 1], dtype=tf.bool)
        embedded = self.embedding(start_tokens)
        return start_tokens, done, self.rnn.get_initial_state(batch_size)[0]

    def tokens_to_text(self, tokens):
        words = self.id_to_word(tokens)
        result = tf.strings.reduce_join(words, axis=-1, separator=' ')
        result = tf.strings.regex_replace(result, '^ *\\[START\\] *', '')
        result = tf.strings.regex_replace(result, ' *\\[END\\] *$', '')
        return result

    def get_next_token(self, context, next_token, done, state, temperature=0.0):
        logits, state = self(context, next_token, state=state, return_state=True)
        if temperature == 0.0:
            next_token = tf.argmax(logits, axis=-1)
        else:
            logits = logits[:, -1, :] / temperature
            next_token = tf.random.categorical(logits, num_samples=1)
        done = done | (next_token == self.end_token)
        next_token = tf.where(done, tf.constant(0, dtype=tf.int64), next_token)
        return next_token, done, state


decoder = Decoder(target_text_processor, UNITS)
print(decoder.start_token, decoder.end_token)
logits = decoder(ex_context, ex_tar_in)
print(f'encoder output shape: (batch, s, units) {ex_context.shape}')
print(f'input target tokens shape: (batch, t) {ex_tar_in.shape}')
print(f'logits shape shape: (batch, target_vocabulary_size) {logits.shape}')
next_token, done, state = decoder.get_initial_state(ex_context)
print(next_token.shape, done.shape, state.shape)
tokens = []
for n in range(5):
    next_token, done, state = decoder.get_next_token(ex_context, next_token, done, state, temperature=1.0)
    tokens.append(next_token)
tokens = tf.concat(tokens, axis=-1)
result = decoder.tokens_to_text(tokens)
print(result.shape, result.dtype)


class Translator(tf.keras.Model):
    @classmethod
    def add_method(cls, fun):
        setattr(cls, fun.__name__, fun)
        return fun

    def __init__(self, units, context_text_processor, target_text_processor):
        super().__init__()
        encoder = Encoder(context_text_processor, units)
        decoder = Decoder(target_text_processor, units)
        self.encoder = encoder
        self.decoder = decoder

    def call(self, inputs):
        context, x = inputs
        context = self.encoder(context)
        logits = self.decoder(context, x)
        try:
            del logits._keras_mask
        except AttributeError:
            pass
        return logits


model = Translator(UNITS, context_text_processor, target_text_processor)
logits = model((ex_context_tok, ex_tar_in))
print(f'Context tokens, shape: (batch, s, units) {ex_context_tok.shape}')
print(f'Target tokens, shape: (batch, t) {ex_tar_in.shape}')
print(f'logits, shape: (batch, t, target_vocabulary_size) {logits.shape}')


def masked_loss(y_true, y_pred):
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction='none')
    loss = loss_fn(y_true, y_pred)
    mask = tf.cast(y_true != 0, loss.dtype)
    loss *= mask
    return tf.reduce_sum(loss) / tf.reduce_sum(mask)


def masked_acc(y_true, y_pred):
    y_pred = tf.argmax(y_pred, axis=-1)
    y_pred = tf.cast(y_pred, y_true.dtype)
    match = tf.cast(y_true == y_pred, tf.float32)
    mask = tf.cast(y_true != 0, tf.float32)
    return tf.reduce_sum(match) / tf.reduce_sum(mask)


model.compile(optimizer='adam', loss=masked_loss, metrics=[masked_acc, masked_loss])
vocab_size = 1.0 * target_text_processor.vocabulary_size()
print({"expected_loss": round(float(tf.math.log(vocab_size).numpy()), 4), "expected_acc": 1 / vocab_size})
print({k: round(v, 4) for k, v in model.evaluate(val_ds, steps=1, return_dict=True, verbose=0).items()})
history = model.fit(train_ds.repeat(), epochs=2, steps_per_epoch=3, validation_data=val_ds, validation_steps=1, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})


@Translator.add_method
def translate(self, texts, *, max_length=6, temperature=0.0):
    context = self.encoder.convert_input(texts)
    batch_size = tf.shape(texts)[0]
    tokens = []
    attention_weights = []
    next_token, done, state = self.decoder.get_initial_state(context)
    for _ in range(max_length):
        next_token, done, state = self.decoder.get_next_token(context, next_token, done, state, temperature)
        tokens.append(next_token)
        attention_weights.append(self.decoder.last_attention_weights)
        if tf.executing_eagerly() and tf.reduce_all(done):
            break
    tokens = tf.concat(tokens, axis=-1)
    self.last_attention_weights = tf.concat(attention_weights, axis=1)
    result = self.decoder.tokens_to_text(tokens)
    return result


result = model.translate(tf.constant(['¿Yo veo el gato?']))
print(result.dtype, result.shape, model.last_attention_weights.shape[0], model.last_attention_weights.shape[-1])
inputs = tf.constant(['¿Tu gusta el perro?', '¿El gato?', '¿Yo veo la casa?'])
result = model.translate(inputs)
print(result.shape)


class Export(tf.Module):
    def __init__(self, model):
        self.model = model

    @tf.function(input_signature=[tf.TensorSpec(dtype=tf.string, shape=[None])])
    def translate(self, inputs):
        return self.model.translate(inputs)


export = Export(model)
print(export.translate(inputs).shape)
print(export.translate.get_concrete_function().structured_outputs)
