"""QR codes as SVG (segno, pure Python): made on the server, so a phone or a dealer's tablet
reaches the app's own address on the club's LAN with nothing fetched from outside."""

from __future__ import annotations

import io

import segno


def inline_svg(url: str) -> str:
    """`url` as an inline <svg> that scales with its box (no fixed size), black on white."""
    return _code(url).svg_inline(omitsize=True, border=2, dark="#000", light="#fff", title=url)


def svg_image(url: str) -> tuple[bytes, int, dict[str, str]]:
    """`url` as an SVG image answer, for an <img> (a console's link the dealer scans)."""
    svg = io.BytesIO()  # a whole SVG document: an <img> shows nothing without its xmlns
    _code(url).save(svg, kind="svg", scale=6)
    return svg.getvalue(), 200, {"Content-Type": "image/svg+xml"}


def _code(url: str) -> segno.QRCode:
    # Level M: a printed or screen code still reads with a smudge or glare on part of it.
    return segno.make(url, error="m")
