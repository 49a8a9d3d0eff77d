"""Refusals: what the server says when it will not do what was asked, before changing anything.

The match master, the coach and the door refuse in the table's own terms: a stable ``code`` that
programs and pages select on, an English sentence for people reading the API, and ``params`` a
page words the refusal with (message arguments: keywords, numbers, player references). Which HTTP
status (or socket close code) a refusal travels with is the transports' business, decided in one
table (:data:`STATUS`), so the master knows nothing of HTTP.
"""

from __future__ import annotations

from monolith.core import JsonDict


class Refused(Exception):  # noqa: N818 - reads as the verdict
    """A request refused, with its code, an English sentence and the params to word it with."""

    def __init__(self, code: str, message: str, params: JsonDict | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params or {}

    @property
    def status(self) -> int:
        """The HTTP status this refusal travels with (:data:`STATUS`; unknown codes: 400)."""
        return STATUS.get(self.code, 400)


class RateLimited(Refused):
    """A refusal that also tells the client when to try again (``Retry-After``, whole seconds)."""

    def __init__(self, message: str, retry_after: int, params: JsonDict | None = None) -> None:
        super().__init__("rate_limited", message, {"retry_after": retry_after, **(params or {})})
        self.retry_after = retry_after


STATUS: dict[str, int] = {
    # who asks
    "bad_token": 401,
    "not_your_seat": 403,
    "hints_off": 403,
    # what they ask about
    "unknown_match": 404,
    "unknown_seat": 404,
    "unknown_game": 404,
    "unknown_language": 404,
    "not_found": 404,
    "method_not_allowed": 405,
    "too_slow": 408,
    # when they ask
    "stale_version": 409,
    "finished": 409,
    "not_finished": 409,
    "not_started": 409,
    "seat_taken": 409,
    "not_taken_over": 409,
    "cannot_undo": 409,
    "damaged": 409,
    "expired": 410,
    # what they send
    "too_large": 413,
    "header_too_large": 431,
    "malformed": 422,
    "bad_options": 422,
    "bad_name": 422,
    "illegal": 422,
    # how much they ask
    "rate_limited": 429,
    "too_many_sockets": 429,
    "bot_quota": 429,
    "coach_busy": 429,
    # the server's own failure
    "internal": 500,
}
"""Every refusal code and the HTTP status it travels with; a socket closes a connection it
refuses with 4000 + the status, and answers a refused request with the status in ``refused``."""


def internal() -> Refused:
    """The answer to a request the server failed on (a bug: logged with its traceback)."""
    return Refused(
        "internal", "the server failed on this request; reload the state before trying again"
    )
