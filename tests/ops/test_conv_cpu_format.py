"""Channels-first convolutions and poolings against TensorFlow 2.21's CPU
(conv_cpu_format_golden.json, recorded by record_conv_cpu_format_golden.py from
conv_cpu_format_cases.py): its kernels refuse such data, each op in its words and error
class, where its oneDNN kernels (float32 and bfloat16, some ops) do not compute it; eagerly,
in a traced function's run, and through Keras's layers. A GPU computes them all."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import decode_array
from tests.gpu_target import on_the_gpu
from tests.ops.conv_cpu_format_cases import calls

GOLDEN = json.loads((Path(__file__).parent / "conv_cpu_format_golden.json").read_text())
CALLS = calls(tf, tf.keras)


def _words(message: str) -> str:
    """A message as compared: a Keras layer's wrapped op error alone (between the bold
    escapes; the call's arguments follow it), a traced function's number left out."""
    bold = re.search("\x1b\\[1m(.*)\x1b\\[0m", message, re.S)
    text = bold[1] if bold else message
    return re.sub(r"(__inference_[\w<>]*?)_\d+\b", r"\1_N", text)


def _values(out: object) -> list:
    return [np.asarray(v) for v in (out if isinstance(out, tuple) else (out,))]


def _tolerance(name: str) -> float:
    return 1e-2 if "float16" in name else 1e-6


def test_the_golden_holds_every_case():
    assert sorted(GOLDEN) == sorted(CALLS)


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels; a GPU computes them)
@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_cpu_refuses_or_computes_as_tf(name):
    want = GOLDEN[name]
    try:
        got = CALLS[name]()
    except Exception as e:  # noqa: BLE001 - compared with TF's
        assert "error" in want, f"{name}: TF computed it; eagerflow raised {e!r}"
        assert (type(e).__name__, _words(str(e))) == (want["error"], _words(want["message"]))
        return
    assert "error" not in want, f"{name}: TF raised {want['error']}: {want['message']}"
    values = _values(got)
    assert [v.shape for v in values] == [tuple(w["shape"]) for w in want["value"]]
    if name.startswith("keras_"):
        return  # (the layers' weights are drawn: shapes only)
    for g, w in zip(values, want["value"]):
        np.testing.assert_allclose(g.astype(np.float64), decode_array(w).astype(np.float64),
                                   rtol=_tolerance(name), atol=_tolerance(name))


# the ops TF's CPU refuses in float16 or float64 that it computes in float32: the GPU's
# results in those dtypes are the float32 ones
REFUSED = [name for name, want in sorted(GOLDEN.items())
           if "error" in want and "NHWC" in want["message"] and not name.startswith("keras_")
           and not name.endswith("-traced")
           and "value" in GOLDEN.get(re.sub(r"-float(16|64)$", "-float32", name), {})]


def test_the_refused_cases_are_many():
    assert len(REFUSED) >= 30


@pytest.mark.parametrize("name", REFUSED)
def test_a_gpu_computes_what_the_cpu_refuses(name):
    want = GOLDEN[re.sub(r"-float(16|64)$", "-float32", name)]["value"]
    with on_the_gpu():
        got = _values(CALLS[name]())
    assert got[0].dtype == np.dtype(name.rsplit("-", 1)[1])
    for g, w in zip(got, want):
        np.testing.assert_allclose(g.astype(np.float64), decode_array(w).astype(np.float64),
                                   rtol=_tolerance(name), atol=_tolerance(name))


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels; a GPU computes them)
def test_a_traced_max_pool_gradient_is_computed_where_eagerly_it_is_refused():
    # (TF's graphs run oneDNN's gradient of a MaxPool, which takes float32 channels-first
    # data; its eager MaxPoolGrad kernel refuses it)
    x = tf.reshape(tf.range(50, dtype=tf.float32), [1, 2, 5, 5])

    def gradient(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.nn.max_pool2d(x, 2, 2, "VALID", data_format="NCHW")
        return tape.gradient(y, x)

    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Default MaxPoolingGradOp only supports NHWC on device type CPU"):
        gradient(x)
    got = tf.function(gradient)(x).numpy()
    want = np.zeros((1, 2, 5, 5), np.float32)
    want[:, :, 1:4:2, 1:4:2] = 1  # (each window's maximum: its last cell)
    np.testing.assert_array_equal(got, want)


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels; a GPU computes them)
def test_xla_computes_in_what_a_compiled_function_calls_and_in_its_gradient():
    # (TF's XLA compiles the functions a tf.function(jit_compile=True) calls and its
    # gradient; a plain function calling a compiled one keeps it a call, not inlined)
    x = tf.reshape(tf.range(50, dtype=tf.float64) / 10, [1, 2, 5, 5])
    w = tf.reshape(tf.range(16, dtype=tf.float64) / 10, [2, 2, 2, 2])

    def conv(x):
        return tf.nn.conv2d(x, w, 1, "SAME", data_format="NCHW")

    def conv_nhwc(x):  # (what the CPU computes in float64)
        y = tf.nn.conv2d(tf.transpose(x, [0, 2, 3, 1]), w, 1, "SAME")
        return tf.transpose(y, [0, 3, 1, 2])

    def gradient(f):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        return tape.gradient(y, x)

    with pytest.raises(tf.errors.UnimplementedError,
                       match="The Conv2D op currently only supports the NHWC tensor format"):
        tf.function(conv)(x)
    compiled = tf.function(conv, jit_compile=True)
    want = conv_nhwc(x).numpy()
    np.testing.assert_allclose(compiled(x).numpy(), want, rtol=1e-12)
    np.testing.assert_allclose(tf.function(lambda x: compiled(x))(x).numpy(), want,
                               rtol=1e-12)
    np.testing.assert_allclose(
        tf.function(lambda x: tf.function(conv)(x), jit_compile=True)(x).numpy(), want,
        rtol=1e-12)
    np.testing.assert_allclose(gradient(compiled).numpy(), gradient(conv_nhwc).numpy(),
                               rtol=1e-12)


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels; a GPU computes them)
@pytest.mark.parametrize("op,words", [
    ("MaxPoolV2", "MaxPoolingV2Op only supports NHWC or NCHW_VECT_C. Got: NCHW"),
    ("MaxPoolGradV2", "Default MaxPoolingGradOp only supports NHWC on device type CPU"),
    ("MaxPoolGradGradV2", "Default MaxPoolingGradGradOp only supports NHWC on device type CPU"),
    ("MaxPoolGradGrad", "Default MaxPoolingGradGradOp only supports NHWC on device type CPU"),
])
def test_a_graph_s_max_pool_ops_refuse_channels_first_when_run_but_under_xla(op, words):
    # TF 2.21 (recorded): traced, these trace and fail when run, in float32 too (oneDNN
    # computes no second gradient, nor the V2 ops); XLA computes them
    x = tf.reshape(tf.range(50, dtype=tf.float32), [1, 2, 5, 5])
    pooled = tf.nn.max_pool2d(x, 2, 1, "SAME", data_format="NCHW")  # (float32: oneDNN's)
    grads = () if op == "MaxPoolV2" else (pooled, x)

    def call(x, *grads, data_format="NCHW"):
        window = [1, 1, 2, 2] if data_format == "NCHW" else [1, 2, 2, 1]
        kw = dict(ksize=window, strides=[1, 1, 1, 1], padding="SAME", data_format=data_format)
        if op == "MaxPoolV2":
            return tf.raw_ops.MaxPoolV2(input=x, **kw)
        return getattr(tf.raw_ops, op)(orig_input=x, orig_output=grads[0], grad=grads[1], **kw)

    traced = tf.function(lambda: call(x, *grads))
    traced.get_concrete_function()  # (traced without error)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=re.escape(f"{words}\n\t [[{{{{node {op}}}}}]]")):
        traced()
    compiled = tf.function(lambda: call(x, *grads), jit_compile=True)().numpy()
    nhwc = [tf.transpose(t, [0, 2, 3, 1]) for t in (x, *grads)]
    want = tf.transpose(call(*nhwc, data_format="NHWC"), [0, 3, 1, 2]).numpy()
    np.testing.assert_array_equal(compiled, want)


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels; a GPU computes them)
@pytest.mark.parametrize("rank", [2, 3])
def test_a_graph_s_raw_max_pool_gradient_is_refused_but_paired_with_its_max_pool(rank):
    # TF 2.21 (recorded): traced alone, MaxPoolGrad / MaxPool3DGrad refuse channels-first
    # data when run, in float32 too; where orig_output is a MaxPool's (maybe through an
    # Identity), TF's graph runs oneDNN's gradient instead, which computes it
    shape = [1, 2, 5, 5] if rank == 2 else [1, 2, 4, 4, 4]
    x = tf.reshape(tf.range(np.prod(shape), dtype=tf.float32) * 7 % 131, shape)  # (no ties)
    window = dict(ksize=[1, 1] + [2] * rank, strides=[1] * (rank + 2), padding="SAME",
                  data_format="NCHW" if rank == 2 else "NCDHW")
    pool = tf.raw_ops.MaxPool if rank == 2 else tf.raw_ops.MaxPool3D
    grad = tf.raw_ops.MaxPoolGrad if rank == 2 else tf.raw_ops.MaxPool3DGrad
    op = "MaxPoolGrad" if rank == 2 else "MaxPool3DGrad"
    words = ("Default MaxPoolingGradOp only supports NHWC on device type CPU" if rank == 2
             else "Default MaxPooling3dGradOp only supports NDHWC on device type CPU")
    y = pool(input=x, **window)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=re.escape(f"{words}\n\t [[{{{{node {op}}}}}]]")):
        tf.function(lambda: grad(orig_input=x, orig_output=tf.identity(y), grad=y,
                                 **window))()
    paired = tf.function(lambda: grad(orig_input=x, orig_output=tf.identity(pool(
        input=x, **window)), grad=y, **window))().numpy()
    compiled = tf.function(lambda: grad(orig_input=x, orig_output=y, grad=y, **window),
                           jit_compile=True)().numpy()
    np.testing.assert_array_equal(paired, compiled)


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels; a GPU computes them)
@pytest.mark.parametrize("rank", [2, 3])
def test_max_pool_gradient_pairs_across_nested_functions(rank):
    # TF 2.21 (recorded): its graph rewrites pair a MaxPoolGrad with its MaxPool once the
    # nested tf.functions are inlined, whichever function holds either (through their
    # Identity outputs); a jit_compile function is not inlined: its MaxPool pairs nothing
    shape = [1, 2, 5, 5] if rank == 2 else [1, 2, 4, 4, 4]
    x = tf.reshape(tf.range(np.prod(shape), dtype=tf.float32) * 7 % 131, shape)  # (no ties)
    window = dict(ksize=[1, 1] + [2] * rank, strides=[1] * (rank + 2), padding="SAME",
                  data_format="NCHW" if rank == 2 else "NCDHW")
    pool = tf.raw_ops.MaxPool if rank == 2 else tf.raw_ops.MaxPool3D
    grad = tf.raw_ops.MaxPoolGrad if rank == 2 else tf.raw_ops.MaxPool3DGrad
    y = pool(input=x, **window)
    want = tf.function(lambda: grad(orig_input=x, orig_output=y, grad=y, **window),
                       jit_compile=True)().numpy()
    inner_pool = tf.function(lambda x: tf.identity(pool(input=x, **window)))
    inner_grad = tf.function(lambda x, p: grad(orig_input=x, orig_output=p, grad=y, **window))
    for outer in (lambda: grad(orig_input=x, orig_output=inner_pool(x), grad=y, **window),
                  lambda: inner_grad(x, pool(input=x, **window)),
                  lambda: inner_grad(x, inner_pool(x))):
        np.testing.assert_array_equal(tf.function(outer)().numpy(), want)
    compiled_pool = tf.function(lambda x: pool(input=x, **window), jit_compile=True)
    with pytest.raises(tf.errors.InvalidArgumentError, match="only supports N"):
        tf.function(lambda: grad(orig_input=x, orig_output=compiled_pool(x), grad=y,
                                 **window))()
