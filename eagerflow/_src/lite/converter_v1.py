"""tf.compat.v1.lite.TFLiteConverter: TF 1's converter, of a Session's graph, a frozen
GraphDef file or a TF 1 SavedModel's signature.

Sits in lite/ over converter.py. Each is made a TF 2 function as TF 2 runs a frozen graph
(the variables made constants, the GraphDef imported by wrap_function and pruned from the
input tensors to the output ones), which converter.py lowers; the model has no
signature, its tensors named after the graph's (TF 1's converter writes none either)."""

from __future__ import annotations

from typing import Any

from eagerflow._src.function.compat_v1 import Graph, Session
from eagerflow._src.function.wrap import wrap_function
from eagerflow._src.io.file_errors import local_path
from eagerflow._src.lite.converter import TFLiteConverter as _ConverterV2
from eagerflow._src.saved_model import graph_util
from eagerflow._src.saved_model.graph_import import import_graph_def
from eagerflow._src.saved_model.load import load_into_session
from eagerflow._src.saved_model.meta_graph import pb


def _tensor_name(name: str) -> str:
    return name if ":" in name else f"{name}:0"


class TFLiteConverter(_ConverterV2):
    """TF 1's converter (its factories; converting is TF 2's)."""

    def __init__(self, graph_def: Any, inputs: list, outputs: list) -> None:
        """Of frozen `graph_def`, from the tensors named `inputs` to those named `outputs`
        (the model's outputs take their op names, as TF 1's output arrays name them)."""
        wrapped = wrap_function(lambda: import_graph_def(graph_def, name=""), [])
        fn = wrapped.prune([_tensor_name(n) for n in inputs],
                           [_tensor_name(n) for n in outputs])
        super().__init__([fn], None, None)
        self._output_names = [n.split(":")[0] for n in outputs]

    @classmethod
    def from_session(cls, sess: Any, input_tensors: list, output_tensors: list
                     ) -> TFLiteConverter:
        graph_def = graph_util.convert_variables_to_constants(
            sess, sess.graph.as_graph_def(), [t.op.name for t in output_tensors])
        return cls(graph_def, [t.name for t in input_tensors],
                   [t.name for t in output_tensors])

    @classmethod
    def from_frozen_graph(cls, graph_def_file: str, input_arrays: list, output_arrays: list,
                          input_shapes: Any = None) -> TFLiteConverter:
        del input_shapes  # (the placeholders' own shapes are converted)
        graph_def = pb().GraphDef()
        with open(local_path(graph_def_file), "rb") as f:
            graph_def.ParseFromString(f.read())
        return cls(graph_def, list(input_arrays), list(output_arrays))

    @classmethod
    def from_saved_model(cls, saved_model_dir: str, input_arrays: Any = None,
                         input_shapes: Any = None, output_arrays: Any = None,
                         tag_set: Any = None, signature_key: str | None = None
                         ) -> TFLiteConverter:
        """The signature `signature_key` ("serving_default") of the MetaGraph of `tag_set`
        ({"serve"}): its inputs and outputs in their keys' order, unless named."""
        del input_shapes
        with Graph().as_default(), Session() as sess:
            meta = load_into_session(sess, sorted(tag_set or {"serve"}), saved_model_dir)
            sig = meta.signature_def[signature_key or "serving_default"]
            ins = [sess.graph.get_tensor_by_name(sig.inputs[k].name)
                   for k in sorted(sig.inputs)] if input_arrays is None else \
                [sess.graph.get_tensor_by_name(_tensor_name(n)) for n in input_arrays]
            outs = [sess.graph.get_tensor_by_name(sig.outputs[k].name)
                    for k in sorted(sig.outputs)] if output_arrays is None else \
                [sess.graph.get_tensor_by_name(_tensor_name(n)) for n in output_arrays]
            return cls.from_session(sess, ins, outs)
