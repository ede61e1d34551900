"""Helpers for the end-to-end tests of `swiftui-migrate lsp` with pytest-lsp's real client."""

import asyncio
import os
import subprocess

from lsprotocol import types

BIN = os.environ["SWIFTUI_MIGRATE_BIN"]
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def offset(text: bytes, position: types.Position, encoding: str) -> int:
    """The UTF-8 offset of an LSP position in `text`, `character` counted in `encoding`."""
    lines = text.split(b"\n")
    start = sum(len(line) + 1 for line in lines[: position.line])
    line = lines[position.line] if position.line < len(lines) else b""
    if encoding == "utf-8":
        return start + min(position.character, len(line))
    units = 0
    for index, char in enumerate(line.decode("utf-8")):
        if units >= position.character:
            return start + len(line.decode("utf-8")[:index].encode("utf-8"))
        units += 2 if ord(char) > 0xFFFF else 1
    return start + len(line)


def apply_edits(text: bytes, edits, encoding: str) -> bytes:
    """`text` with the TextEdits applied (as a client applies them: all against the original)."""
    spans = sorted(
        ((offset(text, e.range.start, encoding), offset(text, e.range.end, encoding), e.new_text) for e in edits),
        key=lambda span: span[0],
    )
    result, last = b"", 0
    for start, end, new_text in spans:
        assert start >= last, f"overlapping edits {spans}"
        result += text[last:start] + new_text.encode("utf-8")
        last = end
    return result + text[last:]


def cli_apply(path: str, text: bytes, *flags: str) -> bytes:
    """What `swiftui-migrate apply --stdin-filepath PATH` prints for `text`."""
    run = subprocess.run(
        [BIN, "apply", *flags, "--stdin-filepath", path], input=text, capture_output=True, timeout=60, check=True
    )
    return run.stdout


async def diagnostics(client, uri: str, version: int, timeout: float = 20.0):
    """The diagnostics published for `uri` at `version` (waiting for them)."""

    async def wait():
        while True:
            params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
            if params.uri == uri and params.version == version:
                return params.diagnostics

    return await asyncio.wait_for(wait(), timeout)
