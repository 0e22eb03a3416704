"""Test harnesses shared by the suites and by tf.test."""
