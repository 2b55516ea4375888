"""The committed notebooks, opened in JupyterLab as a newcomer opens them: nobody has run or trusted them.
JupyterLab then draws no SVG output and strips <svg> from HTML, so every picture must come as an image:
the rule tutorial's positions, the lab's charts, Crazy Quilt's quilts."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def upload(server_url: str, token: str, name: str) -> None:
    """Put a committed notebook into the server's folder as it is (unsigned: untrusted)."""
    body = json.dumps(
        {"type": "notebook", "format": "json", "content": json.loads((NOTEBOOKS / name).read_text())}
    )
    request = urllib.request.Request(
        f"{server_url}/api/contents/untrusted-{name}?token={token}", data=body.encode(), method="PUT",
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status in (200, 201)


@pytest.mark.parametrize(
    ("name", "pictures"),
    [("02-rules-tutorial.ipynb", 20), ("03-strategy-lab.ipynb", 6), ("05-crazy-quilt.ipynb", 8)],
)
def test_a_notebook_nobody_ran_shows_its_pictures(browser, lab, name: str, pictures: int, output_dir) -> None:
    server, token = lab
    upload(server.url, token, name)
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    try:
        page = context.new_page()
        page.goto(f"{server.url}/lab/tree/untrusted-{name}?token={token}&reset")
        outputs = page.locator(".jp-Notebook .jp-OutputArea-output")
        expect(outputs.first).to_be_attached(timeout=60_000)
        images = page.locator(".jp-Notebook .jp-OutputArea-output img[src^='data:image/svg+xml']")
        expect(images.nth(pictures - 1)).to_be_attached(timeout=30_000)
        # No picture fell back to its text form, and no chart collapsed into run-together labels.
        texts = outputs.all_inner_texts()
        assert not [
            t for t in texts if t.startswith(("<Game ", "<QuiltGame ", "<WindmillWidget", "<QuiltWidget"))
        ]
        assert not [t for t in texts if "Win rate" in t and "(95% Wilson interval)" in t]
        page.screenshot(path=str(output_dir / f"untrusted-{name}.png"))
    finally:
        context.close()
