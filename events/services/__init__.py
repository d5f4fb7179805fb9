"""Database work: keyword-only functions that load rows, call `scoring`, and save."""
