"""The tf.nn.ctc_loss / ctc_greedy_decoder problems whose results ctc_loss_golden.json
records from TF 2.21 (record_ctc_loss_golden.py) and test_nn_ctc.py checks eagerflow
against: random logits, dense and sparse labels, blanks first, last and inside, time- and
batch-major, empty labels, repeated labels, sequences shorter than max_time.

`run(tf)` runs them with whichever module is passed as `tf`."""

import numpy as np


def problems(n=24, seed=5):
    """(logits [time, batch, classes], labels [batch, max_label], label_length,
    logit_length, blank_index), reproducible."""
    rng = np.random.RandomState(seed)
    for _ in range(n):
        t, b, c = rng.randint(2, 9), rng.randint(1, 4), rng.randint(2, 6)
        blank = int(rng.choice([0, c - 1, rng.randint(0, c), -1]))
        logit_length = rng.randint(1, t + 1, size=b).astype(np.int32)
        label_length = np.array([rng.randint(0, (n_t + 1) // 2 + 1) for n_t in logit_length],
                                np.int32)
        width = max(int(label_length.max()), 1)
        real = [k for k in range(c) if k != blank % c]
        labels = rng.choice(real, size=(b, width)).astype(np.int32)
        x = (rng.randn(t, b, c) * rng.choice([0.5, 2.0])).astype(np.float32)
        yield x, labels, label_length, logit_length, blank


def run(tf):
    """name -> list of float arrays (loss, d loss / d logits, ...)."""
    out = {}
    for i, (x, labels, label_length, logit_length, blank) in enumerate(problems()):
        xt = tf.constant(x)
        # (TF's sparse kernel refuses empty label sequences)
        kinds = ("dense", "sparse", "batch_major") if label_length.all() else ("dense",)
        for kind in kinds:
            with tf.GradientTape() as tape:
                tape.watch(xt)
                if kind == "sparse":
                    mask = np.arange(labels.shape[1])[None, :] < label_length[:, None]
                    sp = tf.SparseTensor(np.argwhere(mask).astype(np.int64), labels[mask],
                                         labels.shape)
                    loss = tf.nn.ctc_loss(sp, xt, None, logit_length, blank_index=blank)
                elif kind == "dense":
                    loss = tf.nn.ctc_loss(labels, xt, label_length, logit_length,
                                          blank_index=blank)
                else:
                    loss = tf.nn.ctc_loss(labels, tf.transpose(xt, [1, 0, 2]), label_length,
                                          logit_length, logits_time_major=False,
                                          blank_index=blank)
                total = tf.reduce_sum(loss * np.arange(1, len(label_length) + 1))
            out[f"{i}_{kind}"] = [loss.numpy(), tape.gradient(total, xt).numpy()]
        decoded, logp = tf.nn.ctc_greedy_decoder(x, logit_length, merge_repeated=i % 2 == 0,
                                                 blank_index=blank)
        out[f"{i}_greedy"] = [tf.sparse.to_dense(decoded[0], default_value=-1).numpy(),
                              logp.numpy()]
    return out
