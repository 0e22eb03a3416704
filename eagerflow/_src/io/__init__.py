"""File formats below the ops layer: CRC32C, TFRecord framing, tf.train.Example protos."""
