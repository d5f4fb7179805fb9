"""Artificial adjusted scores (Law 12C2): average plus, average, average minus."""

from scoring.errors import ScoringError, words

# Percent of the available matchpoints for each code (Law 12C2(a)).
FIXED_PERCENT = {"A+": 60, "A": 50, "A-": 40}

ADJUSTED_SCORE_RULES = {
    "fixed": words("Average plus 60%, average 50%, average minus 40%"),
    "session": words(
        # xgettext:no-python-format (a percent sign: the label is shown as it is)
        "Law 12C2(c): average plus is 60% or the pair's percentage on its other boards "
        "if higher; average minus 40% or that percentage if lower"
    ),
}


def adjustment_code(percent: float) -> str:
    """The Ave+/Ave/Ave- code that stands for an artificial score of this percent."""
    return "A+" if percent > 50 else "A" if percent == 50 else "A-"


def adjusted_percent(code: str, *, rule: str = "fixed", session_percent: float | None = None):
    """The percent of the top a side gets for an A+, A or A- under `rule`.

    Under "session" the pair's percentage on the boards it actually played (`session_percent`,
    None before it has played one) replaces 60% when higher for A+, and 40% when lower for A-
    (WBFLC 1998-08-30: "whichever is greater" / "whichever is less"). Average stays 50%.
    """
    if code not in FIXED_PERCENT:
        raise ScoringError(
            "an adjusted score is A+, A or A-, not %(code)s",
            code=repr(code),
        )
    if rule not in ADJUSTED_SCORE_RULES:
        raise ScoringError(
            "adjusted scores follow %(rules)s",
            rules=" or ".join(ADJUSTED_SCORE_RULES),
        )
    fixed = FIXED_PERCENT[code]
    if rule == "fixed" or session_percent is None or code == "A":
        return fixed
    return max(fixed, session_percent) if code == "A+" else min(fixed, session_percent)
