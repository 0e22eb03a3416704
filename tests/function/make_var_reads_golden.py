"""Writes golden/var_reads.json: TF 2.21's names of the variable reads, writes and
resource captures of var_read_cases.py's functions (and of the ops around them), and the
errors that show them, for test_var_reads.py.

    $EAGERFLOW_TF_PYTHON tests/function/make_var_reads_golden.py
"""

import os
import sys
import textwrap

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.function.make_graph_names_golden import _graph_of, _internal_of  # noqa: E402
from tests.function.var_read_cases import CASES, outcome  # noqa: E402
from tests.golden_io import write_json  # noqa: E402


def main() -> None:
    import tensorflow as tf

    cases = {case: outcome(tf, _graph_of, src) for case, src in CASES.items()}
    # TF's own loop counters and limits inside a While's body: named so the test can
    # leave them out (eagerflow's loops have none; the graph-name tests compare them)
    for case, src in CASES.items():
        if "while_loop" in src:
            env = {"tf": tf}
            exec(compile(textwrap.dedent(src), "<case>", "exec"), env)  # noqa: S102
            g = tf.function(env["f"]).get_concrete_function(*env["SPECS"]).graph
            cases[case]["internal"] = sorted(_internal_of(g))
    write_json(os.path.join(HERE, "golden", "var_reads.json"),
               {"tf_version": tf.__version__, "cases": cases}, indent=1, end="\n")


if __name__ == "__main__":
    main()
