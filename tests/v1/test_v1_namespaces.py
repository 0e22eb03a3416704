"""TF 1's namespaces of tf.compat.v1 hold what TF 2.21's hold (golden/v1_namespaces.json,
recorded by record_v1_namespaces_golden.py): each name is the same object as the
tf.compat.v1 or TF 2 name TF's is (TF 1's own signatures where TF 1 has its own function:
`sparse.reduce_sum(keep_dims=)`, `io.parse_example`, `random.multinomial`, ...), the same
constant, or a function of that namespace; the names not provided yet are listed."""

import json
from pathlib import Path

import pytest

import eagerflow as tf

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_namespaces.json").read_text())
NOT_YET: dict = {}
CASES = [(ns, name, what) for ns, names in sorted(GOLDEN.items())
         for name, what in sorted(names.items())]


def resolve(root, path):
    for part in path.split("."):
        root = getattr(root, part)
    return root


@pytest.mark.parametrize("ns,name,what", CASES, ids=[f"{c[0]}.{c[1]}" for c in CASES])
def test_name_is_tfs(ns, name, what):
    space = resolve(tf.compat.v1, ns)
    if name in NOT_YET.get(ns, ()):
        with pytest.raises(AttributeError, match=name):
            getattr(space, name)
        return
    obj = getattr(space, name)
    kind, _, target = what.partition(":")
    if kind == "v1":
        assert obj is getattr(tf.compat.v1, target)
    elif kind == "tf":
        assert obj is resolve(tf, target)
    elif kind == "value":
        assert repr(obj) == target
    else:
        assert callable(obj)
