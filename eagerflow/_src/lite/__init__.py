"""tf.lite: the TFLite flatbuffer format, an interpreter for its float builtins, and a
converter from eagerflow's traced functions and Keras models."""
