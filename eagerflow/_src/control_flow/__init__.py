"""Ops that hold code: tf.cond, tf.case, tf.switch_case, tf.while_loop and the loops built
on it (map_fn, scan, folds), and tf.py_function.

Sits above graph/ and autodiff/: while a graph is traced, a cond or a loop becomes one op
holding its branches or body as sub-graphs (subgraph_ops.py), whose gradients replay
those sub-graphs under a tape; py_function's gradient runs the user's Python under a
tape. Modules, bottom to top: subgraph_ops, case_op, conditionals, loops, py_function.
"""
