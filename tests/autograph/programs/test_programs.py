"""AutoGraph as TF 2.21 converts: control_flow_program.py run under eagerflow prints what
TF printed (control_flow_golden.txt, by record_programs.py): attributes and items carried
through loops and branches, TF's unconverted statements and their warnings, the frames of
"in user code" errors, InaccessibleTensorError for a tensor left behind by a loop."""

from pathlib import Path

from tests.autograph.programs.record_programs import run

HERE = Path(__file__).parent


def test_prints_what_tf_prints():
    root = str(HERE.parent.parent.parent)
    assert run("ef", {"PYTHONPATH": root}) == (HERE / "control_flow_golden.txt").read_text()
