"""A TensorSpec's name in a traced, saved and loaded function, as a program either
interpreter runs (`python spec_name_program.py tf|ef DIR`): a name no op may take
("zero x", "_x") leaves TF's placeholder named "Placeholder", the name kept as its
`_user_specified_name` and in the FunctionDef's argument attributes. Prints JSON."""

import json
import sys

NAMES = ["xx", "zero x", "x/y", "1x", "_x", "x-y", ".x", "", None]


def facts(tf, sm_class, path):
    out = {"traced": []}
    for nm in NAMES:
        fn = tf.function(lambda x: x * 2, input_signature=[tf.TensorSpec([2], tf.float32, nm)])
        g = fn.get_concrete_function().graph
        op = g.inputs[0].op
        try:
            user = op.get_attr("_user_specified_name").decode()
        except ValueError:
            user = None
        out["traced"].append([nm, [t.name for t in g.inputs], user])

    class M(tf.Module):
        def __init__(self):
            self.v = tf.Variable([1.0, 2.0])

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32, name="zero x")])
        def f(self, x):
            return x + self.v

        @tf.function(input_signature=[])
        def g(self):  # (a second: no default signature, which would refuse the name)
            return self.v + 1.0

    tf.saved_model.save(M(), path)
    sm = sm_class()
    with open(path + "/saved_model.pb", "rb") as f:
        sm.ParseFromString(f.read())
    fdef = next(f for f in sm.meta_graphs[0].graph_def.library.function
                if f.signature.name.startswith("__inference_f_"))
    out["args"] = [[a.name, fdef.arg_attr[i].attr["_user_specified_name"].s.decode()]
                   for i, a in enumerate(fdef.signature.input_arg)]
    loaded = tf.saved_model.load(path)
    g = loaded.f.get_concrete_function().graph
    out["loaded_input"] = g.inputs[0].name
    out["loaded_user"] = g.inputs[0].op.get_attr("_user_specified_name").decode()
    out["value"] = loaded.f(tf.constant([1.0, 2.0])).numpy().tolist()
    return out


if __name__ == "__main__":
    if sys.argv[1] == "tf":
        import tensorflow as tf
        from tensorflow.core.protobuf import saved_model_pb2
        sm_class = saved_model_pb2.SavedModel
    else:
        import eagerflow as tf
        from eagerflow._src.saved_model.protos import pb
        sm_class = pb().SavedModel
    print(json.dumps(facts(tf, sm_class, sys.argv[2] + "/sm")))
