"""Records tf.test.Benchmark, benchmark_config and assert_equal_graph_def with TF 2.21.

Run with the reference interpreter: `/work/tfref/bin/python
tests/testing/make_benchmark_golden.py` (writes benchmark_golden.json beside it).
"""

import contextlib
import io
import os
import sys
import tempfile

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from tests.golden_io import write_json  # noqa: E402
from tests.testing.benchmark_cases import (  # noqa: E402
    GRAPH_PAIRS,
    REPORT_ERRORS,
    REPORTS,
    graph_def,
)


class Recorded(tf.test.Benchmark):
    def benchmark_report(self, kwargs):
        self.report_benchmark(**kwargs)


def printed(fn):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn()
    return out.getvalue()


def main():
    golden = {"reports": {}, "report_errors": {}, "files": {}, "graph_defs": {}}
    b = Recorded()
    for name, kwargs in REPORTS.items():
        golden["reports"][name] = printed(lambda kwargs=kwargs: b.benchmark_report(kwargs))
    for name, kwargs in REPORT_ERRORS.items():
        try:
            b.benchmark_report(kwargs)
        except Exception as e:  # noqa: BLE001 - recording what TF raises
            golden["report_errors"][name] = [type(e).__name__, str(e)]
    with tempfile.TemporaryDirectory() as d:  # the files TF's benchmark runner collects
        os.environ["TEST_REPORT_FILE_PREFIX"] = os.path.join(d, "bench_")
        b.benchmark_report(REPORTS["renamed"])
        golden["files"]["renamed"] = sorted(os.listdir(d))
        try:
            b.benchmark_report(REPORTS["renamed"])
        except Exception as e:  # noqa: BLE001
            golden["files"]["again"] = [type(e).__name__,
                                        str(e).replace(d, "<dir>")]
        del os.environ["TEST_REPORT_FILE_PREFIX"]
    golden["benchmark_config"] = str(tf.test.benchmark_config())
    golden["is_abstract"] = [tf.test.Benchmark.is_abstract(), Recorded.is_abstract()]
    golden["class_name"] = tf.test.Benchmark.__name__

    def tensor(values):
        return tf.make_tensor_proto(np.array(values, np.float32))
    for name, (expected, actual) in GRAPH_PAIRS.items():
        e = graph_def(tf.compat.v1.GraphDef, expected, tensor)
        a = graph_def(tf.compat.v1.GraphDef, actual, tensor)
        try:
            tf.test.assert_equal_graph_def(e, a)
            golden["graph_defs"][name] = None
        except AssertionError as err:
            golden["graph_defs"][name] = str(err)
    for what in ("expected", "actual"):
        try:
            args = ("x", tf.compat.v1.GraphDef())
            tf.test.assert_equal_graph_def(*(args if what == "expected" else args[::-1]))
        except TypeError as err:
            golden["graph_defs"][f"not_a_graph_def_{what}"] = str(err)
    write_json(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "benchmark_golden.json"), golden, end="\n", indent=1)


if __name__ == "__main__":
    main()
