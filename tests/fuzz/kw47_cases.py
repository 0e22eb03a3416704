"""kw47's cases, each a Python expression over `tf`, `tnp`, `np` and `parts` (shared by
record_cases.py kw47, run under TensorFlow 2.21, and test_regressions_kw47.py, run under
eagerflow): shapes TensorShape refuses that TF converts to int32 (wrapping), tnp.diag's
diagonals past the matrix, k converted to int32 by the matrix diag ops, tnp.average's
result dtype, and complex inverses and solves of matrices holding infinities (every part's
sign compared: `parts`)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from recorded import outcome  # type: ignore[import-not-found]

ZEROS = [f"{fn}({shape})" for fn in ("tf.zeros", "tf.ones", "tnp.zeros", "tnp.empty")
         for shape in ("-2**63", "[-2**63]", "(2, -2**63)", "-2**63 + 1", "-2**63 + 2**32 + 3",
                       "-2**64", "-1")] + [
    "tnp.ones(-2**63, np.int32)", "tnp.full(-2**63, 3)", "tnp.full((-2**63 + 1, 2), 3)",
    "tf.fill([-2**63], 1)", "tf.zeros(2**63)", "tf.zeros_like(tf.zeros([0, 2]))"]

DIAG = [f"tnp.diag({v}, k={k})" for v in ("[1, 2, 3]", "[[1, 2, 3], [4, 5, 6]]",
                                            "np.zeros([0], np.float32)",
                                            "np.zeros([0, 3], np.float32)",
                                            "np.zeros([3, 0], np.int32)")
        for k in ("0", "-3", "-2", "2", "3", "5", "2**32", "2**32 + 1", "2**32 - 1",
                  "-2**32 + 1", "2**63 - 1", "-2**63", "2**64", "np.int64(2**32)",
                  "np.uint32(5)", "True")] + [
    "tf.linalg.diag([1, 2, 3], k=2**32)", "tf.linalg.diag([1, 2, 3], k=2**32 + 1)",
    "tf.linalg.diag(tf.constant([1, 2]), k=-2**32 - 1)", "tf.linalg.diag([1, 2, 3], k=2**63)",
    "tf.linalg.diag_part([[1, 2, 3]], k=2**32)", "tf.linalg.diag_part([[1, 2, 3]], k=2**31)",
    "tf.one_hot([0], depth=2**32 + 2)"]

_AVG_DTYPES = ("int8", "uint8", "int64", "float16", "float32", "float64", "bool",
               "complex64")
AVERAGE = [f"tnp.average(np.array([1, 2], '{a}'), weights={w}, returned=True)"
           for a in _AVG_DTYPES
           for w in [f"np.array([1, 3], '{d}')" for d in _AVG_DTYPES] + [
               "[1, 3]", "[1.0, 3.0]", "[1 + 0j, 3]", "tf.constant([1.0, 3.0])",
               "tf.constant([1, 3])", "tf.constant([1.0, 3.0], tf.bfloat16)"]] + [
    "tnp.average(tf.constant([1.0, 2.0], tf.bfloat16), weights=[1, 3])",
    "tnp.average(tf.constant([1.0, 2.0], tf.bfloat16), weights=np.array([1, 3], 'float16'))",
    "tnp.average(np.ones([2, 2], 'uint8'), axis=1, weights=np.array([1, 2], 'float16'))",
    "tnp.average(np.ones([2, 2], 'int32'), axis=0, weights=[1, 3])"]

_SPECIAL = ("complex(np.inf, 0)", "complex(0, np.inf)", "complex(-np.inf, 0)",
            "complex(1, np.inf)", "complex(np.inf, np.inf)", "complex(np.inf, 1)",
            "complex(-np.inf, -np.inf)")
_TWO = "[[1 + 1j, 2], [3, 4 - 1j]]"
_THREE = "[[2, 1j, 0], [1, 3, 1], [0, 1, 4]]"
INVERSE = [f"parts(tf.linalg.inv(tf.tensor_scatter_nd_update(tf.constant({m}, tf.{d}), "
           f"[{list(at)}], tf.constant([{v}], tf.{d}))))"
           for d in ("complex64", "complex128") for v in _SPECIAL
           for m, places in ((_TWO, ((0, 0), (0, 1), (1, 0), (1, 1))),
                             (_THREE, ((0, 0), (1, 1), (2, 0), (1, 2))))
           for at in places] + [
    f"parts(tf.linalg.solve(tf.tensor_scatter_nd_update(tf.constant({_TWO}, tf.complex128), "
    f"[{list(at)}], tf.constant([{v}], tf.complex128)), "
    f"tf.constant([[1 - 0.5j, 2 - 1j], [3 - 1.5j, 4 - 2j]])))"
    for v in _SPECIAL for at in ((0, 0), (0, 1), (1, 0), (1, 1))]

# Argument-conversion order: two bad arguments at once (or one), the first TF's function
# checks decides the error (atrous_conv2d_transpose's channels, then its rate as given, the
# output shape, the padding; conv2d/conv3d read input.shape before converting anything;
# conv2d_transpose's output shape converted to int32 by Conv2DBackpropInput's wrapper;
# dynamic_stitch's slow path converts the data to one dtype, then the indices to int32;
# ctc_loss of dense labels converts its four tensors, then takes blank_index as given).
_BAD = {
    "x": ("'a'", "None"), "f": ("'a'", "None"),
    "strides": ("0", "[1, 2]", "'a'", "None", "-1", "1.5"),
    "padding": ("'FOO'", "3", "None", "'same'", "[[1, 1]]"),
    "dilations": ("0", "[2, 2]", "'a'", "-1"),
    "rate": ("0", "-1", "'a'", "None", "1.5", "[2, 2]"),
    "output_shape": ("'a'", "None", "[1, 9, 9, 2]", "[1, 5, 5, 4]", "[-1, 5, 5, 2]",
                     "[1.5, 5, 5, 2]"),
    # (output shapes its conversion refuses: the kernel's own checks of a dilated or
    # grouped gradient are TF's CPU kernels' with oneDNN off, its default build's with it on)
    "sizes": ("'a'", "None", "[1.5, 5, 5, 2]"),
    "indices": ("'a'", "None", "[[0, 1], [2]]", "[tf.constant([0.5, 1.0]), [2]]",
                "[[0, 1], [5]]", "[[0, -1], [2]]", "[tf.constant([0, 1], tf.int64), [2]]",
                "[]", "[[0, 1]]"),
    "data": ("'a'", "None", "[[1., 2.], [3]]", "[[1., 2.], ['x']]", "[[1, 2], [3.]]",
             "[[1., 2.], [[3.]]]", "[]", "[[1., 2.]]",
             "[tf.constant([1., 2.]), tf.constant([3], tf.int32)]"),
    "labels": ("'a'", "None", "tf.constant([1, 2])"),
    "logits": ("'a'", "None", "tf.zeros([4, 3])"),
    "label_length": ("'a'", "None"), "logit_length": ("'a'", "None"),
    "blank_index": ("'a'", "1.5"),
}
_CALLS = {  # function: (its good arguments, our names of them)
    "tf.nn.atrous_conv2d_transpose": (
        (("value", "tf.ones([1, 5, 5, 4])"), ("filters", "tf.ones([3, 3, 2, 4])"),
         ("output_shape", "[1, 5, 5, 2]"), ("rate", "2"), ("padding", "'SAME'")),
        {"x": "value", "f": "filters", "output_shape": "output_shape", "rate": "rate",
         "padding": "padding"}),
    "tf.nn.conv2d": (
        (("input", "tf.ones([1, 5, 5, 2])"), ("filters", "tf.ones([3, 3, 2, 4])"),
         ("strides", "1"), ("padding", "'SAME'")),
        {"x": "input", "strides": "strides", "dilations": "dilations"}),
    "tf.nn.conv3d": (
        (("input", "tf.ones([1, 4, 4, 4, 2])"), ("filters", "tf.ones([2, 2, 2, 2, 3])"),
         ("strides", "[1, 1, 1, 1, 1]"), ("padding", "'SAME'")),
        {"x": "input", "f": "filters", "dilations": "dilations"}),
    "tf.nn.conv2d_transpose": (
        (("input", "tf.ones([1, 5, 5, 4])"), ("filters", "tf.ones([3, 3, 2, 4])"),
         ("output_shape", "[1, 5, 5, 2]"), ("strides", "1"), ("padding", "'SAME'")),
        {"sizes": "output_shape", "strides": "strides"}),
    "tf.nn.ctc_loss": (
        (("labels", "tf.constant([[1, 2]])"), ("logits", "tf.zeros([4, 1, 3])"),
         ("label_length", "tf.constant([2])"), ("logit_length", "tf.constant([4])")),
        {k: k for k in ("labels", "logits", "label_length", "logit_length", "blank_index")}),
    "tf.dynamic_stitch": (
        (("indices", "[[0, 1], [2]]"), ("data", "[[1., 2.], [3.]]")),
        {"indices": "indices", "data": "data"}),
}


def _calls(fn: str, first: str) -> list:
    base, names = _CALLS[fn]
    out = []
    for other in [None] + [k for k in names if k != first]:
        for a in _BAD[first]:
            for b in _BAD[other] if other else (None,):
                kw = dict(base)
                kw[names[first]] = a
                if other:
                    kw[names[other]] = b
                out.append(f"{fn}(" + ", ".join(f"{k}={v}" for k, v in kw.items()) + ")")
    return out


ORDER = sorted({c for first in _CALLS["tf.nn.atrous_conv2d_transpose"][1]
                for c in _calls("tf.nn.atrous_conv2d_transpose", first)}) + \
    _calls("tf.nn.conv2d", "x") + _calls("tf.nn.conv3d", "x") + \
    _calls("tf.nn.conv2d_transpose", "sizes") + \
    sorted(set(_calls("tf.dynamic_stitch", "indices") + _calls("tf.dynamic_stitch", "data"))) + \
    sorted({c for first in _CALLS["tf.nn.ctc_loss"][1] for c in _calls("tf.nn.ctc_loss", first)})

CASES = ZEROS + DIAG + AVERAGE + INVERSE + ORDER


def parts(t: Any) -> list:
    """Each value's real and imaginary parts as reprs: zeros' signs and NaN kept."""
    a = np.asarray(t.numpy())
    return [repr(float(v)) for v in np.stack([a.real, a.imag], axis=-1).ravel()]


def run(tf: Any) -> dict:
    """source -> its outcome (recorded.outcome's form, complex values by their repr, as
    JSON keeps them), for each case."""
    scope = {"tf": tf, "tnp": tf.experimental.numpy, "np": np, "parts": parts}
    out = {src: outcome(lambda src=src: eval(src, scope)) for src in CASES}  # noqa: S307
    return json.loads(json.dumps(out, default=repr))
