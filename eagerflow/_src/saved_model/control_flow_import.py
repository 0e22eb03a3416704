"""TensorFlow's If and While nodes as tf.cond and tf.while_loop.

Sits in saved_model/ beside function_import.py, which calls `import_control_flow` for
those nodes. The branches, condition and body are library functions, imported as
concrete functions with their resource arguments bound to the variables the node is
given; the node becomes eagerflow's own cond / while_loop calling them, so it runs,
and differentiates, as a traced tf.cond or tf.while_loop does. A While's resource loop
variables (TF carries captured variables through the loop) stay bound: the body must
hand them back unchanged, as TF's own loops do.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.ops.control_flow import cond, while_loop


def import_control_flow(importer: Any, node: Any) -> list:
    if node.op in ("If", "StatelessIf"):
        return _if(importer, node)
    return _while(importer, node)


def _if(importer: Any, node: Any) -> list:
    from eagerflow._src.saved_model.function_import import Spec

    pred, ins = node.inputs[0], node.inputs[1:]
    args = [x if is_variable(x) else Spec(x._shape, x._dtype) for x in ins]
    tensors = [x for x in ins if not is_variable(x)]
    then_cf = importer.concrete(node.attrs["then_branch"], args)
    else_cf = importer.concrete(node.attrs["else_branch"], args)
    n = len(node.attrs["Tout"])
    if n == 0:
        cond(pred, lambda: then_cf._call_flat(tensors) and None,
             lambda: else_cf._call_flat(tensors) and None)
        return []
    out = cond(pred, lambda: list(then_cf.call_flat_outputs(tensors)),
               lambda: list(else_cf.call_flat_outputs(tensors)))
    return list(out)


def _while(importer: Any, node: Any) -> list:
    from eagerflow._src.saved_model.function_import import Spec

    ins = list(node.inputs)
    carried = [i for i, x in enumerate(ins) if not is_variable(x)]
    args = [x if is_variable(x) else Spec(x._shape, x._dtype) for x in ins]
    shapes = node.attrs.get("output_shapes") or ()
    invariants = [TensorShape(shapes[i]) if i < len(shapes) else TensorShape(ins[i].shape)
                  for i in carried]
    # loosen the inputs to the invariants, so the functions are traced for any iteration
    args = [Spec(invariants[carried.index(i)]._dims, a.dtype) if isinstance(a, Spec) else a
            for i, a in enumerate(args)]
    cond_cf = importer.concrete(node.attrs["cond"], args)
    body_cf = importer.concrete(node.attrs["body"], args)

    def c(*vs: Any) -> Any:
        return cond_cf.call_flat_outputs(list(vs))[0]

    def b(*vs: Any) -> list:
        out = body_cf.call_flat_outputs(list(vs))
        return [out[i] for i in carried]

    res = while_loop(c, b, [ins[i] for i in carried], shape_invariants=invariants)
    res = list(res) if isinstance(res, (list, tuple)) else [res]
    out: list = list(ins)
    for k, i in enumerate(carried):
        out[i] = res[k]
    return out
