"""Cases shared by make_benchmark_golden.py (run under TensorFlow) and test_benchmark.py.

Pure data and builders taking the GraphDef class, so the same GraphDefs are made from TF's
protos when recording and eagerflow's when testing.
"""

# tf.test.Benchmark.report_benchmark calls: name -> keyword arguments (a single extra per
# call: protobuf prints a map's entries in no fixed order)
REPORTS = {
    "all_fields": {"iters": 3, "cpu_time": 0.25, "wall_time": 0.5, "throughput": 12.5,
                   "extras": {"flops": 1024}, "metrics": [
                       {"name": "acc", "value": 0.9, "min_value": 0.5, "max_value": 1.0}]},
    "string_extra": {"wall_time": 1e-6, "extras": {"note": ["a", 1]}},
    "renamed": {"iters": 1, "name": "custom/name"},
    "nothing": {},
}
REPORT_ERRORS = {
    "extras_not_dict": {"extras": [1]},
    "metrics_not_list": {"metrics": {"name": "a", "value": 1}},
    "metric_without_name": {"metrics": [{"value": 1.0}]},
    "metric_without_value": {"metrics": [{"name": "a"}]},
}

F32, F64, I32, BF16, F16 = 1, 2, 3, 14, 19
# GraphDef pairs for tf.test.assert_equal_graph_def: name -> (expected nodes, actual nodes);
# a node is (name, op, inputs, attrs, device), attrs {key: (kind, value)}
_A = ("a", "Placeholder", [], {"dtype": ("type", F32), "shape": ("shape", [None, 2])}, "")
_B = ("b", "Relu", ["a"], {"T": ("type", F32)}, "")
GRAPH_PAIRS = {
    "equal_reordered": ([_A, _B], [_B, _A]),
    "equal_zero_output": ([_A, _B], [_A, ("b", "Relu", ["a:0"], {"T": ("type", F32)}, "")]),
    "equal_internal_attrs": ([_A, ("b", "Relu", ["a"], {"T": ("type", F32),
                                                      "_class": ("s", b"x")}, "")], [_A, _B]),
    "missing_node": ([_A, _B], [_A]),
    "unexpected_node": ([_A], [_A, _B]),
    "op": ([_A, _B], [_A, ("b", "Relu6", ["a"], {"T": ("type", F32)}, "")]),
    "device": ([_A, _B], [_A, ("b", "Relu", ["a"], {"T": ("type", F32)}, "/cpu:0")]),
    "input": ([_A, _B], [_A, ("b", "Relu", ["c"], {"T": ("type", F32)}, "")]),
    "input_count": ([_A, _B], [_A, ("b", "Relu", ["a", "^a"], {"T": ("type", F32)}, "")]),
    "control_input": ([_A, ("b", "Relu", ["a", "^a"], {"T": ("type", F32)}, "")],
                      [_A, ("b", "Relu", ["a", "^c"], {"T": ("type", F32)}, "")]),
    "attr_value": ([_A, _B], [_A, ("b", "Relu", ["a"], {"T": ("type", F64)}, "")]),
    "attr_half_types": ([_A, ("b", "Relu", ["a"], {"T": ("type", BF16)}, "")],
                        [_A, ("b", "Relu", ["a"], {"T": ("type", F16)}, "")]),
    "attr_missing": ([_A, _B], [_A, ("b", "Relu", ["a"], {}, "")]),
    "attr_unexpected": ([_A, _B], [_A, ("b", "Relu", ["a"], {"T": ("type", F32),
                                                           "U": ("i", 7)}, "")]),
    "summaries": ([("n", "Foo", ["a", "b:1", "^c"], {
        "i": ("i", 3), "f": ("f", 0.5), "f2": ("f", 1e-7), "b": ("b", True),
        "s": ("s", b'ab"c\n'), "sh": ("shape", [None, 2]), "ush": ("shape", None),
        "li": ("list_i", [1, 2]), "lt": ("list_type", [F32, I32]), "ls": ("list_s", [b"x"]),
        "le": ("list_i", []), "fn": ("func", "myfn"), "tn": ("tensor", [1.5, 2.0]),
    }, "/cpu:0")], []),
}


def graph_def(cls, nodes, tensor_proto):
    """A GraphDef of `cls` holding `nodes`; `tensor_proto(list)` makes a float TensorProto."""
    gd = cls()
    for name, op, inputs, attrs, device in nodes:
        nd = gd.node.add(name=name, op=op, input=inputs, device=device)
        for key, (kind, value) in attrs.items():
            av = nd.attr[key]
            if kind == "shape":
                if value is None:
                    av.shape.unknown_rank = True
                else:
                    for d in value:
                        av.shape.dim.add(size=-1 if d is None else d)
            elif kind.startswith("list_"):
                av.list.SetInParent()
                getattr(av.list, kind[5:]).extend(value)
            elif kind == "func":
                av.func.name = value
                av.func.attr["T"].type = F32
            elif kind == "tensor":
                av.tensor.CopyFrom(tensor_proto(value))
            else:
                setattr(av, kind, value)
    return gd
