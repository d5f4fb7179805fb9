"""gunicorn's thread worker (gunicorn.conf.py), with a new connection's first bytes waited for
only briefly.

gunicorn's gthread worker lets a thread wait up to 5 s for a new connection's first bytes
(DEFAULT_WORKER_DATA_TIMEOUT, a module constant, not a setting), so a room of phones that open
their connections before they ask (browsers open them ahead) held every thread while the
requests that had arrived waited (benchmarks/room.py: 800 phones, reads timing out at 10 s with
the server's cores two-thirds idle). Here such a connection goes to the worker's poller after
FIRST_BYTES_SECONDS.

gunicorn bounds by the same constant the draining of a request's unread body after its response:
at 50 ms a thread that waited that long for the CPU between the two (a loaded server) closed a
kept-alive connection under a client that had sent its next request (wrk: socket read errors on
the static file). The drain keeps gunicorn's own 5 s.
"""

import time

from gunicorn.workers import gthread

FIRST_BYTES_SECONDS = 0.05
DRAIN_SECONDS = 5.0

gthread.DEFAULT_WORKER_DATA_TIMEOUT = FIRST_BYTES_SECONDS


class ThreadWorker(gthread.ThreadWorker):
    def _keepalive_after(self, conn, keepalive):
        """gunicorn's own, the unread body drained for DRAIN_SECONDS at most."""
        if not keepalive:
            return False
        return bool(conn.parser.finish_body(deadline=time.monotonic() + DRAIN_SECONDS))
