"""tf.compat.v1.distributions exercised case by case, run by TF 2.21
(record_distributions_golden.py) or by eagerflow (test_distributions.py): `cases(tf)`
maps each case's name to a function of no arguments returning what the case shows (a
value, a tensor, a string, or a list or dict of them); `encode` turns that, or the error
the case raised, into JSON.
"""

from __future__ import annotations

import re

import numpy as np

# the methods every distribution is asked for (NotImplementedError where TF has none)
VALUE_METHODS = ("log_prob", "prob", "cdf", "log_cdf", "survival_function",
                 "log_survival_function", "quantile")
STAT_METHODS = ("entropy", "mean", "mode", "stddev", "variance", "covariance")


def encode(value):
    """JSON for a case's result: tensors and arrays as {"array": dtype, shape, values},
    other values as strings or numbers, lists and dicts recursively."""
    if hasattr(value, "numpy") and hasattr(value, "dtype"):
        value = np.asarray(value.numpy())
    if isinstance(value, np.ndarray) or isinstance(value, np.generic):
        v = np.asarray(value)
        if v.dtype.kind in "SO":
            return {"bytes": [x.decode() if isinstance(x, bytes) else str(x)
                              for x in v.ravel()]}
        return {"array": v.dtype.name, "shape": list(v.shape),
                "values": [None if (isinstance(x, float) and np.isnan(x)) else
                           ("inf" if x == np.inf else "-inf" if x == -np.inf else x)
                           for x in v.astype(float if v.dtype.kind == "f" else object)
                           .ravel().tolist()]}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in sorted(value.items())}
    if isinstance(value, (bool, int, float)) or value is None:
        return value
    return str(value)


def run_case(fn):
    try:
        return {"ok": encode(fn())}
    except Exception as e:  # noqa: BLE001 - the error is what the case records
        # (a function's repr names its address)
        return {"error": type(e).__name__,
                "message": re.sub(r" at 0x[0-9a-f]+", " at 0x...", str(e))}


def cases(tf):  # noqa: C901 - one table of cases
    D = tf.compat.v1.distributions
    out = {}

    # -- distributions, the values they are evaluated at, and their methods -------------
    dists = {
        "normal": (lambda: D.Normal(loc=[0.0, 1.0, -2.0], scale=[[1.0], [2.5]]),
                   [[-40.0, -12.0, 0.5], [6.0, 40.0, np.nan]]),
        "normal64": (lambda: D.Normal(np.float64(1.0), np.array([0.5, 3.0])),
                     np.array([-25.0, 9.0])),
        "normal_quantile": (lambda: D.Normal(1.0, 2.0),
                            [0.0, 1e-30, 1e-5, 0.1, 0.5, 0.9, 0.99999, 1.0, 1.5]),
        "laplace": (lambda: D.Laplace([0.0, 1.0], [[1.0], [0.5]]), [-3.0, 2.0]),
        "uniform": (lambda: D.Uniform([0.0, -1.0], [1.0, 3.0]),
                    [[0.0, 3.0], [0.5, -1.5], [1.0, np.nan]]),
        "uniform_default": (lambda: D.Uniform(), [0.25, 1.0]),
        "student_t": (lambda: D.StudentT(df=[0.5, 1.5, 3.0], loc=1.0, scale=[2.0, 1.0, 0.5]),
                      [[-2.0], [1.0], [4.0]]),
        "gamma": (lambda: D.Gamma([0.5, 1.0, 3.0], [[2.0], [1.0]]), [0.0, 0.5, 4.0]),
        "exponential": (lambda: D.Exponential([0.5, 2.0]), [[0.0], [1.5]]),
        "beta": (lambda: D.Beta([0.5, 2.0, 3.0], [1.0, 2.0, 0.8]), [0.0, 0.3, 0.999]),
        "beta_bcast": (lambda: D.Beta([[2.0], [1.5]], [3.0, 4.0]), [0.25, 0.75]),
        "bernoulli_p": (lambda: D.Bernoulli(probs=[0.2, 0.5, 1.0]), [1, 0, 1]),
        "bernoulli_l": (lambda: D.Bernoulli(logits=[[-1.0, 2.0]], dtype=tf.float32),
                        [[1.0], [0.0]]),
        "categorical": (lambda: D.Categorical(logits=[[1.0, 2.0, 0.5], [0.0, 0.0, 3.0]]),
                        [[2, 0], [1, 1]]),
        "categorical_p": (lambda: D.Categorical(probs=[0.1, 0.6, 0.3], dtype=tf.int64),
                          [0.0, 2.0]),
        "categorical_3d": (lambda: D.Categorical(logits=np.arange(24.0).reshape(2, 3, 4) % 5),
                           [3, 0, 1]),
        "multinomial": (lambda: D.Multinomial(total_count=[3.0, 5.0],
                                              probs=[[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]]),
                        [[1.0, 1.0, 1.0], [2.0, 0.0, 3.0]]),
        "multinomial_l": (lambda: D.Multinomial(4.0, logits=[1.0, -1.0]), [3.0, 1.0]),
        "dirichlet": (lambda: D.Dirichlet([[1.0, 2.0, 3.0], [0.5, 4.0, 2.0]]),
                      [[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]]),
        "dirichlet_modeable": (lambda: D.Dirichlet([2.0, 3.0]), [0.4, 0.6]),
        "dirichlet_multinomial": (lambda: D.DirichletMultinomial(
            [4.0, 6.0], [[1.0, 2.0, 0.5], [3.0, 1.0, 1.0]]), [[2.0, 1.0, 1.0], [0.0, 6.0, 0.0]]),
    }
    for key, (make, x) in dists.items():
        out[f"{key}/describe"] = lambda make=make: _describe(tf, make())
        out[f"{key}/properties"] = lambda make=make: _properties(make())
        for m in VALUE_METHODS:
            out[f"{key}/{m}"] = lambda make=make, m=m, x=x: getattr(make(), m)(x)
        for m in STAT_METHODS:
            out[f"{key}/{m}"] = lambda make=make, m=m: getattr(make(), m)()

    # -- samples under seeds, eagerly and in a tf.function ---------------------------------
    samplers = {
        "normal": lambda: D.Normal([0.0, 1.0], [[1.0], [3.0]]),
        "laplace": lambda: D.Laplace(1.0, [0.5, 2.0]),
        "uniform": lambda: D.Uniform([0.0, 1.0], 3.0),
        "student_t": lambda: D.StudentT([2.0, 5.0], 0.0, 1.0),
        "gamma": lambda: D.Gamma([0.5, 2.0], [1.0, 3.0]),
        "exponential": lambda: D.Exponential([1.0, 0.25]),
        "beta": lambda: D.Beta([0.5, 2.0], 3.0),
        "bernoulli": lambda: D.Bernoulli(probs=[0.2, 0.7]),
        "categorical": lambda: D.Categorical(logits=[[0.0, 1.0, 2.0], [2.0, 0.0, -1.0]]),
        "categorical_3d": lambda: D.Categorical(probs=np.full((2, 2, 3), 1 / 3)),
        "multinomial": lambda: D.Multinomial([2.0, 4.0], probs=[0.3, 0.7]),
        "dirichlet": lambda: D.Dirichlet([[1.0, 2.0, 3.0], [0.5, 0.5, 0.5]]),
        "dirichlet_multinomial": lambda: D.DirichletMultinomial(5.0, [1.0, 2.0, 3.0]),
        "normal64": lambda: D.Normal(np.float64(0.0), np.array([1.0, 2.0])),
        "gamma64": lambda: D.Gamma(np.array([0.5, 3.0]), np.float64(2.0)),
        "beta64": lambda: D.Beta(np.float64(2.0), np.array([0.5, 1.0])),
        "laplace64": lambda: D.Laplace(np.float64(0.0), np.float64(1.0)),
        "exponential64": lambda: D.Exponential(np.array([1.0, 3.0])),
        "bernoulli_bool": lambda: D.Bernoulli(logits=[0.0, 1.0], dtype=tf.bool),
        "categorical_f64": lambda: D.Categorical(logits=[0.0, 1.0, 2.0], dtype=tf.float64),
        "categorical_i64": lambda: D.Categorical(probs=[0.2, 0.8], dtype=tf.int64),
    }
    for key, make in samplers.items():
        for shape in ((), 3, [2, 2]):
            out[f"sample/{key}/{shape}"] = (
                lambda make=make, shape=shape: _seeded(tf, lambda: make().sample(shape, seed=7)))
        out[f"sample/{key}/function"] = lambda make=make: _seeded(
            tf, tf.function(lambda: make().sample(2, seed=11)))
        out[f"sample/{key}/no_op_seed"] = lambda make=make: _seeded(
            tf, lambda: [make().sample(2), make().sample(2)])

    # -- in a tf.function whose inputs' shapes are known only when it runs
    dynamic = {
        "gamma": lambda p: D.Gamma(p, 2.0).sample(3, seed=4),
        "dirichlet": lambda p: D.Dirichlet(p).sample(2, seed=4),
        "categorical": lambda p: D.Categorical(logits=p).sample(3, seed=4),
        "dirichlet_multinomial": lambda p: D.DirichletMultinomial(4.0, p).sample(2, seed=4),
        "normal_stats": lambda p: [D.Normal(p, 1.0).entropy(), D.Normal(p, 1.0).cdf(0.5)],
        "categorical_stats": lambda p: [D.Categorical(logits=p).mode(),
                                        D.Categorical(logits=p).log_prob([0, 2]),
                                        D.Categorical(logits=p).cdf([1, 2])],
        "dirichlet_stats": lambda p: [D.Dirichlet(p).covariance(), D.Dirichlet(p).variance(),
                                      D.Dirichlet(p).entropy()],
    }
    for key, build in dynamic.items():
        out[f"dynamic/{key}"] = lambda build=build: _seeded(tf, lambda: tf.function(
            build, input_signature=[tf.TensorSpec([None, None], tf.float32)])(
                tf.constant([[1.0, 2.0, 3.0], [2.5, 0.5, 1.5]])))

    # -- KL divergences between registered pairs ------------------------------------------
    pairs = {
        "normal": (lambda: D.Normal([0.0, 1.0], 2.0), lambda: D.Normal(1.0, [1.0, 0.5])),
        "gamma": (lambda: D.Gamma([1.0, 2.0], 2.0), lambda: D.Gamma(3.0, [1.0, 0.5])),
        "exponential_gamma": (lambda: D.Exponential(2.0), lambda: D.Gamma(3.0, 0.5)),
        "beta": (lambda: D.Beta([1.0, 2.0], 2.0), lambda: D.Beta(3.0, [1.0, 0.5])),
        "bernoulli": (lambda: D.Bernoulli(probs=[0.2, 0.5]), lambda: D.Bernoulli(logits=0.3)),
        "categorical": (lambda: D.Categorical(logits=[[1.0, 2.0, 3.0]]),
                        lambda: D.Categorical(probs=[0.5, 0.25, 0.25])),
        "dirichlet": (lambda: D.Dirichlet([1.0, 2.0, 3.0]), lambda: D.Dirichlet([2.0, 2.0, 2.0])),
    }
    for key, (a, b) in pairs.items():
        out[f"kl/{key}"] = lambda a=a, b=b: D.kl_divergence(a(), b())
        out[f"kl/{key}/method"] = lambda a=a, b=b: a().kl_divergence(b())
        out[f"kl/{key}/cross_entropy"] = lambda a=a, b=b: a().cross_entropy(b())
    out["kl/unregistered"] = lambda: D.kl_divergence(D.Normal(0.0, 1.0), D.Gamma(1.0, 1.0))
    out["kl/nan_allowed"] = lambda: D.kl_divergence(D.Normal(np.nan, 1.0), D.Normal(0.0, 1.0))
    out["kl/nan_checked"] = lambda: D.kl_divergence(D.Normal([np.nan, 0.0], 1.0),
                                                    D.Normal(0.0, 1.0), allow_nan_stats=False)
    out["kl/nan_checked_method"] = lambda: D.Normal(
        np.nan, 1.0, allow_nan_stats=False).kl_divergence(D.Normal(0.0, 1.0))
    out["kl/register_twice"] = lambda: D.RegisterKL(D.Normal, D.Normal)(lambda a, b, name: 0)
    out["kl/register_not_callable"] = lambda: D.RegisterKL(D.Normal, D.Beta)(3)
    out["kl/register_subclass"] = lambda: _registered_subclass(tf)

    # -- gradients through reparameterized samples and through log_prob --------------------
    grads = {
        "normal": (lambda p: D.Normal(p[0], p[1]), [[0.5, -1.0], [1.5, 2.0]]),
        "laplace": (lambda p: D.Laplace(p[0], p[1]), [[0.5, -1.0], [1.5, 2.0]]),
        "uniform": (lambda p: D.Uniform(p[0], p[1]), [[0.0, -1.0], [1.5, 2.0]]),
        "student_t": (lambda p: D.StudentT(p[0], p[1], p[2]), [[3.0, 5.0], [0.5, 1.0],
                                                               [1.0, 2.0]]),
        "gamma": (lambda p: D.Gamma(p[0], p[1]), [[0.7, 2.5], [1.0, 3.0]]),
        "exponential": (lambda p: D.Exponential(p[0]), [[0.7, 2.5]]),
        "beta": (lambda p: D.Beta(p[0], p[1]), [[0.7, 2.5], [1.5, 3.0]]),
        "dirichlet": (lambda p: D.Dirichlet(p[0]), [[1.5, 2.5, 0.8]]),
    }
    for key, (make, params) in grads.items():
        out[f"grad/{key}/sample"] = lambda make=make, params=params: _sample_grad(
            tf, make, params)
        out[f"grad/{key}/log_prob"] = lambda make=make, params=params: _log_prob_grad(
            tf, make, params)
    out["grad/categorical/log_prob"] = lambda: _log_prob_grad(
        tf, lambda p: D.Categorical(logits=p[0]), [[1.0, 2.0, 0.5]], x=[2, 0])
    out["grad/bernoulli/log_prob"] = lambda: _log_prob_grad(
        tf, lambda p: D.Bernoulli(logits=p[0]), [[1.0, -2.0]], x=[1, 0])
    out["grad/multinomial/log_prob"] = lambda: _log_prob_grad(
        tf, lambda p: D.Multinomial(3.0, logits=p[0]), [[1.0, 2.0, 0.5]], x=[1.0, 0.0, 2.0])
    out["grad/kl_normal"] = lambda: _kl_grad(tf)

    # -- errors: arguments, validate_args, allow_nan_stats=False -------------------------
    errs = {
        "normal_int_float": lambda: D.Normal(0, 1.0),
        "normal_ints": lambda: D.Normal(0, 1),
        "normal_scale": lambda: D.Normal(0.0, [1.0, -1.0], validate_args=True),
        "normal_scale_ok": lambda: D.Normal(0.0, [1.0, -1.0]).stddev(),
        "laplace_scale": lambda: D.Laplace(0.0, 0.0, validate_args=True),
        "uniform_order": lambda: D.Uniform(2.0, [1.0, 3.0], validate_args=True),
        "student_t_df": lambda: D.StudentT(-1.0, 0.0, 1.0, validate_args=True),
        "gamma_rate": lambda: D.Gamma(1.0, -2.0, validate_args=True),
        "gamma_sample": lambda: D.Gamma(1.0, 2.0, validate_args=True).log_prob(-1.0),
        "gamma_dtype": lambda: D.Gamma(1.0, 2.0).log_prob(np.float64(1.0)),
        "beta_c": lambda: D.Beta(-1.0, 2.0, validate_args=True),
        "beta_sample": lambda: D.Beta(1.0, 2.0, validate_args=True).prob(1.5),
        "dirichlet_c": lambda: D.Dirichlet([1.0, -2.0], validate_args=True),
        "dirichlet_one": lambda: D.Dirichlet([1.0], validate_args=True),
        "dirichlet_sample": lambda: D.Dirichlet([1.0, 2.0], validate_args=True).log_prob(
            [0.5, 0.6]),
        "bernoulli_both": lambda: D.Bernoulli(logits=1.0, probs=0.5),
        "bernoulli_none": lambda: D.Bernoulli(),
        "bernoulli_int": lambda: D.Bernoulli(probs=1),
        "bernoulli_probs": lambda: D.Bernoulli(probs=1.5, validate_args=True),
        "bernoulli_event": lambda: D.Bernoulli(probs=0.5, validate_args=True).log_prob(0.5),
        "bernoulli_event_neg": lambda: D.Bernoulli(probs=0.5, validate_args=True).log_prob(-1),
        "categorical_scalar": lambda: D.Categorical(logits=1.0, validate_args=True),
        "categorical_one": lambda: D.Categorical(logits=[1.0], validate_args=True),
        "categorical_sum": lambda: D.Categorical(probs=[0.5, 0.6], validate_args=True),
        "categorical_k": lambda: D.Categorical(logits=[1.0, 2.0], validate_args=True)
        .log_prob(1.5),
        "categorical_bool": lambda: D.Categorical(logits=[1.0, 2.0]).log_prob([True]),
        "multinomial_count": lambda: D.Multinomial(2.5, probs=[0.5, 0.5], validate_args=True),
        "multinomial_sum": lambda: D.Multinomial(2.0, probs=[0.5, 0.5], validate_args=True)
        .log_prob([1.0, 2.0]),
        "dm_count": lambda: D.DirichletMultinomial(-1.0, [1.0, 2.0], validate_args=True),
        "dm_sum": lambda: D.DirichletMultinomial(3.0, [1.0, 2.0], validate_args=True)
        .log_prob([1.0, 1.0]),
        "gamma_mode": lambda: D.Gamma([0.5, 2.0], 1.0, allow_nan_stats=False).mode(),
        "beta_mode": lambda: D.Beta(0.5, 2.0, allow_nan_stats=False).mode(),
        "beta_mode0": lambda: D.Beta(2.0, 0.5, allow_nan_stats=False).mode(),
        "dirichlet_mode": lambda: D.Dirichlet([0.5, 2.0], allow_nan_stats=False).mode(),
        "student_t_mean": lambda: D.StudentT(0.5, 0.0, 1.0, allow_nan_stats=False).mean(),
        "student_t_var": lambda: D.StudentT(1.0, 0.0, 1.0, allow_nan_stats=False).variance(),
        "student_t_var_ok": lambda: D.StudentT([1.5, 3.0], 0.0, 1.0,
                                               allow_nan_stats=False).variance(),
        "student_t_var64": lambda: D.StudentT(np.array([1.5, 3.0]), np.float64(0.0),
                                              np.float64(1.0)).variance(),
        "student_t_mean64": lambda: D.StudentT(np.array([0.5, 3.0]), np.float64(0.0),
                                               np.float64(1.0)).mean(),
        "bernoulli_mode_bool": lambda: D.Bernoulli(probs=[0.2, 0.7], dtype=tf.bool).mode(),
        "sample_rank2": lambda: D.Normal(0.0, 1.0).sample([[2]]),
        "sample_float": lambda: D.Normal(0.0, 1.0).sample(2.5),
        "uniform_quantile": lambda: D.Uniform().quantile(0.5),
        "graph_parent": lambda: D.Distribution(tf.float32, D.NOT_REPARAMETERIZED, False, True,
                                               graph_parents=[1.0]),
        "base_methods": lambda: _base_methods(tf),
        "copy": lambda: _describe(tf, D.Normal(0.0, [1.0, 2.0], name="n").copy(loc=[[1.0]])),
        "param_shapes": lambda: D.Gamma.param_shapes([2, 3]),
        "param_static_shapes": lambda: D.Beta.param_static_shapes(tf.TensorShape([4])),
        "param_static_unknown": lambda: D.Normal.param_static_shapes(tf.TensorShape([None])),
        "is_scalar": lambda: [D.Normal(0.0, 1.0).is_scalar_batch(),
                              D.Dirichlet([1.0, 2.0]).is_scalar_event()],
        "reparam": lambda: [repr(D.FULLY_REPARAMETERIZED), repr(D.NOT_REPARAMETERIZED),
                            D.FULLY_REPARAMETERIZED == D.NOT_REPARAMETERIZED,
                            repr(D.ReparameterizationType("X"))],
        "names_in_function": lambda: _names_in_function(tf),
        "public_names": lambda: sorted(n for n in dir(D) if not n.startswith("_")),
    }
    for key, fn in errs.items():
        out[f"misc/{key}"] = fn
    for key, fn in _graph_cases(tf).items():
        out[f"graph/{key}"] = fn
    return out


def _graph_cases(tf):
    """TF 1 graphs: the checks validate_args and allow_nan_stats=False embed run with the
    Session (fed a placeholder), and seeded draws advance run after run."""
    D = tf.compat.v1.distributions
    v1 = tf.compat.v1

    def in_graph(build, feed_value=None, runs=1):
        with tf.Graph().as_default():
            v1.set_random_seed(3)
            p = v1.placeholder(tf.float32, [None])
            fetch, names = build(p)
            with v1.Session() as sess:
                out = [names]
                for _ in range(runs):
                    try:
                        out.append(sess.run(fetch, {p: feed_value} if feed_value else None))
                    except tf.errors.OpError as e:
                        out.append(type(e).__name__)
                return out

    def normal_log_prob(p):
        n = D.Normal(0.0, p, validate_args=True)
        return n.log_prob(1.0), [n.name, repr(n), str(n)]

    def gamma_mode(p):
        return D.Gamma(p, 1.0, allow_nan_stats=False).mode(), []

    def kl_nan(p):
        return D.kl_divergence(D.Normal(p, 1.0), D.Normal(0.0, 1.0), allow_nan_stats=False), []

    def categorical_one(p):
        return D.Categorical(logits=p, validate_args=True).log_prob(1), []

    def categorical_sum(p):
        return D.Categorical(probs=p, validate_args=True).sample(seed=1), []

    def draws(p):
        a = D.Normal(0.0, [1.0, 2.0], name="a")
        return [a.sample(2, seed=4), D.Dirichlet([1.0, 2.0, 3.0]).sample(2, seed=5),
                D.Gamma([0.5, 2.0], 1.0).sample(seed=6), D.Bernoulli(probs=0.4).sample(3),
                D.StudentT(3.0, 0.0, 1.0).sample(2, seed=7)], [a.name]

    return {
        "normal_scale_bad": lambda: in_graph(normal_log_prob, [1.0, -1.0]),
        "normal_scale_ok": lambda: in_graph(normal_log_prob, [1.0, 2.0]),
        "gamma_mode_bad": lambda: in_graph(gamma_mode, [0.5, 2.0]),
        "gamma_mode_ok": lambda: in_graph(gamma_mode, [1.5, 2.0]),
        "kl_nan": lambda: in_graph(kl_nan, [float("nan"), 1.0]),
        "kl_ok": lambda: in_graph(kl_nan, [0.5, 1.0]),
        "categorical_one": lambda: in_graph(categorical_one, [1.0]),
        "categorical_sum": lambda: in_graph(categorical_sum, [0.5, 0.6]),
        "draws": lambda: in_graph(draws, runs=2),
    }


def _describe(tf, d):
    return {"repr": repr(d), "str": str(d), "name": d.name, "dtype": repr(d.dtype),
            "batch_shape": repr(d.batch_shape), "event_shape": repr(d.event_shape),
            "batch_shape_tensor": d.batch_shape_tensor(),
            "event_shape_tensor": d.event_shape_tensor(),
            "reparameterization_type": repr(d.reparameterization_type),
            "validate_args": d.validate_args, "allow_nan_stats": d.allow_nan_stats,
            "parameters": {k: (v.name if k == "dtype" else repr(v) if not hasattr(v, "numpy")
                               else v) for k, v in d.parameters.items()},
            "type": type(d).__name__, "mro": [c.__name__ for c in type(d).__mro__[:3]]}


PROPERTIES = ("loc", "scale", "low", "high", "df", "concentration", "rate", "concentration1",
              "concentration0", "total_concentration", "total_count", "logits", "probs",
              "event_size")


def _properties(d):
    out = {p: getattr(d, p) for p in PROPERTIES if hasattr(d, p)}
    if hasattr(d, "range"):
        out["range"] = d.range()
    return out


def _seeded(tf, fn):
    tf.random.set_seed(1234)
    return fn()


def _registered_subclass(tf):
    D = tf.compat.v1.distributions

    class MyNormal(D.Normal):
        pass

    a, b = MyNormal(0.0, 1.0), D.Normal(1.0, 2.0)
    return [D.kl_divergence(a, b), repr(a), str(MyNormal(0.0, [1.0]))]


def _sample_grad(tf, make, params):
    tf.random.set_seed(99)
    vs = [tf.Variable(p) for p in params]
    with tf.GradientTape() as tape:
        s = make(vs).sample(3, seed=5)
        loss = tf.reduce_sum(s * s)
    return [s] + tape.gradient(loss, vs)


def _log_prob_grad(tf, make, params, x=None):
    vs = [tf.Variable(p) for p in params]
    with tf.GradientTape() as tape:
        d = make(vs)
        if x is None:
            x = d.mean() * 0.9 if d.event_shape.ndims == 0 else d.mean()
        lp = tf.reduce_sum(d.log_prob(x))
    return [lp] + tape.gradient(lp, vs)


def _kl_grad(tf):
    D = tf.compat.v1.distributions
    a, b = tf.Variable([0.5, 1.0]), tf.Variable(2.0)
    with tf.GradientTape() as tape:
        kl = tf.reduce_sum(D.kl_divergence(D.Normal(a, b), D.Normal(0.0, 1.0)))
    return [kl] + tape.gradient(kl, [a, b])


def _base_methods(tf):
    D = tf.compat.v1.distributions
    d = D.Distribution(tf.float32, D.NOT_REPARAMETERIZED, False, True, parameters={"a": 1},
                       name="base")
    out = [repr(d), str(d), d.parameters, d.batch_shape, d.event_shape]
    for m in ("log_prob", "prob", "cdf", "log_cdf", "survival_function",
              "log_survival_function", "quantile"):
        try:
            getattr(d, m)(1.0)
        except NotImplementedError as e:
            out.append(str(e))
    for m in ("entropy", "mean", "mode", "stddev", "variance", "covariance", "sample",
              "batch_shape_tensor", "event_shape_tensor"):
        try:
            getattr(d, m)()
        except NotImplementedError as e:
            out.append(str(e))
    return out


def _names_in_function(tf):
    D = tf.compat.v1.distributions
    seen = {}

    @tf.function
    def f():
        a = D.Normal(0.0, 1.0)
        b = D.Normal(0.0, 1.0, name="x")
        c = D.Exponential(1.0)
        seen.update(a=a.name, b=b.name, c=c.name, r=repr(c), s=str(b))
        return a.sample(seed=1) + c.sample(seed=2)

    f()
    return seen
