# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Load video data" tutorial at a tiny size, on seeded clips written here as .npy files
in class folders (no UCF101 download, no OpenCV: np.load stands for cv2.VideoCapture's
frames): the per-class split of file names, format_frames (convert_image_dtype,
resize_with_pad), frames_from_video_file with a seeded random start and frame_step,
FrameGenerator's __call__ through Dataset.from_generator with an output_signature
(int16 labels), cache/shuffle/prefetch and batch, then the model: Rescaling(255), an
EfficientNetB0 (weights=None, no download) frozen inside TimeDistributed, Dense(10) over
the 5-D features and GlobalAveragePooling3D, compiled with from_logits and fit with
EarlyStopping on val_loss. The random start of each clip and the shuffle of the file list
draw from a random.Random made for each pass of the generator (the tutorial's module-level
random is drawn from TF's generator threads, and the prefetch TF's inject_prefetch puts
after a peeked pipeline reads a racing number of clips ahead)."""

import collections
import os
import pathlib
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(13)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(13)

classes = ['ApplyEyeMakeup', 'Basketball', 'CuttingInKitchen']
root = pathlib.Path('UCF101_subset')
for i, cls in enumerate(classes):
    for g in range(4):
        n_frames = int(rng.integers(10, 16))
        base = rng.integers(0, 80, size=(1, 24, 32, 3))
        t = np.arange(n_frames)[:, None, None, None]
        video = (base + 60 * i + 10 * ((t + np.arange(32)[None, None, :, None]) % (3 + i))).clip(0, 255).astype(np.uint8)
        path = root / 'all' / cls / f'v_{cls}_g{g:02d}_c01.npy'
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, video)

files = sorted(str(p.relative_to(root / 'all')) for p in root.glob('all/*/*.npy'))
print(len(files), files[:2])


def get_class(fname):
    """Retrieve the name of the class given a filename."""
    return fname.split('_')[-3]


def get_files_per_class(files):
    """Retrieve the files that belong to each class."""
    files_for_class = collections.defaultdict(list)
    for fname in files:
        class_name = get_class(fname)
        files_for_class[class_name].append(fname)
    return files_for_class


files_for_class = get_files_per_class(files)
classes = list(files_for_class.keys())
print('Num classes:', len(classes))
print('Num videos for class[0]:', len(files_for_class[classes[0]]))


def split_class_lists(files_for_class, count):
    split_files = []
    remainder = {}
    for cls in files_for_class:
        split_files.extend(files_for_class[cls][:count])
        remainder[cls] = files_for_class[cls][count:]
    return split_files, remainder


splits = {"train": 2, "val": 1, "test": 1}
dirs = {}
for split_name, split_count in splits.items():
    split_files, files_for_class = split_class_lists(files_for_class, split_count)
    split_dir = root / split_name
    for f in split_files:
        (split_dir / os.path.dirname(f)).mkdir(parents=True, exist_ok=True)
        os.rename(root / 'all' / f, split_dir / f)
    dirs[split_name] = split_dir
print(sorted(str(p.relative_to(root)) for p in root.glob('*/*/*.npy'))[:3])


def format_frames(frame, output_size):
    """
      Pad and resize an image from a video.

      Args:
        frame: Image that needs to resized and padded.
        output_size: Pixel size of the output frame image.

      Return:
        Formatted frame with padding of specified output size.
    """
    frame = tf.image.convert_image_dtype(frame, tf.float32)
    frame = tf.image.resize_with_pad(frame, *output_size)
    return frame


def frames_from_video_file(video_path, n_frames, output_size=(32, 32), frame_step=2, rng=random):
    """
      Creates frames from each video file present for each category.

      Args:
        video_path: File path to the video.
        n_frames: Number of frames to be created per video file.
        output_size: Pixel size of the output frame image.

      Return:
        An NumPy array of frames in the shape of (n_frames, height, width, channels).
    """
    # Read each video frame by frame
    result = []
    src = np.load(str(video_path))  # (cv2.VideoCapture's frames, already RGB)

    video_length = len(src)

    need_length = 1 + (n_frames - 1) * frame_step

    if need_length > video_length:
        start = 0
    else:
        max_start = video_length - need_length
        start = rng.randint(0, max_start + 1)

    pos = start
    # ret is a boolean indicating whether read was successful, frame is the image itself
    ret, frame = pos < video_length, src[min(pos, video_length - 1)]
    result.append(format_frames(frame, output_size))

    for _ in range(n_frames - 1):
        for _ in range(frame_step):
            pos += 1
            ret, frame = pos < video_length, (src[pos] if pos < video_length else None)
        if ret:
            frame = format_frames(frame, output_size)
            result.append(frame)
        else:
            result.append(np.zeros_like(result[0]))
    result = np.array(result)[..., [2, 1, 0]]

    return result


random.seed(13)
video_path = dirs['train'] / files[0]
sample_video = frames_from_video_file(video_path, n_frames=4)
print(sample_video.shape, sample_video.dtype, np.round(sample_video[:, 10, 16, 0], 4))


class FrameGenerator:
    def __init__(self, path, n_frames, training=False):
        """ Returns a set of frames with their associated label.

          Args:
            path: Video file paths.
            n_frames: Number of frames.
            training: Boolean to determine if training dataset is being created.
        """
        self.path = path
        self.n_frames = n_frames
        self.training = training
        self.class_names = sorted(set(p.name for p in self.path.iterdir() if p.is_dir()))
        self.class_ids_for_name = dict((name, idx) for idx, name in enumerate(self.class_names))
        self.passes = 0

    def get_files_and_class_names(self):
        video_paths = sorted(self.path.glob('*/*.npy'))
        classes = [p.parent.name for p in video_paths]
        return video_paths, classes

    def __call__(self):
        video_paths, classes = self.get_files_and_class_names()

        pairs = list(zip(video_paths, classes))
        self.passes += 1
        rng = random.Random(self.passes)

        if self.training:
            rng.shuffle(pairs)

        for path, name in pairs:
            video_frames = frames_from_video_file(path, self.n_frames, rng=rng)
            label = self.class_ids_for_name[name]  # Encode labels
            yield video_frames, label


fg = FrameGenerator(dirs['train'], 4, training=True)

frames, label = next(fg())

print(f"Shape: {frames.shape}")
print(f"Label: {label}")

# Create the training set
output_signature = (tf.TensorSpec(shape=(None, None, None, 3), dtype=tf.float32),
                    tf.TensorSpec(shape=(), dtype=tf.int16))
train_ds = tf.data.Dataset.from_generator(FrameGenerator(dirs['train'], 4, training=True),
                                          output_signature=output_signature)
for frames, labels in train_ds.take(6):
    print(labels)

# Create the validation set
val_ds = tf.data.Dataset.from_generator(FrameGenerator(dirs['val'], 4),
                                        output_signature=output_signature)
# Print the shapes of the data
train_frames, train_labels = next(iter(train_ds))
print(f'Shape of training set of frames: {train_frames.shape}')
print(f'Shape of training labels: {train_labels.shape}')

val_frames, val_labels = next(iter(val_ds))
print(f'Shape of validation set of frames: {val_frames.shape}')
print(f'Shape of validation labels: {val_labels.shape}')

AUTOTUNE = tf.data.AUTOTUNE

train_ds = train_ds.cache().shuffle(1000, seed=1).prefetch(buffer_size=AUTOTUNE)
val_ds = val_ds.cache().shuffle(1000, seed=2).prefetch(buffer_size=AUTOTUNE)

train_ds = train_ds.batch(2)
val_ds = val_ds.batch(2)

train_frames, train_labels = next(iter(train_ds))
print(f'Shape of training set of frames: {train_frames.shape}')
print(f'Shape of training labels: {train_labels.shape}')

val_frames, val_labels = next(iter(val_ds))
print(f'Shape of validation set of frames: {val_frames.shape}')
print(f'Shape of validation labels: {val_labels.shape}')
print(train_ds.element_spec)

net = tf.keras.applications.EfficientNetB0(include_top=False, weights=None)
net.trainable = False
print(net.name, len(net.layers), net.input_shape, net.output_shape, net.count_params())

model = tf.keras.Sequential([
    tf.keras.layers.Rescaling(scale=255),
    tf.keras.layers.TimeDistributed(net),
    tf.keras.layers.Dense(10),
    tf.keras.layers.GlobalAveragePooling3D()
])

model.compile(optimizer='adam',
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['accuracy'])

history = model.fit(train_ds,
                    epochs=3,
                    validation_data=val_ds,
                    callbacks=tf.keras.callbacks.EarlyStopping(patience=2, monitor='val_loss'),
                    verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in sorted(history.history.items())})
print(model.layers[1].output.shape if hasattr(model.layers[1], 'output') else None)
print(len(model.trainable_weights), len(model.non_trainable_weights))
model.summary()
logits = model.predict(val_frames, verbose=0)
print(logits.shape, np.round(logits, 3))
