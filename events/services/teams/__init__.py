"""Teams events: set-up, registration, matches and their lines, scoring and standings."""
