"""Cases of TF's sparse training ops (ResourceSparseApply*, and ResourceScatterAdd, TF 1's
GradientDescent's sparse update) and of the TF 1 optimizers that emit them for IndexedSlices
gradients, run under TF 2.21 (record_sparse_training_ops_golden.py) and eagerflow
(test_sparse_training_ops.py) alike: `record(tf)` gives each case's outcome as plain data,
values exactly (each float's bits)."""

import numpy as np

from tests.ops.training_ops2_cases import bits
from tests.ops.training_ops_cases import scope_nodes

# op -> (its variables, its tensors in TF's order); "indices" is the rows' index vector
OPS = {
    "ResourceSparseApplyAdadelta": (("var", "accum", "accum_update"),
                                    ("lr", "rho", "epsilon", "grad", "indices")),
    "ResourceSparseApplyAdagrad": (("var", "accum"), ("lr", "grad", "indices")),
    "ResourceSparseApplyAdagradV2": (("var", "accum"), ("lr", "epsilon", "grad", "indices")),
    "ResourceSparseApplyCenteredRMSProp": (("var", "mg", "ms", "mom"),
                                           ("lr", "rho", "momentum", "epsilon", "grad",
                                            "indices")),
    "ResourceSparseApplyFtrl": (("var", "accum", "linear"),
                                ("grad", "indices", "lr", "l1", "l2", "lr_power")),
    "ResourceSparseApplyFtrlV2": (("var", "accum", "linear"),
                                  ("grad", "indices", "lr", "l1", "l2", "l2_shrinkage",
                                   "lr_power")),
    "ResourceSparseApplyKerasMomentum": (("var", "accum"),
                                         ("lr", "grad", "indices", "momentum")),
    "ResourceSparseApplyMomentum": (("var", "accum"), ("lr", "grad", "indices", "momentum")),
    "ResourceSparseApplyProximalAdagrad": (("var", "accum"),
                                           ("lr", "l1", "l2", "grad", "indices")),
    "ResourceSparseApplyProximalGradientDescent": (("var",),
                                                   ("alpha", "l1", "l2", "grad", "indices")),
    "ResourceSparseApplyRMSProp": (("var", "ms", "mom"),
                                   ("lr", "rho", "momentum", "epsilon", "grad", "indices")),
}
SCALARS = {"alpha": 0.1, "lr": 0.05, "momentum": 0.9, "epsilon": 1e-3, "rho": 0.9,
           "l1": 0.02, "l2": 0.05, "l2_shrinkage": 0.1, "lr_power": -0.5}
FLAGS = {"ResourceSparseApplyAdagrad": [{}, {"update_slots": False}],
         "ResourceSparseApplyFtrl": [{}, {"multiply_linear_by_lr": True}],
         "ResourceSparseApplyFtrlV2": [{}, {"multiply_linear_by_lr": True}],
         "ResourceSparseApplyMomentum": [{}, {"use_nesterov": True}],
         "ResourceSparseApplyKerasMomentum": [{}, {"use_nesterov": True}]}
POWERS = {"ResourceSparseApplyFtrl": [-0.5, -0.25], "ResourceSparseApplyFtrlV2": [-0.5, -0.75]}
# TF's CPU kernels' dtypes among these
HALF = {"ResourceSparseApplyAdadelta", "ResourceSparseApplyAdagrad",
        "ResourceSparseApplyAdagradV2", "ResourceSparseApplyCenteredRMSProp",
        "ResourceSparseApplyFtrl", "ResourceSparseApplyFtrlV2",
        "ResourceSparseApplyKerasMomentum", "ResourceSparseApplyMomentum",
        "ResourceSparseApplyRMSProp"}
ROWS = 6
SHAPES = {"rows": (ROWS, 3), "scalars": (ROWS,)}
INDICES = {"unique": [4, 0, 2], "repeated": [1, 3, 1, 5, 1]}


def inputs(op: str, dtype: str, shape: tuple, ids: list, power: float = -0.5,
           seed: int = 0) -> tuple:
    """(the variables' initial arrays, the tensors' arrays): accumulators positive, var and
    linear of both signs."""
    rng = np.random.default_rng(seed)
    resources, tensors = OPS[op]
    var = {n: (rng.uniform(-1.0, 1.0, shape) if n in ("var", "linear", "mg") else
               rng.uniform(0.2, 1.5, shape)).astype(dtype) for n in resources}
    if "mg" in var:
        var["mg"] *= np.asarray(0.1, dtype)
    ten = {n: np.array(power if n == "lr_power" else SCALARS[n], dtype)
           for n in tensors if n in SCALARS}
    ten["grad"] = rng.standard_normal((len(ids),) + shape[1:]).astype(dtype)
    ten["indices"] = np.asarray(ids, np.int32)
    return var, ten


def apply(tf, op: str, dtype: str, shape: tuple, ids: list, flags: dict,
          power: float = -0.5, steps: int = 2) -> dict:
    var, ten = inputs(op, dtype, shape, ids, power)
    vs = {n: tf.Variable(a) for n, a in var.items()}
    args = {n: tf.constant(a) for n, a in ten.items()}
    for _ in range(steps):
        getattr(tf.raw_ops, op)(**{n: v.handle for n, v in vs.items()}, **args, **flags)
    return {n: bits(v.numpy()) for n, v in vs.items()}


def record_kernels(tf) -> dict:
    out = {}
    for op in OPS:
        dtypes = ("float16", "float32", "float64") if op in HALF else ("float32", "float64")
        for i, flags in enumerate(FLAGS.get(op, [{}])):
            for power in POWERS.get(op, [-0.5]):
                for sname, shape in SHAPES.items():
                    for iname, ids in INDICES.items():
                        for dtype in dtypes:
                            key = f"{op}-{i}-{power}-{sname}-{iname}-{dtype}"
                            out[key] = apply(tf, op, dtype, shape, ids, flags, power)
    return out


def _error(e) -> str:
    return f"{type(e).__name__}: {e}"


def _attempt(tf, op: str, var: dict, ten: dict, flags: dict | None = None) -> list:
    """[the eager error (or "no error"), the variables after it]."""
    vs = {n: tf.Variable(a) for n, a in var.items()}
    args = {n: v.handle for n, v in vs.items()}
    args.update({n: tf.constant(a) for n, a in ten.items()})
    try:
        getattr(tf.raw_ops, op)(**args, **(flags or {}))
        outcome = "no error"
    except Exception as e:  # noqa: BLE001 (the outcome is the error)
        outcome = _error(e)
    return [outcome, {n: bits(v.numpy()) for n, v in vs.items()}]


def _bad_inputs(op: str, what: str) -> tuple:
    var, ten = inputs(op, "float32", (ROWS, 3), INDICES["unique"])
    resources, tensors = OPS[op]
    if what in resources:
        var[what] = np.ones((ROWS, 4), np.float32)
    elif what in SCALARS:
        ten[what] = np.ones((2,), np.float32)
    elif what == "negative" or what == "positive_power":
        key = "lr" if what == "negative" else "lr_power"
        ten[key] = np.asarray(-0.5 if what == "negative" else 0.5, np.float32)
    elif what == "indices_rank":
        ten["indices"] = np.asarray([[4, 0, 2]], np.int32)
    elif what == "grad_dims":
        ten["grad"] = np.ones((3, 4), np.float32)
    elif what == "grad_rows":
        ten["grad"] = np.ones((2, 3), np.float32)
    elif what == "out_of_range":
        ten["indices"] = np.asarray([4, 0, 9], np.int32)
    elif what == "negative_index":
        ten["indices"] = np.asarray([4, -1, 2], np.int32)
    elif what == "scalar_var":
        var = {n: np.asarray(1.5, np.float32) for n in var}
    elif what == "int64":
        ten["indices"] = ten["indices"].astype(np.int64)
    elif what == "float_indices":
        ten["indices"] = ten["indices"].astype(np.float32)
    return var, ten


ERRORS = ("negative", "positive_power", "indices_rank", "grad_dims", "grad_rows",
          "out_of_range", "negative_index", "scalar_var", "int64", "float_indices")


def record_errors(tf) -> dict:
    out = {}
    for op, (resources, tensors) in OPS.items():
        for what in resources[1:] + tuple(t for t in tensors if t in SCALARS) + ERRORS:
            if what == "positive_power" and "lr_power" not in tensors:
                continue
            var, ten = _bad_inputs(op, what)
            out[f"{op}-{what}"] = _attempt(tf, op, var, ten)
    return out


def record_scatter(tf) -> dict:
    """ResourceScatterAdd: repeated rows added in turn; its errors."""
    out = {}
    for dtype in ("float16", "float32", "float64"):
        var, ten = inputs("ResourceSparseApplyMomentum", dtype, (ROWS, 3),
                          INDICES["repeated"])
        v = tf.Variable(var["var"])
        tf.raw_ops.ResourceScatterAdd(resource=v.handle, indices=ten["indices"],
                                      updates=ten["grad"])
        out[dtype] = bits(v.numpy())
    var, ten = inputs("ResourceSparseApplyMomentum", "float32", (ROWS, 3), [4, 0, 9])
    for key, ids in (("out_of_range", [4, 0, 9]), ("negative", [1, -2, 3])):
        v = tf.Variable(var["var"])
        try:
            tf.raw_ops.ResourceScatterAdd(resource=v.handle, indices=np.int32(ids),
                                          updates=ten["grad"])
            out[key] = ["no error", bits(v.numpy())]
        except Exception as e:  # noqa: BLE001
            out[key] = [_error(e), bits(v.numpy())]
    return out


# TF 1's optimizers with their IndexedSlices gradients: the loss reaches the table through
# tf.gather and embedding_lookup
OPTIMIZERS = {
    "gd": "GradientDescentOptimizer(0.3)",
    "momentum": "MomentumOptimizer(0.2, 0.9)",
    "nesterov": "MomentumOptimizer(0.2, 0.9, use_nesterov=True, use_locking=True)",
    "adagrad": "AdagradOptimizer(0.3)",
    "adam": "AdamOptimizer(0.05)",
    "adam_locking": "AdamOptimizer(0.05, beta1=0.8, use_locking=True)",
    "rmsprop": "RMSPropOptimizer(0.05, momentum=0.5)",
    "centered": "RMSPropOptimizer(0.05, centered=True)",
    "adadelta": "AdadeltaOptimizer(1.0)",
    "ftrl": "FtrlOptimizer(0.5, l1_regularization_strength=0.05)",
    "ftrl_power": "FtrlOptimizer(0.5, learning_rate_power=-0.75)",
    "ftrl_shrink": "FtrlOptimizer(0.5, l1_regularization_strength=0.05, "
                   "l2_shrinkage_regularization_strength=0.1, beta=0.1)",
    "proximal_gd": "ProximalGradientDescentOptimizer(0.3, l1_regularization_strength=0.01, "
                   "l2_regularization_strength=0.1)",
    "proximal_adagrad": "ProximalAdagradOptimizer(0.3, l1_regularization_strength=0.01, "
                        "l2_regularization_strength=0.1)",
}
TABLE = (np.random.default_rng(5).normal(size=(7, 3)) * 0.5).astype(np.float32)
BIAS = (np.random.default_rng(6).normal(size=(7,)) * 0.1).astype(np.float32)
# the gradients' rows and indices, repeated ones among them (summed first by the optimizers,
# GradientDescent's scatter adding them in turn)
STEPS = [(np.int32([0, 2, 2, 4, 0, 1]), np.random.default_rng(7).normal(size=(6, 3))),
         (np.int32([1, 3, 5, 2, 4, 6]), np.random.default_rng(8).normal(size=(6, 3)))]


def record_graphs(tf, optimizers: dict = OPTIMIZERS) -> dict:
    """Each optimizer's nodes in a TF 1 graph, applying IndexedSlices gradients to an
    embedding table and a bias (those of its scope: name, op, inputs, a training op's
    attrs), and the variables and slots after four steps."""
    v1 = tf.compat.v1
    out = {}
    for key, expr in optimizers.items():
        g = tf.Graph()
        with g.as_default():
            table = v1.get_variable("table", initializer=TABLE)
            bias = v1.get_variable("bias", initializer=BIAS)
            ids = v1.placeholder(tf.int32, [6], name="ids")
            rows = v1.placeholder(tf.float32, [6, 3], name="rows")
            grads = [(tf.IndexedSlices(rows, ids, tf.constant([7, 3])), table),
                     (tf.IndexedSlices(rows[:, 0] * 0.5, ids, tf.constant([7])), bias)]
            opt = eval("v1.train." + expr, {"v1": v1})  # noqa: S307
            train = opt.apply_gradients(grads)
            scope = opt.get_name()
            nodes = scope_nodes(g, scope, lambda op: op.startswith("Resource"))
            with v1.Session() as s:
                s.run(v1.global_variables_initializer())
                for _ in range(2):
                    for step_ids, step_rows in STEPS:
                        s.run(train, {ids: step_ids, rows: step_rows.astype(np.float32)})
                out[key] = {"nodes": nodes,
                            "vars": {v.op.name: bits(s.run(v)) for v in (table, bias)},
                            "slots": {f"{n}/{v.op.name}": bits(s.run(opt.get_slot(v, n)))
                                      for n in opt.get_slot_names() for v in (table, bias)}}
    return out


def record_eager(tf, optimizers: dict = OPTIMIZERS) -> dict:
    """The same steps eagerly."""
    out = {}
    for key, expr in optimizers.items():
        table, bias = tf.Variable(TABLE), tf.Variable(BIAS)
        opt = eval("tf.compat.v1.train." + expr, {"tf": tf})  # noqa: S307
        for _ in range(2):
            for step_ids, step_rows in STEPS:
                r = tf.constant(step_rows.astype(np.float32))
                i = tf.constant(step_ids)
                opt.apply_gradients([(tf.IndexedSlices(r, i, tf.constant([7, 3])), table),
                                     (tf.IndexedSlices(r[:, 0] * 0.5, i, tf.constant([7])),
                                      bias)])
        out[key] = {"table": bits(table.numpy()), "bias": bits(bias.numpy())}
    return out


def record_graph_errors(tf) -> dict:
    """The ValueErrors of TF's shape functions while a TF 1 graph is built (a slot of
    another shape, a vector where a scalar goes, 2-D indices), or the node's name where the
    kernel is left to check (the gradient's shape)."""
    v1 = tf.compat.v1
    out = {}
    for op in ("ResourceSparseApplyAdagrad", "ResourceSparseApplyFtrlV2",
               "ResourceSparseApplyCenteredRMSProp"):
        resources, tensors = OPS[op]
        for what in (resources[-1], "lr", "indices_rank", "grad_dims", "grad_rows"):
            var, ten = _bad_inputs(op, what)
            with tf.Graph().as_default():
                args = {n: v1.get_variable(n, initializer=a).handle for n, a in var.items()}
                args.update({n: tf.constant(a, name=n) for n, a in ten.items()})
                try:
                    out[f"{op}-{what}"] = getattr(tf.raw_ops, op)(**args).name
                except Exception as e:  # noqa: BLE001
                    out[f"{op}-{what}"] = _error(e)
    return out


def record(tf) -> dict:
    return {"kernels": record_kernels(tf), "errors": record_errors(tf),
            "scatter": record_scatter(tf), "graphs": record_graphs(tf),
            "eager": record_eager(tf), "graph_errors": record_graph_errors(tf)}
