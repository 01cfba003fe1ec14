// Intentionally empty: CSystem is header-only.
