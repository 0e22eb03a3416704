"""Cases of TF's AdagradDA ops (ResourceApplyAdagradDA, ResourceSparseApplyAdagradDA) and of
TF 1's AdagradDAOptimizer that emits them, run under TF 2.21 (record_adagrad_da_golden.py)
and eagerflow (test_adagrad_da.py) alike, values exactly (each float's bits)."""

import numpy as np

from tests.ops.training_ops2_cases import bits

RESOURCES = ("var", "gradient_accumulator", "gradient_squared_accumulator")
DENSE = RESOURCES, ("grad", "lr", "l1", "l2", "global_step")
SPARSE = RESOURCES, ("grad", "indices", "lr", "l1", "l2", "global_step")
SCALARS = {"lr": 0.2, "l1": 0.05, "l2": 0.1, "global_step": 3}


def inputs(dtype: str, shape: tuple, ids: list | None, l1: float = 0.05) -> tuple:
    rng = np.random.default_rng(3)
    var = {"var": rng.uniform(-1, 1, shape).astype(dtype),
           "gradient_accumulator": rng.uniform(-0.5, 0.5, shape).astype(dtype),
           "gradient_squared_accumulator": rng.uniform(0.1, 1.0, shape).astype(dtype)}
    rows = shape if ids is None else (len(ids),) + shape[1:]
    ten = {"grad": rng.standard_normal(rows).astype(dtype),
           "lr": np.asarray(0.2, dtype), "l1": np.asarray(l1, dtype),
           "l2": np.asarray(0.1, dtype), "global_step": np.asarray(3, np.int64)}
    if ids is not None:
        ten["indices"] = np.asarray(ids, np.int32)
    return var, ten


def apply(tf, dtype: str, shape: tuple, ids: list | None, l1: float) -> dict:
    var, ten = inputs(dtype, shape, ids, l1)
    vs = {n: tf.Variable(a) for n, a in var.items()}
    op = "ResourceApplyAdagradDA" if ids is None else "ResourceSparseApplyAdagradDA"
    for _ in range(2):
        getattr(tf.raw_ops, op)(**{n: v.handle for n, v in vs.items()},
                                **{n: tf.constant(a) for n, a in ten.items()})
    return {n: bits(v.numpy()) for n, v in vs.items()}


CASES = {f"{kind}-{shape}-{l1}-{dtype}": (dtype, shape, ids, l1)
         for kind, ids in (("dense", None), ("unique", [3, 0, 2]), ("repeated", [1, 2, 1]))
         for shape in ((5, 3), (5,)) for l1 in (0.05, 0.0)
         for dtype in ("float32", "float64")}


def _error(e) -> str:
    return f"{type(e).__name__}: {e}"


def record_errors(tf) -> dict:
    out = {}
    for sparse in (False, True):
        op = "ResourceSparseApplyAdagradDA" if sparse else "ResourceApplyAdagradDA"
        _, tensors = SPARSE if sparse else DENSE
        for what in ("gradient_squared_accumulator", "lr", "l1", "l2", "global_step", "grad",
                     "step_int32", "out_of_range"):
            if what == "out_of_range" and not sparse:
                continue
            var, ten = inputs("float32", (5, 3), [3, 0, 2] if sparse else None)
            if what in var:
                var[what] = np.ones((5, 4), np.float32)
            elif what == "grad":
                ten["grad"] = np.ones((3, 4) if sparse else (5, 4), np.float32)
            elif what == "step_int32":
                ten["global_step"] = np.asarray(3, np.int32)
            elif what == "out_of_range":
                ten["indices"] = np.int32([3, 9, 2])
            else:
                ten[what] = np.ones(2, ten[what].dtype)
            vs = {n: tf.Variable(a) for n, a in var.items()}
            try:
                getattr(tf.raw_ops, op)(**{n: v.handle for n, v in vs.items()},
                                        **{n: tf.constant(a) for n, a in ten.items()})
                got = "no error"
            except Exception as e:  # noqa: BLE001
                got = _error(e)
            out[f"{op}-{what}"] = [got, {n: bits(v.numpy()) for n, v in vs.items()}]
    return out


def _attr(v) -> object:
    kind = v.WhichOneof("value")
    return v.type if kind == "type" else v.b if kind == "b" else kind


def record_graphs(tf) -> dict:
    """TF 1's AdagradDAOptimizer on a dense and a sparse gradient: its nodes and the
    variables and slots after three steps (the global step advanced by the caller)."""
    v1 = tf.compat.v1
    out = {}
    for key, l1 in (("l1", 0.05), ("plain", 0.0)):
        g = tf.Graph()
        with g.as_default():
            step = v1.train.get_or_create_global_step()
            w = v1.get_variable("w", initializer=np.float32([1.0, -2.0, 0.5]))
            table = v1.get_variable("table", initializer=np.float32(
                np.arange(15).reshape(5, 3) / 10 - 0.7))
            ids = v1.placeholder(tf.int32, [3], name="ids")
            rows = v1.placeholder(tf.float32, [3, 3], name="rows")
            opt = v1.train.AdagradDAOptimizer(0.3, step, l1_regularization_strength=l1,
                                              l2_regularization_strength=0.1)
            train = opt.apply_gradients(
                [(w * w * tf.constant([1.0, 3.0, -0.5]), w),
                 (tf.IndexedSlices(rows, ids, tf.constant([5, 3])), table)],
                global_step=step)
            nodes = []
            for n in g.as_graph_def().node:
                if n.name.startswith("AdagradDA"):
                    attrs = {k: _attr(v) for k, v in sorted(n.attr.items())
                             if not k.startswith("_")} if n.op.startswith("Resource") else {}
                    nodes.append([n.name, n.op, list(n.input), attrs])
            with v1.Session() as s:
                s.run(v1.global_variables_initializer())
                for i in range(3):
                    s.run(train, {ids: [i, 4, i], rows: np.float32(
                        np.linspace(-1, 1, 9).reshape(3, 3) * (i + 1))})
                out[key] = {"nodes": nodes,
                            "vars": {v.op.name: bits(s.run(v)) for v in (w, table)},
                            "slots": {f"{n}/{v.op.name}": bits(s.run(opt.get_slot(v, n)))
                                      for n in opt.get_slot_names() for v in (w, table)}}
    return out


def record(tf) -> dict:
    return {"kernels": {k: apply(tf, *c) for k, c in CASES.items()},
            "errors": record_errors(tf), "graphs": record_graphs(tf)}
