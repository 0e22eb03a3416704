# ruff: noqa: E702, E701, E501, E741, UP031, UP032  (the cells as written)
# Parts of TF's "Neural style transfer", "Pix2Pix" and "Transfer learning" tutorials that
# need no pretrained weights, on small random models and seeded images: Gram matrices by
# einsum, a tf.Variable image optimized with clipping and total variation, pix2pix
# downsample/upsample blocks with a U-Net skip, its losses, and a frozen base model with
# BatchNormalization in inference mode and fine-tuning of its top layers.
import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(9)
rng = np.random.default_rng(9)

content_image = tf.constant(rng.random((1, 16, 16, 3)).astype("float32"))
style_image = tf.constant(rng.random((1, 16, 16, 3)).astype("float32"))


def tensor_to_image(tensor):
    tensor = tensor * 255
    tensor = np.array(tensor, dtype=np.uint8)
    if np.ndim(tensor) > 3:
        assert tensor.shape[0] == 1
        tensor = tensor[0]
    return tensor


print(tensor_to_image(content_image).shape, tensor_to_image(content_image)[0, 0])


def gram_matrix(input_tensor):
    result = tf.linalg.einsum('bijc,bijd->bcd', input_tensor, input_tensor)
    input_shape = tf.shape(input_tensor)
    num_locations = tf.cast(input_shape[1] * input_shape[2], tf.float32)
    return result / (num_locations)


print(np.round(gram_matrix(style_image).numpy(), 4))
print(gram_matrix(style_image).shape)

features = keras.Sequential([keras.Input((16, 16, 3)), layers.Conv2D(4, 3, padding="same", activation="relu", name="block1_conv1"),
                             layers.MaxPooling2D(name="block1_pool"), layers.Conv2D(6, 3, padding="same", activation="relu", name="block2_conv1")])
features.trainable = False
style_layers = ['block1_conv1', 'block2_conv1']
content_layers = ['block2_conv1']
num_content_layers = len(content_layers)
num_style_layers = len(style_layers)


def vgg_layers(layer_names):
    outputs = [features.get_layer(name).output for name in layer_names]
    model = keras.Model([features.inputs], outputs)
    return model


style_extractor = vgg_layers(style_layers)
style_outputs = style_extractor(style_image * 255)
for name, output in zip(style_layers, style_outputs):
    print(name)
    print("  shape: ", output.numpy().shape)
    print("  min: ", output.numpy().min() >= 0)


class StyleContentModel(keras.models.Model):
    def __init__(self, style_layers, content_layers):
        super().__init__()
        self.vgg = vgg_layers(style_layers + content_layers)
        self.style_layers = style_layers
        self.content_layers = content_layers
        self.num_style_layers = len(style_layers)
        self.vgg.trainable = False

    def call(self, inputs):
        inputs = inputs * 255.0
        outputs = self.vgg(inputs)
        style_outputs, content_outputs = (outputs[:self.num_style_layers], outputs[self.num_style_layers:])
        style_outputs = [gram_matrix(style_output) for style_output in style_outputs]
        content_dict = {content_name: value for content_name, value in zip(self.content_layers, content_outputs)}
        style_dict = {style_name: value for style_name, value in zip(self.style_layers, style_outputs)}
        return {'content': content_dict, 'style': style_dict}


extractor = StyleContentModel(style_layers, content_layers)
results = extractor(tf.constant(content_image))
print('Styles:')
for name, output in sorted(results['style'].items()):
    print("  ", name)
    print("    shape: ", output.numpy().shape)
print("Contents:")
for name, output in sorted(results['content'].items()):
    print("  ", name)
    print("    shape: ", output.numpy().shape)
print(len(extractor.trainable_variables), len(extractor.non_trainable_variables))

style_targets = extractor(style_image)['style']
content_targets = extractor(content_image)['content']
image = tf.Variable(content_image)


def clip_0_1(image):
    return tf.clip_by_value(image, clip_value_min=0.0, clip_value_max=1.0)


opt = keras.optimizers.Adam(learning_rate=0.02, beta_1=0.99, epsilon=1e-1)
style_weight = 1e-2
content_weight = 1e4


def style_content_loss(outputs):
    style_outputs = outputs['style']
    content_outputs = outputs['content']
    style_loss = tf.add_n([tf.reduce_mean((style_outputs[name] - style_targets[name]) ** 2) for name in style_outputs.keys()])
    style_loss *= style_weight / num_style_layers
    content_loss = tf.add_n([tf.reduce_mean((content_outputs[name] - content_targets[name]) ** 2) for name in content_outputs.keys()])
    content_loss *= content_weight / num_content_layers
    loss = style_loss + content_loss
    return loss


total_variation_weight = 30


@tf.function()
def train_step(image):
    with tf.GradientTape() as tape:
        outputs = extractor(image)
        loss = style_content_loss(outputs)
        loss += total_variation_weight * tf.image.total_variation(image)
    grad = tape.gradient(loss, image)
    opt.apply_gradients([(grad, image)])
    image.assign(clip_0_1(image))
    return loss


losses = [train_step(image) for _ in range(3)]
print([l.shape for l in losses], bool(losses[-1][0] < losses[0][0]))
print(float(tf.reduce_min(image)) >= 0.0, float(tf.reduce_max(image)) <= 1.0, train_step.experimental_get_tracing_count())


def high_pass_x_y(image):
    x_var = image[:, :, 1:, :] - image[:, :, :-1, :]
    y_var = image[:, 1:, :, :] - image[:, :-1, :, :]
    return x_var, y_var


x_deltas, y_deltas = high_pass_x_y(content_image)
print(x_deltas.shape, y_deltas.shape)
print(np.round(float(tf.reduce_sum(tf.abs(x_deltas)) + tf.reduce_sum(tf.abs(y_deltas))), 3), np.round(tf.image.total_variation(content_image).numpy(), 3))

# pix2pix blocks
OUTPUT_CHANNELS = 3


def downsample(filters, size, apply_batchnorm=True):
    initializer = tf.random_normal_initializer(0., 0.02, seed=1)
    result = keras.Sequential()
    result.add(layers.Conv2D(filters, size, strides=2, padding='same', kernel_initializer=initializer, use_bias=False))
    if apply_batchnorm:
        result.add(layers.BatchNormalization())
    result.add(layers.LeakyReLU())
    return result


def upsample(filters, size, apply_dropout=False):
    initializer = tf.random_normal_initializer(0., 0.02, seed=2)
    result = keras.Sequential()
    result.add(layers.Conv2DTranspose(filters, size, strides=2, padding='same', kernel_initializer=initializer, use_bias=False))
    result.add(layers.BatchNormalization())
    if apply_dropout:
        result.add(layers.Dropout(0.5))
    result.add(layers.ReLU())
    return result


inp = tf.constant(rng.random((16, 16, 3)).astype("float32"))
down_model = downsample(3, 4)
down_result = down_model(tf.expand_dims(inp, 0))
print(down_result.shape)
up_model = upsample(3, 4)
up_result = up_model(down_result)
print(up_result.shape)


def Generator():
    inputs = layers.Input(shape=[16, 16, 3])
    down_stack = [downsample(8, 4, apply_batchnorm=False), downsample(16, 4), downsample(16, 4)]
    up_stack = [upsample(16, 4, apply_dropout=True), upsample(8, 4)]
    initializer = tf.random_normal_initializer(0., 0.02, seed=3)
    last = layers.Conv2DTranspose(OUTPUT_CHANNELS, 4, strides=2, padding='same', kernel_initializer=initializer, activation='tanh')
    x = inputs
    skips = []
    for down in down_stack:
        x = down(x)
        skips.append(x)
    skips = reversed(skips[:-1])
    for up, skip in zip(up_stack, skips):
        x = up(x)
        x = layers.Concatenate()([x, skip])
    x = last(x)
    return keras.Model(inputs=inputs, outputs=x)


generator = Generator()
print(generator.output_shape, generator.count_params(), len(generator.layers))
gen_output = generator(inp[tf.newaxis, ...], training=False)
print(gen_output.shape, float(tf.reduce_max(tf.abs(gen_output))) <= 1.0)
LAMBDA = 100
loss_object = keras.losses.BinaryCrossentropy(from_logits=True)


def generator_loss(disc_generated_output, gen_output, target):
    gan_loss = loss_object(tf.ones_like(disc_generated_output), disc_generated_output)
    l1_loss = tf.reduce_mean(tf.abs(target - gen_output))
    total_gen_loss = gan_loss + (LAMBDA * l1_loss)
    return total_gen_loss, gan_loss, l1_loss


def Discriminator():
    initializer = tf.random_normal_initializer(0., 0.02, seed=4)
    inp = layers.Input(shape=[16, 16, 3], name='input_image')
    tar = layers.Input(shape=[16, 16, 3], name='target_image')
    x = layers.concatenate([inp, tar])
    down1 = downsample(8, 4, False)(x)
    zero_pad1 = layers.ZeroPadding2D()(down1)
    conv = layers.Conv2D(16, 4, strides=1, kernel_initializer=initializer, use_bias=False)(zero_pad1)
    batchnorm1 = layers.BatchNormalization()(conv)
    leaky_relu = layers.LeakyReLU()(batchnorm1)
    zero_pad2 = layers.ZeroPadding2D()(leaky_relu)
    last = layers.Conv2D(1, 4, strides=1, kernel_initializer=initializer)(zero_pad2)
    return keras.Model(inputs=[inp, tar], outputs=last)


discriminator = Discriminator()
disc_out = discriminator([inp[tf.newaxis, ...], gen_output], training=False)
print(disc_out.shape, [i.name for i in discriminator.inputs], discriminator.output_shape)
g = generator_loss(disc_out, gen_output, inp[None])
print([t.shape for t in g])

# transfer learning with a small random base
base_model = keras.Sequential([keras.Input((16, 16, 3)), layers.Conv2D(4, 3), layers.BatchNormalization(), layers.ReLU(),
                               layers.Conv2D(8, 3), layers.BatchNormalization(), layers.ReLU()], name="base")
base_model.trainable = False
print(len(base_model.trainable_variables), len(base_model.non_trainable_variables))
preprocess_input = layers.Rescaling(1. / 127.5, offset=-1)
global_average_layer = layers.GlobalAveragePooling2D()
prediction_layer = layers.Dense(1)
inputs = keras.Input(shape=(16, 16, 3))
x = preprocess_input(inputs)
x = base_model(x, training=False)
x = global_average_layer(x)
x = layers.Dropout(0.2)(x)
outputs = prediction_layer(x)
model = keras.Model(inputs, outputs)
model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.001), loss=keras.losses.BinaryCrossentropy(from_logits=True),
              metrics=[keras.metrics.BinaryAccuracy(threshold=0.5, name='accuracy')])
print(len(model.trainable_variables), [v.path for v in model.trainable_variables])
imgs = (rng.random((16, 16, 16, 3)) * 255).astype("float32")
lbls = rng.integers(0, 2, (16, 1)).astype("float32")
mm = [v.numpy().copy() for v in base_model.non_trainable_variables]
h = model.fit(imgs, lbls, epochs=2, batch_size=8, verbose=0)
print(sorted(h.history), all(np.array_equal(a, v.numpy()) for a, v in zip(mm, base_model.non_trainable_variables)))
base_model.trainable = True
fine_tune_at = 4
for layer in base_model.layers[:fine_tune_at]:
    layer.trainable = False
print(len(model.trainable_variables), [l.trainable for l in base_model.layers])
model.compile(loss=keras.losses.BinaryCrossentropy(from_logits=True), optimizer=keras.optimizers.RMSprop(learning_rate=0.0001),
              metrics=[keras.metrics.BinaryAccuracy(threshold=0.5, name='accuracy')])
h = model.fit(imgs, lbls, epochs=3, initial_epoch=1, batch_size=8, verbose=0)
print(h.epoch, h.params)
print(all(np.array_equal(a, v.numpy()) for a, v in zip(mm, base_model.layers[1].non_trainable_variables)))
print([np.array_equal(a, v.numpy()) for a, v in zip(mm[2:], base_model.layers[4].non_trainable_variables)])
