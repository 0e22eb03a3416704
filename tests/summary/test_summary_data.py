"""Histogram, image and audio summaries inside tf.function: their data is computed by TF's
ops in the traced graph (test_graph_ops.py's "summary_*" cases hold TF's graphs), and the
events written equal the eager ones (test_summary_data_tf.py: equal TF's too)."""

import glob

import numpy as np
import pytest

import eagerflow as tf
from tests.summary.test_summary_saved_model_tf import _values

# (kind, (values, dtype), keyword arguments): run by TF's interpreter too (NaN and
# infinities: TF's buckets of them, which no value is counted in when its index is NaN)
DATA_CASES = r'''
CASES = [
    ("histogram", ([0.1, 0.5, -0.2, 0.9, 0.5], "float32"), {}),
    ("histogram", ([[1, 2, 3], [7, 7, 2]], "int32"), {"buckets": 4}),
    ("histogram", ([2.5, 2.5, 2.5], "float64"), {"buckets": 3}),
    ("histogram", ([], "float32"), {"buckets": 2}),
    ("histogram", ([1.0, 2.0], "float32"), {"buckets": 0}),
    ("histogram", ([1.0, 2.0, 3.0], "float32"), {"buckets": 1}),
    ("histogram", ([-1e300, 1e300, 0.0], "float64"), {"buckets": 3}),
    ("histogram", ([True, False, True], "bool"), {}),
    ("histogram", ([1.0, np.nan, 3.0], "float32"), {"buckets": 3}),
    ("histogram", ([1.0, np.inf, 3.0], "float32"), {"buckets": 3}),
    ("histogram", ([-np.inf, 0.0, 0.5], "float64"), {"buckets": 3}),
    ("histogram", ([np.inf, np.inf], "float32"), {"buckets": 2}),
    ("image", ([[[[0.0], [0.25]], [[0.5], [1.0]]]], "float32"), {}),
    ("image", ([[[[0, 9, 200], [255, 1, 2]]], [[[3, 4, 5], [6, 7, 8]]]], "uint8"),
     {"max_outputs": 1}),
    ("image", ([[[[0.2, 0.4], [0.6, 0.8]]]] * 4, "float64"), {}),
    ("image", ([[[[np.nan], [-0.5]], [[2.0], [np.inf]]]], "float32"), {}),
    ("image", ([[[[0, 70000], [-5, 255]]]], "int32"), {}),
    ("audio", ([[[0.1], [-0.5], [1.0], [0.25]]], "float32"), {}),
    ("audio", ([[[0.1, 0.2], [-0.3, 0.4]]] * 2, "float32"), {"max_outputs": 1}),
]
'''
_env: dict = {"np": np}
exec(DATA_CASES, _env)  # noqa: S102 - the cases above
CASES = _env["CASES"]


def _write(i, kind, data, kw, x):
    if kind == "histogram":
        tf.summary.histogram(f"c{i}", x, **kw)
    elif kind == "image":
        tf.summary.image(f"c{i}", x, **kw)
    else:
        tf.summary.audio(f"c{i}", x, 8000, **kw)


def written(logdir, traced):
    """Each case's written tensor (serialized) by tag, its summary called eagerly or inside
    a tf.function taking the data as its argument."""
    w = tf.summary.create_file_writer(logdir)
    for i, (kind, data, kw) in enumerate(CASES):
        x = tf.constant(np.array(data[0], data[1]))

        def one(x, i=i, kind=kind, data=data, kw=kw):
            with w.as_default(step=0):
                _write(i, kind, data, kw, x)

        (tf.function(one) if traced else one)(x)
    w.flush()
    (path,) = glob.glob(f"{logdir}/events.out.tfevents.*")
    return {t: tensor for _, vs in _values(path) for t, _, tensor in vs}


def _tensor(serialized):
    from eagerflow._src.summary import protos

    return tf.make_ndarray(protos.get().TensorProto.FromString(serialized))


def test_traced_summaries_write_the_eager_values(tmp_path):
    eager = written(str(tmp_path / "eager"), traced=False)
    traced = written(str(tmp_path / "traced"), traced=True)
    assert set(eager) == {f"c{i}" for i in range(len(CASES))}
    for tag in eager:
        if traced[tag] != eager[tag]:  # (a NaN's payload may differ: a GPU kernel's NaN)
            want, got = _tensor(eager[tag]), _tensor(traced[tag])
            assert got.dtype == want.dtype and np.isnan(want).any(), tag
            np.testing.assert_array_equal(got, want, err_msg=tag)


@pytest.mark.parametrize("kind", ["histogram", "image", "audio"])
def test_the_traced_data_is_tfs_ops(kind, tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    spec = {"histogram": [None], "image": [None, 2, 2, 1], "audio": [None, 4, 1]}[kind]

    @tf.function(input_signature=[tf.TensorSpec(spec, tf.float32)])
    def f(x):
        with w.as_default(step=1):
            _write(0, kind, None, {}, x)

    types = {o.type for o in f.get_concrete_function().graph.get_operations()}
    assert {"histogram": "StatelessIf", "image": "EncodePng",
            "audio": "StatelessWhile"}[kind] in types
    assert "WriteSummary" in types


@pytest.mark.parametrize("kind,shape", [("image", (0, 2, 3, 3)), ("audio", (0, 4, 1)),
                                        ("histogram", (0, 3))])
def test_an_empty_batch_writes_the_eager_values(kind, shape, tmp_path):
    x = tf.zeros(shape)
    out = {}
    for mode in ("eager", "traced"):
        w = tf.summary.create_file_writer(str(tmp_path / mode))

        def one(x):
            with w.as_default(step=0):
                _write(0, kind, None, {}, x)

        (tf.function(one) if mode == "traced" else one)(x)
        w.flush()
        (path,) = glob.glob(str(tmp_path / mode / "events.out.tfevents.*"))
        out[mode] = _values(path)
    assert out["traced"] == out["eager"] and len(out["eager"]) == 1


def test_eager_histogram_buckets_follow_the_devices_cast():
    # TF's histogram ops cast floor((x - min) / width) to int32 and one_hot it: a NaN index
    # is x86's -2**31 on a CPU (counted nowhere), CUDA's 0 on a GPU (the first bucket); an
    # infinite one saturates there (+inf: the last bucket after the minimum with it)
    from eagerflow._src.summary.encoders import histogram_buckets

    x = np.array([np.nan, 0.0, 1.0, 2.0, np.nan])
    assert histogram_buckets(x, 2)[:, 2].tolist() == [0.0, 0.0]  # (the range is NaN)
    assert histogram_buckets(x, 2, on_gpu=True)[:, 2].tolist() == [5.0, 0.0]
    y = np.array([0.0, 1.0, np.inf])  # (width inf: 0, 0, and NaN for inf - 0 over inf)
    assert histogram_buckets(y, 2)[:, 2].tolist() == [2.0, 0.0]
    assert histogram_buckets(y, 2, on_gpu=True)[:, 2].tolist() == [3.0, 0.0]
