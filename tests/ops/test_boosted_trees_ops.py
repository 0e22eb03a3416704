"""TF's BoostedTrees ops through tf.raw_ops: boosted_trees_cases.CASES give what TF 2.21
recorded (boosted_trees_golden.json), eagerly and in a tf.function. TF defines the ops and
registers no kernel for any, so each call is refused as TF refuses it."""

import json
import re
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops.boosted_trees_calls import eager, traced
from tests.ops.boosted_trees_cases import CASES, SETUP

GOLDEN = json.loads((Path(__file__).parent / "boosted_trees_golden.json").read_text())["cases"]
IDS = [f"{i}-{op}" for i, (op, _) in enumerate(CASES)]


@pytest.fixture(scope="module")
def scope():
    defs = {"tf": tf}
    exec(SETUP, defs)  # noqa: S102 (the cases' shared definitions)
    return defs


def _attrs_sorted(text: str) -> str:
    """A message with each node's attr list sorted: TF lists them in its hash map's order,
    which differs between TF processes."""
    def sort(m: re.Match) -> str:
        words = m.group(2).split(", ") if m.group(2) else []
        return f"{m.group(1)}[{', '.join(sorted(words))}]"
    return re.sub(r"(with these attrs: |\}\} = \w+)\[([^\]\n]*)\]", sort, text)


def _same(got, want) -> None:
    if isinstance(want, dict) and "error" in want:
        assert isinstance(got, dict), got
        assert (got["error"], _attrs_sorted(got["message"])) == \
            (want["error"], _attrs_sorted(want["message"]))
    else:
        assert got == want


def test_the_golden_file_covers_every_case():
    assert [(c["op"], c["kwargs"]) for c in GOLDEN] == CASES


@pytest.mark.parametrize("k", range(len(CASES)), ids=IDS)
def test_eager_calls_are_refused_as_tf_refuses_them(k, scope):
    op, expr = CASES[k]
    _same(eager(tf, op, eval(expr, scope)), GOLDEN[k]["eager"])


def _tf_internal(record: dict) -> bool:
    """TF 2.21's tf.function fails with an AssertionError of its own ("Unreachable") where
    an input's dtype is not the op's: no user-facing behaviour to match."""
    run = record["run"] or {}
    return run.get("error") == "AssertionError"


@pytest.mark.parametrize("k", range(len(CASES)), ids=IDS)
def test_traced_calls_trace_as_tf_and_fail_when_run(k, scope):
    op, expr = CASES[k]
    want = GOLDEN[k]["traced"]
    if _tf_internal(want):
        pytest.skip("TF's own AssertionError")
    got = traced(tf, op, eval(expr, scope))
    assert got["specs"] == want["specs"]
    if want["run"] and want["run"]["error"] in ("TypeError", "ValueError"):
        # (raised while tracing: TF's text adds the traced function's source lines)
        assert got["run"]["error"] == want["run"]["error"]
        assert _repo_relative(want["run"]["message"]).rstrip().endswith(
            _repo_relative(got["run"]["message"]).rstrip())
    else:
        _same(got["run"], want["run"])


def _repo_relative(text):
    """A traced function's source lines name the test's file from the checkout it ran in."""
    return re.sub(r'File "[^"]*/tests/', 'File "tests/', text)


def test_every_boosted_trees_op_is_a_raw_op():
    names = {op for op, _ in CASES}
    assert len(names) == 29
    assert all(hasattr(tf.raw_ops, n) for n in names)


_REFUSED = ("No OpKernel was registered to support Op 'BoostedTreesBucketize' used by {{node "
            "sc/BoostedTreesBucketize}} with these attrs: [num_features=1]\nRegistered devices: "
            "[CPU]\nRegistered kernels:\n  <no registered kernels>\n\n\t "
            "[[sc/BoostedTreesBucketize]]")


def _bucketize(x):
    with tf.name_scope("sc"):
        return tf.raw_ops.BoostedTreesBucketize(float_values=[x],
                                                bucket_boundaries=[tf.constant([1.0])])


def test_a_session_refuses_the_node_as_tf_does():
    """TF 2.21's Session: its head and the node, the refusal naming the node, no node tag
    after it and no op on the error (TF refuses the node before running any)."""
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None])
        b = _bucketize(x)
        with tf.compat.v1.Session(graph=g) as s, \
                pytest.raises(tf.errors.InvalidArgumentError) as e:
            s.run(b, {x: [0.5, 2.0]})
    text = str(e.value)
    assert text.startswith("Graph execution error:\n\nDetected at node "
                           "'sc/BoostedTreesBucketize' defined at (most recent call last):\n")
    assert text.endswith("\nNode: 'sc/BoostedTreesBucketize'\n" + _REFUSED)
    assert e.value.op is None


def test_a_function_refuses_the_node_as_tf_does():
    f = tf.function(_bucketize)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        f(tf.constant([1.0]))
    assert re.fullmatch(re.escape(_REFUSED) + r" \[Op:__inference__bucketize_\d+\]",
                        str(e.value))
