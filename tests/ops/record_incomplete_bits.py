"""Records incomplete_bits.npz with real TensorFlow 2.21 (CPU, oneDNN off): Igamma,
Igammac, IgammaGradA and RandomGammaGrad on a grid of edges (0, denormals, tiny, huge,
inf, NaN, negatives) and on draws of a and x near each other and apart; Betainc on a
grid of edges and draws; Erfc on a sweep and its intervals' bounds; float32 and float64.
Each op's inputs go in as one tensor (TF's per-value kernels: no packet path).

Run: TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_incomplete_bits.py
"""

from __future__ import annotations

import os
import pathlib

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = pathlib.Path(__file__).with_name("incomplete_bits.npz")
EDGES = [0.0, -0.0, 1e-45, 1e-310, 1e-30, 1e-7, 0.01, 0.5, 0.9, 1.0, 1.1, 2.0, 3.0, 9.5,
         20.0, 50.0, 100.0, 500.0, 3000.0, 1e5, 1e20, 1e38, np.inf, -np.inf, np.nan, -1.0]
BETA_EDGES = [1e-3, 0.5, 1.0, 2.0, 10.0, 100.0, 1e5, 0.0, -1.0, np.inf, np.nan]
BETA_X = [0.0, 1e-30, 1e-6, 0.1, 0.5, 0.9, 0.999, 1.0, -0.1, 1.1, np.nan]


def gamma_inputs(rng: np.random.Generator) -> tuple:
    a, x = (v.ravel() for v in np.meshgrid(EDGES, EDGES))
    near = np.exp(rng.uniform(np.log(1e-3), np.log(2e3), 500))
    apart = np.exp(rng.uniform(np.log(1e-3), np.log(2e3), 300))
    return (np.concatenate([a, near, apart]),
            np.concatenate([x, near * np.exp(rng.normal(0, 0.5, 500)),
                            np.exp(rng.uniform(np.log(1e-4), np.log(2e3), 300))]))


def beta_inputs(rng: np.random.Generator) -> tuple:
    a, b, x = (v.ravel() for v in np.meshgrid(BETA_EDGES, BETA_EDGES, BETA_X))
    draws = [np.exp(rng.uniform(np.log(1e-2), np.log(500), 800)) for _ in range(2)]
    return (np.concatenate([a, draws[0]]), np.concatenate([b, draws[1]]),
            np.concatenate([x, rng.uniform(0, 1, 800)]))


def erfc_inputs(rng: np.random.Generator) -> np.ndarray:
    bounds = [0.0, -0.0, 1e-300, 5e-324, 1.0, -1.0, 11.0, 28.0, 27.3, 26.6, 10.06, 9.2]
    near = [np.nextafter(b, s) for b in bounds[4:] for s in (-np.inf, np.inf)]
    return np.concatenate([bounds, near, [np.inf, -np.inf, np.nan],
                           rng.uniform(-30, 30, 3000), rng.normal(0, 2, 1000)])


def main() -> None:
    rng = np.random.default_rng(2021)
    gamma, beta, erfc = gamma_inputs(rng), beta_inputs(rng), erfc_inputs(rng)
    out = {}
    raw = tf.raw_ops
    for dt in ("float32", "float64"):
        a, x = (v.astype(dt) for v in gamma)
        out[f"gamma|{dt}|a"], out[f"gamma|{dt}|x"] = a, x
        out[f"igamma|{dt}"] = raw.Igamma(a=a, x=x).numpy()
        out[f"igammac|{dt}"] = raw.Igammac(a=a, x=x).numpy()
        out[f"igamma_grad_a|{dt}"] = raw.IgammaGradA(a=a, x=x).numpy()
        out[f"random_gamma_grad|{dt}"] = raw.RandomGammaGrad(alpha=a, sample=x).numpy()
        a, b, x = (v.astype(dt) for v in beta)
        out[f"beta|{dt}|a"], out[f"beta|{dt}|b"], out[f"beta|{dt}|x"] = a, b, x
        out[f"betainc|{dt}"] = raw.Betainc(a=a, b=b, x=x).numpy()
        out[f"erfc|{dt}|x"] = erfc.astype(dt)
        out[f"erfc|{dt}"] = raw.Erfc(x=erfc.astype(dt)).numpy()
    np.savez_compressed(OUT, **out)


if __name__ == "__main__":
    main()
