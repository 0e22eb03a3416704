"""Cases of TF's training ops (ResourceApply*) and of the TF 1 optimizers that emit them,
run under TF 2.21 (record_training_ops_golden.py) and eagerflow (test_training_ops.py)
alike: `record(tf)` gives each case's outcome as plain data."""

import numpy as np

# op -> (its variables' names, its tensors' names: scalars, then the gradient)
OPS = {
    "ResourceApplyGradientDescent": (("var",), ("alpha", "delta")),
    "ResourceApplyMomentum": (("var", "accum"), ("lr", "grad", "momentum")),
    "ResourceApplyAdam": (("var", "m", "v"), ("beta1_power", "beta2_power", "lr", "beta1",
                                              "beta2", "epsilon", "grad")),
    "ResourceApplyAdagrad": (("var", "accum"), ("lr", "grad")),
    "ResourceApplyAdagradV2": (("var", "accum"), ("lr", "epsilon", "grad")),
    "ResourceApplyRMSProp": (("var", "ms", "mom"), ("lr", "rho", "momentum", "epsilon",
                                                   "grad")),
    "ResourceApplyCenteredRMSProp": (("var", "mg", "ms", "mom"),
                                     ("lr", "rho", "momentum", "epsilon", "grad")),
    "ResourceApplyAdadelta": (("var", "accum", "accum_update"),
                              ("lr", "rho", "epsilon", "grad")),
    "ResourceApplyProximalGradientDescent": (("var",), ("alpha", "l1", "l2", "delta")),
    "ResourceApplyProximalAdagrad": (("var", "accum"), ("lr", "l1", "l2", "grad")),
}
# a value for each scalar (the powers of beta as after two steps)
SCALARS = {"alpha": 0.1, "lr": 0.05, "momentum": 0.9, "beta1_power": 0.81,
           "beta2_power": 0.998, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-7, "rho": 0.9,
           "l1": 0.05, "l2": 0.02}
FLAGS = {"ResourceApplyMomentum": [{}, {"use_nesterov": True}],
         "ResourceApplyAdam": [{}, {"use_nesterov": True}],
         "ResourceApplyAdagrad": [{}, {"update_slots": False}],
         "ResourceApplyAdagradV2": [{}, {"update_slots": False}]}


def inputs(op: str, dtype: str, seed: int = 0) -> tuple:
    """(the variables' initial arrays, the tensors' arrays) of a case: slots positive
    (Adagrad's accumulators, RMSProp's mean squares above the mean's square)."""
    rng = np.random.default_rng(seed)
    resources, tensors = OPS[op]
    shape = (2, 3)
    var = {n: (rng.uniform(0.5, 1.5, shape) if n not in ("var", "mg", "m") else
               rng.uniform(-1.0, 1.0, shape) * (0.1 if n == "mg" else 1.0)).astype(dtype)
           for n in resources}
    ten = {n: np.array(SCALARS[n], dtype) for n in tensors if n in SCALARS}
    for n in tensors:
        if n not in SCALARS:
            ten[n] = rng.standard_normal(shape).astype(dtype)
    return var, ten


def _value(tf, x) -> dict:
    a = np.asarray(x)
    return {"dtype": str(a.dtype), "shape": list(a.shape), "value": a.tolist()}


def _error(e) -> str:
    return f"{type(e).__name__}: {e}"


def _apply(tf, op: str, dtype: str, flags: dict, seed: int = 0) -> dict:
    var, ten = inputs(op, dtype, seed)
    vs = {n: tf.Variable(a) for n, a in var.items()}
    args = {n: v.handle for n, v in vs.items()}
    args.update({n: tf.constant(a) for n, a in ten.items()})
    getattr(tf.raw_ops, op)(**args, **flags)
    return {n: _value(tf, v.numpy()) for n, v in vs.items()}


def _bad(tf, op: str, arg: str, kind: str) -> str:
    """The eager error for one bad input: `arg` a vector where a scalar goes ("scalar"),
    or of another shape than var ("shape")."""
    var, ten = inputs(op, "float32")
    if kind == "shape":
        (var if arg in var else ten)[arg] = np.ones((3, 2), np.float32)
    else:
        ten[arg] = np.ones((2,), np.float32)
    args = {n: tf.Variable(a).handle for n, a in var.items()}
    args.update({n: tf.constant(a) for n, a in ten.items()})
    try:
        getattr(tf.raw_ops, op)(**args)
    except Exception as e:  # noqa: BLE001 (the outcome is the error)
        return _error(e)
    return "no error"


def record_kernels(tf) -> dict:
    out = {}
    for op in OPS:
        for i, flags in enumerate(FLAGS.get(op, [{}])):
            for dtype in ("float32", "float64"):
                out[f"{op}-{i}-{dtype}"] = _apply(tf, op, dtype, flags)
    return out


def record_errors(tf) -> dict:
    out = {}
    for op, (resources, tensors) in OPS.items():
        for arg in resources[1:] + tensors:
            kind = "scalar" if arg in SCALARS else "shape"
            out[f"{op}-{arg}"] = _bad(tf, op, arg, kind)
    var = tf.Variable(np.ones(2, np.float32))
    try:
        tf.raw_ops.ResourceApplyGradientDescent(var=var.handle, alpha=1, delta=[1, 1])
    except Exception as e:  # noqa: BLE001
        out["int32"] = _error(e).split("\n")[0]
    return out


OPTIMIZERS = {
    "gd": lambda T: T.GradientDescentOptimizer(0.1),
    "momentum": lambda T: T.MomentumOptimizer(0.1, 0.9),
    "nesterov": lambda T: T.MomentumOptimizer(0.1, 0.9, use_nesterov=True),
    "adam": lambda T: T.AdamOptimizer(0.01),
    "adagrad": lambda T: T.AdagradOptimizer(0.1),
    "rmsprop": lambda T: T.RMSPropOptimizer(0.01, momentum=0.5),
    "centered": lambda T: T.RMSPropOptimizer(0.01, centered=True),
    "adadelta": lambda T: T.AdadeltaOptimizer(1.0),
    "adam_locking": lambda T: T.AdamOptimizer(0.01, use_locking=True),
    "momentum_locking": lambda T: T.MomentumOptimizer(0.1, 0.9, use_locking=True),
    "proximal_gd": lambda T: T.ProximalGradientDescentOptimizer(
        0.1, l1_regularization_strength=0.05, l2_regularization_strength=0.02),
    "proximal_adagrad": lambda T: T.ProximalAdagradOptimizer(
        0.1, l2_regularization_strength=0.02),
}


def _attr(v) -> object:
    kind = v.WhichOneof("value")
    return v.type if kind == "type" else v.b if kind == "b" else kind


def scope_nodes(g, scope: str, shows_attrs) -> list:
    """The nodes of an optimizer's `scope` in graph `g`'s GraphDef as [name, op, inputs,
    attrs], the attrs (but private ones: a type's enum, a bool, else the value's kind) of
    the nodes whose op `shows_attrs` picks (its training ops)."""
    nodes = []
    for n in g.as_graph_def().node:
        if n.name == scope or n.name.startswith(scope + "/"):
            attrs = {k: _attr(v) for k, v in sorted(n.attr.items())
                     if not k.startswith("_")} if shows_attrs(n.op) else {}
            nodes.append([n.name, n.op, list(n.input), attrs])
    return nodes


def record_graphs(tf) -> dict:
    """Each optimizer's nodes in a TF 1 graph (those of its scope: name, op, inputs, the
    training op's attrs) and the variable after three steps."""
    v1 = tf.compat.v1
    out = {}
    for key, make in OPTIMIZERS.items():
        g = tf.Graph()
        with g.as_default():
            w = v1.get_variable("w", initializer=tf.constant([1.0, 2.0]))
            x = v1.placeholder(tf.float32, [2])
            opt = make(v1.train)
            train = opt.minimize(tf.reduce_sum(w * w * x))
            scope = opt.get_name()
            nodes = scope_nodes(g, scope, lambda op: "Apply" in op)
            with v1.Session() as s:
                s.run(v1.global_variables_initializer())
                for _ in range(3):
                    s.run(train, {x: [1.0, 3.0]})
                out[key] = {"nodes": nodes, "w": _value(tf, s.run(w))}
    return out


def record_eager_optimizers(tf) -> dict:
    """The TF 1 optimizers run eagerly (each update one training op): three steps."""
    out = {}
    for key, make in OPTIMIZERS.items():
        w = tf.Variable([1.0, 2.0])
        opt = make(tf.compat.v1.train)
        for _ in range(3):
            opt.minimize(lambda: tf.reduce_sum(w * w * tf.constant([1.0, 3.0])), var_list=[w])
        out[key] = _value(tf, w.numpy())
    return out


def record(tf) -> dict:
    return {"kernels": record_kernels(tf), "errors": record_errors(tf),
            "graphs": record_graphs(tf), "eager": record_eager_optimizers(tf)}
