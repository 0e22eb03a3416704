"""kprobe27's snippets after keras.io's vision and architecture examples: MLP-Mixer,
ConvMixer, Perceiver, FNet, gMLP and ViT patch blocks, PixelCNN masked convolutions,
sub-pixel super-resolution, U-Net-like segmentation, Grad-CAM and integrated gradients,
style transfer and DeepDream gradient ascent (see cases.py)."""

from tests.keras.kprobe27.prelude import _TRY

SNIPPETS = {}

_IMG = """
IM8 = ((np.arange(2 * 8 * 8 * 3, dtype="float32").reshape(2, 8, 8, 3) * 0.37) % 1.0)
"""

_PATCHES = """
class Patches(layers.Layer):
    def __init__(self, patch_size, **kwargs):
        super().__init__(**kwargs)
        self.patch_size = patch_size
    def call(self, x):
        patches = keras.ops.image.extract_patches(x, self.patch_size)
        batch_size = keras.ops.shape(patches)[0]
        num_patches = keras.ops.shape(patches)[1] * keras.ops.shape(patches)[2]
        patch_dim = keras.ops.shape(patches)[3]
        return keras.ops.reshape(patches, (batch_size, num_patches, patch_dim))
    def get_config(self):
        config = super().get_config()
        config.update({"patch_size": self.patch_size})
        return config
"""

SNIPPETS["mlp_mixer_blocks"] = _TRY + _IMG + _PATCHES + """
class MLPMixerLayer(layers.Layer):
    def __init__(self, num_patches, hidden_units, dropout_rate, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.mlp1 = keras.Sequential([layers.Dense(units=num_patches, activation="gelu"),
                                      layers.Dense(units=num_patches),
                                      layers.Dropout(rate=dropout_rate)])
        self.mlp2 = keras.Sequential([layers.Dense(units=num_patches, activation="gelu"),
                                      layers.Dense(units=hidden_units),
                                      layers.Dropout(rate=dropout_rate)])
        self.normalize = layers.LayerNormalization(epsilon=1e-6)
    def build(self, input_shape):
        return super().build(input_shape)
    def call(self, inputs):
        x = self.normalize(inputs)
        x_channels = keras.ops.transpose(x, axes=(0, 2, 1))
        mlp1_outputs = self.mlp1(x_channels)
        mlp1_outputs = keras.ops.transpose(mlp1_outputs, axes=(0, 2, 1))
        x = mlp1_outputs + inputs
        x_patches = self.normalize(x)
        mlp2_outputs = self.mlp2(x_patches)
        return x + mlp2_outputs
inputs = layers.Input(shape=(8, 8, 3))
patches = Patches(4)(inputs)
print(patches.shape)
x = layers.Dense(units=6)(patches)
x = keras.Sequential([MLPMixerLayer(4, 6, 0.0) for _ in range(2)])(x)
representation = layers.GlobalAveragePooling1D()(x)
logits = layers.Dense(3)(representation)
model = keras.Model(inputs=inputs, outputs=logits)
fill(model)
print(r4(Patches(4)(IM8)[0, :, :3]))
model.compile(optimizer=keras.optimizers.AdamW(learning_rate=0.01, weight_decay=0.001),
              loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=[keras.metrics.SparseCategoricalAccuracy(name="acc"),
                       keras.metrics.SparseTopKCategoricalAccuracy(2, name="top2")])
h = model.fit(IM8, np.array([0, 2]), batch_size=2, epochs=3, verbose=0)
print(logs4(h))
print(r4(model.predict(IM8, verbose=0)), model.count_params())
print(Patches(2).compute_output_shape((None, 8, 8, 3)) if False else Patches(2)(IM8).shape)
"""

SNIPPETS["convmixer_depthwise_blocks"] = _TRY + _IMG + """
def activation_block(x):
    x = layers.Activation("gelu")(x)
    return layers.BatchNormalization()(x)
def conv_stem(x, filters, patch_size):
    x = layers.Conv2D(filters, kernel_size=patch_size, strides=patch_size)(x)
    return activation_block(x)
def conv_mixer_block(x, filters, kernel_size):
    x0 = x
    x = layers.DepthwiseConv2D(kernel_size=kernel_size, padding="same")(x)
    x = layers.Add()([activation_block(x), x0])
    x = layers.Conv2D(filters, kernel_size=1)(x)
    return activation_block(x)
def get_conv_mixer(image_size=8, filters=4, depth=2, kernel_size=3, patch_size=2,
                   num_classes=3):
    inputs = keras.Input((image_size, image_size, 3))
    x = layers.Rescaling(scale=1.0 / 255)(inputs)
    x = conv_stem(x, filters, patch_size)
    for _ in range(depth):
        x = conv_mixer_block(x, filters, kernel_size)
    x = layers.GlobalAvgPool2D()(x)
    outputs = layers.Dense(num_classes, activation="softmax")(x)
    return keras.Model(inputs, outputs)
model = get_conv_mixer()
fill_bn(model)
model.compile(optimizer=keras.optimizers.AdamW(learning_rate=0.01, weight_decay=0.0001),
              loss="sparse_categorical_crossentropy", metrics=["accuracy"])
h = model.fit(IM8 * 255, np.array([1, 2]), epochs=3, verbose=0)
print(logs4(h))
print(r4(model.evaluate(IM8 * 255, np.array([1, 2]), verbose=0)))
bn = [l for l in model.layers if isinstance(l, layers.BatchNormalization)][0]
print(r4(bn.moving_mean), r4(bn.moving_variance))
dw = [l for l in model.layers if isinstance(l, layers.DepthwiseConv2D)][0]
print(dw.kernel.shape, dw.depthwise_kernel.shape if hasattr(dw, "depthwise_kernel") else None)
print(len(model.layers), model.count_params())
"""

SNIPPETS["perceiver_latent_cross_attention"] = _TRY + """
def create_ffn(hidden_units, dropout_rate):
    ffn_layers = []
    for units in hidden_units[:-1]:
        ffn_layers.append(layers.Dense(units, activation="gelu"))
    ffn_layers.append(layers.Dense(units=hidden_units[-1]))
    ffn_layers.append(layers.Dropout(dropout_rate))
    return keras.Sequential(ffn_layers)
def create_cross_attention_module(latent_dim, data_dim, projection_dim, ffn_units,
                                  dropout_rate):
    inputs = {"latent_array": layers.Input(shape=(latent_dim, projection_dim),
                                           name="latent_array"),
              "data_array": layers.Input(shape=(data_dim, projection_dim), name="data_array")}
    latent_array = layers.LayerNormalization(epsilon=1e-6)(inputs["latent_array"])
    data_array = layers.LayerNormalization(epsilon=1e-6)(inputs["data_array"])
    query = layers.Dense(units=projection_dim)(latent_array)
    key = layers.Dense(units=projection_dim)(data_array)
    value = layers.Dense(units=projection_dim)(data_array)
    attention_output = layers.Attention(use_scale=True, dropout=0.1)([query, key, value],
                                                                     return_attention_scores=False)
    attention_output = layers.Add()([attention_output, latent_array])
    attention_output = layers.LayerNormalization(epsilon=1e-6)(attention_output)
    ffn = create_ffn(hidden_units=ffn_units, dropout_rate=dropout_rate)
    outputs = ffn(attention_output)
    outputs = layers.Add()([outputs, attention_output])
    return keras.Model(inputs=inputs, outputs=outputs)
class Perceiver(keras.Model):
    def __init__(self, data_dim, latent_dim, projection_dim, ffn_units, num_classes):
        super().__init__()
        self.latent_dim = latent_dim
        self.data_dim = data_dim
        self.projection_dim = projection_dim
        self.ffn_units = ffn_units
        self.num_classes = num_classes
    def build(self, input_shape):
        self.latent_array = self.add_weight(shape=(self.latent_dim, self.projection_dim),
                                            initializer="random_normal", trainable=True)
        self.proj = layers.Dense(self.projection_dim)
        self.cross_attention = create_cross_attention_module(
            self.latent_dim, self.data_dim, self.projection_dim, self.ffn_units, 0.0)
        self.global_average_pooling = layers.GlobalAveragePooling1D()
        self.classification_head = create_ffn(hidden_units=[4, self.num_classes],
                                              dropout_rate=0.0)
        super().build(input_shape)
    def call(self, inputs):
        encoded = self.proj(inputs)
        cross_attention_inputs = {
            "latent_array": keras.ops.expand_dims(self.latent_array, 0),
            "data_array": encoded}
        latent_array = self.cross_attention(cross_attention_inputs)
        representation = self.global_average_pooling(latent_array)
        return self.classification_head(representation)
p = Perceiver(data_dim=6, latent_dim=3, projection_dim=4, ffn_units=[4, 4], num_classes=2)
x = np.cos(np.arange(2 * 6 * 5, dtype="float32").reshape(2, 6, 5))
tryp("unbuilt_weights", lambda: len(p.weights))
p.build((None, 6, 5))
print(len(p.weights), p.latent_array.shape, p.latent_array.path)
fill(p)
tryp("batch2", lambda: r4(p(x)))
p1 = p(x[:1])
print(r4(p1))
p.compile(optimizer=keras.optimizers.LAMB(0.01) if hasattr(keras.optimizers, "LAMB") else "adam",
          loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
print(logs4(p.fit(x[:1], np.array([1]), epochs=2, verbose=0)))
print(type(p.optimizer).__name__, wsum(p.cross_attention))
"""

SNIPPETS["fnet_fourier_layer"] = _TRY + """
class FNetEncoder(layers.Layer):
    def __init__(self, embed_dim, dense_dim, **kwargs):
        super().__init__(**kwargs)
        self.embed_dim = embed_dim
        self.dense_dim = dense_dim
        self.dense_proj = keras.Sequential([layers.Dense(dense_dim, activation="relu"),
                                            layers.Dense(embed_dim)])
        self.layernorm_1 = layers.LayerNormalization()
        self.layernorm_2 = layers.LayerNormalization()
    def call(self, inputs):
        inp_complex = tf.cast(inputs, tf.complex64)
        fft = tf.math.real(tf.signal.fft2d(inp_complex))
        proj_input = self.layernorm_1(inputs + fft)
        proj_output = self.dense_proj(proj_input)
        return self.layernorm_2(proj_input + proj_output)
x = np.sin(np.arange(2 * 4 * 3, dtype="float32").reshape(2, 4, 3))
f = tf.signal.fft2d(tf.cast(x, tf.complex64))
print(f.dtype, r4(tf.math.real(f)[0]), r4(tf.math.imag(f)[0, 0]))
real, imag = keras.ops.fft2((x, np.zeros_like(x)))
print(r4(real[0]) == r4(tf.math.real(f)[0]), r4(imag[0, 0]))
i = keras.Input((4, 3))
enc = FNetEncoder(3, 5)
o = layers.GlobalAveragePooling1D()(enc(i))
m = keras.Model(i, layers.Dense(1)(o))
fill(m)
print(r4(m(x)))
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
print(logs4(m.fit(x, np.array([[0.3], [-0.3]], "float32"), epochs=3, verbose=0)))
with tf.GradientTape() as tape:
    xt = tf.constant(x)
    tape.watch(xt)
    y = tf.reduce_sum(tf.math.real(tf.signal.fft2d(tf.cast(xt, tf.complex64))) ** 2)
print((np.round(tape.gradient(y, xt).numpy()[0, 0], 4) + 0.0).tolist())  # (FFT noise: no -0.0)
"""

SNIPPETS["gmlp_spatial_gating"] = _TRY + """
class gMLPLayer(layers.Layer):
    def __init__(self, num_patches, embedding_dim, dropout_rate, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.channel_projection1 = keras.Sequential([layers.Dense(units=embedding_dim * 2,
                                                                  activation="gelu"),
                                                     layers.Dropout(rate=dropout_rate)])
        self.channel_projection2 = layers.Dense(units=embedding_dim)
        self.spatial_projection = layers.Dense(units=num_patches, bias_initializer="Ones")
        self.normalize1 = layers.LayerNormalization(epsilon=1e-6)
        self.normalize2 = layers.LayerNormalization(epsilon=1e-6)
    def spatial_gating_unit(self, x):
        u, v = keras.ops.split(x, indices_or_sections=2, axis=2)
        v = self.normalize2(v)
        v_channels = keras.ops.transpose(v, axes=(0, 2, 1))
        v_projected = self.spatial_projection(v_channels)
        v_projected = keras.ops.transpose(v_projected, axes=(0, 2, 1))
        return u * v_projected
    def call(self, inputs):
        x = self.normalize1(inputs)
        x_projected = self.channel_projection1(x)
        x_spatial = self.spatial_gating_unit(x_projected)
        x_projected = self.channel_projection2(x_spatial)
        return x + x_projected
g = gMLPLayer(num_patches=5, embedding_dim=4, dropout_rate=0.0)
x = np.cos(np.arange(2 * 5 * 4, dtype="float32").reshape(2, 5, 4))
y = g(x)
print(y.shape, [w.path.split("/", 1)[1] for w in g.weights][:6], len(g.weights))
fill(g)
print(r4(g(x)[0, 0]))
print(r4(g.spatial_projection.bias))
i = keras.Input((5, 4))
m = keras.Model(i, layers.Dense(1)(layers.GlobalAveragePooling1D()(g(i))))
m.compile(optimizer=keras.optimizers.Adam(0.01), loss="mae")
print(logs4(m.fit(x, np.ones((2, 1), "float32"), epochs=2, verbose=0)))
print(r4(keras.ops.split(np.arange(12.0).reshape(1, 2, 6), 2, axis=2)))
tryp("uneven", lambda: keras.ops.split(np.arange(10.0).reshape(1, 2, 5), 2, axis=2))
"""

SNIPPETS["vit_patch_encoder_save"] = _TRY + _IMG + _PATCHES + """
@keras.saving.register_keras_serializable(package="k27v")
class PatchEncoder(layers.Layer):
    def __init__(self, num_patches, projection_dim, **kwargs):
        super().__init__(**kwargs)
        self.num_patches = num_patches
        self.projection = layers.Dense(units=projection_dim)
        self.position_embedding = layers.Embedding(input_dim=num_patches,
                                                   output_dim=projection_dim)
        self.projection_dim = projection_dim
    def call(self, patch):
        positions = keras.ops.expand_dims(keras.ops.arange(start=0, stop=self.num_patches,
                                                           step=1), axis=0)
        projected_patches = self.projection(patch)
        return projected_patches + self.position_embedding(positions)
    def get_config(self):
        config = super().get_config()
        config.update({"num_patches": self.num_patches, "projection_dim": self.projection_dim})
        return config
Patches = keras.saving.register_keras_serializable(package="k27v")(Patches)
inputs = keras.Input(shape=(8, 8, 3))
patches = Patches(4)(inputs)
encoded = PatchEncoder(4, 6)(patches)
x1 = layers.LayerNormalization(epsilon=1e-6)(encoded)
attention_output = layers.MultiHeadAttention(num_heads=2, key_dim=3, dropout=0.0)(x1, x1)
x2 = layers.Add()([attention_output, encoded])
x3 = layers.LayerNormalization(epsilon=1e-6)(x2)
x3 = layers.Dense(6, activation=keras.activations.gelu)(x3)
encoded = layers.Add()([x3, x2])
representation = layers.Flatten()(layers.LayerNormalization(epsilon=1e-6)(encoded))
logits = layers.Dense(2)(representation)
model = keras.Model(inputs=inputs, outputs=logits)
fill(model)
print(r4(model(IM8)))
model.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
model.fit(IM8, np.array([0, 1]), epochs=1, verbose=0)
path = os.path.join(D, "vit.keras")
model.save(path)
m2 = keras.models.load_model(path)
print(r4(m2(IM8)) == r4(model(IM8)), [l.__class__.__name__ for l in m2.layers][:4])
print(m2.layers[2].get_config()["num_patches"], m2.layers[1].patch_size)
print(m2.get_layer(index=2).position_embedding.embeddings.shape)
print(keras.saving.get_registered_object("k27v>Patches") is Patches)
"""

SNIPPETS["pixelcnn_masked_conv"] = _TRY + """
class PixelConvLayer(layers.Layer):
    def __init__(self, mask_type, **kwargs):
        super().__init__()
        self.mask_type = mask_type
        self.conv = layers.Conv2D(**kwargs)
    def build(self, input_shape):
        self.conv.build(input_shape)
        kernel_shape = keras.ops.shape(self.conv.kernel)
        self.mask = np.zeros(shape=kernel_shape)
        self.mask[: kernel_shape[0] // 2, ...] = 1.0
        self.mask[kernel_shape[0] // 2, : kernel_shape[1] // 2, ...] = 1.0
        if self.mask_type == "B":
            self.mask[kernel_shape[0] // 2, kernel_shape[1] // 2, ...] = 1.0
    def call(self, inputs):
        self.conv.kernel.assign(self.conv.kernel * self.mask)
        return self.conv(inputs)
class ResidualBlock(layers.Layer):
    def __init__(self, filters, **kwargs):
        super().__init__(**kwargs)
        self.conv1 = layers.Conv2D(filters=filters, kernel_size=1, activation="relu")
        self.pixel_conv = PixelConvLayer(mask_type="B", filters=filters // 2, kernel_size=3,
                                         activation="relu", padding="same")
        self.conv2 = layers.Conv2D(filters=filters, kernel_size=1, activation="relu")
    def call(self, inputs):
        x = self.conv1(inputs)
        x = self.pixel_conv(x)
        x = self.conv2(x)
        return layers.add([inputs, x])
inputs = keras.Input(shape=(5, 5, 1))
x = PixelConvLayer(mask_type="A", filters=4, kernel_size=5, activation="relu",
                   padding="same")(inputs)
x = ResidualBlock(filters=4)(x)
out = layers.Conv2D(filters=1, kernel_size=1, strides=1, activation="sigmoid",
                    padding="valid")(x)
pixel_cnn = keras.Model(inputs, out)
fill(pixel_cnn)
data = (np.arange(2 * 25).reshape(2, 5, 5, 1) % 3 == 0).astype("float32")
pixel_cnn.compile(optimizer=keras.optimizers.Adam(0.01), loss="binary_crossentropy")
h = pixel_cnn.fit(x=data, y=data, batch_size=2, epochs=2, verbose=0)
print(logs4(h))
k = pixel_cnn.layers[1].conv.kernel.numpy()
print(k.shape, int((k[2, 2:] != 0).sum()), int((k[:2] != 0).sum()), r4(k[0, 0, 0]))
print(pixel_cnn.layers[1].mask.dtype, pixel_cnn.layers[1].mask[:, :, 0, 0].tolist())
probs = pixel_cnn.predict(data[:1], verbose=0)
print(probs.shape, r4(probs[0, :2, :2, 0]))
"""

SNIPPETS["espcn_depth_to_space_psnr"] = _TRY + """
class DepthToSpace(layers.Layer):
    def __init__(self, block_size):
        super().__init__()
        self.block_size = block_size
    def call(self, input):
        batch, height, width, depth = keras.ops.shape(input)
        depth = depth // (self.block_size**2)
        x = keras.ops.reshape(input, [batch, height, width, self.block_size, self.block_size,
                                      depth])
        x = keras.ops.transpose(x, [0, 1, 3, 2, 4, 5])
        return keras.ops.reshape(x, [batch, height * self.block_size, width * self.block_size,
                                     depth])
x = np.arange(1 * 2 * 2 * 8, dtype="float32").reshape(1, 2, 2, 8)
a = DepthToSpace(2)(x)
b = tf.nn.depth_to_space(x, 2)
print(a.shape, b.shape, bool(np.all(a.numpy() == b.numpy())))
print(a.numpy()[0, :, :, 0].tolist())
print(b.numpy()[0, :, :, 0].tolist())
def get_model(upscale_factor=2, channels=1):
    inputs = keras.Input(shape=(None, None, channels))
    x = layers.Conv2D(4, 3, activation="relu", kernel_initializer="Orthogonal",
                      padding="same")(inputs)
    x = layers.Conv2D(channels * (upscale_factor ** 2), 3, activation="relu",
                      kernel_initializer="Orthogonal", padding="same")(x)
    outputs = tf.nn.depth_to_space(x, upscale_factor)
    return keras.Model(inputs, outputs)
tryp("tf_op_on_keras_tensor", lambda: get_model().output_shape)
def get_model2(upscale_factor=2, channels=1):
    inputs = keras.Input(shape=(None, None, channels))
    x = layers.Conv2D(4, 3, activation="relu", padding="same")(inputs)
    x = layers.Conv2D(channels * (upscale_factor ** 2), 3, activation="relu", padding="same")(x)
    outputs = keras.ops.depth_to_space(x, upscale_factor) if hasattr(keras.ops, "depth_to_space") \\
        else layers.Lambda(lambda t: tf.nn.depth_to_space(t, upscale_factor))(x)
    return keras.Model(inputs, outputs)
m = get_model2()
fill(m)
lr = ((np.arange(36, dtype="float32").reshape(1, 6, 6, 1) % 5) / 5)
hr = np.kron(lr, np.ones((1, 2, 2, 1), "float32"))
print(m.output_shape, m(lr).shape)
m.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
print(logs4(m.fit(lr, hr, epochs=2, verbose=0)))
pred = m.predict(lr, verbose=0)
print(r4(tf.image.psnr(pred, hr, max_val=1.0)),
      r4(tf.image.ssim(tf.constant(hr), tf.constant(hr * 0.9), max_val=1.0, filter_size=3)))
"""

SNIPPETS["unet_xception_like_segmentation"] = _TRY + """
def get_model(img_size, num_classes):
    inputs = keras.Input(shape=img_size + (3,))
    x = layers.Conv2D(4, 3, strides=2, padding="same")(inputs)
    x = layers.BatchNormalization()(x)
    x = layers.Activation("relu")(x)
    previous_block_activation = x
    for filters in [8]:
        x = layers.Activation("relu")(x)
        x = layers.SeparableConv2D(filters, 3, padding="same")(x)
        x = layers.BatchNormalization()(x)
        x = layers.MaxPooling2D(3, strides=2, padding="same")(x)
        residual = layers.Conv2D(filters, 1, strides=2, padding="same")(previous_block_activation)
        x = layers.add([x, residual])
        previous_block_activation = x
    for filters in [8, 4]:
        x = layers.Activation("relu")(x)
        x = layers.Conv2DTranspose(filters, 3, padding="same")(x)
        x = layers.BatchNormalization()(x)
        x = layers.UpSampling2D(2)(x)
        residual = layers.UpSampling2D(2)(previous_block_activation)
        residual = layers.Conv2D(filters, 1, padding="same")(residual)
        x = layers.add([x, residual])
        previous_block_activation = x
    outputs = layers.Conv2D(num_classes, 3, activation="softmax", padding="same")(x)
    return keras.Model(inputs, outputs)
model = get_model((8, 8), 3)
fill_bn(model)
imgs = ((np.arange(2 * 8 * 8 * 3, dtype="float32").reshape(2, 8, 8, 3) * 0.13) % 1.0)
masks = (np.arange(2 * 64).reshape(2, 8, 8, 1) % 3).astype("uint8")
model.compile(optimizer=keras.optimizers.Adam(1e-2), loss="sparse_categorical_crossentropy")
print(model.output_shape, len(model.layers))
h = model.fit(imgs, masks, epochs=2, batch_size=2, verbose=0)
print(logs4(h))
pred = model.predict(imgs, verbose=0)
mask = np.argmax(pred, axis=-1)
print(pred.shape, np.bincount(mask.ravel(), minlength=3).tolist())
print(r4(keras.metrics.MeanIoU(num_classes=3)(masks[..., 0], mask)))
print(r4(keras.metrics.OneHotMeanIoU(num_classes=3)(keras.ops.one_hot(masks[..., 0], 3), pred)))
"""

SNIPPETS["grad_cam_heatmap"] = _TRY + _IMG + """
inp = keras.Input((8, 8, 3))
x = layers.Conv2D(4, 3, padding="same", activation="relu", name="conv_a")(inp)
x = layers.Conv2D(4, 3, padding="same", activation="relu", name="last_conv")(x)
x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
out = layers.Dense(3, name="predictions")(x)
model = keras.Model(inp, out)
fill(model, -0.5)
model.layers[-1].activation = None
def make_gradcam_heatmap(img_array, model, last_conv_layer_name, pred_index=None):
    grad_model = keras.models.Model(model.inputs,
                                    [model.get_layer(last_conv_layer_name).output, model.output])
    with tf.GradientTape() as tape:
        last_conv_layer_output, preds = grad_model(img_array)
        if pred_index is None:
            pred_index = tf.argmax(preds[0])
        class_channel = preds[:, pred_index]
    grads = tape.gradient(class_channel, last_conv_layer_output)
    pooled_grads = tf.reduce_mean(grads, axis=(0, 1, 2))
    last_conv_layer_output = last_conv_layer_output[0]
    heatmap = last_conv_layer_output @ pooled_grads[..., tf.newaxis]
    heatmap = tf.squeeze(heatmap)
    heatmap = tf.maximum(heatmap, 0) / tf.math.reduce_max(heatmap)
    return heatmap.numpy(), pred_index
heatmap, idx = make_gradcam_heatmap(IM8[:1], model, "last_conv")
print(heatmap.shape, heatmap.dtype, int(idx), r4(heatmap[:2, :4]))
heatmap2, _ = make_gradcam_heatmap(IM8[1:], model, "last_conv", pred_index=2)
print(r4(heatmap2.max()), round(float(heatmap2.sum()), 3))
heat_u8 = np.uint8(255 * heatmap)
print(heat_u8[0, :4].tolist())
jet = tf.image.resize(np.stack([heat_u8] * 3, axis=-1), (16, 16))
print(jet.shape, jet.dtype, r4(jet[0, :3, 0]))
print(keras.utils.img_to_array(np.stack([heat_u8] * 3, axis=-1)).dtype)
"""

SNIPPETS["integrated_gradients"] = _TRY + _IMG + """
model = keras.Sequential([keras.Input((8, 8, 3)), layers.Conv2D(2, 3, activation="relu"),
                          layers.Flatten(), layers.Dense(3, activation="softmax")])
fill(model)
def get_gradients(img_input, top_pred_idx):
    images = tf.cast(img_input, tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(images)
        preds = model(images)
        top_class = preds[:, top_pred_idx]
    return tape.gradient(top_class, images)
def get_integrated_gradients(img_input, top_pred_idx, baseline=None, num_steps=8):
    if baseline is None:
        baseline = np.zeros((8, 8, 3)).astype(np.float32)
    else:
        baseline = baseline.astype(np.float32)
    img_input = img_input.astype(np.float32)
    interpolated_image = [baseline + (step / num_steps) * (img_input - baseline)
                          for step in range(num_steps + 1)]
    interpolated_image = np.array(interpolated_image).astype(np.float32)
    grads = []
    for i, img in enumerate(interpolated_image):
        img = tf.expand_dims(img, axis=0)
        grad = get_gradients(img, top_pred_idx=top_pred_idx)
        grads.append(grad[0])
    grads = tf.convert_to_tensor(grads, dtype=tf.float32)
    grads = (grads[:-1] + grads[1:]) / 2.0
    avg_grads = tf.reduce_mean(grads, axis=0)
    return (img_input - baseline) * avg_grads
preds = model.predict(IM8[:1], verbose=0)
top = int(np.argmax(preds[0]))
print(r4(preds), top)
ig = get_integrated_gradients(IM8[0], top)
print(ig.shape, ig.dtype, r4(tf.reduce_sum(ig)), r4(ig[0, 0]))
g = get_gradients(IM8[:1], top)
print(g.shape, r4(tf.reduce_max(tf.abs(g))))
print(r4(tf.reduce_sum(tf.abs(ig), axis=-1)[0, :4]))
"""

SNIPPETS["neural_style_transfer_gram"] = _TRY + _IMG + """
feat = keras.Sequential([keras.Input((8, 8, 3)), layers.Conv2D(3, 3, padding="same",
                         activation="relu", name="block1_conv1"),
                         layers.Conv2D(4, 3, padding="same", activation="relu",
                                       name="block2_conv1")], name="vgg_like")
fill(feat)
outputs_dict = dict([(layer.name, layer.output) for layer in feat.layers])
feature_extractor = keras.Model(inputs=feat.inputs, outputs=outputs_dict)
out_shape = feature_extractor.output_shape
print(sorted(out_shape) if isinstance(out_shape, dict) else out_shape)
def gram_matrix(x):
    x = tf.transpose(x, (2, 0, 1))
    features = tf.reshape(x, (tf.shape(x)[0], -1))
    return tf.matmul(features, tf.transpose(features))
def style_loss(style, combination):
    S = gram_matrix(style)
    C = gram_matrix(combination)
    channels = 3
    size = 8 * 8
    return tf.reduce_sum(tf.square(S - C)) / (4.0 * (channels ** 2) * (size ** 2))
def total_variation_loss(x):
    a = tf.square(x[:, : 8 - 1, : 8 - 1, :] - x[:, 1:, : 8 - 1, :])
    b = tf.square(x[:, : 8 - 1, : 8 - 1, :] - x[:, : 8 - 1, 1:, :])
    return tf.reduce_sum(tf.pow(a + b, 1.25))
def compute_loss(combination_image, base_image, style_reference_image):
    input_tensor = tf.concat([base_image, style_reference_image, combination_image], axis=0)
    features = feature_extractor(input_tensor)
    loss = tf.zeros(shape=())
    layer_features = features["block2_conv1"]
    loss = loss + 0.025 * tf.reduce_sum(tf.square(layer_features[2, :, :, :]
                                                  - layer_features[0, :, :, :]))
    for layer_name in ["block1_conv1", "block2_conv1"]:
        lf = features[layer_name]
        loss += (1e-6 / 2) * style_loss(lf[1, :, :, :], lf[2, :, :, :])
    loss += 1e-6 * total_variation_loss(combination_image)
    return loss
@tf.function
def compute_loss_and_grads(combination_image, base_image, style_reference_image):
    with tf.GradientTape() as tape:
        loss = compute_loss(combination_image, base_image, style_reference_image)
    grads = tape.gradient(loss, combination_image)
    return loss, grads
optimizer = keras.optimizers.SGD(keras.optimizers.schedules.ExponentialDecay(
    initial_learning_rate=1.0, decay_steps=2, decay_rate=0.9))
base_image = tf.constant(IM8[:1])
style_reference_image = tf.constant(IM8[1:])
combination_image = tf.Variable(IM8[:1] * 0.5)
for i in range(1, 5):
    loss, grads = compute_loss_and_grads(combination_image, base_image, style_reference_image)
    optimizer.apply_gradients([(grads, combination_image)])
    print(i, r4(loss))
print(r4(gram_matrix(IM8[0])), optimizer.iterations.numpy())
print(compute_loss_and_grads.experimental_get_tracing_count())
"""

SNIPPETS["deep_dream_gradient_ascent"] = _TRY + _IMG + """
base = keras.Sequential([keras.Input((None, None, 3)),
                         layers.Conv2D(3, 3, padding="same", activation="relu", name="mixed4"),
                         layers.Conv2D(2, 3, padding="same", activation="relu", name="mixed5")])
fill(base)
layer_settings = {"mixed4": 1.0, "mixed5": 1.5}
outputs_dict = dict([(layer.name, layer.output) for layer in [base.get_layer(name)
                                                             for name in layer_settings.keys()]])
feature_extractor = keras.Model(inputs=base.inputs, outputs=outputs_dict)
def compute_loss(input_image):
    features = feature_extractor(input_image)
    loss = tf.zeros(shape=())
    for name in features.keys():
        coeff = layer_settings[name]
        activation = features[name]
        scaling = tf.reduce_prod(tf.cast(tf.shape(activation), "float32"))
        loss += coeff * tf.reduce_sum(tf.square(activation[:, 2:-2, 2:-2, :])) / scaling
    return loss
@tf.function
def gradient_ascent_step(img, learning_rate):
    with tf.GradientTape() as tape:
        tape.watch(img)
        loss = compute_loss(img)
    grads = tape.gradient(loss, img)
    grads /= tf.maximum(tf.reduce_mean(tf.abs(grads)), 1e-6)
    img += learning_rate * grads
    return loss, img
def gradient_ascent_loop(img, iterations, learning_rate, max_loss=None):
    for i in range(iterations):
        loss, img = gradient_ascent_step(img, learning_rate)
        if max_loss is not None and loss > max_loss:
            break
        print("... Loss value at step %d: %.4f" % (i, loss))
    return img
img = tf.constant(IM8[:1])
shapes = [(8, 8), (12, 12)]
for shape in shapes:
    img = tf.image.resize(img, shape)
    img = gradient_ascent_loop(img, iterations=2, learning_rate=0.05, max_loss=15.0)
print(img.shape, r4(tf.reduce_mean(img)))
print(gradient_ascent_step.experimental_get_tracing_count())
print(r4(tf.clip_by_value(img[0, 0, :2] * 255.0, 0, 255)))
"""
