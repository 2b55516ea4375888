"""Pictures as pixels: the kit's SVG pictures rasterised by resvg (a self-contained renderer), for
``render_mode="rgb_array"`` (videos of episodes, image observations)."""

from __future__ import annotations

import io

import numpy as np


def rgb_array(svg: str) -> np.ndarray:
    """The SVG picture ``svg`` as an ``(height, width, 3)`` ``uint8`` array (on white)."""
    try:
        import resvg_py
        from PIL import Image
    except ImportError as err:  # pragma: no cover - both come with the rl extra
        raise ImportError(
            f'render_mode="rgb_array" needs resvg-py and Pillow: pip install "windmill_widget[rl]" ({err}).'
        ) from None
    png = resvg_py.svg_to_bytes(svg_string=svg, background="white")
    with Image.open(io.BytesIO(bytes(png))) as image:
        return np.asarray(image.convert("RGB"))
