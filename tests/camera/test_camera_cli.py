"""`blackjack-kiosk camera` as an installer runs it."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from hardware_mocks.camera import Effects, dealing_sequence, random_scene

pytestmark = pytest.mark.xdist_group("camera")


@pytest.fixture(scope="module")
def profile_file(tmp_path_factory, profiles):
    path = tmp_path_factory.mktemp("profile") / "own.profile"
    profiles["own"].save(path)
    return path


def test_enroll_writes_a_profile_and_refuses_an_incomplete_deck(cli, deck_faces, tmp_path):
    out = tmp_path / "deck.profile"
    done = cli("camera", "enroll", "--images", str(deck_faces["own"]), "--out", str(out),
               timeout=300)
    assert done.returncode == 0, done.stderr
    assert "52 cards" in done.stdout and out.stat().st_size > 1000
    partial = tmp_path / "partial"
    partial.mkdir()
    (partial / "AS.png").write_bytes((deck_faces["own"] / "AS.png").read_bytes())
    refused = cli("camera", "enroll", "--images", str(partial), "--out", str(tmp_path / "x"))
    assert refused.returncode == 2
    assert "no image for" in refused.stderr and "Traceback" not in refused.stderr
    assert not (tmp_path / "x").exists()


def test_recognize_prints_the_cards_of_each_image(cli, decks, profile_file, tmp_path):
    rng = np.random.default_rng(11)
    scene = random_scene(decks["own"], rng, effects=Effects(), max_hands=2)
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), scene.image)
    done = cli("camera", "recognize", "--profile", str(profile_file), str(image))
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["image"] == str(image)
    sure = sorted(c["card"] for c in doc["cards"] if not c.get("uncertain"))
    assert sure and set(sure) <= {c.code for c in scene.cards}


def test_recognize_reads_a_table_in_the_envelope_it_never_saw_without_calibration(
        cli, decks, profile_file, tmp_path):
    """Issue 31: the documented example on a JPEG from a camera in the envelope (this seed:
    blue baize, 8 cards 117-142 px wide), no calibration."""
    from hardware_mocks.camera import envelope_scene

    scene = envelope_scene(decks["own"], np.random.default_rng(32))
    image = tmp_path / "table.jpg"
    cv2.imwrite(str(image), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    done = cli("camera", "recognize", "--profile", str(profile_file), str(image))
    assert done.returncode == 0, done.stderr
    sure = sorted(c["card"] for c in json.loads(done.stdout)["cards"] if not c.get("uncertain"))
    assert sure == sorted(c.code for c in scene.cards)


def test_calibrated_regions_name_where_a_card_lies(cli, decks, profile_file, tmp_path):
    rng = np.random.default_rng(4)
    frames = [f for f, _ in dealing_sequence(decks["own"], ["9S"], rng)]
    empty, table = tmp_path / "empty.png", tmp_path / "table.png"
    cv2.imwrite(str(empty), frames[0])
    cv2.imwrite(str(table), frames[-7])  # the card lies still in box 1
    regions = tmp_path / "regions.json"
    # the mock dealer's spot is at the top middle, box 1 at the bottom left
    regions.write_text(json.dumps({"box 1": [[0, 300], [350, 300], [350, 720], [0, 720]],
                                   "dealer": [[300, 0], [800, 0], [800, 290], [300, 290]]}))
    cal = tmp_path / "table.cal"
    done = cli("camera", "calibrate", "--empty", str(empty), "--out", str(cal), "--regions",
               str(regions))
    assert done.returncode == 0, done.stderr
    seen = cli("camera", "recognize", "--profile", str(profile_file), "--calibration",
               str(cal), str(table))
    cards = json.loads(seen.stdout)["cards"]
    assert [(c["card"], c["region"]) for c in cards] == [("9S", "box 1")]


def test_watch_prints_one_line_per_card_dealt(cli, decks, profile_file, tmp_path):
    rng = np.random.default_rng(8)
    codes = ["QH", "4C", "TD"]
    folder = tmp_path / "frames"
    folder.mkdir()
    for i, (frame, _) in enumerate(dealing_sequence(decks["own"], codes, rng)):
        cv2.imwrite(str(folder / f"{i:04d}.png"), frame)
    done = cli("camera", "watch", "--profile", str(profile_file), "--source", str(folder))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(e["event"], e.get("card")) for e in lines] == [
        ("card", "QH"), ("card", "4C"), ("card", "TD"), ("lost", None)]
    assert {e["source"] for e in lines} == {"camera"}


def test_bad_inputs_get_one_line_naming_them(cli, profile_file, tmp_path):
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"not an image")
    cases = [
        (["camera", "recognize", "--profile", str(profile_file), str(junk)], "junk.png"),
        (["camera", "recognize", "--profile", str(junk), str(junk)], "not a deck profile"),
        (["camera", "watch", "--profile", str(profile_file), "--source",
          str(tmp_path / "none")], "no such folder"),
        (["camera", "calibrate", "--empty", str(junk), "--out", str(tmp_path / "c")],
         "not a readable image"),
    ]
    for argv, words in cases:
        done = cli(*argv)
        assert done.returncode == 2, argv
        assert words in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


@pytest.mark.parametrize(("change", "words"), [
    (lambda meta: meta.pop("rank_fit"), "without rank_fit"),
    (lambda meta: meta.update(window_rows=96), "made for index windows of 96 rows"),
])
def test_a_profile_from_an_older_version_asks_to_enrol_again(change, words, cli, profile_file,
                                                               tmp_path):
    """A profile without the templates' own fits, or with templates cut at another window
    size, cannot judge a reading: it is refused by name, not read with some default."""
    data = dict(np.load(profile_file))
    meta = json.loads(bytes(data["meta"]).decode())
    change(meta)
    data["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    old = tmp_path / "old.profile"
    with open(old, "wb") as f:
        np.savez_compressed(f, **data)
    image = tmp_path / "empty.png"
    cv2.imwrite(str(image), np.full((90, 160, 3), (35, 120, 45), np.uint8))
    done = cli("camera", "recognize", "--profile", str(old), str(image))
    assert done.returncode == 2
    assert words in done.stderr and "enrol the deck again" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_help_example_runs_as_printed_in_a_folder_with_its_two_files(
        cli, decks, profile_file, tmp_path):
    """`camera --help` prints `camera recognize --profile deck.profile table.jpg`: with the
    profile `camera enroll` wrote and a picture of the table under those names, it reads."""
    from kiosk.cli import build_parser, subcommand_parsers

    epilog = subcommand_parsers(build_parser())["camera"].epilog.splitlines()
    example = epilog[epilog.index("example:") + 1].split()
    assert example[:3] == ["blackjack-kiosk", "camera", "recognize"]
    (tmp_path / "deck.profile").write_bytes(profile_file.read_bytes())
    scene = random_scene(decks["own"], np.random.default_rng(5), effects=Effects(), max_hands=1)
    cv2.imwrite(str(tmp_path / "table.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    done = cli(*example[1:], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["image"] == "table.jpg"
