"""What a log line says about the request it comes from."""

import logging


class RequestContext(logging.Filter):
    """Gives every record a `request_context`: "METHOD path user=NAME" for a record that carries
    its request (Django's request and security loggers attach it), "-" for any other."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        if request is None or not hasattr(request, "method"):
            record.request_context = "-"
            return True
        user = getattr(request, "user", None)
        who = user.get_username() if user is not None and user.is_authenticated else "anonymous"
        record.request_context = f"{request.method} {request.get_full_path()} user={who}"
        return True
