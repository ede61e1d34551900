"""Helpers for the end-to-end tests of `swiftui-migrate mcp` with the `mcp` package's real client."""

import contextlib
import json
import os
import subprocess

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

BIN = os.environ["SWIFTUI_MIGRATE_BIN"]
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


@contextlib.asynccontextmanager
async def session(cwd: str = ROOT, *options: str):
    """A `ClientSession`, initialized, with `swiftui-migrate mcp OPTIONS` started in `cwd` by the stdio client."""
    server = StdioServerParameters(command=BIN, args=["mcp", *options], cwd=cwd)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as client:
            client.initialize_result = await client.initialize()
            yield client


def cli(cwd: str, *arguments: str, text: bytes) -> subprocess.CompletedProcess:
    """`swiftui-migrate ARGUMENTS` run in `cwd` with `text` on standard input."""
    return subprocess.run([BIN, *arguments], input=text, capture_output=True, timeout=60, cwd=cwd)


def cli_scan(path: str, text: bytes, *flags: str, cwd: str = ROOT) -> list:
    """The findings `swiftui-migrate scan --format json --stdin-filepath PATH` prints for `text`."""
    run = cli(cwd, "scan", "--format", "json", *flags, "--stdin-filepath", path, text=text)
    assert run.returncode in (0, 1), run.stderr
    return json.loads(run.stdout)


def cli_apply(path: str, text: bytes, *flags: str, cwd: str = ROOT) -> bytes:
    """What `swiftui-migrate apply --stdin-filepath PATH` prints for `text`."""
    run = cli(cwd, "apply", *flags, "--stdin-filepath", path, text=text)
    assert run.returncode == 0, run.stderr
    return run.stdout


def structured(result) -> dict:
    """A successful call's structured result, checked against its text block (the same JSON)."""
    assert not result.isError, result.content
    assert json.loads(result.content[0].text) == result.structuredContent
    return result.structuredContent


def error_line(result) -> str:
    """A failed call's one line."""
    assert result.isError, result.structuredContent
    assert result.structuredContent is None
    [block] = result.content
    assert block.type == "text" and block.text and "\n" not in block.text, block.text
    return block.text
