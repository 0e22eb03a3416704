"""Training loops under a PreemptionCheckpointHandler, run as a child process by
test_preemption.py (with eagerflow) and record_preemption.py (with TF 2.21):
`python preemption_scenarios.py MODULE SCENARIO CKPT_DIR`. Each prints what it sees,
one line at a time, and a real SIGTERM (or a polled notice) ends the run through the
handler's exit function; the parent compares the printed lines, the exit code and the
files left in CKPT_DIR."""

import importlib
import os
import signal
import sys

tf = importlib.import_module(sys.argv[1])
SCENARIO, DIRECTORY = sys.argv[2], sys.argv[3]
ROOT = os.path.dirname(DIRECTORY)
STEPS = 8
_noticed = []


def notice() -> bool:
    """A termination notice, once `stop.txt` exists beside the checkpoints."""
    return os.path.exists(os.path.join(ROOT, "stop.txt"))


def make_handler(v, step):
    ck = tf.train.Checkpoint(v=v, step=step)
    config = None
    if SCENARIO == "exit_fn":
        config = tf.distribute.experimental.TerminationConfig(
            exit_fn=lambda: (print("exit_fn called", flush=True), sys.exit(7)))
    if SCENARIO == "watcher":
        config = tf.distribute.experimental.TerminationConfig(
            termination_watcher_fn=notice, exit_fn=lambda: sys.exit(3))
    if SCENARIO == "grace":  # a long grace period: save once, then train on
        config = tf.distribute.experimental.TerminationConfig(grace_period=3600)
    if SCENARIO == "save_fn":
        config = tf.distribute.experimental.TerminationConfig(
            save_fn=lambda *a, **k: print("save_fn", a, sorted(k), flush=True))
    if SCENARIO == "checkpoint_dir":
        return tf.distribute.experimental.PreemptionCheckpointHandler(
            None, ck, DIRECTORY, termination_config=config)
    mgr = tf.train.CheckpointManager(ck, DIRECTORY, max_to_keep=3)
    strategy = tf.distribute.get_strategy()
    return tf.distribute.experimental.PreemptionCheckpointHandler(
        strategy.cluster_resolver if hasattr(strategy, "cluster_resolver") else None, mgr,
        termination_config=config)


def main():
    v = tf.Variable(0.0)
    step = tf.Variable(0, dtype=tf.int64)
    handler = make_handler(v, step)
    start = int(handler.total_run_calls)
    print("start", start, float(v.numpy()), int(step.numpy()), flush=True)

    @tf.function
    def train(x):
        v.assign_add(x)
        step.assign_add(1)
        return v.read_value()

    for i in range(start, STEPS):
        if i == 3 and not os.path.exists(os.path.join(ROOT, "restarted")):
            if SCENARIO == "watcher":
                open(os.path.join(ROOT, "stop.txt"), "w").close()
                import time
                time.sleep(2.5)  # (the handler polls its watcher once a second)
            else:
                os.kill(os.getpid(), signal.SIGTERM)
        if SCENARIO in ("save_if_preempted", "save_fn"):
            r = train(tf.constant(1.0))
            handler.save_checkpoint_if_preempted(checkpoint_number=100 + i)
        else:
            with handler.watch_preemption_scope():
                r = handler.run(train, tf.constant(1.0))
        print("step", i, float(r), int(handler.total_run_calls), flush=True)
    print("finished", flush=True)


if __name__ == "__main__":
    main()
