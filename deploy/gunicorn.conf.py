"""gunicorn settings for one tdapp web process (see README.md beside this file).

    gunicorn -c deploy/gunicorn.conf.py "tdapp:create_app()"

One worker per process: Socket.IO needs every request of a client to reach the same process,
which gunicorn's own balancing between workers does not give; scale with more processes behind
nginx instead. The gevent worker patches the process before the app loads, so Flask-SocketIO runs
in gevent mode (tdapp/realtime/server.py): a greenlet per open WebSocket, and the worker's connection
limit must exceed the displays and phones it serves.
"""

import os
import tempfile

port = os.environ.get("PORT", "8001")
bind = f"127.0.0.1:{port}"
workers = 1
worker_class = "gevent"
worker_connections = int(os.environ.get("TDAPP_CONNECTIONS", "5000"))
# A WebSocket stays open all night: the worker must not be killed for a long request.
timeout = 0
graceful_timeout = 20
keepalive = 75
# Never --preload: the app (and a scheduler, where this process owns it) starts after the fork.
preload_app = False
accesslog = "-"
errorlog = "-"
# One control socket per instance (gunicorn >= 25 makes one for `gunicornc`): by default every
# instance of a user would share one path and the last started would take it from the others.
# systemd's RuntimeDirectory= (tdapp-web@.service) gives each its own folder.
control_socket = os.path.join(
    os.environ.get("RUNTIME_DIRECTORY") or tempfile.gettempdir(), f"tdapp-gunicorn-{port}.ctl"
)
# A web process never migrates: `tdapp db upgrade` does, once, before the processes (re)start.
# Facing an older schema, the process says so in one line and waits (tdapp/__init__.py).
os.environ.setdefault("TDAPP_MIGRATE_ON_START", "0")


def post_worker_init(worker: object) -> None:
    """After the app loaded in this worker: see `tdapp.settle_heap`."""
    from tdapp import settle_heap

    settle_heap()
