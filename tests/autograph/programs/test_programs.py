"""AutoGraph and tf.function as TF 2.21: each NAME_program.py here, run under eagerflow,
prints what TF printed (NAME_golden.txt, by record_programs.py). control_flow: attributes
and items carried through loops and branches, TF's unconverted statements and their
warnings, the frames of "in user code" errors, InaccessibleTensorError for a tensor left
behind by a loop. function: variables made from the first call's arguments, concrete
functions called with tensors of another dtype."""

from pathlib import Path

import pytest

from tests.autograph.programs.record_programs import PROGRAMS, run
from tests.child_env import pythonpath

HERE = Path(__file__).parent


@pytest.mark.parametrize("name", PROGRAMS)
def test_prints_what_tf_prints(name):
    want = (HERE / f"{name}_golden.txt").read_text()
    assert run(name, "ef", {"PYTHONPATH": pythonpath()}) == want
