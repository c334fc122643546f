"""Verifies a webhook delivery of the freight document service (Python 3.8+, standard library only).

    ok = verify_webhook(raw_body, request.headers["service-signature"], [os.environ["WEBHOOK_SECRET"]])

raw_body is the request body exactly as received (bytes); re-serialised JSON does not verify.
Answer 400 when it returns False; deduplicate deliveries on the `service-event-id` header.
"""
import hashlib
import hmac
import re
import time

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


def verify_webhook(raw_body: bytes, header: str, secrets: list, tolerance_seconds: int = 300, now: float = None) -> bool:
    if not isinstance(header, str) or not secrets:
        return False
    timestamp = None
    signatures = []
    for part in header.split(","):
        key, _, value = part.partition("=")
        if key == "t" and value.isdigit():
            timestamp = int(value)
        elif key == "v1" and _HEX64.match(value):
            signatures.append(value)
    if timestamp is None or not signatures:
        return False
    if abs((time.time() if now is None else now) - timestamp) > tolerance_seconds:
        return False
    message = str(timestamp).encode() + b"." + raw_body
    for secret in secrets:
        expected = hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()
        if any(hmac.compare_digest(expected, candidate) for candidate in signatures):
            return True
    return False
