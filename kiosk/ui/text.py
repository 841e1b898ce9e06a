"""Every sentence the screen builds from the table's codes, through Qt's translation.

The engine and the card sources speak in stable codes (`box_maximum`, `misread`, `win`); the
screen says them in the dealer's language here. A refusal without a known code shows the
engine's own sentence, which is English: better that than nothing.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from kiosk.table.money import format_amount


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """Qt's translation of `text` in `context` (the name lupdate looks for; `n` for plurals)."""
    return QCoreApplication.translate(context, text, disambiguation, n)


def money(amount: Decimal | str) -> str:
    """An amount as people read it at the table: 22.50, 1 000."""
    return format_amount(Decimal(amount))


REFUSALS = {
    "betting_closed": QT_TRANSLATE_NOOP("Refusal", "Betting is closed: the first card is out."),
    "player_name": QT_TRANSLATE_NOOP("Refusal", "A player needs a name or number."),
    "box_maximum": QT_TRANSLATE_NOOP(
        "Refusal", "{stake} would bring box {box} to {total}, over the box maximum {max}."),
    "no_side_bet": QT_TRANSLATE_NOOP("Refusal", "This table has no {side} bet."),
    "side_maximum": QT_TRANSLATE_NOOP("Refusal", "{side} stake {total} is over its maximum {max}."),
    "not_positive": QT_TRANSLATE_NOOP("Refusal", "A stake must be above zero."),
    "not_multiple": QT_TRANSLATE_NOOP(
        "Refusal", "{amount} is not a multiple of the table minimum {min}."),
    "no_stake_to_take": QT_TRANSLATE_NOOP("Refusal", "{player} has no such stake on box {box}."),
    "seats_closed": QT_TRANSLATE_NOOP("Refusal", "Seats change only before the first card."),
    "seat_empty": QT_TRANSLATE_NOOP("Refusal", "Seat {seat} is empty already."),
    "seated_already": QT_TRANSLATE_NOOP("Refusal", "{player} sits in seat {seat} already."),
    "seat_taken": QT_TRANSLATE_NOOP("Refusal", "Seat {seat} is taken by {player}."),
    "one_seat": QT_TRANSLATE_NOOP("Refusal", "{player} sits in seat {seat}: one seat each."),
    "no_stake": QT_TRANSLATE_NOOP("Refusal", "No stake on any box: place a stake first."),
    "no_owner": QT_TRANSLATE_NOOP("Refusal", "Box {box} has no owner: seat a player."),
    "twins_without_main": QT_TRANSLATE_NOOP(
        "Refusal", "Twins on box {box} needs a main stake on that box."),
    "bust_over_main": QT_TRANSLATE_NOOP(
        "Refusal", "Bust stake {total} of {player} is over his main stakes ({main})."),
    "card_count": QT_TRANSLATE_NOOP(
        "Refusal", "Card {card} cannot appear again in a {decks}-deck shoe."),
    "out_of_turn_over": QT_TRANSLATE_NOOP("Refusal", "Card {card} out of turn: the round is over."),
    "out_of_turn_stands": QT_TRANSLATE_NOOP(
        "Refusal", "Card {card} out of turn: the dealer stands on {total}."),
    "shoe_cannot_hold": QT_TRANSLATE_NOOP(
        "Refusal", "Card {card} cannot come from this {decks}-deck shoe: all are out."),
    "shoe_empty": QT_TRANSLATE_NOOP("Refusal", "The shoe is empty: start a new shoe."),
    "no_round": QT_TRANSLATE_NOOP("Refusal", "Card {card} out of turn: no round is open."),
    "pin_wrong": QT_TRANSLATE_NOOP("Refusal", "Wrong PIN for {name}."),
    "pin_wait": QT_TRANSLATE_NOOP("Refusal", "Too many wrong PINs: try again in {seconds} s."),
    "not_supervisor": QT_TRANSLATE_NOOP("Refusal", "{name} is not a supervisor of this table."),
    "sign_in_first": QT_TRANSLATE_NOOP("Refusal", "{name} must sign in with the PIN first."),
    "between_rounds": QT_TRANSLATE_NOOP(
        "Refusal", "Round {round} is not finished: this changes between rounds."),
    "table_closed": QT_TRANSLATE_NOOP("Refusal", "The table is closed: a supervisor opens it."),
    "correction_refused": QT_TRANSLATE_NOOP(
        "Refusal", "Correction refused: the round would not hold with it."),
}

PRESETS = {
    "bayern": QT_TRANSLATE_NOOP("Preset", "Bavaria"),
    "schleswig-holstein": QT_TRANSLATE_NOOP("Preset", "Schleswig-Holstein"),
    "holecard": QT_TRANSLATE_NOOP("Preset", "Hole card"),
    "continuous-8": QT_TRANSLATE_NOOP("Preset", "Continuous shuffler, 8 decks"),
}

# why a supervisor voids or corrects: touched, never typed; journaled in the screen's language
REASONS = (
    QT_TRANSLATE_NOOP("Reason", "Card exposed"),
    QT_TRANSLATE_NOOP("Reason", "Misdeal"),
    QT_TRANSLATE_NOOP("Reason", "Card misread"),
    QT_TRANSLATE_NOOP("Reason", "Stake entered wrong"),
    QT_TRANSLATE_NOOP("Reason", "Player dispute"),
    QT_TRANSLATE_NOOP("Reason", "Shoe or reader fault"),
    QT_TRANSLATE_NOOP("Reason", "Card keyed in wrongly"),
)

# what happened, and what the dealer does next
FAULTS = {
    "lost": (QT_TRANSLATE_NOOP("Fault", "The card reader is lost ({source})."),
             QT_TRANSLATE_NOOP("Fault", "Check the cable. Key in each card until it is back.")),
    "silence": (QT_TRANSLATE_NOOP("Fault", "The card reader has gone silent ({source})."),
                QT_TRANSLATE_NOOP("Fault", "Check the shoe. Key in any card it does not show.")),
    "misread": (QT_TRANSLATE_NOOP("Fault", "The shoe could not read a card."),
                QT_TRANSLATE_NOOP("Fault", "Key in the card you see.")),
    "checksum": (QT_TRANSLATE_NOOP("Fault", "A card's message from the shoe was damaged."),
                 QT_TRANSLATE_NOOP("Fault", "Key in the card you see.")),
    "garbage": (QT_TRANSLATE_NOOP("Fault", "Noise on the shoe's line."),
                QT_TRANSLATE_NOOP("Fault", "If a card did not show, key it in; else confirm.")),
    "gap": (QT_TRANSLATE_NOOP("Fault", "Messages from the shoe were lost."),
            QT_TRANSLATE_NOOP("Fault", "Key in any card that did not show; then confirm.")),
    "uncertain": (QT_TRANSLATE_NOOP("Fault", "The camera is unsure of a card (best guess {card})."),
                  QT_TRANSLATE_NOOP("Fault", "Key in the card you see.")),
    "alarm": (QT_TRANSLATE_NOOP("Fault", "The shoe raised an alarm: {message}"),
              QT_TRANSLATE_NOOP("Fault", "Clear the shoe, then confirm.")),
    "shoe_empty": (QT_TRANSLATE_NOOP("Fault", "The shoe says it is empty."),
                   QT_TRANSLATE_NOOP("Fault", "Start a new shoe (supervisor).")),
    "card_refused": (QT_TRANSLATE_NOOP("Fault", "Card {card} was not taken: {reason}"),
                     QT_TRANSLATE_NOOP("Fault", "Set the card aside and call the supervisor; "
                                                "confirm when done.")),
}

OUTCOMES = {
    "win": QT_TRANSLATE_NOOP("Outcome", "win"),
    "blackjack": QT_TRANSLATE_NOOP("Outcome", "Black Jack"),
    "push": QT_TRANSLATE_NOOP("Outcome", "push"),
    "lose": QT_TRANSLATE_NOOP("Outcome", "loss"),
    "surrender": QT_TRANSLATE_NOOP("Outcome", "surrender"),
}

BETS = {
    "main": QT_TRANSLATE_NOOP("Bet", "stake"),
    "insurance": QT_TRANSLATE_NOOP("Bet", "insurance"),
    "even_money": QT_TRANSLATE_NOOP("Bet", "even money"),
    "twins": QT_TRANSLATE_NOOP("Bet", "Twins"),
    "bust": QT_TRANSLATE_NOOP("Bet", "Bust"),
    "surrender": QT_TRANSLATE_NOOP("Bet", "surrender"),
}

SOURCE_STATES = {
    "connected": QT_TRANSLATE_NOOP("Source", "connected"),
    "lost": QT_TRANSLATE_NOOP("Source", "LOST"),
    "silent": QT_TRANSLATE_NOOP("Source", "silent"),
    "none": QT_TRANSLATE_NOOP("Source", "keypad"),
}

SOURCES = {
    "shoe": QT_TRANSLATE_NOOP("Source", "shoe"),
    "camera": QT_TRANSLATE_NOOP("Source", "camera"),
    "manual": QT_TRANSLATE_NOOP("Source", "keypad"),
    "": QT_TRANSLATE_NOOP("Source", "keypad"),
}


def _fill(template: str, params: dict) -> str:
    shown = {k: money(v) if isinstance(v, Decimal) or _is_amount(k, v) else v
             for k, v in params.items()}
    if shown.get("side") in BETS:
        shown["side"] = translate("Bet", BETS[shown["side"]])
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError):
        return template


def _is_amount(key: str, value) -> bool:
    return key in ("stake", "total", "max", "min", "amount", "main") and \
        isinstance(value, (int, str)) and str(value).replace(".", "", 1).isdigit()


def preset_name(preset: str) -> str:
    return translate("Preset", PRESETS[preset]) if preset in PRESETS else preset


def refusal(code: str, message: str, params: dict) -> str:
    """The engine's refusal in the dealer's language."""
    template = REFUSALS.get(code)
    if template is None:
        return message
    return _fill(translate("Refusal", template), params)


def fault(f) -> tuple[str, str]:
    """What happened and what to do next, for a fault on the view."""
    what, todo = FAULTS.get(f.kind, (None, None))
    if what is None:
        return f.message or f.kind, ""
    reason = dict(f.reason)
    code = reason.pop("code", None)
    params = {"card": f.card or "?", "source": translate("Source", SOURCES.get(f.source, f.source)),
              "message": f.message, "reason": refusal(code, f.message, reason) if code
              else f.message}
    return _fill(translate("Fault", what), params), translate("Fault", todo)


def total_label(label: str, finished: bool = False) -> str:
    """A total as dealers read it: "17"; a soft hand both ways while it may still draw, "7/17"
    (a finished hand only "17"); "bust 24" in the dealer's language; "Black Jack" stays."""
    if not label or label == "Black Jack":
        return label
    kind, _, number = label.partition(" ")
    if kind == "soft" and not finished:
        return f"{int(number) - 10}/{number}"
    if kind == "bust":
        return translate("Total", "bust %1").replace("%1", number)
    return number


DECISION_WORDS = {
    "stand": QT_TRANSLATE_NOOP("Replay", "stands"),
    "double": QT_TRANSLATE_NOOP("Replay", "doubles"),
    "split": QT_TRANSLATE_NOOP("Replay", "splits"),
    "surrender": QT_TRANSLATE_NOOP("Replay", "surrenders"),
    "insure": QT_TRANSLATE_NOOP("Replay", "insures"),
    "even_money": QT_TRANSLATE_NOOP("Replay", "takes even money"),
    "close_insurance": QT_TRANSLATE_NOOP("Replay", "Insurance closed"),
}


def player_label(name: str) -> str:
    """A player as the dealer reads him: seated players are numbered by seat, standing
    co-players by number, named players by name."""
    if name.startswith("S") and name[1:].isdigit():
        return translate("Player", "Seat %1").replace("%1", name[1:])
    if name.startswith("C") and name[1:].isdigit():
        return translate("Player", "Co-player %1").replace("%1", name[1:])
    return name


def _fill_in(text: str, *args) -> str:
    for i, arg in enumerate(args, start=1):
        text = text.replace(f"%{i}", str(arg))
    return text


def _bet_name(side) -> str:
    return translate("Bet", BETS[side or "main"]) if (side or "main") in BETS else str(side)


def replay_words(kind: str, data: dict, face_down: bool = False) -> str:
    """One event of a round as the recall screen says it, in the screen's language (the
    journal and `blackjack-kiosk replay` keep their English words). The dealer's hole card
    is not named while it lies face down."""
    d, fill = data, _fill_in
    try:
        if kind == "card":
            if face_down:
                return translate("Replay", "Hole card dealt face down")
            source = d.get("source", "")
            return fill(translate("Replay", "Card %1 (%2)"), d["card"],
                        translate("Source", SOURCES.get(source, source)))
        if kind == "round_open":
            seats = ", ".join(f"{s}: {player_label(p)}" for s, p in d["seats"].items()) or "-"
            return fill(translate("Replay", "Round %1 opens (shoe %2; seats %3)"), d["round"],
                        d["shoe"], seats)
        if kind == "bet":
            return fill(translate("Replay", "%1: %2 %3 on box %4"), player_label(d["player"]),
                        _bet_name(d.get("side")), money(d["amount"]), d["box"])
        if kind == "withdraw" and d.get("amount") is not None:
            return fill(translate("Replay", "%1 takes the last chip (%2) off the %3 on box %4"),
                        player_label(d["player"]), money(d["amount"]),
                        _bet_name(d.get("side")), d["box"])
        if kind == "withdraw":
            return fill(translate("Replay", "%1 takes back the %2 on box %3"),
                        player_label(d["player"]),
                        _bet_name(d.get("side")), d["box"])
        if kind == "seat":
            if d["player"] is None:
                return fill(translate("Replay", "Seat %1 is left"), d["seat"])
            if d["player"] == f"S{d['seat']}":  # a seat without a name: numbered by it
                return fill(translate("Replay", "Seat %1 taken"), d["seat"])
            return fill(translate("Replay", "%1 takes seat %2"), player_label(d["player"]),
                        d["seat"])
        if kind == "decision":
            return _decision_words(d)
        if kind == "correction":
            what = translate("Replay", "struck") if d.get("replace") is None else \
                translate("Replay", "replaced")
            return fill(translate("Replay", "Correction of event %1: %2; approved by %3: %4"),
                        d["corrects"], what, d["supervisor"], translate("Reason", d["reason"]))
        if kind == "settlement":
            return translate("Replay", "Round settled")  # the screen adds each player's net
        if kind == "paid":
            return fill(translate("Replay", "%1 paid during play: %2 (%3, box %4)"),
                        player_label(d["player"]), money(d["amount"]),
                        _bet_name(d.get("bet")), d["box"])
        if kind == "undo":
            return fill(translate("Replay", "UNDO of decision %1 by %2"), d["undoes"],
                        translate("Replay", "the dealer") if d["by"] == "dealer" else d["by"])
        if kind == "payout":
            if d["by"] == "dealer":
                return translate("Replay", "Payout confirmed by the dealer")
            return fill(translate("Replay", "Payout confirmed by %1"), d["by"])
        if kind == "void":
            return fill(translate("Replay", "VOID approved by %1: %2"), d["supervisor"],
                        translate("Reason", d["reason"]))
        if kind == "alert":
            return fill(translate("Replay", "ALERT: %1"), d.get("message", d.get("alert", "")))
        if kind == "source":
            state = SOURCE_STATES.get(d.get("status", ""))
            status = translate("Source", state) if state else d.get("status", "")
            source = translate("Source", SOURCES.get(d.get("source", ""), ""))
            card = f" {d['card']}" if d.get("card") else ""
            return fill(translate("Replay", "%1: %2"), source, status) + card
        if kind == "acknowledge":
            return fill(translate("Replay", "Fault of event %1 dealt with by %2"), d["alert"],
                        d["by"])
    except (KeyError, TypeError, AttributeError):
        pass  # a record of an unexpected shape: its kind, never a crash on the recall screen
    return kind


def _decision_words(d: dict) -> str:
    fill = _fill_in
    do = d.get("do", "")
    what = translate("Replay", DECISION_WORDS[do]) if do in DECISION_WORDS else str(do)
    if d.get("player"):
        who = player_label(d["player"])
        where = fill(translate("Replay", " on box %1"), d["box"]) if "box" in d else ""
    else:
        who = fill(translate("Replay", "Box %1"), d["box"]) if "box" in d else ""
        where = ""
    if d.get("hand"):
        where += fill(translate("Replay", " (hand %1)"), d["hand"])
    follow = ""
    if d.get("follow"):
        follow = fill(translate("Replay", ", followed by %1"),
                      ", ".join(map(player_label, d["follow"])))
    return f"{who} {what}{where}{follow}".strip()
