"""The Keras engine: Layer, InputSpec, KerasTensor, Model, Functional, Sequential."""
