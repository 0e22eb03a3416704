"""LSTM and GRU layers' `supports_jit` and the `jit_compile="auto"` a model holding one
resolves to, as Keras 3.15 on TF decides them: a layer whose configuration cuDNN's fused
kernel takes (tanh and sigmoid, a bias, not unrolled, a GRU's reset_after) and a GPU seen
supports no XLA (cuDNN's ops have none), unless `use_cudnn=False`. Shared by
record_golden.py (TF 2.21 + Keras 3.15, on CPU: every layer supports XLA there and "auto"
is off) and test_cudnn_jit.py (eagerflow, on CPU and on a stand-in GPU); `run(tf, keras)`
takes the modules, this module imports neither."""

from typing import Any

# (layer class, keyword arguments, whether cuDNN takes it where a GPU is seen: Keras 3.15's
# cudnn_ok over the layer's arguments)
CONFIGS = {
    "lstm": ("LSTM", {}, True),
    "gru": ("GRU", {}, True),
    "lstm use_cudnn=True": ("LSTM", {"use_cudnn": True}, True),
    "lstm use_cudnn=False": ("LSTM", {"use_cudnn": False}, False),
    "gru use_cudnn=False": ("GRU", {"use_cudnn": False}, False),
    "lstm unroll": ("LSTM", {"unroll": True}, False),
    "lstm relu": ("LSTM", {"activation": "relu"}, False),
    "lstm hard_sigmoid": ("LSTM", {"recurrent_activation": "hard_sigmoid"}, False),
    "lstm no bias": ("LSTM", {"use_bias": False}, False),
    "lstm recurrent_dropout": ("LSTM", {"recurrent_dropout": 0.5}, True),
    "gru reset_after=False": ("GRU", {"reset_after": False}, False),
    "gru no bias": ("GRU", {"use_bias": False}, False),
    "simple_rnn": ("SimpleRNN", {}, False),
}


def run(keras: Any) -> dict:
    """Each configuration's layer `supports_jit`, and the model's jit_compile after
    compile() with the default "auto"."""
    out = {}
    for name, (cls, kwargs, _) in CONFIGS.items():
        layer = getattr(keras.layers, cls)(3, **kwargs)
        model = keras.Sequential([keras.Input((4, 2)), layer, keras.layers.Dense(1)])
        model.compile("sgd", "mse")
        out[name] = {"supports_jit": layer.supports_jit, "jit_compile": model.jit_compile}
    return out
