"""TF 1.x's programs through tf.compat.v1: collections of a graph's variables and their
initializers, variable scopes, optimizers, learning-rate decays, losses and the Saver.

Sits above train/ (the Saver writes TF's checkpoint format with io/tensor_bundle.py),
below saved_model/. The graph machinery itself (tf.Graph, Session, a graph's variables)
is in function/; what is here is built of it and of public ops.
"""
