"""op_attrs.json is each op's attrs as its samples show them, for every op with samples
(rewrite it with tests/saved_model/make_op_attrs.py when an op's samples change); and
reading a SavedModel's ops or calling tf.raw_ops builds no samples."""

import json
import subprocess
import sys

from tests.saved_model.make_op_attrs import TABLE, table


def test_table_is_current() -> None:
    with open(TABLE, encoding="utf-8") as f:
        assert json.load(f) == table(), "run tests/saved_model/make_op_attrs.py"


def test_raw_ops_build_no_samples() -> None:
    program = ("import eagerflow as tf\n"
               "from eagerflow._src.ops import registry\n"
               "pending = len(registry._PENDING)\n"
               "assert tf.raw_ops.Cast(x=tf.constant([1.5]), DstT=tf.int32).numpy() == [1]\n"
               "assert tf.raw_ops.Mul(x=tf.constant(2.0), y=tf.constant(3.0)).numpy() == 6\n"
               "assert len(registry._PENDING) >= pending > 0, (len(registry._PENDING), pending)\n")
    subprocess.run([sys.executable, "-c", program], check=True)
