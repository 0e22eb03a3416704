# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Video classification with a 3D convolutional neural network" tutorial as pasted, on
seeded synthetic videos (no UCF101 download) and with einops' rearranges written as reshapes:
format_frames (convert_image_dtype, resize_with_pad), a FrameGenerator fed to
Dataset.from_generator by output_signature, the (2+1)D convolution layer (two Conv3Ds),
ResidualMain with LayerNormalization, Project, add_residual_block, ResizeVideo, the model
over a 5-D input ending in GlobalAveragePooling3D, training with validation, evaluation, and
the confusion matrix with precision and recall."""

import random

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

keras.utils.set_random_seed(17)
random.seed(17)
rng = np.random.default_rng(17)


def g(x):
    return '%.4g' % float(x)


HEIGHT = 16
WIDTH = 16
n_frames = 4
class_names = ['ApplyEyeMakeup', 'Archery', 'Basketball']
videos = {split: [(rng.integers(0, 256, size=(rng.integers(6, 10), 20, 24, 3)).astype('uint8'), i % 3)
                  for i in range(n)] for split, n in [('train', 9), ('val', 6), ('test', 6)]}


def format_frames(frame, output_size):
    frame = tf.image.convert_image_dtype(frame, tf.float32)
    frame = tf.image.resize_with_pad(frame, *output_size)
    return frame


def frames_from_video_file(video, n_frames, output_size=(HEIGHT, WIDTH), frame_step=2):
    result = []
    video_length = len(video)
    need_length = 1 + (n_frames - 1) * frame_step
    if need_length > video_length:
        start = 0
    else:
        max_start = video_length - need_length
        start = random.randint(0, max_start + 1)
    result.append(format_frames(video[start], output_size))
    for i in range(n_frames - 1):
        k = start + (i + 1) * frame_step
        if k < video_length:
            frame = video[k]
            result.append(format_frames(frame, output_size))
        else:
            result.append(np.zeros_like(result[0]))
    result = np.array(result)[..., [2, 1, 0]]
    return result


sample = frames_from_video_file(videos['train'][0][0], n_frames)
print(sample.shape, sample.dtype, g(sample.mean()))


class FrameGenerator:
    def __init__(self, split, n_frames, training=False):
        self.split = split
        self.n_frames = n_frames
        self.training = training

    def __call__(self):
        pairs = list(videos[self.split])
        if self.training:
            random.shuffle(pairs)
        for video, label in pairs:
            video_frames = frames_from_video_file(video, self.n_frames)
            yield video_frames, label


fg = FrameGenerator('train', n_frames, training=True)
frames, label = next(fg())
print(f"Shape: {frames.shape}")
print(f"Label: {label}")

output_signature = (tf.TensorSpec(shape=(None, None, None, 3), dtype=tf.float32),
                    tf.TensorSpec(shape=(), dtype=tf.int16))
train_ds = tf.data.Dataset.from_generator(FrameGenerator('train', n_frames, training=True),
                                          output_signature=output_signature)
val_ds = tf.data.Dataset.from_generator(FrameGenerator('val', n_frames),
                                        output_signature=output_signature)
test_ds = tf.data.Dataset.from_generator(FrameGenerator('test', n_frames),
                                         output_signature=output_signature)
for frames, labels in train_ds.take(3):
    print(labels)
print(train_ds.element_spec)
AUTOTUNE = tf.data.AUTOTUNE
train_ds = train_ds.cache().shuffle(9, seed=1).prefetch(buffer_size=AUTOTUNE)
val_ds = val_ds.cache().shuffle(6, seed=2).prefetch(buffer_size=AUTOTUNE)
test_ds = test_ds.cache().prefetch(buffer_size=AUTOTUNE)
train_ds = train_ds.batch(3)
val_ds = val_ds.batch(3)
test_ds = test_ds.batch(3)
train_frames, train_labels = next(iter(train_ds))
print(f'Shape of training set of frames: {train_frames.shape}')
print(f'Shape of training labels: {train_labels.shape}')


class Conv2Plus1D(keras.layers.Layer):
    def __init__(self, filters, kernel_size, padding):
        """
          A sequence of convolutional layers that first apply the convolution operation over the
          spatial dimensions, and then the temporal dimension.
        """
        super().__init__()
        self.seq = keras.Sequential([
            # Spatial decomposition
            layers.Conv3D(filters=filters,
                          kernel_size=(1, kernel_size[1], kernel_size[2]),
                          padding=padding),
            # Temporal decomposition
            layers.Conv3D(filters=filters,
                          kernel_size=(kernel_size[0], 1, 1),
                          padding=padding)
        ])

    def call(self, x):
        return self.seq(x)


class ResidualMain(keras.layers.Layer):
    """
      Residual block of the model with convolution, layer normalization, and the
      activation function, ReLU.
    """
    def __init__(self, filters, kernel_size):
        super().__init__()
        self.seq = keras.Sequential([
            Conv2Plus1D(filters=filters,
                        kernel_size=kernel_size,
                        padding='same'),
            layers.LayerNormalization(),
            layers.ReLU(),
            Conv2Plus1D(filters=filters,
                        kernel_size=kernel_size,
                        padding='same'),
            layers.LayerNormalization()
        ])

    def call(self, x):
        return self.seq(x)


class Project(keras.layers.Layer):
    """
      Project certain dimensions of the tensor as the data is passed through different
      sized filters and downsampled.
    """
    def __init__(self, units):
        super().__init__()
        self.seq = keras.Sequential([
            layers.Dense(units),
            layers.LayerNormalization()
        ])

    def call(self, x):
        return self.seq(x)


def add_residual_block(input, filters, kernel_size):
    """
      Add residual blocks to the model. If the last dimensions of the input data
      and filter size does not match, project it such that last dimension matches.
    """
    out = ResidualMain(filters,
                       kernel_size)(input)
    res = input
    # Using the Keras functional APIs, project the last dimension of the tensor to
    # match the new filter size
    if out.shape[-1] != input.shape[-1]:
        res = Project(out.shape[-1])(res)
    return layers.add([res, out])


class ResizeVideo(keras.layers.Layer):
    def __init__(self, height, width):
        super().__init__()
        self.height = height
        self.width = width
        self.resizing_layer = layers.Resizing(self.height, self.width)

    def call(self, video):
        """
          Use the einops library to resize the tensor.  (Here: reshapes.)
        """
        # b stands for batch size, t stands for time, h stands for height,
        # w stands for width, and c stands for channels
        old_shape = tf.shape(video)
        b, t = old_shape[0], old_shape[1]
        images = tf.reshape(video, tf.concat([[b * t], old_shape[2:]], axis=0))
        images = self.resizing_layer(images)
        new_shape = tf.shape(images)
        videos = tf.reshape(images, tf.concat([[b, t], new_shape[1:]], axis=0))
        return videos


resized = ResizeVideo(8, 8)(train_frames)
print(resized.shape, g(tf.reduce_mean(resized)))

input_shape = (None, n_frames, HEIGHT, WIDTH, 3)
input = layers.Input(shape=(input_shape[1:]))
x = input
x = Conv2Plus1D(filters=4, kernel_size=(3, 7, 7), padding='same')(x)
x = layers.BatchNormalization()(x)
x = layers.ReLU()(x)
x = ResizeVideo(HEIGHT // 2, WIDTH // 2)(x)
# Block 1
x = add_residual_block(x, 4, (3, 3, 3))
x = ResizeVideo(HEIGHT // 4, WIDTH // 4)(x)
# Block 2
x = add_residual_block(x, 8, (3, 3, 3))
x = ResizeVideo(HEIGHT // 8, WIDTH // 8)(x)
# Block 3
x = add_residual_block(x, 16, (3, 3, 3))
x = layers.GlobalAveragePooling3D()(x)
x = layers.Flatten()(x)
x = layers.Dense(len(class_names))(x)
model = keras.Model(input, x)
print(model.output_shape, len(model.layers))

frames, label = next(iter(train_ds))
model.build(frames)
model.summary()
model.compile(loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              optimizer=keras.optimizers.Adam(learning_rate=0.0001),
              metrics=['accuracy'])
history = model.fit(x=train_ds,
                    epochs=2,
                    validation_data=val_ds, verbose=0)
print({k: [g(v) for v in vs] for k, vs in history.history.items()})
result = model.evaluate(test_ds, return_dict=True, verbose=0)
print({k: g(v) for k, v in result.items()})


def get_actual_predicted_labels(dataset):
    """
      Create a list of actual ground truth values and the predictions from the model.
    """
    actual = [labels for _, labels in dataset.unbatch()]
    predicted = model.predict(dataset, verbose=0)
    actual = tf.stack(actual, axis=0)
    predicted = tf.concat(predicted, axis=0)
    predicted = tf.argmax(predicted, axis=1)
    return actual, predicted


actual, predicted = get_actual_predicted_labels(test_ds)
print(actual, predicted.dtype, predicted.shape)
cm = tf.math.confusion_matrix(actual, predicted)
print(cm.dtype, cm.shape, int(tf.reduce_sum(cm)))


def calculate_classification_metrics(y_actual, y_pred, labels):
    cm = tf.math.confusion_matrix(y_actual, y_pred)
    tp = np.diag(cm)  # Diagonal represents true positives
    precision = dict()
    recall = dict()
    for i in range(len(labels)):
        col = cm[:, i]
        fp = np.sum(col) - tp[i]  # Sum of column minus true positive is false negative
        row = cm[i, :]
        fn = np.sum(row) - tp[i]  # Sum of row minus true positive, is false negative
        precision[labels[i]] = tp[i] / (tp[i] + fp)  # Precision
        recall[labels[i]] = tp[i] / (tp[i] + fn)  # Recall
    return precision, recall


print(calculate_classification_metrics(tf.constant([0, 1, 2, 2, 1, 0]), tf.constant([0, 2, 2, 1, 1, 0]), class_names))
