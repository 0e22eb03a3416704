"""kprobe15's sweep of keras.ops: every public function of keras.ops called on two or
three representative inputs (float32, int32, bool and float16 tensors, Python scalars) and
one bad input, one snippet per function (see cases.py). A function of one tensor takes the
UNARY inputs, one of two the BINARY pairs; the others have calls of their own (CALLS)."""

# ruff: noqa: E501 - one call per table line (a call expression is not split)

import json
import os

from tests.keras.kprobe15.prelude import _SHOW

with open(os.path.join(os.path.dirname(__file__), "names.json")) as _f:
    NAMES = json.load(_f)  # (record_names.py: dir() of Keras 3.15's namespaces)

UNARY_INPUTS = ["F", "I", "B", "H", "0.5", "[[1, 2], [3]]"]
BINARY_INPUTS = [
    ("F", "P"),
    ("I", "F"),
    ("I", "2"),
    ("F", "2"),
    ("B", "B"),
    ("H", "I"),
    ("2", "3.5"),
    ("F", "np.ones(4, 'float32')"),
]

UNARY = """
abs absolute all amax amin angle any arccos arccosh arcsin arcsinh arctan arctanh argmax
argmin argsort average bitwise_invert bitwise_not cbrt ceil celu conj conjugate copy
corrcoef cos cosh count_nonzero cumprod cumsum deg2rad diag diagflat diagonal diff elu erf
erfc erfinv exp exp2 expm1 fabs flip fliplr flipud floor gelu glu hard_shrink hard_sigmoid
hard_silu hard_swish hard_tanh i0 imag isfinite isinf isnan isneginf isposinf isreal
leaky_relu log log10 log1p log2 log_sigmoid log_softmax logical_not logsumexp max mean
median min nan_to_num nanargmax nanargmin nancumprod nancumsum nanmax nanmean nanmedian
nanmin nanprod nanstd nansum nanvar ndim negative nonzero norm normalize ones_like prod ptp
rad2deg ravel real reciprocal relu relu6 rms_normalization rot90 round rsqrt selu sigmoid
sign signbit silu sin sinc sinh size softmax softplus softsign sort sparse_plus
soft_shrink sparse_sigmoid sparsemax sqrt square squareplus squeeze std sum swish tan tanh
tanh_shrink trace transpose trapezoid tril triu trunc unstack var zeros_like empty_like
shape dtype is_tensor convert_to_tensor convert_to_numpy stop_gradient layer_normalization
array view
""".split()

BINARY = """
add allclose append arctan2 bitwise_and bitwise_left_shift bitwise_or bitwise_right_shift
bitwise_xor cross divide divide_no_nan dot equal floor_divide fmax fmin fmod gcd greater
greater_equal heaviside hypot inner isclose isin kron lcm ldexp left_shift less less_equal
logaddexp logaddexp2 logical_and logical_or logical_xor matmul maximum minimum mod multiply
nextafter not_equal outer power right_shift subtract true_divide vdot tensordot cdist
""".split()

# The functions taking more than tensors: each call a label and an expression.
CALLS = {
    "adaptive_average_pool": [
        ("f32", "O.adaptive_average_pool(np.arange(32, dtype='float32').reshape(1, 4, 4, 2), 2)"),
        ("i32", "O.adaptive_average_pool(np.arange(32).reshape(1, 4, 4, 2).astype('int32'), (2, 1))"),
        ("bad", "O.adaptive_average_pool(F, 2)"),
    ],
    "adaptive_max_pool": [
        ("f32", "O.adaptive_max_pool(np.arange(32, dtype='float32').reshape(1, 4, 4, 2), 2)"),
        ("1d", "O.adaptive_max_pool(np.arange(8, dtype='float32').reshape(1, 4, 2), 3)"),
        ("bad", "O.adaptive_max_pool(F, 2)"),
    ],
    "arange": [
        ("int", "O.arange(5)"), ("float", "O.arange(0.5, 3)"), ("step", "O.arange(1, 10, 3, dtype='float16')"),
        ("bool", "O.arange(True)"), ("bad", "O.arange(0, 5, 0)"),
    ],
    "argpartition": [
        ("f32", "O.argpartition(F, 1)"), ("i32", "O.argpartition(I, 2, axis=0)"), ("bad", "O.argpartition(F, 5)"),
    ],
    "array_split": [
        ("f32", "O.array_split(np.arange(7, dtype='float32'), 3)"), ("i32", "O.array_split(I, 2, axis=1)"),
        ("bad", "O.array_split(F, 0)"),
    ],
    "associative_scan": [
        ("add", "O.associative_scan(lambda a, b: a + b, np.arange(5, dtype='float32'))"),
        ("rev", "O.associative_scan(O.multiply, np.arange(1, 5).astype('int32'), reverse=True)"),
        ("bad", "O.associative_scan(O.add, F, axis=3)"),
    ],
    "average_pool": [
        ("f32", "O.average_pool(np.arange(16, dtype='float32').reshape(1, 4, 4, 1), 2)"),
        ("same", "O.average_pool(np.arange(9, dtype='float32').reshape(1, 3, 3, 1), 2, padding='same')"),
        ("bad", "O.average_pool(F, 2)"),
    ],
    "max_pool": [
        ("f32", "O.max_pool(np.arange(16, dtype='float32').reshape(1, 4, 4, 1), 2)"),
        ("1d", "O.max_pool(np.arange(8, dtype='int32').reshape(1, 4, 2), 3, strides=1, padding='same')"),
        ("bad", "O.max_pool(F, 2)"),
    ],
    "image.sobel_edges": [
        ("f32", "O.image.sobel_edges(np.arange(16, dtype='float32').reshape(1, 4, 4, 1))"),
        ("bad", "O.image.sobel_edges(F)"),
    ],
    "image.ssim": [
        ("f32", "O.image.ssim(IM, IM * 0.9, 1.0)"),
        ("bad", "O.image.ssim(F, F, 1.0)"),
    ],
    "bartlett": [("5", "O.bartlett(5)"), ("1", "O.bartlett(1)"), ("0", "O.bartlett(0)")],
    "blackman": [("5", "O.blackman(5)"), ("1", "O.blackman(1)"), ("0", "O.blackman(0)")],
    "hamming": [("5", "O.hamming(5)"), ("1", "O.hamming(1)"), ("0", "O.hamming(0)")],
    "hanning": [("5", "O.hanning(5)"), ("1", "O.hanning(1)"), ("0", "O.hanning(0)")],
    "kaiser": [("5", "O.kaiser(5, 2.0)"), ("1", "O.kaiser(1, 0.5)"), ("0", "O.kaiser(0, 1.0)")],
    "batch_normalization": [
        ("f32", "O.batch_normalization(F, np.array([0.5, 0, 1], 'float32'), np.array([1, 4, 0.25], 'float32'), axis=-1)"),
        ("f16", "O.batch_normalization(H, H[0], H[1] ** 2, axis=1, offset=H[0], scale=H[1])"),
        ("bad", "O.batch_normalization(F, np.ones(2, 'float32'), np.ones(2, 'float32'), axis=-1)"),
    ],
    "binary_crossentropy": [
        ("f32", "O.binary_crossentropy(np.array([[0., 1, 1]], 'float32'), np.array([[0.2, 0.7, 0.9]], 'float32'))"),
        ("logits", "O.binary_crossentropy(np.array([[0., 1, 1]], 'float32'), F[:1], from_logits=True)"),
        ("bad", "O.binary_crossentropy(F, np.ones((2, 4), 'float32'))"),
    ],
    "categorical_crossentropy": [
        ("f32", "O.categorical_crossentropy(np.array([[0., 1, 0]], 'float32'), np.array([[0.2, 0.7, 0.1]], 'float32'))"),
        ("logits", "O.categorical_crossentropy(np.array([[0., 1, 0]], 'float32'), F[:1], from_logits=True)"),
        ("bad", "O.categorical_crossentropy(F, np.ones((2, 4), 'float32'))"),
    ],
    "sparse_categorical_crossentropy": [
        ("f32", "O.sparse_categorical_crossentropy(np.array([1, 2]), P / P.sum(1, keepdims=True))"),
        ("logits", "O.sparse_categorical_crossentropy(np.array([0, 2]), F, from_logits=True)"),
        ("bad", "O.sparse_categorical_crossentropy(np.array([1, 2, 0]), F)"),
    ],
    "bincount": [
        ("i32", "O.bincount(np.array([0, 1, 1, 3], 'int32'))"),
        ("w", "O.bincount(np.array([0, 1, 1, 3], 'int32'), weights=np.array([0.5, 1, 2, 1], 'float32'), minlength=5)"),
        ("2d", "O.bincount(np.array([[0, 1], [2, 2]], 'int32'))"),
        ("bad", "O.bincount(F)"),
    ],
    "broadcast_to": [
        ("f32", "O.broadcast_to(np.array([1., 2, 3], 'float32'), (2, 3))"), ("bool", "O.broadcast_to(True, (2,))"),
        ("bad", "O.broadcast_to(F, (3, 3))"),
    ],
    "cast": [
        ("f2i", "O.cast(F, 'int32')"), ("i2b", "O.cast(I, 'bool')"), ("f2f16", "O.cast(F, 'float16')"),
        ("py", "O.cast(2.7, 'int8')"), ("bad", "O.cast(F, 'nope')"),
    ],
    "saturate_cast": [
        ("f2u8", "O.saturate_cast(F * 200, 'uint8')"), ("i2i8", "O.saturate_cast(I * 100, 'int8')"),
        ("bad", "O.saturate_cast(F, 'nope')"),
    ],
    "cholesky": [("f32", "O.cholesky(S)"), ("i32", "O.cholesky(S.astype('int32'))"), ("bad", "O.cholesky(F)")],
    "cholesky_inverse": [("f32", "O.cholesky_inverse(np.linalg.cholesky(S).astype('float32'))"), ("upper", "O.cholesky_inverse(np.linalg.cholesky(S).T.astype('float32'), upper=True)"), ("bad", "O.cholesky_inverse(F)")],
    "det": [("f32", "O.det(S)"), ("f16", "O.det(S.astype('float16'))"), ("bad", "O.det(F)")],
    "inv": [("f32", "O.inv(S)"), ("i32", "O.inv(S.astype('int32'))"), ("bad", "O.inv(F)")],
    "eig": [("f32", "O.eig(S)"), ("bad", "O.eig(F)")],
    "eigh": [("f32", "O.eigh(S)"), ("bad", "O.eigh(F)")],
    "logdet": [("f32", "O.logdet(S)"), ("bad", "O.logdet(F)")],
    "lu_factor": [("f32", "O.lu_factor(S)"), ("bad", "O.lu_factor(F)")],
    "matrix_rank": [("f32", "O.matrix_rank(S)"), ("rect", "O.matrix_rank(F)"), ("bad", "O.matrix_rank(np.ones(3, 'float32'))")],
    "pinv": [("f32", "O.pinv(S)"), ("rect", "O.pinv(F)"), ("bad", "O.pinv(np.ones(3, 'float32'))")],
    "qr": [("f32", "O.qr(S)"), ("complete", "O.qr(F, mode='complete')"), ("bad", "O.qr(F, mode='x')")],
    "slogdet": [("f32", "O.slogdet(S)"), ("bad", "O.slogdet(F)")],
    "svd": [("f32", "O.svd(S)"), ("rect", "O.svd(F, compute_uv=False)"), ("bad", "O.svd(np.ones(3, 'float32'))")],
    "solve": [("f32", "O.solve(S, np.array([[1.], [2.]], 'float32'))"), ("bad", "O.solve(F, F)")],
    "solve_triangular": [("f32", "O.solve_triangular(np.tril(S), np.array([[1.], [2.]], 'float32'), lower=True)"), ("bad", "O.solve_triangular(F, F)")],
    "lstsq": [("f32", "O.lstsq(F.T, np.array([1., 2, 3], 'float32'))"), ("bad", "O.lstsq(F, np.ones(3, 'float32'))")],
    "clip": [
        ("f32", "O.clip(F, -1, 1)"), ("i32", "O.clip(I, -1, 2)"), ("i32f", "O.clip(I, -1.5, 2.5)"),
        ("bool", "O.clip(B, 0, 1)"), ("f16", "O.clip(H, 0, 1)"), ("bad", "O.clip([[1, 2], [3]], 0, 1)"),
    ],
    "concatenate": [
        ("f32", "O.concatenate([F, P])"), ("mixed", "O.concatenate([I, F], axis=1)"), ("bad", "O.concatenate([F, np.ones(3)])"),
    ],
    "hstack": [("f32", "O.hstack([F, P])"), ("mixed", "O.hstack([I, B])"), ("bad", "O.hstack([F, np.ones(3)])")],
    "vstack": [("f32", "O.vstack([F, P])"), ("mixed", "O.vstack([I, H])"), ("bad", "O.vstack([F, np.ones(4)])")],
    "dstack": [("f32", "O.dstack([F, P])"), ("mixed", "O.dstack([I, B])"), ("bad", "O.dstack([F, np.ones(4)])")],
    "stack": [("f32", "O.stack([F, P])"), ("mixed", "O.stack([I, F], axis=1)"), ("bad", "O.stack([F, np.ones(3)])")],
    "cond": [
        ("t", "O.cond(True, lambda: O.ones(2), lambda: O.zeros(2))"),
        ("f", "O.cond(np.array(False), lambda: 1, lambda: 2)"),
        ("bad", "O.cond(True, lambda: O.ones(2), lambda: O.zeros(3))"),
    ],
    "conv": [
        ("f32", "O.conv(np.arange(16, dtype='float32').reshape(1, 4, 4, 1), np.ones((2, 2, 1, 2), 'float32'))"),
        ("1d", "O.conv(np.arange(8, dtype='float32').reshape(1, 4, 2), np.ones((3, 2, 1), 'float32'), padding='same', strides=2)"),
        ("bad", "O.conv(F, np.ones((2, 2, 1, 1), 'float32'))"),
    ],
    "conv_transpose": [
        ("f32", "O.conv_transpose(np.arange(8, dtype='float32').reshape(1, 2, 2, 2), np.ones((2, 2, 3, 2), 'float32'), 2)"),
        ("bad", "O.conv_transpose(F, np.ones((2, 2, 1, 1), 'float32'), 1)"),
    ],
    "depthwise_conv": [
        ("f32", "O.depthwise_conv(np.arange(18, dtype='float32').reshape(1, 3, 3, 2), np.ones((2, 2, 2, 1), 'float32'))"),
        ("bad", "O.depthwise_conv(F, np.ones((2, 2, 1, 1), 'float32'))"),
    ],
    "separable_conv": [
        ("f32", "O.separable_conv(np.arange(18, dtype='float32').reshape(1, 3, 3, 2), np.ones((2, 2, 2, 1), 'float32'), np.ones((1, 1, 2, 3), 'float32'))"),
        ("bad", "O.separable_conv(F, np.ones((2, 2, 1, 1), 'float32'), np.ones((1, 1, 1, 1), 'float32'))"),
    ],
    "correlate": [
        ("f32", "O.correlate(np.array([1., 2, 3], 'float32'), np.array([0., 1, 0.5], 'float32'))"),
        ("full", "O.correlate(np.array([1, 2, 3], 'int32'), np.array([1, 1], 'int32'), mode='full')"),
        ("bad", "O.correlate(F, F)"),
    ],
    "ctc_decode": [
        ("greedy", "O.ctc_decode(np.log(np.array([[[0.1, 0.8, 0.1], [0.1, 0.8, 0.1], [0.7, 0.2, 0.1], [0.1, 0.1, 0.8]]], 'float32')), np.array([4], 'int32'))"),
        ("bad", "O.ctc_decode(F, np.array([2], 'int32'), strategy='nope')"),
    ],
    "ctc_loss": [
        ("f32", "O.ctc_loss(np.array([[1, 2]], 'int32'), np.log(np.full((1, 4, 3), 1 / 3, 'float32')), np.array([2], 'int32'), np.array([4], 'int32'))"),
        ("bad", "O.ctc_loss(np.array([[1, 2]], 'int32'), F, np.array([2], 'int32'), np.array([4], 'int32'))"),
    ],
    "custom_gradient": [("deco", "type(O.custom_gradient(lambda x: (x, lambda g: g))).__name__")],
    "depth_to_space": [
        ("f32", "O.depth_to_space(np.arange(8, dtype='float32').reshape(1, 1, 2, 4), 2)"),
        ("bad", "O.depth_to_space(np.arange(6, dtype='float32').reshape(1, 1, 2, 3), 2)"),
    ],
    "space_to_depth": [
        ("f32", "O.space_to_depth(np.arange(8, dtype='float32').reshape(1, 2, 2, 2), 2)"),
        ("bad", "O.space_to_depth(np.arange(6, dtype='float32').reshape(1, 3, 2, 1), 2)"),
    ],
    "digitize": [
        ("f32", "O.digitize(F, np.array([0., 1, 2], 'float32'))"), ("i32", "O.digitize(I, np.array([0, 3], 'int32'))"),
        ("bad", "O.digitize(F, F)"),
    ],
    "dot_product_attention": [
        ("f32", "O.dot_product_attention(np.ones((1, 2, 1, 4), 'float32'), np.arange(12, dtype='float32').reshape(1, 3, 1, 4) / 10, np.arange(12, dtype='float32').reshape(1, 3, 1, 4))"),
        ("causal", "O.dot_product_attention(np.ones((1, 3, 1, 2), 'float32'), np.ones((1, 3, 1, 2), 'float32'), np.arange(6, dtype='float32').reshape(1, 3, 1, 2), is_causal=True)"),
        ("bad", "O.dot_product_attention(F, F, F)"),
    ],
    "dsplit": [("f32", "O.dsplit(np.arange(8, dtype='float32').reshape(1, 2, 4), 2)"), ("bad", "O.dsplit(F, 2)")],
    "hsplit": [("f32", "O.hsplit(np.arange(8, dtype='float32').reshape(2, 4), 2)"), ("bad", "O.hsplit(F, 2)")],
    "vsplit": [("f32", "O.vsplit(np.arange(8, dtype='float32').reshape(4, 2), [1, 3])"), ("bad", "O.vsplit(np.ones(3), 2)")],
    "split": [("f32", "O.split(F, 3, axis=1)"), ("list", "O.split(I, [1], axis=1)"), ("bad", "O.split(F, 2, axis=1)")],
    "einsum": [
        ("f32", "O.einsum('ij,kj->ik', F, P)"), ("i32", "O.einsum('ij->j', I)"), ("mixed", "O.einsum('ij,ij->i', I, F)"),
        ("bad", "O.einsum('ij,jk->ik', F, F)"),
    ],
    "empty": [("f", "O.empty((2, 1))"), ("i", "O.empty(2, 'int32')"), ("bad", "O.empty((-1, 2))")],
    "ones": [("f", "O.ones((2, 1))"), ("i", "O.ones(2, 'int8')"), ("bad", "O.ones((-1, 2))")],
    "zeros": [("f", "O.zeros((2, 1))"), ("b", "O.zeros(2, 'bool')"), ("bad", "O.zeros((-1, 2))")],
    "eye": [("3", "O.eye(3)"), ("k", "O.eye(2, 3, k=1, dtype='int32')"), ("bad", "O.eye(-1)")],
    "identity": [("3", "O.identity(3)"), ("i", "O.identity(2, 'int32')"), ("bad", "O.identity(-1)")],
    "tri": [("3", "O.tri(3)"), ("k", "O.tri(2, 3, k=-1, dtype='int32')"), ("bad", "O.tri(-1)")],
    "expand_dims": [("f32", "O.expand_dims(F, 1)"), ("tuple", "O.expand_dims(I, (0, 3))"), ("bad", "O.expand_dims(F, 5)")],
    "extract_sequences": [
        ("f32", "O.extract_sequences(np.arange(6, dtype='float32'), 3, 2)"),
        ("bad", "O.extract_sequences(np.arange(6, dtype='float32'), 8, 2)"),
    ],
    "fft": [("f32", "O.fft((F, P))"), ("bad", "O.fft(F)")],
    "fft2": [("f32", "O.fft2((F, P))"), ("bad", "O.fft2(F)")],
    "ifft2": [("f32", "O.ifft2((F, P))"), ("bad", "O.ifft2(F)")],
    "rfft": [("f32", "O.rfft(F)"), ("n", "O.rfft(F, fft_length=4)"), ("bad", "O.rfft(I)")],
    "irfft": [("f32", "O.irfft((F, P))"), ("n", "O.irfft((F, P), fft_length=4)"), ("bad", "O.irfft(F)")],
    "stft": [
        ("f32", "O.stft(np.arange(8, dtype='float32'), 4, 2, 4)"),
        ("bad", "O.stft(np.arange(8, dtype='float32'), 4, 2, 2)"),
    ],
    "istft": [
        ("f32", "O.istft((np.ones((3, 3), 'float32'), np.zeros((3, 3), 'float32')), 4, 2, 4)"),
        ("bad", "O.istft(np.ones((3, 3), 'float32'), 4, 2, 4)"),
    ],
    "fold": [
        ("f32", "O.fold(np.arange(16, dtype='float32').reshape(1, 4, 4), (3, 3), 2)"),
        ("bad", "O.fold(F, (3, 3), 2)"),
    ],
    "unfold": [
        ("f32", "O.unfold(np.arange(9, dtype='float32').reshape(1, 1, 3, 3), 2)"),
        ("bad", "O.unfold(F, 2)"),
    ],
    "fori_loop": [
        ("add", "O.fori_loop(0, 4, lambda i, v: v + i, 0)"), ("t", "O.fori_loop(1, 3, lambda i, v: v * 2, O.ones(2))"),
        ("bad", "O.fori_loop(0, 2, lambda i: i, 0)"),
    ],
    "while_loop": [
        ("i", "O.while_loop(lambda i: i < 5, lambda i: i + 2, 0)"),
        ("tuple", "O.while_loop(lambda a, b: a < 3, lambda a, b: (a + 1, b * 2), (0, 1.0))"),
        ("bad", "O.while_loop(lambda i: i < 5, lambda i: (i, i), 0)"),
    ],
    "full": [("f", "O.full((2, 1), 3)"), ("f32", "O.full((2,), 0.5)"), ("i", "O.full(2, 3, 'int8')"), ("bad", "O.full((-1,), 1)")],
    "full_like": [("f", "O.full_like(F, 3)"), ("i", "O.full_like(I, 2.5)"), ("b", "O.full_like(B, 2)"), ("bad", "O.full_like(F, [1, 2])")],
    "geomspace": [("f", "O.geomspace(1, 8, 4)"), ("i", "O.geomspace(1, 100, 3, dtype='int32')"), ("bad", "O.geomspace(0, 8, 4)")],
    "linspace": [("f", "O.linspace(0, 1, 5)"), ("i", "O.linspace(0, 10, 3, dtype='int32')"), ("ep", "O.linspace(0, 1, 4, endpoint=False)"), ("bad", "O.linspace(0, 1, -1)")],
    "logspace": [("f", "O.logspace(0, 2, 3)"), ("base", "O.logspace(0, 3, 4, base=2)"), ("bad", "O.logspace(0, 1, -1)")],
    "get_item": [("f32", "O.get_item(F, 1)"), ("tuple", "O.get_item(I, (0, slice(1, None)))"), ("bad", "O.get_item(F, 5)")],
    "histogram": [("f32", "O.histogram(F)"), ("bins", "O.histogram(I, bins=3)"), ("bad", "O.histogram(F, bins=0)")],
    "in_top_k": [
        ("f32", "O.in_top_k(np.array([1, 2], 'int32'), F, 1)"), ("k2", "O.in_top_k(np.array([0, 0]), F, 2)"),
        ("bad", "O.in_top_k(np.array([1]), F, 1)"),
    ],
    "top_k": [("f32", "O.top_k(F, 2)"), ("i32", "O.top_k(I, 1, sorted=False)"), ("bad", "O.top_k(F, 4)")],
    "jvp": [("sq", "O.jvp(lambda x: x * x, (np.array([1., 2.], 'float32'),), (np.ones(2, 'float32'),))")],
    "map": [("sq", "O.map(lambda x: x * 2, I)"), ("bad", "O.map(lambda x: x, 3)")],
    "scan": [
        ("sum", "O.scan(lambda c, x: (c + x, c * x), 0.0, np.arange(3, dtype='float32'))"),
        ("len", "O.scan(lambda c, x: (c + 1, c), 0, None, length=3)"),
        ("bad", "O.scan(lambda c, x: (c, x), 0.0, None)"),
    ],
    "vectorized_map": [("sq", "O.vectorized_map(lambda x: x * 2, F)"), ("sum", "O.vectorized_map(O.sum, I)")],
    "vectorize": [("add", "O.vectorize(lambda a, b: a + b)(F, P)")],
    "meshgrid": [
        ("xy", "O.meshgrid(np.arange(2, dtype='float32'), np.arange(3, dtype='float32'))"),
        ("ij", "O.meshgrid(np.arange(2), np.arange(3), indexing='ij')"),
        ("bad", "O.meshgrid(np.arange(2), indexing='nope')"),
    ],
    "moments": [("f32", "O.moments(F, axes=[0])"), ("i32", "O.moments(I, [0, 1], keepdims=True)"), ("bad", "O.moments(F, axes=[3])")],
    "moveaxis": [("f32", "O.moveaxis(F, 0, 1)"), ("bad", "O.moveaxis(F, 0, 4)")],
    "swapaxes": [("f32", "O.swapaxes(F, 0, 1)"), ("bad", "O.swapaxes(F, 0, 4)")],
    "multi_hot": [("i32", "O.multi_hot(np.array([[0, 2], [1, 1]], 'int32'), 3)"), ("bad", "O.multi_hot(np.array([[0, 2]]), 0)")],
    "one_hot": [("i32", "O.one_hot(np.array([0, 2, 1], 'int32'), 3)"), ("neg", "O.one_hot(np.array([-1, 5]), 3, dtype='int32')"), ("bad", "O.one_hot(F, 3)")],
    "nanpercentile": [("f32", "O.nanpercentile(F, 50)"), ("i32", "O.nanpercentile(I, [25, 75], axis=0)"), ("bad", "O.nanpercentile(F, 150)")],
    "nanquantile": [("f32", "O.nanquantile(F, 0.5)"), ("i32", "O.nanquantile(I, [0.25, 0.75], axis=0)"), ("bad", "O.nanquantile(F, 1.5)")],
    "percentile": [("f32", "O.percentile(F, 50)"), ("i32", "O.percentile(I, [25, 75], axis=0)"), ("bad", "O.percentile(F, 150)")],
    "quantile": [("f32", "O.quantile(F, 0.5)"), ("i32", "O.quantile(I, [0.25, 0.75], axis=0)"), ("bad", "O.quantile(F, 1.5)")],
    "pad": [("f32", "O.pad(F, 1)"), ("i32", "O.pad(I, ((0, 1), (2, 0)), constant_values=7)"), ("refl", "O.pad(F, 1, mode='reflect')"), ("bad", "O.pad(F, ((1, 2, 3),))")],
    "polar": [("f32", "O.polar(P, F)"), ("bad", "O.polar(F, np.ones(4, 'float32'))")],
    "psnr": [("f32", "O.psnr(P, P * 0.9, 3.0)"), ("bad", "O.psnr(F, np.ones(4, 'float32'), 1.0)")],
    "rearrange": [("f32", "O.rearrange(F, 'a b -> b a')"), ("bad", "O.rearrange(F, 'a b c -> c b a')")],
    "repeat": [("f32", "O.repeat(F, 2)"), ("axis", "O.repeat(I, [1, 2], axis=0)"), ("bad", "O.repeat(F, [1, 2, 3], axis=0)")],
    "reshape": [("f32", "O.reshape(F, (3, 2))"), ("neg", "O.reshape(I, (-1,))"), ("bad", "O.reshape(F, (4, 2))")],
    "roll": [("f32", "O.roll(F, 1)"), ("axis", "O.roll(I, -1, axis=1)"), ("bad", "O.roll(F, 1, axis=4)")],
    "scatter": [
        ("f32", "O.scatter(np.array([[0], [2]], 'int32'), np.array([1., 2], 'float32'), (4,))"),
        ("dup", "O.scatter(np.array([[1], [1]]), np.array([3, 4], 'int32'), (3,))"),
        ("bad", "O.scatter(np.array([[0], [2]]), np.array([1., 2, 3]), (4,))"),
    ],
    "scatter_update": [
        ("f32", "O.scatter_update(F, np.array([[0, 1]]), np.array([9.], 'float32'))"),
        ("bad", "O.scatter_update(F, np.array([[0, 1]]), np.array([9., 8.], 'float32'))"),
    ],
    "searchsorted": [
        ("f32", "O.searchsorted(np.array([1., 2, 3], 'float32'), np.array([2.5, 0], 'float32'))"),
        ("right", "O.searchsorted(np.array([1, 2, 2], 'int32'), np.array([2], 'int32'), side='right')"),
        ("bad", "O.searchsorted(F, F)"),
    ],
    "segment_max": [("f32", "O.segment_max(np.array([1., 5, 3], 'float32'), np.array([0, 0, 1]))"), ("n", "O.segment_max(np.array([1, 5, 3], 'int32'), np.array([0, 0, 2]), num_segments=3)"), ("bad", "O.segment_max(F, np.array([0]))")],
    "segment_min": [("f32", "O.segment_min(np.array([1., 5, 3], 'float32'), np.array([0, 0, 1]))"), ("n", "O.segment_min(np.array([1, 5, 3], 'int32'), np.array([0, 0, 2]), num_segments=3)"), ("bad", "O.segment_min(F, np.array([0]))")],
    "segment_prod": [("f32", "O.segment_prod(np.array([2., 5, 3], 'float32'), np.array([0, 0, 1]))"), ("bad", "O.segment_prod(F, np.array([0]))")],
    "segment_sum": [("f32", "O.segment_sum(np.array([1., 5, 3], 'float32'), np.array([0, 0, 1]))"), ("n", "O.segment_sum(np.array([1, 5, 3], 'int32'), np.array([0, 0, 2]), num_segments=4)"), ("bad", "O.segment_sum(F, np.array([0]))")],
    "select": [("f32", "O.select([B, ~B], [F, P])"), ("def", "O.select([B], [I], default=-1)"), ("bad", "O.select([B], [F, P])")],
    "slice": [("f32", "O.slice(F, (0, 1), (2, 2))"), ("bad", "O.slice(F, (0, 1), (3, 2))")],
    "slice_update": [("f32", "O.slice_update(F, (0, 1), np.ones((1, 2), 'float32'))"), ("bad", "O.slice_update(F, (0, 1), np.ones((3, 2), 'float32'))")],
    "switch": [("1", "O.switch(1, [lambda x: x + 1, lambda x: x * 2], np.array([3.], 'float32'))"), ("clamp", "O.switch(5, [lambda: 0, lambda: 1])")],
    "take": [("f32", "O.take(F, np.array([2, 0]))"), ("axis", "O.take(I, np.array([[1]]), axis=1)"), ("bad", "O.take(F, np.array([1]), axis=3)")],
    "take_along_axis": [("f32", "O.take_along_axis(F, np.array([[2], [0]]), axis=1)"), ("bad", "O.take_along_axis(F, np.array([[2], [0]]), axis=3)")],
    "threshold": [("f32", "O.threshold(F, 0.5, -1.0)"), ("i32", "O.threshold(I, 1, 0)"), ("bad", "O.threshold([[1, 2], [3]], 0, 0)")],
    "tile": [("f32", "O.tile(F, 2)"), ("tuple", "O.tile(I, (2, 1))"), ("bad", "O.tile(F, (-1, 1))")],
    "unravel_index": [("i", "O.unravel_index(np.array([1, 5], 'int32'), (2, 3))"), ("bad", "O.unravel_index(np.array([7]), (2, 3))")],
    "where": [("3", "O.where(B, F, P)"), ("1", "O.where(B)"), ("mixed", "O.where(B, I, 1.5)"), ("bad", "O.where(B, F, np.ones(4, 'float32'))")],
    "unique": [("f32", "O.unique(np.array([3., 1, 3], 'float32'))"), ("counts", "O.unique(np.array([3, 1, 3], 'int32'), return_counts=True, return_inverse=True)")],
    "vander": [("f32", "O.vander(np.array([1., 2, 3], 'float32'))"), ("n", "O.vander(np.array([1, 2], 'int32'), 3)"), ("bad", "O.vander(F)")],
    "view_as_complex": [("f32", "O.view_as_complex(np.array([[1., 2], [3, 4]], 'float32'))"), ("bad", "O.view_as_complex(F)")],
    "view_as_real": [("c64", "O.view_as_real(np.array([1 + 2j, 3j], 'complex64'))"), ("bad", "O.view_as_real(F)")],
    "image.affine_transform": [
        ("f32", "O.image.affine_transform(np.arange(16, dtype='float32').reshape(1, 4, 4, 1), np.array([[1, 0, 1, 0, 1, 0, 0, 0]], 'float32'))"),
        ("bad", "O.image.affine_transform(F, np.ones(8, 'float32'))"),
    ],
    "image.crop_images": [
        ("f32", "O.image.crop_images(np.arange(16, dtype='float32').reshape(1, 4, 4, 1), 1, 1, target_height=2, target_width=2)"),
        ("bad", "O.image.crop_images(F, 1, 1, target_height=2, target_width=2)"),
    ],
    "image.pad_images": [
        ("f32", "O.image.pad_images(np.ones((1, 2, 2, 1), 'float32'), 1, 1, target_height=4, target_width=4)"),
        ("bad", "O.image.pad_images(F, 1, 1, target_height=4, target_width=4)"),
    ],
    "image.elastic_transform": [
        ("bad", "O.image.elastic_transform(F)"),
    ],
    "image.extract_patches": [
        ("f32", "O.image.extract_patches(np.arange(16, dtype='float32').reshape(1, 4, 4, 1), 2)"),
        ("bad", "O.image.extract_patches(F, 2)"),
    ],
    "image.extract_patches_3d": [
        ("f32", "O.image.extract_patches_3d(np.arange(8, dtype='float32').reshape(1, 2, 2, 2, 1), 2)"),
        ("bad", "O.image.extract_patches_3d(F, 2)"),
    ],
    "image.gaussian_blur": [
        ("f32", "O.image.gaussian_blur(np.arange(16, dtype='float32').reshape(1, 4, 4, 1))"),
        ("bad", "O.image.gaussian_blur(F)"),
    ],
    "image.hsv_to_rgb": [("f32", "O.image.hsv_to_rgb(np.array([[[0.5, 0.5, 0.5]]], 'float32'))"), ("bad", "O.image.hsv_to_rgb(F)")],
    "image.rgb_to_hsv": [("f32", "O.image.rgb_to_hsv(np.array([[[0.2, 0.5, 0.9]]], 'float32'))"), ("bad", "O.image.rgb_to_hsv(F)")],
    "image.rgb_to_grayscale": [("f32", "O.image.rgb_to_grayscale(np.array([[[0.2, 0.5, 0.9]]], 'float32'))"), ("i", "O.image.rgb_to_grayscale(np.array([[[20, 50, 90]]], 'int32'))"), ("bad", "O.image.rgb_to_grayscale(F)")],
    "image.map_coordinates": [
        ("f32", "O.image.map_coordinates(np.arange(9, dtype='float32').reshape(3, 3), np.array([[0.5, 1], [1, 1.5]], 'float32'), 1)"),
        ("bad", "O.image.map_coordinates(F, np.array([[0.5]], 'float32'), 1)"),
    ],
    "image.perspective_transform": [
        ("f32", "O.image.perspective_transform(np.arange(16, dtype='float32').reshape(1, 4, 4, 1), np.array([[0, 0], [3, 0], [3, 3], [0, 3]], 'float32'), np.array([[0, 0], [3, 0], [3, 3], [0, 3]], 'float32'))"),
        ("bad", "O.image.perspective_transform(F, F, F)"),
    ],
    "image.resize": [
        ("f32", "O.image.resize(np.arange(16, dtype='float32').reshape(1, 4, 4, 1), (2, 2))"),
        ("nearest", "O.image.resize(np.arange(4, dtype='float32').reshape(2, 2, 1), (3, 3), interpolation='nearest')"),
        ("bad", "O.image.resize(F, (2, 2))"),
    ],
    "image.scale_and_translate": [
        ("f32", "O.image.scale_and_translate(np.arange(16, dtype='float32').reshape(4, 4), (2, 2), (0, 1), np.array([0.5, 0.5], 'float32'), np.array([0., 0.], 'float32'), 'linear')"),
    ],
}

def _calls(name):
    if name in CALLS:
        return CALLS[name]
    if name in UNARY:
        return [(a, f"O.{name}({a})") for a in UNARY_INPUTS]
    return [(f"{a},{b}", f"O.{name}({a}, {b})") for a, b in BINARY_INPUTS]


def _snippet(name):
    lines = [_SHOW]
    head = name.split(".")[0]
    lines.append(f"print('has', hasattr(O, {head!r}))")
    for label, expr in _calls(name):
        lines.append(f"show({label!r}, lambda: {expr})")
    return "\n".join(lines) + "\n"


SNIPPETS = {f"ops_{name}": _snippet(name) for name in sorted({*UNARY, *BINARY, *CALLS})}

# every function of one or two tensors on more dtypes: the result's dtype and shape (or
# the error), one snippet per dtype or pair
_DT = """
def dt(label, fn):
    try:
        r = fn()
        print(label, keras.backend.standardize_dtype(r.dtype), tuple(r.shape))
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:160])
"""
_UNARY_DTYPES = ["int8", "uint8", "int16", "int64", "uint32", "float64", "bfloat16", "complex64"]
_PAIRS = [("int8", "int8"), ("uint8", "int32"), ("int64", "float32"), ("bfloat16", "float16"),
          ("float64", "int32"), ("bool", "int8"), ("uint32", "int64"), ("int16", "uint16")]
for _d in _UNARY_DTYPES:
    SNIPPETS[f"ops_dtypes_{_d}"] = _SHOW + _DT + f"x = O.cast(F, {_d!r})\n" + "".join(
        f"dt({n!r}, lambda: O.{n}(x))\n" for n in UNARY if n not in ("convert_to_numpy",))
for _a, _b in _PAIRS:
    SNIPPETS[f"ops_dtypes_{_a}_{_b}"] = _SHOW + _DT + (
        f"x, y = O.cast(F, {_a!r}), O.cast(P, {_b!r})\n") + "".join(
        f"dt({n!r}, lambda: O.{n}(x, y))\n" for n in BINARY)

_SPACES = ["ops", "ops.nn", "ops.numpy", "ops.image", "ops.linalg"]
SNIPPETS["ops_namespaces"] = _SHOW + "names = " + repr({k: NAMES[k] for k in _SPACES}) + """
for mod in names:
    m = keras
    for part in mod.split("."):
        m = getattr(m, part)
    have = {n for n in dir(m) if not n.startswith("_")}
    print(mod, "missing", sorted(set(names[mod]) - have))
    alias = [n for n in names[mod] if mod != "ops" and n in have and hasattr(O, n)
             and getattr(m, n) is not getattr(O, n)]
    print(mod, "not the same function as keras.ops'", alias)
"""

SNIPPETS["ops_complex_sigmoid"] = _SHOW + """
for d in ["complex64", "complex128"]:
    x = tf.constant([1 + 1j, 0.5 - 2j, -3 + 0.25j, 40 + 1j, -40 - 1j], d)
    show("sigmoid " + d, lambda: O.sigmoid(x))
    show("silu " + d, lambda: O.silu(x))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = O.sigmoid(x)
    show("grad " + d, lambda: tape.gradient(y, x, output_gradients=tf.constant(
        [1 + 0j, 1j, 2 + 0j, 1 + 0j, 1 + 0j], d)))
"""
