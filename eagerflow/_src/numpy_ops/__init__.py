"""tf.experimental.numpy: NumPy's API over tensors (TF's "tnp"), composed of the registered ops.

`dtypes` holds the promotion rules and array conversion; `behavior` the global switch
(`experimental_enable_numpy_behavior`); `array_ops` and `math_ops` the functions;
`random` tnp.random.
"""
