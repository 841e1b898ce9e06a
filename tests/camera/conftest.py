"""The camera tests' decks and enrolled profiles, made once per test session.

They live here so that OpenCV and the deck renderers load only where camera tests run.
"""

from tests.camera.support import deck_faces, decks, profiles  # noqa: F401
