"""A distributed dataset's element_spec is TF 2.21's: PerReplicaSpecs over two replicas
(a static batch divided where it divides), usable as a tf.function's input signature, a
PerReplica's type spec; cardinality; TF's warning for an eager `run`, five times at most
(element_spec_program.py against element_spec_golden.txt, recorded by
record_element_spec.py)."""

import os
import subprocess
import sys
from pathlib import Path

from tests.child_env import pythonpath
from tests.distribute.record_element_spec import printed

HERE = Path(__file__).parent


def test_element_specs_print_as_tf():
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, str(HERE / "element_spec_program.py"), "ef"],
                         capture_output=True, text=True, env=env, check=True, timeout=120)
    assert printed(out) == (HERE / "element_spec_golden.txt").read_text()
