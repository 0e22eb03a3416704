"""keras.utils.timeseries_dataset_from_array calls whose batches (or errors) Keras 3
recorded (timeseries_golden.json, written by make_timeseries_golden.py)."""

CASES = [
    "f(np.arange(20), None, sequence_length=5, batch_size=4)",
    "f(np.arange(20), np.arange(100, 120), sequence_length=4, sequence_stride=3, batch_size=3)",
    "f(np.arange(30).reshape(15, 2), np.arange(15), sequence_length=3, sampling_rate=2, "
    "batch_size=None)",
    "f(np.arange(40), np.arange(40), sequence_length=6, batch_size=5, shuffle=True, seed=7)",
    "f(np.arange(40), None, sequence_length=4, batch_size=None, shuffle=True, seed=3)",
    "f(np.arange(20.0), None, sequence_length=3, start_index=4, end_index=15, batch_size=8)",
    "f(np.arange(10), None, sequence_length=3, start_index=-1)",
    "f(np.arange(10), None, sequence_length=3, start_index=10)",
    "f(np.arange(10), None, sequence_length=3, start_index=5, end_index=5)",
    "f(np.arange(10), None, sequence_length=3, end_index=12)",
    "f(np.arange(10), None, sequence_length=3, sampling_rate=0)",
    "f(np.arange(10), None, sequence_length=3, sequence_stride=10)",
    "f(np.arange(10), None, sequence_length=3, format='jax')",
]
