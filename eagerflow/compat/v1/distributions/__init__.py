"""tf.compat.v1.distributions: TF 1's distributions (re-exports only)."""

from eagerflow._src.distributions.dirichlet import Dirichlet, DirichletMultinomial
from eagerflow._src.distributions.discrete import Bernoulli, Categorical, Multinomial
from eagerflow._src.distributions.distribution import (
    FULLY_REPARAMETERIZED,
    NOT_REPARAMETERIZED,
    Distribution,
    ReparameterizationType,
)
from eagerflow._src.distributions.gamma_beta import Beta, Exponential, Gamma
from eagerflow._src.distributions.kullback_leibler import RegisterKL, kl_divergence
from eagerflow._src.distributions.location_scale import Laplace, Normal, StudentT, Uniform

__all__ = ["Bernoulli", "Beta", "Categorical", "Dirichlet", "DirichletMultinomial",
           "Distribution", "Exponential", "FULLY_REPARAMETERIZED", "Gamma", "Laplace",
           "Multinomial", "NOT_REPARAMETERIZED", "Normal", "RegisterKL",
           "ReparameterizationType", "StudentT", "Uniform", "kl_divergence"]
