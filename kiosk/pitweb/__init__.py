"""The pit page: one live page of every table, alerts acknowledged, any round found and replayed
(`blackjack-kiosk pit serve`, docs/pit.md).

`auth` keeps the page's users (slow salted password hashes, throttled logins, sessions that end
after 30 idle minutes, CSRF tokens), `tiles` folds each table's shipped events into the pit's
view of it (through the journal's fold and the table's `view("pit")`: never a hole card before
it is turned, never the shoe's composition), `live` holds the one LISTEN connection per server
process and fans each table's change out to the pages as server-sent events, `queries` are the
searches, replays, exports and reports, and `app` is the Starlette application.
"""
