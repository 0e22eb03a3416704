"""Graphs: IR, verifier, interpreter, optimization passes and code generation."""
