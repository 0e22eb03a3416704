"""TF 1 graphs under device scopes naming devices this process lacks, as TF 2.21
(golden/v1_graph_devices.json, recorded by record_graph_devices_golden.py from
graph_devices_program.py): the graph builds, each operation recording TF's device string
(tensors', NodeDef's and GraphDef's too; nested scopes, device functions,
replica_device_setter, colocate_with, a variable's handle, initializer and reads); a
Session refuses it when it runs, TF's placer's error naming TF's operation, its whole
graph checked (an unrelated fetch fails; again after the graph grows), soft placement
running a GPU's operation on the CPU but never another task's; a Session of an
in-process server's target runs the cluster's devices and lists them."""

import json
import sys
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.function import placement
from tests.v1.record_graph_devices_golden import run

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_graph_devices.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_graph_devices(ours, key):
    assert ours[key] == GOLDEN[key]


def test_placement_is_checked_once_per_growth_of_the_graph(monkeypatch):
    """A Session checks its graph's devices before its first run and when operations were
    added since, not at every run (the check walks the graph)."""
    calls = []
    real = placement.misplaced
    monkeypatch.setattr(placement, "misplaced",
                        lambda ops, *a: calls.append(len(ops)) or real(ops, *a))
    g = tf.Graph()
    with g.as_default():
        a = tf.constant(1.0) + 1.0
        with tf.compat.v1.Session() as s:
            assert [s.run(a) for _ in range(3)] == [2.0, 2.0, 2.0]
            assert calls == [3]  # (Const, add/y, add: once)
            b = a * 2.0
            assert s.run(b) == 4.0 and s.run(a) == 2.0
            assert calls == [3, 2]  # (only the two added)


def test_refused_graph_fails_at_every_run():
    g = tf.Graph()
    with g.as_default():
        with tf.device("/job:worker/task:1"):
            b = tf.constant(2.0) * 2.0
        with tf.compat.v1.Session() as s:
            for _ in range(2):
                with pytest.raises(tf.errors.InvalidArgumentError,
                                   match=r"operation mul: \{\{node mul\}\} was explicitly "
                                         r"assigned to /job:worker/task:1"):
                    s.run(b)
