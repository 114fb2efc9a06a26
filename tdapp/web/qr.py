"""QR codes drawn into a page as inline SVG (segno, pure Python): made on the server, so a phone
reaches the app's own address on the club's LAN with nothing fetched from outside."""

from __future__ import annotations

import segno


def inline_svg(url: str) -> str:
    """`url` as an inline <svg> that scales with its box (no fixed size), black on white."""
    return segno.make(url, error="m").svg_inline(
        omitsize=True, border=2, dark="#000", light="#fff", title=url
    )
