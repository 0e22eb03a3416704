"""Cases of TF's remaining training ops (ResourceApplyFtrl / FtrlV2, KerasMomentum, AdaMax,
AdamWithAmsgrad, AddSign, PowerSign) and of TF 1's FtrlOptimizer that emits them, run under
TF 2.21 (record_training_ops2_golden.py) and eagerflow (test_training_ops2.py) alike:
`record(tf)` gives each case's outcome as plain data, values exactly (each float's bits)."""

import numpy as np

from tests.ops.training_ops_cases import scope_nodes

# op -> (its variables' names, its tensors' names: scalars, then the gradient)
OPS = {
    "ResourceApplyFtrl": (("var", "accum", "linear"), ("grad", "lr", "l1", "l2", "lr_power")),
    "ResourceApplyFtrlV2": (("var", "accum", "linear"),
                            ("grad", "lr", "l1", "l2", "l2_shrinkage", "lr_power")),
    "ResourceApplyKerasMomentum": (("var", "accum"), ("lr", "grad", "momentum")),
    "ResourceApplyAdaMax": (("var", "m", "v"), ("beta1_power", "lr", "beta1", "beta2",
                                                "epsilon", "grad")),
    "ResourceApplyAdamWithAmsgrad": (("var", "m", "v", "vhat"),
                                     ("beta1_power", "beta2_power", "lr", "beta1", "beta2",
                                      "epsilon", "grad")),
    "ResourceApplyAddSign": (("var", "m"), ("lr", "alpha", "sign_decay", "beta", "grad")),
    "ResourceApplyPowerSign": (("var", "m"), ("lr", "logbase", "sign_decay", "beta", "grad")),
}
SCALARS = {"alpha": 0.1, "lr": 0.05, "momentum": 0.9, "beta1_power": 0.81,
           "beta2_power": 0.998, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-3, "beta": 0.9,
           "l1": 0.3, "l2": 0.02, "l2_shrinkage": 0.1, "lr_power": -0.5, "logbase": 0.7,
           "sign_decay": 0.6}
# each op's attr settings, and other scalars (Ftrl's other powers of the learning rate)
FLAGS = {"ResourceApplyFtrl": [{}, {"multiply_linear_by_lr": True}],
         "ResourceApplyFtrlV2": [{}, {"multiply_linear_by_lr": True}],
         "ResourceApplyKerasMomentum": [{}, {"use_nesterov": True}]}
POWERS = {"ResourceApplyFtrl": [-0.5, -0.25, 0.0], "ResourceApplyFtrlV2": [-0.5, -0.75]}
DTYPES = ("float16", "float32", "float64")
SHAPE = (3, 5)


def inputs(op: str, dtype: str, seed: int = 0, power: float = -0.5) -> tuple:
    """(the variables' initial arrays, the tensors' arrays): accumulators positive, var, m
    and Ftrl's linear of both signs (some linear below l1 in size)."""
    rng = np.random.default_rng(seed)
    resources, tensors = OPS[op]
    var = {n: (rng.uniform(-1.0, 1.0, SHAPE) if n in ("var", "m", "linear") else
               rng.uniform(0.2, 1.5, SHAPE)).astype(dtype) for n in resources}
    ten = {n: np.array(power if n == "lr_power" else SCALARS[n], dtype)
           for n in tensors if n in SCALARS}
    ten["grad"] = rng.standard_normal(SHAPE).astype(dtype)
    if "m" in var:  # (a zero gradient and moment: sign 0)
        ten["grad"][0, 0] = 0
        var["m"][0, 1] = 0
    return var, ten


def bits(a) -> dict:
    """An array as exact data: dtype, shape and each value's bits (as unsigned ints)."""
    a = np.asarray(a)
    view = {2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize]
    return {"dtype": str(a.dtype), "shape": list(a.shape),
            "bits": a.view(view).reshape(-1).tolist()}


def _error(e) -> str:
    return f"{type(e).__name__}: {e}"


def apply(tf, op: str, dtype: str, flags: dict, power: float = -0.5, seed: int = 0,
          steps: int = 3) -> dict:
    """The variables after `steps` calls of the op (the same tensors each time)."""
    var, ten = inputs(op, dtype, seed, power)
    vs = {n: tf.Variable(a) for n, a in var.items()}
    args = {n: tf.constant(a) for n, a in ten.items()}
    for _ in range(steps):
        getattr(tf.raw_ops, op)(**{n: v.handle for n, v in vs.items()}, **args, **flags)
    return {n: bits(v.numpy()) for n, v in vs.items()}


def record_kernels(tf) -> dict:
    out = {}
    for op in OPS:
        for i, flags in enumerate(FLAGS.get(op, [{}])):
            for power in POWERS.get(op, [-0.5]):
                for dtype in DTYPES:
                    out[f"{op}-{i}-{power}-{dtype}"] = apply(tf, op, dtype, flags, power)
    return out


def _bad(tf, op: str, arg: str) -> str:
    """The eager error for one bad input: a vector where a scalar goes, or another shape
    than var's."""
    var, ten = inputs(op, "float32")
    if arg in SCALARS:
        ten[arg] = np.ones((2,), np.float32)
    else:
        (var if arg in var else ten)[arg] = np.ones((5, 3), np.float32)
    args = {n: tf.Variable(a).handle for n, a in var.items()}
    args.update({n: tf.constant(a) for n, a in ten.items()})
    try:
        getattr(tf.raw_ops, op)(**args)
    except Exception as e:  # noqa: BLE001 (the outcome is the error)
        return _error(e)
    return "no error"


# TF 2.21 aborts the process for these (its kernel checks another argument's shape)
ABORTS = {("ResourceApplyAddSign", "sign_decay"), ("ResourceApplyPowerSign", "sign_decay")}


def record_errors(tf) -> dict:
    out = {}
    for op, (resources, tensors) in OPS.items():
        for arg in resources[1:] + tensors:
            if (op, arg) not in ABORTS:
                out[f"{op}-{arg}"] = _bad(tf, op, arg)
    for op in ("ResourceApplyAdaMax", "ResourceApplyFtrl"):
        var, ten = inputs(op, "float32")
        args = {n: tf.Variable(a.astype(np.int32)).handle for n, a in var.items()}
        args.update({n: tf.constant(a.astype(np.int32)) for n, a in ten.items()})
        try:
            getattr(tf.raw_ops, op)(**args)
        except Exception as e:  # noqa: BLE001
            out[f"{op}-int32"] = _error(e).split("\n")[0]
    return out


FTRL = {
    "ftrl": "FtrlOptimizer(0.5, l1_regularization_strength=0.05)",
    "ftrl_l2": "FtrlOptimizer(0.5, l2_regularization_strength=0.1, beta=0.2)",
    "ftrl_power": "FtrlOptimizer(0.5, learning_rate_power=-0.75, "
                  "l1_regularization_strength=0.02)",
    "ftrl_shrink": "FtrlOptimizer(0.5, l1_regularization_strength=0.05, "
                   "l2_shrinkage_regularization_strength=0.1)",
    "ftrl_locking": "FtrlOptimizer(0.5, use_locking=True, "
                    "l2_shrinkage_regularization_strength=0.1)",
}


def _make(tf, expr: str):
    return eval("tf1.train." + expr, {"tf1": tf.compat.v1})  # noqa: S307


def record_graphs(tf, optimizers: dict = FTRL) -> dict:
    """Each optimizer's nodes in a TF 1 graph (those of its scope: name, op, inputs, the
    training op's attrs) and the variables after four steps (exactly)."""
    v1 = tf.compat.v1
    out = {}
    for key, expr in optimizers.items():
        g = tf.Graph()
        with g.as_default():
            w = v1.get_variable("w", initializer=tf.constant([1.0, -2.0, 0.5]))
            x = v1.placeholder(tf.float32, [3])
            opt = _make(tf, expr)
            train = opt.minimize(tf.reduce_sum(w * w * x))
            scope = opt.get_name()
            nodes = scope_nodes(g, scope, lambda op: "Apply" in op)
            with v1.Session() as s:
                s.run(v1.global_variables_initializer())
                for _ in range(4):
                    s.run(train, {x: [1.0, 3.0, -0.5]})
                out[key] = {"nodes": nodes, "w": bits(s.run(w)),
                            "slots": {n: bits(s.run(opt.get_slot(w, n)))
                                      for n in opt.get_slot_names()}}
    return out


def record_eager(tf, optimizers: dict = FTRL) -> dict:
    """The optimizers run eagerly: four steps."""
    out = {}
    for key, expr in optimizers.items():
        w = tf.Variable([1.0, -2.0, 0.5])
        opt = _make(tf, expr)
        for _ in range(4):
            opt.minimize(lambda: tf.reduce_sum(w * w * tf.constant([1.0, 3.0, -0.5])),
                         var_list=[w])
        out[key] = bits(w.numpy())
    return out


def record(tf) -> dict:
    return {"kernels": record_kernels(tf), "errors": record_errors(tf),
            "graphs": record_graphs(tf), "eager": record_eager(tf)}
