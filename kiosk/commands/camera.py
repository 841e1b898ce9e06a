"""`blackjack-kiosk camera`: enrol a deck, calibrate the table, recognize images, watch a
frame stream for new cards (docs/camera.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2

from drivers.camera.calibration import Calibration, CalibrationError, calibrate
from drivers.camera.explain import Trace, report
from drivers.camera.profile import DeckProfile, ProfileError
from drivers.camera.recognize import Recognizer
from drivers.camera.training import enroll
from drivers.camera.watch import CameraSource, FrameError, open_frames
from kiosk.commands._common import CommandError, add_parser


def _recognizer(args) -> tuple[Recognizer, Calibration | None]:
    try:
        profile = DeckProfile.load(Path(args.profile))
        cal = Calibration.load(Path(args.calibration)) if args.calibration else None
    except (ProfileError, CalibrationError) as exc:
        raise CommandError(str(exc)) from None
    if cal is None:
        return Recognizer(profile), None
    return Recognizer(profile, card_width=cal.card_width_px, cloth=cal.cloth), cal


def enroll_cmd(args) -> int:
    try:
        profile = enroll(Path(args.images))
        profile.save(Path(args.out))
    except ProfileError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"{args.out}: {exc.strerror}") from None
    print(f"enrolled {args.images}: 52 cards; profile {args.out}")
    for line in profile.describe():
        print(f"  {line}")
    return 0


def calibrate_cmd(args) -> int:
    try:
        cal, empty = calibrate(Path(args.empty), args.card_width_px,
                               Path(args.regions) if args.regions else None)
        cal.save(Path(args.out), empty)
    except CalibrationError as exc:
        raise CommandError(str(exc)) from None
    print(f"calibrated: cloth hue {cal.cloth.low[0]}-{cal.cloth.high[0]}, "
          f"{len(cal.regions)} regions; {args.out}")
    return 0


def recognize_cmd(args) -> int:
    rec, cal = _recognizer(args)
    images = []
    for name in args.images:  # read them all first: a bad file changes nothing
        if not Path(name).is_file():
            raise CommandError(f"{name}: no such file")
        img = cv2.imread(name, cv2.IMREAD_COLOR)
        if img is None:
            raise CommandError(f"{name}: not a readable image")
        images.append((name, img))
    for name, img in images:
        trace = Trace() if args.explain else None
        cards = []
        readings = rec.read(img, trace)
        for reading in readings:
            if cal is not None:
                reading.region = cal.region_of(reading.center)
            cards.append(reading.to_json())
        if trace is None:
            print(json.dumps({"image": name, "cards": cards}), flush=True)
        else:
            print(f"{name}: {len(cards)} card{'s' if len(cards) != 1 else ''}")
            for line in report(trace, readings):
                print(f"  {line}")
    return 0


def watch_cmd(args) -> int:
    rec, _ = _recognizer(args)
    try:
        frames = open_frames(args.source)
    except FrameError as exc:
        raise CommandError(str(exc)) from None
    source = CameraSource(frames, rec, device=args.source)
    source.run(lambda event: print(json.dumps(event.to_json()), flush=True))
    return 0


def register(sub) -> None:
    p = add_parser(sub, "camera", "overhead camera: enroll a deck, calibrate the table, "
                   "recognize images, watch a frame stream for new cards",
                   "blackjack-kiosk camera recognize --profile deck.profile table.jpg",
                   lambda args: (p.print_help(sys.stderr), 2)[1])
    inner = p.add_subparsers(dest="camera_command", metavar="STEP")
    e = inner.add_parser("enroll", help="learn a deck from one clean image per card",
                         epilog="example: blackjack-kiosk camera enroll --images faces/ "
                                "--out deck.profile")
    e.add_argument("--images", required=True, help="folder of AS.png ... KD.png (ten: T)")
    e.add_argument("--out", required=True, help="profile file to write")
    e.set_defaults(func=enroll_cmd)
    c = inner.add_parser("calibrate", help="learn the table: empty picture, card size, regions",
                         epilog="example: blackjack-kiosk camera calibrate --empty empty.png "
                                "--out table.cal --regions regions.json")
    c.add_argument("--empty", required=True, help="picture of the empty table")
    c.add_argument("--out", required=True, help="calibration file to write")
    c.add_argument("--card-width-px", type=float, help="card width in image pixels")
    c.add_argument("--regions", help='JSON {"dealer": [[x, y], ...], "box 1": ...}')
    c.set_defaults(func=calibrate_cmd)
    for name, func, hlp in (("recognize", recognize_cmd, "print the cards in each image as "
                             "JSON"), ("watch", watch_cmd, "print one JSON line per new card "
                                       "in a frame stream")):
        s = inner.add_parser(name, help=hlp)
        s.add_argument("--profile", required=True, help="deck profile from camera enroll")
        s.add_argument("--calibration", help="calibration file from camera calibrate")
        if name == "recognize":
            s.add_argument("images", nargs="+", metavar="IMAGE")
            s.add_argument("--explain", action="store_true",
                           help="instead of JSON, tell region by region what was read and "
                                "why, and why each corner was passed over")
        else:
            s.add_argument("--source", required=True,
                           help="video file, folder of frames, or camera device number")
        s.set_defaults(func=func)
