"""Settings that apply to some choices of another field only: static/js/event_settings.js shows
them for those choices alone."""

from django import forms


def show_only_when(form: forms.BaseForm, conditions: dict[str, dict[str, tuple]]) -> None:
    """Mark each field named in `conditions` (field -> {the field it depends on: the values it
    applies to}) to be shown only while every field it depends on holds one of its values."""
    for name, depends_on in conditions.items():
        form.fields[name].widget.attrs["data-shown-when"] = ";".join(
            f"{chosen}:{' '.join(values)}" for chosen, values in depends_on.items()
        )
