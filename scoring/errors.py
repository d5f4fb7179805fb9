"""The one error the scoring engine raises."""


class ScoringError(ValueError):
    """Input the rules cannot score; the message tells a director what to fix."""
