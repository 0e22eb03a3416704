"""Core types: dtypes, shapes, tensors, errors, execution context, nest."""
