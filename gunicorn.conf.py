"""gunicorn's settings for `make serve`, from the environment: GUNICORN_BIND (127.0.0.1:8000 by
default), GUNICORN_WORKERS (two a core plus one by default), GUNICORN_THREADS (4 a worker),
GUNICORN_KEEPALIVE (30 s) and GUNICORN_TIMEOUT (120 s).
Anything else gunicorn takes goes in GUNICORN_CMD_ARGS."""

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS") or 2 * len(os.sched_getaffinity(0)) + 1)
# A club's backup is restored in the request: the largest measured takes half a minute on
# PostgreSQL (benchmarks/README.md), past gunicorn's default of 30 s.
timeout = int(os.environ.get("GUNICORN_TIMEOUT") or 120)
# The access log and gunicorn's own errors to stdout and stderr, beside Django's log (stderr).
accesslog = "-"
errorlog = "-"
# No control socket: its default path in the home directory is one per user, and a second
# server (another checkout, the tests) would take it over.
control_socket_disable = True
# Threads beside the processes: a room of phones keeps its connections open between two
# readings of the live ranking (keep-alive), and a thread worker waits on them all at once
# where a sync worker gives each a process until it closes; the workers still follow the cores.
# gunicorn's gthread worker, with a new connection's first bytes waited for only briefly
# (clubscoring/gunicorn_worker.py says why).
worker_class = "clubscoring.gunicorn_worker.ThreadWorker"
threads = int(os.environ.get("GUNICORN_THREADS") or 4)
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE") or 30)
