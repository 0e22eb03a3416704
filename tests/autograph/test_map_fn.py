"""The function handed to tf.map_fn converted by AutoGraph as TF 2.21 converts it:
map_fn_program.py run under eagerflow prints what TF printed (map_fn_golden.txt, by
record_map_fn.py): converted inside a tf.function with autograph on, left as it is under
autograph=False and do_not_convert (TF's OperatorNotAllowedInGraphError); scan, foldl and
vectorized_map as TF runs theirs; strategy.run's fn and Dataset.map's as TF converts
them; merge_call's and extended.update's (replica_fn_program.py, replica_fn_golden.txt)
too."""

import os
import subprocess
import sys
from pathlib import Path

from tests.child_env import pythonpath

HERE = Path(__file__).parent


def _prints_what_tf_printed(name: str) -> None:
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, str(HERE / f"{name}_program.py"), "ef"],
                         capture_output=True, text=True, env=env, check=True, timeout=120)
    assert out.stdout == (HERE / f"{name}_golden.txt").read_text()


def test_map_fn_converts_its_fn_where_tf_does():
    _prints_what_tf_printed("map_fn")


def test_merge_call_and_update_convert_their_fn_where_tf_does():
    _prints_what_tf_printed("replica_fn")
