"""A replay step in the reader's language. The step's data is already emptied where it would
name the hole card (`ReplayStep.face_down`); the journal's English words (`describe`) are the
fallback for kinds said nowhere else."""

from __future__ import annotations

from kiosk.pitweb.i18n import tr

DECISIONS = {"stand": ("stands", "steht"), "double": ("doubles", "verdoppelt"),
             "split": ("splits", "teilt"), "surrender": ("surrenders", "gibt auf"),
             "insure": ("insures", "versichert"), "even_money": ("takes even money",
                                                                 "nimmt Even Money"),
             "close_insurance": ("insurance closed", "Versicherung geschlossen")}


def step_words(step, lang: str) -> str:
    d = step.data
    k = step.kind
    de = lang == "de"
    if step.face_down:
        return tr(lang, "hole card face down")
    if k == "round_open":
        return (f"Runde {d['round']} eröffnet" if de else f"round {d['round']} opens")
    if k == "bet":
        side = f" ({d['side']})" if d.get("side") else ""
        return (f"{d['player']} setzt {d['amount']}{side} auf Box {d['box']}" if de
                else f"{d['player']} stakes {d['amount']}{side} on box {d['box']}")
    if k == "card":
        return (f"Karte {d['card']}" if de else f"card {d['card']}") + \
            (" (von Hand)" if de and d.get("source") == "manual" else
             " (keyed in)" if d.get("source") == "manual" else "")
    if k == "decision" and d.get("do") in DECISIONS:
        verb = DECISIONS[d["do"]][1 if de else 0]
        box = d.get("box")
        return (f"Box {box}: {verb}" if box is not None else verb)
    if k == "settlement":
        return (f"abgerechnet; Bank {d['house']}" if de else f"settled; house {d['house']}")
    if k == "payout":
        return (f"Auszahlung bestätigt von {d['by']}" if de else f"payout confirmed by {d['by']}")
    if k == "void":
        return (f"ANNULLIERT von {d['supervisor']}: {d['reason']}" if de
                else f"VOID by {d['supervisor']}: {d['reason']}")
    if k == "correction":
        return (f"KORREKTUR von Ereignis {d['corrects']} durch {d['supervisor']}: {d['reason']}"
                if de else f"CORRECTION of event {d['corrects']} by {d['supervisor']}: "
                f"{d['reason']}")
    return step.words
