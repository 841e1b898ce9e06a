<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>Banner</name>
    <message>
        <source>Cards read after it, waiting: %1</source>
        <translation>Cards read after it, waiting: %1</translation>
    </message>
    <message>
        <source>More faults: %1</source>
        <translation>More faults: %1</translation>
    </message>
    <message>
        <source>Key in card</source>
        <translation>Key in card</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>Confirm</translation>
    </message>
</context>
<context>
    <name>Bet</name>
    <message>
        <source>stake</source>
        <translation>stake</translation>
    </message>
    <message>
        <source>insurance</source>
        <translation>insurance</translation>
    </message>
    <message>
        <source>even money</source>
        <translation>even money</translation>
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
        <translation>surrender</translation>
    </message>
</context>
<context>
    <name>Betting</name>
    <message>
        <source>+ Co-player</source>
        <translation>+ Co-player</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>Box</translation>
    </message>
    <message>
        <source>Last chip back</source>
        <translation>Last chip back</translation>
    </message>
    <message>
        <source>Clear box</source>
        <translation>Clear box</translation>
    </message>
    <message>
        <source>Deal the first card from the shoe to close betting.</source>
        <translation>Deal the first card from the shoe to close betting.</translation>
    </message>
    <message>
        <source>Key in card</source>
        <translation>Key in card</translation>
    </message>
    <message>
        <source>The table is closed: a supervisor opens it.</source>
        <translation>The table is closed: a supervisor opens it.</translation>
    </message>
    <message>
        <source>Box %1</source>
        <translation>Box %1</translation>
    </message>
    <message>
        <source>Seat leaves</source>
        <translation>Seat leaves</translation>
    </message>
    <message>
        <source>Player takes the seat</source>
        <translation>Player takes the seat</translation>
    </message>
    <message>
        <source>Clear %1</source>
        <translation>Clear %1</translation>
    </message>
</context>
<context>
    <name>Box</name>
    <message>
        <source>doubled</source>
        <translation>doubled</translation>
    </message>
    <message>
        <source>stands</source>
        <translation>stands</translation>
    </message>
    <message>
        <source>surrendered</source>
        <translation>surrendered</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>empty</translation>
    </message>
    <message>
        <source>no owner</source>
        <translation>no owner</translation>
    </message>
    <message>
        <source>seated</source>
        <translation>seated</translation>
    </message>
    <message>
        <source>decides from his seat</source>
        <translation>decides from his seat</translation>
    </message>
    <message>
        <source>empty seat</source>
        <translation>empty seat</translation>
    </message>
    <message>
        <source>Even money %1</source>
        <translation>Even money %1</translation>
    </message>
    <message>
        <source>Insure %1</source>
        <translation>Insure %1</translation>
    </message>
    <message>
        <source>insured %1</source>
        <translation>insured %1</translation>
    </message>
    <message>
        <source>staked</source>
        <translation>staked</translation>
    </message>
    <message>
        <source>standing</source>
        <translation>standing</translation>
    </message>
    <message>
        <source>to act</source>
        <translation>to act</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>waiting</translation>
    </message>
    <message>
        <source>done</source>
        <translation>done</translation>
    </message>
    <message>
        <source>even money</source>
        <translation>even money</translation>
    </message>
</context>
<context>
    <name>Fault</name>
    <message>
        <source>The card reader is lost ({source}).</source>
        <translation>The card reader is lost ({source}).</translation>
    </message>
    <message>
        <source>Check the cable. Key in each card until it is back.</source>
        <translation>Check the cable. Key in each card until it is back.</translation>
    </message>
    <message>
        <source>The card reader has gone silent ({source}).</source>
        <translation>The card reader has gone silent ({source}).</translation>
    </message>
    <message>
        <source>Check the shoe. Key in any card it does not show.</source>
        <translation>Check the shoe. Key in any card it does not show.</translation>
    </message>
    <message>
        <source>The shoe could not read a card.</source>
        <translation>The shoe could not read a card.</translation>
    </message>
    <message>
        <source>Key in the card you see.</source>
        <translation>Key in the card you see.</translation>
    </message>
    <message>
        <source>A card&apos;s message from the shoe was damaged.</source>
        <translation>A card&apos;s message from the shoe was damaged.</translation>
    </message>
    <message>
        <source>Noise on the shoe&apos;s line.</source>
        <translation>Noise on the shoe&apos;s line.</translation>
    </message>
    <message>
        <source>If a card did not show, key it in; else confirm.</source>
        <translation>If a card did not show, key it in; else confirm.</translation>
    </message>
    <message>
        <source>Messages from the shoe were lost.</source>
        <translation>Messages from the shoe were lost.</translation>
    </message>
    <message>
        <source>Key in any card that did not show; then confirm.</source>
        <translation>Key in any card that did not show; then confirm.</translation>
    </message>
    <message>
        <source>The camera is unsure of a card (best guess {card}).</source>
        <translation>The camera is unsure of a card (best guess {card}).</translation>
    </message>
    <message>
        <source>The shoe raised an alarm: {message}</source>
        <translation>The shoe raised an alarm: {message}</translation>
    </message>
    <message>
        <source>Clear the shoe, then confirm.</source>
        <translation>Clear the shoe, then confirm.</translation>
    </message>
    <message>
        <source>The shoe says it is empty.</source>
        <translation>The shoe says it is empty.</translation>
    </message>
    <message>
        <source>Start a new shoe (supervisor).</source>
        <translation>Start a new shoe (supervisor).</translation>
    </message>
    <message>
        <source>Card {card} was not taken: {reason}</source>
        <translation>Card {card} was not taken: {reason}</translation>
    </message>
    <message>
        <source>Set the card aside and call the supervisor; confirm when done.</source>
        <translation>Set the card aside and call the supervisor; confirm when done.</translation>
    </message>
</context>
<context>
    <name>Felt</name>
    <message>
        <source>Dealer</source>
        <translation>Dealer</translation>
    </message>
    <message>
        <source>Dealer draws</source>
        <translation>Dealer draws</translation>
    </message>
    <message>
        <source>Dealer has Black Jack</source>
        <translation>Dealer has Black Jack</translation>
    </message>
    <message>
        <source>Dealer busts</source>
        <translation>Dealer busts</translation>
    </message>
    <message>
        <source>Dealer stands on %1</source>
        <translation>Dealer stands on %1</translation>
    </message>
    <message>
        <source>Insurance? Then the dealer peeks</source>
        <translation>Insurance? Then the dealer peeks</translation>
    </message>
    <message>
        <source>Place your bets</source>
        <translation>Place your bets</translation>
    </message>
    <message>
        <source>Box %1 to act</source>
        <translation>Box %1 to act</translation>
    </message>
    <message>
        <source>Next card: box %1</source>
        <translation>Next card: box %1</translation>
    </message>
    <message>
        <source>Next card: dealer</source>
        <translation>Next card: dealer</translation>
    </message>
</context>
<context>
    <name>Follow</name>
    <message>
        <source>Back</source>
        <translation>Back</translation>
    </message>
    <message>
        <source>double</source>
        <translation>double</translation>
    </message>
    <message>
        <source>split</source>
        <translation>split</translation>
    </message>
    <message>
        <source>Box %1 will %2. Which co-player goes along?</source>
        <translation>Box %1 will %2. Which co-player goes along?</translation>
    </message>
    <message>
        <source>%1 adds %2</source>
        <translation>%1 adds %2</translation>
    </message>
    <message>
        <source>Goes along</source>
        <translation>Goes along</translation>
    </message>
    <message>
        <source>Does not go along</source>
        <translation>Does not go along</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>Confirm</translation>
    </message>
</context>
<context>
    <name>Keypad</name>
    <message>
        <source>Key in the card: rank, then suit</source>
        <translation>Key in the card: rank, then suit</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
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
        <translation>Simulated card shoe (demo)</translation>
    </message>
    <message>
        <source>SIMULATED SHOE: a demo device, not the kiosk</source>
        <translation>SIMULATED SHOE: a demo device, not the kiosk</translation>
    </message>
    <message>
        <source>Deal next card</source>
        <translation>Deal next card</translation>
    </message>
    <message>
        <source>Pull the cable</source>
        <translation>Pull the cable</translation>
    </message>
    <message>
        <source>Go silent</source>
        <translation>Go silent</translation>
    </message>
    <message>
        <source>Misread next card</source>
        <translation>Misread next card</translation>
    </message>
    <message>
        <source>Raise an alarm</source>
        <translation>Raise an alarm</translation>
    </message>
    <message>
        <source>%1 cards in the shoe</source>
        <translation>%1 cards in the shoe</translation>
    </message>
    <message>
        <source>The shoe is empty.</source>
        <translation>The shoe is empty.</translation>
    </message>
    <message>
        <source>Dealt %1</source>
        <translation>Dealt %1</translation>
    </message>
    <message>
        <source>Plug the cable in</source>
        <translation>Plug the cable in</translation>
    </message>
    <message>
        <source>The shoe speaks again.</source>
        <translation>The shoe speaks again.</translation>
    </message>
    <message>
        <source>Speak again</source>
        <translation>Speak again</translation>
    </message>
    <message>
        <source>The cable is out.</source>
        <translation>The cable is out.</translation>
    </message>
    <message>
        <source>The cable is in again.</source>
        <translation>The cable is in again.</translation>
    </message>
    <message>
        <source>The shoe has gone silent.</source>
        <translation>The shoe has gone silent.</translation>
    </message>
    <message>
        <source>The next card came out unread.</source>
        <translation>The next card came out unread.</translation>
    </message>
    <message>
        <source>The shoe raised an alarm.</source>
        <translation>The shoe raised an alarm.</translation>
    </message>
</context>
<context>
    <name>Outcome</name>
    <message>
        <source>win</source>
        <translation>win</translation>
    </message>
    <message>
        <source>Black Jack</source>
        <translation>Black Jack</translation>
    </message>
    <message>
        <source>push</source>
        <translation>push</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <source>surrender</source>
        <translation>surrender</translation>
    </message>
</context>
<context>
    <name>Play</name>
    <message>
        <source>Stand</source>
        <translation>Stand</translation>
    </message>
    <message>
        <source>Double</source>
        <translation>Double</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>Split</translation>
    </message>
    <message>
        <source>Surrender</source>
        <translation>Surrender</translation>
    </message>
    <message>
        <source>Undo last decision</source>
        <translation>Undo last decision</translation>
    </message>
    <message>
        <source>Insurance closed: peek</source>
        <translation>Insurance closed: peek</translation>
    </message>
    <message>
        <source>Key in card</source>
        <translation>Key in card</translation>
    </message>
    <message>
        <source>Box %1: %3 decides</source>
        <translation>Box %1: %3 decides</translation>
    </message>
    <message>
        <source>Box %1: its second card</source>
        <translation>Box %1: its second card</translation>
    </message>
    <message>
        <source>Box %1, hand %2: %3 decides</source>
        <translation>Box %1, hand %2: %3 decides</translation>
    </message>
    <message>
        <source>Box %1, hand %2: its second card</source>
        <translation>Box %1, hand %2: its second card</translation>
    </message>
    <message>
        <source>Dealing</source>
        <translation>Dealing</translation>
    </message>
    <message>
        <source>Dealer shows an ace: insurance?</source>
        <translation>Dealer shows an ace: insurance?</translation>
    </message>
    <message>
        <source>Dealer&apos;s turn</source>
        <translation>Dealer&apos;s turn</translation>
    </message>
    <message>
        <source>%1 paid</source>
        <translation>%1 paid</translation>
    </message>
    <message>
        <source>pay %1</source>
        <translation>pay %1</translation>
    </message>
</context>
<context>
    <name>Player</name>
    <message>
        <source>Seat %1</source>
        <translation>Seat %1</translation>
    </message>
    <message>
        <source>Co-player %1</source>
        <translation>Co-player %1</translation>
    </message>
</context>
<context>
    <name>Preset</name>
    <message>
        <source>Bavaria</source>
        <translation>Bavaria</translation>
    </message>
    <message>
        <source>Schleswig-Holstein</source>
        <translation>Schleswig-Holstein</translation>
    </message>
    <message>
        <source>Hole card</source>
        <translation>Hole card</translation>
    </message>
    <message>
        <source>Continuous shuffler, 8 decks</source>
        <translation>Continuous shuffler, 8 decks</translation>
    </message>
</context>
<context>
    <name>Reason</name>
    <message>
        <source>Card exposed</source>
        <translation>Card exposed</translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation>Misdeal</translation>
    </message>
    <message>
        <source>Card misread</source>
        <translation>Card misread</translation>
    </message>
    <message>
        <source>Stake entered wrong</source>
        <translation>Stake entered wrong</translation>
    </message>
    <message>
        <source>Player dispute</source>
        <translation>Player dispute</translation>
    </message>
    <message>
        <source>Shoe or reader fault</source>
        <translation>Shoe or reader fault</translation>
    </message>
    <message>
        <source>Card keyed in wrongly</source>
        <translation>Card keyed in wrongly</translation>
    </message>
</context>
<context>
    <name>Recall</name>
    <message>
        <source>settled</source>
        <translation>settled</translation>
    </message>
    <message>
        <source>void</source>
        <translation>void</translation>
    </message>
    <message>
        <source>in play</source>
        <translation>in play</translation>
    </message>
    <message>
        <source>Last rounds</source>
        <translation>Last rounds</translation>
    </message>
    <message>
        <source>Shift report</source>
        <translation>Shift report</translation>
    </message>
    <message>
        <source>Back to the table</source>
        <translation>Back to the table</translation>
    </message>
    <message>
        <source>&lt; Step</source>
        <translation>&lt; Step</translation>
    </message>
    <message>
        <source>Step &gt;</source>
        <translation>Step &gt;</translation>
    </message>
    <message>
        <source>Export round</source>
        <translation>Export round</translation>
    </message>
    <message>
        <source>Round %1 in play</source>
        <translation>Round %1 in play</translation>
    </message>
    <message>
        <source>Game recall: the last %1 rounds</source>
        <translation>Game recall: the last %1 rounds</translation>
    </message>
    <message>
        <source>house %1</source>
        <translation>house %1</translation>
    </message>
    <message>
        <source>Round %1</source>
        <translation>Round %1</translation>
    </message>
    <message>
        <source>Round %1: step %2 of %3</source>
        <translation>Round %1: step %2 of %3</translation>
    </message>
    <message>
        <source>Settlement: %1; house %2 %3</source>
        <translation>Settlement: %1; house %2 %3</translation>
    </message>
    <message>
        <source>Settlement: %1</source>
        <translation>Settlement: %1</translation>
    </message>
    <message>
        <source>Not exported: %1</source>
        <translation>Not exported: %1</translation>
    </message>
    <message>
        <source>Round record written to %1</source>
        <translation>Round record written to %1</translation>
    </message>
    <message>
        <source>Shift report: the last 12 hours</source>
        <translation>Shift report: the last 12 hours</translation>
    </message>
    <message>
        <source>No round in the last 12 hours.</source>
        <translation>No round in the last 12 hours.</translation>
    </message>
    <message>
        <source>drop</source>
        <translation>drop</translation>
    </message>
    <message>
        <source>paid</source>
        <translation>paid</translation>
    </message>
    <message>
        <source>house</source>
        <translation>house</translation>
    </message>
    <message>
        <source>hold</source>
        <translation>hold</translation>
    </message>
    <message>
        <source>Table %1: %2 rounds</source>
        <translation>Table %1: %2 rounds</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Game</translation>
    </message>
    <message>
        <source>Box %1</source>
        <translation>Box %1</translation>
    </message>
    <message>
        <source>Voided rounds: %1</source>
        <translation>Voided rounds: %1</translation>
    </message>
    <message>
        <source>Corrections: %1</source>
        <translation>Corrections: %1</translation>
    </message>
</context>
<context>
    <name>Refusal</name>
    <message>
        <source>Betting is closed: the first card is out.</source>
        <translation>Betting is closed: the first card is out.</translation>
    </message>
    <message>
        <source>A player needs a name or number.</source>
        <translation>A player needs a name or number.</translation>
    </message>
    <message>
        <source>{stake} would bring box {box} to {total}, over the box maximum {max}.</source>
        <translation>{stake} would bring box {box} to {total}, over the box maximum {max}.</translation>
    </message>
    <message>
        <source>This table has no {side} bet.</source>
        <translation>This table has no {side} bet.</translation>
    </message>
    <message>
        <source>{side} stake {total} is over its maximum {max}.</source>
        <translation>{side} stake {total} is over its maximum {max}.</translation>
    </message>
    <message>
        <source>A stake must be above zero.</source>
        <translation>A stake must be above zero.</translation>
    </message>
    <message>
        <source>{amount} is not a multiple of the table minimum {min}.</source>
        <translation>{amount} is not a multiple of the table minimum {min}.</translation>
    </message>
    <message>
        <source>{player} has no such stake on box {box}.</source>
        <translation>{player} has no such stake on box {box}.</translation>
    </message>
    <message>
        <source>Seats change only before the first card.</source>
        <translation>Seats change only before the first card.</translation>
    </message>
    <message>
        <source>Seat {seat} is empty already.</source>
        <translation>Seat {seat} is empty already.</translation>
    </message>
    <message>
        <source>{player} sits in seat {seat} already.</source>
        <translation>{player} sits in seat {seat} already.</translation>
    </message>
    <message>
        <source>Seat {seat} is taken by {player}.</source>
        <translation>Seat {seat} is taken by {player}.</translation>
    </message>
    <message>
        <source>{player} sits in seat {seat}: one seat each.</source>
        <translation>{player} sits in seat {seat}: one seat each.</translation>
    </message>
    <message>
        <source>No stake on any box: place a stake first.</source>
        <translation>No stake on any box: place a stake first.</translation>
    </message>
    <message>
        <source>Box {box} has no owner: seat a player.</source>
        <translation>Box {box} has no owner: seat a player.</translation>
    </message>
    <message>
        <source>Twins on box {box} needs a main stake on that box.</source>
        <translation>Twins on box {box} needs a main stake on that box.</translation>
    </message>
    <message>
        <source>Bust stake {total} of {player} is over his main stakes ({main}).</source>
        <translation>Bust stake {total} of {player} is over his main stakes ({main}).</translation>
    </message>
    <message>
        <source>Card {card} cannot appear again in a {decks}-deck shoe.</source>
        <translation>Card {card} cannot appear again in a {decks}-deck shoe.</translation>
    </message>
    <message>
        <source>Card {card} out of turn: the round is over.</source>
        <translation>Card {card} out of turn: the round is over.</translation>
    </message>
    <message>
        <source>Card {card} out of turn: the dealer stands on {total}.</source>
        <translation>Card {card} out of turn: the dealer stands on {total}.</translation>
    </message>
    <message>
        <source>Card {card} cannot come from this {decks}-deck shoe: all are out.</source>
        <translation>Card {card} cannot come from this {decks}-deck shoe: all are out.</translation>
    </message>
    <message>
        <source>The shoe is empty: start a new shoe.</source>
        <translation>The shoe is empty: start a new shoe.</translation>
    </message>
    <message>
        <source>Card {card} out of turn: no round is open.</source>
        <translation>Card {card} out of turn: no round is open.</translation>
    </message>
    <message>
        <source>Wrong PIN for {name}.</source>
        <translation>Wrong PIN for {name}.</translation>
    </message>
    <message>
        <source>Too many wrong PINs: try again in {seconds} s.</source>
        <translation>Too many wrong PINs: try again in {seconds} s.</translation>
    </message>
    <message>
        <source>{name} is not a supervisor of this table.</source>
        <translation>{name} is not a supervisor of this table.</translation>
    </message>
    <message>
        <source>{name} must sign in with the PIN first.</source>
        <translation>{name} must sign in with the PIN first.</translation>
    </message>
    <message>
        <source>Round {round} is not finished: this changes between rounds.</source>
        <translation>Round {round} is not finished: this changes between rounds.</translation>
    </message>
    <message>
        <source>The table is closed: a supervisor opens it.</source>
        <translation>The table is closed: a supervisor opens it.</translation>
    </message>
    <message>
        <source>Correction refused: the round would not hold with it.</source>
        <translation>Correction refused: the round would not hold with it.</translation>
    </message>
</context>
<context>
    <name>Replay</name>
    <message>
        <source>stands</source>
        <translation>stands</translation>
    </message>
    <message>
        <source>doubles</source>
        <translation>doubles</translation>
    </message>
    <message>
        <source>splits</source>
        <translation>splits</translation>
    </message>
    <message>
        <source>surrenders</source>
        <translation>surrenders</translation>
    </message>
    <message>
        <source>insures</source>
        <translation>insures</translation>
    </message>
    <message>
        <source>takes even money</source>
        <translation>takes even money</translation>
    </message>
    <message>
        <source>Insurance closed</source>
        <translation>Insurance closed</translation>
    </message>
    <message>
        <source>Hole card dealt face down</source>
        <translation>Hole card dealt face down</translation>
    </message>
    <message>
        <source>Card %1 (%2)</source>
        <translation>Card %1 (%2)</translation>
    </message>
    <message>
        <source>Round %1 opens (shoe %2; seats %3)</source>
        <translation>Round %1 opens (shoe %2; seats %3)</translation>
    </message>
    <message>
        <source>%1: %2 %3 on box %4</source>
        <translation>%1: %2 %3 on box %4</translation>
    </message>
    <message>
        <source>%1 takes the last chip (%2) off the %3 on box %4</source>
        <translation>%1 takes the last chip (%2) off the %3 on box %4</translation>
    </message>
    <message>
        <source>%1 takes back the %2 on box %3</source>
        <translation>%1 takes back the %2 on box %3</translation>
    </message>
    <message>
        <source>Seat %1 is left</source>
        <translation>Seat %1 is left</translation>
    </message>
    <message>
        <source>Seat %1 taken</source>
        <translation>Seat %1 taken</translation>
    </message>
    <message>
        <source>%1 takes seat %2</source>
        <translation>%1 takes seat %2</translation>
    </message>
    <message>
        <source>struck</source>
        <translation>struck</translation>
    </message>
    <message>
        <source>replaced</source>
        <translation>replaced</translation>
    </message>
    <message>
        <source>Correction of event %1: %2; approved by %3: %4</source>
        <translation>Correction of event %1: %2; approved by %3: %4</translation>
    </message>
    <message>
        <source>Round settled</source>
        <translation>Round settled</translation>
    </message>
    <message>
        <source>%1 paid during play: %2 (%3, box %4)</source>
        <translation>%1 paid during play: %2 (%3, box %4)</translation>
    </message>
    <message>
        <source>UNDO of decision %1 by %2</source>
        <translation>UNDO of decision %1 by %2</translation>
    </message>
    <message>
        <source>the dealer</source>
        <translation>the dealer</translation>
    </message>
    <message>
        <source>Payout confirmed by the dealer</source>
        <translation>Payout confirmed by the dealer</translation>
    </message>
    <message>
        <source>Payout confirmed by %1</source>
        <translation>Payout confirmed by %1</translation>
    </message>
    <message>
        <source>VOID approved by %1: %2</source>
        <translation>VOID approved by %1: %2</translation>
    </message>
    <message>
        <source>ALERT: %1</source>
        <translation>ALERT: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Fault of event %1 dealt with by %2</source>
        <translation>Fault of event %1 dealt with by %2</translation>
    </message>
    <message>
        <source> on box %1</source>
        <translation> on box %1</translation>
    </message>
    <message>
        <source>Box %1</source>
        <translation>Box %1</translation>
    </message>
    <message>
        <source> (hand %1)</source>
        <translation> (hand %1)</translation>
    </message>
    <message>
        <source>, followed by %1</source>
        <translation>, followed by %1</translation>
    </message>
</context>
<context>
    <name>Settlement</name>
    <message>
        <source>%1 in cash</source>
        <translation>%1 in cash</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Paid</translation>
    </message>
    <message>
        <source>Round %1: settlement</source>
        <translation>Round %1: settlement</translation>
    </message>
    <message>
        <source>Dealer: Black Jack</source>
        <translation>Dealer: Black Jack</translation>
    </message>
    <message>
        <source>Dealer busts (%1)</source>
        <translation>Dealer busts (%1)</translation>
    </message>
    <message>
        <source>Dealer: %1</source>
        <translation>Dealer: %1</translation>
    </message>
    <message>
        <source>Pay from box %1 down to box %2</source>
        <translation>Pay from box %1 down to box %2</translation>
    </message>
    <message>
        <source>To pay: %1 %2</source>
        <translation>To pay: %1 %2</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message>
        <source>paid in this order</source>
        <translation>paid in this order</translation>
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
        <translation>paid already: %1</translation>
    </message>
    <message>
        <source>take %1</source>
        <translation>take %1</translation>
    </message>
    <message>
        <source>the stake stays</source>
        <translation>the stake stays</translation>
    </message>
</context>
<context>
    <name>Source</name>
    <message>
        <source>connected</source>
        <translation>connected</translation>
    </message>
    <message>
        <source>LOST</source>
        <translation>LOST</translation>
    </message>
    <message>
        <source>silent</source>
        <translation>silent</translation>
    </message>
    <message>
        <source>keypad</source>
        <translation>keypad</translation>
    </message>
    <message>
        <source>shoe</source>
        <translation>shoe</translation>
    </message>
    <message>
        <source>camera</source>
        <translation>camera</translation>
    </message>
</context>
<context>
    <name>Status</name>
    <message>
        <source>TABLE CLOSED</source>
        <translation>TABLE CLOSED</translation>
    </message>
    <message>
        <source>Round %1</source>
        <translation>Round %1</translation>
    </message>
    <message>
        <source>no shoe</source>
        <translation>no shoe</translation>
    </message>
    <message>
        <source>CUT CARD OUT: last round of this shoe</source>
        <translation>CUT CARD OUT: last round of this shoe</translation>
    </message>
    <message>
        <source>Shoe %1: %2 cards left</source>
        <translation>Shoe %1: %2 cards left</translation>
    </message>
    <message>
        <source>Pit: up to date</source>
        <translation>Pit: up to date</translation>
    </message>
    <message>
        <source>Pit: %1 events behind</source>
        <translation>Pit: %1 events behind</translation>
    </message>
    <message>
        <source>Pit unreachable since %2 (%1 events waiting)</source>
        <translation>Pit unreachable since %2 (%1 events waiting)</translation>
    </message>
    <message>
        <source>PIT REFUSED the journal since %2: call the supervisor</source>
        <translation>PIT REFUSED the journal since %2: call the supervisor</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>Recall</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>Supervisor</translation>
    </message>
</context>
<context>
    <name>Supervisor</name>
    <message>
        <source>box %1, hand %2</source>
        <translation>box %1, hand %2</translation>
    </message>
    <message>
        <source>box %1</source>
        <translation>box %1</translation>
    </message>
    <message>
        <source>dealer</source>
        <translation>dealer</translation>
    </message>
    <message>
        <source>face down</source>
        <translation>face down</translation>
    </message>
    <message>
        <source>Card %1</source>
        <translation>Card %1</translation>
    </message>
    <message>
        <source>%2, box %3, %1: %4</source>
        <translation>%2, box %3, %1: %4</translation>
    </message>
    <message>
        <source>Back to the table</source>
        <translation>Back to the table</translation>
    </message>
    <message>
        <source>Who signs in?</source>
        <translation>Who signs in?</translation>
    </message>
    <message>
        <source>Void the round</source>
        <translation>Void the round</translation>
    </message>
    <message>
        <source>Correct a card or stake</source>
        <translation>Correct a card or stake</translation>
    </message>
    <message>
        <source>Preset and limits</source>
        <translation>Preset and limits</translation>
    </message>
    <message>
        <source>New shoe</source>
        <translation>New shoe</translation>
    </message>
    <message>
        <source>Close the table</source>
        <translation>Close the table</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>Sign out</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Which card or stake is wrong?</source>
        <translation>Which card or stake is wrong?</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Clear</translation>
    </message>
    <message>
        <source>Strike this stake</source>
        <translation>Strike this stake</translation>
    </message>
    <message>
        <source>Take this stake</source>
        <translation>Take this stake</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Preset</translation>
    </message>
    <message>
        <source>Limits (minimum - box maximum)</source>
        <translation>Limits (minimum - box maximum)</translation>
    </message>
    <message>
        <source>From the next round on</source>
        <translation>From the next round on</translation>
    </message>
    <message>
        <source>Supervisor: %1</source>
        <translation>Supervisor: %1</translation>
    </message>
    <message>
        <source>Supervisor sign-in</source>
        <translation>Supervisor sign-in</translation>
    </message>
    <message>
        <source>Open the table</source>
        <translation>Open the table</translation>
    </message>
    <message>
        <source>%1, limits %2 - %3</source>
        <translation>%1, limits %2 - %3</translation>
    </message>
    <message>
        <source>The table is closed.</source>
        <translation>The table is closed.</translation>
    </message>
    <message>
        <source>Round %1 is in play: the preset, the limits and the shoe change once it is paid or void.</source>
        <translation>Round %1 is in play: the preset, the limits and the shoe change once it is paid or void.</translation>
    </message>
    <message>
        <source>Void round %1: why?</source>
        <translation>Void round %1: why?</translation>
    </message>
    <message>
        <source>Round %1 voided.</source>
        <translation>Round %1 voided.</translation>
    </message>
    <message>
        <source>New shoe: why?</source>
        <translation>New shoe: why?</translation>
    </message>
    <message>
        <source>%1 is really:</source>
        <translation>%1 is really:</translation>
    </message>
    <message>
        <source>Card %1 becomes %2</source>
        <translation>Card %1 becomes %2</translation>
    </message>
    <message>
        <source>%1 becomes %2</source>
        <translation>%1 becomes %2</translation>
    </message>
    <message>
        <source>Strike %1</source>
        <translation>Strike %1</translation>
    </message>
    <message>
        <source>why?</source>
        <translation>why?</translation>
    </message>
    <message>
        <source>Corrected: %1</source>
        <translation>Corrected: %1</translation>
    </message>
</context>
<context>
    <name>Total</name>
    <message>
        <source>bust %1</source>
        <translation>bust %1</translation>
    </message>
</context>
</TS>
