"""TF's collective ops through tf.raw_ops, against TF 2.21 (tf_collectives_golden.json,
written by record_tf_collectives.py).

The recorder's cases run here too, all in one eagerflow process (the CPU split into two
logical devices there, which a test session that has started its devices can no longer
do), with TF's collective state forgotten between cases as TF's new process does. Where
TF never finished a case (its members wait on after an abort), eagerflow's members must
fail with the abort TF logged.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tf_reference import as_cpu_run_words_it

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("record_tf_collectives",
                                               HERE / "record_tf_collectives.py")
rec = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rec)  # (its cases; TF itself is imported only by its main)
GOLDEN = json.loads((HERE / "tf_collectives_golden.json").read_text())
_CODES = {"INTERNAL": "InternalError", "INVALID_ARGUMENT": "InvalidArgumentError",
          "DEADLINE_EXCEEDED": "DeadlineExceededError"}


def _program() -> str:
    runner = rec.RUNNER.replace("import tensorflow as tf", "import eagerflow as tf")
    runner += "from eagerflow._src.distribute import collective_groups\n"
    parts = [runner]
    for name in GOLDEN:
        body = rec._rewrite(rec.CASES[name])
        if "DeadlineExceeded" not in json.dumps(GOLDEN[name]):
            # a member that a loaded machine starts late must still meet the other where
            # TF's did (the outcome TF recorded came before its timeout): only the cases
            # that TF timed out keep theirs
            body = re.sub(r"timeout_seconds=\d+", "timeout_seconds=60", body)
        parts.append(f"collective_groups.reset()\nprint('CASE {name}', flush=True)\n"
                     f"def case():\n" + "".join(f"    {line}\n" for line in body.splitlines())
                     + "case()\n")
    return "".join(parts)


@pytest.fixture(scope="module")
def ours() -> dict:
    p = subprocess.run([sys.executable, "-c", _program()], capture_output=True, text=True,
                       timeout=300, cwd=HERE.parents[1])
    assert p.returncode == 0, p.stderr[-3000:]
    got: dict = {}
    name = None
    for line in p.stdout.splitlines():
        if line.startswith("CASE "):
            name = line[5:]
            got[name] = []
        elif line.startswith("RESULT "):
            got[name].append(as_cpu_run_words_it(json.loads(line[7:])))
    return got


def _flat(results: list) -> list:
    return [r for item in results for r in (item if isinstance(item, list) else [item])]


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_case_as_tf(ours: dict, name: str) -> None:
    tf_case, got = GOLDEN[name], ours[name]
    want = tf_case["results"]
    if "abort" in tf_case:  # TF hung after aborting: the results it gave, then the abort
        code, why = tf_case["abort"]
        assert got[:len(want)] == want
        failed = _flat(got[len(want):])
        assert failed, got
        for r in failed:
            assert r.get("error") == _CODES[code], r
            assert why in r["message"], (why, r["message"])
        return
    if name.endswith("2") and "error" in json.dumps(want):
        # (which member finds the fault, so whose words each gets, is the threads' race)
        assert sorted(r["error"] for r in _flat(got)) == sorted(r["error"] for r in _flat(want))
        stems = sorted(_stem(r["message"]) for r in _flat(want))
        assert sorted(_stem(r["message"]) for r in _flat(got)) == stems, got
        return
    if name.startswith("traced_"):  # (TF lists a node's attrs in its map's order, which
        # varies from run to run; eagerflow sorts them)
        assert [_attr_set(r["message"]) for r in _flat(got)] == \
            [_attr_set(r["message"]) for r in _flat(want)]
        return
    if name == "function2":  # (the first line of TF's message is its graph runtime's)
        assert [r["error"] for r in _flat(got)] == [r["error"] for r in _flat(want)]
        return
    assert got == want


def _stem(message: str) -> str:
    """An error's words up to the first device or number its member's view puts there."""
    text = message.split("}} ", 1)[-1]
    return text.split("Op at device")[0].split(" is joining")[0].split(" expected type")[0] \
        .split("Device /")[0]


# -- tf.distribute.experimental.CollectiveHints (TF 2.21's facts) --------------------------------

def test_collective_hints_gives_communication_options(caplog: pytest.LogCaptureFixture) -> None:
    import eagerflow as tf
    from eagerflow._src.core import tf_logging

    tf_logging._deprecations_shown.discard("Hints.__new__")
    with caplog.at_level("WARNING", logger="tensorflow"):
        h = tf.distribute.experimental.CollectiveHints(bytes_per_pack=3, timeout_seconds=2.0)
    assert "Hints.__new__ (from tensorflow.python.distribute.collective_util) is deprecated " \
           "and will be removed in a future version.\nInstructions for updating:\nuse " \
           "distribute.experimental.CommunicationOptions instead" in caplog.text
    assert str(h) == ("Options(bytes_per_pack=3,timeout_seconds=2.0, "
                      "implementation=CommunicationImplementation.AUTO)")
    assert (h.bytes_per_pack, h.timeout_seconds) == (3, 2.0)
    assert str(tf.distribute.experimental.CollectiveHints(7)) == (
        "Options(bytes_per_pack=7,timeout_seconds=None, "
        "implementation=CommunicationImplementation.AUTO)")
    with pytest.raises(ValueError, match=r"^Argument `bytes_per_pack` must be >=0, "
                                         r"Received -1\.$"):
        tf.distribute.experimental.CollectiveHints(bytes_per_pack=-1)
    with pytest.raises(TypeError, match=r"Hints.__new__\(\) got an unexpected keyword "
                                        "argument 'implementation'"):
        tf.distribute.experimental.CollectiveHints(implementation="RING")
    ring = tf.distribute.experimental.CommunicationOptions(5, 1.5, implementation="ring")
    assert str(ring) == ("Options(bytes_per_pack=5,timeout_seconds=1.5, "
                         "implementation=CommunicationImplementation.RING)")
    with pytest.raises(ValueError, match="must be instance of `tf.distribute.experimental."
                                         "CommunicationImplementation`"):
        tf.distribute.experimental.CommunicationOptions(implementation=3)


# -- in this process: one member, the refusals where TF would wait forever, tf.function ------

@pytest.fixture
def fresh() -> object:
    from eagerflow._src.distribute import collective_groups
    collective_groups.reset()
    yield collective_groups
    collective_groups.reset()


def _reduce(x: object, group_size: int = 1, key: int = 1, **attrs: object) -> object:
    import eagerflow as tf
    return tf.raw_ops.CollectiveReduceV2(input=x, group_size=group_size, group_key=key,
                                         instance_key=1, ordering_token=[], merge_op="Add",
                                         final_op="Id", **attrs)


def test_peers_that_cannot_come_are_refused_not_waited_for(fresh: object) -> None:
    import eagerflow as tf
    # (one thread and no timeout: TF waits forever; here no other thread could bring a
    # member, or the group is larger than the devices there are)
    with pytest.raises(tf.errors.DeadlineExceededError,
                       match=r"Collective has timed out waiting for other workers\. "
                             r"\[Op:CollectiveReduceV2\]"):
        _reduce(tf.constant([1.0]), group_size=64)
    # the timeout aborted the process's collectives, as TF's does
    with pytest.raises(tf.errors.DeadlineExceededError,
                       match="Collective ops is aborted by: Collective has timed out waiting "
                             "for other workers.\nThe error could be from a previous "
                             "operation. Restart your program to reset."):
        _reduce(tf.constant([1.0]), key=2)


def test_one_member_in_a_function_and_a_saved_model(fresh: object, tmp_path: Path) -> None:
    import eagerflow as tf

    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([3])])
        def f(self, x: object) -> object:
            return tf.raw_ops.CollectiveReduceV2(
                input=x, group_size=1, group_key=3, instance_key=1, ordering_token=[],
                merge_op="Max", final_op="Div")

    m = M()
    assert m.f(tf.constant([1.0, 2.0, 3.0])).numpy().tolist() == [1.0, 2.0, 3.0]
    tf.saved_model.save(m, str(tmp_path))
    loaded = tf.saved_model.load(str(tmp_path))
    assert loaded.f(tf.constant([4.0, 5.0, 6.0])).numpy().tolist() == [4.0, 5.0, 6.0]


def test_traced_shapes_are_tfs(fresh: object) -> None:
    import eagerflow as tf
    R = tf.raw_ops

    @tf.function
    def f(a: object) -> tuple:
        return (R.CollectiveGatherV2(input=a, group_size=2, group_key=1, instance_key=1,
                                     ordering_token=[]),
                R.CollectiveReduceScatterV2(input=a, group_size=2, group_key=1, instance_key=2,
                                            ordering_token=[], merge_op="Add", final_op="Id"),
                R.CollectiveAllToAllV2(input=a, group_size=2, group_key=1, instance_key=3,
                                       ordering_token=[]),
                R.CollectiveBcastRecvV2(group_size=2, group_key=1, instance_key=4,
                                        shape=[3, 2], T=tf.float32),
                R.CollectiveGather(input=a, group_size=2, group_key=1, instance_key=5,
                                   shape=[4, 2]),
                R.CollectiveBcastRecv(group_size=2, group_key=1, instance_key=6, shape=[4, 2],
                                      T=tf.float32))

    # (TF 2.21's: a graph of these nodes shapes its outputs so)
    shapes = [tuple(t.shape) for t in f.get_concrete_function(
        tf.TensorSpec([4, 2])).structured_outputs]
    assert shapes == [(None, 2), (None, 2), (4, 2), (3, 2), (8, 2), (4, 2)]


def test_strategy_all_reduce_is_not_tfs_op() -> None:
    import eagerflow as tf
    from eagerflow._src.distribute import collective_ops
    # MirroredStrategy's all-reduce is eagerflow's own op; tf.raw_ops has TF's
    assert collective_ops.ALL_REDUCE.name == "ReplicaAllReduce"
    assert "ReplicaAllReduce" not in dir(tf.raw_ops)
    assert "CollectiveReduceV2" in dir(tf.raw_ops)


def _attr_set(message: str) -> tuple:
    """A refusal's words up to its node's attrs, and those attrs as a set."""
    text = message.split("}} ", 1)[-1] if message.startswith("{{function_node") else message
    head, _, rest = text.partition("with these attrs: [")
    return head, sorted(rest.split("\n")[0][:-1].split(", "))


def test_raw_ops_leave_the_devices_to_configure() -> None:
    # (as TF's: tf.raw_ops used before the CPU is split into logical devices starts none)
    code = ("import eagerflow as tf\nR = tf.raw_ops.CollectiveReduceV2\n"
            "cpus = tf.config.list_physical_devices('CPU')\n"
            "tf.config.set_logical_device_configuration(cpus[0], "
            "[tf.config.LogicalDeviceConfiguration()] * 2)\n"
            "print(len(tf.config.list_logical_devices('CPU')))\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=120, cwd=HERE.parents[1])
    assert p.stdout.strip() == "2", p.stderr[-2000:]
