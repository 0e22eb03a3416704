"""keras.callbacks.SwapEMAWeights' refusals and RemoteMonitor's requests (to a local
http.server in this test), body and headers as Keras 3 sends them through `requests`,
and its warning when no server answers. SwapEMAWeights' swaps against Keras's recorded
values: test_optimizers_newer.py."""

import http.server
import json
import threading
import urllib.parse

import numpy as np
import pytest

import eagerflow as tf


@pytest.fixture
def server():
    """A local HTTP server recording each POST (path, headers, body); status 200, or
    500 for paths under /fail."""
    got = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's name)
            body = self.rfile.read(int(self.headers["Content-Length"]))
            got.append((self.path, dict(self.headers), body))
            self.send_response(500 if self.path.startswith("/fail") else 200)
            self.end_headers()

        def log_message(self, *args):
            pass

    httpd = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", got
    httpd.shutdown()
    httpd.server_close()


def _fit(callback, epochs=2):
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile("sgd", loss="mse")
    model.fit(np.ones((4, 2), "float32"), np.zeros((4, 1), "float32"), epochs=epochs,
              verbose=0, callbacks=[callback])
    return model


def test_remote_monitor_posts_a_form_field_of_json(server):
    root, got = server
    _fit(tf.keras.callbacks.RemoteMonitor(root=root, headers={"X-Run": "7"}))
    assert [path for path, _, _ in got] == ["/publish/epoch/end/"] * 2
    _, headers, body = got[1]
    assert headers["Content-Type"] == "application/x-www-form-urlencoded"
    assert headers["X-Run"] == "7"
    (field, [data]), = urllib.parse.parse_qs(body.decode()).items()
    sent = json.loads(data)
    assert field == "data" and sent["epoch"] == 1 and list(sent) == ["epoch", "loss"]
    assert isinstance(sent["loss"], float)


def test_remote_monitor_sends_json_and_unwraps_numpy_scalars(server):
    root, got = server
    monitor = tf.keras.callbacks.RemoteMonitor(root=root, path="/p", send_as_json=True)
    monitor.on_epoch_end(3, {"loss": np.float32(0.5), "acc": np.array(0.25), "n": 2})
    (path, headers, body), = got
    assert path == "/p" and headers["Content-Type"] == "application/json"
    assert json.loads(body) == {"epoch": 3, "loss": 0.5, "acc": 0.25, "n": 2}


def test_remote_monitor_an_error_status_is_not_a_failure(server, recwarn):
    root, got = server
    tf.keras.callbacks.RemoteMonitor(root=root, path="/fail").on_epoch_end(0, {})
    assert len(got) == 1 and not recwarn.list


@pytest.mark.parametrize("root", ["http://127.0.0.1:1", "nonsense"])
def test_remote_monitor_warns_when_the_server_is_unreachable(root):
    monitor = tf.keras.callbacks.RemoteMonitor(root=root)
    with pytest.warns(UserWarning, match=f"^Could not reach RemoteMonitor root server at {root}$"):
        monitor.on_epoch_end(0, {"loss": 1.0})


def test_swap_ema_weights_needs_an_optimizer_with_use_ema():
    with pytest.raises(ValueError, match="SwapEMAWeights must be used when `use_ema=True` is "
                       "set on the optimizer. Received: use_ema=False"):
        _fit(tf.keras.callbacks.SwapEMAWeights(swap_on_epoch=True))


def test_swap_ema_weights_through_loss_scale_and_multi_optimizers():
    inner = tf.keras.optimizers.SGD(0.1, use_ema=True, ema_momentum=0.5)
    model = _fit_with(tf.keras.optimizers.LossScaleOptimizer(inner))
    swap = tf.keras.callbacks.SwapEMAWeights()
    swap.set_model(model)
    model.train_on_batch(np.ones((4, 2), "float32"), np.zeros((4, 1), "float32"))
    kernel, average = model.trainable_variables[0], inner._model_variables_moving_average[0]
    raw, ema = kernel.numpy(), average.numpy()
    assert not np.allclose(raw, ema)
    swap.on_test_begin()
    np.testing.assert_allclose(kernel.numpy(), ema, rtol=1e-6)
    np.testing.assert_allclose(average.numpy(), raw, rtol=1e-6)
    swap.on_test_end()
    np.testing.assert_allclose(kernel.numpy(), raw, rtol=1e-6)
    plain = tf.keras.optimizers.MultiOptimizer(
        tf.keras.optimizers.OptimizerMap(tf.keras.optimizers.SGD()))
    swap.set_model(_fit_with(plain))
    with pytest.raises(ValueError, match="at least one inner optimizer has `use_ema=True`"):
        swap.on_test_begin()


def _fit_with(optimizer):
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer, loss="mse")
    model.fit(np.ones((4, 2), "float32"), np.zeros((4, 1), "float32"), verbose=0)
    return model
