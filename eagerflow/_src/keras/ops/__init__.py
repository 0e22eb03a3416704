"""keras.ops as Keras 3 has it on its TensorFlow backend (the public namespace is
eagerflow/keras/ops): one module per family (numpy_*, nn, linalg, image, math, core),
each op a composition of registered ops with Keras 3's dtype rules (dtypes.py).
"""
