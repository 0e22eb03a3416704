"""Calls of the tf.* and tf.io names added for #21 (protos, serialized tensors, base64,
compression, JSON examples, CSV, fingerprints, edit distance, random_index_shuffle) whose
results and errors TF 2.21 recorded in tfapi_golden.json (make_tfapi_golden.py). Each case
is an expression over `tf` and `np`; `zlib` and `gzip` compress the inputs."""

from __future__ import annotations

from typing import Any

import numpy as np

SETUP = """
import gzip, zlib
hyp = tf.SparseTensor([[0, 0, 0], [1, 0, 0]], ["a", "b"], (2, 1, 1))
truth = tf.SparseTensor([[0, 1, 0], [1, 0, 0], [1, 0, 1], [1, 1, 0]], ["a", "b", "c", "a"],
                        (2, 2, 2))
h2 = tf.SparseTensor([[0, 0], [0, 1], [0, 2], [2, 0]], [1, 2, 3, 4], (3, 3))
t2 = tf.SparseTensor([[0, 0], [0, 1], [1, 0]], [1, 3, 5], (3, 2))
"""
_JSON = ('{"features": {"feature": {"b": {"int64List": {"value": [1, -2]}}, '
         '"a": {"bytesList": {"value": ["YWI="]}}, "c": {"floatList": {"value": [1.5, -0.25]}}}}}')
CASES = [
    # TensorProto
    "str(tf.make_tensor_proto(1.0))",
    "str(tf.make_tensor_proto([1, 2, 3]))",
    "str(tf.make_tensor_proto('ab'))",
    "str(tf.make_tensor_proto([b'a', b'bc']))",
    "str(tf.make_tensor_proto(5, shape=[2, 2]))",
    "str(tf.make_tensor_proto([1.5, 2.5], dtype=tf.float64))",
    "str(tf.make_tensor_proto(np.float16(1.5)))",
    "str(tf.make_tensor_proto(np.array([1.5, 2], np.float16)))",
    "str(tf.make_tensor_proto(True))",
    "str(tf.make_tensor_proto(np.array([True, False])))",
    "str(tf.make_tensor_proto(np.array([[1, 2], [3, 4]], np.int64)))",
    "str(tf.make_tensor_proto(1 + 2j))",
    "str(tf.make_tensor_proto(np.array([1 + 1j, 2], np.complex64)))",
    "str(tf.make_tensor_proto(np.array([1, 2], np.uint32)))",
    "str(tf.make_tensor_proto(np.array([1, 2], np.uint16)))",
    "str(tf.make_tensor_proto(np.zeros((0, 3), np.float32)))",
    "str(tf.make_tensor_proto(tf.constant([1.0, 2.0])))",
    "str(tf.make_tensor_proto([1, 2], dtype=tf.float32))",
    "str(tf.make_tensor_proto([1, 2, 3], shape=[5]))",
    "str(tf.make_tensor_proto([[1], [2]], shape=[2]))",
    "str(tf.make_tensor_proto('x', shape=[2]))",
    "str(tf.make_tensor_proto(np.array([1], np.float32)))",
    "str(tf.make_tensor_proto(3, shape=[0]))",
    "tf.make_tensor_proto([1, 2, 3], shape=[2])",
    "tf.make_tensor_proto([1, 2, 3], shape=[4], verify_shape=True)",
    "tf.make_tensor_proto([1, 2, 3], dtype=tf.string)",
    "tf.make_ndarray(tf.make_tensor_proto(5, shape=[2, 2]))",
    "tf.make_ndarray(tf.make_tensor_proto([b'a', b'bc']))",
    "tf.make_ndarray(tf.make_tensor_proto(np.array([1.5, 2], np.float16)))",
    "tf.make_ndarray(tf.make_tensor_proto(1 + 2j))",
    "tf.make_ndarray(tf.make_tensor_proto([1, 2, 3], shape=[5]))",
    "tf.make_ndarray(5)",
    # serialize_tensor / parse_tensor
    "tf.io.serialize_tensor(1.0)",
    "tf.io.serialize_tensor([1, 2, 3])",
    "tf.io.serialize_tensor('ab')",
    "tf.io.serialize_tensor([[b'a'], [b'bc']])",
    "tf.io.serialize_tensor(True)",
    "tf.io.serialize_tensor(tf.constant([[1.5]], tf.float16))",
    "tf.io.serialize_tensor(tf.zeros([0, 2], tf.int64))",
    "tf.io.serialize_tensor(1 + 2j)",
    "tf.io.parse_tensor(tf.io.serialize_tensor([[1, 2, 3]]), tf.int32)",
    "tf.io.parse_tensor(tf.io.serialize_tensor(['x', 'yz']), tf.string)",
    "tf.io.parse_tensor(tf.io.serialize_tensor([1, 2, 3]), tf.float32)",
    "tf.io.parse_tensor(b'garbage\\xff', tf.float32)",
    "tf.io.parse_tensor([b'a'], tf.float32)",
    # base64
    "tf.io.encode_base64([b'hello?>', b'', b'ab', b'\\xff\\xfe'])",
    "tf.io.encode_base64([[b'hello?>', b'ab']], pad=True)",
    "tf.io.decode_base64([b'aGVsbG8_Pg', b'YWI=', b'YWI', b''])",
    "tf.io.decode_base64(b'a')",
    "tf.io.decode_base64(b'a$bc')",
    "tf.io.decode_base64(b'ab===')",
    # compression
    "tf.io.decode_compressed([zlib.compress(b'abc'), zlib.compress(b'')], compression_type='ZLIB')",
    "tf.io.decode_compressed(gzip.compress(b'xyz'), compression_type='GZIP')",
    "tf.io.decode_compressed(b'raw')",
    "tf.io.decode_compressed(b'raw', compression_type='ZLIB')",
    "tf.io.decode_compressed(b'raw', compression_type='BZ2')",
    # JSON examples
    f"tf.io.decode_json_example({_JSON!r})",
    "tf.io.decode_json_example(['{\"features\": {\"feature\": {\"x\": {\"floatList\": "
    "{\"value\": [1.5]}}}}}', '{}'])",
    "tf.io.decode_json_example('{\"bogus\": 1}')",
    # CSV
    "tf.io.decode_csv(['1,2.5,abc', '4,,\"x,y\"'], record_defaults=[[0], [1.0], ['d']])",
    "tf.io.decode_csv('1;2', record_defaults=[[0], [0]], field_delim=';')",
    "tf.io.decode_csv(['1,2,3', '4,5,6'], record_defaults=[[0], [0]], select_cols=[0, 2])",
    "tf.io.decode_csv(['NA,3'], record_defaults=[[0], [0]], na_value='NA')",
    "tf.io.decode_csv(['\"a\"\"b\",c'], record_defaults=[[''], ['']])",
    "tf.io.decode_csv(['\"a\"\"b\",c'], record_defaults=[[''], ['']], use_quote_delim=False)",
    "tf.io.decode_csv([['1,2'], ['3,4']], record_defaults=[[0], [tf.constant(0, tf.int64)]])",
    "tf.io.decode_csv(['1.5,2.5'], record_defaults=[[0.0], [tf.constant(0, tf.float64)]])",
    "tf.io.decode_csv(['1e3, 2', ' 1 ,2 '], record_defaults=[[0.0], [0]])",
    "tf.io.decode_csv(['nan,inf'], record_defaults=[[0.0], [0.0]])",
    "tf.io.decode_csv(['1,2,3'], record_defaults=[[0], [0], [0]], select_cols=[0, 2])",
    "tf.io.decode_csv(['1,2'], record_defaults=[[0], [0], [0]])",
    "tf.io.decode_csv(['1,2,3'], record_defaults=[[0], [0]])",
    "tf.io.decode_csv(['1,x'], record_defaults=[[0], [0]])",
    "tf.io.decode_csv(['1,x'], record_defaults=[[0], [tf.constant(0, tf.int64)]])",
    "tf.io.decode_csv(['1,x'], record_defaults=[[0], [0.0]])",
    "tf.io.decode_csv(['1,'], record_defaults=[[0], tf.constant([], tf.int32)])",
    "tf.io.decode_csv(['\"ab'], record_defaults=[['']])",
    "tf.io.decode_csv(['a,\"b\"x'], record_defaults=[[''], ['']])",
    "tf.io.decode_csv(['1,2'], record_defaults=[[0], [0]], field_delim=';;')",
    "tf.io.decode_csv(['1,2'], record_defaults=[[0], [0]], select_cols=[1, 0])",
    "tf.io.decode_csv(['99999999999,2'], record_defaults=[[0], [0]])",
    "tf.io.decode_csv(['0x1F,2'], record_defaults=[[0], [0]])",
    "tf.io.decode_csv([''], record_defaults=[['']])",
    # fingerprint
    "tf.fingerprint(tf.constant([[1, 2], [3, 4]]))",
    "tf.fingerprint(tf.constant(['abc', 'de']))",
    "tf.fingerprint(tf.constant([['a', 'bc'], ['', 'x']]))",
    "tf.fingerprint(tf.constant([1.5, -0.0], tf.float64))",
    "tf.fingerprint(tf.zeros([2, 0]))",
    "tf.fingerprint(tf.constant([[True, False]]))",
    "tf.fingerprint(tf.constant(1))",
    "tf.fingerprint(tf.constant([1]), method='md5')",
    # edit distance
    "tf.edit_distance(hyp, truth, normalize=True)",
    "tf.edit_distance(hyp, truth, normalize=False)",
    "tf.edit_distance(h2, t2)",
    "tf.edit_distance(t2, h2, normalize=False)",
    "tf.edit_distance(tf.SparseTensor([[0, 2], [0, 1]], [1, 2], (3, 3)), t2)",
    "tf.edit_distance(tf.SparseTensor([[0]], [1.5], [1]), tf.SparseTensor([[0]], [1.5], [1]))",
    "tf.edit_distance(h2, tf.SparseTensor([[0, 0]], [1.0], [3, 2]))",
    "tf.edit_distance(h2, tf.SparseTensor([[0, 0, 0]], [1], [3, 2, 1]))",
    "tf.edit_distance(tf.constant([1]), t2)",
    # random_index_shuffle
    "tf.random_index_shuffle(tf.constant(3, tf.int64), seed=tf.constant([1, 2, 3], tf.int64), "
    "max_index=tf.constant(9, tf.int64))",
    "tf.random_index_shuffle(tf.constant([3, 4, 9], tf.int32), seed=tf.constant([1, 2, 3], "
    "tf.int32), max_index=tf.constant(9, tf.int32), rounds=6)",
    "tf.random_index_shuffle(tf.constant([0, 1, 2], tf.uint64), seed=tf.constant([7, 0, 5], "
    "tf.uint64), max_index=tf.constant(2, tf.uint64))",
]


def record(value: Any) -> Any:
    """A result as JSON: text as it is, a list or a tensor or an array by its values and
    dtype (bytes as lists of ints, exactly)."""
    if isinstance(value, str):
        return {"text": value}
    if isinstance(value, list):
        return [record(v) for v in value]
    arr = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
    dtype = value.dtype.name if hasattr(value, "numpy") else str(arr.dtype)
    if arr.dtype == object:
        vals = [list(bytes(v)) for v in arr.reshape(-1)]
        return {"bytes": vals, "shape": list(arr.shape), "dtype": dtype}
    flat = [repr(complex(v)) if arr.dtype.kind == "c" else repr(float(v))
            if arr.dtype.kind == "f" else int(v) for v in arr.reshape(-1)]
    return {"value": flat, "shape": list(arr.shape), "dtype": dtype}


def error(e: Exception) -> dict:
    """An error as its class and the first line of its message (an eager op's with TF's
    function prefix and name suffix)."""
    return {"error": type(e).__name__, "message": str(e).split("\n")[0]}
