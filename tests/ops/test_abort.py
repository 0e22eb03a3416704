"""tf.raw_ops.Abort (ops/runtime_raw_ops.py) as TF 2.21 runs it: nothing eagerly or in a
tf.function (pruned), the end of the process in a Session (each run in a subprocess)."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = textwrap.dedent("""
    import sys
    import eagerflow as tf
    mode = sys.argv[1]
    if mode == "eager":
        print("result", tf.raw_ops.Abort(error_msg="x"), flush=True)
    elif mode == "function":
        @tf.function
        def f(x):
            tf.raw_ops.Abort(error_msg="g", exit_without_error=True)
            return x + 1
        print("result", f(tf.constant(1)).numpy(), flush=True)
        print([o.type for o in f.get_concrete_function(tf.constant(1)).graph.get_operations()])
    else:
        with tf.Graph().as_default():
            a = tf.raw_ops.Abort(error_msg="why", exit_without_error=mode == "exit")
            with tf.compat.v1.Session() as s:
                s.run(a)
    print("after", flush=True)
""")


def _run(mode):
    return subprocess.run([sys.executable, "-c", PROGRAM, mode], capture_output=True,
                          text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_nothing_eagerly_or_in_functions():
    out = _run("eager")
    assert (out.returncode, out.stdout) == (0, "result None\nafter\n")
    out = _run("function")
    assert out.returncode == 0
    assert out.stdout.splitlines()[0] == "result 2" and "'Abort'" in out.stdout


@pytest.mark.parametrize("mode,code,line", [
    ("exit", 0, "Exiting the process: why"),
    ("abort", -6, "Abort_op intentional failure; why")])
def test_a_session_run_ends_the_process(mode, code, line):
    out = _run(mode)
    assert out.returncode == code
    assert "after" not in out.stdout and line in out.stderr
