"""eagerflow's implementation. Public names live in the eagerflow.* namespaces."""
