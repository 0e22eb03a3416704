"""TF 1's checkpoint file helpers (tf.compat.v1.train.checkpoint_exists,
get_checkpoint_mtimes, remove_checkpoint, generate_checkpoint_state_proto,
update_checkpoint_state) run by TF 2.21 (record_checkpoint_files_golden.py) or by
eagerflow (test_v1_checkpoint_files.py): `python checkpoint_files_program.py tf|eagerflow
DIR` prints one JSON line."""

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
d = sys.argv[2]


def touch(name, mtime=None):
    path = os.path.join(d, name)
    with open(path, "wb") as f:
        f.write(b"x")
    if mtime is not None:
        os.utime(path, ns=(mtime, mtime))
    return path


for name, t in [("model.ckpt-7.index", 1_700_000_000_250_000_000),
                ("model.ckpt-7.data-00000-of-00001", None), ("model.ckpt-7.meta", None),
                ("model.ckpt-9.index", 1_700_000_100_000_000_000),
                ("model.ckpt-9.data-00000-of-00002", None),
                ("model.ckpt-9.data-00001-of-00002", None), ("model.ckpt-9.meta", None),
                ("old_v1_ckpt", 1_600_000_000_500_000_000), ("old_v1_ckpt.meta", None)]:
    touch(name, t)
p7, p9, v1 = (os.path.join(d, n) for n in ("model.ckpt-7", "model.ckpt-9", "old_v1_ckpt"))
out = {"exists": [train.checkpoint_exists(p) for p in (p7, v1, os.path.join(d, "nope"),
                                                      os.path.join(d, "model.ckpt-*"))],
       "mtimes": train.get_checkpoint_mtimes([p7, p9, v1, os.path.join(d, "nope")])}
train.remove_checkpoint(p7)
out["after_remove_v2"] = sorted(os.listdir(d))
train.remove_checkpoint(v1, checkpoint_format_version=1)
out["after_remove_v1"] = sorted(os.listdir(d))
train.update_checkpoint_state(d, p9, all_model_checkpoint_paths=[p7])
with open(os.path.join(d, "checkpoint")) as f:
    out["state_file"] = f.read().replace(d, "DIR")
train.update_checkpoint_state(d, p9, latest_filename="other_state",
                              all_model_checkpoint_timestamps=[1.5, 2.5],
                              all_model_checkpoint_paths=[p7, p9],
                              last_preserved_timestamp=0.5)
with open(os.path.join(d, "other_state")) as f:
    out["state_file_timestamps"] = f.read().replace(d, "DIR")
out["proto"] = str(train.generate_checkpoint_state_proto("s", "s/m-3", ["s/m-1"]))
out["latest"] = os.path.basename(train.latest_checkpoint(d))
try:
    train.update_checkpoint_state(d, os.path.join(d, "checkpoint"))
    out["conflict"] = "ok"
except Exception as e:  # noqa: BLE001 - the error is the result
    out["conflict"] = [type(e).__name__, str(e).replace(d, "DIR")]
print(json.dumps(out, sort_keys=True))
