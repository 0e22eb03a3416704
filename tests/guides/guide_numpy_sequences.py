# ruff: noqa: E501
# Python sequences holding NumPy values as the tf.data guide builds them (lists of image
# arrays, NumPy scalars mixed with Python numbers): TF types a sequence by its first scalar
# (a NumPy half or double keeps its type, a NumPy unsigned int is an int), refuses bools
# mixed with numbers unless the dtype asked for takes both, and tf.data types a list of
# NumPy arrays by the arrays.
import numpy as np
import tensorflow as tf

H, F, D = np.float16, np.float32, np.float64
cases = {
    "1.0,d": [1.0, D(2)], "h,d": [H(1), D(2)], "d,h": [D(1), H(2)], "2.0,h": [2.0, H(1)], "h,2.0": [H(1), 2.0], "f,d": [F(1), D(2)], "d,f": [D(1), F(2)],
    "arr h, 2.0": [np.array([1.], H), [2.0]], "1,h": [1, H(2)], "h,1": [H(2), 1], "u8,1": [np.uint8(3), 1], "1,u8": [1, np.uint8(3)], "u8 arr": [np.array([1, 2], np.uint8)] * 2,
    "u8 big": [np.uint8(255), np.uint8(3)], "u64 big": [np.uint64(2**63 + 5)], "u64 small": [np.uint64(5)], "i64 big": [np.int64(2**40), 1], "u32": [np.uint32(2**32 - 1)],
    "i8 neg": [np.int8(-3)], "bool np,1": [np.bool_(True), 1], "c64": [np.complex64(1j), 1], "1,c64": [1.0, np.complex64(1j)], "f,int": [F(1.5), 2],
    "nested 0d": [[np.array(1, np.uint8)], [np.array(2, np.uint8)]], "h inf": [H(np.inf), 1.0], "d big": [D(1e300)], "big, d": [1e300, D(1)], "d, big": [D(1), 1e300],
    "u16": [np.uint16(65535), 3], "i64 arr": [np.array([2**40, 1])], "uint8 tuple": (np.uint8(1), np.uint8(2)), "empty arr": [np.array([], np.uint8)],
    "T,1": [True, 1], "1,T": [1, True], "1.0,T": [1.0, True], "T,1.0": [True, 1.0], "1.0,1j": [1.0, 1j], "1j,1.0": [1j, 1.0], "1,1j": [1, 1j], "1j,T": [1j, True],
    "d,1j": [D(1), 1j], "h,T": [H(1), True], "h big": [H(1), 1e6], "h big d": [H(1), D(1e6)], "i64big,h": [2**40, H(2)], "nested arr i8": [np.array([[1, 2]], np.int8), np.array([[3, 4]], np.int8)],
    "arr f64": [np.array([1.5, 2.5])], "arr bool": [np.array([True, False])], "arr bool, 1": [np.array([True]), [1]], "arr c64": [np.array([1j], np.complex64)],
    "u64 max": [np.uint64(2**64 - 1)], "i, u64 big": [1, np.uint64(2**63)], "i64, u64": [np.int64(-1), np.uint64(2**62)], "tuple mix": ((np.float64(1.5), 2), (3, 4)), "0d u8": [np.array(7, np.uint8)], "0d f64": [np.array(1.5)], "d nan": [D(np.nan), 1],
}
for k, v in cases.items():
    out = []
    for dtype in (None, tf.float32, tf.int64, tf.float16, tf.uint8):
        try:
            t = tf.constant(v, dtype)
            out.append(f"{t.dtype.name} {t.numpy().tolist()}")
        except Exception as e:
            out.append(f"{type(e).__name__}: {str(e).splitlines()[0][:90]}")
    print(k, "|", " | ".join(out))
print(tf.convert_to_tensor([np.array([1, 2], np.uint8), np.array([3, 4], np.uint8)]))
for v in [[np.int64(1), np.int64(2)], [np.array(1), np.array(2)], [[np.int64(1)], [np.int64(2)]], [np.array([1, 2]), np.array([3])], [tf.constant([1]), tf.constant([2])],
          [np.array([1], np.int16), np.array([2])], [np.array([1, 2]), [3, 4]], [tf.constant([1.0]), np.array([2.0])], [np.array([b'a']), np.array([b'b'])],
          [np.array(['a']), np.array(['bc'])], [True, np.bool_(False)], [np.array([1., 2.], np.float16)] * 2, [np.array([1, 2], np.uint8)] * 2, [[np.array([1, 2], np.uint8)]] * 2,
          ([np.array([1, 2]), np.array([3, 4])], [np.array([1.5], np.float32), np.array([2.5], np.float32)]), {"img": [np.zeros((2, 2), np.uint8)] * 3}]:
    try:
        print(tf.data.Dataset.from_tensors(v).element_spec, tf.data.Dataset.from_tensor_slices(v).element_spec)
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0][:120])
images = [np.full((2, 2), i, np.uint8) for i in range(3)]
ds = tf.data.Dataset.from_tensor_slices((images, [0, 1, 0]))
print(ds.element_spec, [x.numpy().tolist() for x, _ in ds])
