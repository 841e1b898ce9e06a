"""The central store's schema as named migrations, applied in order, each with its row in
`pit.migrations` (as the journal's own), a whole `pit init` in one transaction. Released
entries are never edited.

Everything lives in the schema `pit`; docs/pit-schema.md describes each table. Nobody but the owner
holds a privilege on a table: a table's own role reaches the store only through the
SECURITY DEFINER functions below, which name the table from the role that logged in, and the
review role reads. The events are append-only: no role but the owner has UPDATE or DELETE, and
triggers refuse them even to the owner (a row changed with the triggers off is what
`pit verify` exists to find).
"""

from __future__ import annotations

# An event's fields as the kiosk writes them: the store refuses anything else, so that its own
# hash check can write the event's header without escaping anything.
KIND_PATTERN = "^[a-z][a-z_]{0,39}$"
TS_PATTERN = ("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?"
              "(Z|[+-][0-9]{2}:[0-9]{2})$")
HASH_PATTERN = "^[0-9a-f]{64}$"

_TABLES = r"""
CREATE TABLE pit.tables (
    id serial PRIMARY KEY,
    name text NOT NULL UNIQUE,            -- the table's configured id; its journal's name
    role name NOT NULL UNIQUE,            -- the login role that ships it
    added_at timestamptz NOT NULL DEFAULT now(),
    head_seq bigint NOT NULL DEFAULT 0,   -- the last event stored (0: none yet)
    head_hash text NOT NULL DEFAULT repeat('0', 64),
    shipped_at timestamptz,               -- when the last batch was stored
    heard_at timestamptz,                 -- the shipper's last heartbeat ("last heard")
    journal_seq bigint,                   -- how far the table's journal reached then
    state text NOT NULL DEFAULT 'new',    -- new, shipping, refused, retired
    retired_at timestamptz                -- ships no more (set by an operator, docs/pit.md)
);
CREATE TABLE pit.events (
    table_id integer NOT NULL,
    seq bigint NOT NULL,                  -- the journal's event number, 1, 2, 3 ... per table
    ts text COLLATE "C" NOT NULL,         -- the kiosk's time text, byte-exact
    session_id bigint,
    round_id bigint,
    kind text NOT NULL,
    data text NOT NULL,                   -- the canonical JSON text, byte-exact
    hash bytea NOT NULL,                  -- sha256; the previous hash is the event before's
    simulated boolean NOT NULL            -- from a demo (simulated) session
) PARTITION BY RANGE (ts);
CREATE INDEX events_table_seq ON pit.events (table_id, seq);
CREATE INDEX events_table_round ON pit.events (table_id, round_id) WHERE round_id IS NOT NULL;
CREATE TABLE pit.partitions (
    name text PRIMARY KEY,                -- pit.events_YYYY_MM
    month text NOT NULL UNIQUE,           -- YYYY-MM
    created_at timestamptz NOT NULL DEFAULT now(),
    packed_at timestamptz,                -- its events moved into pit.packed (pit pack)
    events bigint,                        -- how many it held then
    chunks integer                        -- in how many chunks
);
CREATE TABLE pit.sessions (
    table_id integer NOT NULL REFERENCES pit.tables (id),
    session_id bigint NOT NULL,
    seq bigint NOT NULL,                  -- its session_open event
    opened_at text NOT NULL,
    table_name text NOT NULL,             -- as the session_open names it
    simulated boolean NOT NULL,
    PRIMARY KEY (table_id, session_id)
);
CREATE TABLE pit.alerts (
    id bigserial PRIMARY KEY,
    table_id integer REFERENCES pit.tables (id),
    raised_at timestamptz NOT NULL DEFAULT now(),
    kind text NOT NULL,                   -- fork, forged, gap, refused
    seq bigint,                           -- the event it is about, where there is one
    message text NOT NULL,
    acknowledged_by text,                 -- who cleared it (the pit page, issue 30)
    acknowledged_at timestamptz,
    acknowledged_note text
);
-- Closed months packed: each chunk of up to 1,024 consecutive events of one table as one
-- zlib-compressed text (a line per event: seq, ts, session, round, kind, simulated, data,
-- tab-separated; the data is canonical JSON, which holds no raw tab or newline) and the
-- events' hashes side by side, 32 bytes each, uncompressed so the store can still compare a
-- re-sent event's hash (docs/pit.md, retention).
CREATE TABLE pit.packed (
    table_id integer NOT NULL REFERENCES pit.tables (id),
    first_seq bigint NOT NULL,
    last_seq bigint NOT NULL,             -- every number from first to last is in the chunk
    first_round bigint,                   -- the lowest and highest round id in it
    last_round bigint,
    month text NOT NULL,                  -- the partition it was packed from
    events bytea NOT NULL,
    hashes bytea NOT NULL,
    PRIMARY KEY (table_id, first_seq)
);
ALTER TABLE pit.packed ALTER COLUMN events SET STORAGE EXTERNAL;  -- compressed already
ALTER TABLE pit.packed ALTER COLUMN hashes SET STORAGE EXTERNAL;
CREATE INDEX packed_rounds ON pit.packed (table_id, first_round, last_round);
CREATE TABLE pit.access_log (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(),
    role name NOT NULL DEFAULT session_user,
    what text NOT NULL,                   -- the command or page: rounds, replay, verify ...
    table_name text,
    detail text
);
"""

_APPEND_ONLY = r"""
CREATE FUNCTION pit.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the pit is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END $$;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON pit.events
    FOR EACH ROW EXECUTE FUNCTION pit.refuse_change();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON pit.events
    FOR EACH STATEMENT EXECUTE FUNCTION pit.refuse_change();
CREATE TRIGGER sessions_append_only BEFORE UPDATE OR DELETE ON pit.sessions
    FOR EACH ROW EXECUTE FUNCTION pit.refuse_change();
CREATE TRIGGER packed_append_only BEFORE UPDATE OR DELETE ON pit.packed
    FOR EACH ROW EXECUTE FUNCTION pit.refuse_change();
CREATE TRIGGER packed_no_truncate BEFORE TRUNCATE ON pit.packed
    FOR EACH STATEMENT EXECUTE FUNCTION pit.refuse_change();
CREATE TRIGGER access_log_append_only BEFORE UPDATE OR DELETE ON pit.access_log
    FOR EACH ROW EXECUTE FUNCTION pit.refuse_change();
-- an alert is never removed; it is acknowledged once, and only that is written to it
CREATE FUNCTION pit.acknowledge_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'the pit keeps every alert: DELETE on alerts refused';
    END IF;
    IF OLD.acknowledged_at IS NOT NULL OR NEW.acknowledged_at IS NULL
       OR NEW.acknowledged_by IS NULL
       OR (NEW.id, NEW.table_id, NEW.raised_at, NEW.kind, NEW.seq, NEW.message)
          IS DISTINCT FROM (OLD.id, OLD.table_id, OLD.raised_at, OLD.kind, OLD.seq, OLD.message)
    THEN
        RAISE EXCEPTION 'an alert is only acknowledged, once, by someone named';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER alerts_acknowledge_only BEFORE UPDATE OR DELETE ON pit.alerts
    FOR EACH ROW EXECUTE FUNCTION pit.acknowledge_only();
"""

_FUNCTIONS = r"""
-- The table of the role that logged in (session_user, not the function's owner).
CREATE FUNCTION pit.my_table() RETURNS pit.tables
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE t pit.tables;
BEGIN
    SELECT * INTO t FROM pit.tables WHERE role = session_user AND retired_at IS NULL;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'the role % ships no table of this pit (pit table add)', session_user;
    END IF;
    RETURN t;
END $$;

-- What the shipper resumes from: the last event the pit stores for its table.
CREATE FUNCTION pit.head(OUT name text, OUT head_seq bigint, OUT head_hash text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT t.name, t.head_seq, t.head_hash FROM pit.my_table() t
$$;

-- The table is alive and its journal reaches event p_journal_seq ("last heard", "behind by").
CREATE FUNCTION pit.heartbeat(p_journal_seq bigint) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    UPDATE pit.tables SET heard_at = now(), journal_seq = p_journal_seq
    WHERE id = (pit.my_table()).id
$$;

-- The shipper found the pit's head missing from or different in its journal: a fork.
CREATE FUNCTION pit.report_fork(p_seq bigint, p_message text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    INSERT INTO pit.alerts (table_id, kind, seq, message)
    SELECT (pit.my_table()).id, 'fork', p_seq, left(p_message, 2000);
    UPDATE pit.tables SET state = 'refused' WHERE id = (pit.my_table()).id;
$$;

-- A month's partition, made when its first event arrives (again for a late event of a
-- month already packed).
CREATE FUNCTION pit.ensure_partition(p_month text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    part text := 'events_' || replace(p_month, '-', '_');
    upper text := to_char((p_month || '-01')::date + interval '1 month', 'YYYY-MM');
BEGIN
    IF p_month !~ '^[0-9]{4}-[0-9]{2}$' THEN
        RAISE EXCEPTION 'not a month: %', p_month;
    END IF;
    -- pg_class read by a query (a fresh snapshot), not to_regclass (a cache that may not
    -- have seen a partition another shipper made a moment ago)
    IF EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = 'pit' AND c.relname = part) THEN
        RETURN;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('pit.partitions'));
    IF EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = 'pit' AND c.relname = part) THEN
        RETURN;  -- another shipper made it while this one waited
    END IF;
    EXECUTE format('CREATE TABLE pit.%I PARTITION OF pit.events FOR VALUES FROM (%L) TO (%L)',
                   part, p_month, upper);
    INSERT INTO pit.partitions (name, month) VALUES ('pit.' || part, p_month)
        ON CONFLICT (month) DO UPDATE SET packed_at = NULL;
END $$;

-- The hash the pit stores for event p_seq of table p_table, in a row or in a packed chunk.
CREATE FUNCTION pit.stored_hash(p_table integer, p_seq bigint) RETURNS bytea
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT coalesce(
        (SELECT e.hash FROM pit.events e WHERE e.table_id = p_table AND e.seq = p_seq LIMIT 1),
        (SELECT substring(p.hashes FROM ((p_seq - p.first_seq) * 32 + 1)::integer FOR 32)
         FROM pit.packed p WHERE p.table_id = p_table AND p.first_seq <= p_seq
         AND p.last_seq >= p_seq ORDER BY p.first_seq DESC LIMIT 1))
$$;
-- One batch of a table's journal, in order. Stored whole, or refused whole with an alert
-- (the alert is kept, nothing of the batch is): returns NULL when stored, else the sentence.
CREATE FUNCTION pit.ingest(p_seq bigint[], p_ts text[], p_session bigint[], p_round bigint[],
                           p_kind text[], p_data text[], p_prev text[], p_hash text[])
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    t pit.tables;
    n integer := coalesce(array_length(p_seq, 1), 0);
    fault record;
    fault_seq bigint;
    why text;
    alert_kind text;
    month text;
BEGIN
    SELECT * INTO t FROM pit.tables WHERE id = (pit.my_table()).id FOR UPDATE;
    IF n = 0 THEN
        RETURN NULL;
    END IF;
    IF n <> coalesce(array_length(p_ts, 1), 0) OR n <> coalesce(array_length(p_session, 1), 0)
       OR n <> coalesce(array_length(p_round, 1), 0) OR n <> coalesce(array_length(p_kind, 1), 0)
       OR n <> coalesce(array_length(p_data, 1), 0) OR n <> coalesce(array_length(p_prev, 1), 0)
       OR n <> coalesce(array_length(p_hash, 1), 0) THEN
        RAISE EXCEPTION 'a batch''s columns must be of one length';
    END IF;
    -- the months' partitions first, before this transaction reads the events: a partition
    -- made while another shipper's batch holds the events open would wait on it
    FOR month IN SELECT DISTINCT left(x, 7) FROM unnest(p_ts) AS x WHERE x ~ '__TS__' LOOP
        PERFORM pit.ensure_partition(month);
    END LOOP;
    IF p_seq[1] > t.head_seq + 1 THEN
        why := format('the batch starts at event %s but the pit holds events up to %s only '
                      '(the shipper must resume from the pit''s head)', p_seq[1], t.head_seq);
        alert_kind := 'gap';
        fault_seq := p_seq[1];
    ELSE
        SELECT b.seq, b.fault INTO fault FROM (
            SELECT b.seq, b.i, CASE
                WHEN b.seq IS DISTINCT FROM p_seq[1] + b.i - 1 THEN
                    'forged: its number does not follow the event before it in the batch'
                WHEN b.kind IS NULL OR b.kind !~ '__KIND__' OR b.ts IS NULL
                     OR b.ts !~ '__TS__' OR b.prev IS NULL OR b.prev !~ '__HASH__'
                     OR b.hash IS NULL OR b.hash !~ '__HASH__' OR b.data IS NULL THEN
                    'forged: it is not an event as the kiosk writes it'
                WHEN encode(sha256(convert_to(b.prev || E'\n' || '{"kind":"' || b.kind
                        || '","round":' || coalesce(b.round_id::text, 'null') || ',"seq":'
                        || b.seq || ',"session":' || coalesce(b.session_id::text, 'null')
                        || ',"ts":"' || b.ts || '"}' || E'\n' || b.data, 'UTF8')), 'hex')
                     <> b.hash THEN
                    'forged: its hash does not match its content'
                WHEN b.seq <= t.head_seq AND pit.stored_hash(t.id, b.seq)
                        IS DISTINCT FROM decode(b.hash, 'hex') THEN
                    'fork: it differs from the event the pit holds under that number'
                WHEN b.seq = t.head_seq + 1 AND b.prev <> t.head_hash THEN
                    'fork: its previous hash is not the hash of the pit''s head'
                WHEN b.i > 1 AND b.prev IS DISTINCT FROM lag(b.hash) OVER (ORDER BY b.i) THEN
                    'forged: its previous hash is not the hash of the event before it'
                END AS fault
            FROM unnest(p_seq, p_ts, p_session, p_round, p_kind, p_data, p_prev, p_hash)
                 WITH ORDINALITY AS b(seq, ts, session_id, round_id, kind, data, prev, hash, i)
        ) b WHERE b.fault IS NOT NULL ORDER BY b.i LIMIT 1;
        IF FOUND THEN
            why := format('event %s: %s', fault.seq, fault.fault);
            alert_kind := split_part(fault.fault, ':', 1);
            fault_seq := fault.seq;
        END IF;
    END IF;
    IF why IS NOT NULL THEN
        INSERT INTO pit.alerts (table_id, kind, seq, message)
        VALUES (t.id, alert_kind, fault_seq, format('%s: %s; the batch and everything after it '
                'are refused, nothing of it is stored', t.name, why));
        UPDATE pit.tables SET state = 'refused' WHERE id = t.id;
        RETURN format('%s: %s', t.name, why);
    END IF;
    IF p_seq[n] <= t.head_seq THEN
        RETURN NULL;  -- all of it is stored already: a re-sent batch changes nothing
    END IF;
    INSERT INTO pit.sessions (table_id, session_id, seq, opened_at, table_name, simulated)
    SELECT t.id, b.session_id, b.seq, b.ts, b.data::jsonb ->> 'table',
           coalesce((b.data::jsonb ->> 'simulated')::boolean, false)
    FROM unnest(p_seq, p_ts, p_session, p_kind, p_data)
         AS b(seq, ts, session_id, kind, data)
    WHERE b.kind = 'session_open' AND b.seq > t.head_seq;
    INSERT INTO pit.events (table_id, seq, ts, session_id, round_id, kind, data, hash, simulated)
    SELECT t.id, b.seq, b.ts, b.session_id, b.round_id, b.kind, b.data, decode(b.hash, 'hex'),
           coalesce(s.simulated, false)
    FROM unnest(p_seq, p_ts, p_session, p_round, p_kind, p_data, p_hash)
         AS b(seq, ts, session_id, round_id, kind, data, hash)
    LEFT JOIN pit.sessions s ON s.table_id = t.id AND s.session_id = b.session_id
    WHERE b.seq > t.head_seq;
    UPDATE pit.tables SET head_seq = p_seq[n], head_hash = p_hash[n], shipped_at = now(),
           state = 'shipping' WHERE id = t.id;
    PERFORM pg_notify('pit_events', t.name || ':' || p_seq[n]);
    RETURN NULL;
END $$;
""".replace("__KIND__", KIND_PATTERN).replace("__TS__", TS_PATTERN) \
   .replace("__HASH__", HASH_PATTERN)

_PRIVILEGES = r"""
REVOKE ALL ON SCHEMA pit FROM PUBLIC;
REVOKE ALL ON ALL TABLES IN SCHEMA pit FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA pit FROM PUBLIC;
DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pit_table') THEN
        CREATE ROLE pit_table NOLOGIN;   -- every table's role is a member
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pit_review') THEN
        CREATE ROLE pit_review NOLOGIN;  -- reviewers, surveillance, the pit page
    END IF;
END $$;
GRANT USAGE ON SCHEMA pit TO pit_table, pit_review;
GRANT EXECUTE ON FUNCTION pit.head(), pit.heartbeat(bigint), pit.report_fork(bigint, text),
    pit.ingest(bigint[], text[], bigint[], bigint[], text[], text[], text[], text[])
    TO pit_table;
GRANT SELECT ON pit.tables, pit.events, pit.packed, pit.sessions, pit.alerts, pit.partitions,
    pit.migrations TO pit_review;
GRANT INSERT ON pit.access_log TO pit_review;
GRANT USAGE ON SEQUENCE pit.access_log_id_seq TO pit_review;
GRANT UPDATE (acknowledged_by, acknowledged_at, acknowledged_note) ON pit.alerts TO pit_review;
"""

# The pit page (kiosk/pitweb, docs/pit.md): its users with roles and password hashes, their
# sessions and login attempts, alerts raised from the tables' events (once per event: the
# partial unique index) and the page's user in the access log. The page logs in as a member of
# pit_web: it reads as pit_review does and writes only these.
_PAGE = r"""
CREATE TABLE pit.users (
    name text PRIMARY KEY CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$'),
    role text NOT NULL CHECK (role IN ('pit', 'surveillance')),
    password_hash text NOT NULL,          -- scrypt$N$r$p$salt$hash (hex)
    created_at timestamptz NOT NULL DEFAULT now(),
    disabled_at timestamptz
);
CREATE TABLE pit.web_sessions (
    token_hash text PRIMARY KEY,          -- sha256 of the cookie's token
    user_name text NOT NULL REFERENCES pit.users (name),
    csrf text NOT NULL,
    lang text NOT NULL DEFAULT 'de',
    started_at timestamptz NOT NULL DEFAULT now(),
    seen_at timestamptz NOT NULL DEFAULT now(),
    ended_at timestamptz
);
CREATE TABLE pit.logins (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(),
    user_name text NOT NULL,
    ok boolean NOT NULL,
    address text
);
CREATE INDEX logins_by_user ON pit.logins (user_name, at);
-- the page's search walks the rounds' openings newest first: one in about 40 events
CREATE INDEX events_round_opens ON pit.events (ts) WHERE kind = 'round_open';
ALTER TABLE pit.alerts ADD COLUMN origin text NOT NULL DEFAULT 'store';  -- store, journal, page
CREATE UNIQUE INDEX alerts_once ON pit.alerts (table_id, kind, seq) WHERE origin <> 'store';
ALTER TABLE pit.access_log ADD COLUMN person text;  -- the pit page's user
DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pit_web') THEN
        CREATE ROLE pit_web NOLOGIN;     -- the pit page's server
    END IF;
END $$;
GRANT pit_review TO pit_web;
GRANT SELECT, INSERT ON pit.users, pit.logins TO pit_web;
GRANT SELECT, INSERT, UPDATE (seen_at, ended_at, lang) ON pit.web_sessions TO pit_web;
GRANT SELECT ON pit.access_log TO pit_web;
GRANT INSERT ON pit.alerts TO pit_web;
GRANT USAGE ON SEQUENCE pit.alerts_id_seq, pit.logins_id_seq TO pit_web;
"""

# (name, SQL). Append only; never edit a released entry.
MIGRATIONS: list[tuple[str, str]] = [
    ("0001_pit_tables", _TABLES),
    ("0002_append_only_triggers", _APPEND_ONLY),
    ("0003_table_functions", _FUNCTIONS),
    ("0004_privileges", _PRIVILEGES),
    ("0005_pit_page", _PAGE),
]
