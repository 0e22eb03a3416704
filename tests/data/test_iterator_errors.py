"""Errors raised while iterating a failing tf.data pipeline, eagerly, in a tf.function's
loop and in Keras fit, and the iterator path TF's optimized pipelines name (PATHS),
against TF 2.21's (iterator_errors_golden.json, recorded by
record_iterator_errors.py from iterator_error_cases.py).

Every outcome's class is TF's. Its message is compared whole, but for the cases listed in
DIFFERS: there the kernel's own message (what follows the iterator path) is TF's, and the
rest differs for the reason given."""

import json
import re
from pathlib import Path

import pytest

import eagerflow as tf
from tests.data.iterator_error_cases import PATHS, outcome, path_outcome

GOLDEN = json.loads((Path(__file__).parent / "iterator_errors_golden.json").read_text())

_PIPELINES = ("map gather out of range", "py_function ValueError", "py_function KeyError",
              "numpy_function wrong dtype", "map string to_number", "map decode_png",
              "map decode_raw length", "map parse_single_example", "filter assert",
              "map check_numerics")
_GENERATORS = ("from_generator wrong shape", "from_generator wrong dtype",
               "from_generator raises", "from_generator wrong shape, map, batch")
DIFFERS = {
    # the failing node of a traced function keeps its name scopes and, in a cond's branch,
    # the branch's function (TF: "{{function_node assert_less_Assert_AssertGuard_false_N}}
    # {{node assert_less/Assert/AssertGuard/Assert}}"); eagerflow names the op
    **{c: "the node's scoped name" for c in (
        "map parse_single_example | eager", "filter assert | eager", "path: map assert")},
    # TF's autograph runs a for loop over a dataset as Dataset.scan(...).reduce(...) (path
    # ReduceIterator::Root::Prefetch::Scan::..., node [[ReduceDataset]], the failing node's
    # "Graph execution error" with no stack trace); eagerflow's loop is a while loop
    **{f"{p} | function": "TF's loop is a ReduceDataset" for p in _PIPELINES + _GENERATORS},
    # Keras's fit gets the batches inside its train function (multi_step_on_iterator's
    # graph error, [[IteratorGetNext]], the pipeline's map fused with its batch)
    **{f"{p} | fit": "Keras fits from inside its function" for p in _PIPELINES + _GENERATORS},
}


def _kernel_message(text: str) -> str:
    """What the failing kernel said: less the graph error's header, the eager prefix, the
    iterator path and what follows the failing node."""
    text = re.sub(r"^Graph execution error:\n\nDetected at node \S+ defined at \(most recent "
                  r"call last\): \.\.\.\n(<stack traces unavailable>\n)?", "", text)
    text = re.sub(r"^\{\{function_node [^}]*\}\} ", "", text)
    text = re.sub(r"^Error in user-defined function passed to \w+:N transformation with "
                  r"iterator: \w+::Root::[\w:\[\]]*?: ", "", text)
    return text.split("\n\t [[")[0]


def test_every_recorded_case_is_run():
    assert len(GOLDEN) == 3 * (len(_PIPELINES) + len(_GENERATORS)) + len(PATHS)
    assert set(DIFFERS) <= set(GOLDEN)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_iteration_error_as_tf(case):
    want = GOLDEN[case]
    if case.startswith("path: "):
        got = path_outcome(tf, case[len("path: "):])
    else:
        got = outcome(tf, *case.split(" | "))
    assert got[0] == want[0]
    if case in DIFFERS:
        assert _kernel_message(got[1]) == _kernel_message(want[1])
    else:
        assert got == want
