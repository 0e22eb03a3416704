"""keras.callbacks.SwapEMAWeights and RemoteMonitor.

Sits in keras beside callbacks.py (the Callback base and the common callbacks).
SwapEMAWeights puts an optimizer's moving averages of the weights (`use_ema=True`) into
the model for evaluation and prediction, and, with `swap_on_epoch`, at the end of each
epoch; it swaps as Keras 3 does on TF (by additions, so a swapped-back weight can differ
from the original in its last bit), and keeps Keras's state flags, including the way
`on_predict_end` leaves the averages in the model. RemoteMonitor POSTs each epoch's logs
to a server with the standard library's urllib (Keras uses `requests`, with the same
request: a form field holding the JSON, or a JSON body).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
import warnings

import numpy as np

from eagerflow._src.keras.callbacks import Callback


class SwapEMAWeights(Callback):
    """`SwapEMAWeights(swap_on_epoch=False)`: evaluate (and, with `swap_on_epoch`, end each
    epoch) with the optimizer's exponential moving averages of the weights."""

    def __init__(self, swap_on_epoch: bool = False) -> None:
        super().__init__()
        self.swap_on_epoch = swap_on_epoch
        self._ema_weights_in_model = False

    def _ema_optimizers(self) -> list:
        """The optimizers whose averages to swap: the model's (inside a loss-scale
        optimizer), or those of a MultiOptimizer's inner optimizers that keep averages."""
        optimizer = self.model.optimizer
        optimizer = getattr(optimizer, "inner_optimizer", optimizer)
        if hasattr(optimizer, "optimizers"):
            chosen = [o for o in optimizer.optimizers if getattr(o, "use_ema", False)]
            if not chosen:
                raise ValueError("SwapEMAWeights must be used when at least one inner "
                                 "optimizer has `use_ema=True` set. Received a MultiOptimizer "
                                 "with all inner optimizers having `use_ema=False`.")
        else:
            chosen = [optimizer]
        for opt in chosen:
            if not hasattr(opt, "_model_variables_moving_average"):
                raise ValueError("SwapEMAWeights must be used when `use_ema=True` is set on "
                                 f"the optimizer. Received: use_ema={opt.use_ema}")
        return chosen

    def _swap_variables(self) -> None:
        for opt in self._ema_optimizers():
            for var, average in zip(opt._trainable_variables,
                                    opt._model_variables_moving_average):
                # a, b = a + b, (a + b) - b, then a - b: TF's swap, making no variable
                var.assign_add(average._as_tensor())
                average.assign(var._as_tensor() - average._as_tensor())
                var.assign(var._as_tensor() - average._as_tensor())

    def _finalize_ema_values(self) -> None:
        # the averages take the weights in the model (the averages, swapped in), so that
        # fit's closing `finalize_variable_values` leaves them there
        for opt in self._ema_optimizers():
            for var, average in zip(opt._trainable_variables,
                                    opt._model_variables_moving_average):
                average.assign(var._as_tensor())

    def on_epoch_begin(self, epoch: int, logs: dict | None = None) -> None:
        if self.swap_on_epoch and self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = False

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        if self.swap_on_epoch and not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = True
            if epoch == self.params["epochs"] - 1:
                self._finalize_ema_values()

    def on_test_begin(self, logs: dict | None = None) -> None:
        if not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = True

    def on_test_end(self, logs: dict | None = None) -> None:
        if self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = False

    def on_predict_begin(self, logs: dict | None = None) -> None:
        if not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = True

    def on_predict_end(self, logs: dict | None = None) -> None:
        # (Keras 3 tests the flag the wrong way round here: after a predict the averages
        # stay in the model, flagged as such, until an evaluation or epoch swaps them back)
        if not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = False


class RemoteMonitor(Callback):
    """`RemoteMonitor(root="http://localhost:9000", path="/publish/epoch/end/",
    field="data", headers=None, send_as_json=False)`: POSTs `{"epoch": ..., **logs}` to
    `root + path` at the end of each epoch, as the form field `field` holding JSON, or as
    a JSON body with `send_as_json`. An unreachable server is a warning, not an error."""

    timeout = 10.0  # seconds per request (Keras waits without limit; a dead server hangs it)

    def __init__(self, root: str = "http://localhost:9000", path: str = "/publish/epoch/end/",
                 field: str = "data", headers: dict | None = None,
                 send_as_json: bool = False) -> None:
        super().__init__()
        self.root = root
        self.path = path
        self.field = field
        self.headers = headers
        self.send_as_json = send_as_json

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        send: dict = {"epoch": epoch}
        for k, v in (logs or {}).items():
            send[k] = v.item() if isinstance(v, (np.ndarray, np.generic)) else v
        if self.send_as_json:
            body, kind = json.dumps(send).encode("utf-8"), "application/json"
        else:
            body = urllib.parse.urlencode({self.field: json.dumps(send)}).encode("utf-8")
            kind = "application/x-www-form-urlencoded"
        headers = {"Content-Type": kind, **(self.headers or {})}
        try:
            request = urllib.request.Request(self.root + self.path, data=body, headers=headers,
                                             method="POST")
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                response.read()
        except urllib.error.HTTPError:
            pass  # the server answered (an error status is no failure to reach it)
        except (urllib.error.URLError, ValueError, OSError):
            warnings.warn(f"Could not reach RemoteMonitor root server at {self.root}",
                          stacklevel=2)
