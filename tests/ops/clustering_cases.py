"""NearestNeighbors, KMC2ChainInitialization, KmeansPlusPlusInitialization and Fact calls
as TF 2.21 answers them (tf.raw_ops), over points from a fixed seed: ties, k past the
centers, distances TF's rounding makes negative, seeds of KMC2's chain and of k-means++'s
sampler, and the errors of each. Recorded by record_clustering_golden.py
(clustering_golden.json) and checked by test_clustering_ops.py; imports neither TF nor
eagerflow.
"""

from __future__ import annotations

from typing import Any

import numpy as np

_RNG = np.random.default_rng(31)
_F32 = np.float32
POINTS = _RNG.standard_normal((9, 3)).astype(_F32)
CENTERS = _RNG.standard_normal((5, 3)).astype(_F32)
TIED = (np.array([[0, 0], [1, 1], [5, 5], [0.5, 0.5]], _F32),
        np.array([[0, 0], [1, 1], [1, 1], [0, 0]], _F32))
DISTANCES = _RNG.uniform(0, 1, 40).astype(_F32)
LINEAR = np.linspace(3, 0.1, 12).astype(_F32)
KMPP_POINTS = _RNG.standard_normal((20, 2)).astype(_F32)
DUPLICATES = np.array([[0, 0], [0, 0], [1, 1], [1, 1]], _F32)


def calls(tf: Any) -> dict:
    """name -> a call of no arguments, over `tf` (TensorFlow or eagerflow)."""
    raw = tf.raw_ops
    nn = raw.NearestNeighbors
    out: dict = {
        "nn k 3": lambda: tuple(nn(points=POINTS, centers=CENTERS, k=3)),
        "nn k 1": lambda: tuple(nn(points=POINTS, centers=CENTERS, k=1)),
        "nn k past centers": lambda: tuple(nn(points=POINTS, centers=CENTERS, k=8)),
        "nn k 0": lambda: tuple(nn(points=POINTS, centers=CENTERS, k=0)),
        "nn ties": lambda: tuple(nn(points=TIED[0], centers=TIED[1], k=4)),
        "nn no centers": lambda: tuple(nn(points=POINTS, centers=CENTERS[:0], k=2)),
        "nn no dimensions": lambda: tuple(nn(points=np.ones((3, 0), _F32),
                                             centers=np.ones((2, 0), _F32), k=2)),
        "nn rounded below 0": lambda: tuple(nn(points=np.array([[1e4, 1e4 + 1]], _F32),
                                               centers=np.array([[1e4, 1e4]], _F32), k=1)),
        "nn error points": lambda: nn(points=POINTS[0], centers=CENTERS, k=1),
        "nn error centers": lambda: nn(points=POINTS, centers=CENTERS[0], k=1),
        "nn error k": lambda: nn(points=POINTS, centers=CENTERS, k=[1]),
        "nn error dims": lambda: nn(points=POINTS, centers=CENTERS[:, :2], k=1),
        "nn error no points": lambda: nn(points=POINTS[:0], centers=CENTERS, k=1),
        "kmc2 zeros": lambda: raw.KMC2ChainInitialization(distances=np.zeros(5, _F32), seed=1),
        "kmc2 one": lambda: raw.KMC2ChainInitialization(distances=np.ones(1, _F32), seed=3),
        "kmc2 error empty": lambda: raw.KMC2ChainInitialization(distances=np.zeros(0, _F32),
                                                                seed=1),
        "kmc2 error rank": lambda: raw.KMC2ChainInitialization(distances=np.ones((2, 2), _F32),
                                                               seed=1),
        "kmc2 error seed": lambda: raw.KMC2ChainInitialization(distances=np.ones(2, _F32),
                                                               seed=[1]),
        "fact": lambda: raw.Fact(),
    }
    for seed in (0, 1, 7, 8, 2**40 + 3, -9):
        out[f"kmc2 linear seed {seed}"] = (
            lambda s=seed: raw.KMC2ChainInitialization(distances=LINEAR, seed=s))
        out[f"kmc2 uniform seed {seed}"] = (
            lambda s=seed: raw.KMC2ChainInitialization(distances=DISTANCES, seed=s))
    kmpp = raw.KmeansPlusPlusInitialization
    for name, (n, retries) in {"3": (3, -1), "all": (20, 0), "4 of 3 tries": (4, 2)}.items():
        out["kmpp " + name] = (lambda n=n, r=retries: kmpp(
            points=KMPP_POINTS, num_to_sample=n, seed=5, num_retries_per_sample=r))
    for seed in (0, 1, -3, 2**40 + 3):
        for retries in (-1, 0, 1, 5):
            out[f"kmpp seed {seed} retries {retries}"] = (lambda s=seed, r=retries: kmpp(
                points=KMPP_POINTS, num_to_sample=7, seed=s, num_retries_per_sample=r))
        # (16 rows: the uniform first draw masks its bits instead of refusing some)
        out[f"kmpp 16 rows seed {seed}"] = (lambda s=seed: kmpp(
            points=KMPP_POINTS[:16], num_to_sample=5, seed=s, num_retries_per_sample=2))
    # the points left all at distance zero: TF's search runs past the last point
    out["kmpp duplicates"] = lambda: kmpp(points=DUPLICATES, num_to_sample=4, seed=2,
                                          num_retries_per_sample=0)
    out["kmpp identical"] = lambda: kmpp(points=np.ones((4, 3), _F32), num_to_sample=4,
                                         seed=1, num_retries_per_sample=1)
    for name, kw in {"too many": {"num_to_sample": 21}, "none": {"num_to_sample": 0},
                     "seed": {"seed": [1]}, "retries": {"num_retries_per_sample": [1]},
                     "count": {"num_to_sample": [1]}}.items():
        args = {"points": KMPP_POINTS, "num_to_sample": 2, "seed": 1,
                "num_retries_per_sample": -1, **kw}
        out["kmpp error " + name] = lambda a=args: kmpp(**a)
    out["kmpp error points"] = lambda: kmpp(points=KMPP_POINTS[0], num_to_sample=1, seed=1,
                                            num_retries_per_sample=-1)
    out["kmpp error no points"] = lambda: kmpp(points=KMPP_POINTS[:0], num_to_sample=1,
                                               seed=1, num_retries_per_sample=-1)
    return out
