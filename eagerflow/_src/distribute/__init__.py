"""tf.distribute: strategies, distributed values, collectives, distributed input."""
