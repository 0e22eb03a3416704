# ruff: noqa: E702, E701, E501, E741, UP031, UP032, UP025, UP012  (the cells as written)
"""TF's "TFRecord and tf.train.Example" tutorial on generated data: the _bytes/_float/
_int64 feature helpers and the protos they print, serialize_example with NumPy data,
tf.io.TFRecordWriter and TFRecordDataset (plain and GZIP/ZLIB), parse_single_example and
parse_example, tf.data.experimental.TFRecordWriter via serialize through py_function,
tf.io.serialize_tensor/parse_tensor, SequenceExample and image-like bytes features."""

import os
import tempfile

import numpy as np
import tensorflow as tf


def _bytes_feature(value):
    """Returns a bytes_list from a string / byte."""
    if isinstance(value, type(tf.constant(0))):
        value = value.numpy()
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def _float_feature(value):
    """Returns a float_list from a float / double."""
    return tf.train.Feature(float_list=tf.train.FloatList(value=[value]))


def _int64_feature(value):
    """Returns an int64_list from a bool / enum / int / uint."""
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


print(_bytes_feature(b'test_string'))
print(_bytes_feature(u'test_bytes'.encode('utf-8')))
print(_float_feature(np.exp(1)))
try:
    print(_int64_feature(True))
except TypeError as e:  # (the protobuf TF 2.21 ships refuses a bool for an int)
    print(type(e).__name__, e)
print(_int64_feature(1))
feature = _float_feature(np.exp(1))
print(feature.SerializeToString())
n_observations = int(1e2)
rng = np.random.default_rng(0)
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
    # (deterministic: upb orders a map's entries by a per-process hash seed, so the
    # tutorial's plain SerializeToString differs from run to run, in TF as here)
    return example_proto.SerializeToString(deterministic=True)


example_observation = []
serialized_example = serialize_example(0, 4, b'goat', 0.9876)
print(serialized_example)
example_proto = tf.train.Example.FromString(serialized_example)
print(example_proto)
print(len(serialized_example))
print(tf.data.Dataset.from_tensor_slices(feature1))
features_dataset = tf.data.Dataset.from_tensor_slices((feature0, feature1, feature2, feature3))
print(features_dataset)
for f0, f1, f2, f3 in features_dataset.take(1):
    print(f0); print(f1); print(f2); print(np.round(f3.numpy(), 6))


def tf_serialize_example(f0, f1, f2, f3):
    tf_string = tf.py_function(serialize_example, (f0, f1, f2, f3), tf.string)
    return tf.reshape(tf_string, ())


print(tf_serialize_example(f0, f1, f2, f3).shape)
serialized_features_dataset = features_dataset.map(tf_serialize_example)
print(serialized_features_dataset)


def generator():
    for features in features_dataset:
        yield serialize_example(*features)


serialized_features_dataset = tf.data.Dataset.from_generator(generator, output_types=tf.string, output_shapes=())
print(serialized_features_dataset)
tmp = tempfile.mkdtemp()
filename = os.path.join(tmp, 'test.tfrecord')
writer = tf.data.experimental.TFRecordWriter(filename)
writer.write(serialized_features_dataset)
print(os.path.getsize(filename))
filenames = [filename]
raw_dataset = tf.data.TFRecordDataset(filenames)
print(raw_dataset)
for raw_record in raw_dataset.take(2):
    print(repr(raw_record)[:60])
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
for parsed_record in parsed_dataset.take(3):
    print({k: (v.numpy().round(4) if v.dtype == tf.float32 else v.numpy()) for k, v in sorted(parsed_record.items())})
batch = next(iter(raw_dataset.batch(4)))
parsed = tf.io.parse_example(batch, feature_description)
print(sorted((k, v.shape, v.dtype.name) for k, v in parsed.items()))
print(parsed['feature2'])

# writing with tf.io.TFRecordWriter, and compressed files
with tf.io.TFRecordWriter(filename) as writer:
    for i in range(n_observations):
        example = serialize_example(feature0[i], feature1[i], feature2[i], feature3[i])
        writer.write(example)
print(os.path.getsize(filename))
for opt in ['GZIP', 'ZLIB']:
    name = os.path.join(tmp, f'c_{opt}.tfrecord')
    with tf.io.TFRecordWriter(name, options=tf.io.TFRecordOptions(compression_type=opt)) as w:
        for i in range(5):
            w.write(serialize_example(feature0[i], feature1[i], feature2[i], feature3[i]))
    ds = tf.data.TFRecordDataset([name], compression_type=opt)
    print(opt, len(list(ds)), list(ds.map(_parse_function).map(lambda d: d['feature1']).as_numpy_iterator()))
filenames = [filename]
raw_dataset = tf.data.TFRecordDataset(filenames)
for raw_record in raw_dataset.take(1):
    example = tf.train.Example()
    example.ParseFromString(raw_record.numpy())
    print(example)
result = {}
for key, feature in example.features.feature.items():
    kind = feature.WhichOneof('kind')
    result[key] = np.array(getattr(feature, kind).value)
print(sorted(result))
print(result['feature1'], result['feature2'])
print(example.features.feature['feature3'].float_list.value[0] == np.float32(feature3[0]))

# list features, sequence examples, serialized tensors
ex = tf.train.Example(features=tf.train.Features(feature={
    'ints': tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 2, 3])),
    'floats': tf.train.Feature(float_list=tf.train.FloatList(value=[0.5, 1.5])),
    'words': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'a', b'bc'])),
}))
print(ex)
spec = {'ints': tf.io.VarLenFeature(tf.int64), 'floats': tf.io.FixedLenFeature([2], tf.float32), 'words': tf.io.VarLenFeature(tf.string), 'missing': tf.io.FixedLenFeature([], tf.int64, default_value=-1)}
p = tf.io.parse_single_example(ex.SerializeToString(), spec)
print(p['ints']); print(p['floats']); print(p['words']); print(p['missing'])
try:
    tf.io.parse_single_example(ex.SerializeToString(), {'absent': tf.io.FixedLenFeature([], tf.int64)})
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).splitlines()[0][:160])
try:
    tf.io.parse_single_example(ex.SerializeToString(), {'ints': tf.io.FixedLenFeature([], tf.int64)})
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).splitlines()[0][:160])
seq = tf.train.SequenceExample(
    context=tf.train.Features(feature={'id': _int64_feature(7)}),
    feature_lists=tf.train.FeatureLists(feature_list={'tokens': tf.train.FeatureList(feature=[tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 2])), tf.train.Feature(int64_list=tf.train.Int64List(value=[3]))])}))
print(seq)
ctx, lists = tf.io.parse_single_sequence_example(seq.SerializeToString(), context_features={'id': tf.io.FixedLenFeature([], tf.int64)}, sequence_features={'tokens': tf.io.VarLenFeature(tf.int64)})
print(ctx['id']); print(tf.sparse.to_dense(lists['tokens']))
t = tf.constant([[1.5, 2.0], [3.0, 4.25]])
s = tf.io.serialize_tensor(t)
print(s)
print(tf.io.parse_tensor(s, out_type=tf.float32))
try:
    tf.io.parse_tensor(s, out_type=tf.int32)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).splitlines()[0][:160])
image_string = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
png = tf.io.encode_png(image_string)
image_shape = tf.io.decode_png(png).shape
feature = {'height': _int64_feature(image_shape[0]), 'width': _int64_feature(image_shape[1]), 'depth': _int64_feature(image_shape[2]), 'label': _int64_feature(1), 'image_raw': _bytes_feature(png)}
image_example = tf.train.Example(features=tf.train.Features(feature=feature))
for line in str(image_example).split('\n')[:12]:
    print(line)
image_feature_description = {'height': tf.io.FixedLenFeature([], tf.int64), 'width': tf.io.FixedLenFeature([], tf.int64), 'depth': tf.io.FixedLenFeature([], tf.int64), 'label': tf.io.FixedLenFeature([], tf.int64), 'image_raw': tf.io.FixedLenFeature([], tf.string)}
record_file = os.path.join(tmp, 'images.tfrecords')
with tf.io.TFRecordWriter(record_file) as writer:
    writer.write(image_example.SerializeToString())
parsed_image_dataset = tf.data.TFRecordDataset(record_file).map(lambda e: tf.io.parse_single_example(e, image_feature_description))
for image_features in parsed_image_dataset:
    img = tf.io.decode_png(image_features['image_raw'])
    print(img.shape, int(tf.reduce_sum(tf.cast(img, tf.int32))), int(image_features['label']))
