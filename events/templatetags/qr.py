"""QR codes drawn on the server as inline SVG, for printed cards that players scan."""

import segno
from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter
def qr_svg(url: str):
    """The QR code of `url` as an <svg> element sized by CSS (the CSP allows no inline style);
    medium error correction survives a creased or smudged card."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(omitsize=True, border=2, svgclass="qr", lineclass="qr-line", title=url)
    return mark_safe(svg)  # segno escapes the title; the rest is its own markup
