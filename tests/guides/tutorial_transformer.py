# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Neural machine translation with a Transformer and Keras" at a tiny size on seeded
token batches: the positional encoding, PositionalEmbedding with mask_zero (its Keras mask),
the attention layers (cross, global self, causal self) with their attention scores, the
encoder and decoder stacks, the Transformer model, the CustomSchedule learning rate, the
masked loss and accuracy, a short fit and a greedy decode."""

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(4)
np.set_printoptions(precision=4, suppress=True)


def positional_encoding(length, depth):
    depth = depth / 2
    positions = np.arange(length)[:, np.newaxis]
    depths = np.arange(depth)[np.newaxis, :] / depth
    angle_rates = 1 / (10000 ** depths)
    angle_rads = positions * angle_rates
    pos_encoding = np.concatenate([np.sin(angle_rads), np.cos(angle_rads)], axis=-1)
    return tf.cast(pos_encoding, dtype=tf.float32)


pos_encoding = positional_encoding(length=2048, depth=512)
print(pos_encoding.shape)
print(pos_encoding[1, :4].numpy(), pos_encoding[100, 256:259].numpy())


class PositionalEmbedding(tf.keras.layers.Layer):
    def __init__(self, vocab_size, d_model):
        super().__init__()
        self.d_model = d_model
        self.embedding = tf.keras.layers.Embedding(vocab_size, d_model, mask_zero=True)
        self.pos_encoding = positional_encoding(length=2048, depth=d_model)

    def compute_mask(self, *args, **kwargs):
        return self.embedding.compute_mask(*args, **kwargs)

    def call(self, x):
        length = tf.shape(x)[1]
        x = self.embedding(x)
        x *= tf.math.sqrt(tf.cast(self.d_model, tf.float32))
        x = x + self.pos_encoding[tf.newaxis, :length, :]
        return x


rng = np.random.default_rng(6)
VOCAB = 30


def batch(n, length):
    toks = rng.integers(3, VOCAB, size=(n, length))
    lengths = rng.integers(length // 2, length + 1, size=n)
    toks[np.arange(length)[None, :] >= lengths[:, None]] = 0
    toks[:, 0] = 1
    return toks.astype('int64')


pt = batch(64, 9)
en_full = np.concatenate([pt[:, :1], np.where(pt[:, 1:] > 0, VOCAB + 2 - pt[:, 1:], 0), np.zeros((64, 1), 'int64')], axis=1)
en_full[np.arange(64), (en_full > 0).sum(axis=1)] = 2
en = en_full[:, :-1]
en_labels = en_full[:, 1:]
print(pt.shape, en.shape, en_labels.shape)

d_model = 16
embed_pt = PositionalEmbedding(vocab_size=VOCAB, d_model=d_model)
embed_en = PositionalEmbedding(vocab_size=VOCAB + 3, d_model=d_model)
pt_emb = embed_pt(pt[:4])
en_emb = embed_en(en[:4])
print(pt_emb.shape, en_emb._keras_mask)


class BaseAttention(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__()
        self.mha = tf.keras.layers.MultiHeadAttention(**kwargs)
        self.layernorm = tf.keras.layers.LayerNormalization()
        self.add = tf.keras.layers.Add()


class CrossAttention(BaseAttention):
    def call(self, x, context):
        attn_output, attn_scores = self.mha(query=x, key=context, value=context, return_attention_scores=True)
        self.last_attn_scores = attn_scores
        x = self.add([x, attn_output])
        x = self.layernorm(x)
        return x


sample_ca = CrossAttention(num_heads=2, key_dim=d_model)
print(pt_emb.shape)
print(en_emb.shape)
print(sample_ca(en_emb, pt_emb).shape)
print(sample_ca.last_attn_scores.shape)
print(np.round(tf.reduce_sum(sample_ca.last_attn_scores, axis=-1)[0, 0].numpy(), 4))


class GlobalSelfAttention(BaseAttention):
    def call(self, x):
        attn_output = self.mha(query=x, value=x, key=x)
        x = self.add([x, attn_output])
        x = self.layernorm(x)
        return x


sample_gsa = GlobalSelfAttention(num_heads=2, key_dim=d_model)
print(pt_emb.shape)
print(sample_gsa(pt_emb).shape)


class CausalSelfAttention(BaseAttention):
    def call(self, x):
        attn_output = self.mha(query=x, value=x, key=x, use_causal_mask=True)
        x = self.add([x, attn_output])
        x = self.layernorm(x)
        return x


sample_csa = CausalSelfAttention(num_heads=2, key_dim=d_model)
print(en_emb.shape)
print(sample_csa(en_emb).shape)
out1 = sample_csa(embed_en(en[:, :3]))
out2 = sample_csa(embed_en(en))[:, :3]
print(float(tf.reduce_max(abs(out1 - out2)).numpy()) < 1e-5)


class FeedForward(tf.keras.layers.Layer):
    def __init__(self, d_model, dff, dropout_rate=0.1):
        super().__init__()
        self.seq = tf.keras.Sequential([
            tf.keras.layers.Dense(dff, activation='relu'),
            tf.keras.layers.Dense(d_model),
            tf.keras.layers.Dropout(dropout_rate)
        ])
        self.add = tf.keras.layers.Add()
        self.layer_norm = tf.keras.layers.LayerNormalization()

    def call(self, x):
        x = self.add([x, self.seq(x)])
        x = self.layer_norm(x)
        return x


sample_ffn = FeedForward(d_model, 32)
print(en_emb.shape)
print(sample_ffn(en_emb).shape)


class EncoderLayer(tf.keras.layers.Layer):
    def __init__(self, *, d_model, num_heads, dff, dropout_rate=0.1):
        super().__init__()
        self.self_attention = GlobalSelfAttention(num_heads=num_heads, key_dim=d_model, dropout=dropout_rate)
        self.ffn = FeedForward(d_model, dff)

    def call(self, x):
        x = self.self_attention(x)
        x = self.ffn(x)
        return x


class Encoder(tf.keras.layers.Layer):
    def __init__(self, *, num_layers, d_model, num_heads, dff, vocab_size, dropout_rate=0.1):
        super().__init__()
        self.d_model = d_model
        self.num_layers = num_layers
        self.pos_embedding = PositionalEmbedding(vocab_size=vocab_size, d_model=d_model)
        self.enc_layers = [EncoderLayer(d_model=d_model, num_heads=num_heads, dff=dff, dropout_rate=dropout_rate)
                           for _ in range(num_layers)]
        self.dropout = tf.keras.layers.Dropout(dropout_rate)

    def call(self, x):
        x = self.pos_embedding(x)
        x = self.dropout(x)
        for i in range(self.num_layers):
            x = self.enc_layers[i](x)
        return x


sample_encoder = Encoder(num_layers=2, d_model=d_model, num_heads=2, dff=32, vocab_size=VOCAB)
sample_encoder_output = sample_encoder(pt[:4], training=False)
print(pt[:4].shape)
print(sample_encoder_output.shape)


class DecoderLayer(tf.keras.layers.Layer):
    def __init__(self, *, d_model, num_heads, dff, dropout_rate=0.1):
        super(DecoderLayer, self).__init__()
        self.causal_self_attention = CausalSelfAttention(num_heads=num_heads, key_dim=d_model, dropout=dropout_rate)
        self.cross_attention = CrossAttention(num_heads=num_heads, key_dim=d_model, dropout=dropout_rate)
        self.ffn = FeedForward(d_model, dff)

    def call(self, x, context):
        x = self.causal_self_attention(x=x)
        x = self.cross_attention(x=x, context=context)
        self.last_attn_scores = self.cross_attention.last_attn_scores
        x = self.ffn(x)
        return x


sample_decoder_layer = DecoderLayer(d_model=d_model, num_heads=2, dff=32)
sample_decoder_layer_output = sample_decoder_layer(x=en_emb, context=pt_emb)
print(en_emb.shape, pt_emb.shape, sample_decoder_layer_output.shape)


class Decoder(tf.keras.layers.Layer):
    def __init__(self, *, num_layers, d_model, num_heads, dff, vocab_size, dropout_rate=0.1):
        super(Decoder, self).__init__()
        self.d_model = d_model
        self.num_layers = num_layers
        self.pos_embedding = PositionalEmbedding(vocab_size=vocab_size, d_model=d_model)
        self.dropout = tf.keras.layers.Dropout(dropout_rate)
        self.dec_layers = [DecoderLayer(d_model=d_model, num_heads=num_heads, dff=dff, dropout_rate=dropout_rate)
                           for _ in range(num_layers)]
        self.last_attn_scores = None

    def call(self, x, context):
        x = self.pos_embedding(x)
        x = self.dropout(x)
        for i in range(self.num_layers):
            x = self.dec_layers[i](x, context)
        self.last_attn_scores = self.dec_layers[-1].last_attn_scores
        return x


sample_decoder = Decoder(num_layers=2, d_model=d_model, num_heads=2, dff=32, vocab_size=VOCAB + 3)
output = sample_decoder(x=en[:4], context=pt_emb)
print(en[:4].shape, pt_emb.shape, output.shape)
print(sample_decoder.last_attn_scores.shape)


class Transformer(tf.keras.Model):
    def __init__(self, *, num_layers, d_model, num_heads, dff, input_vocab_size, target_vocab_size, dropout_rate=0.1):
        super().__init__()
        self.encoder = Encoder(num_layers=num_layers, d_model=d_model, num_heads=num_heads, dff=dff,
                               vocab_size=input_vocab_size, dropout_rate=dropout_rate)
        self.decoder = Decoder(num_layers=num_layers, d_model=d_model, num_heads=num_heads, dff=dff,
                               vocab_size=target_vocab_size, dropout_rate=dropout_rate)
        self.final_layer = tf.keras.layers.Dense(target_vocab_size)

    def call(self, inputs):
        context, x = inputs
        context = self.encoder(context)
        x = self.decoder(x, context)
        logits = self.final_layer(x)
        try:
            del logits._keras_mask
        except AttributeError:
            pass
        return logits


transformer = Transformer(num_layers=2, d_model=d_model, num_heads=2, dff=32,
                          input_vocab_size=VOCAB, target_vocab_size=VOCAB + 3, dropout_rate=0.1)
output = transformer((pt[:4], en[:4]))
print(en[:4].shape, pt[:4].shape, output.shape)
attn_scores = transformer.decoder.dec_layers[-1].last_attn_scores
print(attn_scores.shape)
transformer.summary()


class CustomSchedule(tf.keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, d_model, warmup_steps=4000):
        super().__init__()
        self.d_model = d_model
        self.d_model = tf.cast(self.d_model, tf.float32)
        self.warmup_steps = warmup_steps

    def __call__(self, step):
        step = tf.cast(step, dtype=tf.float32)
        arg1 = tf.math.rsqrt(step)
        arg2 = step * (self.warmup_steps ** -1.5)
        return tf.math.rsqrt(self.d_model) * tf.math.minimum(arg1, arg2)


learning_rate = CustomSchedule(128)
optimizer = tf.keras.optimizers.Adam(learning_rate, beta_1=0.9, beta_2=0.98, epsilon=1e-9)
print(learning_rate(tf.range(40000, delta=8000, dtype=tf.float32)).numpy())


def masked_loss(label, pred):
    mask = label != 0
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction='none')
    loss = loss_object(label, pred)
    mask = tf.cast(mask, dtype=loss.dtype)
    loss *= mask
    loss = tf.reduce_sum(loss) / tf.reduce_sum(mask)
    return loss


def masked_accuracy(label, pred):
    pred = tf.argmax(pred, axis=2)
    label = tf.cast(label, pred.dtype)
    match = label == pred
    mask = label != 0
    match = match & mask
    match = tf.cast(match, dtype=tf.float32)
    mask = tf.cast(mask, dtype=tf.float32)
    return tf.reduce_sum(match) / tf.reduce_sum(mask)


print(round(float(masked_loss(en_labels[:4], output)), 4), round(float(masked_accuracy(en_labels[:4], output)), 4))
transformer.compile(loss=masked_loss, optimizer=optimizer, metrics=[masked_accuracy])
train_batches = tf.data.Dataset.from_tensor_slices(((pt, en), en_labels)).batch(16)
print(train_batches.element_spec)
history = transformer.fit(train_batches, epochs=2, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
print(int(optimizer.iterations), f"{float(optimizer.learning_rate):.6g}")


class Translator(tf.Module):
    def __init__(self, transformer):
        self.transformer = transformer

    def __call__(self, sentence, max_length=6):
        encoder_input = sentence
        start = tf.constant([1], dtype=tf.int64)
        end = tf.constant([2], dtype=tf.int64)
        output_array = tf.TensorArray(dtype=tf.int64, size=0, dynamic_size=True)
        output_array = output_array.write(0, start)
        for i in tf.range(max_length):
            output = tf.transpose(output_array.stack())
            predictions = self.transformer([encoder_input, output], training=False)
            predictions = predictions[:, -1:, :]
            predicted_id = tf.argmax(predictions, axis=-1)
            output_array = output_array.write(i + 1, predicted_id[0])
            if predicted_id == end:
                break
        output = tf.transpose(output_array.stack())
        self.transformer([encoder_input, output[:, :-1]], training=False)
        attention_weights = self.transformer.decoder.last_attn_scores
        return output, attention_weights


translator = Translator(transformer)
tokens, attention_weights = translator(tf.constant(pt[:1]))
print(tokens.dtype, tokens.shape[0], attention_weights.shape[:2], attention_weights.shape[-1])


class ExportTranslator(tf.Module):
    def __init__(self, translator):
        self.translator = translator

    @tf.function(input_signature=[tf.TensorSpec(shape=[1, 9], dtype=tf.int64)])
    def __call__(self, sentence):
        result, attention_weights = self.translator(sentence, max_length=4)
        return result


exported = ExportTranslator(translator)
res = exported(tf.constant(pt[:1]))
print(res.dtype, res.shape[0], res.shape.rank)
print(exported.__call__.get_concrete_function().structured_input_signature)
