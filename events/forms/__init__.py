"""Forms: the boundary where typed text becomes domain values, or a message saying what to fix.

One module a subject; import a form from its module (`events.forms.teams`, `events.forms.history`).
"""
