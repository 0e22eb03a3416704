"""tf.compat.v1.train.LooperThread run by TF 2.21 (record_looper_golden.py) or by
eagerflow (test_v1_looper.py): `python looper_program.py tf|eagerflow` prints one JSON
line: the calls each looper made before its coordinator stopped, the hooks' order, the
errors join raised and the argument errors."""

import json
import os
import sys

if sys.argv[1] == "tf":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    import tensorflow as tf
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    import eagerflow as tf

train = tf.compat.v1.train
out = {}


def err(e):
    return [type(e).__name__, str(e)]


# back to back: the target stops the coordinator at its fifth call
coord = train.Coordinator()
calls = []


def count(tag, step=1):
    calls.append([tag, step])
    if len(calls) == 5:
        coord.request_stop()


t = train.LooperThread.loop(coord, None, count, args=("a",), kwargs={"step": 2})
coord.join([t])
out["back_to_back"] = {"calls": calls, "daemon": t.daemon, "alive": t.is_alive()}

# on a timer, with hooks, as a subclass
coord = train.Coordinator()
events = []


class Looper(train.LooperThread):
    def start_loop(self):
        events.append("start")

    def run_loop(self):
        events.append("run")
        if events.count("run") == 3:
            coord.request_stop()

    def stop_loop(self):
        events.append("stop")


looper = Looper(coord, 0.01)
looper.start()
coord.join()
out["timer_hooks"] = events

# an exception stops the coordinator; join raises it
coord = train.Coordinator()


def boom():
    raise ValueError("boom")


train.LooperThread.loop(coord, None, boom)
try:
    coord.join()
    out["raised"] = None
except ValueError as e:
    out["raised"] = err(e)

for name, fn in [("not_a_coordinator", lambda: train.LooperThread(object(), None)),
                 ("args_without_target", lambda: train.LooperThread(
                     train.Coordinator(), None, args=(1,)))]:
    try:
        fn()
        out[name] = "ok"
    except Exception as e:  # noqa: BLE001 - the error is the result
        out[name] = err(e)
        out[name][1] = out[name][1].split(":")[0]
print(json.dumps(out, sort_keys=True))
