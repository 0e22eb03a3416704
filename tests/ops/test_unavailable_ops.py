"""TF 2.21's raw ops that no kernel runs (ops/unavailable_ops.py): the words TF 2.21 raised
for each, eagerly and in graphs (asked of TF 2.21 with the same calls)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import tf_op_defs, unavailable_ops

R = tf.raw_ops
CPU0 = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "


def _raises(cls, fn):
    # (TF's words on its CPU, where it was asked: the ops GPU builds run are TF's GPU kernels)
    with pytest.raises(cls) as e, tf.device("/CPU:0"):
        fn()
    return str(e.value)


@pytest.mark.parametrize("op,call,version,advice,tail", [
    ("BatchMatrixInverse", lambda: R.BatchMatrixInverse(input=tf.ones((2, 2))), 13,
     "Use MatrixInverse instead..", " name: "),
    ("BatchMatrixBandPart",
     lambda: R.BatchMatrixBandPart(input=tf.ones((2, 2)), num_lower=0, num_upper=0), 14,
     "Use MatrixBandPart.", " name: "),
    ("RandomCrop", lambda: R.RandomCrop(image=tf.ones((3, 3, 1)), size=[2, 2]), 8,
     "Random crop is now pure Python.", ""),
    ("AdjustContrast", lambda: R.AdjustContrast(images=tf.ones((2, 2, 3)), contrast_factor=1.,
                                                min_value=0., max_value=1.), 2,
     "Use AdjustContrastv2 instead.", " name: "),
    ("QuantizeAndDequantize", lambda: R.QuantizeAndDequantize(input=tf.ones((2,))), 22,
     "Replaced by QuantizeAndDequantizeV2.", ""),
    ("StatefulStandardNormal", lambda: R.StatefulStandardNormal(
        resource=tf.Variable(tf.zeros([3], tf.int64)).handle, shape=[2]), 29,
     "Use StatefulStandardNormalV2 instead.", ""),
    ("PlaceholderV2", lambda: R.PlaceholderV2(dtype=tf.float32, shape=[2]), 23,
     "Placeholder now behaves the same as PlaceholderV2..", " name: "),
    ("BatchNormWithGlobalNormalization", lambda: R.BatchNormWithGlobalNormalization(
        t=tf.ones((1, 1, 1, 2)), m=tf.ones(2), v=tf.ones(2), beta=tf.ones(2), gamma=tf.ones(2),
        variance_epsilon=0.1, scale_after_normalization=True), 9,
     "Use tf.nn.batch_normalization().", " name: "),
])
def test_removed_eagerly(op, call, version, advice, tail):
    assert _raises(tf.errors.UnimplementedError, call) == (
        f"{CPU0 % op}Op {op} is not available in GraphDef version 2474. It has been removed in "
        f"version {version}. {advice} [Op:{op}]{tail}")


def test_removed_checks_types_first():
    assert _raises(tf.errors.InvalidArgumentError, lambda: R.BatchMatrixDeterminant(
        input=tf.constant([[1]]))).startswith(
        "Value for attr 'T' of int32 is not in the list of allowed values: float, double, "
        "complex64, complex128\n\t; NodeDef: {{node BatchMatrixDeterminant}}")
    assert _raises(tf.errors.InvalidArgumentError, lambda: R.BatchMatrixSetDiag(
        input=tf.ones((2, 2)), diagonal=tf.ones((2,), tf.float64))) == (
        "cannot compute BatchMatrixSetDiag as input #1(zero-based) was expected to be a float "
        "tensor but is a double tensor [Op:BatchMatrixSetDiag] name: ")


def test_removed_in_graphs():
    @tf.function
    def f(x):
        return R.BatchMatrixInverse(input=x)

    words = ("Op BatchMatrixInverse is not available in GraphDef version 2474. It has been "
             "removed in version 13. Use MatrixInverse instead..")
    assert words in _raises(NotImplementedError, lambda: f(tf.ones((2, 2))))
    with tf.Graph().as_default():
        x = tf.compat.v1.placeholder(tf.float32, [2, 2])
        assert _raises(NotImplementedError, lambda: R.BatchMatrixInverse(input=x)) == words
    for op, call, words in [
            ("TopK", lambda: R.TopK(input=tf.constant([1., 2.]), k=1), "7. Use TopKV2 instead."),
            ("BatchFFT", lambda: R.BatchFFT(input=tf.constant([1j], tf.complex64)),
             "15. Use FFT.")]:
        assert f"Op {op} is not available in GraphDef version 2474. It has been removed in " \
               f"version {words}" in _raises(NotImplementedError, lambda: tf.function(call)())


def test_kernel_lookup_refuses_first():
    # TopK's and TileGrad's CPU kernels are for other index types; BatchFFT's are none
    text = _raises(tf.errors.InvalidArgumentError,
                   lambda: R.TopK(input=tf.constant([1, 3, 2]), k=2, sorted=False))
    assert text.startswith("OpKernel 'TopK' has constraint on attr 'index_type' not in NodeDef "
                           "'[T=DT_INT32, k=2, sorted=false]', KernelDef: 'goo.gle/debugonly")
    assert text.endswith(' op: "TopK" device_type: "CPU" constraint { name: "T" allowed_values '
                         '{ list { type: DT_INT32 } } } constraint { name: "index_type" '
                         "allowed_values { list { type: DT_INT64 } } }' [Op:TopK] name: ")
    text = _raises(tf.errors.InvalidArgumentError,
                   lambda: R.TileGrad(input=tf.constant([1.], tf.float64), multiples=[1]))
    assert text.startswith("OpKernel 'TileGrad' has constraint on attr 'Tmultiples' not in "
                           "NodeDef '[T=DT_DOUBLE]', KernelDef: 'goo.gle/debugonly")
    assert text.endswith('host_memory_arg: "multiples"\' [Op:TileGrad]')
    assert _raises(tf.errors.NotFoundError, lambda: R.BatchIFFT2D(
        input=tf.constant([[1j]], tf.complex64))) == (
        "Could not find device for node: {{node BatchIFFT2D}} = BatchIFFT2D[]\nAll kernels "
        "registered for op BatchIFFT2D:\n  <no registered kernels>\n [Op:BatchIFFT2D] name: ")


def test_removed_table_is_tfs():
    # every removed op's version and advice come from TF's OpDef (the signature table)
    for op in unavailable_ops.REMOVED:
        assert tf_op_defs.removed_message(op).startswith(
            f"Op {op} is not available in GraphDef version {tf.version.GRAPH_DEF_VERSION}.")


def test_no_kernel_eagerly():
    x = tf.constant(np.arange(6, dtype=np.float32).reshape(3, 2))
    assert _raises(tf.errors.NotFoundError, lambda: R.SegmentProdV2(
        data=tf.constant([1, 2], tf.int64), segment_ids=tf.constant([0, 1], tf.int64),
        num_segments=tf.constant(2, tf.int64))) == (
        "Could not find device for node: {{node SegmentProdV2}} = SegmentProdV2[T=DT_INT64, "
        "Tindices=DT_INT64, Tnumsegments=DT_INT64]\nAll kernels registered for op "
        "SegmentProdV2:\n  device='XLA_CPU_JIT'; Tnumsegments in [DT_INT32, DT_INT64]; "
        "Tindices in [DT_INT32, DT_INT64]; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, "
        "DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, "
        "DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]\n "
        "[Op:SegmentProdV2] name: ")
    assert "T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, " \
           "DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]" in _raises(
               tf.errors.NotFoundError, lambda: R.SegmentMinV2(
                   data=x, segment_ids=tf.constant([0, 0, 2]), num_segments=3))
    assert _raises(tf.errors.NotFoundError, lambda: R.CTCLossV2(
        inputs=tf.zeros((2, 1, 3)), labels_indices=tf.constant([[0, 0]], tf.int64),
        labels_values=[1], sequence_length=[2])) == (
        "Could not find device for node: {{node CTCLossV2}} = CTCLossV2[ctc_merge_repeated=true, "
        "ignore_longer_outputs_than_inputs=false, preprocess_collapse_repeated=false]\nAll "
        "kernels registered for op CTCLossV2:\n  <no registered kernels>\n [Op:CTCLossV2]")
    assert _raises(tf.errors.NotFoundError, lambda: R.AccumulateNV2(inputs=[x, x], shape=[3, 2])) \
        == ("Could not find device for node: {{node AccumulateNV2}} = AccumulateNV2[N=2, "
            "T=DT_FLOAT, shape=[3,2]]\nAll kernels registered for op AccumulateNV2:\n  <no "
            "registered kernels>\n [Op:AccumulateNV2] name: ")
    assert _raises(tf.errors.NotFoundError, lambda: R.RFFTND(
        input=x, fft_length=[3, 2], axes=[0, 1])) == (
        "Could not find device for node: {{node RFFTND}} = RFFTND[Tcomplex=DT_COMPLEX64, "
        "Treal=DT_FLOAT]\nAll kernels registered for op RFFTND:\n  <no registered kernels>\n "
        "[Op:RFFTND]")


def test_no_kernel_in_a_graph_fails_when_run():
    @tf.function
    def f():
        return R.SegmentMaxV2(data=tf.constant([1., 2.]), segment_ids=[0, 1], num_segments=2)

    assert "No OpKernel was registered to support Op 'SegmentMaxV2' used by {{node " \
           "SegmentMaxV2}} with these attrs: [Tindices=DT_INT32, Tnumsegments=DT_INT32, " \
           "T=DT_FLOAT]\nRegistered devices: [CPU]\nRegistered kernels:\n  " \
           "device='XLA_CPU_JIT'; " in _raises(tf.errors.InvalidArgumentError, f)


def test_accumulate_n_v2_sums_in_graphs():
    # TF's graph passes rewrite it into an accumulation: TF 2.21's values and gradients
    x = tf.constant([[1., 2.], [3., 4.]])

    @tf.function
    def f(a, b):
        with tf.GradientTape() as tape:
            tape.watch([a, b])
            y = R.AccumulateNV2(inputs=[a, b, a], shape=[2, 2]) * x
        return y, tape.gradient(y, [a, b])

    for _ in range(2):
        y, (ga, gb) = f(x, x)
        np.testing.assert_array_equal(y.numpy(), [[3., 12.], [27., 48.]])
        np.testing.assert_array_equal(ga.numpy(), [[2., 4.], [6., 8.]])
        np.testing.assert_array_equal(gb.numpy(), x.numpy())
    with tf.Graph().as_default():
        y = R.AccumulateNV2(inputs=[tf.constant([1.]), tf.constant([2.])], shape=[1])
        with tf.compat.v1.Session() as sess:
            np.testing.assert_array_equal(sess.run(y), [3.])


_RNN = {"input": np.ones((3, 2, 4), np.float32), "input_h": np.ones((1, 2, 5), np.float32),
        "input_c": np.ones((1, 2, 5), np.float32), "params": np.ones(100, np.float32)}
_RNN_OUT = {k: np.ones(s, np.float32) for k, s in (
    ("output", (3, 2, 5)), ("output_h", (1, 2, 5)), ("output_c", (1, 2, 5)),
    ("output_backprop", (3, 2, 5)), ("output_h_backprop", (1, 2, 5)),
    ("output_c_backprop", (1, 2, 5)), ("reserve_space", (10,)))}
_SIZES = {"num_layers": np.int32(1), "num_units": np.int32(5), "input_size": np.int32(4)}
_COMMON = 'direction="unidirectional", dropout=0, input_mode="linear_input"'


def _cudnn_refusal(op: str, attrs: str, tail: str = "") -> str:
    return (f"Could not find device for node: {{{{node {op}}}}} = {op}[{attrs}]\nAll kernels "
            f"registered for op {op}:\n  <no registered kernels>\n [Op:{op}]{tail}")


@pytest.mark.parametrize("op,kwargs,attrs,tail", [
    ("CudnnRNN", _RNN, f"T=DT_FLOAT, {_COMMON}, is_training=true, rnn_mode=\"lstm\", seed=0, "
                       "seed2=0", ""),
    ("CudnnRNNV2", _RNN, f"T=DT_FLOAT, {_COMMON}, is_training=true, rnn_mode=\"lstm\", seed=0, "
                         "seed2=0", ""),
    ("CudnnRNNV3", {**_RNN, "sequence_lengths": np.int32([3, 3])},
     f"T=DT_FLOAT, {_COMMON}, is_training=true, num_proj=0, rnn_mode=\"lstm\", seed=0, "
     "seed2=0, time_major=true", ""),
    ("CudnnRNN", {**{k: v.astype(np.float64) for k, v in _RNN.items()}, "rnn_mode": "gru",
                  "is_training": False},
     f"T=DT_DOUBLE, {_COMMON}, is_training=false, rnn_mode=\"gru\", seed=0, seed2=0", ""),
    # (attrs away from their defaults: TF's wrapper then names the call)
    ("CudnnRNN", {**{k: v.astype(np.float16) for k, v in _RNN.items()},
                  "direction": "bidirectional", "dropout": 0.5, "seed": 3},
     'T=DT_HALF, direction="bidirectional", dropout=0.5, input_mode="linear_input", '
     'is_training=true, rnn_mode="lstm", seed=3, seed2=0', " name: "),
    ("CudnnRNNBackprop", {**_RNN, **_RNN_OUT},
     f"T=DT_FLOAT, {_COMMON}, rnn_mode=\"lstm\", seed=0, seed2=0", ""),
    ("CudnnRNNBackpropV2", {**_RNN, **_RNN_OUT, "host_reserved": np.int8([1])},
     f"T=DT_FLOAT, {_COMMON}, rnn_mode=\"lstm\", seed=0, seed2=0", ""),
    ("CudnnRNNBackpropV3", {**_RNN, **_RNN_OUT, "host_reserved": np.int8([1]),
                            "sequence_lengths": np.int32([3, 3])},
     f"T=DT_FLOAT, {_COMMON}, num_proj=0, rnn_mode=\"lstm\", seed=0, seed2=0, time_major=true",
     ""),
    ("CudnnRNNParamsSize", {**_SIZES, "T": tf.float32, "S": tf.int32},
     f"S=DT_INT32, T=DT_FLOAT, {_COMMON}, num_proj=0, rnn_mode=\"lstm\", seed=0, seed2=0", ""),
    ("CudnnRNNParamsSize", {**_SIZES, "T": tf.float64, "S": tf.int64, "rnn_mode": "gru",
                            "num_proj": 2},
     f"S=DT_INT64, T=DT_DOUBLE, {_COMMON}, num_proj=2, rnn_mode=\"gru\", seed=0, seed2=0", ""),
    ("CudnnRNNCanonicalToParams", {**_SIZES, "weights": [np.ones((5, 4), np.float32)] * 8,
                                   "biases": [np.ones(5, np.float32)] * 8},
     f"T=DT_FLOAT, {_COMMON}, num_params=8, rnn_mode=\"lstm\", seed=0, seed2=0", ""),
    ("CudnnRNNCanonicalToParamsV2", {**_SIZES, "weights": [np.ones((5, 4), np.float32)] * 8,
                                     "biases": [np.ones(5, np.float32)] * 8},
     f"T=DT_FLOAT, {_COMMON}, num_params_biases=8, num_params_weights=8, num_proj=0, "
     "rnn_mode=\"lstm\", seed=0, seed2=0", ""),
    ("CudnnRNNParamsToCanonical", {**_SIZES, "params": _RNN["params"], "num_params": 8},
     f"T=DT_FLOAT, {_COMMON}, num_params=8, rnn_mode=\"lstm\", seed=0, seed2=0", ""),
    ("CudnnRNNParamsToCanonicalV2", {**_SIZES, "params": _RNN["params"].astype(np.float64),
                                     "num_params_weights": 2, "num_params_biases": 3,
                                     "rnn_mode": "rnn_tanh", "input_mode": "skip_input",
                                     "direction": "bidirectional", "dropout": 0.25, "seed": 1,
                                     "seed2": 2, "num_proj": 3},
     'T=DT_DOUBLE, direction="bidirectional", dropout=0.25, input_mode="skip_input", '
     'num_params_biases=3, num_params_weights=2, num_proj=3, rnn_mode="rnn_tanh", seed=1, '
     'seed2=2', ""),
])
def test_cudnn_rnn_ops_have_no_cpu_kernel(op, kwargs, attrs, tail):
    # TF 2.21's CPU build registers no kernel for cuDNN's recurrent ops: its eager words
    assert _raises(tf.errors.NotFoundError, lambda: getattr(R, op)(**kwargs)) == \
        _cudnn_refusal(op, attrs, tail)


def test_cudnn_rnn_checks_its_attrs_first():
    message = _raises(tf.errors.InvalidArgumentError, lambda: R.CudnnRNN(
        **{k: v.astype(np.int32) for k, v in _RNN.items()}))
    assert message.startswith("Value for attr 'T' of int32 is not in the list of allowed "
                              "values: bfloat16, half, float, double\n\t; NodeDef: {{node "
                              "CudnnRNN}}; Op<name=CudnnRNN; signature=input:T, input_h:T, "
                              "input_c:T, params:T -> output:T, output_h:T, output_c:T, "
                              "reserve_space:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, ")
    message = _raises(tf.errors.InvalidArgumentError, lambda: R.CudnnRNN(**_RNN,
                                                                          rnn_mode="foo"))
    assert message.startswith("Value for attr 'rnn_mode' of \"foo\" is not in the list of "
                              "allowed values: \"rnn_relu\", \"rnn_tanh\", \"lstm\", \"gru\"\n\t;"
                              " NodeDef: {{node CudnnRNN}}; Op<name=CudnnRNN; ")
    assert message.endswith("is_stateful=true> [Op:CudnnRNN]")


def test_cudnn_rnn_in_a_graph_fails_when_run():
    @tf.function
    def f(x):
        out = R.CudnnRNNV2(input=x, input_h=_RNN["input_h"], input_c=_RNN["input_c"],
                           params=_RNN["params"])
        assert [o.dtype for o in out] == [tf.float32] * 4 + [tf.int8]
        canon = R.CudnnRNNParamsToCanonicalV2(**_SIZES, params=_RNN["params"],
                                              num_params_weights=2, num_params_biases=3)
        assert [len(canon.weights), len(canon.biases)] == [2, 3]
        return out.output

    assert "No OpKernel was registered to support Op 'CudnnRNNV2' used by {{node " \
           "CudnnRNNV2}} with these attrs: [" in _raises(tf.errors.InvalidArgumentError,
                                                         lambda: f(_RNN["input"]))


def test_cudnn_rnn_canonical_lists_as_tfs_wrapper_checks_them():
    w, b = np.ones((5, 4), np.float32), np.ones(5, np.float32)
    with pytest.raises(ValueError) as e:
        R.CudnnRNNCanonicalToParams(**_SIZES, weights=[w] * 2, biases=[b] * 3)
    assert str(e.value) == ("List argument 'biases' to 'cudnn_rnn_canonical_to_params' Op with "
                            "length 3 must match length 2 of argument 'weights'.")
    message = _raises(tf.errors.InvalidArgumentError, lambda: R.CudnnRNNParamsToCanonical(
        **_SIZES, params=_RNN["params"], num_params=0))
    assert message.startswith("Value for attr 'num_params' of 0 must be at least minimum 1\n\t; "
                              "NodeDef: {{node CudnnRNNParamsToCanonical}}; Op<name=")
    assert "Value for attr 'num_params_biases' of -1 must be at least minimum 1" in _raises(
        tf.errors.InvalidArgumentError, lambda: R.CudnnRNNParamsToCanonicalV2(
            **_SIZES, params=_RNN["params"], num_params_weights=1, num_params_biases=-1))


@pytest.mark.parametrize("op,extra", [("CudnnRNN", {}), ("CudnnRNNV2", {}),
                                      ("CudnnRNNV3", {"sequence_lengths": [3, 3]})])
def test_cudnn_rnn_traced_shapes_and_gradient(op, extra):
    # TF 2.21's traced shapes (output_c: output_h's in the first two versions, input_c's in
    # V3; none for a mode without a cell) and its gradient, the Backprop op of the version
    def shapes(**kw):
        cf = tf.function(lambda x, h, c, p: getattr(R, op)(
            input=x, input_h=h, input_c=c, params=p, **extra, **kw)).get_concrete_function(
                tf.TensorSpec([7, 2, 4]), tf.TensorSpec([1, 2, 5]), tf.TensorSpec([1, 2, 6]),
                tf.TensorSpec([100]))
        return [o.shape.as_list() if o.shape.rank is not None else None for o in cf.outputs]

    rest = [None] * (1 if op == "CudnnRNN" else 2)
    assert shapes() == [[7, 2, 5], [1, 2, 5], [1, 2, 6 if op == "CudnnRNNV3" else 5], *rest]
    assert shapes(direction="bidirectional", rnn_mode="gru") == [[7, 2, 10], [1, 2, 5], [],
                                                                  *rest]

    def grads(x, p, training=True):
        with tf.GradientTape() as t:
            t.watch([x, p])
            out = getattr(R, op)(input=x, input_h=_RNN["input_h"], input_c=_RNN["input_c"],
                                 params=p, is_training=training, seed=2, **extra)
            loss = tf.reduce_sum(out[0]) + tf.reduce_sum(out[1])
        return t.gradient(loss, [x, p])

    specs = (tf.TensorSpec([3, 2, 4]), tf.TensorSpec([100]))
    graph = tf.function(grads).get_concrete_function(*specs).graph
    backprop = [o for o in graph.get_operations() if o.type.startswith("CudnnRNNBackprop")]
    assert [o.type for o in backprop] == ["CudnnRNNBackprop" + op[len("CudnnRNN"):]]
    assert [o.shape.as_list() for o in backprop[0].outputs] == [[3, 2, 4], [1, 2, 5],
                                                                [1, 2, 5], [100]]
    assert backprop[0].get_attr("seed") == 2
    with pytest.raises(ValueError, match=f"To use {op} in gradients, is_training must be set "
                                         "to True."):
        tf.function(lambda x, p: grads(x, p, False)).get_concrete_function(*specs)
