"""The filter that reads a stored note (a change's, a teams round's) in the reader's language."""

from django import template

from events.services.notes import note_text

register = template.Library()
register.filter("note_text", note_text)
