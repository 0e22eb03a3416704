"""tf.test.Benchmark, tf.test.benchmark_config and tf.test.assert_equal_graph_def against
what TF 2.21 printed, wrote and raised (make_benchmark_golden.py), and TF reading the
entries eagerflow writes."""

import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.testing.benchmark import GLOBAL_BENCHMARK_REGISTRY, benchmark_entries_class
from tests.testing.benchmark_cases import GRAPH_PAIRS, REPORT_ERRORS, REPORTS, graph_def
from tests.tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON

GOLDEN = json.loads((Path(__file__).with_name("benchmark_golden.json")).read_text())


class Recorded(tf.test.Benchmark):
    def benchmark_report(self, kwargs):
        self.report_benchmark(**kwargs)


@pytest.fixture
def no_report_prefix(monkeypatch):
    monkeypatch.delenv("TEST_REPORT_FILE_PREFIX", raising=False)


@pytest.mark.parametrize("case", sorted(REPORTS))
def test_report_prints_tf_entries(case, capsys, no_report_prefix):
    Recorded().benchmark_report(REPORTS[case])
    assert capsys.readouterr().out == GOLDEN["reports"][case]


@pytest.mark.parametrize("case", sorted(REPORT_ERRORS))
def test_report_errors(case, no_report_prefix):
    cls, message = GOLDEN["report_errors"][case]
    with pytest.raises({"TypeError": TypeError}[cls]) as e:
        Recorded().benchmark_report(REPORT_ERRORS[case])
    assert str(e.value) == message


def test_report_file_named_as_tf_and_never_overwritten(tmp_path, monkeypatch):
    monkeypatch.setenv("TEST_REPORT_FILE_PREFIX", str(tmp_path / "bench_"))
    Recorded().benchmark_report(REPORTS["renamed"])
    assert sorted(os.listdir(tmp_path)) == GOLDEN["files"]["renamed"]
    cls, message = GOLDEN["files"]["again"]
    with pytest.raises(OSError) as e:
        Recorded().benchmark_report(REPORTS["renamed"])
    assert (cls, str(e.value)) == ("OSError", message.replace("<dir>", str(tmp_path)))
    entries = benchmark_entries_class()()
    entries.ParseFromString((tmp_path / GOLDEN["files"]["renamed"][0]).read_bytes())
    assert (entries.entry[0].name, entries.entry[0].iters) == ("Recorded.custom/name", 1)


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow's interpreter")
def test_tf_reads_the_entries_eagerflow_writes(tmp_path, monkeypatch):
    monkeypatch.setenv("TEST_REPORT_FILE_PREFIX", str(tmp_path / "bench_"))
    Recorded().benchmark_report(REPORTS["all_fields"])
    path = tmp_path / "bench_Recorded.benchmark_report"
    code = ("import sys; from tensorflow.core.util import test_log_pb2 as t; "
            "e = t.BenchmarkEntries(); e.ParseFromString(open(sys.argv[1], 'rb').read()); "
            "print(e)")
    out = subprocess.run([TF_PYTHON, "-c", code, str(path)], capture_output=True, text=True,
                         env=TF_ENV, timeout=300, check=True).stdout
    assert out == GOLDEN["reports"]["all_fields"]


def test_run_op_benchmark_times_a_session_run(capsys, no_report_prefix):
    b = Recorded()
    with tf.Graph().as_default():
        x = tf.compat.v1.placeholder(tf.float32, [])
        y = x * 2.0
        with tf.compat.v1.Session() as sess:
            out = b.run_op_benchmark(sess, y, feed_dict={x: 1.5}, min_iters=5, name="double",
                                     extras={"k": 1}, mbs=10)
            assert b.evaluate(tf.compat.v1.placeholder_with_default(3.0, []) * 2.0) == 6.0
    assert sorted(out) == ["extras", "iters", "name", "throughput", "wall_time"]
    assert (out["iters"], out["name"]) == (5, "double")
    assert sorted(out["extras"]) == ["k", "wall_time_mean", "wall_time_stdev"]
    assert out["wall_time"] > 0 and out["throughput"] == pytest.approx(10 / out["wall_time"])
    printed = capsys.readouterr().out
    assert 'name: "Recorded.double"' in printed and "iters: 5" in printed


def test_evaluate_eagerly_and_registry():
    # TF's evaluate needs a session (eagerly it fails on a missing cached_session):
    # eagerflow returns the eager values
    np.testing.assert_array_equal(Recorded().evaluate({"a": tf.constant([1, 2])})["a"], [1, 2])
    assert [tf.test.Benchmark.is_abstract(), Recorded.is_abstract()] == GOLDEN["is_abstract"]
    assert tf.test.Benchmark.__name__ == GOLDEN["class_name"]
    assert Recorded in GLOBAL_BENCHMARK_REGISTRY
    assert tf.test.Benchmark not in GLOBAL_BENCHMARK_REGISTRY


def test_report_outside_a_benchmark_method_names_the_base_class(capsys, no_report_prefix):
    tf.test.Benchmark().report_benchmark(iters=1)
    assert 'name: "TensorFlowBenchmark.report_benchmark"' in capsys.readouterr().out


def test_benchmark_config():
    pytest.importorskip("tensorboard")
    assert str(tf.test.benchmark_config()) == GOLDEN["benchmark_config"]


def _tensor(values):
    return tf.make_tensor_proto(np.array(values, np.float32))


@pytest.mark.parametrize("case", sorted(GRAPH_PAIRS))
def test_assert_equal_graph_def(case):
    pytest.importorskip("tensorboard")
    expected, actual = GRAPH_PAIRS[case]
    e = graph_def(tf.compat.v1.GraphDef, expected, _tensor)
    a = graph_def(tf.compat.v1.GraphDef, actual, _tensor)
    want = GOLDEN["graph_defs"][case]
    if want is None:
        tf.test.assert_equal_graph_def(e, a)
        return
    with pytest.raises(AssertionError) as err:
        tf.test.assert_equal_graph_def(e, a)
    assert str(err.value) == want


@pytest.mark.parametrize("what", ["expected", "actual"])
def test_assert_equal_graph_def_takes_graph_defs(what):
    pytest.importorskip("tensorboard")
    args = ("x", tf.compat.v1.GraphDef())
    with pytest.raises(TypeError) as err:
        tf.test.assert_equal_graph_def(*(args if what == "expected" else args[::-1]))
    assert str(err.value) == GOLDEN["graph_defs"][f"not_a_graph_def_{what}"]
