"""kprobe28's snippets after keras.io's vision examples: image classification from scratch
with seeded augmentation layers inside the model, Grad-CAM through a sub-model of inner
activations, integrated gradients and saliency maps, DeepDream and style-transfer gradient
ascent on inputs, convolutional and denoising autoencoders with Conv2DTranspose, a
PixelCNN masked Conv2D subclass, PointNet's orthogonal regularizer, supervised contrastive
learning and small Conv3D / ConvLSTM models (see cases.py)."""

from tests.keras.kprobe28.prelude import _TRY

SNIPPETS = {}

# Six 8x8 RGB images in two classes (bright top rows or bright left columns).
_IMAGES = """
IMGS = np.zeros((6, 8, 8, 3), "float32")
for i in range(6):
    if i % 2:
        IMGS[i, :3] = 200.0 + 10 * i
    else:
        IMGS[i, :, :3] = 180.0 + 5 * i
IMGS += (np.arange(8 * 8 * 3).reshape(8, 8, 3) % 11).astype("float32")
LABELS = (np.arange(6) % 2).astype("int32")
"""

SNIPPETS["augmentation_layers_seeded_training_values"] = _TRY + _IMAGES + """
img = IMGS[:2, :4, :4, :1] / 255.0
augs = [layers.RandomFlip("horizontal", seed=7), layers.RandomRotation(0.2, seed=7),
        layers.RandomZoom(0.3, seed=7), layers.RandomContrast(0.4, seed=7),
        layers.RandomTranslation(0.25, 0.25, seed=7), layers.RandomBrightness(0.2, seed=7)]
for a in augs:
    y = a(img, training=True)
    print(type(a).__name__, keras.backend.standardize_dtype(y.dtype), r4(y[0, :, :, 0]))
    print(" inference", bool(np.allclose(a(img, training=False), img)))
"""

SNIPPETS["image_classification_from_scratch_augment_in_model"] = _TRY + _IMAGES + """
data_augmentation = keras.Sequential([layers.RandomFlip("horizontal", seed=3),
                                      layers.RandomRotation(0.1, seed=3)], name="augment")
def make_model(input_shape, num_classes):
    inputs = keras.Input(shape=input_shape)
    x = data_augmentation(inputs)
    x = layers.Rescaling(1.0 / 255)(x)
    # (no biases before BN: their gradients are ~0, which Adam turns into rounding noise)
    x = layers.Conv2D(4, 3, strides=2, padding="same", use_bias=False)(x)
    x = layers.BatchNormalization()(x)
    x = layers.Activation("relu")(x)
    previous_block_activation = x
    for size in [8]:
        x = layers.Activation("relu")(x)
        x = layers.SeparableConv2D(size, 3, padding="same", use_bias=False)(x)
        x = layers.BatchNormalization()(x)
        x = layers.MaxPooling2D(3, strides=2, padding="same")(x)
        residual = layers.Conv2D(size, 1, strides=2, padding="same")(previous_block_activation)
        x = layers.add([x, residual])
        previous_block_activation = x
    x = layers.GlobalAveragePooling2D()(x)
    x = layers.Dropout(0.25, seed=3)(x)
    units = 1 if num_classes == 2 else num_classes
    return keras.Model(inputs, layers.Dense(units, activation=None)(x))
model = make_model((8, 8, 3), 2)
fill_bn(model)
model.summary(line_length=80)
model.compile(optimizer=keras.optimizers.Adam(3e-3),
              loss=keras.losses.BinaryCrossentropy(from_logits=True),
              metrics=[keras.metrics.BinaryAccuracy(name="acc")])
h = model.fit(IMGS, LABELS[:, None].astype("float32"), epochs=3, batch_size=3, shuffle=False,
              verbose=0, validation_data=(IMGS[:2], LABELS[:2, None].astype("float32")))
print(logs4(h))
score = float(keras.ops.sigmoid(model.predict(IMGS[:1], verbose=0)[0][0]))
print(round(score, 4), wsum(model))
"""

SNIPPETS["augmentation_in_tf_data_map_and_prefetch"] = _TRY + _IMAGES + """
aug = keras.Sequential([layers.RandomFlip(seed=11), layers.RandomZoom((-0.2, 0.2), seed=11),
                        layers.RandomContrast(0.2, seed=11)])
ds = tf.data.Dataset.from_tensor_slices((IMGS / 255.0, LABELS)).batch(3)
ds = ds.map(lambda x, y: (aug(x, training=True), y)).prefetch(tf.data.AUTOTUNE)
print(ds.element_spec)
for x, y in ds.take(2):
    print(tuple(x.shape), keras.backend.standardize_dtype(x.dtype), r4(float(np.sum(x))),
          y.numpy().tolist())
m = keras.Sequential([keras.Input((8, 8, 3)), layers.Conv2D(2, 3, activation="relu"),
                      layers.GlobalMaxPooling2D(), layers.Dense(2)])
fill(m)
m.compile("adam", keras.losses.SparseCategoricalCrossentropy(from_logits=True),
          metrics=["accuracy"])
print(logs4(m.fit(ds, epochs=2, verbose=0)))
"""

_CNN = """
def small_cnn():
    inp = keras.Input((8, 8, 3))
    x = layers.Rescaling(1 / 255.0)(inp)
    x = layers.Conv2D(4, 3, padding="same", activation="relu", name="conv1")(x)
    x = layers.Conv2D(4, 3, padding="same", activation="relu", name="last_conv")(x)
    x = layers.GlobalAveragePooling2D(name="gap")(x)
    out = layers.Dense(2, name="predictions")(x)
    m = keras.Model(inp, out, name="cnn")
    fill(m)
    # (a head of positive weights: the class scores grow with the last convolution's
    # active channels, so Grad-CAM's heatmaps have a positive maximum)
    head = m.get_layer("predictions").kernel
    head.assign(np.abs(np.asarray(head)))
    m.layers[-1].activation = None
    return m
"""

SNIPPETS["grad_cam_inner_activation_submodel"] = _TRY + _IMAGES + _CNN + """
model = small_cnn()
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
    return heatmap.numpy(), int(pred_index)
heatmap, idx = make_gradcam_heatmap(IMGS[:1], model, "last_conv")
print(idx, heatmap.shape, heatmap.dtype, r4(heatmap[::3, ::3]))
heatmap2, idx2 = make_gradcam_heatmap(IMGS[1:2], model, "last_conv", pred_index=0)
print(idx2, r4(heatmap2.sum()))
jet = np.uint8(255 * heatmap)
print(jet.dtype, jet.max(), jet[0, :4].tolist())
small = tf.image.resize(heatmap[..., None], (4, 4)).numpy()
print(r4(small[..., 0]))
"""

SNIPPETS["grad_cam_split_conv_and_classifier_models"] = _TRY + _IMAGES + _CNN + """
model = small_cnn()
last_conv_layer = model.get_layer("last_conv")
last_conv_layer_model = keras.Model(model.inputs, last_conv_layer.output)
classifier_input = keras.Input(shape=last_conv_layer.output.shape[1:])
x = classifier_input
for layer_name in ["gap", "predictions"]:
    x = model.get_layer(layer_name)(x)
classifier_model = keras.Model(classifier_input, x)
print(classifier_input.shape, [l.name for l in classifier_model.layers])
with tf.GradientTape() as tape:
    conv_out = last_conv_layer_model(IMGS[1:2])
    tape.watch(conv_out)
    preds = classifier_model(conv_out)
    top_pred_index = tf.argmax(preds[0])
    top_class_channel = preds[:, top_pred_index]
grads = tape.gradient(top_class_channel, conv_out)
pooled = tf.reduce_mean(grads, axis=(0, 1, 2)).numpy()
conv_out = conv_out.numpy()[0] * pooled
heat = np.mean(conv_out, axis=-1)
heat = np.maximum(heat, 0) / np.max(heat)
print(int(top_pred_index), r4(pooled), r4(heat[0]))
print(bool(np.allclose(classifier_model(last_conv_layer_model(IMGS)), model(IMGS), atol=1e-5)))
"""

SNIPPETS["integrated_gradients_riemann_trapezoidal"] = _TRY + _IMAGES + _CNN + """
model = small_cnn()
def get_gradients(img_input, top_pred_idx):
    images = tf.cast(img_input, tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(images)
        preds = model(images)
        top_class = preds[:, top_pred_idx]
    return tape.gradient(top_class, images)
def get_integrated_gradients(img_input, top_pred_idx, baseline=None, num_steps=8):
    if baseline is None:
        baseline = np.zeros(img_input.shape).astype(np.float32)
    img_input = img_input.astype(np.float32)
    interpolated = [baseline + (step / num_steps) * (img_input - baseline)
                    for step in range(num_steps + 1)]
    interpolated = np.array(interpolated).astype(np.float32)
    grads = []
    for i, img in enumerate(interpolated):
        grads.append(get_gradients(tf.expand_dims(img, axis=0), top_pred_idx)[0])
    grads = tf.convert_to_tensor(grads, dtype=tf.float32)
    grads = (grads[:-1] + grads[1:]) / 2.0
    avg_grads = tf.reduce_mean(grads, axis=0)
    return (img_input - baseline) * avg_grads
img = IMGS[0]
pred = model(img[None])
idx = int(tf.argmax(pred[0]))
ig = get_integrated_gradients(img, idx)
print(idx, tuple(ig.shape), keras.backend.standardize_dtype(ig.dtype))
total = float(tf.reduce_sum(ig))
delta = float(pred[0, idx] - model(np.zeros((1, 8, 8, 3), "float32"))[0, idx])
print(round(total * 1000, 4), round(delta * 1000, 4))
attr = tf.reduce_sum(tf.abs(ig), axis=-1)
print(r4(attr[::2, ::2] * 100))
"""

SNIPPETS["saliency_and_smoothgrad_seeded_noise"] = _TRY + _IMAGES + _CNN + """
model = small_cnn()
x = tf.Variable(IMGS[1:2])
with tf.GradientTape() as tape:
    score = model(x)[:, 1]
g = tape.gradient(score, x)
sal = tf.reduce_max(tf.abs(g), axis=-1)[0]
print(type(g).__name__ in ("EagerTensor", "Tensor"), r4(sal[0] * 1000))  # (per 1/255 input)
gen = tf.random.Generator.from_seed(5)
acc = tf.zeros_like(IMGS[1:2])
for _ in range(3):
    noisy = IMGS[1:2] + gen.normal(IMGS[1:2].shape, stddev=10.0)
    with tf.GradientTape() as tape:
        tape.watch(noisy)
        s = model(noisy)[:, 1]
    acc += tape.gradient(s, noisy)
print(r4(tf.reduce_mean(acc / 3.0) * 1e5), r4(tf.reduce_max(tf.abs(acc)) * 1000))
print(r4(gen.normal((3,))))
"""

SNIPPETS["deep_dream_octaves_feature_extractor"] = _TRY + _IMAGES + """
inp = keras.Input((None, None, 3))
x = layers.Rescaling(1 / 255.0)(inp)
x = layers.Conv2D(4, 3, padding="same", activation="relu", name="conv1")(x)
x = layers.Conv2D(4, 3, padding="same", activation="relu", name="last_conv")(x)
model = keras.Model(inp, layers.GlobalAveragePooling2D()(x))
fill(model)
layer_settings = {"conv1": 1.0, "last_conv": 1.5}
outputs_dict = {name: model.get_layer(name).output for name in layer_settings}
feature_extractor = keras.Model(inputs=model.inputs, outputs=outputs_dict)
print(sorted(feature_extractor.output_shape) if isinstance(feature_extractor.output_shape, dict)
      else feature_extractor.output_shape)
def compute_loss(input_image):
    features = feature_extractor(input_image)
    loss = tf.zeros(shape=())
    for name in features.keys():
        coeff = layer_settings[name]
        activation = features[name]
        loss += coeff * tf.reduce_mean(tf.square(activation[:, 1:-1, 1:-1, :]))
    return loss
@tf.function
def gradient_ascent_step(img, learning_rate):
    with tf.GradientTape() as tape:
        tape.watch(img)
        loss = compute_loss(img)
    grads = tape.gradient(loss, img)
    grads = tf.math.l2_normalize(grads)
    img += learning_rate * grads
    return loss, img
img = tf.convert_to_tensor(IMGS[:1])
original_shape = img.shape[1:3]
successive_shapes = [original_shape]
for i in range(1, 3):
    shape = tuple([int(dim / (1.4 ** i)) for dim in original_shape])
    successive_shapes.append(shape)
successive_shapes = successive_shapes[::-1]
print(successive_shapes)
shrunk = tf.image.resize(img, successive_shapes[0])
for shape in successive_shapes:
    img = tf.image.resize(img, shape)
    for it in range(2):
        loss, img = gradient_ascent_step(img, 20.0)
    print(shape, round(float(loss), 4), r4(float(tf.reduce_mean(img))))
    upscaled = tf.image.resize(shrunk, shape)
    same = tf.image.resize(tf.convert_to_tensor(IMGS[:1]), shape)
    img += same - upscaled
    shrunk = tf.image.resize(tf.convert_to_tensor(IMGS[:1]), shape)
print(tuple(img.shape), r4(float(tf.reduce_sum(img))))
"""

SNIPPETS["neural_style_gram_total_variation_sgd"] = _TRY + _IMAGES + _CNN + """
model = small_cnn()
extractor = keras.Model(model.inputs, {l: model.get_layer(l).output for l in ("conv1",
                                                                              "last_conv")})
def gram_matrix(x):
    x = tf.transpose(x, (2, 0, 1))
    features = tf.reshape(x, (tf.shape(x)[0], -1))
    return tf.matmul(features, tf.transpose(features))
def style_loss(style, combination):
    S, C = gram_matrix(style), gram_matrix(combination)
    size = 8 * 8
    return tf.reduce_sum(tf.square(S - C)) / (4.0 * (3 ** 2) * (size ** 2))
def total_variation_loss(x):
    a = tf.square(x[:, :7, :7, :] - x[:, 1:, :7, :])
    b = tf.square(x[:, :7, :7, :] - x[:, :7, 1:, :])
    return tf.reduce_sum(tf.pow(a + b, 1.25))
base, style = tf.constant(IMGS[:1]), tf.constant(IMGS[1:2])
combination = tf.Variable(IMGS[:1])
def compute_loss(comb):
    feats = extractor(tf.concat([base, style, comb], axis=0))
    loss = 2.5e-8 * tf.reduce_sum(tf.square(feats["last_conv"][2] - feats["last_conv"][0]))
    for name in ("conv1", "last_conv"):
        loss += (1e-6 / 2) * style_loss(feats[name][1], feats[name][2])
    return loss + 1e-6 * total_variation_loss(comb)
opt = keras.optimizers.SGD(keras.optimizers.schedules.ExponentialDecay(
    initial_learning_rate=100.0, decay_steps=2, decay_rate=0.96))
for i in range(1, 4):
    with tf.GradientTape() as tape:
        loss = compute_loss(combination)
    grads = tape.gradient(loss, combination)
    opt.apply_gradients([(grads, combination)])
    print(i, r4(float(loss)), r4(float(opt.learning_rate)))
print(r4(float(tf.reduce_mean(combination))), r4(gram_matrix(tf.constant(IMGS[0, :2, :2] / 255))))
"""

SNIPPETS["convolutional_denoising_autoencoder"] = _TRY + """
clean = (np.sin(np.arange(4 * 8 * 8).reshape(4, 8, 8, 1) * 0.3) * 0.5 + 0.5).astype("float32")
noisy = np.clip(clean + 0.2 * np.cos(np.arange(clean.size).reshape(clean.shape) * 1.7), 0,
                1).astype("float32")
inp = keras.Input(shape=(8, 8, 1))
x = layers.Conv2D(4, (3, 3), activation="relu", padding="same")(inp)
x = layers.MaxPooling2D((2, 2), padding="same")(x)
x = layers.Conv2D(4, (3, 3), activation="relu", padding="same")(x)
x = layers.MaxPooling2D((2, 2), padding="same")(x)
x = layers.Conv2DTranspose(4, (3, 3), strides=2, activation="relu", padding="same")(x)
x = layers.Conv2DTranspose(4, (3, 3), strides=2, activation="relu", padding="same")(x)
x = layers.Conv2D(1, (3, 3), activation="sigmoid", padding="same")(x)
autoencoder = keras.Model(inp, x)
fill(autoencoder)
autoencoder.compile(optimizer="adam", loss="binary_crossentropy")
autoencoder.summary()
print(logs4(autoencoder.fit(clean, clean, epochs=2, batch_size=2, shuffle=False, verbose=0,
                            validation_data=(clean, clean))))
print(logs4(autoencoder.fit(noisy, clean, epochs=2, batch_size=2, shuffle=False, verbose=0)))
pred = autoencoder.predict(noisy[:1], verbose=0)
print(pred.shape, r4(pred[0, :2, :2, 0]))
"""

SNIPPETS["conv2d_transpose_output_padding_and_shapes"] = _TRY + """
x = np.arange(2 * 3 * 3 * 2, dtype="float32").reshape(2, 3, 3, 2) / 10
for kw in [dict(kernel_size=3, strides=2, padding="same"),
           dict(kernel_size=3, strides=2, padding="valid"),
           dict(kernel_size=2, strides=2, padding="valid", output_padding=1),
           dict(kernel_size=3, strides=2, padding="same", output_padding=1)]:
    l = layers.Conv2DTranspose(2, **kw)
    try:
        y = l(x)
        fill(l)
        y = l(x)
        print(kw, tuple(y.shape), l.compute_output_shape((None, 3, 3, 2)), r4(float(np.sum(y))))
    except Exception as e:
        print(kw, type(e).__name__, str(e)[:200])
tryp("bad_output_padding", lambda: layers.Conv2DTranspose(2, 2, strides=2, output_padding=2)(x))
l = layers.Conv1DTranspose(3, 3, strides=2, padding="same")
y = l(np.ones((1, 4, 2), "float32"))
fill(l)
print(tuple(y.shape), r4(l(np.ones((1, 4, 2), "float32"))[0, :, 0]))
"""

SNIPPETS["conv_transpose_dilated_on_cpu"] = _TRY + """
x = np.arange(2 * 3 * 3 * 2, dtype="float32").reshape(2, 3, 3, 2) / 10
l = layers.Conv2DTranspose(2, 3, padding="same", dilation_rate=2)
tryp("conv2d_transpose", lambda: l(x).shape)
print(l.compute_output_shape((None, 3, 3, 2)))
l = layers.Conv1DTranspose(2, 2, padding="valid", dilation_rate=2)
tryp("conv1d_transpose", lambda: l(np.ones((1, 4, 2), "float32")).shape)
"""

SNIPPETS["pixelcnn_masked_conv2d_subclass"] = _TRY + """
class MaskedConv2D(layers.Conv2D):
    def __init__(self, mask_type, **kwargs):
        super().__init__(**kwargs)
        self.mask_type = mask_type
    def build(self, input_shape):
        super().build(input_shape)
        kh, kw = self.kernel_size
        mask = np.zeros(self.kernel.shape, "float32")
        mask[: kh // 2, ...] = 1.0
        mask[kh // 2, : kw // 2, ...] = 1.0
        if self.mask_type == "B":
            mask[kh // 2, kw // 2, ...] = 1.0
        self.mask = mask
    def convolution_op(self, inputs, kernel):
        return super().convolution_op(inputs, kernel * self.mask)
    def get_config(self):
        return {**super().get_config(), "mask_type": self.mask_type}
class ResidualBlock(layers.Layer):
    def __init__(self, filters, **kwargs):
        super().__init__(**kwargs)
        self.conv1 = layers.Conv2D(filters=filters, kernel_size=1, activation="relu")
        self.pixel_conv = MaskedConv2D(mask_type="B", filters=filters // 2, kernel_size=3,
                                       activation="relu", padding="same")
        self.conv2 = layers.Conv2D(filters=filters, kernel_size=1, activation="relu")
    def call(self, inputs):
        x = self.conv2(self.pixel_conv(self.conv1(inputs)))
        return layers.add([inputs, x])
l = MaskedConv2D("A", filters=1, kernel_size=3, padding="same", use_bias=False)
img = np.arange(25, dtype="float32").reshape(1, 5, 5, 1)
y = l(img)
l.kernel.assign(np.ones((3, 3, 1, 1), "float32"))
print(l.mask[..., 0, 0].tolist())
print(r4(l(img)[0, :, :, 0]))
inputs = keras.Input(shape=(5, 5, 1))
x = MaskedConv2D(mask_type="A", filters=4, kernel_size=5, activation="relu", padding="same")(inputs)
x = ResidualBlock(filters=4)(x)
x = MaskedConv2D(mask_type="B", filters=4, kernel_size=1, activation="relu", padding="valid")(x)
out = layers.Conv2D(filters=1, kernel_size=1, strides=1, activation="sigmoid", padding="valid")(x)
pixel_cnn = keras.Model(inputs, out)
fill(pixel_cnn)
data = (img / 24.0 > 0.5).astype("float32")
pixel_cnn.compile(optimizer=keras.optimizers.Adam(0.01), loss="binary_crossentropy")
print(logs4(pixel_cnn.fit(np.repeat(data, 2, 0), np.repeat(data, 2, 0), epochs=3, verbose=0)))
probs = pixel_cnn.predict(data, verbose=0)
print(r4(probs[0, 0, :, 0]), sorted(pixel_cnn.layers[1].get_config())[:3])
"""

SNIPPETS["pointnet_orthogonal_regularizer_tnet"] = _TRY + """
class OrthogonalRegularizer(keras.regularizers.Regularizer):
    def __init__(self, num_features, l2reg=0.001):
        self.num_features = num_features
        self.l2reg = l2reg
        self.eye = keras.ops.eye(num_features)
    def __call__(self, x):
        x = keras.ops.reshape(x, (-1, self.num_features, self.num_features))
        xxt = keras.ops.tensordot(x, x, axes=(2, 2))
        xxt = keras.ops.reshape(xxt, (-1, self.num_features, self.num_features))
        return keras.ops.sum(self.l2reg * keras.ops.square(xxt - self.eye))
    def get_config(self):
        return {"num_features": self.num_features, "l2reg": self.l2reg}
def conv_bn(x, filters):
    x = layers.Conv1D(filters, kernel_size=1, padding="valid")(x)
    x = layers.BatchNormalization(momentum=0.0)(x)
    return layers.Activation("relu")(x)
def tnet(inputs, num_features):
    bias = keras.initializers.Constant(np.eye(num_features).flatten())
    reg = OrthogonalRegularizer(num_features)
    x = conv_bn(inputs, 4)
    x = layers.GlobalMaxPooling1D()(x)
    x = layers.Dense(num_features * num_features, kernel_initializer="zeros",
                     bias_initializer=bias, activity_regularizer=reg)(x)
    feat_T = layers.Reshape((num_features, num_features))(x)
    return layers.Dot(axes=(2, 1))([inputs, feat_T])
inputs = keras.Input(shape=(6, 3))
x = tnet(inputs, 3)
x = conv_bn(x, 4)
x = layers.GlobalMaxPooling1D()(x)
outputs = layers.Dense(2, activation="softmax")(x)
model = keras.Model(inputs=inputs, outputs=outputs, name="pointnet")
pts = np.sin(np.arange(4 * 6 * 3).reshape(4, 6, 3) * 0.7).astype("float32")
y = model(pts)
print(tuple(y.shape), len(model.losses), r4(model.losses))
r = OrthogonalRegularizer(2, 0.5)
print(r4(r(keras.ops.ones((1, 4)))), r.get_config())
model.compile(loss="sparse_categorical_crossentropy", optimizer=keras.optimizers.Adam(0.01),
              metrics=["sparse_categorical_accuracy"])
print(logs4(model.fit(pts, np.array([0, 1, 0, 1]), epochs=2, batch_size=2, verbose=0,
                      shuffle=False)))
"""

SNIPPETS["supervised_contrastive_loss_encoder"] = _TRY + _IMAGES + """
class SupervisedContrastiveLoss(keras.losses.Loss):
    def __init__(self, temperature=1, name=None):
        super().__init__(name=name)
        self.temperature = temperature
    def __call__(self, labels, feature_vectors, sample_weight=None):
        fv = keras.ops.normalize(feature_vectors, axis=1, order=2)
        logits = keras.ops.divide(keras.ops.matmul(fv, keras.ops.transpose(fv)), self.temperature)
        labels = keras.ops.squeeze(labels)
        mask = keras.ops.cast(keras.ops.equal(labels[:, None], labels[None, :]), "float32")
        log_prob = logits - keras.ops.logsumexp(logits, axis=1, keepdims=True)
        return -keras.ops.mean(keras.ops.sum(mask * log_prob, axis=1) / keras.ops.sum(mask, axis=1))
def create_encoder():
    inputs = keras.Input((8, 8, 3))
    x = layers.Rescaling(1 / 255.0)(inputs)
    x = layers.Conv2D(3, 3, activation="relu")(x)
    outputs = layers.GlobalAveragePooling2D()(x)
    return keras.Model(inputs, outputs, name="encoder")
encoder = create_encoder()
fill(encoder)
inputs = keras.Input((8, 8, 3))
features = layers.Dense(4, activation="relu")(encoder(inputs))
encoder_with_projection_head = keras.Model(inputs, features, name="encoder_with_projection-head")
fill(encoder_with_projection_head)
encoder_with_projection_head.compile(optimizer=keras.optimizers.Adam(0.01),
                                     loss=SupervisedContrastiveLoss(0.05))
print(r4(SupervisedContrastiveLoss(0.5)(LABELS, encoder_with_projection_head(IMGS))))
h = encoder_with_projection_head.fit(IMGS, LABELS, batch_size=6, epochs=3, verbose=0)
print(logs4(h))
encoder.trainable = False
clf = keras.Model(inputs, layers.Dense(2, activation="softmax")(layers.Dropout(0.5,
                                                                               seed=1)(encoder(inputs))))
fill(clf.layers[-1])
clf.compile(keras.optimizers.Adam(0.01), "sparse_categorical_crossentropy", metrics=["accuracy"])
print(logs4(clf.fit(IMGS, LABELS, epochs=2, verbose=0, shuffle=False)), len(clf.trainable_weights))
"""

SNIPPETS["mnist_convnet_validation_split_evaluate"] = _TRY + """
x_train = (np.arange(10 * 6 * 6).reshape(10, 6, 6) % 13 / 13.0).astype("float32")
y_train = keras.utils.to_categorical(np.arange(10) % 3, 3)
x_train = np.expand_dims(x_train, -1)
print(x_train.shape, y_train.shape, y_train.dtype)
model = keras.Sequential([keras.Input(shape=(6, 6, 1)),
                          layers.Conv2D(4, kernel_size=(3, 3), activation="relu"),
                          layers.MaxPooling2D(pool_size=(2, 2)),
                          layers.Flatten(), layers.Dropout(0.5, seed=1),
                          layers.Dense(3, activation="softmax")])
fill(model)
model.summary()
model.compile(loss="categorical_crossentropy", optimizer="adam", metrics=["accuracy"])
h = model.fit(x_train, y_train, batch_size=4, epochs=3, validation_split=0.2, verbose=0,
              shuffle=False)
print(logs4(h))
score = model.evaluate(x_train, y_train, verbose=0)
print("Test loss:", round(score[0], 4), "Test accuracy:", round(score[1], 4))
"""

SNIPPETS["video_conv3d_and_convlstm_next_frame"] = _TRY + """
frames = (np.sin(np.arange(2 * 4 * 5 * 5).reshape(2, 4, 5, 5,
                                                  1) * 0.4) * 0.5 + 0.5).astype("float32")
inp = keras.Input(shape=(None, 5, 5, 1))
x = layers.ConvLSTM2D(filters=3, kernel_size=(3, 3), padding="same", return_sequences=True,
                      activation="relu")(inp)
x = layers.BatchNormalization()(x)
x = layers.Conv3D(filters=1, kernel_size=(3, 3, 3), activation="sigmoid", padding="same")(x)
model = keras.Model(inp, x)
fill_bn(model)
model.compile(loss=keras.losses.binary_crossentropy, optimizer=keras.optimizers.Adam(0.01))
print(model.output_shape, [tuple(w.shape) for w in model.layers[1].weights])
h = model.fit(frames[:, :-1], frames[:, 1:], epochs=2, batch_size=1, verbose=0, shuffle=False)
print(logs4(h))
pred = model.predict(frames[:1, :2], verbose=0)
print(pred.shape, r4(pred[0, -1, 2, :, 0]))
clf = keras.Sequential([keras.Input((4, 5, 5, 1)), layers.Conv3D(2, 2, activation="relu"),
                        layers.MaxPool3D(2), layers.GlobalAveragePooling3D(), layers.Dense(1)])
fill(clf)
print(r4(clf(frames).numpy().ravel()), clf.layers[0].compute_output_shape((None, 4, 5, 5, 1)))
"""
