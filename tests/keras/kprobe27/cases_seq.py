"""kprobe27's snippets after keras.io's sequence examples: OCR with a CTC loss layer and
ctc_decode, character seq2seq encoder-decoders with their inference loops, Transformer
encoders for timeseries and text, a BERT-like masked language model, sentence-pair
similarity fed by a PyDataset (see cases.py)."""

from tests.keras.kprobe27.prelude import _TRY

SNIPPETS = {}

SNIPPETS["ocr_ctc_layer_fit_and_decode"] = _TRY + """
characters = sorted(set("abc12"))
char_to_num = layers.StringLookup(vocabulary=list(characters), mask_token=None)
num_to_char = layers.StringLookup(vocabulary=char_to_num.get_vocabulary(), mask_token=None,
                                  invert=True)
print(char_to_num.get_vocabulary(), num_to_char.get_vocabulary())
labels = ["ab1", "c2a", "21b", "bca"]
y = np.stack([char_to_num(tf.strings.unicode_split(t, input_encoding="UTF-8")).numpy()
              for t in labels])
print(y.tolist(), y.dtype)
def ctc_batch_cost(y_true, y_pred, input_length, label_length):
    label_length = keras.ops.cast(keras.ops.squeeze(label_length, axis=-1), "int32")
    input_length = keras.ops.cast(keras.ops.squeeze(input_length, axis=-1), "int32")
    return keras.ops.expand_dims(keras.ops.ctc_loss(y_true, y_pred, label_length,
                                                    input_length, mask_index=0), 1)
class CTCLayer(layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.loss_fn = ctc_batch_cost
    def call(self, y_true, y_pred):
        batch_len = keras.ops.cast(keras.ops.shape(y_true)[0], dtype="int64")
        input_length = keras.ops.cast(keras.ops.shape(y_pred)[1], dtype="int64")
        label_length = keras.ops.cast(keras.ops.shape(y_true)[1], dtype="int64")
        input_length = input_length * keras.ops.ones(shape=(batch_len, 1), dtype="int64")
        label_length = label_length * keras.ops.ones(shape=(batch_len, 1), dtype="int64")
        loss = self.loss_fn(y_true, y_pred, input_length, label_length)
        self.add_loss(keras.ops.mean(loss))
        return y_pred
input_img = layers.Input(shape=(16, 8, 1), name="image", dtype="float32")
label_in = layers.Input(name="label", shape=(None,), dtype="float32")
x = layers.Conv2D(2, (3, 3), activation="relu", padding="same", name="Conv1")(input_img)
x = layers.MaxPooling2D((2, 2), name="pool1")(x)
x = layers.Reshape(target_shape=(8, 8), name="reshape")(x)
x = layers.Dense(6, activation="relu", name="dense1")(x)
x = layers.Bidirectional(layers.LSTM(4, return_sequences=True))(x)
x = layers.Dense(len(char_to_num.get_vocabulary()) + 1, activation="softmax", name="dense2")(x)
output = CTCLayer(name="ctc_loss")(label_in, x)
model = keras.models.Model(inputs=[input_img, label_in], outputs=output, name="ocr_model_v1")
fill(model)
model.compile(optimizer=keras.optimizers.Adam(0.01))
imgs = (np.arange(4 * 128, dtype="float32").reshape(4, 16, 8, 1) % 13) / 13
ds = tf.data.Dataset.from_tensor_slices({"image": imgs, "label": y.astype("float32")}).batch(2)
h = model.fit(ds, epochs=3, verbose=0)
print(logs4(h))
prediction_model = keras.models.Model(model.input[0], model.get_layer(name="dense2").output)
preds = prediction_model.predict(imgs, verbose=0)
print(preds.shape, r4(preds[0, :2]))
input_len = np.ones(preds.shape[0]) * preds.shape[1]
dec = keras.ops.nn.ctc_decode(preds, sequence_lengths=input_len, strategy="greedy")
print(type(dec).__name__, len(dec), dec[0][0].shape, dec[0][0].dtype, r4(dec[1]))
results = dec[0][0][:, :3]
for res in results:
    print(tf.strings.reduce_join(num_to_char(res)).numpy().decode("utf-8"))
print(r4(model.evaluate(ds, verbose=0)), [l.name for l in model.layers][-3:])
"""

SNIPPETS["ctc_decode_strategies_and_losses"] = _TRY + """
logits = np.log(np.array([
    [[0.1, 0.6, 0.2, 0.1], [0.1, 0.6, 0.2, 0.1], [0.7, 0.1, 0.1, 0.1], [0.1, 0.1, 0.7, 0.1],
     [0.2, 0.2, 0.2, 0.4]],
    [[0.6, 0.1, 0.2, 0.1], [0.1, 0.1, 0.1, 0.7], [0.1, 0.1, 0.1, 0.7], [0.1, 0.7, 0.1, 0.1],
     [0.9, 0.05, 0.03, 0.02]]], "float32"))
lens = np.array([5, 4], "int32")
for kw in [{}, {"merge_repeated": False}, {"mask_index": 3}, {"mask_index": None},
           {"mask_index": -1}, {"mask_index": -2, "merge_repeated": False},
           {"strategy": "beam_search", "beam_width": 2, "top_paths": 2},
           {"strategy": "beam_search", "beam_width": 3, "top_paths": 1, "merge_repeated": False}]:
    try:
        d, s = keras.ops.ctc_decode(logits, lens, **kw)
        print(sorted(kw.items()), d.shape, d.numpy().tolist(), r4(s))
    except Exception as e:
        print(sorted(kw.items()), type(e).__name__, str(e)[:200])
labels = np.array([[1, 2, 0], [3, 1, 0]], "int32")
print(r4(keras.ops.ctc_loss(labels, logits, np.array([2, 2]), lens)))
print(r4(keras.ops.ctc_loss(labels, logits, np.array([2, 2]), lens, mask_index=3)))
print(r4(keras.losses.CTC()(labels, logits)), r4(keras.losses.CTC(reduction=None)(labels, logits)))
print(keras.losses.CTC().get_config())
tryp("too_long", lambda: r4(keras.ops.ctc_loss(np.ones((2, 7), "int32"), logits,
                                               np.array([7, 7]), lens)))
tryp("top_paths", lambda: keras.ops.ctc_decode(logits, lens, strategy="beam_search",
                                               beam_width=1, top_paths=2)[0].shape)
"""

_CHARS = """
input_texts = ["hi", "go", "run", "hop"]
target_texts = ["\\tsalut\\n", "\\tva\\n", "\\tcours\\n", "\\tsaute\\n"]
input_characters = sorted(set("".join(input_texts)))
target_characters = sorted(set("".join(target_texts)))
num_encoder_tokens, num_decoder_tokens = len(input_characters), len(target_characters)
max_encoder_seq_length = max([len(txt) for txt in input_texts])
max_decoder_seq_length = max([len(txt) for txt in target_texts])
input_token_index = dict([(char, i) for i, char in enumerate(input_characters)])
target_token_index = dict([(char, i) for i, char in enumerate(target_characters)])
encoder_input_data = np.zeros((len(input_texts), max_encoder_seq_length, num_encoder_tokens),
                              dtype="float32")
decoder_input_data = np.zeros((len(input_texts), max_decoder_seq_length, num_decoder_tokens),
                              dtype="float32")
decoder_target_data = np.zeros((len(input_texts), max_decoder_seq_length, num_decoder_tokens),
                               dtype="float32")
for i, (input_text, target_text) in enumerate(zip(input_texts, target_texts)):
    for t, char in enumerate(input_text):
        encoder_input_data[i, t, input_token_index[char]] = 1.0
    for t, char in enumerate(target_text):
        decoder_input_data[i, t, target_token_index[char]] = 1.0
        if t > 0:
            decoder_target_data[i, t - 1, target_token_index[char]] = 1.0
reverse_target_char_index = dict((i, char) for char, i in target_token_index.items())
print(num_encoder_tokens, num_decoder_tokens, max_encoder_seq_length, max_decoder_seq_length)
"""

SNIPPETS["seq2seq_char_lstm_inference_loop"] = _TRY + _CHARS + """
latent_dim = 6
encoder_inputs = keras.Input(shape=(None, num_encoder_tokens))
encoder = keras.layers.LSTM(latent_dim, return_state=True)
encoder_outputs, state_h, state_c = encoder(encoder_inputs)
encoder_states = [state_h, state_c]
decoder_inputs = keras.Input(shape=(None, num_decoder_tokens))
decoder_lstm = keras.layers.LSTM(latent_dim, return_sequences=True, return_state=True)
decoder_outputs, _, _ = decoder_lstm(decoder_inputs, initial_state=encoder_states)
decoder_dense = keras.layers.Dense(num_decoder_tokens, activation="softmax")
decoder_outputs = decoder_dense(decoder_outputs)
model = keras.Model([encoder_inputs, decoder_inputs], decoder_outputs)
fill(model)
model.compile(optimizer=keras.optimizers.RMSprop(0.05), loss="categorical_crossentropy",
              metrics=["accuracy"])
h = model.fit([encoder_input_data, decoder_input_data], decoder_target_data, batch_size=2,
              epochs=3, validation_split=0.25, shuffle=False, verbose=0)
print(logs4(h))
model.save(os.path.join(D, "s2s_model.keras"))
model = keras.models.load_model(os.path.join(D, "s2s_model.keras"))
encoder_inputs = model.input[0]
encoder_outputs, state_h_enc, state_c_enc = model.layers[2].output
encoder_model = keras.Model(encoder_inputs, [state_h_enc, state_c_enc])
decoder_inputs = model.input[1]
decoder_state_input_h = keras.Input(shape=(latent_dim,))
decoder_state_input_c = keras.Input(shape=(latent_dim,))
decoder_states_inputs = [decoder_state_input_h, decoder_state_input_c]
decoder_lstm = model.layers[3]
decoder_outputs, state_h_dec, state_c_dec = decoder_lstm(decoder_inputs,
                                                         initial_state=decoder_states_inputs)
decoder_dense = model.layers[4]
decoder_outputs = decoder_dense(decoder_outputs)
decoder_model = keras.Model([decoder_inputs] + decoder_states_inputs,
                            [decoder_outputs, state_h_dec, state_c_dec])
print([l.__class__.__name__ for l in model.layers], len(decoder_model.inputs))
def decode_sequence(input_seq):
    states_value = encoder_model.predict(input_seq, verbose=0)
    target_seq = np.zeros((1, 1, num_decoder_tokens))
    target_seq[0, 0, target_token_index["\\t"]] = 1.0
    decoded_sentence = ""
    probs = []
    while True:
        output_tokens, h, c = decoder_model.predict([target_seq] + states_value, verbose=0)
        sampled_token_index = np.argmax(output_tokens[0, -1, :])
        probs.append(round(float(output_tokens[0, -1, sampled_token_index]), 3))
        sampled_char = reverse_target_char_index[sampled_token_index]
        decoded_sentence += sampled_char
        if sampled_char == "\\n" or len(decoded_sentence) > max_decoder_seq_length:
            break
        target_seq = np.zeros((1, 1, num_decoder_tokens))
        target_seq[0, 0, sampled_token_index] = 1.0
        states_value = [h, c]
    return decoded_sentence, probs
for seq_index in range(2):
    print(repr(decode_sequence(encoder_input_data[seq_index: seq_index + 1])))
"""

SNIPPETS["addition_rnn_repeat_vector"] = _TRY + """
chars = "0123456789+ "
class CharacterTable:
    def __init__(self, chars):
        self.chars = sorted(set(chars))
        self.char_indices = dict((c, i) for i, c in enumerate(self.chars))
        self.indices_char = dict((i, c) for i, c in enumerate(self.chars))
    def encode(self, C, num_rows):
        x = np.zeros((num_rows, len(self.chars)))
        for i, c in enumerate(C):
            x[i, self.char_indices[c]] = 1
        return x
    def decode(self, x, calc_argmax=True):
        if calc_argmax:
            x = x.argmax(axis=-1)
        return "".join(self.indices_char[x] for x in x)
ctable = CharacterTable(chars)
questions = ["1+2  ", "12+3 ", "5+5  ", "21+10", "7+0  ", "3+33 "]
answers = ["3  ", "15 ", "10 ", "31 ", "7  ", "36 "]
x = np.zeros((6, 5, len(chars)), dtype=bool)
y = np.zeros((6, 3, len(chars)), dtype=bool)
for i, sentence in enumerate(questions):
    x[i] = ctable.encode(sentence[::-1], 5)
for i, sentence in enumerate(answers):
    y[i] = ctable.encode(sentence, 3)
model = keras.Sequential()
model.add(layers.Input((5, len(chars))))
model.add(layers.LSTM(8))
model.add(layers.RepeatVector(3))
model.add(layers.LSTM(8, return_sequences=True))
model.add(layers.Dense(len(chars), activation="softmax"))
fill(model)
model.compile(loss="categorical_crossentropy", optimizer=keras.optimizers.Adam(0.05),
              metrics=["accuracy"])
model.summary()
h = model.fit(x, y, batch_size=3, epochs=3, validation_data=(x[:2], y[:2]), shuffle=False,
              verbose=0)
print(logs4(h))
preds = np.argmax(model.predict(x[:3], verbose=0), axis=-1)
print([ctable.decode(p, calc_argmax=False) for p in preds], x.dtype, model.predict(x[:1],
      verbose=0).dtype)
print(ctable.decode(x[0]), repr(ctable.decode(y[1])))
"""

SNIPPETS["timeseries_transformer_classifier"] = _TRY + """
def transformer_encoder(inputs, head_size, num_heads, ff_dim, dropout=0):
    x = layers.MultiHeadAttention(key_dim=head_size, num_heads=num_heads,
                                  dropout=dropout)(inputs, inputs)
    x = layers.Dropout(dropout)(x)
    x = layers.LayerNormalization(epsilon=1e-6)(x)
    res = x + inputs
    x = layers.Conv1D(filters=ff_dim, kernel_size=1, activation="relu")(res)
    x = layers.Dropout(dropout)(x)
    x = layers.Conv1D(filters=inputs.shape[-1], kernel_size=1)(x)
    x = layers.LayerNormalization(epsilon=1e-6)(x)
    return x + res
def build_model(input_shape, head_size, num_heads, ff_dim, num_transformer_blocks, mlp_units,
                dropout=0, mlp_dropout=0):
    inputs = keras.Input(shape=input_shape)
    x = inputs
    for _ in range(num_transformer_blocks):
        x = transformer_encoder(x, head_size, num_heads, ff_dim, dropout)
    x = layers.GlobalAveragePooling1D(data_format="channels_last")(x)
    for dim in mlp_units:
        x = layers.Dense(dim, activation="relu")(x)
        x = layers.Dropout(mlp_dropout)(x)
    outputs = layers.Dense(2, activation="softmax")(x)
    return keras.Model(inputs, outputs)
model = build_model((6, 1), head_size=4, num_heads=2, ff_dim=2, num_transformer_blocks=2,
                    mlp_units=[4])
fill(model)
model.compile(loss="sparse_categorical_crossentropy",
              optimizer=keras.optimizers.Adam(learning_rate=1e-2),
              metrics=["sparse_categorical_accuracy"])
xs = np.sin(np.arange(48, dtype="float32").reshape(8, 6, 1) * 0.4)
ys = (xs[:, 0, 0] > 0).astype("int32")
callbacks = [keras.callbacks.EarlyStopping(patience=1, restore_best_weights=True)]
h = model.fit(xs, ys, validation_split=0.25, epochs=4, batch_size=3, callbacks=callbacks,
              shuffle=False, verbose=0)
print(logs4(h))
print(r4(model.evaluate(xs, ys, verbose=0)), len(model.layers), model.count_params())
print([l.__class__.__name__ for l in model.layers][:8])
print(r4(model.predict(xs[:2], verbose=0)))
"""

_TEXT_BLOCKS = """
class TransformerBlock(layers.Layer):
    def __init__(self, embed_dim, num_heads, ff_dim, rate=0.1, **kwargs):
        super().__init__(**kwargs)
        self.att = layers.MultiHeadAttention(num_heads=num_heads, key_dim=embed_dim)
        self.ffn = keras.Sequential([layers.Dense(ff_dim, activation="relu"),
                                     layers.Dense(embed_dim)])
        self.layernorm1 = layers.LayerNormalization(epsilon=1e-6)
        self.layernorm2 = layers.LayerNormalization(epsilon=1e-6)
        self.dropout1 = layers.Dropout(rate)
        self.dropout2 = layers.Dropout(rate)
    def call(self, inputs, training=False):
        attn_output = self.att(inputs, inputs)
        attn_output = self.dropout1(attn_output, training=training)
        out1 = self.layernorm1(inputs + attn_output)
        ffn_output = self.ffn(out1)
        ffn_output = self.dropout2(ffn_output, training=training)
        return self.layernorm2(out1 + ffn_output)
class TokenAndPositionEmbedding(layers.Layer):
    def __init__(self, maxlen, vocab_size, embed_dim, **kwargs):
        super().__init__(**kwargs)
        self.token_emb = layers.Embedding(input_dim=vocab_size, output_dim=embed_dim)
        self.pos_emb = layers.Embedding(input_dim=maxlen, output_dim=embed_dim)
    def call(self, x):
        maxlen = keras.ops.shape(x)[-1]
        positions = keras.ops.arange(start=0, stop=maxlen, step=1)
        positions = self.pos_emb(positions)
        x = self.token_emb(x)
        return x + positions
"""

SNIPPETS["text_classification_transformer_block"] = _TRY + _TEXT_BLOCKS + """
vocab_size, maxlen, embed_dim = 20, 6, 4
x_train = keras.utils.pad_sequences([[1, 5, 3], [7, 2, 9, 4, 4, 11], [3], [12, 13, 1, 1]],
                                    maxlen=maxlen)
print(x_train.tolist(), x_train.dtype)
y_train = np.array([0, 1, 0, 1])
inputs = layers.Input(shape=(maxlen,))
embedding_layer = TokenAndPositionEmbedding(maxlen, vocab_size, embed_dim)
x = embedding_layer(inputs)
transformer_block = TransformerBlock(embed_dim, 2, 8, rate=0.0)
x = transformer_block(x)
x = layers.GlobalAveragePooling1D()(x)
x = layers.Dropout(0.0)(x)
x = layers.Dense(4, activation="relu")(x)
outputs = layers.Dense(2, activation="softmax")(x)
model = keras.Model(inputs=inputs, outputs=outputs)
fill(model)
model.compile(optimizer=keras.optimizers.Adam(0.01), loss="sparse_categorical_crossentropy",
              metrics=["accuracy"])
h = model.fit(x_train, y_train, batch_size=2, epochs=2, validation_data=(x_train, y_train),
              shuffle=False, verbose=0)
print(logs4(h))
print(x.dtype, inputs.dtype, embedding_layer(x_train[:1]).shape)
print([w.path for w in transformer_block.weights][:4], len(transformer_block.weights))
tryp("save", lambda: model.save(os.path.join(D, "tc.keras")))
tryp("config", lambda: transformer_block.get_config())
"""

SNIPPETS["transformer_layers_registered_round_trip"] = _TRY + """
@keras.saving.register_keras_serializable(package="k27t")
class PositionalEmbedding(layers.Layer):
    def __init__(self, sequence_length, vocab_size, embed_dim, **kwargs):
        super().__init__(**kwargs)
        self.token_embeddings = layers.Embedding(input_dim=vocab_size, output_dim=embed_dim)
        self.position_embeddings = layers.Embedding(input_dim=sequence_length,
                                                    output_dim=embed_dim)
        self.sequence_length = sequence_length
        self.vocab_size = vocab_size
        self.embed_dim = embed_dim
    def call(self, inputs):
        length = keras.ops.shape(inputs)[-1]
        positions = keras.ops.arange(0, length, 1)
        return self.token_embeddings(inputs) + self.position_embeddings(positions)
    def compute_mask(self, inputs, mask=None):
        return keras.ops.not_equal(inputs, 0)
    def get_config(self):
        config = super().get_config()
        config.update({"sequence_length": self.sequence_length, "vocab_size": self.vocab_size,
                       "embed_dim": self.embed_dim})
        return config
@keras.saving.register_keras_serializable(package="k27t")
class TransformerEncoder(layers.Layer):
    def __init__(self, embed_dim, dense_dim, num_heads, **kwargs):
        super().__init__(**kwargs)
        self.embed_dim = embed_dim
        self.dense_dim = dense_dim
        self.num_heads = num_heads
        self.attention = layers.MultiHeadAttention(num_heads=num_heads, key_dim=embed_dim)
        self.dense_proj = keras.Sequential([layers.Dense(dense_dim, activation="relu"),
                                            layers.Dense(embed_dim)])
        self.layernorm_1 = layers.LayerNormalization()
        self.layernorm_2 = layers.LayerNormalization()
        self.supports_masking = True
    def call(self, inputs, mask=None):
        if mask is not None:
            padding_mask = keras.ops.cast(mask[:, None, :], dtype="int32")
        else:
            padding_mask = None
        attention_output = self.attention(query=inputs, value=inputs, key=inputs,
                                          attention_mask=padding_mask)
        proj_input = self.layernorm_1(inputs + attention_output)
        proj_output = self.dense_proj(proj_input)
        return self.layernorm_2(proj_input + proj_output)
    def get_config(self):
        config = super().get_config()
        config.update({"embed_dim": self.embed_dim, "dense_dim": self.dense_dim,
                       "num_heads": self.num_heads})
        return config
inp = keras.Input(shape=(None,), dtype="int64", name="encoder_inputs")
x = PositionalEmbedding(5, 12, 4)(inp)
print(x.shape, getattr(x, "_keras_mask", None) is not None)
enc = TransformerEncoder(4, 6, 2)
out = enc(x)
pooled = layers.GlobalAveragePooling1D()(out)
m = keras.Model(inp, layers.Dense(1)(pooled))
fill(m)
ids = np.array([[3, 4, 0, 0, 0], [1, 2, 3, 4, 5]], "int64")
print(r4(m(ids)))
print(r4(m(ids[:, :3])))
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
print(logs4(m.fit(ids, np.array([[0.5], [-0.5]], "float32"), epochs=2, verbose=0)))
p = os.path.join(D, "enc.keras")
m.save(p)
m2 = keras.models.load_model(p)
print(r4(m2(ids)) == r4(m(ids)), [l.__class__.__name__ for l in m2.layers])
print(m2.layers[2].get_config()["num_heads"], m2.layers[1].get_config()["sequence_length"])
print(keras.saving.get_registered_name(TransformerEncoder))
"""

SNIPPETS["transformer_decoder_causal_mask_greedy"] = _TRY + """
class TransformerDecoder(layers.Layer):
    def __init__(self, embed_dim, latent_dim, num_heads, **kwargs):
        super().__init__(**kwargs)
        self.attention_1 = layers.MultiHeadAttention(num_heads=num_heads, key_dim=embed_dim)
        self.attention_2 = layers.MultiHeadAttention(num_heads=num_heads, key_dim=embed_dim)
        self.dense_proj = keras.Sequential([layers.Dense(latent_dim, activation="relu"),
                                            layers.Dense(embed_dim)])
        self.layernorm_1 = layers.LayerNormalization()
        self.layernorm_2 = layers.LayerNormalization()
        self.layernorm_3 = layers.LayerNormalization()
        self.supports_masking = True
    def call(self, inputs, mask=None):
        inputs, encoder_outputs = inputs
        causal_mask = self.get_causal_attention_mask(inputs)
        if mask is None:
            inputs_padding_mask, encoder_outputs_padding_mask = None, None
        else:
            inputs_padding_mask, encoder_outputs_padding_mask = mask
        attention_output_1 = self.attention_1(query=inputs, value=inputs, key=inputs,
                                              attention_mask=causal_mask,
                                              query_mask=inputs_padding_mask)
        out_1 = self.layernorm_1(inputs + attention_output_1)
        attention_output_2 = self.attention_2(query=out_1, value=encoder_outputs,
                                              key=encoder_outputs, query_mask=inputs_padding_mask,
                                              key_mask=encoder_outputs_padding_mask)
        out_2 = self.layernorm_2(out_1 + attention_output_2)
        proj_output = self.dense_proj(out_2)
        return self.layernorm_3(out_2 + proj_output)
    def get_causal_attention_mask(self, inputs):
        input_shape = keras.ops.shape(inputs)
        batch_size, sequence_length = input_shape[0], input_shape[1]
        i = keras.ops.arange(sequence_length)[:, None]
        j = keras.ops.arange(sequence_length)
        mask = keras.ops.cast(i >= j, dtype="int32")
        mask = keras.ops.reshape(mask, (1, input_shape[1], input_shape[1]))
        return keras.ops.broadcast_to(mask, (batch_size, sequence_length, sequence_length))
enc_in = keras.Input(shape=(None,), dtype="int64", name="encoder_inputs")
enc_emb = layers.Embedding(10, 4, mask_zero=True)(enc_in)
dec_in = keras.Input(shape=(None,), dtype="int64", name="decoder_inputs")
dec_emb = layers.Embedding(10, 4, mask_zero=True)(dec_in)
x = TransformerDecoder(4, 6, 2)([dec_emb, enc_emb])
out = layers.Dense(10, activation="softmax")(x)
model = keras.Model([enc_in, dec_in], out, name="transformer")
fill(model)
src = np.array([[2, 3, 4, 0], [5, 6, 0, 0]], "int64")
tgt = np.array([[1, 7, 8, 0], [1, 9, 0, 0]], "int64")
y = np.array([[7, 8, 2, 0], [9, 2, 0, 0]], "int64")
p = model([src, tgt])
print(p.shape, r4(keras.ops.sum(p, axis=-1)))
print(getattr(p, "_keras_mask", None) is not None)
model.compile(optimizer=keras.optimizers.RMSprop(0.01), loss="sparse_categorical_crossentropy",
              metrics=["accuracy"])
print(logs4(model.fit([src, tgt], y, epochs=2, verbose=0)))
def decode(seq):
    decoded = [1]
    for i in range(3):
        probs = model([seq, np.array([decoded], "int64")])
        decoded.append(int(np.argmax(probs[0, i, :])))
    return decoded
print(decode(src[:1]), decode(src[1:]))
d = model.layers[4] if model.layers[4].__class__.__name__ == "TransformerDecoder" else [
    l for l in model.layers if l.__class__.__name__ == "TransformerDecoder"][0]
print(d.get_causal_attention_mask(np.zeros((2, 3, 4))).numpy()[1].tolist())
"""

SNIPPETS["bert_like_masked_language_model"] = _TRY + """
VOCAB, LEN, DIM = 12, 6, 4
loss_fn = keras.losses.SparseCategoricalCrossentropy(reduction=None)
loss_tracker = keras.metrics.Mean(name="loss")
class MaskedLanguageModel(keras.Model):
    def train_step(self, inputs):
        if len(inputs) == 3:
            features, labels, sample_weight = inputs
        else:
            features, labels = inputs
            sample_weight = None
        with tf.GradientTape() as tape:
            predictions = self(features, training=True)
            loss = loss_fn(labels, predictions, sample_weight=sample_weight)
        trainable_vars = self.trainable_variables
        gradients = tape.gradient(loss, trainable_vars)
        self.optimizer.apply_gradients(zip(gradients, trainable_vars))
        loss_tracker.update_state(loss, sample_weight=sample_weight)
        return {"loss": loss_tracker.result()}
    @property
    def metrics(self):
        return [loss_tracker]
def bert_module(query, key, value, i):
    attention_output = layers.MultiHeadAttention(num_heads=2, key_dim=DIM // 2,
                                                 name="encoder_{}_multiheadattention".format(i),
                                                 )(query, key, value)
    attention_output = layers.Dropout(0.0, name="encoder_{}_att_dropout".format(i))(
        attention_output)
    attention_output = layers.LayerNormalization(
        epsilon=1e-6, name="encoder_{}_att_layernormalization".format(i))(query + attention_output)
    ffn = keras.Sequential([layers.Dense(8, activation="relu"), layers.Dense(DIM)],
                           name="encoder_{}_ffn".format(i))
    ffn_output = ffn(attention_output)
    sequence_output = layers.LayerNormalization(
        epsilon=1e-6, name="encoder_{}_ffn_layernormalization".format(i))(
        attention_output + ffn_output)
    return sequence_output
def get_pos_encoding_matrix(max_len, d_emb):
    pos_enc = np.array([[pos / np.power(10000, 2 * (j // 2) / d_emb) for j in range(d_emb)]
                        if pos != 0 else np.zeros(d_emb) for pos in range(max_len)])
    pos_enc[1:, 0::2] = np.sin(pos_enc[1:, 0::2])
    pos_enc[1:, 1::2] = np.cos(pos_enc[1:, 1::2])
    return pos_enc
inputs = layers.Input((LEN,), dtype="int64")
word_embeddings = layers.Embedding(VOCAB, DIM, name="word_embedding")(inputs)
pe_layer = layers.Embedding(input_dim=LEN, output_dim=DIM,
                            embeddings_initializer=keras.initializers.Constant(
                                get_pos_encoding_matrix(LEN, DIM)), name="position_embedding")
position_embeddings = pe_layer(keras.ops.arange(start=0, stop=LEN))
print(type(position_embeddings).__name__, position_embeddings.shape)
embeddings = word_embeddings + position_embeddings
encoder_output = embeddings
for i in range(1):
    encoder_output = bert_module(encoder_output, encoder_output, encoder_output, i)
mlm_output = layers.Dense(VOCAB, name="mlm_cls", activation="softmax")(encoder_output)
mlm_model = MaskedLanguageModel(inputs, mlm_output, name="masked_bert_model")
pos = pe_layer.embeddings.numpy()
tryp("get_layer", lambda: mlm_model.get_layer("position_embedding"))
fill(mlm_model)
print(r4(pos[:3]))
mlm_model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01))
ids = np.array([[2, 3, 4, 5, 6, 7], [8, 9, 2, 3, 1, 1], [4, 4, 5, 6, 1, 1]], "int64")
masked = ids.copy()
masked[:, 1] = 11
w = np.zeros(ids.shape, "float32")
w[:, 1] = 1.0
ds = tf.data.Dataset.from_tensor_slices((masked, ids, w)).batch(3)
h = mlm_model.fit(ds, epochs=3, verbose=0)
print(logs4(h))
p = mlm_model.predict(masked, verbose=0)
print(p.shape, np.argmax(p[:, 1], axis=-1).tolist())
print([l.name for l in mlm_model.layers][:6])
print(len(mlm_model.trainable_weights), mlm_model.count_params())
"""

SNIPPETS["semantic_similarity_pydataset"] = _TRY + """
class SemanticDataGenerator(keras.utils.PyDataset):
    def __init__(self, pairs, labels, batch_size=2, shuffle=True, include_targets=True, **kw):
        super().__init__(**kw)
        self.pairs = pairs
        self.labels = labels
        self.shuffle = shuffle
        self.batch_size = batch_size
        self.include_targets = include_targets
        self.as_list = False
        self.indexes = np.arange(len(self.pairs))
        self.on_epoch_end()
        self.epochs_seen = 0
    def __len__(self):
        return len(self.pairs) // self.batch_size
    def __getitem__(self, idx):
        indexes = self.indexes[idx * self.batch_size: (idx + 1) * self.batch_size]
        pairs = self.pairs[indexes]
        ids = np.array([np.concatenate([[1], a, [2], b]) for a, b in pairs], "int32")
        types = np.array([[0] * (len(a) + 2) + [1] * len(b) for a, b in pairs], "int32")
        mask = (ids > 0).astype("int32")
        x = [ids, mask, types] if self.as_list else (ids, mask, types)
        if self.include_targets:
            return x, np.array(self.labels[indexes], dtype="int32")
        return (x,)
    def on_epoch_end(self):
        self.epochs_seen = getattr(self, "epochs_seen", -1) + 1
        if self.shuffle:
            np.random.RandomState(42).shuffle(self.indexes)
pairs = np.array([[[3, 4], [5, 6]], [[3, 4], [3, 4]], [[7, 8], [9, 3]], [[5, 5], [5, 5]],
                  [[6, 7], [8, 9]], [[4, 3], [3, 4]]])
labels = keras.utils.to_categorical(np.array([0, 1, 2, 1, 0, 2]), num_classes=3)
input_ids = layers.Input(shape=(6,), dtype="int32", name="input_ids")
attention_masks = layers.Input(shape=(6,), dtype="int32", name="attention_masks")
token_type_ids = layers.Input(shape=(6,), dtype="int32", name="token_type_ids")
emb = layers.Embedding(10, 4)(input_ids) + layers.Embedding(2, 4)(token_type_ids)
att = layers.MultiHeadAttention(2, 2)(emb, emb, attention_mask=attention_masks[:, None, :])
bi_lstm = layers.Bidirectional(layers.LSTM(3, return_sequences=True))(att)
avg_pool = layers.GlobalAveragePooling1D()(bi_lstm)
max_pool = layers.GlobalMaxPooling1D()(bi_lstm)
concat = layers.concatenate([avg_pool, max_pool])
dropout = layers.Dropout(0.0)(concat)
output = layers.Dense(3, activation="softmax")(dropout)
model = keras.Model(inputs=[input_ids, attention_masks, token_type_ids], outputs=output)
fill(model)
model.compile(optimizer=keras.optimizers.Adam(0.01), loss="categorical_crossentropy",
              metrics=["acc"])
train_data = SemanticDataGenerator(pairs[:4], labels[:4], batch_size=2, shuffle=True)
valid_data = SemanticDataGenerator(pairs[4:], labels[4:], batch_size=2, shuffle=False)
print(len(train_data), train_data.indexes.tolist(), [a.shape for a in train_data[0][0]])
h = model.fit(train_data, validation_data=valid_data, epochs=2, verbose=0)
print(logs4(h), train_data.epochs_seen, valid_data.epochs_seen, train_data.indexes.tolist())
print(r4(model.evaluate(valid_data, verbose=0)))
test = SemanticDataGenerator(pairs[:2], labels[:2], batch_size=1, shuffle=False,
                             include_targets=False)
print(r4(model.predict(test, verbose=0)))
listed = SemanticDataGenerator(pairs[:2], labels[:2], batch_size=2, shuffle=False)
listed.as_list = True
tryp("list_batch", lambda: model.fit(listed, epochs=1, verbose=0))
print(train_data.workers, train_data.use_multiprocessing, train_data.max_queue_size)
"""

SNIPPETS["ctc_dense_and_legacy_sparse_impossible_labels"] = _TRY + """
K = tf.keras.backend  # (the legacy backend: TF 2.21 exports it there)
rng = np.random.RandomState(0)
y = rng.rand(2, 5, 4).astype("float32")
y /= y.sum(-1, keepdims=True)
lab = np.array([[1, 2, 0], [2, 2, 0]], "int32")
print(r4(K.ctc_batch_cost(lab, y, np.array([[5], [5]]), np.array([[2], [2]]))))
print(r4(K.ctc_batch_cost(lab, y, np.array([[5], [2]]), np.array([[2], [2]]))))
logits = np.log(y)
print(r4(keras.ops.ctc_loss(lab, logits, np.array([2, 2]), np.array([5, 2]), mask_index=3)))
print(r4(tf.nn.ctc_loss(lab, logits, [2, 2], [5, 2], logits_time_major=False, blank_index=3)))
print(r4(keras.losses.CTC(reduction=None)(lab[:, :1], logits[:, :1])))
x = tf.constant(logits)
with tf.GradientTape() as tape:
    tape.watch(x)
    loss = tf.nn.ctc_loss(lab, x, [2, 2], [5, 2], logits_time_major=False)
print(r4(loss), r4(tape.gradient(loss, x)[1, :2]))
m = keras.Sequential([keras.Input((5, 4)), layers.Dense(4)])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.01), loss=keras.losses.CTC())
print(logs4(m.fit(logits, np.array([[1, 1, 1, 1, 1], [2, 2, 0, 0, 0]], "int32"), epochs=2,
                  verbose=0)))
"""
