"""The calls of TF's quantized kernels (tf.raw_ops.Quantized*, Requantize and its kin,
and tf.compat.v1.nn's quantized functions) whose results quantized_ops_golden.json records
from TF 2.21 (by record_quantized_ops_golden.py) and test_quantized_ops.py checks
eagerflow against: values with their output ranges, over ranges with and without an
exact zero, the broadcast patterns, the dtype combinations TF has no kernel for, and the
errors each kernel refuses bad arguments with.

`cases(tf)` runs them with whichever module is passed as `tf`; each result is a tensor,
a tuple of them, or ("error", class name, message)."""

import numpy as np

from tests.ops.quantization_cases import _call

RNG = np.random.RandomState(11)
U8 = RNG.randint(0, 256, (2, 3, 4, 3)).astype(np.uint8)
I8 = RNG.randint(-128, 128, (2, 3, 4, 3)).astype(np.int8)
I32 = RNG.randint(-2**31, 2**31 - 1, (3, 5), dtype=np.int64).astype(np.int32)
I32_SMALL = RNG.randint(-70000, 90000, (3, 5)).astype(np.int32)
# ranges: zero inside, at an edge, off center, narrow, wide
RANGES = ((-1.0, 1.0), (0.0, 6.0), (-0.37, 2.9), (-10.0, -0.0), (0.5, 3.0), (-1234.5, 77.25))


def _f(tf, v):
    return tf.constant(v, tf.float32)


def _q(tf, a, d):
    return tf.constant(a, getattr(tf, d))


def _tuple(r):
    return tuple(r)


def _requantize(tf, out):
    R = tf.raw_ops
    for name, data in (("big", I32), ("small", I32_SMALL)):
        x = _q(tf, data, "qint32")
        for lo, hi in RANGES[:4] + ((-50000.0, 50000.0),):
            key = f"{name}/{lo}/{hi}"
            _call(out, "range/" + key, lambda: _tuple(R.RequantizationRange(
                input=x, input_min=_f(tf, lo), input_max=_f(tf, hi))))
            _call(out, "shrink/" + key, lambda: _tuple(R.QuantizeDownAndShrinkRange(
                input=x, input_min=_f(tf, lo), input_max=_f(tf, hi), out_type=tf.quint8)))
            for olo, ohi in ((-1.0, 1.0), (0.0, 3.5), (-7.25, 0.0), (0.0, 0.0)):
                for t in ("quint8", "qint8"):
                    _call(out, f"requantize/{key}/{olo}/{ohi}/{t}", lambda: _tuple(
                        R.Requantize(input=x, input_min=_f(tf, lo), input_max=_f(tf, hi),
                                     requested_output_min=_f(tf, olo),
                                     requested_output_max=_f(tf, ohi),
                                     out_type=getattr(tf, t))))
    x = _q(tf, I32_SMALL, "qint32")
    _call(out, "requantize/bad_min", lambda: _tuple(R.Requantize(
        input=x, input_min=_f(tf, -1.0), input_max=_f(tf, 1.0), requested_output_min=_f(
            tf, 0.5), requested_output_max=_f(tf, 1.0), out_type=tf.quint8)))
    _call(out, "requantize/bad_max", lambda: _tuple(R.Requantize(
        input=x, input_min=_f(tf, -1.0), input_max=_f(tf, 1.0), requested_output_min=_f(
            tf, -0.5), requested_output_max=_f(tf, -1.5), out_type=tf.quint8)))
    _call(out, "requantize/no_kernel", lambda: _tuple(R.Requantize(
        input=_q(tf, [1, 2], "quint8"), input_min=_f(tf, -1.0), input_max=_f(tf, 1.0),
        requested_output_min=_f(tf, -1.0), requested_output_max=_f(tf, 1.0),
        out_type=tf.quint8)))
    _call(out, "requantize/float", lambda: _tuple(R.Requantize(
        input=_f(tf, [1.0]), input_min=_f(tf, -1.0), input_max=_f(tf, 1.0),
        requested_output_min=_f(tf, -1.0), requested_output_max=_f(tf, 1.0),
        out_type=tf.quint8)))
    _call(out, "range/empty", lambda: _tuple(R.RequantizationRange(
        input=_q(tf, np.zeros((0, 2), np.int32), "qint32"), input_min=_f(tf, -1.0),
        input_max=_f(tf, 1.0))))
    _call(out, "range/no_kernel", lambda: _tuple(R.RequantizationRange(
        input=_q(tf, [1], "qint8"), input_min=_f(tf, -1.0), input_max=_f(tf, 1.0))))
    _call(out, "shrink/no_kernel", lambda: _tuple(R.QuantizeDownAndShrinkRange(
        input=x, input_min=_f(tf, -1.0), input_max=_f(tf, 1.0), out_type=tf.qint8)))


def _relu(tf, out):
    R = tf.raw_ops
    for lo, hi in RANGES:
        for op in ("QuantizedRelu", "QuantizedRelu6"):
            _call(out, f"{op}/quint8/{lo}/{hi}", lambda: _tuple(getattr(R, op)(
                features=_q(tf, U8, "quint8"), min_features=_f(tf, lo),
                max_features=_f(tf, hi), out_type=tf.quint8)))
            _call(out, f"{op}/qint32/{lo}/{hi}", lambda: _tuple(getattr(R, op)(
                features=_q(tf, I32_SMALL * 1000, "qint32"), min_features=_f(tf, lo),
                max_features=_f(tf, hi), out_type=tf.qint32)))
    _call(out, "QuantizedRelu/no_kernel", lambda: _tuple(R.QuantizedRelu(
        features=_q(tf, U8, "quint8"), min_features=_f(tf, -1.0), max_features=_f(tf, 1.0),
        out_type=tf.qint32)))
    _call(out, "QuantizedRelu6/qint8", lambda: _tuple(R.QuantizedRelu6(
        features=_q(tf, I8, "qint8"), min_features=_f(tf, -1.0), max_features=_f(tf, 1.0),
        out_type=tf.qint8)))
    _call(out, "QuantizedReluX/no_kernel", lambda: _tuple(R.QuantizedReluX(
        features=_q(tf, U8, "quint8"), max_value=_f(tf, 0.5), min_features=_f(tf, -1.0),
        max_features=_f(tf, 1.0), out_type=tf.quint8)))


def _reshape(tf, out):
    R = tf.raw_ops
    x = _q(tf, U8, "quint8")
    for shape in ([6, 12], [-1, 3], [72], [2, -1, 4]):
        _call(out, f"reshape/{shape}", lambda: _tuple(R.QuantizedReshape(
            tensor=x, shape=shape, input_min=_f(tf, -1.0), input_max=_f(tf, 2.0))))
    _call(out, "reshape/qint32", lambda: _tuple(R.QuantizedReshape(
        tensor=_q(tf, I32, "qint32"), shape=[5, 3], input_min=_f(tf, -1.0),
        input_max=_f(tf, 2.0))))
    _call(out, "reshape/bad_size", lambda: _tuple(R.QuantizedReshape(
        tensor=x, shape=[5, 3], input_min=_f(tf, -1.0), input_max=_f(tf, 2.0))))
    _call(out, "reshape/no_kernel", lambda: _tuple(R.QuantizedReshape(
        tensor=_q(tf, I8, "qint8"), shape=[72], input_min=_f(tf, -1.0),
        input_max=_f(tf, 2.0))))


def _binary(tf, out):
    R = tf.raw_ops
    a = U8[0, 0]                     # (4, 3)
    shapes = {"same": (a, U8[1, 1]), "scalar_y": (a, U8[0, 0, 0, 0]),
              "scalar_x": (U8[1, 2, 3, 0], a), "row": (a, U8[1, 0, 0]),
              "row_x": (U8[1, 0, 0], a), "col": (a, U8[1, :, 0, :1]),
              "rank3": (U8[0], U8[1, 0, 0]), "one_by_one": (a, U8[1, :1, 0, :1])}
    for name, (x, y) in shapes.items():
        for (lx, hx), (ly, hy) in ((RANGES[0], RANGES[1]), (RANGES[2], RANGES[5]),
                                   (RANGES[3], RANGES[4])):
            for op in ("QuantizedAdd", "QuantizedMul"):
                _call(out, f"{op}/{name}/{lx}/{hx}/{ly}/{hy}", lambda: _tuple(getattr(R, op)(
                    x=_q(tf, x, "quint8"), y=_q(tf, y, "quint8"), min_x=_f(tf, lx),
                    max_x=_f(tf, hx), min_y=_f(tf, ly), max_y=_f(tf, hy))))
    x = _q(tf, a, "quint8")
    for op in ("QuantizedAdd", "QuantizedMul"):
        _call(out, f"{op}/bad_range_x", lambda: _tuple(getattr(R, op)(
            x=x, y=x, min_x=_f(tf, 1.0), max_x=_f(tf, 1.0), min_y=_f(tf, 0.0),
            max_y=_f(tf, 1.0))))
        _call(out, f"{op}/bad_range_y", lambda: _tuple(getattr(R, op)(
            x=x, y=x, min_x=_f(tf, 0.0), max_x=_f(tf, 1.0), min_y=_f(tf, 2.0),
            max_y=_f(tf, 1.0))))
        _call(out, f"{op}/vector_range", lambda: _tuple(getattr(R, op)(
            x=x, y=x, min_x=_f(tf, [0.0]), max_x=_f(tf, 1.0), min_y=_f(tf, 0.0),
            max_y=_f(tf, 1.0))))
        _call(out, f"{op}/incompatible", lambda: _tuple(getattr(R, op)(
            x=x, y=_q(tf, U8[0, 0, :2], "quint8"), min_x=_f(tf, 0.0), max_x=_f(tf, 1.0),
            min_y=_f(tf, 0.0), max_y=_f(tf, 1.0))))
        _call(out, f"{op}/no_kernel", lambda: _tuple(getattr(R, op)(
            x=_q(tf, I8[0, 0], "qint8"), y=_q(tf, I8[0, 0], "qint8"), min_x=_f(tf, 0.0),
            max_x=_f(tf, 1.0), min_y=_f(tf, 0.0), max_y=_f(tf, 1.0))))


def _bias_add(tf, out):
    R = tf.raw_ops
    for t, data in (("quint8", U8), ("qint8", I8)):
        for (lx, hx), (lb, hb) in ((RANGES[0], RANGES[1]), (RANGES[2], RANGES[5]),
                                   (RANGES[3], RANGES[4])):
            _call(out, f"bias_add/{t}/{lx}/{hx}/{lb}/{hb}", lambda: _tuple(R.QuantizedBiasAdd(
                input=_q(tf, data, t), bias=_q(tf, data[1, 2, 3], t), min_input=_f(tf, lx),
                max_input=_f(tf, hx), min_bias=_f(tf, lb), max_bias=_f(tf, hb),
                out_type=tf.qint32)))
    x = _q(tf, U8, "quint8")
    for name, bias in (("rank1_input", U8[0, 0, 0]), ):
        _call(out, f"bias_add/{name}", lambda: _tuple(R.QuantizedBiasAdd(
            input=_q(tf, bias, "quint8"), bias=_q(tf, bias, "quint8"), min_input=_f(tf, 0.0),
            max_input=_f(tf, 1.0), min_bias=_f(tf, 0.0), max_bias=_f(tf, 1.0),
            out_type=tf.qint32)))
    _call(out, "bias_add/bias_rank2", lambda: _tuple(R.QuantizedBiasAdd(
        input=x, bias=_q(tf, U8[0, 0], "quint8"), min_input=_f(tf, 0.0),
        max_input=_f(tf, 1.0), min_bias=_f(tf, 0.0), max_bias=_f(tf, 1.0),
        out_type=tf.qint32)))
    _call(out, "bias_add/bias_size", lambda: _tuple(R.QuantizedBiasAdd(
        input=x, bias=_q(tf, U8[0, 0, 0, :2], "quint8"), min_input=_f(tf, 0.0),
        max_input=_f(tf, 1.0), min_bias=_f(tf, 0.0), max_bias=_f(tf, 1.0),
        out_type=tf.qint32)))
    _call(out, "bias_add/no_kernel", lambda: _tuple(R.QuantizedBiasAdd(
        input=x, bias=_q(tf, I8[0, 0, 0], "qint8"), min_input=_f(tf, 0.0),
        max_input=_f(tf, 1.0), min_bias=_f(tf, 0.0), max_bias=_f(tf, 1.0),
        out_type=tf.qint32)))



def _matmul(tf, out):
    R = tf.raw_ops
    a, b = U8[0, :, :, 0], U8[1, :, :3, 1]          # (3, 4), (3, 3)
    for (la, ha), (lb, hb) in ((RANGES[0], RANGES[1]), (RANGES[2], RANGES[5]),
                               (RANGES[3], RANGES[4])):
        for ta, tb, x, y in ((False, False, b, a), (True, False, b, a), (False, True, a, a),
                             (True, True, b, b)):
            _call(out, f"matmul/{ta}/{tb}/{la}/{ha}/{lb}/{hb}", lambda: _tuple(
                R.QuantizedMatMul(a=_q(tf, x, "quint8"), b=_q(tf, y, "quint8"),
                                  min_a=_f(tf, la), max_a=_f(tf, ha), min_b=_f(tf, lb),
                                  max_b=_f(tf, hb), transpose_a=ta, transpose_b=tb)))
    x = _q(tf, a, "quint8")
    for name, kw in (("bad_range", dict(min_a=_f(tf, 1.0), max_a=_f(tf, 0.5))),
                     ("vector_min", dict(min_a=_f(tf, [0.0]))),
                     ("vector_max_b", dict(max_b=_f(tf, [1.0, 2.0]))),
                     ("incompatible", dict(b=x)),
                     ("rank3", dict(a=_q(tf, U8[0, :, :, :2], "quint8"))),
                     ("no_kernel", dict(a=_q(tf, I8[0, :, :, 0], "qint8"))),
                     ("Toutput", dict(Toutput=tf.quint8))):
        args = dict(a=x, b=_q(tf, U8[1, 0], "quint8"), min_a=_f(tf, 0.0), max_a=_f(tf, 1.0),
                    min_b=_f(tf, 0.0), max_b=_f(tf, 1.0))
        args.update(kw)
        _call(out, f"matmul/{name}", lambda: _tuple(R.QuantizedMatMul(**args)))


def _conv(tf, out):
    R = tf.raw_ops
    x = _q(tf, U8, "quint8")                        # (2, 3, 4, 3)
    filters = {"quint8": RNG.randint(0, 256, (2, 3, 3, 2)).astype(np.uint8),
               "qint8": RNG.randint(-128, 128, (2, 3, 3, 2)).astype(np.int8)}
    for t, w in filters.items():
        for (lx, hx), (lw, hw) in ((RANGES[0], RANGES[1]), (RANGES[2], RANGES[5]),
                                   (RANGES[3], RANGES[4])):
            for padding in ("SAME", "VALID"):
                for s in (1, 2):
                    _call(out, f"conv/{t}/{padding}/{s}/{lx}/{hx}/{lw}/{hw}", lambda: _tuple(
                        R.QuantizedConv2D(input=x, filter=_q(tf, w, t), min_input=_f(tf, lx),
                                          max_input=_f(tf, hx), min_filter=_f(tf, lw),
                                          max_filter=_f(tf, hw), strides=[1, s, s, 1],
                                          padding=padding)))
    w = _q(tf, filters["quint8"], "quint8")
    base = dict(input=x, filter=w, min_input=_f(tf, 0.0), max_input=_f(tf, 1.0),
                min_filter=_f(tf, 0.0), max_filter=_f(tf, 1.0), strides=[1, 1, 1, 1],
                padding="SAME")
    for name, kw in (("strides_unequal", dict(strides=[1, 1, 2, 1])),
                     ("strides_batch", dict(strides=[2, 1, 1, 2])),
                     ("strides_3", dict(strides=[1, 1, 1])),
                     ("dilations", dict(dilations=[1, 2, 2, 1])),
                     ("depth", dict(filter=_q(tf, filters["quint8"][:, :, :2], "quint8"))),
                     ("rank3", dict(input=_q(tf, U8[0], "quint8"))),
                     ("no_kernel", dict(filter=_q(tf, I8[:, :, :3, :2], "qint8"),
                                        input=_q(tf, I8, "qint8"))),
                     ("padding", dict(padding="EXPLICIT"))):
        args = dict(base)
        args.update(kw)
        _call(out, f"conv/{name}", lambda: _tuple(R.QuantizedConv2D(**args)))


def _pool(tf, out):
    R = tf.raw_ops
    for t, data in (("quint8", U8), ("qint8", I8)):
        x = _q(tf, data, t)
        for op in ("QuantizedMaxPool", "QuantizedAvgPool"):
            for k, s, padding in (((1, 2, 2, 1), (1, 1, 1, 1), "VALID"),
                                  ((1, 2, 3, 1), (1, 2, 1, 1), "SAME"),
                                  ((1, 3, 3, 1), (1, 2, 2, 1), "SAME"),
                                  ((1, 1, 4, 1), (1, 1, 3, 1), "VALID")):
                _call(out, f"{op}/{t}/{k}/{s}/{padding}", lambda: _tuple(getattr(R, op)(
                    input=x, min_input=_f(tf, -1.0), max_input=_f(tf, 2.0), ksize=k,
                    strides=s, padding=padding)))
    x = _q(tf, U8, "quint8")
    for op in ("QuantizedMaxPool", "QuantizedAvgPool"):
        base = dict(input=x, min_input=_f(tf, -1.0), max_input=_f(tf, 2.0),
                    ksize=[1, 2, 2, 1], strides=[1, 1, 1, 1], padding="VALID")
        for name, kw in (("batch", dict(ksize=[2, 2, 2, 1])),
                         ("depth", dict(ksize=[1, 1, 1, 2], strides=[1, 1, 1, 2])),
                         ("rank3", dict(input=_q(tf, U8[0], "quint8"))),
                         ("rank5", dict(input=_q(tf, U8[None], "quint8"))),
                         ("too_big", dict(ksize=[1, 5, 1, 1])),
                         ("no_kernel", dict(input=_q(tf, I32[None, :, :, None], "qint32")))):
            args = dict(base)
            args.update(kw)
            _call(out, f"{op}/{name}", lambda: _tuple(getattr(R, op)(**args)))


def _v1_nn(tf, out):
    nn = tf.compat.v1.nn
    x = _q(tf, U8, "quint8")
    _call(out, "v1/quantized_max_pool", lambda: _tuple(nn.quantized_max_pool(
        x, _f(tf, -1.0), _f(tf, 2.0), ksize=[1, 2, 2, 1], strides=[1, 1, 1, 1],
        padding="SAME")))
    _call(out, "v1/quantized_avg_pool", lambda: _tuple(nn.quantized_avg_pool(
        x, _f(tf, -1.0), _f(tf, 2.0), ksize=[1, 2, 2, 1], strides=[1, 1, 1, 1],
        padding="SAME")))
    _call(out, "v1/quantized_conv2d", lambda: _tuple(nn.quantized_conv2d(
        x, _q(tf, U8[1, :2, :3, :2].reshape(2, 1, 3, 2), "quint8"), _f(tf, -1.0), _f(tf, 2.0),
        _f(tf, 0.0), _f(tf, 1.0), strides=[1, 1, 1, 1], padding="SAME")))
    _call(out, "v1/quantized_relu_x", lambda: _tuple(nn.quantized_relu_x(
        x, _f(tf, 0.5), _f(tf, -1.0), _f(tf, 2.0))))



def _resize(tf, out):
    R = tf.raw_ops
    imgs = {"quint8": U8, "qint32": I32_SMALL.reshape(1, 3, 5, 1) * 1000 + 12345,
            "float": U8.astype(np.float32) / 7.0}
    for t, data in imgs.items():
        x = tf.constant(data, tf.float32) if t == "float" else _q(tf, data, t)
        for size in ([5, 7], [2, 3], [1, 1], [3, 4], [6, 2]):
            for align, half in ((False, False), (True, False), (False, True), (True, True)):
                _call(out, f"resize/{t}/{size}/{align}/{half}", lambda: _tuple(
                    R.QuantizedResizeBilinear(images=x, size=size, min=_f(tf, -1.0),
                                              max=_f(tf, 2.0), align_corners=align,
                                              half_pixel_centers=half)))
    x = _q(tf, U8, "quint8")
    for name, kw in (("rank3", dict(images=_q(tf, U8[0], "quint8"))),
                     ("size3", dict(size=[1, 2, 3])), ("size0", dict(size=[0, 2])),
                     ("vector_min", dict(min=_f(tf, [0.0]))),
                     ("no_kernel", dict(images=_q(tf, I8, "qint8")))):
        args = dict(images=x, size=[4, 4], min=_f(tf, -1.0), max=_f(tf, 2.0))
        args.update(kw)
        _call(out, f"resize/{name}", lambda: _tuple(R.QuantizedResizeBilinear(**args)))


def _batch_norm(tf, out):
    R = tf.raw_ops
    x = _q(tf, U8, "quint8")
    stats = RNG.randint(0, 256, (4, 3)).astype(np.uint8)
    for i, ranges in enumerate((((-1.0, 2.0), (-1.0, 1.0), (0.0, 3.0), (-2.0, 2.0),
                                 (0.0, 1.5)),
                                ((0.0, 6.0), (0.0, 6.0), (0.0, 0.5), (-0.37, 2.9),
                                 (-3.0, 3.0)))):
        for scale in (True, False):
            for eps in (0.001, 0.5):
                args = {}
                for (k, lo, hi), (a, b) in zip((("t", "t_min", "t_max"), ("m", "m_min", "m_max"),
                                                ("v", "v_min", "v_max"),
                                                ("beta", "beta_min", "beta_max"),
                                                ("gamma", "gamma_min", "gamma_max")), ranges):
                    args[lo], args[hi] = _f(tf, a), _f(tf, b)
                args.update(t=x, m=_q(tf, stats[0], "quint8"), v=_q(tf, stats[1], "quint8"),
                            beta=_q(tf, stats[2], "quint8"), gamma=_q(tf, stats[3], "quint8"))
                _call(out, f"batch_norm/{i}/{scale}/{eps}", lambda: _tuple(
                    R.QuantizedBatchNormWithGlobalNormalization(
                        **args, out_type=tf.qint32, variance_epsilon=eps,
                        scale_after_normalization=scale)))
    base = dict(t=x, m=_q(tf, stats[0], "quint8"), v=_q(tf, stats[1], "quint8"),
                beta=_q(tf, stats[2], "quint8"), gamma=_q(tf, stats[3], "quint8"),
                out_type=tf.qint32, variance_epsilon=0.001, scale_after_normalization=True)
    for k in ("t", "m", "v", "beta", "gamma"):
        base[f"{k}_min"], base[f"{k}_max"] = _f(tf, 0.0), _f(tf, 1.0)
    for name, kw in (("rank3", dict(t=_q(tf, U8[0], "quint8"))),
                     ("mean_rank2", dict(m=_q(tf, stats[:2], "quint8"))),
                     ("mean_size", dict(m=_q(tf, stats[0, :2], "quint8"))),
                     ("var_size", dict(v=_q(tf, stats[0, :2], "quint8"))),
                     ("no_kernel", dict(out_type=tf.quint8))):
        args = dict(base)
        args.update(kw)
        _call(out, f"batch_norm/{name}", lambda: _tuple(
            R.QuantizedBatchNormWithGlobalNormalization(**args)))



def _instance_norm(tf, out):
    R = tf.raw_ops
    big = RNG.randint(0, 256, (1, 9, 7, 16)).astype(np.uint8)
    for name, data in (("small", U8), ("big", big), ("flat", np.full((1, 2, 2, 2), 7, np.uint8))):
        x = _q(tf, data, "quint8")
        for lo, hi in RANGES[:3]:
            for kw in ({}, dict(variance_epsilon=0.25, min_separation=5.0),
                       dict(output_range_given=True, given_y_min=-1.5, given_y_max=2.25)):
                _call(out, f"instance_norm/{name}/{lo}/{hi}/{sorted(kw.items())}",
                      lambda: _tuple(R.QuantizedInstanceNorm(x=x, x_min=_f(tf, lo),
                                                             x_max=_f(tf, hi), **kw)))
    x = _q(tf, U8, "quint8")
    for name, kw in (("bad_range", dict(x_min=_f(tf, 1.0), x_max=_f(tf, 1.0))),
                     ("vector_min", dict(x_min=_f(tf, [0.0]))),
                     ("given", dict(output_range_given=True, given_y_min=2.0,
                                    given_y_max=1.0)),
                     ("empty", dict(x=_q(tf, U8[:0], "quint8"))),
                     ("no_kernel", dict(x=_q(tf, I8, "qint8")))):
        args = dict(x=x, x_min=_f(tf, -1.0), x_max=_f(tf, 2.0))
        args.update(kw)
        _call(out, f"instance_norm/{name}", lambda: _tuple(R.QuantizedInstanceNorm(**args)))



def _per_channel(tf, out):
    R = tf.raw_ops
    data = {"mixed": RNG.randint(-2**31, 2**31 - 1, (2, 3, 2, 3), dtype=np.int64),
            "positive": RNG.randint(0, 2**20, (1, 2, 5, 3)),
            "extreme": np.array([-2**31, 2**31 - 1, 0, 5, -7, 2**30] * 2).reshape(1, 2, 2, 3)}
    los, his = (-1.0, -2.5, 0.5), (1.0, 3.0, 40.0)
    for name, a in data.items():
        x = _q(tf, a.astype(np.int32), "qint32")
        for clip in (6.0, 0.25, 1e9):
            _call(out, f"range_pc/{name}/{clip}", lambda: _tuple(
                R.RequantizationRangePerChannel(input=x, input_min=_f(tf, los),
                                                input_max=_f(tf, his), clip_value_max=clip)))
        for t in ("quint8", "qint8"):
            for olo, ohi in ((-6.0, 6.0), (-0.5, 2.0), (-30.0, 1.0)):
                _call(out, f"requantize_pc/{name}/{t}/{olo}/{ohi}", lambda: _tuple(
                    R.RequantizePerChannel(input=x, input_min=_f(tf, los),
                                           input_max=_f(tf, his),
                                           requested_output_min=_f(tf, olo),
                                           requested_output_max=_f(tf, ohi),
                                           out_type=getattr(tf, t))))
    x = _q(tf, data["positive"].astype(np.int32), "qint32")
    base = dict(input=x, input_min=_f(tf, los), input_max=_f(tf, his))
    for name, kw in (("short_min", dict(input_min=_f(tf, los[:2]))),
                     ("short_max", dict(input_max=_f(tf, his[:2]))),
                     ("rank3", dict(input=_q(tf, data["positive"][0].astype(np.int32),
                                             "qint32"))),
                     ("empty", dict(input=_q(tf, np.zeros((0, 1, 1, 3), np.int32), "qint32"))),
                     ("channels", dict(input=_q(tf, data["positive"][..., :2].astype(
                         np.int32), "qint32"))),
                     ("no_kernel", dict(input=_q(tf, U8, "quint8")))):
        args = dict(base)
        args.update(kw)
        _call(out, f"range_pc/{name}", lambda: _tuple(R.RequantizationRangePerChannel(
            **args, clip_value_max=6.0)))
        if name == "empty":  # (TF's oneDNN reorder dies of SIGFPE on an empty tensor)
            continue
        _call(out, f"requantize_pc/{name}", lambda: _tuple(R.RequantizePerChannel(
            **args, requested_output_min=_f(tf, -1.0), requested_output_max=_f(tf, 1.0),
            out_type=tf.quint8)))
    _call(out, "requantize_pc/qint8_min", lambda: _tuple(R.RequantizePerChannel(
        **base, requested_output_min=_f(tf, 0.0), requested_output_max=_f(tf, 1.0),
        out_type=tf.qint8)))
    _call(out, "requantize_pc/vector_min", lambda: _tuple(R.RequantizePerChannel(
        **base, requested_output_min=_f(tf, [-1.0, 0.0]), requested_output_max=_f(tf, 1.0),
        out_type=tf.quint8)))



def _uniform_dot(tf, out):
    R = tf.raw_ops
    lhs = RNG.randint(-128, 128, (3, 5)).astype(np.int8)
    rhs = RNG.randint(-128, 128, (5, 4)).astype(np.int8)
    floats = (RNG.standard_normal((3, 5)) * 3).astype(np.float32)
    floats[1] = np.abs(floats[1])
    i32 = lambda v: tf.constant(v, tf.int32)  # noqa: E731
    per_tensor = (_f(tf, 0.02), i32(3), _f(tf, 0.5), i32(-2))
    per_channel = (_f(tf, [0.5, 0.01, 2.0, 1e-4]), i32([0, 1, -5, 7]))
    attrs = dict(lhs_quantization_min_val=-128, lhs_quantization_max_val=127,
                 rhs_quantization_min_val=-128, rhs_quantization_max_val=127)
    for oname, (os_, oz, omin, omax) in {
            "wide": (_f(tf, 0.7), i32(5), -2**31, 2**31 - 1),
            "narrow": (_f(tf, 0.07), i32(-9), -1000, 1000),
            "tiny": (_f(tf, 3e-6), i32(0), -2**31, 2**31 - 1)}.items():
        _call(out, f"udot/tensor/{oname}", lambda: R.UniformQuantizedDot(
            lhs=_q(tf, lhs, "qint8"), rhs=_q(tf, rhs, "qint8"), lhs_scales=per_tensor[0],
            lhs_zero_points=per_tensor[1], rhs_scales=per_tensor[2],
            rhs_zero_points=per_tensor[3], output_scales=os_, output_zero_points=oz,
            Tout=tf.qint32, output_quantization_min_val=omin,
            output_quantization_max_val=omax, **attrs))
        _call(out, f"udot/channel/{oname}", lambda: R.UniformQuantizedDot(
            lhs=_q(tf, lhs, "qint8"), rhs=_q(tf, rhs, "qint8"), lhs_scales=per_tensor[0],
            lhs_zero_points=per_tensor[1], rhs_scales=per_channel[0],
            rhs_zero_points=per_channel[1], output_scales=os_, output_zero_points=oz,
            Tout=tf.qint32, rhs_quantization_axis=1, output_quantization_min_val=omin,
            output_quantization_max_val=omax, **attrs))
    _call(out, "udot/channel/channel", lambda: R.UniformQuantizedDot(
        lhs=_q(tf, lhs, "qint8"), rhs=_q(tf, rhs, "qint8"), lhs_scales=per_tensor[0],
        lhs_zero_points=per_tensor[1], rhs_scales=per_channel[0],
        rhs_zero_points=per_channel[1], output_scales=_f(tf, [0.1, 0.2, 0.3, 0.4]),
        output_zero_points=i32([1, 2, 3, 4]), Tout=tf.qint32, rhs_quantization_axis=1,
        output_quantization_axis=1, output_quantization_min_val=-2**31,
        output_quantization_max_val=2**31 - 1, **attrs))
    base = dict(lhs=_q(tf, lhs, "qint8"), rhs=_q(tf, rhs, "qint8"), lhs_scales=_f(tf, 0.02),
                lhs_zero_points=i32(3), rhs_scales=_f(tf, 0.5), rhs_zero_points=i32(-2),
                output_scales=_f(tf, 0.7), output_zero_points=i32(5), Tout=tf.qint32,
                output_quantization_min_val=-2**31, output_quantization_max_val=2**31 - 1,
                **attrs)
    for name, kw in (("bad_scale", dict(rhs_scales=_f(tf, -0.5))),
                     ("shapes", dict(rhs=_q(tf, rhs[:4], "qint8"))),
                     ("rank", dict(lhs=_q(tf, lhs[0], "qint8"))),
                     ("lhs_axis", dict(lhs_quantization_axis=0)),
                     ("rhs_axis", dict(rhs_quantization_axis=0)),
                     ("out_per_channel", dict(output_scales=_f(tf, [1.0] * 4),
                                              output_zero_points=i32([0] * 4))),
                     ("no_kernel", dict(lhs=_q(tf, lhs.astype(np.int32), "qint32"),
                                        rhs=_q(tf, rhs.astype(np.int32), "qint32")))):
        args = dict(base)
        args.update(kw)
        _call(out, f"udot/{name}", lambda: R.UniformQuantizedDot(**args))
    for name, (rs, rz, axis) in (("tensor", per_tensor[2:] + (-1,)),
                                 ("channel", per_channel + (1,))):
        _call(out, f"udot_hybrid/{name}", lambda: R.UniformQuantizedDotHybrid(
            lhs=tf.constant(floats), rhs=_q(tf, rhs, "qint8"), rhs_scales=rs,
            rhs_zero_points=rz, Tout=tf.float32, rhs_quantization_axis=axis,
            rhs_quantization_min_val=-128, rhs_quantization_max_val=127))
    _call(out, "udot_hybrid/zeros", lambda: R.UniformQuantizedDotHybrid(
        lhs=tf.constant(np.zeros((2, 5), np.float32)), rhs=_q(tf, rhs, "qint8"),
        rhs_scales=_f(tf, 0.5), rhs_zero_points=i32(1), Tout=tf.float32,
        rhs_quantization_min_val=-128, rhs_quantization_max_val=127))
    _call(out, "udot_hybrid/bad_scale", lambda: R.UniformQuantizedDotHybrid(
        lhs=tf.constant(floats), rhs=_q(tf, rhs, "qint8"), rhs_scales=_f(tf, 0.0),
        rhs_zero_points=i32(1), Tout=tf.float32, rhs_quantization_min_val=-128,
        rhs_quantization_max_val=127))
    # rows whose zero point is an exact .5 tie only with the unrounded double scale: TF
    # takes it from the float32 scale (a row over [-4, 4]: 127 - 4 / scale is -0.4999925,
    # zero point 0, where the double's -0.5 would round to -1)
    ties = np.array([[-4.0, 4.0, 1.0], [-3.0, -1.0, 0.0], [-1.25, 0.75, 1.5],
                     [-2.0, 0.75, 2.0]], np.float32)
    tie_rhs = (np.arange(12).reshape(3, 4) * 37 % 255 - 127).astype(np.int8)
    for name, (rs, rz, axis) in (("tensor", (_f(tf, 0.5), i32(0), -1)),
                                 ("channel", per_channel + (1,))):
        _call(out, f"udot_hybrid/ties/{name}", lambda: R.UniformQuantizedDotHybrid(
            lhs=tf.constant(ties), rhs=_q(tf, tie_rhs, "qint8"), rhs_scales=rs,
            rhs_zero_points=rz, Tout=tf.float32, rhs_quantization_axis=axis,
            rhs_quantization_min_val=-128, rhs_quantization_max_val=127))



# The TF graph test_quantized_ops.py imports (recorded as a GraphDef with its outputs):
# floats quantized, multiplied, convolved, added, pooled, requantized and dequantized.
GRAPH_FETCHES = ("mm:0", "mm:1", "mm:2", "deq:0", "conv:0", "relu:0", "pool:0", "add:0",
                 "add:1", "rr:0", "rr:1", "bn:0", "resize:0")


def build_graph(tf):
    """The graph's nodes, built with `tf` (TF's) in its default graph."""
    R = tf.raw_ops
    a = tf.constant((RNG_GRAPH.standard_normal((4, 6)) * 2).astype(np.float32))
    b = tf.constant(RNG_GRAPH.uniform(-1, 3, (6, 5)).astype(np.float32))
    qa = R.QuantizeV2(input=a, min_range=-4.0, max_range=4.0, T=tf.quint8, name="qa")
    qb = R.QuantizeV2(input=b, min_range=-1.0, max_range=3.0, T=tf.quint8, name="qb")
    mm = R.QuantizedMatMul(a=qa[0], b=qb[0], min_a=qa[1], max_a=qa[2], min_b=qb[1],
                           max_b=qb[2], name="mm")
    rr = R.RequantizationRange(input=mm[0], input_min=mm[1], input_max=mm[2], name="rr")
    rq = R.Requantize(input=mm[0], input_min=mm[1], input_max=mm[2], requested_output_min=rr[0],
                      requested_output_max=rr[1], out_type=tf.quint8, name="rq")
    R.Dequantize(input=rq[0], min_range=rq[1], max_range=rq[2], name="deq")
    img = tf.reshape(qa[0], [1, 4, 6, 1])
    w = tf.reshape(qb[0][:2, :2], [2, 2, 1, 1])
    conv = R.QuantizedConv2D(input=img, filter=w, min_input=qa[1], max_input=qa[2],
                             min_filter=qb[1], max_filter=qb[2], strides=[1, 1, 1, 1],
                             padding="SAME", name="conv")
    down = R.QuantizeDownAndShrinkRange(input=conv[0], input_min=conv[1], input_max=conv[2],
                                        out_type=tf.quint8, name="down")
    relu = R.QuantizedRelu6(features=down[0], min_features=down[1], max_features=down[2],
                            name="relu")
    R.QuantizedAvgPool(input=relu[0], min_input=relu[1], max_input=relu[2],
                       ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID", name="pool")
    R.QuantizedAdd(x=qa[0], y=qb[0][0, :4][:, None], min_x=qa[1], max_x=qa[2], min_y=qb[1],
                   max_y=qb[2], name="add")
    ch = tf.reshape(qb[0][0, :4], [4])
    R.QuantizedBatchNormWithGlobalNormalization(
        t=tf.reshape(qa[0][:, :4], [1, 2, 2, 4]), t_min=qa[1], t_max=qa[2], m=ch, m_min=qb[1],
        m_max=qb[2], v=ch, v_min=0.0, v_max=2.0, beta=ch, beta_min=qb[1], beta_max=qb[2],
        gamma=ch, gamma_min=0.0, gamma_max=1.0, out_type=tf.qint32, variance_epsilon=0.01,
        scale_after_normalization=True, name="bn")
    R.QuantizedResizeBilinear(images=img, size=[5, 9], min=qa[1], max=qa[2], name="resize")


RNG_GRAPH = np.random.RandomState(5)


def _dims(tf, **kw):
    """A UniformQuantizedConvolutionDimensionNumbersAttr's serialized text."""
    def varint(n):
        out = b""
        while True:
            low, n = n & 0x7F, n >> 7
            out += bytes([low | (0x80 if n else 0)])
            if not n:
                return out
    out = b""
    for number, name in enumerate(("input_batch_dimension", "input_feature_dimension",
                                   "input_spatial_dimensions",
                                   "kernel_input_feature_dimension",
                                   "kernel_output_feature_dimension",
                                   "kernel_spatial_dimensions", "output_batch_dimension",
                                   "output_feature_dimension",
                                   "output_spatial_dimensions"), 1):
        v = kw.get(name, 0)
        if isinstance(v, list):
            body = b"".join(varint(x) for x in v)
            out += varint(number << 3 | 2) + varint(len(body)) + body
        elif v:
            out += varint(number << 3) + varint(v)
    return out


# NHWC input, HWIO kernel
NHWC = dict(input_batch_dimension=0, input_feature_dimension=3,
            input_spatial_dimensions=[1, 2],
            kernel_input_feature_dimension=2, kernel_output_feature_dimension=3,
            kernel_spatial_dimensions=[0, 1], output_batch_dimension=0,
            output_feature_dimension=3, output_spatial_dimensions=[1, 2])


def _uniform_conv(tf, out):
    R = tf.raw_ops
    i32 = lambda v: tf.constant(v, tf.int32)  # noqa: E731
    lhs = RNG.randint(-128, 128, (2, 4, 5, 6)).astype(np.int8)      # NCHW
    rhs = RNG.randint(-128, 128, (4, 2, 2, 3)).astype(np.int8)      # OIHW, 2 feature groups
    floats = (RNG.standard_normal((2, 4, 5, 6)) * 2).astype(np.float32)
    q = dict(lhs_quantization_min_val=-128, lhs_quantization_max_val=127,
             rhs_quantization_min_val=-128, rhs_quantization_max_val=127,
             output_quantization_min_val=-2**31, output_quantization_max_val=2**31 - 1)
    hq = dict(rhs_quantization_min_val=-128, rhs_quantization_max_val=127)
    configs = {
        "valid": dict(padding="VALID", feature_group_count=2),
        "same_strided": dict(padding="SAME", window_strides=[2, 1], feature_group_count=2),
        "explicit_dilated": dict(padding="EXPLICIT", explicit_padding=[1, 2, 0, 3],
                                 lhs_dilation=[2, 1], rhs_dilation=[1, 2],
                                 feature_group_count=2),
    }
    for name, cfg in configs.items():
        _call(out, f"uconv/{name}", lambda: R.UniformQuantizedConvolution(
            lhs=_q(tf, lhs, "qint8"), rhs=_q(tf, rhs, "qint8"), lhs_scales=_f(tf, 0.02),
            lhs_zero_points=i32(3), rhs_scales=_f(tf, 0.5), rhs_zero_points=i32(-2),
            output_scales=_f(tf, 0.7), output_zero_points=i32(5), Tout=tf.qint32, **cfg, **q))
        _call(out, f"uconv/{name}/channel", lambda: R.UniformQuantizedConvolution(
            lhs=_q(tf, lhs, "qint8"), rhs=_q(tf, rhs, "qint8"), lhs_scales=_f(tf, 0.02),
            lhs_zero_points=i32(3), rhs_scales=_f(tf, [0.5, 0.01, 2.0, 1e-3]),
            rhs_zero_points=i32([0, 1, -5, 7]), output_scales=_f(tf, [0.1, 0.2, 0.3, 0.4]),
            output_zero_points=i32([1, 2, 3, 4]), Tout=tf.qint32, rhs_quantization_axis=0,
            output_quantization_axis=1, **cfg, **q))
        _call(out, f"uconv_hybrid/{name}", lambda: R.UniformQuantizedConvolutionHybrid(
            lhs=tf.constant(floats), rhs=_q(tf, rhs, "qint8"), rhs_scales=_f(tf, 0.5),
            rhs_zero_points=i32(-2), Tout=tf.float32, **cfg, **hq))
        _call(out, f"uconv_hybrid/{name}/channel", lambda: R.UniformQuantizedConvolutionHybrid(
            lhs=tf.constant(floats), rhs=_q(tf, rhs, "qint8"),
            rhs_scales=_f(tf, [0.5, 0.01, 2.0, 1e-3]), rhs_zero_points=i32([0, 1, -5, 7]),
            Tout=tf.float32, rhs_quantization_axis=0, **cfg, **hq))
    nhwc, hwio = np.transpose(lhs, (0, 2, 3, 1)), np.transpose(rhs[:, :2], (2, 3, 1, 0))
    _call(out, "uconv/nhwc_batch_groups", lambda: R.UniformQuantizedConvolution(
        lhs=_q(tf, nhwc[..., :2], "qint8"), rhs=_q(tf, hwio, "qint8"), lhs_scales=_f(tf, 0.02),
        lhs_zero_points=i32(3), rhs_scales=_f(tf, [0.5, 0.01, 2.0, 1e-3]),
        rhs_zero_points=i32([0, 1, -5, 7]), output_scales=_f(tf, 0.3),
        output_zero_points=i32(1), Tout=tf.qint32, rhs_quantization_axis=3,
        padding="SAME", batch_group_count=2, dimension_numbers=_dims(tf, **NHWC), **q))
    _call(out, "uconv_hybrid/nhwc", lambda: R.UniformQuantizedConvolutionHybrid(
        lhs=tf.constant(np.transpose(floats, (0, 2, 3, 1))[..., :2]), rhs=_q(tf, hwio, "qint8"),
        rhs_scales=_f(tf, 0.5), rhs_zero_points=i32(-2), Tout=tf.float32, padding="SAME",
        dimension_numbers=_dims(tf, **NHWC), **hq))
    # integer-valued images: zero points at exact ties, from TF's float32 scale
    tie_img = (np.arange(2 * 2 * 3 * 3).reshape(2, 2, 3, 3) % 9 - 4).astype(np.float32)
    tie_img[1] = -np.abs(tie_img[1]) + 1.0
    tie_k = (np.arange(3 * 2 * 2 * 2).reshape(3, 2, 2, 2) * 29 % 255 - 127).astype(np.int8)
    _call(out, "uconv_hybrid/ties", lambda: R.UniformQuantizedConvolutionHybrid(
        lhs=tf.constant(tie_img), rhs=_q(tf, tie_k, "qint8"), rhs_scales=_f(tf, 0.5),
        rhs_zero_points=i32(1), Tout=tf.float32, padding="VALID", **hq))
    base = dict(lhs=_q(tf, lhs, "qint8"), rhs=_q(tf, rhs, "qint8"), lhs_scales=_f(tf, 0.02),
                lhs_zero_points=i32(3), rhs_scales=_f(tf, 0.5), rhs_zero_points=i32(-2),
                output_scales=_f(tf, 0.7), output_zero_points=i32(5), Tout=tf.qint32,
                padding="VALID", feature_group_count=2, **q)
    for name, kw in (("groups", dict(feature_group_count=3)),
                     ("no_groups", dict(feature_group_count=1)),
                     ("batch_groups", dict(batch_group_count=3)),
                     ("strides", dict(window_strides=[1])),
                     ("strides0", dict(window_strides=[0, 1])),
                     ("explicit", dict(padding="EXPLICIT", explicit_padding=[1, 1])),
                     ("explicit_valid", dict(explicit_padding=[1, 1, 1, 1])),
                     ("padding", dict(padding="FULL")),
                     ("rank", dict(lhs=_q(tf, lhs[0], "qint8"))),
                     ("dims", dict(dimension_numbers=_dims(tf, **{**NHWC,
                                                                  "input_batch_dimension": 7}))),
                     ("dims_bad", dict(dimension_numbers=b"\xff")),
                     ("rhs_axis", dict(rhs_quantization_axis=1,
                                       rhs_scales=_f(tf, [1.0] * 3),
                                       rhs_zero_points=i32([0] * 3))),
                     ("out_axis", dict(output_quantization_axis=2)),
                     ("bad_scale", dict(output_scales=_f(tf, 0.0)))):
        args = dict(base)
        args.update(kw)
        _call(out, f"uconv/{name}", lambda: R.UniformQuantizedConvolution(**args))


def cases(tf):
    out = {}
    _requantize(tf, out)
    _relu(tf, out)
    _reshape(tf, out)
    _binary(tf, out)
    _bias_add(tf, out)
    _matmul(tf, out)
    _conv(tf, out)
    _pool(tf, out)
    _v1_nn(tf, out)
    _resize(tf, out)
    _batch_norm(tf, out)
    _instance_norm(tf, out)
    _per_channel(tf, out)
    _uniform_dot(tf, out)
    _uniform_conv(tf, out)
    return out
