"""tf.compat.v1's TF 1 names give TF 2.21's results (golden/v1ns.json, recorded by
record_v1ns_golden.py from the programs of v1ns_programs.py): values, dtypes, shapes, graph
names, TF 1 argument names and their errors, the deprecation notices TF logs while a graph
is built; and each TF 1 name eagerflow hands a TF 2 object for is, in TF, that object."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.core import tf_logging
from eagerflow._src.v1 import tf1_args
from tests.v1.recorded import compare
from tests.v1.v1ns_programs import PROGRAMS

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1ns.json").read_text())
V1 = tf.compat.v1


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program(name):
    tf1_args._args_shown.clear()  # (TF's notices are once per process: the golden's first)
    # (as Print's, which tf.data's rejection_resample shows too)
    tf_logging._deprecations_shown.discard("Print")
    compare(PROGRAMS[name](tf), GOLDEN["programs"][name], name)


@pytest.mark.parametrize("name", sorted(GOLDEN["aliases"]))
def test_alias_is_tfs(name):
    """TF's tf.compat.v1.NAME is the TF 2 object the table names; so is eagerflow's."""
    tf2_name, same_in_tf = GOLDEN["aliases"][name]
    assert V1._ALIASES[name] == tf2_name and same_in_tf
    obj = tf
    for part in tf2_name.split("."):
        obj = getattr(obj, part)
    assert getattr(V1, name) is obj


def test_every_alias_recorded():
    assert sorted(V1._ALIASES) == sorted(GOLDEN["aliases"])


def test_compat_v1_stays_lazy():
    """The TF 1 wrappers load on first use, not with tf.compat.v1."""
    import subprocess
    import sys
    code = ("import sys, eagerflow as tf; tf.compat.v1.log; "
            "print('eagerflow._src.v1.tf1_args' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_print_writes_tfs_lines():
    """tf.compat.v1.Print eagerly and in a Session: TF's lines on stderr (a subprocess, as
    TF's C++ kernel writes them), `first_n`, `summarize`, the returned tensor's shape."""
    import sys

    from tests.v1.v1ns_programs import print_lines
    root = str(Path(__file__).resolve().parent.parent.parent)
    assert print_lines(sys.executable, "eagerflow", root) == GOLDEN["print"]
