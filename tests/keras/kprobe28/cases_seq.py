"""kprobe28's snippets after keras.io's sequence examples: token classification (NER) with
masks through Embedding, LSTM and a masked loss, timeseries forecasting and
classification with keras.utils.timeseries_dataset_from_array, Conv1D and Conv1DTranspose
anomaly detection, bidirectional LSTMs, text classification from raw strings, a switch
(mixture-of-experts) Transformer block and character sampling with temperature (see
cases.py)."""

from tests.keras.kprobe28.prelude import _TRY

SNIPPETS = {}

# Token ids padded with 0 and their tags (0 = padding, 1 = O, 2 = B-PER, 3 = B-LOC).
_NER = """
TOKENS = np.array([[5, 2, 7, 0, 0], [3, 9, 0, 0, 0], [8, 4, 6, 2, 0], [1, 5, 0, 0, 0]], "int32")
TAGS = np.array([[2, 1, 3, 0, 0], [1, 2, 0, 0, 0], [3, 1, 1, 2, 0], [1, 3, 0, 0, 0]], "int32")
"""

SNIPPETS["ner_token_classification_masked_loss"] = _TRY + _NER + """
class CustomNonPaddingTokenLoss(keras.losses.Loss):
    def __init__(self, name="custom_ner_loss"):
        super().__init__(name=name)
    def call(self, y_true, y_pred):
        loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=False, reduction=None)
        loss = loss_fn(y_true, y_pred)
        mask = keras.ops.cast((y_true > 0), dtype="float32")
        loss = loss * mask
        return keras.ops.sum(loss) / keras.ops.sum(mask)
inp = keras.Input((None,), dtype="int32")
x = layers.Embedding(10, 4, mask_zero=True, name="tok_emb")(inp)
x = layers.LSTM(4, return_sequences=True, name="lstm")(x)
x = layers.Dropout(0.1, seed=2)(x)
out = layers.Dense(4, activation="softmax", name="tags")(x)
ner_model = keras.Model(inp, out)
fill(ner_model)
print(ner_model.compute_mask(TOKENS, None) is None, out._keras_mask is not None
      if hasattr(out, "_keras_mask") else "nomask")
print(r4(CustomNonPaddingTokenLoss()(TAGS, ner_model(TOKENS))))
ner_model.compile(optimizer=keras.optimizers.Adam(0.05), loss=CustomNonPaddingTokenLoss())
print(logs4(ner_model.fit(TOKENS, TAGS, epochs=3, batch_size=2, verbose=0, shuffle=False)))
pred = np.argmax(ner_model.predict(TOKENS, verbose=0), axis=-1)
mask = TOKENS > 0
print(pred[mask].tolist(), round(float((pred[mask] == TAGS[mask]).mean()), 4))
"""

SNIPPETS["ner_transformer_token_and_position_embedding"] = _TRY + _NER + """
class TokenAndPositionEmbedding(layers.Layer):
    def __init__(self, maxlen, vocab_size, embed_dim):
        super().__init__()
        self.token_emb = layers.Embedding(input_dim=vocab_size, output_dim=embed_dim)
        self.pos_emb = layers.Embedding(input_dim=maxlen, output_dim=embed_dim)
    def call(self, inputs):
        maxlen = keras.ops.shape(inputs)[-1]
        positions = keras.ops.arange(start=0, stop=maxlen, step=1)
        return self.token_emb(inputs) + self.pos_emb(positions)
class TransformerBlock(layers.Layer):
    def __init__(self, embed_dim, num_heads, ff_dim, rate=0.1):
        super().__init__()
        self.att = layers.MultiHeadAttention(num_heads=num_heads, key_dim=embed_dim)
        self.ffn = keras.Sequential([layers.Dense(ff_dim, activation="relu"),
                                     layers.Dense(embed_dim)])
        self.layernorm1 = layers.LayerNormalization(epsilon=1e-6)
        self.layernorm2 = layers.LayerNormalization(epsilon=1e-6)
        self.dropout1 = layers.Dropout(rate, seed=1)
        self.dropout2 = layers.Dropout(rate, seed=1)
    def call(self, inputs, training=False):
        attn_output = self.dropout1(self.att(inputs, inputs), training=training)
        out1 = self.layernorm1(inputs + attn_output)
        ffn_output = self.dropout2(self.ffn(out1), training=training)
        return self.layernorm2(out1 + ffn_output)
class NERModel(keras.Model):
    def __init__(self, num_tags, vocab_size, maxlen=5, embed_dim=4, num_heads=2, ff_dim=8):
        super().__init__()
        self.embedding_layer = TokenAndPositionEmbedding(maxlen, vocab_size, embed_dim)
        self.transformer_block = TransformerBlock(embed_dim, num_heads, ff_dim)
        self.dropout1 = layers.Dropout(0.1, seed=3)
        self.ff = layers.Dense(ff_dim, activation="relu")
        self.ff_final = layers.Dense(num_tags, activation="softmax")
    def call(self, inputs, training=False):
        x = self.embedding_layer(inputs)
        x = self.transformer_block(x, training=training)
        x = self.dropout1(x, training=training)
        return self.ff_final(self.ff(x))
m = NERModel(4, 10)
y = m(TOKENS)
fill(m)
print(tuple(y.shape), len(m.weights), [type(l).__name__ for l in m.layers])
m.compile(optimizer=keras.optimizers.Adam(0.02),
          loss=keras.losses.SparseCategoricalCrossentropy(ignore_class=0))
print(logs4(m.fit(TOKENS, TAGS, epochs=3, batch_size=2, verbose=0, shuffle=False)))
print(np.argmax(m.predict(TOKENS[:1], verbose=0), -1).tolist())
"""

SNIPPETS["mask_propagation_through_sequence_layers"] = _TRY + _NER + """
emb = layers.Embedding(10, 3, mask_zero=True)
e = emb(TOKENS)
print(emb.compute_mask(TOKENS).numpy().astype(int).tolist())
for l in [layers.LSTM(2, return_sequences=True), layers.GRU(2, return_sequences=True),
          layers.Bidirectional(layers.LSTM(2, return_sequences=True)),
          layers.TimeDistributed(layers.Dense(2)), layers.Conv1D(2, 2, padding="same"),
          layers.Dense(2), layers.Dropout(0.5), layers.LayerNormalization()]:
    y = l(e)
    m = getattr(y, "_keras_mask", None)
    print(type(l).__name__, tuple(y.shape),
          None if m is None else m.numpy().astype(int)[0].tolist())
inp = keras.Input((5,), dtype="int32")
x = layers.Embedding(10, 3, mask_zero=True)(inp)
x = layers.LSTM(2, return_sequences=True)(x)
print(type(x).__name__, getattr(x, "_keras_mask", None) is not None)
x2 = layers.GlobalAveragePooling1D()(x)
model = keras.Model(inp, x2)
fill(model)
print(r4(model(TOKENS)[:2]))
masked = layers.Masking(mask_value=0.0)(np.array([[[1.0, 2.0], [0.0, 0.0], [3.0, 1.0]]], "float32"))
print(masked._keras_mask.numpy().tolist(), r4(layers.GlobalAveragePooling1D()(masked,
                                                                              mask=masked._keras_mask)))
"""

_SERIES = """
T = np.arange(40, dtype="float32")
SERIES = np.stack([np.sin(T * 0.3), np.cos(T * 0.2) * 0.5, (T % 7) / 7.0], axis=1).astype("float32")
"""

SNIPPETS["timeseries_forecasting_weather_style"] = _TRY + _SERIES + """
split = 28
mean = SERIES[:split].mean(axis=0)
std = SERIES[:split].std(axis=0)
data = (SERIES - mean) / std
past, future, step = 6, 2, 2
start = past + future
x_train = data[:split]
y_train = data[start:start + split - start, 0][:, None] if False else data[start:, 0][:, None]
dataset_train = keras.utils.timeseries_dataset_from_array(
    x_train, data[start:, :1], sequence_length=past // step, sampling_rate=step, batch_size=4)
for batch in dataset_train.take(1):
    inputs, targets = batch
print("Input shape:", inputs.numpy().shape, "Target shape:", targets.numpy().shape)
print(r4(inputs[0, :, 0]), r4(targets[:, 0]))
print(sum(1 for _ in dataset_train), dataset_train.element_spec)
inp = keras.Input(shape=(inputs.shape[1], inputs.shape[2]))
lstm_out = layers.LSTM(4)(inp)
model = keras.Model(inputs=inp, outputs=layers.Dense(1)(lstm_out))
fill(model)
model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss="mse")
es = keras.callbacks.EarlyStopping(monitor="val_loss", min_delta=0, patience=2)
dataset_val = keras.utils.timeseries_dataset_from_array(
    data[split - past:], data[split - past + start:, :1], sequence_length=past // step,
    sampling_rate=step, batch_size=4)
h = model.fit(dataset_train, epochs=4, validation_data=dataset_val, callbacks=[es], verbose=0)
print(logs4(h), es.stopped_epoch)
"""

SNIPPETS["timeseries_dataset_targets_strides_shuffle"] = _TRY + _SERIES + """
ds = keras.utils.timeseries_dataset_from_array(
    SERIES[:, 0], targets=SERIES[5:, 0], sequence_length=5, sequence_stride=3, batch_size=3)
for x, y in ds:
    print(tuple(x.shape), r4(x[:, 0]), r4(y))
ds2 = keras.utils.timeseries_dataset_from_array(SERIES, None, sequence_length=4, sampling_rate=3,
                                                start_index=2, end_index=30, batch_size=None)
xs = list(ds2)
print(len(xs), tuple(xs[0].shape), r4(xs[0][:, 2]), r4(xs[-1][:, 2]))
ds3 = keras.utils.timeseries_dataset_from_array(np.arange(20), np.arange(20) * 10,
                                                sequence_length=3, shuffle=True, seed=4,
                                                batch_size=4)
for x, y in ds3.take(2):
    print(x.numpy().tolist(), y.numpy().tolist())
tryp("bad_len", lambda: keras.utils.timeseries_dataset_from_array(np.arange(5), None, 0))
tryp("bad_targets", lambda: keras.utils.timeseries_dataset_from_array(np.arange(5), np.arange(3),
                                                                      2))
"""

SNIPPETS["timeseries_classification_conv1d_reduce_lr"] = _TRY + _SERIES + """
x = np.stack([SERIES[i:i + 10] for i in range(0, 30, 3)]).astype("float32")
y = (np.arange(10) % 2).astype("int32")
def make_model(input_shape):
    input_layer = keras.layers.Input(input_shape)
    conv = input_layer
    for _ in range(2):
        conv = keras.layers.Conv1D(filters=4, kernel_size=3, padding="same")(conv)
        conv = keras.layers.BatchNormalization()(conv)
        conv = keras.layers.ReLU()(conv)
    gap = keras.layers.GlobalAveragePooling1D()(conv)
    output_layer = keras.layers.Dense(2, activation="softmax")(gap)
    return keras.models.Model(inputs=input_layer, outputs=output_layer)
model = make_model(x.shape[1:])
fill_bn(model)
callbacks = [keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1,
                                               min_lr=0.001, verbose=1)]
model.compile(optimizer=keras.optimizers.SGD(0.5), loss="sparse_categorical_crossentropy",
              metrics=["sparse_categorical_accuracy"])
h = quiet(lambda: model.fit(x, y, batch_size=5, epochs=5, callbacks=callbacks, verbose=0,
                            shuffle=False))
print(logs4(h))
print(r4(float(model.optimizer.learning_rate)))
"""

SNIPPETS["timeseries_anomaly_conv1d_transpose_autoencoder"] = _TRY + """
t = np.arange(48, dtype="float32")
values = np.sin(t * 0.5).astype("float32")
TIME_STEPS = 8
def create_sequences(values, time_steps=TIME_STEPS):
    return np.stack([values[i:i + time_steps] for i in range(len(values) - time_steps + 1)])
x_train = create_sequences(values)[..., None]
print("Training input shape: ", x_train.shape)
model = keras.Sequential([
    layers.Input(shape=(x_train.shape[1], x_train.shape[2])),
    layers.Conv1D(filters=4, kernel_size=3, padding="same", strides=2, activation="relu"),
    layers.Dropout(rate=0.2, seed=1),
    layers.Conv1D(filters=2, kernel_size=3, padding="same", strides=2, activation="relu"),
    layers.Conv1DTranspose(filters=2, kernel_size=3, padding="same", strides=2, activation="relu"),
    layers.Dropout(rate=0.2, seed=1),
    layers.Conv1DTranspose(filters=4, kernel_size=3, padding="same", strides=2, activation="relu"),
    layers.Conv1DTranspose(filters=1, kernel_size=3, padding="same")])
fill(model)
model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss="mse")
model.summary()
history = model.fit(x_train, x_train, epochs=3, batch_size=8, validation_split=0.1, verbose=0,
                    shuffle=False)
print(logs4(history))
x_train_pred = model.predict(x_train, verbose=0)
train_mae_loss = np.mean(np.abs(x_train_pred - x_train), axis=1)
threshold = np.max(train_mae_loss)
print("Reconstruction error threshold:", round(float(threshold), 4))
test = x_train.copy()
test[3, 4] += 3.0
test_mae = np.mean(np.abs(model.predict(test, verbose=0) - test), axis=1)
anomalies = test_mae > threshold
print("Number of anomaly samples:", int(np.sum(anomalies)), np.where(anomalies)[0].tolist())
"""

SNIPPETS["bidirectional_lstm_text_classification"] = _TRY + """
x = np.array([[3, 5, 2, 0, 0, 0], [7, 1, 4, 4, 2, 0], [9, 9, 0, 0, 0, 0], [2, 3, 5, 7, 1, 6]],
             "int32")
y = np.array([1, 0, 1, 0], "float32")
inputs = keras.Input(shape=(None,), dtype="int32")
x1 = layers.Embedding(10, 4)(inputs)
x1 = layers.Bidirectional(layers.LSTM(3, return_sequences=True))(x1)
x1 = layers.Bidirectional(layers.LSTM(3))(x1)
outputs = layers.Dense(1, activation="sigmoid")(x1)
model = keras.Model(inputs, outputs)
fill(model)
model.summary()
print([w.path for w in model.layers[2].weights][:3], len(model.layers[2].weights))
model.compile(keras.optimizers.Adam(0.02), "binary_crossentropy", metrics=["accuracy"])
print(logs4(model.fit(x, y, batch_size=2, epochs=3, validation_data=(x, y), verbose=0,
                      shuffle=False)))
print(r4(model.predict(x, verbose=0).ravel()))
bi = layers.Bidirectional(layers.GRU(2, return_sequences=True), merge_mode="sum",
                          backward_layer=layers.GRU(2, return_sequences=True, go_backwards=True))
yb = bi(np.ones((1, 3, 2), "float32"))
print(tuple(yb.shape), bi.forward_layer.name.startswith("forward"), bi.backward_layer.go_backwards)
"""

SNIPPETS["text_classification_from_raw_strings_end_to_end"] = _TRY + """
texts = np.array(["a great movie, great cast", "terrible plot and bad acting",
                  "I loved it <br />", "worst film ever", "great fun", "bad bad bad"])
labels = np.array([1, 0, 1, 0, 1, 0], "int32")
def custom_standardization(input_data):
    lowercase = tf.strings.lower(input_data)
    stripped_html = tf.strings.regex_replace(lowercase, "<br />", " ")
    return tf.strings.regex_replace(stripped_html, "[,.!]", "")
vectorize_layer = layers.TextVectorization(standardize=custom_standardization, max_tokens=20,
                                           output_mode="int", output_sequence_length=6)
raw_ds = tf.data.Dataset.from_tensor_slices((texts, labels)).batch(3)
vectorize_layer.adapt(raw_ds.map(lambda x, y: x))
print(vectorize_layer.get_vocabulary()[:10], vectorize_layer.vocabulary_size())
train_ds = raw_ds.map(lambda x, y: (vectorize_layer(x), y))
inputs = keras.Input(shape=(None,), dtype="int64")
x = layers.Embedding(20, 4)(inputs)
x = layers.Dropout(0.5, seed=1)(x)
x = layers.Conv1D(4, 3, padding="valid", activation="relu", strides=1)(x)
x = layers.GlobalMaxPooling1D()(x)
predictions = layers.Dense(1, activation="sigmoid", name="predictions")(x)
model = keras.Model(inputs, predictions)
fill(model)
model.compile(loss="binary_crossentropy", optimizer=keras.optimizers.Adam(0.05),
              metrics=["accuracy"])
print(logs4(model.fit(train_ds, epochs=3, verbose=0)))
inputs = keras.Input(shape=(1,), dtype="string")
end_to_end_model = keras.Model(inputs, model(vectorize_layer(inputs)))
end_to_end_model.compile(loss="binary_crossentropy", optimizer="adam", metrics=["accuracy"])
print(r4(end_to_end_model.evaluate(raw_ds, verbose=0)))
print(r4(end_to_end_model.predict(tf.constant([["great great"], ["bad plot"]]), verbose=0).ravel()))
"""

SNIPPETS["switch_transformer_router_capacity"] = _TRY + """
num_experts, embed_dim, num_tokens_per_batch = 3, 4, 6
def load_balanced_loss(router_probs, expert_mask):
    num_experts = keras.ops.shape(expert_mask)[-1]
    density = keras.ops.mean(expert_mask, axis=0)
    density_proxy = keras.ops.mean(router_probs, axis=0)
    loss = keras.ops.mean(density_proxy * density) * keras.ops.cast((num_experts ** 2), "float32")
    return loss
class Router(layers.Layer):
    def __init__(self, num_experts, expert_capacity):
        self.num_experts = num_experts
        self.route = layers.Dense(units=num_experts)
        self.expert_capacity = expert_capacity
        super().__init__()
    def call(self, inputs, training=False):
        router_logits = self.route(inputs)
        router_probs = keras.activations.softmax(router_logits, axis=-1)
        expert_gate, expert_index = keras.ops.top_k(router_probs, k=1)
        expert_mask = keras.ops.one_hot(expert_index, self.num_experts)
        aux_loss = load_balanced_loss(router_probs, expert_mask)
        self.add_loss(aux_loss)
        position_in_expert = keras.ops.cast(keras.ops.cumsum(expert_mask, axis=0) * expert_mask,
                                            "int32")
        expert_mask *= keras.ops.cast(keras.ops.less(keras.ops.cast(position_in_expert, "int32"),
                                                     self.expert_capacity), "float32")
        expert_mask_flat = keras.ops.sum(expert_mask, axis=-1)
        expert_gate *= expert_mask_flat
        combined_tensor = keras.ops.expand_dims(
            expert_gate * expert_mask_flat * keras.ops.squeeze(
                keras.ops.one_hot(expert_index, self.num_experts), 1), -1) * keras.ops.squeeze(
            keras.ops.one_hot(position_in_expert, self.expert_capacity), 1)
        dispatch_tensor = keras.ops.cast(combined_tensor, "float32")
        return dispatch_tensor, combined_tensor
class Switch(layers.Layer):
    def __init__(self, num_experts, embed_dim, ff_dim, num_tokens_per_batch, capacity_factor=1):
        self.num_experts = num_experts
        self.embed_dim = embed_dim
        self.experts = [keras.Sequential([layers.Dense(ff_dim, activation="relu"),
                                          layers.Dense(embed_dim)]) for _ in range(num_experts)]
        self.expert_capacity = num_tokens_per_batch // self.num_experts
        self.router = Router(self.num_experts, self.expert_capacity)
        super().__init__()
    def call(self, inputs):
        batch_size = keras.ops.shape(inputs)[0]
        num_tokens_per_example = keras.ops.shape(inputs)[1]
        inputs = keras.ops.reshape(inputs, [num_tokens_per_batch, self.embed_dim])
        dispatch_tensor, combine_tensor = self.router(inputs)
        expert_inputs = keras.ops.einsum("ab,acd->cdb", inputs, dispatch_tensor)
        expert_inputs = keras.ops.reshape(expert_inputs, [self.num_experts, self.expert_capacity,
                                                          self.embed_dim])
        expert_input_list = keras.ops.unstack(expert_inputs, axis=0)
        expert_output_list = [self.experts[idx](expert_input) for idx,
                              expert_input in enumerate(expert_input_list)]
        expert_outputs = keras.ops.stack(expert_output_list, axis=1)
        expert_outputs_combined = keras.ops.einsum("abc,xba->xc", expert_outputs, combine_tensor)
        return keras.ops.reshape(expert_outputs_combined, [batch_size, num_tokens_per_example,
                                                           self.embed_dim])
sw = Switch(num_experts, embed_dim, 5, num_tokens_per_batch)
x = np.sin(np.arange(2 * 3 * 4, dtype="float32").reshape(2, 3, 4))
y = sw(x)
fill(sw)
y = sw(x)
print(tuple(y.shape), r4(y[0]), r4(sw.losses))
d, c = sw.router(x.reshape(6, 4))
print(tuple(d.shape), r4(keras.ops.sum(d, axis=(1, 2))))
inp = keras.Input(batch_shape=(2, 3, 4))
m = keras.Model(inp, layers.Dense(1)(layers.GlobalAveragePooling1D()(Switch(3, 4, 5, 6)(inp))))
fill(m)
m.compile(keras.optimizers.Adam(0.01), "mse")
print(logs4(m.fit(np.concatenate([x, x]), np.ones((4, 1), "float32"), batch_size=2, epochs=2,
                  verbose=0, shuffle=False)))
"""

SNIPPETS["char_lstm_sampling_with_temperature"] = _TRY + """
text = "hello world, hello keras. "
chars = sorted(list(set(text)))
char_indices = dict((c, i) for i, c in enumerate(chars))
indices_char = dict((i, c) for i, c in enumerate(chars))
maxlen, step = 5, 2
sentences = [text[i: i + maxlen] for i in range(0, len(text) - maxlen, step)]
next_chars = [text[i + maxlen] for i in range(0, len(text) - maxlen, step)]
print("Number of sequences:", len(sentences), len(chars))
x = np.zeros((len(sentences), maxlen, len(chars)), dtype="bool")
y = np.zeros((len(sentences), len(chars)), dtype="bool")
for i, sentence in enumerate(sentences):
    for t, char in enumerate(sentence):
        x[i, t, char_indices[char]] = 1
    y[i, char_indices[next_chars[i]]] = 1
model = keras.Sequential([keras.Input(shape=(maxlen, len(chars))), layers.LSTM(8),
                          layers.Dense(len(chars), activation="softmax")])
fill(model)
model.compile(loss="categorical_crossentropy",
              optimizer=keras.optimizers.RMSprop(learning_rate=0.05))
print(logs4(model.fit(x, y, batch_size=4, epochs=3, verbose=0, shuffle=False)))
rng = np.random.RandomState(3)
def sample(preds, temperature=1.0):
    preds = np.asarray(preds).astype("float64")
    preds = np.log(preds) / temperature
    exp_preds = np.exp(preds)
    preds = exp_preds / np.sum(exp_preds)
    probas = rng.multinomial(1, preds, 1)
    return np.argmax(probas)
for diversity in [0.2, 1.0]:
    generated = ""
    sentence = text[:maxlen]
    for i in range(6):
        x_pred = np.zeros((1, maxlen, len(chars)))
        for t, char in enumerate(sentence):
            x_pred[0, t, char_indices[char]] = 1.0
        preds = model.predict(x_pred, verbose=0)[0]
        next_char = indices_char[sample(preds, diversity)]
        sentence = sentence[1:] + next_char
        generated += next_char
    print(diversity, repr(generated))
"""

SNIPPETS["multi_step_forecast_dense_reshape_gru"] = _TRY + _SERIES + """
past, horizon = 6, 3
xs = np.stack([SERIES[i:i + past] for i in range(0, 30)]).astype("float32")
ys = np.stack([SERIES[i + past:i + past + horizon, :2] for i in range(0, 30)]).astype("float32")
inp = keras.Input((past, 3))
x = layers.GRU(4, return_sequences=False, reset_after=True)(inp)
x = layers.Dense(horizon * 2, kernel_initializer=keras.initializers.Zeros())(x)
out = layers.Reshape([horizon, 2])(x)
m = keras.Model(inp, out)
fill(m)
m.compile(keras.optimizers.Adam(0.02), loss=keras.losses.Huber(delta=0.5),
          metrics=[keras.metrics.MeanAbsoluteError(), keras.metrics.RootMeanSquaredError()])
h = m.fit(xs, ys, epochs=3, batch_size=10, verbose=0, shuffle=False, validation_split=0.2)
print(logs4(h))
print(r4(m.predict(xs[:1], verbose=0)[0]))
print(m.get_layer(index=1).get_config()["reset_after"],
      [tuple(w.shape) for w in m.layers[1].weights])
"""

SNIPPETS["seq2seq_luong_attention_layer_scores"] = _TRY + """
q = np.sin(np.arange(2 * 3 * 4, dtype="float32").reshape(2, 3, 4))
v = np.cos(np.arange(2 * 5 * 4, dtype="float32").reshape(2, 5, 4))
vmask = np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]], bool)
att = layers.Attention(use_scale=True, score_mode="dot")
out, scores = att([q, v], mask=[None, vmask], return_attention_scores=True)
print(tuple(out.shape), r4(scores[0, 0]), [w.path for w in att.weights])
att2 = layers.Attention(score_mode="concat", dropout=0.0)
out2 = att2([q, v, v], use_causal_mask=False)
print(r4(out2[1, 0]), [w.path.split("/")[-1] for w in att2.weights])
add = layers.AdditiveAttention()
o3, s3 = add([q, v], return_attention_scores=True, mask=[None, vmask])
print(r4(s3[0, 1]))
qi = keras.Input((None, 4)); vi = keras.Input((None, 4))
ctx = layers.Attention()([qi, vi])
m = keras.Model([qi, vi], layers.Dense(1)(layers.Concatenate()([qi, ctx])))
fill(m)
print(r4(m([q, v])[0, :, 0]), m.output_shape)
tryp("causal_bad", lambda: layers.Attention()([q, v], use_causal_mask=True).shape)
"""
