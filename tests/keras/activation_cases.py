"""The inputs on which Keras 3 recorded its newer activations (make_activations_golden.py)."""

NAMES = ["celu", "glu", "hard_shrink", "hard_silu", "hard_swish", "hard_tanh", "log_sigmoid",
         "soft_shrink", "sparse_plus", "sparse_sigmoid", "sparsemax", "squareplus",
         "tanh_shrink", "threshold"]
INPUT = [[-2.0, -0.7, -0.2, 0.0, 0.3, 1.5]]
ARGS = {"threshold": (0.1, -1.0)}
