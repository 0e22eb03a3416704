"""file_cases_exports.py's cases (functions of *args, traced and with input signatures;
concrete functions held as attributes; functions in lists, tuples and dicts;
function_aliases over concrete functions and the ones TF refuses; assets gone missing
after the save; tables in containers; ragged, sparse and unknown-rank signatures;
signature keys of odd characters and signatures' outputs; load's tags and paths; variables
of every aggregation updated by saved functions; Keras layers owning registered submodels;
Python arguments; a resaved load; modules in containers) against TensorFlow 2.21, as
test_file_cases_kinds.py checks its own (kinds_checks.suite): eagerflow reading its own
files and TF's kept ones as TF reads them (golden/file_cases_kinds.json), and where TF is
installed each reading the other's files, kinds_checks.KNOWN apart."""

from __future__ import annotations

import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.saved_model import structure
from eagerflow._src.saved_model.protos import pb
from tests.interop import file_cases as C
from tests.interop import kinds_checks as K
from tests.interop.file_cases_exports import EXPORT_CASES, EXPORT_TF_FILES
from tests.interop.file_cases_kinds import CASES
from tests.interop.test_file_cases import HERE

NAMES = sorted(EXPORT_CASES)

(test_our_files_read_back_as_tensorflows_own,
 test_we_read_the_files_tensorflow_wrote_as_it_does, tf_outcomes,
 test_tensorflow_reads_our_files_as_its_own,
 test_we_read_tensorflows_files_as_it_does) = K.suite(NAMES, "file_cases_exports",
                                                        set(EXPORT_TF_FILES))


def _function_specs(folder) -> list:
    """The kinds of saved parameters (FullArgSpec's args, varargs, kwonlyargs) of its
    tf.functions and traces and, for a trace, the inputs it names: the library's names
    left out (TF numbers its functions), each once (TF saves a concrete function held as
    an attribute apart from its tf.function's trace of it, kinds_checks.KNOWN)."""
    sm = pb().SavedModel()
    sm.ParseFromString((folder / "sm" / "saved_model.pb").read_bytes())
    out = []
    for nd in sm.meta_graphs[0].object_graph_def.nodes:
        kind = nd.WhichOneof("kind")
        if kind not in ("function", "bare_concrete_function"):
            continue
        spec = getattr(nd, kind).function_spec
        full = structure.decode(spec.fullargspec) if spec.HasField("fullargspec") else None
        row = [kind, None if full is None else [full.args, full.varargs, full.kwonlyargs]]
        if kind == "bare_concrete_function":
            b = nd.bare_concrete_function
            row += [list(b.argument_keywords), b.allowed_positional_arguments]
        out.append(row)
    return sorted({repr(row): row for row in out}.values(), key=repr)


@pytest.mark.parametrize("name", ["varargs_traced", "varargs_signature", "concrete_keywords"])
def test_traces_are_described_as_tensorflow_describes_them(name, tmp_path):
    # TF's FunctionSpec of a trace names *rest's arguments rest_0, rest_1 (with an input
    # signature, the tf.function's own too), and its keywords are its tensor inputs alone
    assert C.run_case(tf, keras, name, str(tmp_path), True, CASES) == {}
    kept = HERE / "golden" / "file_cases_kinds" / name
    assert _function_specs(tmp_path) == _function_specs(kept)


def test_a_trace_of_star_args_names_them_by_the_star_parameter():
    @tf.function
    def scaled(scale, *rest):
        return scale * tf.add_n(list(rest))

    cf = scaled.get_concrete_function(tf.constant(1.0), tf.constant(2.0))
    assert cf.pretty_printed_signature().split("\n")[1:3] == [
        "  scale (POSITIONAL_ONLY): TensorSpec(shape=(), dtype=tf.float32, name=None)",
        "  rest_0 (POSITIONAL_ONLY): TensorSpec(shape=(), dtype=tf.float32, name=None)"]


def test_function_aliases_of_no_function_are_refused_when_saving(tmp_path):
    m = tf.Module()
    m.f = tf.function(lambda x: x)
    for bad, kind in ((3, "int"), ([1], "list"), (None, "NoneType")):
        options = tf.saved_model.SaveOptions(function_aliases={"a": bad})  # (kept as given)
        with pytest.raises(TypeError, match=rf"^Unsupported type f<class '{kind}'>\. "
                                            r"Functions in `function_aliases` should be"):
            tf.saved_model.save(m, str(tmp_path / kind), options=options)
