"""The rubber and Chicago score pads and the calculators, for every player.

They are not events: a pad keeps its deals in the session and a calculator keeps nothing, so
nothing here reads or writes the database. `forms` reads what is typed, `views` serves the pads
and `calculators` the calculators; their templates are `pads/` and `calculator/`.
"""
