"""`swiftui-migrate lsp` against input that is wrong: frames with a wrong or missing Content-Length
or a body that is not JSON (written as raw bytes to the server process, since a real client never
sends them), and a configuration file that does not parse (through pytest-lsp's real client)."""

import asyncio
import json
import os
import pathlib
import select
import shutil
import subprocess
import tempfile
import time

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import BIN, ROOT, diagnostics

GOLDEN = pathlib.Path(ROOT, "fixtures", "golden-project", "App")


class RawServer:
    """The server as a process, spoken to in bytes: frames are written as given and read back whole."""

    def __init__(self):
        self.process = subprocess.Popen([BIN, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.pending = b""

    def write(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def read(self, seconds: float):
        """Every message the server sends within `seconds`."""
        messages, deadline = [], time.monotonic() + seconds
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stdout], [], [], 0.02)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 1 << 16)
                assert chunk, "the server ended"
                self.pending += chunk
            while b"\r\n\r\n" in self.pending:
                header, rest = self.pending.split(b"\r\n\r\n", 1)
                length = int(header.split(b":")[1])
                if len(rest) < length:
                    break
                messages.append(json.loads(rest[:length]))
                self.pending = rest[length:]
        return messages

    def request(self, id, method, params):
        self.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params})

    def close(self):
        self.send({"jsonrpc": "2.0", "id": "bye", "method": "shutdown"})
        self.send({"jsonrpc": "2.0", "method": "exit"})
        return self.process.wait(timeout=10)


def frame(message: dict, length=None) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


def request(id, method="textDocument/hover") -> dict:
    return {"jsonrpc": "2.0", "id": id, "method": method, "params": {}}


# Each bad frame, and the id its parse error carries (None: the JSON-RPC null id, when none can be read).
BAD_FRAMES = {
    "Content-Length too large": (frame(request(11), length=900), 11),
    "Content-Length too small": (frame(request(12), length=9), 12),
    "no Content-Length": (b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + json.dumps(request(13)).encode(), 13),
    "Content-Length not a number": (b"Content-Length: twelve\r\n\r\n" + json.dumps(request(14)).encode(), 14),
    "body not JSON": (b"Content-Length: 9\r\n\r\n{id: 15,}", None),
    # Issue 39: the next frame was taken for the rest of this one, and lost.
    "JSON cut short, Content-Length right": (b"Content-Length: 30\r\n\r\n" + json.dumps(request(16)).encode()[:30], None),
    # Issue 39: answered with the null id though the id is there to read.
    "a lone surrogate escape": (frame(request(17) | {"params": {"text": "\ud800"}}), 17),
}


@pytest.mark.parametrize("name", list(BAD_FRAMES))
def test_a_bad_frame_is_answered_and_the_next_requests_are_too(name):
    bad, id = BAD_FRAMES[name]
    server = RawServer()
    try:
        server.request(1, "initialize", {"capabilities": {}})
        assert [m["id"] for m in server.read(1.0)] == [1]
        server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        server.write(bad)
        # The bad frame alone (nothing after it to show where it ends) is answered too.
        answered = server.read(1.5)
        errors = [m for m in answered if "error" in m]
        assert [(m["id"], m["error"]["code"]) for m in errors] == [(id, -32700)], answered
        logs = [m for m in answered if m.get("method") == "window/logMessage"]
        assert len(logs) == 1 and "could not be read" in logs[0]["params"]["message"], answered
        # Eight requests after it: each answered (method not found), none lost.
        for n in range(8):
            server.request(100 + n, "textDocument/hover", {})
        answers = [m for m in server.read(2.0) if "id" in m]
        assert [m["id"] for m in answers] == list(range(100, 108)), answers
        assert all(m["error"]["code"] == -32601 for m in answers)
        assert server.close() == 0
    finally:
        server.process.kill()


def test_bad_frames_between_good_ones_lose_no_good_one():
    server = RawServer()
    try:
        server.request(1, "initialize", {"capabilities": {}})
        server.read(1.0)
        stream = b"".join(bad + frame(request(200 + n)) for n, (bad, _) in enumerate(BAD_FRAMES.values()))
        server.write(stream)
        answered = server.read(3.0)
        assert sorted(m["id"] for m in answered if "id" in m and m["id"] is not None and m["id"] >= 200) == list(
            range(200, 200 + len(BAD_FRAMES))
        ), answered
        parse_errors = [m for m in answered if m.get("error", {}).get("code") == -32700]
        assert len(parse_errors) == len(BAD_FRAMES), answered
        assert server.close() == 0
    finally:
        server.process.kill()


@pytest.fixture
def project():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="swiftui-migrate-lsp-"))
    shutil.copytree(GOLDEN, folder / "App")
    yield folder
    shutil.rmtree(folder)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "lsp"]))
async def client(lsp_client: LanguageClient):
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        return None

    await lsp_client.initialize_session(types.InitializeParams(capabilities=client_capabilities("visual-studio-code")))
    yield
    await lsp_client.shutdown_session()


def changed(client, path: pathlib.Path):
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=path.as_uri(), type=types.FileChangeType.Changed)])
    )


async def published(client, uri: str, condition, timeout: float = 20.0):
    """The diagnostics last published for `uri` once `condition` holds for them (waiting for it)."""
    deadline = time.monotonic() + timeout
    while not (uri in client.diagnostics and condition(client.diagnostics[uri])):
        assert time.monotonic() < deadline, f"{uri}: {client.diagnostics.get(uri)}"
        await asyncio.sleep(0.05)
    return client.diagnostics[uri]


def lifecycle_count(found):
    return [d.code for d in found].count("group-lifecycle")


@pytest.mark.asyncio
async def test_a_half_typed_configuration_keeps_the_last_good_one_and_says_so_on_the_file(client: LanguageClient, project):
    config = project / ".swiftui-migrate.json"
    config.write_text('{"strategy": "auto"}\n')
    path = project / "App" / "ShelfView.swift"
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="swift", version=1, text=path.read_text())
        )
    )
    found = await diagnostics(client, uri, 1)
    assert lifecycle_count(found) == 3

    # Half-typed: the file's diagnostic at the syntax error, the document's findings as they were, a log line.
    config.write_text('{"strategy": "auto",\n  "rules": {"group-lif\n')
    changed(client, config)
    shown = await published(client, config.as_uri(), lambda d: len(d) > 0)
    assert len(shown) == 1 and shown[0].severity == types.DiagnosticSeverity.Error, shown
    assert "not valid JSON" in shown[0].message and "keep the last configuration" in shown[0].message, shown[0].message
    assert shown[0].range.start.line in (1, 2), shown[0].range
    await asyncio.sleep(0.5)
    assert [d.code for d in client.diagnostics[uri]] == [d.code for d in found], "the findings stay"
    assert any("keeping the last configuration" in m.message for m in client.log_messages), client.log_messages

    # Fixed: the file's diagnostic goes, and the new configuration applies.
    config.write_text('{"rules": {"group-lifecycle": false}}\n')
    changed(client, config)
    await published(client, config.as_uri(), lambda d: len(d) == 0)
    await published(client, uri, lambda d: lifecycle_count(d) == 0)


@pytest.mark.asyncio
async def test_a_configuration_broken_from_the_start_is_shown_on_the_file(client: LanguageClient, project):
    config = project / ".swiftui-migrate.json"
    config.write_text('{"strategy": "sideways"}\n')
    path = project / "App" / "ShelfView.swift"
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=path.as_uri(), language_id="swift", version=1, text=path.read_text())
        )
    )
    shown = await published(client, config.as_uri(), lambda d: len(d) > 0)
    assert "'strategy' must be one of" in shown[0].message and "not checked until it is fixed" in shown[0].message, shown


def test_the_server_ends_when_its_output_reader_is_gone():
    """Issue 39: with its input still open and nobody reading its output, the server idled on for ever."""
    read_end, write_end = os.pipe()
    process = subprocess.Popen([BIN, "lsp"], stdin=subprocess.PIPE, stdout=write_end, stderr=subprocess.DEVNULL)
    os.close(write_end)
    os.close(read_end)
    try:
        process.stdin.write(frame(request(1, "initialize") | {"params": {"capabilities": {}}}))
        process.stdin.flush()
        assert process.wait(timeout=20) != 0
    finally:
        process.kill()
        process.stdin.close()
