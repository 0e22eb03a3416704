"""Automatic differentiation: GradientTape, custom_gradient, gradient checking."""
