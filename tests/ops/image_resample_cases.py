"""The cases of test_image_resample.py, run by TF 2.21 (record_image_resample_golden.py)
and by eagerflow alike: tf.image.resize by each of TF's ScaleAndTranslate kernels, by
bicubic and by area, the raw ops (bilinear's too) in TF 1's sampling modes,
ScaleAndTranslate with its own scale and translation, its gradient op, a tape's gradient
through resize, and bad arguments. Inputs are integers scaled exactly into float32, so both
sides read the same bits on any machine. Each case gives TF's bits, but the gradients of
ResizeBicubic and ResizeBilinear, whose sums eagerflow orders otherwise (`approx`: compared
by value)."""

from __future__ import annotations

import numpy as np


def image(shape: tuple, salt: int = 0) -> np.ndarray:
    """Float32 values in [-2, 2) made by integer arithmetic (no library's rounding)."""
    i = np.arange(int(np.prod(shape)), dtype=np.int64) + salt
    return (((i * 7919 + 104729) % 1000 - 500) / 250).astype(np.float32).reshape(shape)


# (method, antialias, input shape, output size): tf.image.resize's calls
RESIZES = [(m, aa, shape, size)
           for m in ("lanczos3", "lanczos5", "gaussian", "mitchellcubic", "bilinear", "bicubic",
                     "area")
           for aa in (False, True)
           for shape, size in (((2, 7, 9, 3), (4, 5)), ((1, 5, 4, 2), (11, 13)),
                               ((1, 17, 6, 1), (3, 20)), ((1, 40, 33, 2), (7, 9)))
           if not (aa and m == "area")]  # (area has no antialiasing)

# (op, input shape, output size, align_corners, half_pixel_centers): the raw resizes
LEGACY = [(op, shape, size, align, half)
          for op in ("ResizeBicubic", "ResizeArea", "ResizeBilinear")
          for shape, size in (((1, 6, 5, 3), (9, 4)), ((2, 1, 7, 2), (5, 12)),
                              ((1, 23, 17, 1), (6, 5)))
          for align, half in ((False, True), (True, False), (False, False))
          if not (op == "ResizeArea" and half)]

# (kernel_type, antialias, scale, translation): the raw op's own sampling, (1, 9, 8, 2) -> 6x7
RAW = [("lanczos3", True, (0.6, 0.7), (1.5, -2.0)), ("box", False, (1.3, 0.4), (0.25, 0.5)),
       ("lanczos1", True, (0.75, 0.875), (0.0, 0.0)), ("triangle", True, (2.5, 0.3), (-4, 3)),
       ("keyscubic", False, (1.0, 1.0), (0.5, 0.5)), ("gaussian", True, (0.2, 3.0), (1, 1)),
       ("mitchellcubic", False, (0.9, 1.1), (1e9, 0.0))]

# bad raw calls: (what, arguments)
BAD = [
    ("scale zero", {"scale": [0.0, 0.7]}), ("scale negative", {"scale": [-1.0, 0.7]}),
    ("scale nan", {"scale": [float("nan"), 0.7]}), ("scale 2-d", {"scale": [[1.0, 0.7]]}),
    ("scale three", {"scale": [1.0, 0.7, 3.0]}), ("translation one", {"translation": [0.0]}),
    ("translation 2-d", {"translation": [[0.0, 1.0]]}), ("kernel", {"kernel_type": "foo"}),
    ("size three", {"size": [3, 4, 5]}), ("size 2-d", {"size": [[3, 4]]}),
    ("size zero", {"size": [3, 0]}), ("no channels", {"channels": 0}),
    ("rank 3", {"rank3": True}), ("float64 images", {"images_dtype": "float64"}),
]


def approx(name: str) -> bool:
    """Whether the case is compared by value (ResizeBicubic's and ResizeBilinear's
    gradients)."""
    return name.startswith(("resize gradient bicubic aa=False",
                            "resize gradient bilinear aa=False"))


def cases(tf) -> dict:
    """name -> a function of no arguments giving the case's result (an array)."""
    out = {}
    for m, aa, shape, size in RESIZES:
        x = image(shape)
        out[f"resize {m} aa={aa} {shape}->{size}"] = \
            lambda x=x, size=size, m=m, aa=aa: tf.image.resize(x, size, m, antialias=aa).numpy()
        name = f"resize gradient {m} aa={aa} {shape}->{size}"
        # (TF registers no gradient for ResizeArea; values are kept of small shapes only)
        if m != "area" and not (approx(name) and x.size > 500):
            out[name] = lambda x=x, size=size, m=m, aa=aa: _tape_gradient(tf, x, size, m, aa)
    odd = image((1, 9, 8, 2))
    odd[0, 4, 3, 0], odd[0, 0, 7, 1] = np.inf, np.nan  # (a tap of weight 0 adds no 0 * inf)
    for m, aa in (("lanczos3", False), ("lanczos5", True), ("bicubic", False), ("area", False),
                  ("bilinear", False)):
        out[f"resize {m} aa={aa} of inf and nan"] = \
            lambda m=m, aa=aa: tf.image.resize(odd, (5, 12), m, antialias=aa).numpy()
    x = image((1, 9, 8, 2))
    for kt, aa, scale, tr in RAW:
        kw = dict(scale=np.float32(scale), translation=np.float32(tr), kernel_type=kt,
                  antialias=aa)
        out[f"raw {kt} aa={aa} scale={scale} translation={tr}"] = \
            lambda kw=kw, x=x: tf.raw_ops.ScaleAndTranslate(images=x, size=[6, 7], **kw).numpy()
        g = image((1, 6, 7, 2), salt=3)
        out[f"raw gradient {kt} aa={aa} scale={scale} translation={tr}"] = \
            lambda kw=kw, g=g, x=x: tf.raw_ops.ScaleAndTranslateGrad(
                grads=g, original_image=x, **kw).numpy()
    for op, shape, size, align, half in LEGACY:
        x = image(shape, salt=1)
        kw = {"align_corners": align} if op == "ResizeArea" else \
            {"align_corners": align, "half_pixel_centers": half}
        out[f"raw {op} {shape}->{size} {kw}"] = \
            lambda op=op, x=x, size=size, kw=kw: getattr(tf.raw_ops, op)(
                images=x, size=list(size), **kw).numpy()
        out[f"raw {op} uint8 {shape}->{size} {kw}"] = \
            lambda op=op, x=x, size=size, kw=kw: getattr(tf.raw_ops, op)(
                images=(np.abs(x) * 60).astype(np.uint8), size=list(size), **kw).numpy()
        if op == "ResizeBilinear":  # (float64 images: lerped in double)
            out[f"raw {op} float64 {shape}->{size} {kw}"] = \
                lambda op=op, x=x, size=size, kw=kw: getattr(tf.raw_ops, op)(
                    images=x.astype(np.float64) / 3, size=list(size), **kw).numpy()
    for what, change in BAD:
        out[f"bad {what}"] = lambda change=change: _bad_call(tf, change)
    return out


def _tape_gradient(tf, x: np.ndarray, size: tuple, method: str, antialias: bool):
    xt = tf.constant(x)
    w = tf.constant(image((x.shape[0], *size, x.shape[3]), salt=11))
    with tf.GradientTape() as tape:
        tape.watch(xt)
        loss = tf.reduce_sum(tf.image.resize(xt, size, method, antialias=antialias) * w)
    return tape.gradient(loss, xt).numpy()


def _bad_call(tf, change: dict):
    shape = (1, 5, 6, 0 if change.get("channels") == 0 else 2)
    x = image(shape).astype(change.get("images_dtype", "float32"))
    if change.get("rank3"):
        x = x[0]
    kw = {"size": [3, 4], "scale": [0.6, 0.7], "translation": [0.0, 0.0],
          "kernel_type": "lanczos3", "antialias": True}
    kw.update({k: v for k, v in change.items() if k in kw})
    if change.get("images_dtype"):  # (the gradient op: float only)
        return tf.raw_ops.ScaleAndTranslateGrad(grads=image((1, 3, 4, 2)).astype(x.dtype),
                                                original_image=x, scale=kw["scale"],
                                                translation=kw["translation"])
    return tf.raw_ops.ScaleAndTranslate(images=x, **kw)
