"""An op failing while a tf.function runs raises TF's error class worded as TF words it:
"Graph execution error:", the failing node and where it was defined, the op's message,
then `[[{{node NAME}}]] [Op:__inference_f_N]` (a lambda's: `{{function_node
__inference_f_N}} message ...`). Compared with real TensorFlow 2.21 where it is installed
(the same source runs in both); the structure is checked without it too."""

import re

import pytest

import eagerflow as tf
from tests.function.graph_error_cases import CASES, raise_case
from tests.golden_io import as_recorded
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script


def _shape(text):
    """The parts both sides must agree on: the form, the op's message (its first line),
    and the function op named at the end."""
    m = re.match(r"Graph execution error:\n\nDetected at node (\S+) defined at \(most recent "
                 r"call last\):\n(?:(?:  File [^\n]*\n\n)+|<stack traces unavailable>\n)(.*)"
                 r"\n\t \[\[(?:\{\{function_node \S+?\}\})?\{\{node (\S+)\}\}\]\] "
                 r"\[Op:__inference_(\w+)_\d+\]$", text, re.S)
    if m:
        assert m.group(1) == m.group(3), text  # the node detected is the node named
        return "graph", m.group(2).splitlines()[0], m.group(4)
    # (a node of a cond's branch or a loop's body is tagged with its function: "cond_true")
    m = re.match(r"\{\{function_node __inference_(\S+)_\d+\}\} (.*)\n\t \[\["
                 r"(?:\{\{function_node (\S+?)_\d+\}\})?\{\{node \S+\}\}\]\] "
                 r"\[Op:__inference_(\S+)_\d+\]$", text, re.S)
    if m:
        assert m.group(1) == m.group(4), text
        branch = f" in {m.group(3)}" if m.group(3) else ""
        return "function_node" + branch, m.group(2).splitlines()[0], m.group(4)
    return "eager", text.splitlines()[0] if text else "", None


def _comparable(case, shape):
    form, message, fn = shape
    if case.startswith("ragged"):  # TF's and eagerflow's checks compare other tensors
        message = message.split(" [x ")[0]
    return form, message, fn


def _case_frames(text):
    """The frames of the case's own code (exec'd as "<case>"; pytest-xdist's workers run
    theirs as "<string>") in an error's text."""
    return re.findall(r'^ *File "<case>", line \d+, in \S+$', text, re.M)


FUNCTION_CASES = sorted(c for c in CASES if not c.startswith("session"))

# Most cases fail in a gather's index check, which TF's CPU kernel makes and its GPU kernel
# does not (it gives zeros): they run on CPU:0 where a GPU is the default device (the
# device path's error wording: tests/graph/test_device_codegen.py)
pytestmark = pytest.mark.usefixtures("cpu_kernels")


@pytest.mark.parametrize("case", FUNCTION_CASES)
def test_runtime_errors_in_functions_are_worded_as_graph_errors(case):
    cls, text = raise_case(tf, CASES[case])
    assert cls == "InvalidArgumentError", (cls, text)
    form, _, fn = _shape(text)
    assert form == {"lambda_cond_branch": "function_node in cond_true",
                    "lambda_while_body": "function_node in while_body"}.get(
        case, "function_node" if case.startswith("lambda") else "graph"), text
    assert fn == ("<lambda>" if case.startswith("lambda") else "f"), text


def test_the_definition_site_is_the_users_line():
    _, text = raise_case(tf, CASES["gather"])
    assert re.search(r'\n  File "<case>", line 4, in f\n\nindices = 2', text), text


def test_every_user_frame_of_the_definition_is_listed():
    _, text = raise_case(tf, CASES["nested_calls"])
    assert re.search(r'defined at \(most recent call last\):\n(  File "[^"]*", line \d+, in '
                     r'\S+\n\n)*  File "<case>", line 11, in run\n\n  File "<case>", line 9, '
                     r'in f\n\n  File "<case>", line 6, in g\n\n  File "<case>", line 3, in h'
                     r'\n\nindices = 2 is not in \[0, 2\)\n', text), text


def test_a_session_lists_the_user_frames_and_the_creation_stack():
    cls, text = raise_case(tf, CASES["session_nested_calls"])
    assert cls == "InvalidArgumentError"
    frames = ['File "<case>", line 10, in run', 'File "<case>", line 5, in g',
              'File "<case>", line 3, in h']
    assert re.search(r"^Graph execution error:\n\nDetected at node 'GatherV2' defined at "
                     r"\(most recent call last\):\n(    File [^\n]*\n)+Node: 'GatherV2'\n"
                     r"indices = 2 is not in \[0, 2\)\n\t \[\[\{\{node GatherV2\}\}\]\]\n\n"
                     r"Original stack trace for 'GatherV2':\n(  File [^\n]*\n)+$", text), text
    assert _case_frames(text) == ["    " + f for f in frames] + ["  " + f for f in frames]
    graph = tf.Graph()
    with graph.as_default():
        y = tf.gather(tf.constant([1, 2]), 0)
    assert [f[2] for f in y.op.traceback][-1] == \
        "test_a_session_lists_the_user_frames_and_the_creation_stack"


def test_errors_in_eager_code_keep_the_ops_wording():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.gather(tf.constant([1, 2]), tf.constant(2))
    assert as_recorded(str(e.value)) == (
        "{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:"
        "CPU:0}} indices = 2 is not in [0, 2) [Op:GatherV2] name: ")


def test_a_nested_functions_error_is_worded_once():
    inner = tf.function(lambda x, i: tf.gather(x, i))

    @tf.function
    def outer(x, i):
        return inner(x, i) * 2

    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        outer(tf.constant([1, 2]), tf.constant(2))
    text = str(err.value)
    assert text.count("{{node") == 1, text
    # (a lambda's node: TF keeps no definition site, and names the function in the tag)
    assert re.search(r"defined at \(most recent call last\):\n<stack traces unavailable>\n"
                     r"indices = 2 is not in \[0, 2\)\n\t \[\[\{\{function_node "
                     r"__inference_<lambda>_\d+\}\}\{\{node GatherV2\}\}\]\] "
                     r"\[Op:__inference_outer_\d+\]$", text), text


_TF_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[2])
import tensorflow as tf
from graph_error_cases import CASES, raise_case
out = {name: raise_case(tf, src) for name, src in CASES.items()}
json.dump(out, open(sys.argv[1] + "/out.json", "w"))
"""


@pytest.fixture(scope="module")
def tf_answers(tmp_path_factory):
    if not HAVE_TF_PYTHON:
        pytest.skip("TensorFlow's interpreter is not installed")
    import pathlib
    return run_tf_script(_TF_SCRIPT, tmp_path_factory.mktemp("tf"),
                         pathlib.Path(__file__).parent)


@pytest.mark.parametrize("case", sorted(CASES))
def test_matches_tensorflow(case, tf_answers):
    want_cls, want_text = tf_answers[case]
    cls, text = raise_case(tf, CASES[case])
    assert cls == want_cls
    assert _case_frames(text) == _case_frames(want_text), (text, want_text)
    if case.startswith("session"):  # the whole text but the frames outside the case
        assert _case_text(text) == _case_text(want_text), (text, want_text)
        return
    assert _comparable(case, _shape(text)) == _comparable(case, _shape(want_text)), \
        (text, want_text)


def _case_text(text):
    return re.sub(r'^ *File "(?!<case>)[^\n]*\n', "", text, flags=re.M)


def _leaf(x, k):
    y = x + 1.0
    for _ in range(k):
        y = y * 2.0
    return y


def _mid(x):
    a = _leaf(x, 2)
    return _leaf(a, 1)


def _body(x):
    return _mid(x) - _leaf(x, 0)


def _user_lines(graph):
    names = {"_leaf", "_mid", "_body"}
    return [[(f.name, f.lineno) for f in op.traceback if f.name in names]
            for op in graph.get_operations() if op.type in ("AddV2", "Mul", "Sub")]


def test_each_traced_node_has_its_own_frames():
    """A trace reuses the frames a node shares with the one before (they are suspended
    where they were): every node's frames are still its own, as building the same code
    in a tf.Graph (which walks the whole stack) gives them."""
    traced = tf.function(_body, autograph=False).get_concrete_function(
        tf.TensorSpec([], tf.float32)).graph
    graph = tf.Graph()
    with graph.as_default():
        _body(tf.compat.v1.placeholder(tf.float32, []))
    got, want = _user_lines(traced), _user_lines(graph)
    assert got == want and len(want) == 7, (got, want)
    assert len({tuple(lines) for lines in want}) == 6  # (the loop's two Muls share theirs)
