#!/usr/bin/env python3
"""ThunderID emulator: the self-service schema and credential-update endpoints on loopback.

Speaks the ThunderID server's contract (thunder-id/thunderid: its Go user service and api/user.yaml):

    GET  /users/me/meta                -> 200 {"schema": {...}}
    POST /users/me/update-credentials  -> 204, or the server's error bodies

and is scripted over an admin API on the same port, under /__admin/ (never mixed with the
real routes): scripted answers, injected faults, fixture selection, request counts.
See README.md next to this file. Python 3 standard library only.

Credential values are never logged: log lines carry lengths only. The last request body of
each route is kept in memory for GET /__admin/last-body, for tests that check what was sent.
"""

import argparse
import json
import os
import signal
import socket
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

META_PATH = "/users/me/meta"
UPDATE_PATH = "/users/me/update-credentials"
ADMIN_PREFIX = "/__admin/"
DEFAULT_TOKEN = "emulator-token"
DEFAULT_FIXTURE = "person"
FIXTURES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")

# The server's error catalogue: status, message and description as I18nMessage objects.
# USR-1017's keys are the server's (error.userservice.missing_credentials and its _description);
# the other keys follow the same naming and are the emulator's choice (only their default values
# are the server's).
ERRORS = {
    "AUTH-4010": (401, ("error.auth.unauthorized", "Unauthorized"),
                  ("error.auth.unauthorized_description", "Authentication is required to access this resource")),
    "USR-1018": (401, ("error.userservice.authentication_failed", "Authentication failed"),
                 ("error.userservice.authentication_failed_description", "Invalid credentials provided")),
    "USR-1001": (400, ("error.userservice.invalid_request_format", "Invalid request format"),
                 ("error.userservice.invalid_request_format_description",
                  "The request body is malformed or contains invalid data")),
    "USR-1017": (400, ("error.userservice.missing_credentials", "Missing credentials"),
                 ("error.userservice.missing_credentials_description", "At least one credential field must be provided")),
    "USR-1024": (400, ("error.userservice.invalid_credential_fields", "Invalid request format"),
                 ("error.userservice.invalid_credential_fields_description", "Invalid credential fields in request")),
    "USR-1025": (400, ("error.userservice.declarative_resource", "Cannot modify declarative resource"),
                 ("error.userservice.declarative_resource_description",
                  "The user is defined declaratively and cannot be modified")),
    "USR-1029": (403, ("error.userservice.invalid_current_credential", "Invalid current credential"),
                 ("error.userservice.invalid_current_credential_description",
                  "The current password is missing or incorrect")),
    "USR-1003": (404, ("error.userservice.user_not_found", "User not found"),
                 ("error.userservice.user_not_found_description", "The requested user could not be found")),
    "SSE-4030": (403, ("error.unauthorized", "Unauthorized"),
                 ("error.unauthorized_description", "The caller is not authorized to perform this operation")),
    "SSE-5000": (500, ("error.internal_server_error", "Internal server error"),
                 ("error.internal_server_error_description", "An unexpected error occurred while processing the request")),
}

FAULTS = ("hang", "drop", "reset", "truncate", "malformed-json", "wrong-content-type", "endless-body", "gzip-bomb",
          "stalled-body", "trailer", "raw")
# The gzip bomb's default inflated size (1 GiB), and the endless and stalled bodies' default time limit.
BOMB_BYTES = 1 << 30
ENDLESS_SECONDS = 60
# The trailer fault's default trailer field: one a client would obey if it read it as a header.
DEFAULT_TRAILER = {"Retry-After": "7"}
ROUTES = ("meta", "update", "any")


def error_body(code, shape="object"):
    """The JSON error body for `code`, in the i18n-object shape or the plain-string shape."""
    status, message, description = ERRORS[code]
    if shape == "strings":
        return status, {"code": code, "message": message[1], "description": description[1]}
    return status, {
        "code": code,
        "message": {"key": message[0], "defaultValue": message[1]},
        "description": {"key": description[0], "defaultValue": description[1]},
    }


_bombs = {}
_bombs_lock = threading.Lock()


def gzip_bomb(prefix, inflated):
    """A gzip body of about inflated/1032 bytes that inflates to `prefix` and then `inflated` spaces.

    Each MiB of spaces is one deflate block ended by a full flush, so the block is the same bytes every
    time and is built once; the trailer's CRC-32 is computed over the inflated bytes. Kept per size.
    """
    key = (prefix, inflated)
    with _bombs_lock:
        if key in _bombs:
            return _bombs[key]
        compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
        chunk = b" " * (1 << 20)
        count = max(1, inflated // len(chunk))
        head = compressor.compress(prefix) + compressor.flush(zlib.Z_FULL_FLUSH)
        block = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
        crc = zlib.crc32(prefix)
        for _ in range(count):
            crc = zlib.crc32(chunk, crc)
        total = len(prefix) + count * len(chunk)
        body = b"".join([b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff", head, block * count,
                         compressor.flush(zlib.Z_FINISH), struct.pack("<II", crc & 0xFFFFFFFF, total & 0xFFFFFFFF)])
        _bombs[key] = body
        return body


def load_fixture(name):
    path = os.path.join(FIXTURES_DIR, name + ".json")
    with open(path, "rb") as handle:
        return json.loads(handle.read().decode("utf-8"))


def fixture_names():
    return sorted(f[:-5] for f in os.listdir(FIXTURES_DIR) if f.endswith(".json"))


def shape_of(value):
    """The shape of a JSON value with strings replaced by their length: never the value."""
    if isinstance(value, dict):
        return {key: shape_of(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape_of(item) for item in value]
    if isinstance(value, str):
        return "string(%d)" % len(value)
    if isinstance(value, bool):
        return "boolean"
    if value is None:
        return "null"
    return "number"


class EmulatorState:
    """Everything the admin API can change, behind one lock."""

    def __init__(self, tokens, fixture):
        self.lock = threading.Lock()
        self.default_tokens = list(tokens)
        self.default_fixture = fixture
        self.release_hangs = threading.Event()
        self.reset()

    def reset(self):
        with self.lock:
            self.tokens = set(self.default_tokens)
            self.fixture = self.default_fixture
            self.meta = load_fixture(self.default_fixture)
            self.rules = []
            self.counts = {"meta": 0, "update": 0, "other": 0, "total": 0}
            # Requests on the real routes being handled right now, and the most at once since the reset.
            self.in_flight = getattr(self, "in_flight", 0)
            self.most_in_flight = self.in_flight
            self.last = {}
            self.last_bodies = {}
            self.updated = []
            # Release any handler hanging under the previous script, then re-arm.
            self.release_hangs.set()
            self.release_hangs = threading.Event()

    def script(self, spec):
        """Applies an admin script; raises ValueError with a reason when it is invalid."""
        if not isinstance(spec, dict):
            raise ValueError("the script must be a JSON object")
        unknown = set(spec) - {"schema", "fixture", "tokens", "rules", "appendRules"}
        if unknown:
            raise ValueError("unknown script keys: %s" % ", ".join(sorted(unknown)))
        meta = None
        fixture = None
        if "fixture" in spec:
            fixture = spec["fixture"]
            if fixture not in fixture_names():
                raise ValueError("no fixture named %r (have: %s)" % (fixture, ", ".join(fixture_names())))
            meta = load_fixture(fixture)
        if "schema" in spec:
            schema = spec["schema"]
            if isinstance(schema, str):
                # A raw body, served as is (for malformed-schema tests).
                meta = schema
            elif isinstance(schema, dict):
                meta = schema if "schema" in schema else {"schema": schema}
            else:
                raise ValueError("schema must be an object (the schema or the whole meta body) or a string")
            fixture = "(scripted)"
        rules = None
        for key in ("rules", "appendRules"):
            if key in spec:
                if not isinstance(spec[key], list):
                    raise ValueError("%s must be a list" % key)
                rules = [validate_rule(rule) for rule in spec[key]]
        tokens = spec.get("tokens")
        if tokens is not None and not (isinstance(tokens, list) and all(isinstance(t, str) for t in tokens)):
            raise ValueError("tokens must be a list of strings")
        with self.lock:
            if meta is not None:
                self.meta = meta
                self.fixture = fixture
            if rules is not None:
                if "rules" in spec:
                    self.rules = rules
                else:
                    self.rules.extend(rules)
            if tokens is not None:
                self.tokens = set(tokens)

    def take_rule(self, route):
        """The first rule matching `route` that has uses left, consuming one use."""
        with self.lock:
            for rule in self.rules:
                if rule["route"] not in (route, "any"):
                    continue
                if rule["times"] is not None:
                    if rule["times"] <= 0:
                        continue
                    rule["times"] -= 1
                return dict(rule)
        return None

    def stats(self):
        with self.lock:
            return {
                "requests": dict(self.counts),
                "concurrency": {"now": self.in_flight, "max": self.most_in_flight},
                "fixture": self.fixture,
                "last": json.loads(json.dumps(self.last)),
                "updated": list(self.updated),
                "pendingRules": [rule for rule in self.rules if rule["times"] is None or rule["times"] > 0],
            }


def validate_rule(rule):
    if not isinstance(rule, dict):
        raise ValueError("each rule must be an object")
    allowed = {"route", "times", "delay", "error", "shape", "status", "body", "contentType", "headers",
               "retryAfter", "fault", "hangSeconds", "inflatedBytes"}
    unknown = set(rule) - allowed
    if unknown:
        raise ValueError("unknown rule keys: %s" % ", ".join(sorted(unknown)))
    checked = dict(rule)
    checked.setdefault("route", "any")
    checked.setdefault("times", None)
    if checked["route"] not in ROUTES:
        raise ValueError("route must be one of %s" % ", ".join(ROUTES))
    if checked["times"] is not None and (not isinstance(checked["times"], int) or checked["times"] < 1):
        raise ValueError("times must be a positive integer")
    if "error" in checked and checked["error"] not in ERRORS:
        raise ValueError("unknown error code %r (have: %s)" % (checked["error"], ", ".join(sorted(ERRORS))))
    if "fault" in checked and checked["fault"] not in FAULTS:
        raise ValueError("fault must be one of %s" % ", ".join(FAULTS))
    if checked.get("shape", "object") not in ("object", "strings"):
        raise ValueError("shape must be 'object' or 'strings'")
    if "delay" in checked and not isinstance(checked["delay"], (int, float)):
        raise ValueError("delay must be a number of seconds")
    if checked.get("fault") == "raw" and not isinstance(checked.get("body"), str):
        raise ValueError("the raw fault needs a body: the exact text of the answer")
    if "headers" in checked and not isinstance(checked["headers"], dict):
        raise ValueError("headers must be an object")
    inflated = checked.get("inflatedBytes", BOMB_BYTES)
    if isinstance(inflated, bool) or not isinstance(inflated, int) or not (1 << 20) <= inflated <= (4 << 30):
        raise ValueError("inflatedBytes must be an integer from 1 MiB to 4 GiB")
    return checked


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "ThunderIDEmulator/1.0"
    sys_version = ""

    # -- plumbing ---------------------------------------------------------------------------

    @property
    def state(self):
        return self.server.emulator_state

    def log_message(self, format, *args):  # noqa: A002 - BaseHTTPRequestHandler's signature
        # The default access log is replaced by `note`, which never prints bodies.
        pass

    def note(self, text):
        if not self.server.quiet:
            sys.stderr.write("emulator: %s\n" % text)
            sys.stderr.flush()

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def send(self, status, body=b"", content_type=None, headers=None):
        self.send_response(status)
        if content_type and body:
            self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, str(value))
        self.send_header("Content-Length", str(len(body)))
        # One request per connection keeps fault injection deterministic (no silent retries on
        # a reused connection).
        self.send_header("Connection", "close")
        self.end_headers()
        if body:
            self.wfile.write(body)
        self.close_connection = True

    def send_json(self, status, value, headers=None):
        self.send(status, json.dumps(value).encode("utf-8"), "application/json", headers)

    def send_error_code(self, code, shape="object", headers=None):
        status, body = error_body(code, shape)
        self.send_json(status, body, headers)
        return status

    # -- dispatch ---------------------------------------------------------------------------

    def do_GET(self):
        self.dispatch("GET")

    def do_POST(self):
        self.dispatch("POST")

    def do_PUT(self):
        self.dispatch("PUT")

    def do_DELETE(self):
        self.dispatch("DELETE")

    def do_OPTIONS(self):
        self.dispatch("OPTIONS")

    def dispatch(self, method):
        try:
            self.route_request(method)
        except (BrokenPipeError, ConnectionResetError):
            # The client gave up (a timeout or a cancellation): nothing left to answer.
            self.close_connection = True
            self.note("%s %s: the client went away" % (method, self.path.partition("?")[0]))

    def finish(self):
        try:
            super().finish()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def route_request(self, method):
        body = self.read_body()
        path, _, query = self.path.partition("?")
        if path.startswith(ADMIN_PREFIX):
            self.admin(method, path[len(ADMIN_PREFIX):], query, body)
            return
        route = {META_PATH: "meta", UPDATE_PATH: "update"}.get(path, "other")
        with self.state.lock:
            self.state.in_flight += 1
            self.state.most_in_flight = max(self.state.most_in_flight, self.state.in_flight)
        self.in_flight_counted = True
        try:
            self.answer(method, path, query, body, route)
        finally:
            self.leave_flight()

    def send_response(self, code, message=None):
        self.leave_flight()
        super().send_response(code, message)

    def leave_flight(self):
        """A request stops counting as in flight when its answer starts, so a client can never read
        an answer, start its next request and be counted twice while this thread lags behind."""
        if getattr(self, "in_flight_counted", False):
            self.in_flight_counted = False
            with self.state.lock:
                self.state.in_flight -= 1

    def answer(self, method, path, query, body, route):
        with self.state.lock:
            self.state.counts[route] += 1
            self.state.counts["total"] += 1
            self.state.last[route] = {
                "method": method,
                "path": path,
                "query": query,
                "authorization": self.describe_authorization(),
                "contentType": self.headers.get("Content-Type"),
                "accept": self.headers.get("Accept"),
                "bodyLength": len(body),
                "bodyShape": self.body_shape(body),
            }
            self.state.last_bodies[route] = body
        if route == "other":
            if method == "OPTIONS":
                self.send(204)
            else:
                self.send(404, b"404 page not found\n", "text/plain; charset=utf-8")
            self.note("%s %s -> 404" % (method, path))
            return
        rule = self.state.take_rule(route)
        if rule is not None:
            if "delay" in rule:
                self.wait(rule["delay"])
            if self.apply_rule(rule, route, method, path):
                return
        status = self.real(route, method, body)
        self.note("%s %s -> %d (body %d bytes)" % (method, path, status, len(body)))

    def describe_authorization(self):
        value = self.headers.get("Authorization")
        if value is None:
            return None
        scheme, _, token = value.partition(" ")
        return "%s <%d chars>" % (scheme, len(token))

    @staticmethod
    def body_shape(body):
        if not body:
            return None
        try:
            return shape_of(json.loads(body.decode("utf-8")))
        except (ValueError, UnicodeDecodeError):
            return "not JSON"

    def wait(self, seconds):
        # Returns early when the emulator is reset or stopped.
        self.state.release_hangs.wait(timeout=max(0.0, float(seconds)))

    # -- scripted answers and faults ---------------------------------------------------------

    def apply_rule(self, rule, route, method, path):
        """Answers as `rule` says; False when the rule was only a delay."""
        fault = rule.get("fault")
        if fault is not None:
            self.note("%s %s -> fault %s" % (method, path, fault))
            self.inject(fault, rule, route)
            return True
        headers = dict(rule.get("headers") or {})
        if "retryAfter" in rule:
            headers["Retry-After"] = rule["retryAfter"]
        if "error" in rule:
            status, payload = error_body(rule["error"], rule.get("shape", "object"))
            status = rule.get("status", status)
            self.send_json(status, payload, headers)
            self.note("%s %s -> %d %s (scripted)" % (method, path, status, rule["error"]))
            return True
        if "status" in rule or "body" in rule:
            status = rule.get("status", 200)
            text = rule.get("body", "")
            raw = text.encode("utf-8") if isinstance(text, str) else json.dumps(text).encode("utf-8")
            content_type = rule.get("contentType", "application/json" if raw else None)
            self.send(status, raw, content_type, headers)
            self.note("%s %s -> %d (scripted)" % (method, path, status))
            return True
        return False

    def inject(self, fault, rule, route):
        if fault == "hang":
            # Accept the request and never answer; the connection closes when released.
            self.wait(rule.get("hangSeconds", 60))
            self.abort(reset=False)
        elif fault == "drop":
            self.abort(reset=False)
        elif fault == "reset":
            self.abort(reset=True)
        elif fault == "truncate":
            payload = b'{"schema": {"password": {"type": "string", "credential": true}}}'
            self.send_response(rule.get("status", 200))
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload) + 100))
            self.end_headers()
            self.wfile.write(payload[:20])
            self.wfile.flush()
            self.abort(reset=False)
        elif fault == "malformed-json":
            status = rule.get("status", 200 if route == "meta" else 400)
            self.send(status, b'{"schema": {"password": {"type": "string", "credential": tru', "application/json")
        elif fault == "wrong-content-type":
            status = rule.get("status", 200 if route == "meta" else 502)
            page = b"<html><body><h1>Service temporarily unavailable</h1></body></html>"
            self.send(status, page, "text/html; charset=utf-8")
        elif fault == "endless-body":
            self.endless_body(rule.get("status", 200 if route == "meta" else 400), rule.get("hangSeconds", ENDLESS_SECONDS))
        elif fault == "gzip-bomb":
            status = rule.get("status", 200 if route == "meta" else 400)
            prefix = b'{"schema": {"pad": "' if route == "meta" else b'{"code": "USR-1024", "message": "'
            body = gzip_bomb(prefix, rule.get("inflatedBytes", BOMB_BYTES))
            self.send(status, body, "application/json", {"Content-Encoding": "gzip"})
        elif fault == "stalled-body":
            self.stalled_body(rule.get("status", 200), rule.get("hangSeconds", ENDLESS_SECONDS))
        elif fault == "trailer":
            self.chunked_with_trailer(rule, route)
        elif fault == "raw":
            # The exact text, as UTF-8, then the connection is held for hangSeconds (none by default).
            self.wfile.write(rule["body"].encode("utf-8"))
            self.wfile.flush()
            if rule.get("hangSeconds", 0) > 0:
                self.wait(rule["hangSeconds"])
            self.abort(reset=False)

    def stalled_body(self, status, seconds):
        """Headers announcing a 64-byte JSON body, its first byte, then nothing until `seconds` pass,
        the emulator is reset or stopped: the status has arrived, the body never does."""
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "64")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(b"{")
        self.wfile.flush()
        self.wait(seconds)
        self.abort(reset=False)

    def chunked_with_trailer(self, rule, route):
        """A chunked answer whose body ends in trailer fields (`headers`, Retry-After: 7 by default)."""
        status = rule.get("status", 200 if route == "meta" else 429)
        if "body" in rule:
            text = rule["body"]
            raw = text.encode("utf-8") if isinstance(text, str) else json.dumps(text).encode("utf-8")
        elif route == "meta":
            with self.state.lock:
                meta = self.state.meta
            raw = meta.encode("utf-8") if isinstance(meta, str) else json.dumps(meta).encode("utf-8")
        else:
            raw = b"{}"
        trailer = rule.get("headers") or DEFAULT_TRAILER
        self.send_response(status)
        self.send_header("Content-Type", rule.get("contentType", "application/json"))
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Trailer", ", ".join(trailer))
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        half = len(raw) // 2
        for piece in (raw[:half], raw[half:]):
            if piece:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
        self.wfile.write(b"0\r\n" + b"".join(b"%s: %s\r\n" % (str(name).encode("latin-1"), str(value).encode("latin-1"))
                                             for name, value in trailer.items()) + b"\r\n")

    def endless_body(self, status, seconds):
        """A JSON-labelled chunked body that never ends: chunks until the client goes away, the
        emulator is reset or stopped, or `seconds` pass."""
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        piece = b" " * (64 * 1024)
        chunk = b"%x\r\n%s\r\n" % (len(piece), piece)
        self.wfile.write(b'7\r\n{"pad":\r\n')
        deadline = time.monotonic() + float(seconds)
        released = self.state.release_hangs
        # The client ending the connection raises BrokenPipeError/ConnectionResetError, which
        # `dispatch` treats as the client going away.
        while time.monotonic() < deadline and not released.is_set():
            self.wfile.write(chunk)

    def abort(self, reset):
        self.close_connection = True
        try:
            self.wfile.flush()
            if reset:
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            else:
                self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.connection.close()

    # -- the real contract -------------------------------------------------------------------

    def authorized(self):
        value = self.headers.get("Authorization") or ""
        scheme, _, token = value.partition(" ")
        with self.state.lock:
            tokens = set(self.state.tokens)
        return scheme.lower() == "bearer" and token.strip() in tokens and token.strip() != ""

    def real(self, route, method, body):
        expected = "GET" if route == "meta" else "POST"
        if method == "OPTIONS":
            self.send(204, headers={"Access-Control-Allow-Methods": expected})
            return 204
        if method != expected:
            self.send(405, b"Method Not Allowed\n", "text/plain; charset=utf-8", {"Allow": expected})
            return 405
        if not self.authorized():
            return self.send_error_code("AUTH-4010")
        if route == "meta":
            with self.state.lock:
                meta = self.state.meta
            raw = meta.encode("utf-8") if isinstance(meta, str) else json.dumps(meta).encode("utf-8")
            self.send(200, raw, "application/json")
            return 200
        return self.update_credentials(body)

    def update_credentials(self, body):
        try:
            request = json.loads(body.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            return self.send_error_code("USR-1001")
        if not isinstance(request, dict):
            return self.send_error_code("USR-1001")
        attributes = request.get("attributes")
        if attributes is None:
            return self.send_error_code("USR-1017")
        if not isinstance(attributes, dict):
            return self.send_error_code("USR-1001")
        if not attributes:
            return self.send_error_code("USR-1017")
        if any(value is not None and not isinstance(value, str) for value in attributes.values()):
            return self.send_error_code("USR-1001")
        with self.state.lock:
            meta = self.state.meta
        schema = meta.get("schema") if isinstance(meta, dict) else None
        schema = schema if isinstance(schema, dict) else {}
        for name, value in attributes.items():
            declared = schema.get(name)
            is_credential = isinstance(declared, dict) and declared.get("credential") is True
            if not is_credential or value is None or value.strip() == "":
                return self.send_error_code("USR-1024")
        with self.state.lock:
            for name, value in attributes.items():
                self.state.updated.append({"attribute": name, "length": len(value)})
        self.send(204)
        return 204

    # -- admin -------------------------------------------------------------------------------

    def admin(self, method, action, query, body):
        try:
            if method == "GET" and action == "stats":
                self.send_json(200, self.state.stats())
            elif method == "POST" and action == "reset":
                self.state.reset()
                self.send_json(200, {"reset": True})
            elif method == "POST" and action == "script":
                try:
                    spec = json.loads(body.decode("utf-8") or "{}")
                except (ValueError, UnicodeDecodeError) as error:
                    raise ValueError("the script is not JSON: %s" % error)
                self.state.script(spec)
                self.send_json(200, {"scripted": True})
            elif method == "GET" and action == "last-body":
                route = dict(part.partition("=")[::2] for part in query.split("&") if part).get("route", "update")
                with self.state.lock:
                    raw = self.state.last_bodies.get(route)
                if raw is None:
                    self.send(404, b"no request body recorded for that route\n", "text/plain; charset=utf-8")
                else:
                    self.send(200, raw, "application/octet-stream")
            elif method == "GET" and action == "fixtures":
                self.send_json(200, {"fixtures": fixture_names(), "errors": sorted(ERRORS), "faults": list(FAULTS)})
            else:
                self.send_json(404, {"error": "unknown admin action %s %s" % (method, action)})
        except ValueError as error:
            self.send_json(400, {"error": str(error)})


def main():
    parser = argparse.ArgumentParser(description="ThunderID emulator on 127.0.0.1 (see README.md)")
    def port(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError("not a port number: %r" % text)
        if not 0 <= value <= 65535:
            raise argparse.ArgumentTypeError("a port is 0 to 65535, got %d" % value)
        return value

    parser.add_argument("--port", type=port, default=0, help="port to listen on; 0 picks a free one (default)")
    parser.add_argument("--token", action="append", dest="tokens",
                        help="accepted bearer token (repeatable; default %s)" % DEFAULT_TOKEN)
    parser.add_argument("--fixture", default=DEFAULT_FIXTURE, choices=fixture_names(),
                        help="schema fixture served at start and after reset (default %s)" % DEFAULT_FIXTURE)
    parser.add_argument("--quiet", action="store_true", help="no per-request log lines on stderr")
    parser.add_argument("--exit-with-stdin", action="store_true",
                        help="stop when stdin closes (so a parent holding a pipe takes it along when it dies)")
    parser.add_argument("--ignore-stdin", action="store_true",
                        help="accepted for older scripts; stdin is ignored unless --exit-with-stdin is given")
    parser.add_argument("--exit-with-parent", action="store_true",
                        help="stop when the process that started the emulator exits (used by the Swift tests)")
    args = parser.parse_args()

    # A parent may start us with signals blocked (Foundation's Process on Linux passes on the
    # spawning thread's mask); SIGTERM and SIGINT must reach the handlers below.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})

    state = EmulatorState(args.tokens or [DEFAULT_TOKEN], args.fixture)
    try:
        server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    except OSError as error:
        # A port in use (or not ours to bind) is a usage error, said in one line.
        print("emulator: cannot listen on 127.0.0.1:%d: %s" % (args.port, error.strerror), file=sys.stderr)
        sys.exit(2)
    server.daemon_threads = True
    server.emulator_state = state
    server.quiet = args.quiet

    stopping = threading.Event()

    def stop(*_):
        if stopping.is_set():
            return
        stopping.set()
        state.release_hangs.set()
        # shutdown() waits for serve_forever to return, so it runs off the serving thread.
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    if args.exit_with_stdin and not args.ignore_stdin:
        def watch_stdin():
            try:
                while sys.stdin.buffer.read(4096):
                    pass
            except (OSError, ValueError):
                pass
            stop()
        threading.Thread(target=watch_stdin, daemon=True).start()

    if args.exit_with_parent:
        parent = os.getppid()

        def watch_parent():
            while not stopping.wait(0.5):
                if os.getppid() != parent:
                    stop()
        threading.Thread(target=watch_parent, daemon=True).start()

    host, port = server.server_address[:2]
    sys.stdout.write("listening on %s:%d\n" % (host, port))
    sys.stdout.flush()
    try:
        server.serve_forever(poll_interval=0.1)
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
