"""The pit: every table's journal shipped to PostgreSQL, and the review tools on it.

`schema` holds the central store's named migrations (docs/pit-schema.md describes every table),
`store` connects, migrates and adds tables with their own roles, `shipper` sends a journal's
events in order from the head the server acknowledges, `status` is the shipper's state as the
table's screen shows it, `review` reads a shipped table back as a journal for the review tools
and `check` verifies every table of the store in parallel.
"""
