"""The camera tests' decks and enrolled profiles, made once per test session.

They live here so that OpenCV and the deck renderers load only where camera tests run.
"""

from tests.camera.support import (  # noqa: F401
    deck_faces,
    decks,
    design_faces,
    design_profiles,
    profiles,
)
