"""Errors raised while iterating a failing tf.data pipeline, eagerly, in a tf.function's
loop and in Keras fit, against TF 2.21's (iterator_errors_golden.json, recorded by
record_iterator_errors.py from iterator_error_cases.py).

Every outcome's class is TF's. Its message is compared whole, but for the cases listed in
DIFFERS: there the kernel's own message (what follows the iterator path) is TF's, and the
rest differs for the reason given."""

import json
import re
from pathlib import Path

import pytest

import eagerflow as tf
from tests.data.iterator_error_cases import outcome

GOLDEN = json.loads((Path(__file__).parent / "iterator_errors_golden.json").read_text())

_PIPELINES = ("map gather out of range", "py_function ValueError", "py_function KeyError",
              "numpy_function wrong dtype", "map string to_number", "map decode_png",
              "map decode_raw length", "map parse_single_example", "filter assert",
              "map check_numerics")
_GENERATORS = ("from_generator wrong shape", "from_generator wrong dtype",
               "from_generator raises", "from_generator wrong shape, map, batch")
DIFFERS = {
    # TF's optimizer rewrites the pipeline before it runs, and its iterator path names what
    # it made: a stateless map becomes ParallelMapV2, a Prefetch is put at the root of a
    # pipeline that is not asynchronous; a node's name keeps its name scopes and a cond
    # branch's function (eagerflow names the op)
    **{f"{p} | eager": "TF's optimized iterator path" for p in _PIPELINES},
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
    assert len(GOLDEN) == 3 * (len(_PIPELINES) + len(_GENERATORS))
    assert set(DIFFERS) <= set(GOLDEN)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_iteration_error_as_tf(case):
    pipeline, mode = case.split(" | ")
    want = GOLDEN[case]
    got = outcome(tf, pipeline, mode)
    assert got[0] == want[0]
    if case in DIFFERS:
        assert _kernel_message(got[1]) == _kernel_message(want[1])
    else:
        assert got == want
