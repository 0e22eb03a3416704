"""tf.compat.v1's TF 1 names give TF 2.21's results (golden/v1ns.json, recorded by
record_v1ns_golden.py from the programs of v1ns_programs.py): values, dtypes, shapes, graph
names, TF 1 argument names and their errors, the deprecation notices TF logs while a graph
is built; and each TF 1 name eagerflow hands a TF 2 object for is, in TF, that object."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import tf_logging
from eagerflow._src.v1 import tf1_args
from tests.v1.v1ns_programs import PROGRAMS

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1ns.json").read_text())
V1 = tf.compat.v1


def compare(ours, theirs, where: str) -> None:
    """Equal, but floats to float32's rounding."""
    if isinstance(theirs, dict):
        assert isinstance(ours, dict) and sorted(ours) == sorted(theirs), (where, ours, theirs)
        if "dtype" in theirs and "value" in theirs:
            assert (ours["dtype"], ours["shape"]) == (theirs["dtype"], theirs["shape"]), where
            if theirs["dtype"].startswith(("float", "complex")):
                np.testing.assert_allclose(np.asarray(ours["value"], np.float64),
                                           np.asarray(theirs["value"], np.float64),
                                           rtol=2e-6, atol=1e-6, err_msg=where)
            else:
                assert ours["value"] == theirs["value"], where
            return
        for k in theirs:
            compare(ours[k], theirs[k], f"{where}.{k}")
    elif isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs), (where, ours, theirs)
        for i, (a, b) in enumerate(zip(ours, theirs)):
            compare(a, b, f"{where}[{i}]")
    else:
        assert ours == theirs, (where, ours, theirs)


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
