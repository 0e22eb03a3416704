# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Adversarial example using FGSM" and "Integrated gradients" tutorials, and the
Grad-CAM recipe, on small seeded models and images (no downloaded weights): MobileNetV2's
preprocess_input, a MobileNetV2(weights=None) classifier's shapes, the FGSM perturbation
(a tape watching the image, sign of the gradient, clip_by_value) and how predictions move
with epsilon; integrated gradients (interpolated images over alphas, batched gradients,
the trapezoidal Riemann integral, a tf.function over batches with a TensorArray, the
completeness check); Grad-CAM (a model with the last conv layer as a second output)."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(13)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(13)


def r(x, n=4):
    return np.round(np.asarray(x, dtype=np.float64), n)


# -- FGSM: the model and the image
image_raw = rng.integers(0, 256, size=(48, 48, 3)).astype("uint8")
image = tf.cast(image_raw, tf.float32)
image = tf.image.resize(image, (32, 32))
print(image.shape, image.dtype)
image = tf.keras.applications.mobilenet_v2.preprocess_input(image)
print(r(tf.reduce_min(image), 3), r(tf.reduce_max(image), 3))
image = image[None, ...]
print(r(tf.keras.applications.mobilenet_v2.preprocess_input(np.array([0.0, 127.5, 255.0])), 3))
mobilenet = tf.keras.applications.MobileNetV2(include_top=True, weights=None, input_shape=(32, 32, 3), alpha=0.35, classes=10)
mobilenet.trainable = False
print(mobilenet.name, len(mobilenet.layers), mobilenet.output_shape, mobilenet.count_params())
print(mobilenet(image).shape)

pretrained_model = keras.Sequential([
    keras.Input((32, 32, 3)),
    layers.Conv2D(8, 3, activation="relu"),
    layers.MaxPooling2D(),
    layers.Conv2D(16, 3, activation="relu"),
    layers.GlobalAveragePooling2D(),
    layers.Dense(10, activation="softmax"),
])
x_train = rng.uniform(-1, 1, size=(64, 32, 32, 3)).astype("float32")
y_train = rng.integers(0, 10, size=(64,))
pretrained_model.compile(optimizer=keras.optimizers.Adam(1e-2), loss="sparse_categorical_crossentropy")
pretrained_model.fit(x_train, y_train, epochs=2, batch_size=16, verbose=0)
pretrained_model.trainable = False
image_probs = pretrained_model.predict(image, verbose=0)
print(image_probs.shape, r(image_probs.sum(), 3))
loss_object = tf.keras.losses.CategoricalCrossentropy()


def create_adversarial_pattern(input_image, input_label):
    with tf.GradientTape() as tape:
        tape.watch(input_image)
        prediction = pretrained_model(input_image)
        loss = loss_object(input_label, prediction)
    gradient = tape.gradient(loss, input_image)
    signed_grad = tf.sign(gradient)
    return signed_grad


label_index = int(np.argmax(image_probs))
label = tf.one_hot(label_index, image_probs.shape[-1])
label = tf.reshape(label, (1, image_probs.shape[-1]))
print(label)
perturbations = create_adversarial_pattern(image, label)
print(perturbations.shape, perturbations.dtype)
vals, counts = np.unique(perturbations.numpy(), return_counts=True)
print(vals, int(counts.sum()))
epsilons = [0, 0.01, 0.1, 0.15]
descriptions = [("Epsilon = {:0.3f}".format(eps) if eps else "Input") for eps in epsilons]
for i, eps in enumerate(epsilons):
    adv_x = image + eps * perturbations
    adv_x = tf.clip_by_value(adv_x, -1, 1)
    probs = pretrained_model.predict(adv_x, verbose=0)
    print(descriptions[i], r(tf.reduce_max(tf.abs(adv_x - image)), 3), bool(tf.reduce_all(adv_x <= 1.0)))
print(tf.clip_by_value(tf.constant([-2.0, -0.5, 0.3, 4.0]), -1, 1))
print(tf.clip_by_value(tf.constant([[1, 5], [9, -3]]), clip_value_min=0, clip_value_max=[[4], [6]]))
try:
    tf.clip_by_value(tf.constant([1.0, 2.0]), 0, tf.constant([1.0, 2.0, 3.0]))
except (ValueError, tf.errors.InvalidArgumentError) as e:
    print(type(e).__name__, str(e).splitlines()[0])
print(tf.sign(tf.constant([-2.0, 0.0, 3.0, -0.0])), tf.sign(tf.constant([-3, 0, 7])))

# -- integrated gradients
model = keras.Sequential([
    keras.Input((16, 16, 3)),
    layers.Conv2D(4, 3, activation="relu"),
    layers.Flatten(),
    layers.Dense(5),
])
img = tf.constant(rng.random((16, 16, 3)), dtype=tf.float32)
baseline = tf.zeros(shape=(16, 16, 3))
m_steps = 50
alphas = tf.linspace(start=0.0, stop=1.0, num=m_steps + 1)
print(alphas.shape, alphas[:3])


def interpolate_images(baseline, image, alphas):
    alphas_x = alphas[:, tf.newaxis, tf.newaxis, tf.newaxis]
    baseline_x = tf.expand_dims(baseline, axis=0)
    input_x = tf.expand_dims(image, axis=0)
    delta = input_x - baseline_x
    images = baseline_x + alphas_x * delta
    return images


interpolated_images = interpolate_images(baseline=baseline, image=img, alphas=alphas)
print(interpolated_images.shape)
print(bool(np.allclose(interpolated_images[-1], img)), bool(np.allclose(interpolated_images[0], baseline)))


def compute_gradients(images, target_class_idx):
    with tf.GradientTape() as tape:
        tape.watch(images)
        logits = model(images)
        probs = tf.nn.softmax(logits, axis=-1)[:, target_class_idx]
    return tape.gradient(probs, images)


path_gradients = compute_gradients(images=interpolated_images, target_class_idx=2)
print(path_gradients.shape)
pred = model(interpolated_images)
pred_proba = tf.nn.softmax(pred, axis=-1)[:, 2]
print(pred_proba.shape)
average_grads = tf.reduce_mean(path_gradients, axis=[1, 2, 3])
average_grads_norm = (average_grads - tf.math.reduce_min(average_grads)) / (tf.math.reduce_max(average_grads) - tf.reduce_min(average_grads))
print(average_grads_norm.shape, r(tf.reduce_min(average_grads_norm)), r(tf.reduce_max(average_grads_norm)))


def integral_approximation(gradients):
    grads = (gradients[:-1] + gradients[1:]) / tf.constant(2.0)
    integrated_gradients = tf.math.reduce_mean(grads, axis=0)
    return integrated_gradients


ig = integral_approximation(gradients=path_gradients)
print(ig.shape)


def integrated_gradients(baseline, image, target_class_idx, m_steps=50, batch_size=32):
    alphas = tf.linspace(start=0.0, stop=1.0, num=m_steps + 1)
    gradient_batches = []
    for alpha in tf.range(0, len(alphas), batch_size):
        from_ = alpha
        to = tf.minimum(from_ + batch_size, len(alphas))
        alpha_batch = alphas[from_:to]
        gradient_batch = one_batch(baseline, image, alpha_batch, target_class_idx)
        gradient_batches.append(gradient_batch)
    total_gradients = tf.concat(gradient_batches, axis=0)
    avg_gradients = integral_approximation(gradients=total_gradients)
    integrated_gradients = (image - baseline) * avg_gradients
    return integrated_gradients


@tf.function
def one_batch(baseline, image, alpha_batch, target_class_idx):
    interpolated_path_input_batch = interpolate_images(baseline=baseline, image=image, alphas=alpha_batch)
    gradient_batch = compute_gradients(images=interpolated_path_input_batch, target_class_idx=target_class_idx)
    return gradient_batch


ig_attributions = integrated_gradients(baseline=baseline, image=img, target_class_idx=2, m_steps=240)
print(ig_attributions.shape)
attribution_mask = tf.reduce_sum(tf.math.abs(ig_attributions), axis=-1)
print(attribution_mask.shape)
p_img = float(tf.nn.softmax(model(img[None]))[0, 2])
p_base = float(tf.nn.softmax(model(baseline[None]))[0, 2])
total = float(tf.reduce_sum(ig_attributions))
print("completeness:", abs(total - (p_img - p_base)) < 2e-3)
print(one_batch.experimental_get_tracing_count())


@tf.function
def batched_ig(alphas):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in tf.range(tf.shape(alphas)[0] // 17):
        g = one_batch(baseline, img, alphas[i * 17:(i + 1) * 17], 2)
        ta = ta.write(i, g)
    return ta.concat()


g2 = batched_ig(alphas)
print(g2.shape, bool(np.allclose(g2, path_gradients, atol=1e-6)))


# -- Grad-CAM
inp = keras.Input((20, 20, 3))
c1 = layers.Conv2D(6, 3, activation="relu", name="conv_a")(inp)
c2 = layers.Conv2D(8, 3, activation="relu", name="last_conv")(c1)
gp = layers.GlobalAveragePooling2D()(c2)
out = layers.Dense(4, name="predictions")(gp)
cam_model = keras.Model(inp, out)
img_array = rng.random((1, 20, 20, 3)).astype("float32")
grad_model = keras.models.Model(cam_model.inputs, [cam_model.get_layer("last_conv").output, cam_model.output])
print([t.shape for t in grad_model.outputs])


def make_gradcam_heatmap(img_array, model, pred_index=None):
    with tf.GradientTape() as tape:
        last_conv_layer_output, preds = model(img_array)
        if pred_index is None:
            pred_index = tf.argmax(preds[0])
        class_channel = preds[:, pred_index]
    grads = tape.gradient(class_channel, last_conv_layer_output)
    pooled_grads = tf.reduce_mean(grads, axis=(0, 1, 2))
    last_conv_layer_output = last_conv_layer_output[0]
    heatmap = last_conv_layer_output @ pooled_grads[..., tf.newaxis]
    heatmap = tf.squeeze(heatmap)
    heatmap = tf.maximum(heatmap, 0) / tf.math.reduce_max(heatmap)
    return heatmap.numpy()


heatmap = make_gradcam_heatmap(img_array, grad_model)
print(heatmap.shape, heatmap.dtype, bool(heatmap.max() <= 1.0), bool(heatmap.min() >= 0.0))
heatmap2 = make_gradcam_heatmap(img_array, grad_model, pred_index=1)
print(heatmap2.shape)
