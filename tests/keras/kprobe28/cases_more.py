"""More of kprobe28's snippets after keras.io's examples: sharpness-aware minimization and
gradient centralization in custom train steps and optimizers, Monte-Carlo dropout
predictions, focal and Dice losses for imbalanced segmentation, model ensembles by
averaging, involution and external-attention layers, a learnable resizer, additive
angular margin heads, box IoU with keras.ops, and optimizers' EMA and weight-decay
exclusions (see cases.py)."""

from tests.keras.kprobe28.prelude import _TRY

SNIPPETS = {}

SNIPPETS["sharpness_aware_minimization_train_step"] = _TRY + """
class SAMModel(keras.Model):
    def __init__(self, model, rho=0.05):
        super().__init__()
        self.model = model
        self.rho = rho
    def train_step(self, data):
        (images, labels) = data
        e_ws = []
        with tf.GradientTape() as tape:
            predictions = self.model(images)
            loss = self.compute_loss(y=labels, y_pred=predictions)
        trainable_params = self.model.trainable_variables
        gradients = tape.gradient(loss, trainable_params)
        grad_norm = self._grad_norm(gradients)
        scale = self.rho / (grad_norm + 1e-12)
        for (grad, param) in zip(gradients, trainable_params):
            e_w = grad * scale
            param.assign_add(e_w)
            e_ws.append(e_w)
        with tf.GradientTape() as tape:
            predictions = self.model(images)
            loss = self.compute_loss(y=labels, y_pred=predictions)
        sam_gradients = tape.gradient(loss, trainable_params)
        for (param, e_w) in zip(trainable_params, e_ws):
            param.assign_sub(e_w)
        self.optimizer.apply_gradients(zip(sam_gradients, trainable_params))
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(labels, predictions)
        return {m.name: m.result() for m in self.metrics}
    def call(self, x):
        return self.model(x)
    def _grad_norm(self, gradients):
        return tf.norm(tf.stack([tf.norm(grad) for grad in gradients if grad is not None]))
inner = keras.Sequential([keras.Input((3,)), layers.Dense(4, activation="relu"), layers.Dense(2)])
fill(inner)
sam = SAMModel(inner, rho=0.1)
sam.compile(optimizer=keras.optimizers.SGD(0.2),
            loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=["accuracy"])
labels = (np.arange(8) % 2).astype("int32")
print(logs4(sam.fit(X, labels, epochs=3, batch_size=4, verbose=0, shuffle=False)))
print(wsum(inner), [m.name for m in sam.metrics])
print(r4(sam.evaluate(X, labels, verbose=0)))
"""

SNIPPETS["gradient_centralization_optimizer_subclass"] = _TRY + """
class GCRMSprop(keras.optimizers.RMSprop):
    def apply_gradients(self, grads_and_vars, **kwargs):
        grads_and_vars = list(grads_and_vars)
        centralized = []
        for grad, var in grads_and_vars:
            if len(grad.shape) > 1:
                grad -= keras.ops.mean(grad, axis=list(range(len(grad.shape) - 1)), keepdims=True)
            centralized.append((grad, var))
        return super().apply_gradients(centralized, **kwargs)
opt = GCRMSprop(learning_rate=0.01)
m = keras.Sequential([keras.Input((3,)), layers.Dense(4, activation="relu"), layers.Dense(1)])
fill(m)
m.compile(optimizer=opt, loss="mse")
print(logs4(m.fit(X, Y, epochs=3, batch_size=4, verbose=0, shuffle=False)))
k = np.asarray(m.layers[0].kernel)
print(wsum(m), opt.iterations.numpy(), type(opt).__name__, sorted(opt.get_config())[:4])
v = tf.Variable(np.ones((2, 2), "float32"))
opt2 = GCRMSprop(learning_rate=0.1)
opt2.apply_gradients([(tf.constant([[1.0, 2.0], [3.0, 5.0]]), v)])
print(r4(v))
"""

SNIPPETS["monte_carlo_dropout_predictions"] = _TRY + """
inp = keras.Input((3,))
x = layers.Dense(8, activation="relu")(inp)
x = layers.Dropout(0.5, seed=9)(x)
out = layers.Dense(1)(x)
m = keras.Model(inp, out)
fill(m)
m.compile(keras.optimizers.Adam(0.02), "mse")
m.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False)
det = m.predict(X[:3], verbose=0)
samples = np.stack([m(X[:3], training=True).numpy() for _ in range(5)])
print(r4(det.ravel()), samples.shape)
print(r4(samples.mean(axis=0).ravel()), r4(samples.std(axis=0).ravel()))
print(bool(np.allclose(m(X[:3], training=False), det)))
class MCDropout(layers.Dropout):
    def call(self, inputs, training=None):
        return super().call(inputs, training=True)
seq = keras.Sequential([keras.Input((3,)), layers.Dense(4), MCDropout(0.5, seed=2),
                        layers.Dense(1)])
fill(seq)
a, b = seq.predict(X[:2], verbose=0), seq.predict(X[:2], verbose=0)
print(r4(a.ravel()), r4(b.ravel()))
"""

SNIPPETS["focal_and_dice_losses_segmentation"] = _TRY + """
masks = np.zeros((2, 4, 4, 1), "float32")
masks[0, 1:3, 1:3] = 1
masks[1, 0, :] = 1
logits = np.sin(np.arange(32, dtype="float32").reshape(2, 4, 4, 1))
probs = 1 / (1 + np.exp(-logits))
def dice_loss(y_true, y_pred, smooth=1.0):
    y_true = keras.ops.reshape(y_true, (keras.ops.shape(y_true)[0], -1))
    y_pred = keras.ops.reshape(y_pred, (keras.ops.shape(y_pred)[0], -1))
    inter = keras.ops.sum(y_true * y_pred, axis=-1)
    union = keras.ops.sum(y_true, axis=-1) + keras.ops.sum(y_pred, axis=-1)
    return 1 - (2 * inter + smooth) / (union + smooth)
print(r4(dice_loss(masks, probs)))
for kw in [dict(), dict(apply_class_balancing=True, alpha=0.25), dict(gamma=0.0),
           dict(from_logits=True), dict(label_smoothing=0.1, gamma=1.0)]:
    f = keras.losses.BinaryFocalCrossentropy(**kw)
    y = logits if kw.get("from_logits") else probs
    print(kw, r4(f(masks, y)))
cf = keras.losses.CategoricalFocalCrossentropy(alpha=0.5, gamma=2.0)
print(r4(cf([[0, 1, 0], [1, 0, 0]], [[0.2, 0.7, 0.1], [0.3, 0.3, 0.4]])))
tversky = keras.losses.Tversky(alpha=0.3, beta=0.7)
print(r4(keras.losses.Dice()(masks, probs)), r4(tversky(masks, probs)))
inp = keras.Input((4, 4, 1))
hidden = layers.Conv2D(2, 3, padding="same")(inp)
out = layers.Conv2D(1, 3, padding="same", activation="sigmoid")(hidden)
m = keras.Model(inp, out)
fill(m)
def dice_focal(t, p):
    return dice_loss(t, p) + keras.ops.mean(keras.losses.binary_focal_crossentropy(t, p),
                                            axis=(1, 2))
m.compile(keras.optimizers.Adam(0.05), loss=dice_focal,
          metrics=[keras.metrics.BinaryIoU(target_class_ids=[1], threshold=0.5)])
print(logs4(m.fit(masks, masks, epochs=3, verbose=0)))
"""

SNIPPETS["model_ensemble_average_and_concat"] = _TRY + """
def member(units, name):
    inp = keras.Input((3,))
    m = keras.Model(inp, layers.Dense(1)(layers.Dense(units, activation="tanh")(inp)), name=name)
    fill(m, 0.3 + units * 0.05)
    return m
members = [member(u, f"m{u}") for u in (2, 3, 4)]
for mm in members:
    mm.compile(keras.optimizers.SGD(0.1), "mse")
    mm.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False)
inp = keras.Input((3,))
avg = layers.Average()([mm(inp) for mm in members])
ensemble = keras.Model(inp, avg, name="ensemble")
preds = [mm.predict(X[:3], verbose=0) for mm in members]
print(r4(np.mean(preds, axis=0).ravel()), r4(ensemble.predict(X[:3], verbose=0).ravel()))
print([l.name for l in ensemble.layers], ensemble.count_params())
stack = layers.concatenate([mm(inp) for mm in members])
for mm in members:
    mm.trainable = False
meta = keras.Model(inp, layers.Dense(1, name="meta")(stack))
fill(meta.get_layer("meta"))
meta.compile(keras.optimizers.SGD(0.1), "mse")
print(logs4(meta.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False)))
print(len(meta.trainable_weights), len(meta.non_trainable_weights),
      r4(meta.get_layer("meta").kernel))
tryp("average_one", lambda: layers.Average()([X]))
tryp("average_shapes", lambda: layers.Average()([X, X[:, :2]]))
"""

SNIPPETS["involution_layer_kernel_generation"] = _TRY + """
class Involution(keras.layers.Layer):
    def __init__(self, channel, group_number, kernel_size, stride, reduction_ratio, name):
        super().__init__(name=name)
        self.channel = channel
        self.group_number = group_number
        self.kernel_size = kernel_size
        self.stride = stride
        self.reduction_ratio = reduction_ratio
    def build(self, input_shape):
        (_, height, width, num_channels) = input_shape
        height = height // self.stride
        width = width // self.stride
        self.stride_layer = (keras.layers.AveragePooling2D(pool_size=self.stride,
                                                           strides=self.stride,
                                                           padding="same")
                             if self.stride > 1 else tf.identity)
        self.kernel_gen = keras.Sequential([
            keras.layers.Conv2D(filters=self.channel // self.reduction_ratio, kernel_size=1),
            keras.layers.BatchNormalization(), keras.layers.ReLU(),
            keras.layers.Conv2D(filters=self.kernel_size * self.kernel_size * self.group_number,
                                kernel_size=1)])
        self.kernel_reshape = keras.layers.Reshape(
            target_shape=(height, width, self.kernel_size * self.kernel_size, 1, self.group_number))
        self.input_patches_reshape = keras.layers.Reshape(
            target_shape=(height, width, self.kernel_size * self.kernel_size,
                          num_channels // self.group_number, self.group_number))
        self.output_reshape = keras.layers.Reshape(target_shape=(height, width, num_channels))
    def call(self, x):
        kernel_input = self.stride_layer(x)
        kernel = self.kernel_gen(kernel_input)
        kernel = self.kernel_reshape(kernel)
        input_patches = tf.image.extract_patches(images=x, sizes=[1, self.kernel_size,
                                                                  self.kernel_size, 1],
                                                 strides=[1, self.stride, self.stride, 1],
                                                 rates=[1, 1, 1, 1], padding="SAME")
        input_patches = self.input_patches_reshape(input_patches)
        output = tf.multiply(kernel, input_patches)
        output = tf.reduce_sum(output, axis=3)
        output = self.output_reshape(output)
        return output, kernel
x = np.sin(np.arange(2 * 6 * 6 * 3, dtype="float32").reshape(2, 6, 6, 3))
for stride, red in [(1, 1), (2, 2)]:
    inv = Involution(channel=3, group_number=1, kernel_size=3, stride=stride,
                     reduction_ratio=red, name=f"inv_{stride}")
    out, k = inv(x)
    fill_bn(inv)
    out, k = inv(x)
    print(stride, tuple(out.shape), tuple(k.shape), r4(float(tf.reduce_sum(out))))
inp = keras.Input((6, 6, 3))
y, _ = Involution(3, 1, 3, 1, 1, name="inv")(inp)
m = keras.Model(inp, layers.Dense(1)(layers.GlobalAveragePooling2D()(layers.ReLU()(y))))
fill_bn(m)
m.compile(keras.optimizers.Adam(0.01), "mse")
print(logs4(m.fit(x, np.array([[0.5], [-0.5]], "float32"), epochs=2, verbose=0)))
"""

SNIPPETS["external_attention_eanet_block"] = _TRY + """
def external_attention(x, dim, num_heads, dim_coefficient=2, attention_dropout=0,
                       projection_dropout=0):
    _, num_patch, channel = x.shape
    assert dim % num_heads == 0
    num_heads = num_heads * dim_coefficient
    x = layers.Dense(dim * dim_coefficient)(x)
    x = keras.ops.reshape(x, (-1, num_patch, num_heads, dim * dim_coefficient // num_heads))
    x = keras.ops.transpose(x, axes=[0, 2, 1, 3])
    attn = layers.Dense(dim // dim_coefficient)(x)
    attn = layers.Softmax(axis=2)(attn)
    attn = layers.Lambda(lambda a: keras.ops.divide(a, keras.ops.convert_to_tensor(1e-9) +
                                                    keras.ops.sum(a, axis=-1, keepdims=True)))(attn)
    attn = layers.Dropout(attention_dropout)(attn)
    x = layers.Dense(dim * dim_coefficient // num_heads)(attn)
    x = keras.ops.transpose(x, axes=[0, 2, 1, 3])
    x = keras.ops.reshape(x, [-1, num_patch, dim * dim_coefficient])
    x = layers.Dense(dim)(x)
    return layers.Dropout(projection_dropout)(x)
inp = keras.Input((5, 4))
y = external_attention(inp, 4, 2)
m = keras.Model(inp, y)
fill(m)
x = np.cos(np.arange(2 * 5 * 4, dtype="float32").reshape(2, 5, 4))
print(y.shape, np.round(np.asarray(m(x)[0, 0]), 3).tolist(), len(m.layers))  # (0.70965)
print(sorted({type(l).__name__ for l in m.layers}))
"""

SNIPPETS["learnable_resizer_bilinear_residual"] = _TRY + """
INP_SIZE, TARGET_SIZE = (8, 8), (4, 4)
def conv_block(x, filters, kernel_size, strides, activation=layers.LeakyReLU(0.2)):
    x = layers.Conv2D(filters, kernel_size, strides, padding="same", use_bias=False)(x)
    x = layers.BatchNormalization()(x)
    if activation:
        x = activation(x)
    return x
def res_block(x):
    inputs = x
    x = conv_block(x, 4, 3, 1)
    x = conv_block(x, 4, 3, 1, activation=None)
    return layers.Add()([inputs, x])
def get_learnable_resizer(filters=4, num_res_blocks=1, interpolation="bilinear"):
    inputs = layers.Input(shape=[None, None, 3])
    naive_resize = layers.Resizing(*TARGET_SIZE, interpolation=interpolation)(inputs)
    x = layers.Conv2D(filters=filters, kernel_size=7, strides=1, padding="same")(inputs)
    x = layers.LeakyReLU(0.2)(x)
    x = layers.Conv2D(filters=filters, kernel_size=1, strides=1, padding="same")(x)
    x = layers.LeakyReLU(0.2)(x)
    x = layers.BatchNormalization()(x)
    bottleneck = layers.Resizing(*TARGET_SIZE, interpolation=interpolation)(x)
    for _ in range(num_res_blocks):
        x = res_block(bottleneck)
    x = layers.Conv2D(filters=filters, kernel_size=3, strides=1, padding="same", use_bias=False)(x)
    x = layers.BatchNormalization()(x)
    x = layers.Add()([bottleneck, x])
    x = layers.Conv2D(filters=3, kernel_size=7, strides=1, padding="same")(x)
    final_resize = layers.Add()([naive_resize, x])
    return keras.Model(inputs, final_resize, name="learnable_resizer")
resizer = get_learnable_resizer()
fill_bn(resizer)
img = (np.arange(8 * 8 * 3, dtype="float32").reshape(1, 8, 8, 3) % 13) / 13
out = resizer(img[None][0])
print(tuple(out.shape), r4(out[0, :, :, 0]))
print(r4(layers.Resizing(4, 4, interpolation="bilinear")(img)[0, :, :, 0]))
print(len(resizer.layers), resizer.count_params())
print(tuple(resizer(np.ones((1, 6, 10, 3), "float32")).shape))
"""

SNIPPETS["additive_angular_margin_head"] = _TRY + """
class ArcFace(layers.Layer):
    def __init__(self, n_classes, s=8.0, m=0.3, **kw):
        super().__init__(**kw)
        self.n_classes, self.s, self.m = n_classes, s, m
    def build(self, input_shape):
        self.W = self.add_weight(shape=(input_shape[0][-1], self.n_classes),
                                 initializer="glorot_uniform", name="W")
    def call(self, inputs):
        x, y = inputs
        x = keras.ops.normalize(x, axis=1)
        W = keras.ops.normalize(self.W, axis=0)
        logits = keras.ops.matmul(x, W)
        theta = keras.ops.arccos(keras.ops.clip(logits, -1 + 1e-7, 1 - 1e-7))
        target = keras.ops.cos(theta + self.m)
        onehot = keras.ops.one_hot(y, self.n_classes)
        return self.s * (logits * (1 - onehot) + target * onehot)
feat_in = keras.Input((3,))
label_in = keras.Input((), dtype="int32")
emb = layers.Dense(4)(feat_in)
logits = ArcFace(3, name="arc")([emb, label_in])
m = keras.Model([feat_in, label_in], logits)
fill(m)
labels = (np.arange(8) % 3).astype("int32")
print(r4(m([X[:2], labels[:2]])))
m.compile(keras.optimizers.Adam(0.05), keras.losses.SparseCategoricalCrossentropy(from_logits=True))
print(logs4(m.fit([X, labels], labels, epochs=3, batch_size=4, verbose=0, shuffle=False)))
print([w.path for w in m.get_layer("arc").weights])
"""

SNIPPETS["box_iou_and_format_conversion_ops"] = _TRY + """
def swap_xy(boxes):
    return keras.ops.stack([boxes[..., 1], boxes[..., 0], boxes[..., 3], boxes[..., 2]], axis=-1)
def convert_to_xywh(boxes):
    return keras.ops.concatenate([(boxes[..., :2] + boxes[..., 2:]) / 2.0,
                                  boxes[..., 2:] - boxes[..., :2]], axis=-1)
def convert_to_corners(boxes):
    return keras.ops.concatenate([boxes[..., :2] - boxes[..., 2:] / 2.0,
                                  boxes[..., :2] + boxes[..., 2:] / 2.0], axis=-1)
def compute_iou(boxes1, boxes2):
    boxes1_corners = convert_to_corners(boxes1)
    boxes2_corners = convert_to_corners(boxes2)
    lu = keras.ops.maximum(boxes1_corners[:, None, :2], boxes2_corners[:, :2])
    rd = keras.ops.minimum(boxes1_corners[:, None, 2:], boxes2_corners[:, 2:])
    intersection = keras.ops.maximum(0.0, rd - lu)
    intersection_area = intersection[:, :, 0] * intersection[:, :, 1]
    boxes1_area = boxes1[:, 2] * boxes1[:, 3]
    boxes2_area = boxes2[:, 2] * boxes2[:, 3]
    union_area = keras.ops.maximum(boxes1_area[:, None] + boxes2_area - intersection_area, 1e-8)
    return keras.ops.clip(intersection_area / union_area, 0.0, 1.0)
corners = np.array([[0.1, 0.2, 0.5, 0.6], [0.3, 0.3, 0.9, 0.8], [0.0, 0.0, 1.0, 1.0]], "float32")
xywh = convert_to_xywh(corners)
print(r4(xywh), r4(convert_to_corners(xywh)))
print(r4(swap_xy(corners)[0]))
iou = compute_iou(xywh, xywh[:2])
print(r4(iou))
print(keras.ops.convert_to_numpy(keras.ops.argmax(iou, axis=1)).tolist())
sel = tf.image.non_max_suppression(corners, [0.9, 0.8, 0.7], max_output_size=3, iou_threshold=0.3)
print(sel.numpy().tolist())
print(r4(keras.utils.bounding_boxes.compute_iou(corners, corners[:2], bounding_box_format="yxyx")))
"""

SNIPPETS["optimizer_ema_and_weight_decay_exclusions"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="d1"),
                      layers.LayerNormalization(name="ln"), layers.Dense(1, name="d2")])
fill(m)
opt = keras.optimizers.AdamW(learning_rate=0.05, weight_decay=0.1, use_ema=True,
                             ema_momentum=0.5, ema_overwrite_frequency=None)
opt.exclude_from_weight_decay(var_names=["bias", "gamma", "beta"])
m.compile(opt, "mse")
print(logs4(m.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False)))
print(wsum(m))
before = [np.asarray(w).copy() for w in m.trainable_weights]
opt.finalize_variable_values(m.trainable_variables)
after = [np.asarray(w) for w in m.trainable_weights]
print(r4(sum(float(np.abs(a - b).sum()) for a, b in zip(after, before))))
print(sorted(k for k in opt.get_config() if "ema" in k or "decay" in k))
sgd = keras.optimizers.SGD(0.1, weight_decay=0.5)
v = keras.Variable(np.ones(2, "float32"), name="kernel")
b = keras.Variable(np.ones(2, "float32"), name="bias")
sgd.exclude_from_weight_decay(var_list=[b])
sgd.apply_gradients([(np.zeros(2, "float32"), v), (np.zeros(2, "float32"), b)])
print(r4(v), r4(b))
tryp("exclude_after_build", lambda: opt.exclude_from_weight_decay(var_names=["x"]))
"""

SNIPPETS["training_mode_shared_through_an_outer_call"] = _TRY + """
class Probe(layers.Layer):
    def __init__(self, tag, **kw):
        super().__init__(**kw)
        self.tag = tag
    def call(self, x, training=None):
        print(" ", self.tag, training)
        return x
class Student(keras.Model):
    def __init__(self):
        super().__init__()
        self.teacher, self.student = Probe("teacher"), Probe("student")
        self.drop = layers.Dropout(0.5, seed=3)
    def call(self, x, training=None):
        t = self.teacher(x, training=False)
        s = self.student(x)
        return self.drop(s) + 0 * t
m = Student()
x = np.ones((1, 6), "float32")
for kw in ({}, {"training": True}, {"training": False}):
    print(kw, r4(m(x, **kw)))
inp = keras.Input((4, 4, 2))
bn = layers.BatchNormalization(name="bn")
out = bn(layers.Resizing(2, 2)(inp))
model = keras.Model(inp, out)
img = np.arange(32, dtype="float32").reshape(1, 4, 4, 2)
model(img)
print("after a plain call", r4(bn.moving_mean))
model.predict(img, verbose=0)
print("after predict", r4(bn.moving_mean))
model(img, training=False)
print("after training=False", r4(bn.moving_mean))
seq = keras.Sequential([keras.Input((4, 4, 2)), layers.RandomFlip("horizontal", seed=4),
                        layers.Dropout(0.5, seed=4)])
print(r4(seq(img)[0, 0]), r4(seq(img, training=False)[0, 0]))
"""

SNIPPETS["metric_dtypes_as_policies"] = _TRY + """
for d in (None, "float64", "mixed_float16", "mixed_bfloat16", "int32", "float16"):
    tryp(str(d), lambda: (keras.metrics.Mean(dtype=d).dtype, keras.metrics.AUC(dtype=d).dtype))
tryp("bad_name", lambda: keras.metrics.Mean(dtype="foo"))
tryp("bad_quantized", lambda: keras.metrics.Hinge(dtype="int8x"))
m = keras.metrics.Mean(dtype="mixed_float16")
m.update_state([1.0, 2.0, 4.0])
print(m.result().dtype, r4(m.result()), [v.dtype for v in m.variables])
s = keras.metrics.Sum(dtype="float64")
s.update_state(np.array([0.1, 0.2]))
print(s.result().dtype, r4(s.result()))
print([keras.metrics.AUC().name for _ in range(2)])
tryp("auc_bad", lambda: keras.metrics.AUC(curve="XY", num_thresholds=1))
print(keras.metrics.AUC().name)
"""
