<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Banner</name>
    <message>
        <source>Cards read after it, waiting: %1</source>
        <translation>Danach gelesene Karten warten: %1</translation>
    </message>
    <message>
        <source>More faults: %1</source>
        <translation>Weitere Störungen: %1</translation>
    </message>
    <message>
        <source>Key in card</source>
        <translation>Karte eingeben</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>Bestätigen</translation>
    </message>
</context>
<context>
    <name>Bet</name>
    <message>
        <source>stake</source>
        <translation>Einsatz</translation>
    </message>
    <message>
        <source>insurance</source>
        <translation>Versicherung</translation>
    </message>
    <message>
        <source>even money</source>
        <translation>Even Money</translation>
    </message>
    <message>
        <source>Twins</source>
        <translation>Twins</translation>
    </message>
    <message>
        <source>Bust</source>
        <translation>Bust</translation>
    </message>
    <message>
        <source>surrender</source>
        <translation>Aufgabe</translation>
    </message>
</context>
<context>
    <name>Betting</name>
    <message>
        <source>+ Co-player</source>
        <translation>+ Mitspieler</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>Box</translation>
    </message>
    <message>
        <source>Last chip back</source>
        <translation>Letzten Chip zurück</translation>
    </message>
    <message>
        <source>Clear box</source>
        <translation>Box leeren</translation>
    </message>
    <message>
        <source>Deal the first card from the shoe to close betting.</source>
        <translation>Die erste Karte aus dem Schlitten schließt die Einsätze.</translation>
    </message>
    <message>
        <source>Key in card</source>
        <translation>Karte eingeben</translation>
    </message>
    <message>
        <source>The table is closed: a supervisor opens it.</source>
        <translation>Der Tisch ist geschlossen: die Aufsicht öffnet ihn.</translation>
    </message>
    <message>
        <source>Box %1</source>
        <translation>Box %1</translation>
    </message>
    <message>
        <source>Seat leaves</source>
        <translation>Platz wird frei</translation>
    </message>
    <message>
        <source>Player takes the seat</source>
        <translation>Spieler nimmt Platz</translation>
    </message>
    <message>
        <source>Clear %1</source>
        <translation>Box %1 leeren</translation>
    </message>
</context>
<context>
    <name>Box</name>
    <message>
        <source>doubled</source>
        <translation>verdoppelt</translation>
    </message>
    <message>
        <source>stands</source>
        <translation>steht</translation>
    </message>
    <message>
        <source>surrendered</source>
        <translation>aufgegeben</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>frei</translation>
    </message>
    <message>
        <source>no owner</source>
        <translation>kein Boxinhaber</translation>
    </message>
    <message>
        <source>seated</source>
        <translation>sitzt</translation>
    </message>
    <message>
        <source>decides from his seat</source>
        <translation>entscheidet von seinem Platz</translation>
    </message>
    <message>
        <source>empty seat</source>
        <translation>Platz frei</translation>
    </message>
    <message>
        <source>Even money %1</source>
        <translation>Even Money %1</translation>
    </message>
    <message>
        <source>Insure %1</source>
        <translation>Versichern %1</translation>
    </message>
    <message>
        <source>insured %1</source>
        <translation>versichert %1</translation>
    </message>
    <message>
        <source>staked</source>
        <translation>gesetzt</translation>
    </message>
    <message>
        <source>standing</source>
        <translation>stehend</translation>
    </message>
    <message>
        <source>to act</source>
        <translation>am Zug</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>even money</source>
        <translation>Even Money</translation>
    </message>
</context>
<context>
    <name>Fault</name>
    <message>
        <source>The card reader is lost ({source}).</source>
        <translation>Kartenleser getrennt ({source}).</translation>
    </message>
    <message>
        <source>Check the cable. Key in each card until it is back.</source>
        <translation>Kabel prüfen. Jede Karte eingeben, bis er wieder da ist.</translation>
    </message>
    <message>
        <source>The card reader has gone silent ({source}).</source>
        <translation>Der Kartenleser meldet sich nicht ({source}).</translation>
    </message>
    <message>
        <source>Check the shoe. Key in any card it does not show.</source>
        <translation>Schlitten prüfen. Jede fehlende Karte eingeben.</translation>
    </message>
    <message>
        <source>The shoe could not read a card.</source>
        <translation>Der Schlitten konnte eine Karte nicht lesen.</translation>
    </message>
    <message>
        <source>Key in the card you see.</source>
        <translation>Die sichtbare Karte eingeben.</translation>
    </message>
    <message>
        <source>A card&apos;s message from the shoe was damaged.</source>
        <translation>Die Meldung einer Karte war gestört.</translation>
    </message>
    <message>
        <source>Noise on the shoe&apos;s line.</source>
        <translation>Störung auf der Leitung des Schlittens.</translation>
    </message>
    <message>
        <source>If a card did not show, key it in; else confirm.</source>
        <translation>Fehlt eine Karte, eingeben; sonst bestätigen.</translation>
    </message>
    <message>
        <source>Messages from the shoe were lost.</source>
        <translation>Meldungen des Schlittens gingen verloren.</translation>
    </message>
    <message>
        <source>Key in any card that did not show; then confirm.</source>
        <translation>Fehlende Karten eingeben, dann bestätigen.</translation>
    </message>
    <message>
        <source>The camera is unsure of a card (best guess {card}).</source>
        <translation>Die Kamera ist bei einer Karte unsicher (vermutlich {card}).</translation>
    </message>
    <message>
        <source>The shoe raised an alarm: {message}</source>
        <translation>Alarm am Schlitten: {message}</translation>
    </message>
    <message>
        <source>Clear the shoe, then confirm.</source>
        <translation>Schlitten freimachen, dann bestätigen.</translation>
    </message>
    <message>
        <source>The shoe says it is empty.</source>
        <translation>Der Schlitten meldet: leer.</translation>
    </message>
    <message>
        <source>Start a new shoe (supervisor).</source>
        <translation>Neuen Schlitten beginnen (Aufsicht).</translation>
    </message>
    <message>
        <source>Card {card} was not taken: {reason}</source>
        <translation>Karte {card} nicht übernommen: {reason}</translation>
    </message>
    <message>
        <source>Set the card aside and call the supervisor; confirm when done.</source>
        <translation>Karte beiseitelegen, Aufsicht rufen; danach bestätigen.</translation>
    </message>
</context>
<context>
    <name>Felt</name>
    <message>
        <source>Dealer</source>
        <translation>Croupier</translation>
    </message>
    <message>
        <source>Dealer draws</source>
        <translation>Croupier zieht</translation>
    </message>
    <message>
        <source>Dealer has Black Jack</source>
        <translation>Croupier hat Black Jack</translation>
    </message>
    <message>
        <source>Dealer busts</source>
        <translation>Croupier überkauft</translation>
    </message>
    <message>
        <source>Dealer stands on %1</source>
        <translation>Croupier steht auf %1</translation>
    </message>
    <message>
        <source>Insurance? Then the dealer peeks</source>
        <translation>Versicherung? Dann prüft der Croupier</translation>
    </message>
    <message>
        <source>Place your bets</source>
        <translation>Machen Sie Ihr Spiel</translation>
    </message>
    <message>
        <source>Box %1 to act</source>
        <translation>Box %1 ist am Zug</translation>
    </message>
    <message>
        <source>Next card: box %1</source>
        <translation>Nächste Karte: Box %1</translation>
    </message>
    <message>
        <source>Next card: dealer</source>
        <translation>Nächste Karte: Croupier</translation>
    </message>
</context>
<context>
    <name>Follow</name>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>double</source>
        <translation>verdoppeln</translation>
    </message>
    <message>
        <source>split</source>
        <translation>teilen</translation>
    </message>
    <message>
        <source>Box %1 will %2. Which co-player goes along?</source>
        <translation>Box %1 will %2. Wer geht mit?</translation>
    </message>
    <message>
        <source>%1 adds %2</source>
        <translation>%1 setzt %2 dazu</translation>
    </message>
    <message>
        <source>Goes along</source>
        <translation>Geht mit</translation>
    </message>
    <message>
        <source>Does not go along</source>
        <translation>Geht nicht mit</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>Bestätigen</translation>
    </message>
</context>
<context>
    <name>Keypad</name>
    <message>
        <source>Key in the card: rank, then suit</source>
        <translation>Karte eingeben: erst Wert, dann Farbe</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
</context>
<context>
    <name>MockShoe</name>
    <message>
        <source>Simulated card shoe (demo)</source>
        <translation>Simulierter Kartenschlitten (Demo)</translation>
    </message>
    <message>
        <source>SIMULATED SHOE: a demo device, not the kiosk</source>
        <translation>SIMULIERTER SCHLITTEN: ein Demo-Gerät, nicht der Kiosk</translation>
    </message>
    <message>
        <source>Deal next card</source>
        <translation>Nächste Karte ziehen</translation>
    </message>
    <message>
        <source>Pull the cable</source>
        <translation>Kabel ziehen</translation>
    </message>
    <message>
        <source>Go silent</source>
        <translation>Verstummen</translation>
    </message>
    <message>
        <source>Misread next card</source>
        <translation>Nächste Karte nicht lesen</translation>
    </message>
    <message>
        <source>Raise an alarm</source>
        <translation>Alarm auslösen</translation>
    </message>
    <message>
        <source>%1 cards in the shoe</source>
        <translation>%1 Karten im Schlitten</translation>
    </message>
    <message>
        <source>The shoe is empty.</source>
        <translation>Der Schlitten ist leer.</translation>
    </message>
    <message>
        <source>Dealt %1</source>
        <translation>Gezogen: %1</translation>
    </message>
    <message>
        <source>Plug the cable in</source>
        <translation>Kabel einstecken</translation>
    </message>
    <message>
        <source>The shoe speaks again.</source>
        <translation>Der Schlitten meldet sich wieder.</translation>
    </message>
    <message>
        <source>Speak again</source>
        <translation>Wieder melden</translation>
    </message>
    <message>
        <source>The cable is out.</source>
        <translation>Das Kabel ist gezogen.</translation>
    </message>
    <message>
        <source>The cable is in again.</source>
        <translation>Das Kabel steckt wieder.</translation>
    </message>
    <message>
        <source>The shoe has gone silent.</source>
        <translation>Der Schlitten ist verstummt.</translation>
    </message>
    <message>
        <source>The next card came out unread.</source>
        <translation>Die nächste Karte kam ungelesen heraus.</translation>
    </message>
    <message>
        <source>The shoe raised an alarm.</source>
        <translation>Der Schlitten hat Alarm ausgelöst.</translation>
    </message>
</context>
<context>
    <name>Outcome</name>
    <message>
        <source>win</source>
        <translation>Gewinn</translation>
    </message>
    <message>
        <source>Black Jack</source>
        <translation>Black Jack</translation>
    </message>
    <message>
        <source>push</source>
        <translation>unentschieden</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>surrender</source>
        <translation>Aufgabe</translation>
    </message>
</context>
<context>
    <name>Play</name>
    <message>
        <source>Stand</source>
        <translation>Stehen</translation>
    </message>
    <message>
        <source>Double</source>
        <translation>Verdoppeln</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>Teilen</translation>
    </message>
    <message>
        <source>Surrender</source>
        <translation>Aufgeben</translation>
    </message>
    <message>
        <source>Undo last decision</source>
        <translation>Letzte Entscheidung zurücknehmen</translation>
    </message>
    <message>
        <source>Insurance closed: peek</source>
        <translation>Versicherung zu: prüfen</translation>
    </message>
    <message>
        <source>Key in card</source>
        <translation>Karte eingeben</translation>
    </message>
    <message>
        <source>Box %1: %3 decides</source>
        <translation>Box %1: %3 entscheidet</translation>
    </message>
    <message>
        <source>Box %1: its second card</source>
        <translation>Box %1: ihre zweite Karte</translation>
    </message>
    <message>
        <source>Box %1, hand %2: %3 decides</source>
        <translation>Box %1, Hand %2: %3 entscheidet</translation>
    </message>
    <message>
        <source>Box %1, hand %2: its second card</source>
        <translation>Box %1, Hand %2: zweite Karte</translation>
    </message>
    <message>
        <source>Dealing</source>
        <translation>Austeilen</translation>
    </message>
    <message>
        <source>Dealer shows an ace: insurance?</source>
        <translation>Croupier zeigt ein Ass: Versicherung?</translation>
    </message>
    <message>
        <source>Dealer&apos;s turn</source>
        <translation>Croupier ist am Zug</translation>
    </message>
    <message>
        <source>%1 paid</source>
        <translation>%1 bezahlt ✓</translation>
    </message>
    <message>
        <source>pay %1</source>
        <translation>%1 auszahlen</translation>
    </message>
</context>
<context>
    <name>Player</name>
    <message>
        <source>Seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <source>Co-player %1</source>
        <translation>Mitspieler %1</translation>
    </message>
</context>
<context>
    <name>Preset</name>
    <message>
        <source>Bavaria</source>
        <translation>Bayern</translation>
    </message>
    <message>
        <source>Schleswig-Holstein</source>
        <translation>Schleswig-Holstein</translation>
    </message>
    <message>
        <source>Hole card</source>
        <translation>Hole Card</translation>
    </message>
    <message>
        <source>Continuous shuffler, 8 decks</source>
        <translation>Mischmaschine, 8 Decks</translation>
    </message>
</context>
<context>
    <name>Reason</name>
    <message>
        <source>Card exposed</source>
        <translation>Karte aufgedeckt</translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation>Fehlgabe</translation>
    </message>
    <message>
        <source>Card misread</source>
        <translation>Karte falsch gelesen</translation>
    </message>
    <message>
        <source>Stake entered wrong</source>
        <translation>Einsatz falsch erfasst</translation>
    </message>
    <message>
        <source>Player dispute</source>
        <translation>Reklamation eines Spielers</translation>
    </message>
    <message>
        <source>Shoe or reader fault</source>
        <translation>Störung am Schlitten oder Leser</translation>
    </message>
    <message>
        <source>Card keyed in wrongly</source>
        <translation>Karte falsch eingetippt</translation>
    </message>
</context>
<context>
    <name>Recall</name>
    <message>
        <source>settled</source>
        <translation>abgerechnet</translation>
    </message>
    <message>
        <source>void</source>
        <translation>annulliert</translation>
    </message>
    <message>
        <source>in play</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>Last rounds</source>
        <translation>Letzte Runden</translation>
    </message>
    <message>
        <source>Shift report</source>
        <translation>Schichtbericht</translation>
    </message>
    <message>
        <source>Back to the table</source>
        <translation>Zurück zum Tisch</translation>
    </message>
    <message>
        <source>&lt; Step</source>
        <translation>&lt; Schritt</translation>
    </message>
    <message>
        <source>Step &gt;</source>
        <translation>Schritt &gt;</translation>
    </message>
    <message>
        <source>Export round</source>
        <translation>Runde exportieren</translation>
    </message>
    <message>
        <source>Round %1 in play</source>
        <translation>Runde %1 läuft</translation>
    </message>
    <message>
        <source>Game recall: the last %1 rounds</source>
        <translation>Spielrückruf: die letzten %1 Runden</translation>
    </message>
    <message>
        <source>house %1</source>
        <translation>Bank %1</translation>
    </message>
    <message>
        <source>Round %1</source>
        <translation>Runde %1</translation>
    </message>
    <message>
        <source>Round %1: step %2 of %3</source>
        <translation>Runde %1: Schritt %2 von %3</translation>
    </message>
    <message>
        <source>Settlement: %1; house %2 %3</source>
        <translation>Abrechnung: %1; Bank %2 %3</translation>
    </message>
    <message>
        <source>Settlement: %1</source>
        <translation>Abrechnung: %1</translation>
    </message>
    <message>
        <source>Not exported: %1</source>
        <translation>Nicht exportiert: %1</translation>
    </message>
    <message>
        <source>Round record written to %1</source>
        <translation>Rundenprotokoll geschrieben: %1</translation>
    </message>
    <message>
        <source>Shift report: the last 12 hours</source>
        <translation>Schichtbericht: die letzten 12 Stunden</translation>
    </message>
    <message>
        <source>No round in the last 12 hours.</source>
        <translation>Keine Runde in den letzten 12 Stunden.</translation>
    </message>
    <message>
        <source>drop</source>
        <translation>Einsatz</translation>
    </message>
    <message>
        <source>paid</source>
        <translation>ausgezahlt</translation>
    </message>
    <message>
        <source>house</source>
        <translation>Bank</translation>
    </message>
    <message>
        <source>hold</source>
        <translation>Hold</translation>
    </message>
    <message>
        <source>Table %1: %2 rounds</source>
        <translation>Tisch %1: %2 Runden</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <source>Box %1</source>
        <translation>Box %1</translation>
    </message>
    <message>
        <source>Voided rounds: %1</source>
        <translation>Annullierte Runden: %1</translation>
    </message>
    <message>
        <source>Corrections: %1</source>
        <translation>Berichtigungen: %1</translation>
    </message>
</context>
<context>
    <name>Refusal</name>
    <message>
        <source>Betting is closed: the first card is out.</source>
        <translation>Keine Einsätze mehr: die erste Karte ist draußen.</translation>
    </message>
    <message>
        <source>A player needs a name or number.</source>
        <translation>Ein Spieler braucht einen Namen oder eine Nummer.</translation>
    </message>
    <message>
        <source>{stake} would bring box {box} to {total}, over the box maximum {max}.</source>
        <translation>{stake} brächte Box {box} auf {total}, über das Box-Maximum {max}.</translation>
    </message>
    <message>
        <source>This table has no {side} bet.</source>
        <translation>Dieser Tisch hat keine {side}-Wette.</translation>
    </message>
    <message>
        <source>{side} stake {total} is over its maximum {max}.</source>
        <translation>{side}-Einsatz {total} liegt über dem Maximum {max}.</translation>
    </message>
    <message>
        <source>A stake must be above zero.</source>
        <translation>Ein Einsatz muss über null liegen.</translation>
    </message>
    <message>
        <source>{amount} is not a multiple of the table minimum {min}.</source>
        <translation>{amount} ist kein Vielfaches des Tischminimums {min}.</translation>
    </message>
    <message>
        <source>{player} has no such stake on box {box}.</source>
        <translation>{player} hat keinen solchen Einsatz auf Box {box}.</translation>
    </message>
    <message>
        <source>Seats change only before the first card.</source>
        <translation>Plätze ändern sich nur vor der ersten Karte.</translation>
    </message>
    <message>
        <source>Seat {seat} is empty already.</source>
        <translation>Platz {seat} ist schon frei.</translation>
    </message>
    <message>
        <source>{player} sits in seat {seat} already.</source>
        <translation>{player} sitzt schon auf Platz {seat}.</translation>
    </message>
    <message>
        <source>Seat {seat} is taken by {player}.</source>
        <translation>Platz {seat} ist von {player} besetzt.</translation>
    </message>
    <message>
        <source>{player} sits in seat {seat}: one seat each.</source>
        <translation>{player} sitzt auf Platz {seat}: ein Platz je Spieler.</translation>
    </message>
    <message>
        <source>No stake on any box: place a stake first.</source>
        <translation>Kein Einsatz auf einer Box: erst setzen.</translation>
    </message>
    <message>
        <source>Box {box} has no owner: seat a player.</source>
        <translation>Box {box} hat keinen Boxinhaber: einen Spieler setzen.</translation>
    </message>
    <message>
        <source>Twins on box {box} needs a main stake on that box.</source>
        <translation>Twins auf Box {box} braucht einen Einsatz auf dieser Box.</translation>
    </message>
    <message>
        <source>Bust stake {total} of {player} is over his main stakes ({main}).</source>
        <translation>Bust-Einsatz {total} von {player} liegt über seinen Einsätzen ({main}).</translation>
    </message>
    <message>
        <source>Card {card} cannot appear again in a {decks}-deck shoe.</source>
        <translation>Karte {card} kann in einem Schlitten mit {decks} Decks nicht noch einmal kommen.</translation>
    </message>
    <message>
        <source>Card {card} out of turn: the round is over.</source>
        <translation>Karte {card} außer der Reihe: die Runde ist vorbei.</translation>
    </message>
    <message>
        <source>Card {card} out of turn: the dealer stands on {total}.</source>
        <translation>Karte {card} außer der Reihe: der Croupier steht auf {total}.</translation>
    </message>
    <message>
        <source>Card {card} cannot come from this {decks}-deck shoe: all are out.</source>
        <translation>Karte {card} kann nicht aus diesem Schlitten mit {decks} Decks kommen: alle sind draußen.</translation>
    </message>
    <message>
        <source>The shoe is empty: start a new shoe.</source>
        <translation>Der Schlitten ist leer: neuen Schlitten beginnen.</translation>
    </message>
    <message>
        <source>Card {card} out of turn: no round is open.</source>
        <translation>Karte {card} außer der Reihe: keine Runde offen.</translation>
    </message>
    <message>
        <source>Wrong PIN for {name}.</source>
        <translation>Falsche PIN für {name}.</translation>
    </message>
    <message>
        <source>Too many wrong PINs: try again in {seconds} s.</source>
        <translation>Zu viele falsche PINs: nächster Versuch in {seconds} s.</translation>
    </message>
    <message>
        <source>{name} is not a supervisor of this table.</source>
        <translation>{name} ist keine Aufsicht dieses Tisches.</translation>
    </message>
    <message>
        <source>{name} must sign in with the PIN first.</source>
        <translation>{name} muss sich zuerst mit der PIN anmelden.</translation>
    </message>
    <message>
        <source>Round {round} is not finished: this changes between rounds.</source>
        <translation>Runde {round} ist nicht beendet: das ändert sich nur zwischen den Runden.</translation>
    </message>
    <message>
        <source>The table is closed: a supervisor opens it.</source>
        <translation>Der Tisch ist geschlossen: die Aufsicht öffnet ihn.</translation>
    </message>
    <message>
        <source>Correction refused: the round would not hold with it.</source>
        <translation>Korrektur abgelehnt: die Runde ginge mit ihr nicht auf.</translation>
    </message>
</context>
<context>
    <name>Replay</name>
    <message>
        <source>stands</source>
        <translation>bleibt stehen</translation>
    </message>
    <message>
        <source>doubles</source>
        <translation>verdoppelt</translation>
    </message>
    <message>
        <source>splits</source>
        <translation>teilt</translation>
    </message>
    <message>
        <source>surrenders</source>
        <translation>gibt auf</translation>
    </message>
    <message>
        <source>insures</source>
        <translation>versichert</translation>
    </message>
    <message>
        <source>takes even money</source>
        <translation>nimmt Even Money</translation>
    </message>
    <message>
        <source>Insurance closed</source>
        <translation>Versicherung geschlossen</translation>
    </message>
    <message>
        <source>Hole card dealt face down</source>
        <translation>Verdeckte Karte (Hole Card) gegeben</translation>
    </message>
    <message>
        <source>Card %1 (%2)</source>
        <translation>Karte %1 (%2)</translation>
    </message>
    <message>
        <source>Round %1 opens (shoe %2; seats %3)</source>
        <translation>Runde %1 beginnt (Schlitten %2; Plätze %3)</translation>
    </message>
    <message>
        <source>%1: %2 %3 on box %4</source>
        <translation>%1: %2 %3 auf Box %4</translation>
    </message>
    <message>
        <source>%1 takes the last chip (%2) off the %3 on box %4</source>
        <translation>%1 nimmt den letzten Chip (%2) vom %3 auf Box %4</translation>
    </message>
    <message>
        <source>%1 takes back the %2 on box %3</source>
        <translation>%1 nimmt den %2 auf Box %3 zurück</translation>
    </message>
    <message>
        <source>Seat %1 is left</source>
        <translation>Platz %1 wird frei</translation>
    </message>
    <message>
        <source>Seat %1 taken</source>
        <translation>Platz %1 besetzt</translation>
    </message>
    <message>
        <source>%1 takes seat %2</source>
        <translation>%1 nimmt Platz %2</translation>
    </message>
    <message>
        <source>struck</source>
        <translation>gestrichen</translation>
    </message>
    <message>
        <source>replaced</source>
        <translation>ersetzt</translation>
    </message>
    <message>
        <source>Correction of event %1: %2; approved by %3: %4</source>
        <translation>Korrektur von Ereignis %1: %2; genehmigt von %3: %4</translation>
    </message>
    <message>
        <source>Round settled</source>
        <translation>Runde abgerechnet</translation>
    </message>
    <message>
        <source>%1 paid during play: %2 (%3, box %4)</source>
        <translation>%1 während des Spiels bezahlt: %2 (%3, Box %4)</translation>
    </message>
    <message>
        <source>UNDO of decision %1 by %2</source>
        <translation>RÜCKNAHME der Entscheidung %1 durch %2</translation>
    </message>
    <message>
        <source>the dealer</source>
        <translation>den Croupier</translation>
    </message>
    <message>
        <source>Payout confirmed by the dealer</source>
        <translation>Auszahlung vom Croupier bestätigt</translation>
    </message>
    <message>
        <source>Payout confirmed by %1</source>
        <translation>Auszahlung bestätigt von %1</translation>
    </message>
    <message>
        <source>VOID approved by %1: %2</source>
        <translation>Annulliert von %1: %2</translation>
    </message>
    <message>
        <source>ALERT: %1</source>
        <translation>ALARM: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Fault of event %1 dealt with by %2</source>
        <translation>Störung aus Ereignis %1 erledigt von %2</translation>
    </message>
    <message>
        <source> on box %1</source>
        <translation> auf Box %1</translation>
    </message>
    <message>
        <source>Box %1</source>
        <translation>Box %1</translation>
    </message>
    <message>
        <source> (hand %1)</source>
        <translation> (Hand %1)</translation>
    </message>
    <message>
        <source>, followed by %1</source>
        <translation>, mitgegangen: %1</translation>
    </message>
</context>
<context>
    <name>Settlement</name>
    <message>
        <source>%1 in cash</source>
        <translation>%1 bar</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Ausgezahlt</translation>
    </message>
    <message>
        <source>Round %1: settlement</source>
        <translation>Runde %1: Abrechnung</translation>
    </message>
    <message>
        <source>Dealer: Black Jack</source>
        <translation>Croupier: Black Jack</translation>
    </message>
    <message>
        <source>Dealer busts (%1)</source>
        <translation>Croupier überkauft (%1)</translation>
    </message>
    <message>
        <source>Dealer: %1</source>
        <translation>Croupier: %1</translation>
    </message>
    <message>
        <source>Pay from box %1 down to box %2</source>
        <translation>Auszahlen von Box %1 bis Box %2</translation>
    </message>
    <message>
        <source>To pay: %1 %2</source>
        <translation>Noch auszuzahlen: %1 %2</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message>
        <source>paid in this order</source>
        <translation>in dieser Reihenfolge auszahlen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1, %2 %3: %4</source>
        <translation>%1, %2 %3: %4</translation>
    </message>
    <message>
        <source>paid already: %1</source>
        <translation>bereits ausgezahlt: %1</translation>
    </message>
    <message>
        <source>take %1</source>
        <translation>%1 einziehen</translation>
    </message>
    <message>
        <source>the stake stays</source>
        <translation>Einsatz bleibt</translation>
    </message>
</context>
<context>
    <name>Source</name>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>LOST</source>
        <translation>GETRENNT</translation>
    </message>
    <message>
        <source>silent</source>
        <translation>stumm</translation>
    </message>
    <message>
        <source>keypad</source>
        <translation>Tastatur</translation>
    </message>
    <message>
        <source>shoe</source>
        <translation>Schlitten</translation>
    </message>
    <message>
        <source>camera</source>
        <translation>Kamera</translation>
    </message>
</context>
<context>
    <name>Status</name>
    <message>
        <source>TABLE CLOSED</source>
        <translation>TISCH GESCHLOSSEN</translation>
    </message>
    <message>
        <source>Round %1</source>
        <translation>Runde %1</translation>
    </message>
    <message>
        <source>no shoe</source>
        <translation>kein Schlitten</translation>
    </message>
    <message>
        <source>CUT CARD OUT: last round of this shoe</source>
        <translation>SCHNITTKARTE: letzte Runde dieses Schlittens</translation>
    </message>
    <message>
        <source>Shoe %1: %2 cards left</source>
        <translation>Schlitten %1: noch %2 Karten</translation>
    </message>
    <message>
        <source>Pit: up to date</source>
        <translation>Pit: übertragen</translation>
    </message>
    <message>
        <source>Pit: %1 events behind</source>
        <translation>Pit: %1 Ereignisse im Rückstand</translation>
    </message>
    <message>
        <source>Pit unreachable since %2 (%1 events waiting)</source>
        <translation>Pit nicht erreichbar seit %2 (%1 Ereignisse warten)</translation>
    </message>
    <message>
        <source>PIT REFUSED the journal since %2: call the supervisor</source>
        <translation>PIT VERWEIGERT das Journal seit %2: Aufsicht rufen</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>Rückruf</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>Aufsicht</translation>
    </message>
</context>
<context>
    <name>Supervisor</name>
    <message>
        <source>box %1, hand %2</source>
        <translation>Box %1, Hand %2</translation>
    </message>
    <message>
        <source>box %1</source>
        <translation>Box %1</translation>
    </message>
    <message>
        <source>dealer</source>
        <translation>Croupier</translation>
    </message>
    <message>
        <source>face down</source>
        <translation>verdeckt</translation>
    </message>
    <message>
        <source>Card %1</source>
        <translation>Karte %1</translation>
    </message>
    <message>
        <source>%2, box %3, %1: %4</source>
        <translation>%2, Box %3, %1: %4</translation>
    </message>
    <message>
        <source>Back to the table</source>
        <translation>Zurück zum Tisch</translation>
    </message>
    <message>
        <source>Who signs in?</source>
        <translation>Wer meldet sich an?</translation>
    </message>
    <message>
        <source>Void the round</source>
        <translation>Runde annullieren</translation>
    </message>
    <message>
        <source>Correct a card or stake</source>
        <translation>Karte oder Einsatz berichtigen</translation>
    </message>
    <message>
        <source>Preset and limits</source>
        <translation>Regelwerk und Limits</translation>
    </message>
    <message>
        <source>New shoe</source>
        <translation>Neuer Schlitten</translation>
    </message>
    <message>
        <source>Close the table</source>
        <translation>Tisch schließen</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>Abmelden</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Which card or stake is wrong?</source>
        <translation>Welche Karte, welcher Einsatz ist falsch?</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Strike this stake</source>
        <translation>Einsatz streichen</translation>
    </message>
    <message>
        <source>Take this stake</source>
        <translation>Diesen Einsatz übernehmen</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Regelwerk</translation>
    </message>
    <message>
        <source>Limits (minimum - box maximum)</source>
        <translation>Limits (Minimum - Boxmaximum)</translation>
    </message>
    <message>
        <source>From the next round on</source>
        <translation>Ab der nächsten Runde</translation>
    </message>
    <message>
        <source>Supervisor: %1</source>
        <translation>Aufsicht: %1</translation>
    </message>
    <message>
        <source>Supervisor sign-in</source>
        <translation>Anmeldung der Aufsicht</translation>
    </message>
    <message>
        <source>Open the table</source>
        <translation>Tisch öffnen</translation>
    </message>
    <message>
        <source>%1, limits %2 - %3</source>
        <translation>%1, Limits %2 - %3</translation>
    </message>
    <message>
        <source>The table is closed.</source>
        <translation>Der Tisch ist geschlossen.</translation>
    </message>
    <message>
        <source>Round %1 is in play: the preset, the limits and the shoe change once it is paid or void.</source>
        <translation>Runde %1 läuft: Regelwerk, Limits und Schlitten ändern sich, wenn sie ausgezahlt oder annulliert ist.</translation>
    </message>
    <message>
        <source>Void round %1: why?</source>
        <translation>Runde %1 annullieren: warum?</translation>
    </message>
    <message>
        <source>Round %1 voided.</source>
        <translation>Runde %1 annulliert.</translation>
    </message>
    <message>
        <source>New shoe: why?</source>
        <translation>Neuer Schlitten: warum?</translation>
    </message>
    <message>
        <source>%1 is really:</source>
        <translation>%1 ist richtig:</translation>
    </message>
    <message>
        <source>Card %1 becomes %2</source>
        <translation>Karte %1 wird %2</translation>
    </message>
    <message>
        <source>%1 becomes %2</source>
        <translation>%1 wird %2</translation>
    </message>
    <message>
        <source>Strike %1</source>
        <translation>%1 streichen</translation>
    </message>
    <message>
        <source>why?</source>
        <translation>warum?</translation>
    </message>
    <message>
        <source>Corrected: %1</source>
        <translation>Korrigiert: %1</translation>
    </message>
</context>
<context>
    <name>Total</name>
    <message>
        <source>bust %1</source>
        <translation>überkauft %1</translation>
    </message>
</context>
</TS>
