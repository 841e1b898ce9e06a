"""The card feed: joins the table's card source to the table service.

It owns the configured source (a shoe on a serial line, the camera, the mock shoe on a
pseudo-terminal) and the dealer's keypad, which is always there. The source reads on its own
thread; each of its events is posted to the service's thread (`post`: the screen's event loop,
or the headless loop), where a card goes to `TableService.card` and a status to
`TableService.source_status`. A card the engine refuses is journaled as an alert by the service
and goes no further; a lost or misreading source stops nothing: the dealer is told by the view
and keys the card in, and the cards stay in the order they left the shoe.

A card the camera reports while one of its `uncertain` cards waits (the dealer has not keyed it,
the camera has not read it surely yet) is held back: journaled as the source's `held` status,
and dealt, in the order the camera reported them, once no `uncertain` of the camera that came
before it is open (the dealer keyed it or dismissed it, or the camera resolved it). Dealt as
it came, it would go to the hand the uncertain card was meant for. The sure reading of a later
`uncertain` card that comes while an older one is open is held in that card's turn. Held cards
are in the journal: a kiosk restarted deals them as it would have.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from drivers.manual import ManualEntry
from drivers.source import CardEvent, CardSource, Origin, SourceEvent, Status
from kiosk.journal.errors import JournalError
from models.errors import GameError

log = logging.getLogger(__name__)

Post = Callable[[Callable[[], None]], None]


class CardFeed:
    """One table's card source and keypad, delivering to its service on the service's thread."""

    def __init__(self, service, source: CardSource | None, post: Post, *, mock=None,
                 on_error: Callable[[Exception], None] | None = None) -> None:
        self.service = service
        self.source = source
        self.post = post
        self.mock = mock  # the mock shoe behind the source, where it is one (demo, tests)
        self.keypad = ManualEntry()
        self.on_error = on_error
        self._started = False
        self._releasing = False
        self._unsubscribe: Callable[[], None] | None = None

    @property
    def device(self) -> str:
        return getattr(self.source, "url", None) or getattr(self.source, "device", "") or ""

    def start(self) -> None:
        # a fault the dealer dismisses on the screen may free held cards; so may a restart
        self._unsubscribe = self.service.subscribe(self._settled)
        self.release()
        self.keypad.start(self._arrive)
        if self.source is not None:
            self.source.start(self._arrive)
        self._started = True

    def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self.source is not None:
            self.source.stop()
        self.keypad.stop()
        if self.mock is not None:
            self.mock.close()
        self._started = False

    def __enter__(self) -> CardFeed:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def key_in(self, code: str) -> None:
        """The dealer keys a card in (the shoe is down, or misread it). An unknown code raises
        the card error and nothing is delivered."""
        self.keypad.enter(code)

    # -- from the source's thread to the service's --------------------------------------------

    def _arrive(self, event: SourceEvent) -> None:
        if event.origin is Origin.MANUAL and getattr(event, "status", None) is Status.CONNECTED:
            return  # the keypad is always there: its readiness is no news
        self.post(lambda: self.deliver(event))

    def deliver(self, event: SourceEvent) -> None:
        """Hand one source event to the service (call on the service's thread)."""
        try:
            if isinstance(event, CardEvent) and event.resolves:
                self._resolve(event)
            elif isinstance(event, CardEvent) and self._holds(event.origin.value):
                self.service.source_status(
                    "held", event.origin.value, "held back behind an uncertain card",
                    event.device, event.card.code)
            elif isinstance(event, CardEvent):
                self.service.card(event.card.code, event.origin.value)
            else:
                self.service.source_status(event.status.value, event.origin.value,
                                           event.detail, event.device,
                                           event.card.code if event.card else None,
                                           event.place)
        except GameError as exc:
            # the service journaled the refusal as an alert: the view shows it
            log.info("table %s: %s", self.service.table, exc)
        except JournalError as exc:
            self._journal_failed(exc)
        self.release()

    def _journal_failed(self, exc: JournalError) -> None:
        log.error("table %s: %s", self.service.table, exc)
        if self.on_error is not None:
            self.on_error(exc)

    def _holds(self, origin: str) -> bool:
        """Whether a card of this source must wait: one of its `uncertain` cards is open, or
        cards it reported before wait already. The keypad's cards never wait."""
        board = self.service.board
        return origin != Origin.MANUAL.value and (board.uncertain_open(origin)
                                                  or bool(board.held_of(origin)))

    def _settled(self, event) -> None:
        """A fault dismissed, or a card keyed on the service directly, may free held cards."""
        if event.kind in ("acknowledge", "card"):
            self.release()

    def release(self) -> None:
        """Deal the held cards of each source in their turns, each once no `uncertain` card
        of the source older than its turn is open (call on the service's thread). A card
        refused now is journaled as an alert, as any refused card is, and the hold ends with
        it."""
        if self._releasing:
            return  # dealing a held card tells the listeners: this is that call, come back
        self._releasing = True
        try:
            board = self.service.board
            for origin in {h.source for h in board.held.values()}:
                while first := board.held_of(origin):
                    seq, card = first[0]
                    turn = board.held[seq].turn
                    if board.waits(origin, turn):
                        break
                    try:
                        self.service.card(card, origin, held=seq)
                        if turn in board.open:  # its own uncertain, left open by a crash
                            self.service.acknowledge(turn, by=origin)
                    except GameError as exc:
                        log.info("table %s: held %s: %s", self.service.table, card, exc)
                        if seq in board.held:  # refused before any alert was journaled
                            break
        except JournalError as exc:
            self._journal_failed(exc)
        finally:
            self._releasing = False

    def _resolve(self, event: CardEvent) -> None:
        """A card the source said it could not read, read surely later in the same place: as
        if the dealer had keyed it, the card goes to the engine and closes that fault. If he
        keyed a card for the fault already, it is that card, and no second one; if he
        dismissed the fault without keying one (no card was missing there, or he left it to
        the camera), the card is dealt: a card on the table is never dropped. A card that
        names its place resolves the fault of that place only (two may be open: the dealer
        keys for the oldest, the glare may leave the newest first); one that names none, the
        oldest. While an older `uncertain` of the source is open, the card is held in its
        place's turn and dealt once the older one is settled."""
        origin = event.origin.value
        board = self.service.board
        open_ = [f for f in board.open.values() if f.kind == "uncertain" and f.source == origin]
        settled = board.settled.get(origin)
        if event.place is not None:
            open_ = [f for f in open_ if f.place == event.place]
            settled = board.settled_places.get((origin, event.place))
        if not open_ and settled == "keyed":
            log.info("table %s: %s read surely after the dealer keyed it: not dealt again",
                     self.service.table, event.card.code)
            return
        turn = board.places.get((origin, event.place or ""))
        if turn is not None and board.waits(origin, turn):
            # an older uncertain card is still open: this one keeps its place's turn, after
            # that card and the cards held since it, before the cards read after its own
            self.service.source_status("held", origin, "read surely behind an uncertain card",
                                       event.device, event.card.code, event.place)
        else:
            self.service.card(event.card.code, origin)
        if open_:
            self.service.acknowledge(min(open_, key=lambda f: f.seq).seq, by=origin)
