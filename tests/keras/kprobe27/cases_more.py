"""kprobe27's further snippets after keras.io's examples: Functional models nesting models
and sharing layers, registered subclassed models saved and loaded, collaborative
filtering, graph convolutions on segment ops, actor-critic and DQN loops, causal
convolutions, a miniature GPT, SimCLR's contrastive loss, fine-tuning with frozen
normalization, optimizers accumulating gradients or keeping an EMA (see cases.py)."""

from tests.keras.kprobe27.prelude import _TRY

SNIPPETS = {}

SNIPPETS["functional_nested_models_shared_layers_fit"] = _TRY + """
shared = layers.Dense(3, activation="tanh", name="shared")
a_in = keras.Input((4,), name="a")
b_in = keras.Input((4,), name="b")
tower = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="t1")], name="tower")
ti = keras.Input((4,))
inner = keras.Model(ti, layers.Dense(4, name="inner_d")(ti), name="inner")
ha = tower(shared(a_in))
hb = tower(shared(inner(b_in)))
out = layers.Dense(1, name="head")(layers.Concatenate()([ha, hb, layers.Subtract()([ha, hb])]))
m = keras.Model({"a": a_in, "b": b_in}, out, name="outer")
fill(m)
print([l.name for l in m.layers])
print(len(m.weights), len(shared.weights),
      [len(n) for n in (shared._inbound_nodes,)] if hasattr(shared, "_inbound_nodes") else None)
x = {"a": np.sin(np.arange(24, dtype="float32").reshape(6, 4)),
     "b": np.cos(np.arange(24, dtype="float32").reshape(6, 4))}
y = np.linspace(-1, 1, 6, dtype="float32").reshape(6, 1)
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
print(logs4(m.fit(x, y, epochs=2, batch_size=3, shuffle=False, verbose=0)))
inner.trainable = False
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
before = wsum(inner)
print(logs4(m.fit(x, y, epochs=1, batch_size=3, shuffle=False, verbose=0)), wsum(inner) == before)
print(len(m.trainable_weights), len(m.non_trainable_weights))
m.summary(expand_nested=True, show_trainable=True)
p = os.path.join(D, "outer.keras")
m.save(p)
m2 = keras.models.load_model(p)
print(r4(m2.predict(x, verbose=0)) == r4(m.predict(x, verbose=0)), m2.get_layer("inner").trainable)
"""

SNIPPETS["subclassed_model_registered_round_trip"] = _TRY + """
@keras.saving.register_keras_serializable(package="k27m")
class ResidualMLP(keras.Model):
    def __init__(self, units=4, depth=2, out=1, **kwargs):
        super().__init__(**kwargs)
        self.units, self.depth, self.out = units, depth, out
        self.inp = layers.Dense(units)
        self.blocks = [layers.Dense(units, activation="relu") for _ in range(depth)]
        self.norm = layers.LayerNormalization()
        self.head = layers.Dense(out)
    def call(self, x):
        h = self.inp(x)
        for b in self.blocks:
            h = h + b(h)
        return self.head(self.norm(h))
    def get_config(self):
        config = super().get_config()
        config.update({"units": self.units, "depth": self.depth, "out": self.out})
        return config
m = ResidualMLP(units=4, depth=2, name="res_mlp")
m(X[:1])
fill(m)
m.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
print(logs4(m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0)))
print(sorted(m.get_config()), m.get_config()["name"])
p = os.path.join(D, "res.keras")
m.save(p)
m2 = keras.models.load_model(p)
print(type(m2).__name__, m2.name, m2.depth, len(m2.blocks), m2.built, m2.compiled)
print(r4(m2.predict(X[:2], verbose=0)) == r4(m.predict(X[:2], verbose=0)))
print(m2.optimizer.iterations.numpy(), type(m2.optimizer).__name__)
h1 = m.fit(X, Y, epochs=1, batch_size=4, shuffle=False, verbose=0)
h2 = m2.fit(X, Y, epochs=1, batch_size=4, shuffle=False, verbose=0)
print(logs4(h1) == logs4(h2), logs4(h2))
print([w.path for w in m2.weights][:3])
cfg = keras.saving.serialize_keras_object(m)
print(cfg["class_name"], cfg["registered_name"], cfg.get("build_config"))
tryp("unregistered", lambda: keras.Model.from_config(m.get_config()))
"""

SNIPPETS["custom_layer_build_config_round_trip"] = _TRY + """
@keras.saving.register_keras_serializable(package="k27l")
class Linear(layers.Layer):
    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="ones",
                                 trainable=True, name="w")
        self.b = self.add_weight(shape=(self.units,), initializer="zeros", name="b")
        self.steps = self.add_weight(shape=(), initializer="zeros", trainable=False,
                                     dtype="int64", name="steps")
    def call(self, inputs):
        self.steps.assign_add(1)
        return keras.ops.matmul(inputs, self.w) + self.b
    def get_config(self):
        return {**super().get_config(), "units": self.units}
l = Linear(2, name="lin")
print(l.get_build_config(), l.built)
y = l(np.ones((2, 3), "float32"))
print(l.get_build_config(), [w.path for w in l.weights], l.steps.numpy())
m = keras.Sequential([keras.Input((3,)), l])
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
m.fit(X, Y, epochs=1, batch_size=4, shuffle=False, verbose=0)
print(l.steps.numpy(), r4(l.w))
p = os.path.join(D, "lin.keras")
m.save(p)
m2 = keras.models.load_model(p)
l2 = m2.layers[0]
print(type(l2).__name__, l2.built, l2.steps.numpy(), r4(l2.w) == r4(l.w), l2.units)
l3 = Linear.from_config(l.get_config())
l3.build_from_config(l.get_build_config())
print(l3.built, [tuple(w.shape) for w in l3.weights], l3.steps.numpy())
"""

SNIPPETS["recommender_net_collaborative_filtering"] = _TRY + """
class RecommenderNet(keras.Model):
    def __init__(self, num_users, num_movies, embedding_size, **kwargs):
        super().__init__(**kwargs)
        self.user_embedding = layers.Embedding(num_users, embedding_size,
                                               embeddings_initializer="he_normal",
                                               embeddings_regularizer=keras.regularizers.l2(1e-6))
        self.user_bias = layers.Embedding(num_users, 1)
        self.movie_embedding = layers.Embedding(num_movies, embedding_size,
                                                embeddings_initializer="he_normal",
                                                embeddings_regularizer=keras.regularizers.l2(1e-6))
        self.movie_bias = layers.Embedding(num_movies, 1)
    def call(self, inputs):
        user_vector = self.user_embedding(inputs[:, 0])
        user_bias = self.user_bias(inputs[:, 0])
        movie_vector = self.movie_embedding(inputs[:, 1])
        movie_bias = self.movie_bias(inputs[:, 1])
        dot_user_movie = keras.ops.tensordot(user_vector, movie_vector, 2)
        x = dot_user_movie + user_bias + movie_bias
        return keras.ops.nn.sigmoid(x)
x = np.array([[0, 1], [1, 2], [2, 0], [3, 3], [0, 2], [1, 1]], "int64")
y = np.array([0.9, 0.1, 0.5, 0.7, 0.3, 0.6], "float32")
model = RecommenderNet(4, 4, 3)
model(x[:1])
fill(model)
print(r4(model(x)), model(x).shape)
model.compile(loss=keras.losses.BinaryCrossentropy(),
              optimizer=keras.optimizers.Adam(learning_rate=0.01))
h = model.fit(x=x, y=y, batch_size=3, epochs=3, verbose=0, validation_data=(x[:2], y[:2]))
print(logs4(h))
print(len(model.losses), r4(sum(model.losses)))
print(r4(keras.ops.tensordot(np.ones((2, 3)), np.ones((2, 3)), 2)),
      keras.ops.tensordot(np.ones((2, 3)), np.ones((3, 2)), 1).shape)
"""

SNIPPETS["gnn_graph_conv_segment_ops"] = _TRY + """
class GraphConvLayer(layers.Layer):
    def __init__(self, hidden_units, aggregation_type="mean", combination_type="concat",
                 normalize=False, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.aggregation_type = aggregation_type
        self.combination_type = combination_type
        self.normalize = normalize
        self.ffn_prepare = keras.Sequential([layers.Dense(hidden_units, activation="gelu")])
        self.update_fn = keras.Sequential([layers.Dense(hidden_units, activation="gelu")])
    def prepare(self, node_repesentations, weights=None):
        messages = self.ffn_prepare(node_repesentations)
        if weights is not None:
            messages = messages * tf.expand_dims(weights, -1)
        return messages
    def aggregate(self, node_indices, neighbour_messages, node_repesentations):
        num_nodes = node_repesentations.shape[0]
        if self.aggregation_type == "sum":
            return tf.math.unsorted_segment_sum(neighbour_messages, node_indices,
                                                num_segments=num_nodes)
        if self.aggregation_type == "mean":
            return tf.math.unsorted_segment_mean(neighbour_messages, node_indices,
                                                 num_segments=num_nodes)
        return tf.math.unsorted_segment_max(neighbour_messages, node_indices,
                                            num_segments=num_nodes)
    def update(self, node_repesentations, aggregated_messages):
        h = tf.concat([node_repesentations, aggregated_messages], axis=1)
        node_embeddings = self.update_fn(h)
        if self.normalize:
            node_embeddings = tf.nn.l2_normalize(node_embeddings, axis=-1)
        return node_embeddings
    def call(self, inputs):
        node_repesentations, edges, edge_weights = inputs
        node_indices, neighbour_indices = edges[0], edges[1]
        neighbour_repesentations = tf.gather(node_repesentations, neighbour_indices)
        neighbour_messages = self.prepare(neighbour_repesentations, edge_weights)
        aggregated_messages = self.aggregate(node_indices, neighbour_messages,
                                             node_repesentations)
        return self.update(node_repesentations, aggregated_messages)
nodes = tf.constant(np.cos(np.arange(15, dtype="float32").reshape(5, 3)))
edges = tf.constant([[0, 0, 1, 2, 3], [1, 2, 0, 3, 2]])
w = tf.ones(5)
for agg in ["sum", "mean", "max"]:
    g = GraphConvLayer(4, aggregation_type=agg, normalize=agg == "max")
    g((nodes, edges, w))
    fill(g)
    out = g((nodes, edges, w))
    print(agg, out.shape, r4(out[4]), r4(out[0, :2]))
print(r4(tf.math.unsorted_segment_max(tf.constant([1.0, 2.0]), [0, 0], 3)))
print(r4(tf.math.unsorted_segment_mean(tf.constant([[1.0], [3.0]]), [2, 2], 3)))
class GNNNodeClassifier(keras.Model):
    def __init__(self, graph_info, num_classes, hidden_units, *args, **kwargs):
        super().__init__(*args, **kwargs)
        node_features, edges, edge_weights = graph_info
        self.node_features = node_features
        self.edges = edges
        self.edge_weights = edge_weights / tf.math.reduce_sum(edge_weights)
        self.preprocess = layers.Dense(hidden_units, activation="gelu")
        self.conv1 = GraphConvLayer(hidden_units)
        self.compute_logits = layers.Dense(units=num_classes)
    def call(self, input_node_indices):
        x = self.preprocess(self.node_features)
        x = self.conv1((x, self.edges, self.edge_weights)) + x
        node_embeddings = tf.gather(x, input_node_indices)
        return self.compute_logits(node_embeddings)
gnn = GNNNodeClassifier((nodes, edges, w), 2, 4)
gnn(np.array([0]))
fill(gnn)
gnn.compile(optimizer=keras.optimizers.Adam(0.01),
            loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=[keras.metrics.SparseCategoricalAccuracy(name="acc")])
print(logs4(gnn.fit(np.arange(5), np.array([0, 1, 0, 1, 1]), epochs=3, batch_size=5, verbose=0)))
"""

SNIPPETS["actor_critic_custom_loop"] = _TRY + """
num_inputs, num_actions, num_hidden = 4, 2, 8
inputs = layers.Input(shape=(num_inputs,))
common = layers.Dense(num_hidden, activation="relu")(inputs)
action = layers.Dense(num_actions, activation="softmax")(common)
critic = layers.Dense(1)(common)
model = keras.Model(inputs=inputs, outputs=[action, critic])
fill(model)
optimizer = keras.optimizers.Adam(learning_rate=0.01)
huber_loss = keras.losses.Huber()
gamma, eps = 0.99, np.finfo(np.float32).eps.item()
states = np.sin(np.arange(20, dtype="float32").reshape(5, 4))
rewards_history = [1.0, 1.0, 0.0, 1.0, 0.5]
for episode in range(2):
    action_probs_history, critic_value_history = [], []
    with tf.GradientTape() as tape:
        for t in range(5):
            state = keras.ops.convert_to_tensor(states[t])
            state = keras.ops.expand_dims(state, 0)
            action_probs, critic_value = model(state)
            critic_value_history.append(critic_value[0, 0])
            a = int(np.argmax(np.squeeze(action_probs)))
            action_probs_history.append(keras.ops.log(action_probs[0, a]))
        returns = []
        discounted_sum = 0
        for r in rewards_history[::-1]:
            discounted_sum = r + gamma * discounted_sum
            returns.insert(0, discounted_sum)
        returns = np.array(returns)
        returns = (returns - np.mean(returns)) / (np.std(returns) + eps)
        returns = returns.tolist()
        history = zip(action_probs_history, critic_value_history, returns)
        actor_losses, critic_losses = [], []
        for log_prob, value, ret in history:
            diff = ret - value
            actor_losses.append(-log_prob * diff)
            critic_losses.append(huber_loss(keras.ops.expand_dims(value, 0),
                                            keras.ops.expand_dims(ret, 0)))
        loss_value = sum(actor_losses) + sum(critic_losses)
        grads = tape.gradient(loss_value, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
    print(episode, r4(loss_value), r4(returns[:2]),
          type(loss_value).__name__ if not hasattr(loss_value, "dtype") else str(loss_value.dtype))
print(wsum(model), optimizer.iterations.numpy())
"""

SNIPPETS["dqn_target_network_update"] = _TRY + """
def create_q_model():
    inputs = layers.Input(shape=(4, 4, 2))
    x = layers.Conv2D(4, 2, strides=2, activation="relu")(inputs)
    x = layers.Flatten()(x)
    x = layers.Dense(6, activation="relu")(x)
    return keras.Model(inputs=inputs, outputs=layers.Dense(3, activation="linear")(x))
model = create_q_model()
model_target = create_q_model()
fill(model)
fill(model_target, 0.3)
optimizer = keras.optimizers.Adam(learning_rate=0.01, clipnorm=1.0)
loss_function = keras.losses.Huber()
state_sample = np.cos(np.arange(4 * 32, dtype="float32").reshape(4, 4, 4, 2))
state_next_sample = state_sample[::-1].copy()
rewards_sample = [1.0, 0.0, 0.5, 1.0]
action_sample = [0, 2, 1, 1]
done_sample = keras.ops.convert_to_tensor([float(x) for x in [0, 0, 1, 0]])
for step in range(3):
    future_rewards = model_target.predict(state_next_sample, verbose=0)
    updated_q_values = rewards_sample + 0.99 * keras.ops.amax(future_rewards, axis=1)
    updated_q_values = updated_q_values * (1 - done_sample) - done_sample
    masks = keras.ops.one_hot(action_sample, 3)
    with tf.GradientTape() as tape:
        q_values = model(state_sample)
        q_action = keras.ops.sum(keras.ops.multiply(q_values, masks), axis=1)
        loss = loss_function(updated_q_values, q_action)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    print(step, r4(loss), r4(updated_q_values), updated_q_values.dtype)
model_target.set_weights(model.get_weights())
print(r4(model_target(state_sample[:1])) == r4(model(state_sample[:1])))
print(len(model.get_weights()), [w.shape for w in model.get_weights()][:2])
tryp("bad_set", lambda: model_target.set_weights(model.get_weights()[:-1]))
print(optimizer.iterations.numpy(), optimizer.clipnorm)
"""

SNIPPETS["causal_dilated_tcn"] = _TRY + """
def residual_block(x, filters, dilation):
    y = layers.Conv1D(filters, 2, padding="causal", dilation_rate=dilation, activation="relu")(x)
    y = layers.Conv1D(filters, 2, padding="causal", dilation_rate=dilation)(y)
    if x.shape[-1] != filters:
        x = layers.Conv1D(filters, 1)(x)
    return layers.Activation("relu")(layers.Add()([x, y]))
inp = keras.Input((None, 2))
x = inp
for d in (1, 2, 4):
    x = residual_block(x, 3, d)
out = layers.Dense(1)(x)
m = keras.Model(inp, out)
fill(m)
seq = np.sin(np.arange(2 * 10 * 2, dtype="float32").reshape(2, 10, 2) * 0.3)
y1 = m(seq)
y2 = m(np.concatenate([seq[:, :6], np.zeros((2, 4, 2), "float32")], axis=1))
print(y1.shape, bool(np.allclose(y1[:, :6], y2[:, :6])), bool(np.allclose(y1[:, 6:], y2[:, 6:])))
m.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
tgt = np.roll(seq[..., :1], -1, axis=1)
print(logs4(m.fit(seq, tgt, epochs=3, verbose=0)))
c = layers.Conv1D(1, 3, padding="causal", dilation_rate=2, use_bias=False,
                  kernel_initializer="ones")
print(c(np.arange(8, dtype="float32").reshape(1, 8, 1))[0, :, 0].numpy().tolist())
print(c.compute_output_shape((None, 8, 1)), m.output_shape)
unordered("causal_2d", lambda: layers.Conv2D(1, 2, padding="causal"))
"""

SNIPPETS["timeseries_dataset_lstm_forecast"] = _TRY + """
series = np.sin(np.arange(40, dtype="float32") * 0.3).reshape(40, 1)
features = np.concatenate([series, np.cos(np.arange(40, dtype="float32") * 0.3)[:, None]], 1)
past, future = 6, 2
dataset_train = keras.utils.timeseries_dataset_from_array(
    features[:-future - past + 1], series[past + future - 1:], sequence_length=past,
    sampling_rate=1, batch_size=8)
for batch in dataset_train.take(1):
    inputs, targets = batch
print("Input shape:", inputs.numpy().shape, "Target shape:", targets.numpy().shape)
print(r4(inputs[0, :, 0]), r4(targets[:3]))
print(dataset_train.cardinality().numpy(), sum(1 for _ in dataset_train.unbatch()))
inp = keras.layers.Input(shape=(inputs.shape[1], inputs.shape[2]))
lstm_out = keras.layers.LSTM(4)(inp)
outputs = keras.layers.Dense(1)(lstm_out)
model = keras.Model(inputs=inp, outputs=outputs)
fill(model)
model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss="mse")
es_callback = keras.callbacks.EarlyStopping(monitor="val_loss", min_delta=0, patience=1)
path_checkpoint = os.path.join(D, "model_checkpoint.weights.h5")
modelckpt_callback = keras.callbacks.ModelCheckpoint(monitor="val_loss", filepath=path_checkpoint,
                                                     verbose=0, save_weights_only=True,
                                                     save_best_only=True)
history = model.fit(dataset_train, epochs=3, validation_data=dataset_train.take(1),
                    callbacks=[es_callback, modelckpt_callback], verbose=0)
print(logs4(history), os.path.exists(path_checkpoint))
print(r4(model.predict(inputs[:2], verbose=0)))
"""

SNIPPETS["denoising_autoencoder"] = _TRY + """
input = layers.Input(shape=(8, 8, 1))
x = layers.Conv2D(4, (3, 3), activation="relu", padding="same")(input)
x = layers.MaxPooling2D((2, 2), padding="same")(x)
x = layers.Conv2D(4, (3, 3), activation="relu", padding="same")(x)
x = layers.MaxPooling2D((2, 2), padding="same")(x)
x = layers.Conv2DTranspose(4, (3, 3), strides=2, activation="relu", padding="same")(x)
x = layers.Conv2DTranspose(4, (3, 3), strides=2, activation="relu", padding="same")(x)
x = layers.Conv2D(1, (3, 3), activation="sigmoid", padding="same")(x)
autoencoder = keras.Model(input, x)
fill(autoencoder)
autoencoder.compile(optimizer=keras.optimizers.Adam(0.01), loss="binary_crossentropy")
clean = ((np.arange(3 * 64).reshape(3, 8, 8, 1) % 4) / 3).astype("float32")
noisy = np.clip(clean + 0.3 * np.cos(np.arange(3 * 64).reshape(3, 8, 8, 1)), 0.0,
                1.0).astype("float32")
autoencoder.summary()
h = autoencoder.fit(x=noisy, y=clean, epochs=2, batch_size=3, shuffle=False,
                    validation_data=(noisy, clean), verbose=0)
print(logs4(h))
print(r4(autoencoder.predict(noisy[:1], verbose=0)[0, :2, :3, 0]))
"""

SNIPPETS["miniature_gpt_causal_mask_none_loss"] = _TRY + """
def causal_attention_mask(batch_size, n_dest, n_src, dtype):
    i = keras.ops.arange(n_dest)[:, None]
    j = keras.ops.arange(n_src)
    m = i >= j - n_src + n_dest
    mask = keras.ops.cast(m, dtype)
    mask = keras.ops.reshape(mask, [1, n_dest, n_src])
    return keras.ops.broadcast_to(mask, (batch_size, n_dest, n_src))
print(causal_attention_mask(2, 3, 3, "bool").numpy().astype(int).tolist()[1])
class TransformerBlock(layers.Layer):
    def __init__(self, embed_dim, num_heads, ff_dim, rate=0.1):
        super().__init__()
        self.att = layers.MultiHeadAttention(num_heads, embed_dim)
        self.ffn = keras.Sequential([layers.Dense(ff_dim, activation="relu"),
                                     layers.Dense(embed_dim)])
        self.layernorm1 = layers.LayerNormalization(epsilon=1e-6)
        self.layernorm2 = layers.LayerNormalization(epsilon=1e-6)
        self.dropout1 = layers.Dropout(rate)
        self.dropout2 = layers.Dropout(rate)
    def call(self, inputs):
        input_shape = keras.ops.shape(inputs)
        batch_size = input_shape[0]
        seq_len = input_shape[1]
        causal_mask = causal_attention_mask(batch_size, seq_len, seq_len, "bool")
        attention_output = self.att(inputs, inputs, attention_mask=causal_mask)
        attention_output = self.dropout1(attention_output)
        out1 = self.layernorm1(inputs + attention_output)
        ffn_output = self.ffn(out1)
        ffn_output = self.dropout2(ffn_output)
        return self.layernorm2(out1 + ffn_output)
class TokenAndPositionEmbedding(layers.Layer):
    def __init__(self, maxlen, vocab_size, embed_dim):
        super().__init__()
        self.token_emb = layers.Embedding(input_dim=vocab_size, output_dim=embed_dim)
        self.pos_emb = layers.Embedding(input_dim=maxlen, output_dim=embed_dim)
    def call(self, x):
        maxlen = keras.ops.shape(x)[-1]
        positions = keras.ops.arange(0, maxlen, 1)
        return self.token_emb(x) + self.pos_emb(positions)
vocab_size, maxlen, embed_dim = 10, 5, 4
inputs = layers.Input(shape=(maxlen,), dtype="int32")
x = TokenAndPositionEmbedding(maxlen, vocab_size, embed_dim)(inputs)
x = TransformerBlock(embed_dim, 2, 6, rate=0.0)(x)
outputs = layers.Dense(vocab_size)(x)
model = keras.Model(inputs=inputs, outputs=[outputs, x])
fill(model)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
model.compile("adam", loss=[loss_fn, None])
tok = np.array([[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [6, 7, 8, 9, 1]], "int32")
h = model.fit(tok[:, :], np.roll(tok, -1, axis=1), epochs=2, verbose=0)
print(logs4(h))
logits, emb = model.predict(tok[:1], verbose=0)
print(logits.shape, emb.shape)
def sample_from(logits, k=3):
    logits, indices = keras.ops.top_k(logits, k=k, sorted=True)
    return int(np.asarray(indices)[0])
start = [1, 2]
for _ in range(3):
    pad_len = maxlen - len(start)
    x = np.array([start + [0] * pad_len]) if pad_len > 0 else np.array([start[-maxlen:]])
    y, _ = model.predict(x, verbose=0)
    start.append(sample_from(y[0][len(start) - 1 if pad_len > 0 else -1]))
print(start)
tryp("loss_all_none", lambda: model.compile("adam", loss=[None, None])
     or logs4(model.fit(tok, tok, verbose=0)))
"""

SNIPPETS["simclr_contrastive_loss_model"] = _TRY + """
class ContrastiveModel(keras.Model):
    def __init__(self, temperature=0.1):
        super().__init__()
        self.temperature = temperature
        self.encoder = keras.Sequential([keras.Input((6,)), layers.Dense(4, activation="relu")],
                                        name="encoder")
        self.projection_head = keras.Sequential([keras.Input((4,)), layers.Dense(3)],
                                                name="projection_head")
    def compile(self, contrastive_optimizer, **kwargs):
        super().compile(**kwargs)
        self.contrastive_optimizer = contrastive_optimizer
        self.contrastive_loss_tracker = keras.metrics.Mean(name="c_loss")
        self.contrastive_accuracy = keras.metrics.SparseCategoricalAccuracy(name="c_acc")
    @property
    def metrics(self):
        return [self.contrastive_loss_tracker, self.contrastive_accuracy]
    def contrastive_loss(self, projections_1, projections_2):
        projections_1 = keras.ops.normalize(projections_1, axis=1)
        projections_2 = keras.ops.normalize(projections_2, axis=1)
        similarities = keras.ops.matmul(projections_1, keras.ops.transpose(projections_2)) \\
            / self.temperature
        batch_size = keras.ops.shape(projections_1)[0]
        contrastive_labels = keras.ops.arange(batch_size)
        self.contrastive_accuracy.update_state(contrastive_labels, similarities)
        self.contrastive_accuracy.update_state(contrastive_labels,
                                               keras.ops.transpose(similarities))
        loss_1_2 = keras.losses.sparse_categorical_crossentropy(contrastive_labels,
                                                               similarities, from_logits=True)
        loss_2_1 = keras.losses.sparse_categorical_crossentropy(
            contrastive_labels, keras.ops.transpose(similarities), from_logits=True)
        return (loss_1_2 + loss_2_1) / 2
    def train_step(self, data):
        images = data
        augmented_images_1 = images * 0.9 + 0.05
        augmented_images_2 = keras.ops.flip(images, axis=1)
        with tf.GradientTape() as tape:
            features_1 = self.encoder(augmented_images_1, training=True)
            features_2 = self.encoder(augmented_images_2, training=True)
            projections_1 = self.projection_head(features_1, training=True)
            projections_2 = self.projection_head(features_2, training=True)
            contrastive_loss = self.contrastive_loss(projections_1, projections_2)
        gradients = tape.gradient(contrastive_loss, self.encoder.trainable_weights
                                  + self.projection_head.trainable_weights)
        self.contrastive_optimizer.apply_gradients(zip(
            gradients, self.encoder.trainable_weights + self.projection_head.trainable_weights))
        self.contrastive_loss_tracker.update_state(contrastive_loss)
        return {m.name: m.result() for m in self.metrics}
cm = ContrastiveModel()
fill(cm.encoder)
fill(cm.projection_head)
cm.compile(contrastive_optimizer=keras.optimizers.Adam(0.01))
imgs = np.sin(np.arange(48, dtype="float32").reshape(8, 6))
h = cm.fit(imgs, epochs=2, batch_size=4, shuffle=False, verbose=0)
print(logs4(h))
print(r4(keras.ops.normalize(np.array([[3.0, 4.0], [0.0, 0.0]]), axis=1)))
print(r4(keras.ops.normalize(np.array([[3.0, 4.0]]), order=1)))
print(len(cm.weights), cm.contrastive_optimizer.iterations.numpy(), cm.optimizer is None)
"""

SNIPPETS["fine_tune_frozen_batchnorm"] = _TRY + """
def make_base():
    i = keras.Input((6, 6, 3))
    x = layers.Conv2D(4, 3, name="c1")(i)
    x = layers.BatchNormalization(name="bn1")(x)
    x = layers.Activation("relu")(x)
    x = layers.Conv2D(4, 3, name="c2")(x)
    x = layers.BatchNormalization(name="bn2")(x)
    return keras.Model(i, layers.Activation("relu")(x), name="base")
base = make_base()
base.trainable = False
inputs = layers.Input(shape=(6, 6, 3))
x = base(inputs, training=False)
x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
x = layers.BatchNormalization()(x)
x = layers.Dropout(0.0, name="top_dropout")(x)
outputs = layers.Dense(2, activation="softmax", name="pred")(x)
model = keras.Model(inputs, outputs, name="EfficientNet_like")
fill_bn(model)
imgs = ((np.arange(4 * 108, dtype="float32").reshape(4, 6, 6, 3) * 0.07) % 1.0)
labels = keras.utils.to_categorical([0, 1, 1, 0], 2)
model.compile(optimizer=keras.optimizers.Adam(learning_rate=1e-2),
              loss="categorical_crossentropy", metrics=["accuracy"])
mm = r4(base.get_layer("bn2").moving_mean)
print(logs4(model.fit(imgs, labels, epochs=2, verbose=0)))
print(mm == r4(base.get_layer("bn2").moving_mean), len(model.trainable_weights))
def unfreeze_model(model):
    for layer in model.layers[-3:]:
        if not isinstance(layer, layers.BatchNormalization):
            layer.trainable = True
    base.trainable = True
    for layer in base.layers[-3:]:
        if isinstance(layer, layers.BatchNormalization):
            layer.trainable = False
    model.compile(optimizer=keras.optimizers.Adam(learning_rate=1e-3),
                  loss="categorical_crossentropy", metrics=["accuracy"])
unfreeze_model(model)
print(len(model.trainable_weights), len(model.non_trainable_weights),
      [l.name for l in base.layers if l.trainable])
print(logs4(model.fit(imgs, labels, epochs=2, verbose=0)))
print(mm == r4(base.get_layer("bn2").moving_mean), r4(base.get_layer("bn1").moving_mean) )
"""

SNIPPETS["optimizer_gradient_accumulation_and_ema"] = _TRY + """
m = dense_model()
m.compile(optimizer=keras.optimizers.SGD(0.1, gradient_accumulation_steps=2), loss="mse")
h = m.fit(X, Y, epochs=2, batch_size=2, shuffle=False, verbose=0)
print(logs4(h), m.optimizer.iterations.numpy(), wsum(m))
print([v.path for v in m.optimizer.variables])
m2 = dense_model()
m2.compile(optimizer=keras.optimizers.SGD(0.1, use_ema=True, ema_momentum=0.5,
                                          ema_overwrite_frequency=None), loss="mse")
h2 = m2.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0)
print(logs4(h2), wsum(m2))
print([v.path for v in m2.optimizer.variables])
m2.optimizer.finalize_variable_values(m2.trainable_variables)
print(wsum(m2))
m3 = dense_model()
m3.compile(optimizer=keras.optimizers.Adam(0.1, use_ema=True, ema_momentum=0.9,
                                           ema_overwrite_frequency=2), loss="mse")
m3.fit(X, Y, epochs=1, batch_size=2, shuffle=False, verbose=0)
print(wsum(m3), m3.optimizer.iterations.numpy())
tryp("accum_bad", lambda: keras.optimizers.SGD(gradient_accumulation_steps=1))
tryp("ema_bad", lambda: keras.optimizers.SGD(use_ema=True, ema_momentum=1.5))
print(sorted(k for k in m2.optimizer.get_config() if "ema" in k or "accum" in k))
"""

SNIPPETS["warmup_callback_sets_learning_rate"] = _TRY + """
class WarmUpLearningRateScheduler(keras.callbacks.Callback):
    def __init__(self, warmup_batches, init_lr, verbose=0):
        super().__init__()
        self.warmup_batches = warmup_batches
        self.init_lr = init_lr
        self.verbose = verbose
        self.batch_count = 0
        self.learning_rates = []
    def on_batch_end(self, batch, logs=None):
        self.batch_count = self.batch_count + 1
        lr = float(keras.ops.convert_to_numpy(self.model.optimizer.learning_rate))
        self.learning_rates.append(round(lr, 5))
    def on_batch_begin(self, batch, logs=None):
        if self.batch_count <= self.warmup_batches:
            lr = self.batch_count * self.init_lr / self.warmup_batches
            self.model.optimizer.learning_rate = lr
            if self.verbose > 0:
                print("Batch %05d: WarmUpLearningRateScheduler setting learning rate to %s."
                      % (self.batch_count + 1, lr))
m = dense_model()
cb = WarmUpLearningRateScheduler(3, 0.1, verbose=1)
h = m.fit(X, Y, epochs=2, batch_size=2, shuffle=False, callbacks=[cb], verbose=0)
print(cb.learning_rates, logs4(h))
print(round(float(m.optimizer.learning_rate), 5), type(m.optimizer.learning_rate).__name__
      if not hasattr(m.optimizer.learning_rate, "dtype") else str(m.optimizer.learning_rate.dtype))
sched = keras.optimizers.schedules.CosineDecay(0.0, decay_steps=4, warmup_target=0.1,
                                               warmup_steps=2)
print([round(float(sched(s)), 5) for s in range(7)])
m2 = dense_model()
m2.compile(optimizer=keras.optimizers.SGD(sched), loss="mse")
tryp("assign_to_schedule", lambda: setattr(m2.optimizer, "learning_rate", 0.5))
print(sorted(sched.get_config().items()))
"""

SNIPPETS["imbalanced_class_weight_metrics"] = _TRY + """
x = np.sin(np.arange(40, dtype="float32").reshape(10, 4))
y = np.array([0, 0, 0, 0, 0, 0, 0, 1, 0, 1], "float32")
counts = np.bincount(y.astype("int64"))
weight_for_0 = 1.0 / counts[0]
weight_for_1 = 1.0 / counts[1]
print(counts.tolist(), round(weight_for_0, 4), weight_for_1)
model = keras.Sequential([keras.Input((4,)), layers.Dense(3, activation="relu"),
                          layers.Dropout(0.0), layers.Dense(1, activation="sigmoid")])
fill(model)
metrics = [keras.metrics.FalseNegatives(name="fn"), keras.metrics.FalsePositives(name="fp"),
           keras.metrics.TrueNegatives(name="tn"), keras.metrics.TruePositives(name="tp"),
           keras.metrics.Precision(name="precision"), keras.metrics.Recall(name="recall"),
           keras.metrics.AUC(name="auc", num_thresholds=20)]
model.compile(optimizer=keras.optimizers.Adam(1e-2), loss="binary_crossentropy",
              metrics=metrics)
h = model.fit(x, y, batch_size=5, epochs=2, verbose=0, validation_data=(x, y),
              class_weight={0: weight_for_0, 1: weight_for_1}, shuffle=False)
print(logs4(h))
tryp("bad_class", lambda: type(model.fit(x, y, class_weight={0: 1.0, 2: 1.0}, verbose=0)).__name__)
tryp("class_weight_dict_y", lambda: keras.Model(model.inputs, {"o": model.outputs[0]}).compile(
    loss="binary_crossentropy") or "ok")
"""

SNIPPETS["wide_and_deep_dict_inputs"] = _TRY + """
inputs = {"age": keras.Input((1,), name="age"), "hours": keras.Input((1,), name="hours"),
          "job": keras.Input((1,), name="job", dtype="int64"),
          "city": keras.Input((1,), name="city", dtype="string")}
city_lookup = layers.StringLookup(vocabulary=["paris", "rome", "oslo"], output_mode="one_hot")
job_onehot = layers.CategoryEncoding(num_tokens=4, output_mode="one_hot")
wide = layers.concatenate([city_lookup(inputs["city"]), job_onehot(inputs["job"])])
job_emb = layers.Flatten()(layers.Embedding(4, 2)(inputs["job"]))
deep = layers.concatenate([inputs["age"], inputs["hours"], job_emb])
deep = layers.Dense(4, activation="relu")(deep)
merged = layers.concatenate([wide, deep])
output = layers.Dense(1, activation="sigmoid")(merged)
model = keras.Model(inputs=inputs, outputs=output)
fill(model)
data = {"age": np.array([[0.2], [0.5], [0.9], [0.1]], "float32"),
        "hours": np.array([[0.4], [0.1], [0.8], [0.3]], "float32"),
        "job": np.array([[0], [3], [1], [2]]), "city": np.array([["paris"], ["oslo"], ["rome"],
                                                                 ["nyc"]])}
y = np.array([1, 0, 1, 0], "float32")
tryp("np_unicode", lambda: r4(model.predict(data, verbose=0)))
data["city"] = np.array([["paris"], ["oslo"], ["rome"], ["nyc"]], dtype=object)
tryp("np_object", lambda: r4(model.predict(data, verbose=0)))
data["city"] = tf.constant([["paris"], ["oslo"], ["rome"], ["nyc"]])
print(wide.shape, deep.shape, r4(model.predict(data, verbose=0)))
model.compile(optimizer=keras.optimizers.Adam(0.01), loss="binary_crossentropy",
              metrics=["accuracy"])
print(logs4(model.fit(data, y, epochs=2, batch_size=2, shuffle=False, verbose=0)))
ds = tf.data.Dataset.from_tensor_slices((data, y)).batch(2)
print(r4(model.evaluate(ds, verbose=0)))
print(sorted(model.input) if isinstance(model.input, dict) else type(model.input).__name__)
print([t.name for t in model.inputs])
"""

SNIPPETS["speaker_stft_mel_features"] = _TRY + """
sr = 400
t = np.arange(400, dtype="float32") / sr
audio = np.stack([np.sin(2 * np.pi * 50 * t), np.sin(2 * np.pi * 120 * t)]).astype("float32")
fft = tf.signal.fft(tf.cast(audio, tf.complex64))
fft = tf.expand_dims(fft, axis=-1)
half = tf.math.abs(fft[:, : (audio.shape[1] // 2), :])
print(half.shape, np.argmax(half.numpy()[:, :, 0], axis=1).tolist())
stft = tf.signal.stft(audio, frame_length=64, frame_step=32, fft_length=64)
spec = tf.abs(stft)
print(stft.dtype, spec.shape, np.argmax(spec.numpy()[:, 3], axis=1).tolist())
mel = tf.signal.linear_to_mel_weight_matrix(num_mel_bins=8, num_spectrogram_bins=33,
                                            sample_rate=sr, lower_edge_hertz=20.0,
                                            upper_edge_hertz=200.0)
print(mel.shape, r4(tf.reduce_sum(mel, axis=0)))
log_mel = tf.math.log(tf.tensordot(spec, mel, 1) + 1e-2)  # (no log of FFT noise)
print(log_mel.shape, r4(log_mel[0, 0, :4]))
m = keras.Sequential([keras.Input((None, 8)), layers.Conv1D(4, 3, activation="relu"),
                      layers.GlobalMaxPooling1D(), layers.Dense(2, activation="softmax")])
fill(m)
m.compile(optimizer=keras.optimizers.Adam(0.01), loss="sparse_categorical_crossentropy")
print(logs4(m.fit(log_mel, np.array([0, 1]), epochs=2, verbose=0)))
"""

SNIPPETS["stateful_lstm_reset_states"] = _TRY + """
model = keras.Sequential([keras.Input(batch_shape=(2, 3, 1)),
                          layers.LSTM(3, stateful=True), layers.Dense(1)])
fill(model)
x = np.sin(np.arange(6, dtype="float32").reshape(2, 3, 1))
y1 = model.predict(x, verbose=0)
y2 = model.predict(x, verbose=0)
print(r4(y1), r4(y2), bool(np.allclose(y1, y2)))
lstm = model.layers[0]
print([tuple(s.shape) for s in lstm.states], r4(lstm.states[0]))
model.reset_states() if hasattr(model, "reset_states") else lstm.reset_state()
y3 = model.predict(x, verbose=0)
print(bool(np.allclose(y1, y3)), r4(lstm.states[1][0]))
lstm.reset_state()
print(r4(lstm.states[0]))
model.compile(optimizer="sgd", loss="mse")
print(logs4(model.fit(x, np.zeros((2, 1)), batch_size=2, epochs=2, shuffle=False, verbose=0)))
tryp("bad_batch", lambda: model.predict(np.ones((3, 3, 1)), verbose=0).shape)
print([v.path for v in model.non_trainable_variables])
"""

SNIPPETS["seq2seq_additive_attention_decoder"] = _TRY + """
enc_in = keras.Input((None, 3), name="enc")
dec_in = keras.Input((None, 3), name="dec")
enc_seq, h, c = layers.LSTM(4, return_sequences=True, return_state=True)(enc_in)
dec_seq = layers.LSTM(4, return_sequences=True)(dec_in, initial_state=[h, c])
ctx, scores = layers.AdditiveAttention()([dec_seq, enc_seq], return_attention_scores=True)
luong = layers.Attention(score_mode="dot", use_scale=True)([dec_seq, enc_seq])
merged = layers.Concatenate()([dec_seq, ctx, luong])
out = layers.TimeDistributed(layers.Dense(3, activation="softmax"))(merged)
m = keras.Model([enc_in, dec_in], [out, scores])
fill(m)
e = np.cos(np.arange(2 * 5 * 3, dtype="float32").reshape(2, 5, 3))
d = np.sin(np.arange(2 * 4 * 3, dtype="float32").reshape(2, 4, 3))
o, s = m([e, d])
print(o.shape, s.shape, r4(keras.ops.sum(s, axis=-1)[0]))
print(r4(s[0, 0]))
train = keras.Model([enc_in, dec_in], out)
train.compile(optimizer=keras.optimizers.Adam(0.01), loss="categorical_crossentropy")
tgt = keras.utils.to_categorical(np.arange(8).reshape(2, 4) % 3, 3)
print(logs4(train.fit([e, d], tgt, epochs=2, verbose=0)))
print([l.__class__.__name__ for l in m.layers])
"""

SNIPPETS["keras_io_tile_causal_mask_symbolic"] = _TRY + """
def causal_attention_mask(batch_size, n_dest, n_src, dtype):
    i = keras.ops.arange(n_dest)[:, None]
    j = keras.ops.arange(n_src)
    mask = keras.ops.cast(i >= j - n_src + n_dest, dtype)
    mask = keras.ops.reshape(mask, [1, n_dest, n_src])
    mult = keras.ops.concatenate([keras.ops.expand_dims(batch_size, -1),
                                  keras.ops.convert_to_tensor([1, 1])], 0)
    return keras.ops.tile(mask, mult)
print(causal_attention_mask(2, 2, 3, "int32").numpy().tolist())
class Masked(layers.Layer):
    def call(self, x):
        shape = keras.ops.shape(x)
        return keras.ops.cast(causal_attention_mask(shape[0], shape[1], shape[1], "bool"),
                              "float32")
print(Masked()(np.ones((1, 2, 3))).shape)
def first_lines(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        lines = [l for l in str(e).splitlines() if l.strip()]
        print(label, type(e).__name__, lines[0][:120], "|",
              lines[1][:100] if len(lines) > 1 else "")
first_lines("symbolic", lambda: Masked()(keras.Input((3, 4))).shape)
first_lines("tf_function", lambda: tf.function(lambda t: keras.ops.tile(t, tf.shape(t)))(
    tf.ones((1, 2))).shape)
print(keras.ops.tile(np.ones((1, 2)), tf.constant([2, 1])).shape)
"""

SNIPPETS["vae_registered_get_config_save_load"] = _TRY + """
@keras.saving.register_keras_serializable(package="k27vae")
class AE(keras.Model):
    def __init__(self, encoder, decoder, beta=1.0, **kwargs):
        super().__init__(**kwargs)
        self.encoder = encoder
        self.decoder = decoder
        self.beta = beta
        self.rec = keras.metrics.Mean(name="rec")
    @property
    def metrics(self):
        return [self.rec]
    def call(self, x):
        return self.decoder(self.encoder(x))
    def train_step(self, data):
        with tf.GradientTape() as tape:
            out = self(data, training=True)
            loss = self.beta * keras.ops.mean(keras.ops.square(out - data))
        grads = tape.gradient(loss, self.trainable_weights)
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
        self.rec.update_state(loss)
        return {"rec": self.rec.result()}
    def get_config(self):
        base = super().get_config()
        return {**base, "beta": self.beta,
                "encoder": keras.saving.serialize_keras_object(self.encoder),
                "decoder": keras.saving.serialize_keras_object(self.decoder)}
    @classmethod
    def from_config(cls, config):
        config["encoder"] = keras.saving.deserialize_keras_object(config["encoder"])
        config["decoder"] = keras.saving.deserialize_keras_object(config["decoder"])
        return cls(**config)
enc = keras.Sequential([keras.Input((4,)), layers.Dense(2, activation="tanh")], name="enc")
dec = keras.Sequential([keras.Input((2,)), layers.Dense(4)], name="dec")
ae = AE(enc, dec, beta=0.5, name="ae")
fill(ae)
ae.compile(optimizer=keras.optimizers.Adam(0.01))
x = np.cos(np.arange(24, dtype="float32").reshape(6, 4))
print(logs4(ae.fit(x, epochs=2, batch_size=3, verbose=0)))
p = os.path.join(D, "ae.keras")
ae.save(p)
ae2 = keras.models.load_model(p)
print(type(ae2).__name__, ae2.beta, ae2.encoder.name, ae2.decoder.name, ae2.built)
print(r4(ae2(x[:2])) == r4(ae(x[:2])), ae2.optimizer.iterations.numpy())
print(logs4(ae2.fit(x, epochs=1, batch_size=3, verbose=0)) ==
      logs4(ae.fit(x, epochs=1, batch_size=3, verbose=0)))
print(sorted(ae.get_config()))
"""

SNIPPETS["gan_monitor_callback_and_lr_scheduler"] = _TRY + """
class GAN(keras.Model):
    def __init__(self, discriminator, generator, latent_dim):
        super().__init__()
        self.discriminator = discriminator
        self.generator = generator
        self.latent_dim = latent_dim
        self.seed_generator = keras.random.SeedGenerator(1337)
    def compile(self, d_optimizer, g_optimizer, loss_fn):
        super().compile()
        self.d_optimizer = d_optimizer
        self.g_optimizer = g_optimizer
        self.loss_fn = loss_fn
        self.d_loss_metric = keras.metrics.Mean(name="d_loss")
        self.g_loss_metric = keras.metrics.Mean(name="g_loss")
    @property
    def metrics(self):
        return [self.d_loss_metric, self.g_loss_metric]
    def train_step(self, real_images):
        batch_size = keras.ops.shape(real_images)[0]
        z = keras.random.normal(shape=(batch_size, self.latent_dim), seed=self.seed_generator)
        generated_images = self.generator(z)
        combined_images = keras.ops.concatenate([generated_images, real_images], axis=0)
        labels = keras.ops.concatenate([keras.ops.ones((batch_size, 1)),
                                        keras.ops.zeros((batch_size, 1))], axis=0)
        labels += 0.05 * keras.random.uniform(keras.ops.shape(labels), seed=self.seed_generator)
        with tf.GradientTape() as tape:
            predictions = self.discriminator(combined_images)
            d_loss = self.loss_fn(labels, predictions)
        grads = tape.gradient(d_loss, self.discriminator.trainable_weights)
        self.d_optimizer.apply_gradients(zip(grads, self.discriminator.trainable_weights))
        z = keras.random.normal(shape=(batch_size, self.latent_dim), seed=self.seed_generator)
        misleading_labels = keras.ops.zeros((batch_size, 1))
        with tf.GradientTape() as tape:
            predictions = self.discriminator(self.generator(z))
            g_loss = self.loss_fn(misleading_labels, predictions)
        grads = tape.gradient(g_loss, self.generator.trainable_weights)
        self.g_optimizer.apply_gradients(zip(grads, self.generator.trainable_weights))
        self.d_loss_metric.update_state(d_loss)
        self.g_loss_metric.update_state(g_loss)
        return {"d_loss": self.d_loss_metric.result(), "g_loss": self.g_loss_metric.result()}
class GANMonitor(keras.callbacks.Callback):
    def __init__(self, num_img=2, latent_dim=2):
        super().__init__()
        self.num_img = num_img
        self.latent_dim = latent_dim
        self.seed_generator = keras.random.SeedGenerator(42)
    def on_epoch_end(self, epoch, logs=None):
        z = keras.random.normal(shape=(self.num_img, self.latent_dim), seed=self.seed_generator)
        generated_images = self.model.generator(z)
        generated_images = keras.ops.convert_to_numpy(generated_images * 255)
        print("epoch", epoch, sorted(logs), generated_images.shape,
              np.round(generated_images.reshape(2, -1)[:, :3], 2).tolist())
gen = keras.Sequential([keras.Input((2,)), layers.Dense(8), layers.LeakyReLU(0.2),
                        layers.Reshape((2, 2, 2)), layers.Conv2D(1, 1, activation="sigmoid")],
                       name="generator")
disc = keras.Sequential([keras.Input((2, 2, 1)), layers.Flatten(), layers.Dense(1)],
                        name="discriminator")
fill(gen)
fill(disc)
gan = GAN(discriminator=disc, generator=gen, latent_dim=2)
gan.compile(d_optimizer=keras.optimizers.Adam(learning_rate=0.01),
            g_optimizer=keras.optimizers.Adam(learning_rate=0.01),
            loss_fn=keras.losses.BinaryCrossentropy(from_logits=True))
real = ((np.arange(16, dtype="float32").reshape(4, 2, 2, 1) % 3) / 2)
h = gan.fit(real, epochs=2, batch_size=2, callbacks=[GANMonitor(num_img=2, latent_dim=2)],
            verbose=0)
print(logs4(h))
cb = keras.callbacks.LearningRateScheduler(lambda e, lr: lr * 0.5)
m = dense_model()
m.compile(optimizer=keras.optimizers.SGD(keras.optimizers.schedules.ExponentialDecay(
    0.1, 2, 0.5)), loss="mse")
tryp("scheduler_on_schedule", lambda: m.fit(X, Y, epochs=1, callbacks=[cb], verbose=0))
"""

SNIPPETS["mha_causal_mask_with_padding"] = _TRY + """
emb = layers.Embedding(8, 4, mask_zero=True)
mha = layers.MultiHeadAttention(num_heads=1, key_dim=2)
ids = np.array([[3, 5, 0, 0], [1, 2, 3, 0]])
e = emb(ids)
fill(emb)
e = emb(ids)
out, scores = mha(e, e, use_causal_mask=True, return_attention_scores=True)
fill(mha)
out, scores = mha(e, e, use_causal_mask=True, return_attention_scores=True)
print(out.shape, scores.shape)
print(r4(scores[0, 0]))
print(r4(scores[1, 0]))
print(getattr(out, "_keras_mask", None) is not None and out._keras_mask.numpy().tolist())
i = keras.Input((None,), dtype="int32")
x = emb(i)
y = mha(x, x, use_causal_mask=True)
pooled = layers.GlobalAveragePooling1D()(y)
m = keras.Model(i, pooled)
print(r4(m(ids)))
out2 = mha(e, e, attention_mask=np.tril(np.ones((4, 4), "bool"))[None],
           return_attention_scores=True)[1]
print(r4(out2[0, 0, 1]), r4(scores[0, 0, 1]))
"""

SNIPPETS["functional_keras_ops_nodes_save_load"] = _TRY + """
i = keras.Input((4,), name="x")
a = layers.Dense(3, name="d1")(i)
b = keras.ops.mean(a, axis=-1, keepdims=True)
c = keras.ops.concatenate([a - b, keras.ops.square(b)], axis=-1)
d = keras.ops.where(c > 0, c, 0.1 * c)
o = layers.Dense(1, name="out")(d)
m = keras.Model(i, o)
fill(m)
print([l.__class__.__name__ for l in m.layers])
print([l.name for l in m.layers])
x = np.sin(np.arange(24, dtype="float32").reshape(6, 4))
print(r4(m(x[:2])))
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
print(logs4(m.fit(x, np.ones((6, 1)), epochs=2, batch_size=3, shuffle=False, verbose=0)))
p = os.path.join(D, "ops.keras")
m.save(p)
m2 = keras.models.load_model(p)
print(r4(m2(x[:2])) == r4(m(x[:2])), [l.__class__.__name__ for l in m2.layers])
print(m.get_config()["layers"][2]["class_name"], sorted(m.get_config()["layers"][2]["config"]))
m.summary()
"""

SNIPPETS["layer_metric_endpoint_pattern"] = _TRY + """
class LogisticEndpoint(layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.loss_fn = keras.losses.BinaryCrossentropy(from_logits=True)
        self.accuracy_fn = keras.metrics.BinaryAccuracy(name="endpoint_acc")
    def call(self, targets, logits, sample_weights=None):
        loss = self.loss_fn(targets, logits, sample_weights)
        self.add_loss(loss)
        self.accuracy_fn.update_state(targets, keras.ops.sigmoid(logits), sample_weights)
        return keras.ops.sigmoid(logits)
inputs = keras.Input(shape=(3,), name="inputs")
targets = keras.Input(shape=(2,), name="targets")
logits = layers.Dense(2)(inputs)
predictions = LogisticEndpoint(name="predictions")(targets, logits)
model = keras.Model(inputs=[inputs, targets], outputs=predictions)
fill(model)
model.compile(optimizer=keras.optimizers.Adam(0.01))
data = {"inputs": X[:6], "targets": (np.arange(12).reshape(6, 2) % 2).astype("float32")}
print([m.name for m in model.metrics])
h = model.fit(data, epochs=2, batch_size=3, verbose=0)
print(logs4(h))
print([m.name for m in model.metrics], r4(model.get_layer("predictions").accuracy_fn.result()))
print(r4(model.evaluate(data, verbose=0, return_dict=True)))
print(len(model.losses), len(model.get_layer("predictions").metrics))
"""
