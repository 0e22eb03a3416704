"""The benchmark rows: what is timed, written once per API family.

Each row has a `setup` and a `stmt` per API: "tf" code runs unchanged on both
eagerflow and TensorFlow (the point of eagerflow), "torch" on PyTorch, "numpy" on
raw NumPy. A row times `stmt` per call (seconds); `unit` says what one call is.
`FLOP_LIMIT` rows compare against a matmul of the same FLOP count on the same
framework (the conv2d speed limit).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Row:
    name: str
    code: dict  # api -> (setup, stmt)
    unit: str = "call"
    note: str = ""
    tags: tuple = field(default_factory=tuple)
    per: int = 1  # stmt does this many units of work; times are divided by it


# resnet.py (on the worker's sys.path) builds ResNet-50 with Keras's functional API.
_RESNET = """
import os, tempfile
from resnet import resnet50
model = resnet50(tf)
"""

# guide.py (on the worker's sys.path) holds the eager guide's model and train step.
_TF_CNN = """
from guide import guide_model, guide_train_step
mnist = np.load(DATA + '/mnist.npz')
x = tf.constant((mnist['x_train'][:32, ..., None] / 255.0).astype('float32'))
y = tf.constant(mnist['y_train'][:32].astype('int64'))
step = guide_train_step(tf, guide_model(tf))
"""

_TORCH_CNN = """
mnist = np.load(DATA + '/mnist.npz')
x = torch.tensor((mnist['x_train'][:32, None] / 255.0).astype('float32'))
y = torch.tensor(mnist['y_train'][:32].astype('int64'))
model = torch.nn.Sequential(torch.nn.Conv2d(1, 16, 3), torch.nn.ReLU(), torch.nn.Conv2d(16, 16, 3),
                            torch.nn.ReLU(), torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
                            torch.nn.Linear(16, 10))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
loss_fn = torch.nn.CrossEntropyLoss()
def step(x, y):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    return loss
"""

_TF_MLP = """
xb = np.random.default_rng(0).normal(size=(64, 784)).astype('float32')
yb = np.random.default_rng(1).integers(0, 10, 64).astype('int64')
w1 = tf.Variable(np.random.default_rng(2).normal(0, 0.05, (784, 128)).astype('float32'))
b1 = tf.Variable(np.zeros(128, 'float32'))
w2 = tf.Variable(np.random.default_rng(3).normal(0, 0.05, (128, 10)).astype('float32'))
b2 = tf.Variable(np.zeros(10, 'float32'))
params = [w1, b1, w2, b2]
def step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(tf.matmul(x, w1) + b1)
        logits = tf.matmul(h, w2) + b2
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    grads = tape.gradient(loss, params)
    for p, g in zip(params, grads):
        p.assign_sub(0.01 * g)
    return loss
x = tf.constant(xb); y = tf.constant(yb)
"""

_TORCH_MLP = """
x = torch.tensor(np.random.default_rng(0).normal(size=(64, 784)).astype('float32'))
y = torch.tensor(np.random.default_rng(1).integers(0, 10, 64).astype('int64'))
w1 = torch.tensor(np.random.default_rng(2).normal(0, 0.05, (784, 128)).astype('float32'),
                  requires_grad=True)
b1 = torch.zeros(128, requires_grad=True)
w2 = torch.tensor(np.random.default_rng(3).normal(0, 0.05, (128, 10)).astype('float32'),
                  requires_grad=True)
b2 = torch.zeros(10, requires_grad=True)
params = [w1, b1, w2, b2]
def step(x, y):
    h = torch.relu(x @ w1 + b1)
    loss = torch.nn.functional.cross_entropy(h @ w2 + b2, y)
    grads = torch.autograd.grad(loss, params)
    with torch.no_grad():
        for p, g in zip(params, grads):
            p -= 0.01 * g
    return loss
"""

# 200 elementwise ops written as numeric code is written: Python-number constants and a
# term that is the same every iteration (the graph computes it once: CSE).
_CHAIN = """
def chain(m, x, y):
    for _ in range(25):
        a = x * 0.9 + y
        s = m.exp(y * 0.1)
        b = m.tanh(a) * s
        x = b - x * 0.25
    return x
x0 = np.linspace(-1, 1, 8).astype('float32')
y0 = np.linspace(0.5, 1.5, 8).astype('float32')
"""

_TF_FIT = """
mnist = np.load(DATA + '/mnist.npz')
xs = (mnist['x_train'][:640, ..., None] / 255.0).astype('float32')
ys = mnist['y_train'][:640].astype('int64')
from guide import guide_model
model = guide_model(tf)
model.compile(optimizer=tf.keras.optimizers.Adam(),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    model.fit(xs, ys, batch_size=32, epochs=1, verbose=0)
fallback = [w for w in caught if 'tf.function' in str(w.message)]
assert not fallback, fallback[0].message  # the train step must stay compiled
"""

_TF_MNIST_FIT = """
mnist = np.load(DATA + '/mnist.npz')
xs = (mnist['x_train'][..., None] / 255.0).astype('float32')
ys = mnist['y_train'].astype('int64')
L = tf.keras.layers
model = tf.keras.Sequential([L.Conv2D(32, 3, activation='relu', input_shape=(28, 28, 1)),
                             L.MaxPooling2D(), L.Conv2D(64, 3, activation='relu'),
                             L.MaxPooling2D(), L.Flatten(), L.Dense(64, activation='relu'),
                             L.Dense(10)])
model.compile('adam', tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['accuracy'])
"""

# 100,000 short strings (3-8 words from a Zipf-distributed vocabulary of 5,000), the
# workload of issue #19's text benchmarks.
_TEXTS = """
rng = np.random.default_rng(19)
lengths = rng.integers(3, 9, 100_000)
ids = (rng.zipf(1.3, int(lengths.sum())) - 1) % 5000
words = np.array([f"word{i}" for i in range(5000)], dtype=object)
bounds = np.concatenate([[0], np.cumsum(lengths)])
texts = tf.constant(np.array([" ".join(words[ids[a:b]]) for a, b in zip(bounds[:-1], bounds[1:])],
                             dtype=object))
"""

_STRING_LOOKUP = _TEXTS + """
tokens = tf.strings.split(texts)
lookup = tf.keras.layers.StringLookup(vocabulary=list(words[:4000]))
"""

# Eager float sums and means in TF's CPU order (ops/eigen_sum.py): small tensors (the op's
# overhead), whole tensors past Eigen's tree and thread split, rows, columns, NHWC.
_REDUCE_ROWS = [
    ("mean 8x8 float32 along rows", (8, 8), "float32", "tf.reduce_mean(x, axis=1)",
     "x.mean(axis=1)"),
    ("sum 8x8 float32 (whole)", (8, 8), "float32", "tf.reduce_sum(x)", "x.sum()"),
    ("mean 32x10 float32 along rows", (32, 10), "float32", "tf.reduce_mean(x, axis=-1)",
     "x.mean(axis=-1)"),
    ("sum 1000 float32", (1000,), "float32", "tf.reduce_sum(x)", "x.sum()"),
    ("sum 100000 float32", (100000,), "float32", "tf.reduce_sum(x)", "x.sum()"),
    ("sum 100000 float64", (100000,), "float64", "tf.reduce_sum(x)", "x.sum()"),
    ("sum 1M float32", (10**6,), "float32", "tf.reduce_sum(x)", "x.sum()"),
    ("sum 1M float64", (10**6,), "float64", "tf.reduce_sum(x)", "x.sum()"),
    ("mean 1000x1000 float32 along rows", (1000, 1000), "float32",
     "tf.reduce_mean(x, axis=1)", "x.mean(axis=1)"),
    ("sum 1000x1000 float32 along columns", (1000, 1000), "float32",
     "tf.reduce_sum(x, axis=0)", "x.sum(axis=0)"),
    ("sum 100x10000 float32 along rows", (100, 10000), "float32",
     "tf.reduce_sum(x, axis=1)", "x.sum(axis=1)"),
    ("sum 64x28x28x32 float32 over (0, 1, 2)", (64, 28, 28, 32), "float32",
     "tf.reduce_sum(x, axis=[0, 1, 2])", "x.sum(axis=(0, 1, 2))"),
    ("euclidean_norm 1M float32", (10**6,), "float32", "tf.norm(x)",
     "np.sqrt((x * x).sum())"),
    ("l2_loss 1M float32", (10**6,), "float32", "tf.nn.l2_loss(x)", "(x * x).sum() / 2"),
]

# Small solves and inverses of float32 matrices in TF's CPU steps (ops/eigen_lu.py: Eigen's
# PartialPivLU and substitutions, TF's bits, up to 16 rows; LAPACK above): each the
# overhead of a step a column, one matrix alone or a batch side by side.
_SMALL_LINALG = [
    ("solve 3x3", (3, 3), "tf.linalg.solve(a, b)", "np.linalg.solve(a, b)"),
    ("solve 16x16", (16, 16), "tf.linalg.solve(a, b)", "np.linalg.solve(a, b)"),
    ("inv 12x12", (12, 12), "tf.linalg.inv(a)", "np.linalg.inv(a)"),
    ("inv 16x16", (16, 16), "tf.linalg.inv(a)", "np.linalg.inv(a)"),
    ("inv 32 of 16x16", (32, 16, 16), "tf.linalg.inv(a)", "np.linalg.inv(a)"),
    ("inv 32x32", (32, 32), "tf.linalg.inv(a)", "np.linalg.inv(a)"),
]
_LINALG_SETUP = ("a = {m}(np.random.default_rng(0).normal(size={shape}).astype('float32') + "
                 "4 * np.eye({n}, dtype='float32'))\n"
                 "b = {m}(np.random.default_rng(1).normal(size={shape}[:-1] + (1,))"
                 ".astype('float32'))")

ROWS = [
    Row("eager add 2x2", {
        "tf": ("a = tf.constant([[1., 2.], [3., 4.]]); b = tf.constant([[5., 6.], [7., 8.]])",
               "a + b"),
        "torch": ("a = torch.tensor([[1., 2.], [3., 4.]]); b = torch.tensor([[5., 6.], [7., 8.]])",
                  "a + b"),
        "numpy": ("a = np.array([[1., 2.], [3., 4.]], 'float32'); "
                  "b = np.array([[5., 6.], [7., 8.]], 'float32')", "a + b"),
    }),
    Row("eager matmul 2x2", {
        "tf": ("a = tf.constant([[1., 2.], [3., 4.]])", "tf.matmul(a, a)"),
        "torch": ("a = torch.tensor([[1., 2.], [3., 4.]])", "a @ a"),
        "numpy": ("a = np.array([[1., 2.], [3., 4.]], 'float32')", "a @ a"),
    }),
    Row("constant from list", {
        "tf": ("", "tf.constant([[1., 2.], [3., 4.]])"),
        "torch": ("", "torch.tensor([[1., 2.], [3., 4.]])"),
        "numpy": ("", "np.array([[1., 2.], [3., 4.]], 'float32')"),
    }),
    Row("eager 10-op chain", {
        "tf": ("a = tf.constant(np.ones((8, 8), 'float32'))",
               "tf.reduce_sum(tf.tanh(tf.exp(-(a * 2.0 + 1.0)) - a / 3.0) * a + a)"),
        "torch": ("a = torch.ones(8, 8)",
                  "(torch.tanh(torch.exp(-(a * 2.0 + 1.0)) - a / 3.0) * a + a).sum()"),
        "numpy": ("a = np.ones((8, 8), 'float32')",
                  "(np.tanh(np.exp(-(a * 2.0 + 1.0)) - a / 3.0) * a + a).sum()"),
    }),
    # keras.ops (Keras 3's ops: promotion and argument handling around the tf ops)
    Row("keras.ops.add 2x2", {
        "tf": ("ops = tf.keras.ops; a = tf.constant([[1., 2.], [3., 4.]]); "
               "b = tf.constant([[5., 6.], [7., 8.]])", "ops.add(a, b)"),
    }),
    Row("keras.ops.add 2x2 + Python float", {
        "tf": ("ops = tf.keras.ops; a = tf.constant([[1., 2.], [3., 4.]])", "ops.add(a, 1.5)"),
    }),
    Row("keras.ops.matmul 2x2", {
        "tf": ("ops = tf.keras.ops; a = tf.constant([[1., 2.], [3., 4.]])", "ops.matmul(a, a)"),
    }),
    Row("keras.ops.softmax 8x10", {
        "tf": ("ops = tf.keras.ops; x = tf.constant(np.ones((8, 10), 'float32'))",
               "ops.softmax(x)"),
    }),
    Row("keras.ops.mean 8x8", {
        "tf": ("ops = tf.keras.ops; x = tf.constant(np.ones((8, 8), 'float32'))",
               "ops.mean(x, axis=0)"),
    }),
    Row("GradientTape w*w", {
        "tf": ("w = tf.Variable([[1.0]])",
               "with tf.GradientTape() as t:\n    loss = w * w\nt.gradient(loss, w)"),
        "torch": ("w = torch.tensor([[1.0]], requires_grad=True)",
                  "torch.autograd.grad((w * w).sum(), w)"),
    }),
    Row("MLP train step b64 (eager)", {"tf": (_TF_MLP, "step(x, y)"),
                                       "torch": (_TORCH_MLP, "step(x, y)")}),
    Row("MLP train step b64 (tf.function)", {
        "tf": (_TF_MLP + "fstep = tf.function(step); fstep(x, y)", "fstep(x, y)")}),
    Row("tf.function 200 small ops", {
        "tf": (_CHAIN + "x, y = tf.constant(x0), tf.constant(y0)\n"
               "ff = tf.function(lambda x, y: chain(tf.math, x, y)); ff(x, y)", "ff(x, y)"),
        "torch": (_CHAIN + "x, y = torch.tensor(x0), torch.tensor(y0)", "chain(torch, x, y)"),
        "numpy": (_CHAIN, "chain(np, x0, y0)"),
    }, note="torch: eager; NumPy: the same loop on arrays"),
    Row("trace+compile 1000-op function", {
        "tf": ("x = tf.constant(np.ones((4,), 'float32'))\n"
               "def g(x):\n    for i in range(500):\n        x = tf.sin(x) + float(i % 7)\n"
               "    return x",
               "tf.function(g)(x)"),
    }, unit="trace"),
    Row("CNN train step b32 (eager)", {"tf": (_TF_CNN, "step(x, y)"),
                                       "torch": (_TORCH_CNN, "step(x, y)")}),
    Row("CNN train step b32 (tf.function)", {
        "tf": (_TF_CNN + "fstep = tf.function(step); fstep(x, y)", "fstep(x, y)")}),
    Row("CNN train step b32 (fit, per step)", {
        "tf": (_TF_FIT, "model.fit(xs, ys, batch_size=32, epochs=1, verbose=0)")},
        unit="epoch", per=20),
    Row("matmul 1000x1000", {
        "tf": ("a = tf.constant(np.random.default_rng(0).normal(size=(1000, 1000))"
               ".astype('float32'))", "tf.matmul(a, a)"),
        "torch": ("a = torch.randn(1000, 1000)", "a @ a"),
        "numpy": ("a = np.random.default_rng(0).normal(size=(1000, 1000)).astype('float32')",
                  "a @ a"),
    }),
    Row("matmul 4096x4096", {
        "tf": ("a = tf.constant(np.random.default_rng(0).normal(size=(4096, 4096))"
               ".astype('float32'))", "tf.matmul(a, a)"),
        "torch": ("a = torch.randn(4096, 4096)", "a @ a"),
        "numpy": ("a = np.random.default_rng(0).normal(size=(4096, 4096)).astype('float32')",
                  "a @ a"),
    }),
    Row("conv2d fwd+bwd (guide CNN convs, b32)", {
        "tf": ("x = tf.constant(np.random.default_rng(0).random((32, 28, 28, 1), 'float32'))\n"
               "k1 = tf.Variable(np.random.default_rng(1).normal(size=(3, 3, 1, 16))"
               ".astype('float32'))\n"
               "k2 = tf.Variable(np.random.default_rng(2).normal(size=(3, 3, 16, 16))"
               ".astype('float32'))\n"
               "def step():\n    with tf.GradientTape() as t:\n"
               "        h = tf.nn.conv2d(tf.nn.conv2d(x, k1, 1, 'VALID'), k2, 1, 'VALID')\n"
               "        loss = tf.reduce_sum(h)\n    return t.gradient(loss, [k1, k2])",
               "step()"),
    }),
    Row("matmul with the FLOPs of the convs above", {
        # 2 convs fwd = 32*26*26*16*9*2 + 32*24*24*16*144*2 FLOPs; fwd+bwd ~ 3x that.
        "tf": ("m = 32 * 24 * 24\na = tf.constant(np.ones((m, 144), 'float32'))\n"
               "b = tf.constant(np.ones((144, 3 * 16 + 3), 'float32'))", "tf.matmul(a, b)"),
        "numpy": ("m = 32 * 24 * 24\na = np.ones((m, 144), 'float32')\n"
                  "b = np.ones((144, 3 * 16 + 3), 'float32')", "a @ b"),
    }),
    Row("tf.data MNIST pipeline (1 epoch, b32)", {
        "tf": ("mnist = np.load(DATA + '/mnist.npz')\n"
               "xs = mnist['x_train']; ys = mnist['y_train']\n"
               "ds = tf.data.Dataset.from_tensor_slices((xs, ys)).shuffle(10000)"
               ".map(lambda a, b: (tf.cast(a, tf.float32) / 255.0, b)).batch(32)"
               ".prefetch(tf.data.AUTOTUNE)",
               "for _ in ds: pass"),
    }, unit="epoch"),
    Row("MNIST CNN fit, 1 epoch (8000 images, b32)", {
        "tf": (_TF_MNIST_FIT, "model.fit(xs, ys, batch_size=32, epochs=1, verbose=0)"),
    }, unit="epoch", tags=("slow", "rss")),
    # -- random streams (TF's Philox and conversions, bit for bit) --
    Row("tf.random.normal 1M (float32)", {
        "tf": ("tf.random.set_seed(1)", "tf.random.normal([1000000])"),
        "torch": ("torch.manual_seed(1)", "torch.randn(1000000)"),
        "numpy": ("g = np.random.default_rng(1)", "g.standard_normal(1000000, np.float32)"),
    }, note="eagerflow reproduces glibc's logf/sincosf to give TF's numbers"),
    Row("tf.random.uniform 1M (float32)", {
        "tf": ("tf.random.set_seed(1)", "tf.random.uniform([1000000])"),
        "torch": ("torch.manual_seed(1)", "torch.rand(1000000)"),
        "numpy": ("g = np.random.default_rng(1)", "g.random(1000000, np.float32)"),
    }),
    Row("tf.random.truncated_normal 1M (float32)", {
        "tf": ("tf.random.set_seed(1)", "tf.random.truncated_normal([1000000])"),
    }),
    Row("tf.random.stateless_normal 1M (float64)", {
        "tf": ("", "tf.random.stateless_normal([1000000], seed=[1, 2], dtype=tf.float64)"),
    }, note="eagerflow's float64 log is the C library's, element by element"),
    Row("tf.random.Generator normal 8x224x224x3 (float32)", {
        "tf": ("g = tf.random.Generator.from_seed(1)", "g.normal([8, 224, 224, 3])"),
        "torch": ("g = torch.Generator().manual_seed(1)",
                  "torch.randn(8, 224, 224, 3, generator=g)"),
    }, note="TF's bits: Philox, glibc's logf/sincosf"),
    Row("tf.random.stateless_uniform 8x224x224x3 (float32)", {
        "tf": ("", "tf.random.stateless_uniform([8, 224, 224, 3], seed=[1, 2])"),
    }),
    Row("tf.random.stateless_truncated_normal 8x224x224x3 (float32)", {
        "tf": ("", "tf.random.stateless_truncated_normal([8, 224, 224, 3], seed=[1, 2])"),
    }),
    # -- images --
    Row("tf.image.resize bilinear 8x224x224x3 -> 256x256", {
        "tf": ("x = tf.constant(np.random.default_rng(0).uniform(0, 255, (8, 224, 224, 3))"
               ".astype('float32'))", "tf.image.resize(x, (256, 256))"),
        "torch": ("import torch.nn.functional as F\n"
                  "x = torch.tensor(np.random.default_rng(0).uniform(0, 255, (8, 3, 224, 224))"
                  ".astype('float32'))",
                  "F.interpolate(x, (256, 256), mode='bilinear', align_corners=False)"),
    }, note="TF's kernel's bits; PyTorch's images NCHW"),
    Row("tf.image.resize bicubic 8x224x224x3 -> 256x256", {
        "tf": ("x = tf.constant(np.random.default_rng(0).uniform(0, 255, (8, 224, 224, 3))"
               ".astype('float32'))", "tf.image.resize(x, (256, 256), 'bicubic')"),
        "torch": ("import torch.nn.functional as F\n"
                  "x = torch.tensor(np.random.default_rng(0).uniform(0, 255, (8, 3, 224, 224))"
                  ".astype('float32'))",
                  "F.interpolate(x, (256, 256), mode='bicubic', align_corners=False)"),
    }, note="TF's kernel's bits; PyTorch's images NCHW"),
    Row("tf.image.sobel_edges 8x224x224x3", {
        "tf": ("x = tf.constant(np.random.default_rng(0).uniform(0, 1, (8, 224, 224, 3))"
               ".astype('float32'))", "tf.image.sobel_edges(x)"),
        "torch": ("import torch.nn.functional as F\n"
                  "x = torch.tensor(np.random.default_rng(0).uniform(0, 1, (8, 3, 224, 224))"
                  ".astype('float32'))\n"
                  "k = torch.tensor([[-1., -2., -1.], [0., 0., 0.], [1., 2., 1.]])\n"
                  "w = torch.stack([k, k.T]).repeat(3, 1, 1)[:, None]",
                  "F.conv2d(F.pad(x, (1, 1, 1, 1), mode='reflect'), w, groups=3)"),
    }, note="TF's bits (its products exact: summed tap by tap); PyTorch's images NCHW"),
    Row("tf.image.hsv_to_rgb 8x224x224x3", {
        "tf": ("x = tf.constant(np.random.default_rng(0).uniform(0, 1, (8, 224, 224, 3))"
               ".astype('float32'))", "tf.image.hsv_to_rgb(x)"),
    }, note="TF's bits"),
    Row("tf.image.adjust_hue 8x224x224x3", {
        "tf": ("x = tf.constant(np.random.default_rng(0).uniform(0, 1, (8, 224, 224, 3))"
               ".astype('float32'))", "tf.image.adjust_hue(x, 0.2)"),
    }, note="TF's bits"),
    Row("tf.image.adjust_saturation 8x224x224x3", {
        "tf": ("x = tf.constant(np.random.default_rng(0).uniform(0, 1, (8, 224, 224, 3))"
               ".astype('float32'))", "tf.image.adjust_saturation(x, 1.5)"),
    }, note="TF's bits"),
    # -- single ops of 1M values (2026-11-29's kernels) --
    Row("tf.math.erf 1M float32", {
        "tf": ("x = tf.constant(np.random.default_rng(0).normal(0, 2, 1 << 20)"
               ".astype('float32'))", "tf.math.erf(x)"),
        "torch": ("x = torch.tensor(np.random.default_rng(0).normal(0, 2, 1 << 20)"
                  ".astype('float32'))", "torch.erf(x)"),
    }, note="TF's bits (Eigen's approximation)"),
    Row("tf.sigmoid 1M float32", {
        "tf": ("x = tf.constant(np.random.default_rng(0).normal(0, 4, 1 << 20)"
               ".astype('float32'))", "tf.sigmoid(x)"),
        "torch": ("x = torch.tensor(np.random.default_rng(0).normal(0, 4, 1 << 20)"
                  ".astype('float32'))", "torch.sigmoid(x)"),
    }, note="TF's bits (Eigen's logistic)"),
    Row("tf.where 1M float32, a random mask", {
        "tf": ("a = tf.constant(np.random.default_rng(0).normal(size=1 << 20).astype('float32'))\n"
               "c = a > 0", "tf.where(c, a, -a)"),
        "torch": ("a = torch.tensor(np.random.default_rng(0).normal(size=1 << 20)"
                  ".astype('float32'))\nc = a > 0", "torch.where(c, a, -a)"),
        "numpy": ("a = np.random.default_rng(0).normal(size=1 << 20).astype('float32')\n"
                  "c = a > 0", "np.where(c, a, -a)"),
    }),
    Row("tf.math.top_k 1024x1024 float32, k=5", {
        "tf": ("x = tf.constant(np.random.default_rng(0).normal(size=(1024, 1024))"
               ".astype('float32'))", "tf.math.top_k(x, 5)"),
        "torch": ("x = torch.tensor(np.random.default_rng(0).normal(size=(1024, 1024))"
                  ".astype('float32'))", "torch.topk(x, 5)"),
    }),
    Row("tf.unique 1M int32 of 100 values", {
        "tf": ("x = tf.constant(np.random.default_rng(0).integers(0, 100, 1 << 20)"
               ".astype('int32'))", "tf.unique(x)"),
        "torch": ("x = torch.tensor(np.random.default_rng(0).integers(0, 100, 1 << 20)"
                  ".astype('int32'))", "torch.unique(x, sorted=False, return_inverse=True)"),
    }, note="first-appearance order (PyTorch's: its own)"),
    # -- gradients and segment sums (2026-11-29's twenty-third session) --
    Row("tf.math.unsorted_segment_sum 10000x100 float32 into 1000", {
        "tf": ("rng = np.random.default_rng(0)\n"
               "d = tf.constant(rng.normal(size=(10000, 100)).astype('float32'))\n"
               "i = tf.constant(rng.integers(0, 1000, 10000).astype('int32'))",
               "tf.math.unsorted_segment_sum(d, i, 1000)"),
        "torch": ("rng = np.random.default_rng(0)\n"
                  "d = torch.tensor(rng.normal(size=(10000, 100)).astype('float32'))\n"
                  "i = torch.tensor(rng.integers(0, 1000, 10000))",
                  "torch.zeros(1000, 100).index_add_(0, i, d)"),
    }, note="each segment's rows added in order, as TF's"),
    Row("tf.raw_ops.MaxPoolGrad 16x64x64x16 float32, 3x3 SAME", {
        "tf": ("x = tf.constant(np.random.default_rng(0).normal(size=(16, 64, 64, 16))"
               ".astype('float32'))\ny = tf.nn.max_pool2d(x, 3, 1, 'SAME')\n"
               "g = tf.constant(np.random.default_rng(1).normal(size=y.shape)"
               ".astype('float32'))",
               "tf.raw_ops.MaxPoolGrad(orig_input=x, orig_output=y, grad=g, "
               "ksize=[1, 3, 3, 1], strides=[1, 1, 1, 1], padding='SAME')"),
    }, note="TF's CPU choice of cell (the first, then any later one strictly greater)"),
    Row("tf.raw_ops.FusedBatchNormGradV3 32x32x32x32 float32, training", {
        "tf": ("rng = np.random.default_rng(0)\n"
               "x = tf.constant(rng.normal(size=(32, 32, 32, 32)).astype('float32'))\n"
               "s = tf.constant(rng.normal(size=32).astype('float32'))\n"
               "bn = tf.raw_ops.FusedBatchNormV3(x=x, scale=s, offset=s, mean=tf.zeros([0]), "
               "variance=tf.zeros([0]), is_training=True)\n"
               "g = tf.constant(rng.normal(size=(32, 32, 32, 32)).astype('float32'))",
               "tf.raw_ops.FusedBatchNormGradV3(y_backprop=g, x=x, scale=s, "
               "reserve_space_1=bn[3], reserve_space_2=bn[4], reserve_space_3=bn[5], "
               "is_training=True)"),
    }),
    Row("tf.nn.depthwise_conv2d 8x32x32x64 float32, 3x3 SAME", {
        "tf": ("rng = np.random.default_rng(0)\n"
               "x = tf.constant(rng.normal(size=(8, 32, 32, 64)).astype('float32'))\n"
               "w = tf.constant(rng.normal(size=(3, 3, 64, 1)).astype('float32'))",
               "tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], 'SAME')"),
        "torch": ("rng = np.random.default_rng(0)\n"
                  "x = torch.tensor(rng.normal(size=(8, 64, 32, 32)).astype('float32'))\n"
                  "w = torch.tensor(rng.normal(size=(64, 1, 3, 3)).astype('float32'))",
                  "torch.nn.functional.conv2d(x, w, padding=1, groups=64)"),
    }, note="TF's bits (rounded products added tap by tap); PyTorch's images NCHW"),
    Row("DepthwiseConv2dNativeBackpropFilter 8x32x32x64 float32, 3x3 SAME", {
        "tf": ("rng = np.random.default_rng(0)\n"
               "x = tf.constant(rng.normal(size=(8, 32, 32, 64)).astype('float32'))\n"
               "g = tf.constant(rng.normal(size=(8, 32, 32, 64)).astype('float32'))",
               "tf.raw_ops.DepthwiseConv2dNativeBackpropFilter(input=x, filter_sizes="
               "[3, 3, 64, 1], out_backprop=g, strides=[1, 1, 1, 1], padding='SAME')"),
    }, note="TF's bits (each image's products pixel by pixel, then the images)"),
    Row("tf.nn.max_pool2d / avg_pool2d 8x56x56x64 float32, 3x3 SAME", {
        "tf": ("x = tf.constant(np.random.default_rng(0).normal(size=(8, 56, 56, 64))"
               ".astype('float32'))",
               "tf.nn.max_pool2d(x, 3, 1, 'SAME'); tf.nn.avg_pool2d(x, 3, 1, 'SAME')"),
        "torch": ("x = torch.tensor(np.random.default_rng(0).normal(size=(8, 64, 56, 56))"
                  ".astype('float32'))",
                  "torch.nn.functional.max_pool2d(x, 3, 1, 1); "
                  "torch.nn.functional.avg_pool2d(x, 3, 1, 1, count_include_pad=False)"),
    }, note="TF's bits (max: the first of equal zeros); PyTorch's images NCHW"),
    Row("tf.nn.max_pool2d / avg_pool2d 8x112x112x64 float32, 3x3 s2 SAME", {
        "tf": ("x = tf.constant(np.random.default_rng(0).normal(size=(8, 112, 112, 64))"
               ".astype('float32'))",
               "tf.nn.max_pool2d(x, 3, 2, 'SAME'); tf.nn.avg_pool2d(x, 3, 2, 'SAME')"),
    }, note="TF's bits (stride 2: the average's rows of taps read by phase)"),
    Row("tf.nn.max_pool2d 8x56x56x64 post-ReLU float32 holding -0, 3x3 SAME", {
        "tf": ("r = np.random.default_rng(0)\n"
               "a = np.maximum(r.normal(size=(8, 56, 56, 64)), 0).astype('float32')\n"
               "a[r.random(a.shape) < 0.1] = -0.0\nx = tf.constant(a)",
               "tf.nn.max_pool2d(x, 3, 1, 'SAME')"),
    }, note="TF's bits (a zero result takes its window's first zero's sign)"),
    Row("tf.reduce_prod 1024x1024 float32 along rows", {
        "tf": ("x = tf.constant((1 + 0.001 * np.random.default_rng(0).normal(size=(1024, 1024)))"
               ".astype('float32'))", "tf.reduce_prod(x, axis=1)"),
        "torch": ("x = torch.tensor((1 + 0.001 * np.random.default_rng(0).normal("
                  "size=(1024, 1024))).astype('float32'))", "torch.prod(x, 1)"),
    }, note="TF's bits (Eigen's packet products)"),
    *[Row(f"tf.reduce {name}", {
        "tf": (f"x = tf.constant(np.random.default_rng(0).normal(size={shape}).astype('{dt}'))",
               stmt),
        "numpy": (f"x = np.random.default_rng(0).normal(size={shape}).astype('{dt}')",
                  np_stmt),
    }, note="TF's bits (Eigen's packets, tree and thread split); NumPy's pairwise sum beside")
      for name, shape, dt, stmt, np_stmt in _REDUCE_ROWS],
    *[Row(f"tf.linalg.{name} float32", {
        "tf": (_LINALG_SETUP.format(m="tf.constant", shape=shape, n=shape[-1]), stmt),
        "numpy": (_LINALG_SETUP.format(m="", shape=shape, n=shape[-1]), np_stmt),
    }, note="TF's bits (Eigen's LU and substitutions up to 16 rows); NumPy's LAPACK beside")
      for name, shape, stmt, np_stmt in _SMALL_LINALG],
    Row("tf.random.poisson 1000 x 6900 rates in [0.5, 20)", {
        "tf": ("lam = tf.constant(np.random.default_rng(0).uniform(0.5, 20, 6900)"
               ".astype('float32'))", "tf.random.poisson([1000], lam, seed=1)"),
        "torch": ("lam = torch.tensor(np.random.default_rng(0).uniform(0.5, 20, (1000, 6900))"
                  ".astype('float32'))", "torch.poisson(lam)"),
    }, unit="draw", tags=("slow",), note="TF's bits (Knuth below 10, Hormann above)"),
    Row("tf.random.gamma 1M draws, alpha 2.5", {
        "tf": ("", "tf.random.gamma([1000000], 2.5, seed=1)"),
        "torch": ("a = torch.full((1000000,), 2.5)", "torch._standard_gamma(a)"),
    }, unit="draw", tags=("slow",), note="TF's bits (Marsaglia and Tsang, float64)"),
    Row("tf.random.stateless_binomial 1000 x 1000 (count, p) pairs", {
        "tf": ("n = tf.constant(np.linspace(1, 60, 1000).astype('float32'))\n"
               "p = tf.constant(np.linspace(0.05, 0.95, 1000).astype('float32'))",
               "tf.random.stateless_binomial([1000, 1000], [1, 2], n, p)"),
    }, unit="draw", tags=("slow",), note="TF's bits (inversion below n p = 10, BTRS above)"),
    # -- checkpoints and summaries --
    Row("checkpoint write+read (20 vars, 26 MB)", {
        "tf": ("import os, tempfile\n"
               "vs = {f'v{i}': tf.Variable(np.random.default_rng(i).normal(size=(256, 1280))"
               ".astype('float32')) for i in range(20)}\n"
               "ck = tf.train.Checkpoint(**vs)\n"
               "prefix = os.path.join(tempfile.mkdtemp(), 'ck')",
               "ck.write(prefix); ck.read(prefix)"),
    }, note="eagerflow fsyncs every file it writes"),
    Row("TextVectorization.adapt, 100k short strings", {
        "tf": (_TEXTS, "tf.keras.layers.TextVectorization(max_tokens=20000).adapt(texts)"),
    }, unit="adapt"),
    Row("StringLookup over 100k strings' tokens (one ragged batch)", {
        "tf": (_STRING_LOOKUP, "lookup(tokens)"),
    }),
    Row("DenseHashTable: insert 50k random int64 keys (growing), look up 100k", {
        "tf": ("rng = np.random.RandomState(0)\n"
               "keys = tf.constant(rng.randint(0, 2**62, 50000, dtype=np.int64))\n"
               "values = tf.cast(keys % 1000, tf.float32)\n"
               "queries = tf.constant(np.concatenate([keys.numpy(), rng.randint("
               "0, 2**62, 50000, dtype=np.int64)]))",
               "t = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, -1.0, -1, -2, "
               "initial_num_buckets=1024); t.insert(keys, values); t.lookup(queries)"),
    }, unit="table"),
    # -- whole models (ResNet-50: benchmarks/resnet.py) --
    Row("SavedModel save + load, ResNet-50 (25.6M params)", {
        "tf": (_RESNET + "p = os.path.join(tempfile.mkdtemp(), 'm')",
               "tf.saved_model.save(model, p); tf.saved_model.load(p)"),
    }, unit="save", tags=("slow",)),
    Row(".keras save + load, ResNet-50 (25.6M params)", {
        "tf": (_RESNET + "p = os.path.join(tempfile.mkdtemp(), 'm.keras')",
               "model.save(p); tf.keras.models.load_model(p)"),
    }, unit="save", tags=("slow",)),
    Row("SavedModel first call, ResNet-50 (1x64x64 image)", {
        "tf": (_RESNET + "p = os.path.join(tempfile.mkdtemp(), 'm')\n"
               "tf.saved_model.save(model, p)\n"
               "loaded = [tf.saved_model.load(p) for _ in range(2)]\n"
               "x = tf.constant(np.random.default_rng(0).random((1, 64, 64, 3), 'float32'))",
               "loaded.pop().signatures['serving_default'](inputs=x)"),
    }, unit="first call", tags=("slow",), note="a freshly loaded model, called once"),
    Row("tf.summary.scalar (eager, default writer)", {
        "tf": ("import tempfile\n"
               "w = tf.summary.create_file_writer(tempfile.mkdtemp(), max_queue=1000)\n"
               "w.set_as_default(step=1)",
               "tf.summary.scalar('loss', 0.5)"),
    }),
]
