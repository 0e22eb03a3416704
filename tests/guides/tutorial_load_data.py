# ruff: noqa: E501, E741, UP008, UP031, UP032, UP025, UP012  (the cells as written)
"""TF's "Load and preprocess data" tutorials on generated files: images
(image_dataset_from_directory with a validation split, class names, Rescaling, a small CNN,
the tf.data path with list_files/decode_jpeg/resize), text (TextLineDataset per file with
labels, interleaved, StringLookup vocab), CSV (make_csv_dataset and CsvDataset with
selected columns and defaults), NumPy arrays and TFRecord/tf.train.Example."""

import os
import pathlib

import numpy as np
import tensorflow as tf
from PIL import Image

tf.keras.utils.set_random_seed(8)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(7)

# -- images
data_dir = pathlib.Path("flower_photos")
classes = ["daisy", "roses", "tulips"]
for ci, name in enumerate(classes):
    (data_dir / name).mkdir(parents=True)
    for i in range(8):
        arr = np.zeros((24 + i, 20 + 2 * i, 3), np.uint8)
        arr[..., ci] = rng.integers(120, 256, size=arr.shape[:2])
        Image.fromarray(arr).save(data_dir / name / f"img{i}.jpg", quality=95)
image_count = len(list(data_dir.glob('*/*.jpg')))
print(image_count)
batch_size = 4
img_height = 16
img_width = 16
train_ds = tf.keras.utils.image_dataset_from_directory(
    data_dir, validation_split=0.25, subset="training", seed=123,
    image_size=(img_height, img_width), batch_size=batch_size)
val_ds = tf.keras.utils.image_dataset_from_directory(
    data_dir, validation_split=0.25, subset="validation", seed=123,
    image_size=(img_height, img_width), batch_size=batch_size)
class_names = train_ds.class_names
print(class_names)
for image_batch, labels_batch in train_ds:
    print(image_batch.shape)
    print(labels_batch.shape)
    break
normalization_layer = tf.keras.layers.Rescaling(1. / 255)
normalized_ds = train_ds.map(lambda x, y: (normalization_layer(x), y))
image_batch, labels_batch = next(iter(normalized_ds))
first_image = image_batch[0]
print(np.min(first_image) >= 0, np.max(first_image) <= 1, first_image.dtype)
AUTOTUNE = tf.data.AUTOTUNE
train_ds = train_ds.cache().prefetch(buffer_size=AUTOTUNE)
val_ds = val_ds.cache().prefetch(buffer_size=AUTOTUNE)
num_classes = 3
model = tf.keras.Sequential([
    tf.keras.layers.Rescaling(1. / 255),
    tf.keras.layers.Conv2D(4, 3, activation='relu'),
    tf.keras.layers.MaxPooling2D(),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(8, activation='relu'),
    tf.keras.layers.Dense(num_classes)
])
model.compile(optimizer='adam', loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=['accuracy'])
history = model.fit(train_ds, validation_data=val_ds, epochs=2, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})

list_ds = tf.data.Dataset.list_files(str(data_dir / '*/*'), shuffle=False)
list_ds = list_ds.shuffle(image_count, reshuffle_each_iteration=False, seed=4)
for f in list_ds.take(3):
    print(os.path.relpath(f.numpy().decode()))
class_names = np.array(sorted([item.name for item in data_dir.glob('*')]))
print(class_names)
val_size = int(image_count * 0.25)
train_ds = list_ds.skip(val_size)
val_ds = list_ds.take(val_size)
print(tf.data.experimental.cardinality(train_ds).numpy())
print(tf.data.experimental.cardinality(val_ds).numpy())


def get_label(file_path):
    parts = tf.strings.split(file_path, os.path.sep)
    one_hot = parts[-2] == class_names
    return tf.argmax(one_hot)


def decode_img(img):
    img = tf.io.decode_jpeg(img, channels=3)
    return tf.image.resize(img, [img_height, img_width])


def process_path(file_path):
    label = get_label(file_path)
    img = tf.io.read_file(file_path)
    img = decode_img(img)
    return img, label


train_ds = train_ds.map(process_path, num_parallel_calls=AUTOTUNE)
val_ds = val_ds.map(process_path, num_parallel_calls=AUTOTUNE)
for image, label in train_ds.take(1):
    print("Image shape: ", image.numpy().shape)
    print("Label: ", label.numpy())
print(train_ds.element_spec)


def configure_for_performance(ds):
    ds = ds.cache()
    ds = ds.shuffle(buffer_size=100, seed=5)
    ds = ds.batch(batch_size)
    ds = ds.prefetch(buffer_size=AUTOTUNE)
    return ds


train_ds = configure_for_performance(train_ds)
image_batch, label_batch = next(iter(train_ds))
print(image_batch.shape, label_batch.dtype)
raw = tf.io.read_file(str(data_dir / "daisy" / "img0.jpg"))
img = tf.io.decode_jpeg(raw)
print(img.shape, img.dtype, tf.io.extract_jpeg_shape(raw).numpy())
print(tf.image.decode_image(raw).shape, tf.io.is_jpeg(raw).numpy())

# -- text
FILE_NAMES = ['cowper.txt', 'derby.txt', 'butler.txt']
for i, name in enumerate(FILE_NAMES):
    with open(name, "w") as f:
        for j in range(5):
            f.write(f"Line {j} of the {name[:-4]} translation, book {i}.\n")
            if j == 2:
                f.write("\n")


def labeler(example, index):
    return example, tf.cast(index, tf.int64)


labeled_data_sets = []
for i, file_name in enumerate(FILE_NAMES):
    lines_dataset = tf.data.TextLineDataset(file_name)
    labeled_dataset = lines_dataset.map(lambda ex: labeler(ex, i))
    labeled_data_sets.append(labeled_dataset)
all_labeled_data = labeled_data_sets[0]
for labeled_dataset in labeled_data_sets[1:]:
    all_labeled_data = all_labeled_data.concatenate(labeled_dataset)
all_labeled_data = all_labeled_data.shuffle(50, reshuffle_each_iteration=False, seed=6)
for text, label in all_labeled_data.take(4):
    print("Sentence: ", text.numpy())
    print("Label:", label.numpy())
print(all_labeled_data.cardinality().numpy(), len(list(all_labeled_data)))
files_ds = tf.data.Dataset.from_tensor_slices(FILE_NAMES)
lines_ds = files_ds.interleave(lambda f: tf.data.TextLineDataset(f).skip(1), cycle_length=3)
for i, line in enumerate(lines_ds.take(5)):
    print(line.numpy())
tokens = all_labeled_data.map(lambda t, l: tf.strings.split(t))
lookup = tf.keras.layers.StringLookup(max_tokens=12)
lookup.adapt(tokens)
print(lookup.get_vocabulary())
print(lookup(tf.constant(["Line", "the", "zebra"])))

# -- CSV
with open("titanic.csv", "w") as f:
    f.write("survived,sex,age,n_siblings_spouses,parch,fare,class,deck,embark_town,alone\n")
    for i in range(12):
        f.write(f"{i % 2},{'male' if i % 3 else 'female'},{20 + i}.0,{i % 3},{i % 2},{7.25 + i:.4f},"
                f"{['First', 'Second', 'Third'][i % 3]},{'unknown' if i % 4 else 'C'},Southampton,{'y' if i % 2 else 'n'}\n")
titanic_batches = tf.data.experimental.make_csv_dataset(
    "titanic.csv", batch_size=4, label_name="survived", shuffle=False, num_epochs=1)
for feature_batch, label_batch in titanic_batches.take(1):
    print("'survived': {}".format(label_batch))
    print("features:")
    for key, value in feature_batch.items():
        print("  {!r:20s}: {}".format(key, value))
print(titanic_batches.element_spec[1])
titanic_types = [tf.int32, tf.string, tf.float32, tf.int32, tf.int32, tf.float32, tf.string, tf.string, tf.string, tf.string]
simple_titanic = tf.data.experimental.CsvDataset("titanic.csv", record_defaults=titanic_types, header=True)
for example in simple_titanic.take(1):
    print([e.numpy() for e in example])
select = tf.data.experimental.CsvDataset("titanic.csv", record_defaults=[0.0, 0.0], header=True, select_cols=[2, 5])
print(list(select.take(2).as_numpy_iterator()))
with open("fonts.csv", "w") as f:
    f.write("font,r0c0,r0c1\nA,1,2\nB,,4\n")
font_ds = tf.data.experimental.CsvDataset("fonts.csv", record_defaults=[tf.string, 0, 7], header=True)
print(list(font_ds.as_numpy_iterator()))
try:
    list(tf.data.experimental.CsvDataset("fonts.csv", record_defaults=[tf.string, tf.int32, tf.int32], header=True))
except Exception as e:
    print(type(e).__name__, e)
lines = tf.data.TextLineDataset("titanic.csv").skip(1)
parsed = lines.map(lambda l: tf.io.decode_csv(l, record_defaults=[0, '', 0.0, 0, 0, 0.0, '', '', '', '']))
print([t.dtype.name for t in parsed.element_spec])
print(next(iter(parsed))[2].numpy())

# -- NumPy
train_examples = rng.random((20, 28, 28)).astype("float32")
train_labels = rng.integers(0, 10, size=20)
np.savez("mnist_small.npz", x_train=train_examples, y_train=train_labels)
with np.load("mnist_small.npz") as data:
    train_examples = data['x_train']
    train_labels = data['y_train']
train_dataset = tf.data.Dataset.from_tensor_slices((train_examples, train_labels))
print(train_dataset.element_spec)
train_dataset = train_dataset.shuffle(100, seed=2).batch(8)
print([b[0].shape[0] for b in train_dataset])

# -- TFRecord and tf.train.Example


def _bytes_feature(value):
    if isinstance(value, type(tf.constant(0))):
        value = value.numpy()
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def _float_feature(value):
    return tf.train.Feature(float_list=tf.train.FloatList(value=[value]))


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


print(_bytes_feature(b'test_string'))
print(_bytes_feature(u'test_bytes'.encode('utf-8')))
print(_float_feature(np.exp(1)))
try:
    print(_int64_feature(True))
except TypeError as e:  # newer protobuf refuses a bool where the tutorial shows it passing
    print(type(e).__name__, e)
print(_int64_feature(1))
feature = _float_feature(np.exp(1))
print(feature.SerializeToString())
n_observations = 6
feature0 = rng.choice([0, 1], n_observations)
feature1 = rng.integers(0, 5, n_observations)
strings = np.array([b'cat', b'dog', b'chicken', b'horse', b'goat'])
feature2 = strings[feature1]
feature3 = rng.standard_normal(n_observations)


def serialize_example(feature0, feature1, feature2, feature3):
    feature = {
        'feature0': _int64_feature(feature0),
        'feature1': _int64_feature(feature1),
        'feature2': _bytes_feature(feature2),
        'feature3': _float_feature(feature3),
    }
    example_proto = tf.train.Example(features=tf.train.Features(feature=feature))
    return example_proto.SerializeToString()


serialized_example = serialize_example(0, 4, b'goat', 0.9876)
example_proto = tf.train.Example.FromString(serialized_example)
# (a map's entries serialize in the order of upb's per-process hash seed: deterministic=True
# sorts them)
print(len(serialized_example), example_proto.SerializeToString(deterministic=True))
print(example_proto)
features_dataset = tf.data.Dataset.from_tensor_slices((feature0, feature1, feature2, feature3))
print(features_dataset)
for f0, f1, f2, f3 in features_dataset.take(1):
    print(f0)
    print(f1)
    print(f2)
    print(np.round(f3.numpy(), 4), f3.dtype)


def tf_serialize_example(f0, f1, f2, f3):
    tf_string = tf.py_function(serialize_example, (f0, f1, f2, f3), tf.string)
    return tf.reshape(tf_string, ())


print(len(tf_serialize_example(f0, f1, f2, f3).numpy()))
serialized_features_dataset = features_dataset.map(tf_serialize_example)
print(serialized_features_dataset)
filename = 'test.tfrecord'
writer = tf.data.experimental.TFRecordWriter(filename)
writer.write(serialized_features_dataset)
filenames = [filename]
raw_dataset = tf.data.TFRecordDataset(filenames)
print(raw_dataset)
for raw_record in raw_dataset.take(2):
    print(len(raw_record.numpy()))
feature_description = {
    'feature0': tf.io.FixedLenFeature([], tf.int64, default_value=0),
    'feature1': tf.io.FixedLenFeature([], tf.int64, default_value=0),
    'feature2': tf.io.FixedLenFeature([], tf.string, default_value=''),
    'feature3': tf.io.FixedLenFeature([], tf.float32, default_value=0.0),
}


def _parse_function(example_proto):
    return tf.io.parse_single_example(example_proto, feature_description)


parsed_dataset = raw_dataset.map(_parse_function)
print(parsed_dataset)
for parsed_record in parsed_dataset.take(2):
    print({k: (v.numpy().round(4) if v.dtype == tf.float32 else v.numpy()) for k, v in parsed_record.items()})
with tf.io.TFRecordWriter(filename) as writer:
    for i in range(n_observations):
        example = serialize_example(feature0[i], feature1[i], feature2[i], feature3[i])
        writer.write(example)
print(os.path.getsize(filename))
for raw_record in tf.data.TFRecordDataset([filename]).take(1):
    example = tf.train.Example()
    example.ParseFromString(raw_record.numpy())
    print(sorted(example.features.feature.keys()), example.features.feature['feature2'])
result = {}
for key, feature in example.features.feature.items():
    kind = feature.WhichOneof('kind')
    result[key] = np.array(getattr(feature, kind).value)
print(sorted((k, v.dtype.name) for k, v in result.items()))
batch = tf.io.parse_example(list(tf.data.TFRecordDataset([filename]).take(3).as_numpy_iterator()), feature_description)
print({k: v.shape for k, v in batch.items()})
try:
    tf.io.parse_single_example(serialized_example, {'feature9': tf.io.FixedLenFeature([], tf.int64)})
except Exception as e:
    print(type(e).__name__, e)
