# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Neural style transfer" tutorial as pasted, on two seeded PNG files written here and a
VGG19(include_top=False, weights=None) (no downloaded weights): load_img (read_file,
decode_image, convert_image_dtype, resize to a max dimension), vgg19.preprocess_input, the
VGG layer names, a multi-output extractor over get_layer outputs, Gram matrices by
tf.linalg.einsum, the StyleContentModel, a tf.Variable image optimized by Adam with
clip_by_value, the high-pass deltas, total_variation_loss against tf.image.total_variation
and the train step with the total-variation weight."""

import os
import tempfile

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(11)
rng = np.random.default_rng(11)


def g(x):
    return '%.4g' % float(x)


folder = tempfile.mkdtemp()
content_path = os.path.join(folder, 'content.png')
style_path = os.path.join(folder, 'style.png')
tf.io.write_file(content_path, tf.io.encode_png(rng.integers(0, 256, size=(24, 40, 3)).astype('uint8')))
tf.io.write_file(style_path, tf.io.encode_png(rng.integers(0, 256, size=(40, 32, 3)).astype('uint8')))


def tensor_to_image(tensor):
    tensor = tensor * 255
    tensor = np.array(tensor, dtype=np.uint8)
    if np.ndim(tensor) > 3:
        assert tensor.shape[0] == 1
        tensor = tensor[0]
    return tensor


def load_img(path_to_img):
    max_dim = 32
    img = tf.io.read_file(path_to_img)
    img = tf.image.decode_image(img, channels=3)
    img = tf.image.convert_image_dtype(img, tf.float32)
    shape = tf.cast(tf.shape(img)[:-1], tf.float32)
    long_dim = max(shape)
    scale = max_dim / long_dim
    new_shape = tf.cast(shape * scale, tf.int32)
    img = tf.image.resize(img, new_shape)
    img = img[tf.newaxis, :]
    return img


content_image = load_img(content_path)
style_image = load_img(style_path)
print(content_image.shape, content_image.dtype, style_image.shape)
print(g(tf.reduce_mean(content_image)), g(tf.reduce_max(style_image)))

x = tf.keras.applications.vgg19.preprocess_input(content_image * 255)
x = tf.image.resize(x, (32, 32))
print(x.shape, x.dtype, g(tf.reduce_mean(x)))

vgg = tf.keras.applications.VGG19(include_top=False, weights=None)
print()
for layer in vgg.layers:
    print(layer.name)

content_layers = ['block5_conv2']
style_layers = ['block1_conv1',
                'block2_conv1',
                'block3_conv1',
                'block4_conv1',
                'block5_conv1']
num_content_layers = len(content_layers)
num_style_layers = len(style_layers)


def vgg_layers(layer_names):
    """ Creates a VGG model that returns a list of intermediate output values."""
    vgg = tf.keras.applications.VGG19(include_top=False, weights=None)
    vgg.trainable = False
    outputs = [vgg.get_layer(name).output for name in layer_names]
    model = tf.keras.Model([vgg.input], outputs)
    return model


style_extractor = vgg_layers(style_layers)
style_outputs = style_extractor(style_image * 255)
for name, output in zip(style_layers, style_outputs):
    print(name)
    print("  shape: ", output.numpy().shape)
    print("  min: ", g(output.numpy().min()))
    print("  max: ", g(output.numpy().max()))
    print("  mean: ", g(output.numpy().mean()))
    print()


def gram_matrix(input_tensor):
    result = tf.linalg.einsum('bijc,bijd->bcd', input_tensor, input_tensor)
    input_shape = tf.shape(input_tensor)
    num_locations = tf.cast(input_shape[1] * input_shape[2], tf.float32)
    return result / (num_locations)


class StyleContentModel(tf.keras.models.Model):
    def __init__(self, style_layers, content_layers):
        super(StyleContentModel, self).__init__()
        self.vgg = vgg_layers(style_layers + content_layers)
        self.style_layers = style_layers
        self.content_layers = content_layers
        self.num_style_layers = len(style_layers)
        self.vgg.trainable = False

    def call(self, inputs):
        "Expects float input in [0,1]"
        inputs = inputs * 255.0
        preprocessed_input = tf.keras.applications.vgg19.preprocess_input(inputs)
        outputs = self.vgg(preprocessed_input)
        style_outputs, content_outputs = (outputs[:self.num_style_layers],
                                          outputs[self.num_style_layers:])
        style_outputs = [gram_matrix(style_output)
                         for style_output in style_outputs]
        content_dict = {content_name: value
                        for content_name, value
                        in zip(self.content_layers, content_outputs)}
        style_dict = {style_name: value
                      for style_name, value
                      in zip(self.style_layers, style_outputs)}
        return {'content': content_dict, 'style': style_dict}


extractor = StyleContentModel(style_layers, content_layers)
results = extractor(tf.constant(content_image))
print('Styles:')
for name, output in sorted(results['style'].items()):
    print("  ", name)
    print("    shape: ", output.numpy().shape)
    print("    min: ", g(output.numpy().min()))
    print("    max: ", g(output.numpy().max()))
    print("    mean: ", g(output.numpy().mean()))
    print()
print("Contents:")
for name, output in sorted(results['content'].items()):
    print("  ", name)
    print("    shape: ", output.numpy().shape)
    print("    min: ", g(output.numpy().min()))
    print("    max: ", g(output.numpy().max()))
    print("    mean: ", g(output.numpy().mean()))
print(len(extractor.trainable_variables), len(extractor.non_trainable_variables), extractor.vgg.trainable)

style_targets = extractor(style_image)['style']
content_targets = extractor(content_image)['content']
image = tf.Variable(content_image)
print(image.shape, image.dtype, image.trainable)


def clip_0_1(image):
    return tf.clip_by_value(image, clip_value_min=0.0, clip_value_max=1.0)


opt = tf.keras.optimizers.Adam(learning_rate=0.02, beta_1=0.99, epsilon=1e-1)
style_weight = 1e-2
content_weight = 1e4


def style_content_loss(outputs):
    style_outputs = outputs['style']
    content_outputs = outputs['content']
    style_loss = tf.add_n([tf.reduce_mean((style_outputs[name] - style_targets[name]) ** 2)
                           for name in style_outputs.keys()])
    style_loss *= style_weight / num_style_layers
    content_loss = tf.add_n([tf.reduce_mean((content_outputs[name] - content_targets[name]) ** 2)
                             for name in content_outputs.keys()])
    content_loss *= content_weight / num_content_layers
    loss = style_loss + content_loss
    return loss


print(g(style_content_loss(extractor(image))))


@tf.function()
def train_step(image):
    with tf.GradientTape() as tape:
        outputs = extractor(image)
        loss = style_content_loss(outputs)
    grad = tape.gradient(loss, image)
    opt.apply_gradients([(grad, image)])
    image.assign(clip_0_1(image))


train_step(image)
train_step(image)
train_step(image)
out = tensor_to_image(image)
print(out.shape, out.dtype, int(opt.iterations), train_step.experimental_get_tracing_count())
print(g(style_content_loss(extractor(image))), bool(tf.reduce_min(image) >= 0.0), bool(tf.reduce_max(image) <= 1.0))


def high_pass_x_y(image):
    x_var = image[:, :, 1:, :] - image[:, :, :-1, :]
    y_var = image[:, 1:, :, :] - image[:, :-1, :, :]
    return x_var, y_var


x_deltas, y_deltas = high_pass_x_y(content_image)
print(x_deltas.shape, y_deltas.shape, g(tf.reduce_mean(tf.abs(x_deltas))))


def total_variation_loss(image):
    x_deltas, y_deltas = high_pass_x_y(image)
    return tf.reduce_sum(tf.abs(x_deltas)) + tf.reduce_sum(tf.abs(y_deltas))


print(g(total_variation_loss(image).numpy()))
tv = tf.image.total_variation(image).numpy()
print(tv.shape, tv.dtype, g(tv[0]))
print(tf.image.total_variation(content_image[0]).shape, g(tf.image.total_variation(content_image[0])))

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


opt = tf.keras.optimizers.Adam(learning_rate=0.02, beta_1=0.99, epsilon=1e-1)
image = tf.Variable(content_image)
epochs = 2
steps_per_epoch = 2
step = 0
for n in range(epochs):
    for m in range(steps_per_epoch):
        step += 1
        loss = train_step(image)
        print(".", end='', flush=True)
    print("Train step: {}".format(step), loss.shape, g(loss[0]))
print(g(total_variation_loss(image)), int(opt.iterations))
print(tensor_to_image(image)[0, 0])
