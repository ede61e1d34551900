"""`swiftui-migrate mcp` driven end to end by the `mcp` package's stdio client and ClientSession (the
protocol's own Python SDK, a real MCP client): the tools it lists, every fixture scanned and fixed
through it and compared with `scan --format json` and `apply --stdin-filepath` run as processes on
the same input, explain against `explain`, the configuration, floor and suppression comments of a
path, the error cases (tool errors of one line, the server still answering), and the protocol
itself (version negotiation, parse errors) on raw lines."""

import json
import os
import re
import tomllib
import pathlib
import subprocess
import tempfile
import time

import jsonschema
import pytest
from mcp.shared.exceptions import McpError

from conftest import BIN, ROOT, cli, cli_apply, cli_scan, error_line, session, structured

FIXTURES = sorted(str(p.relative_to(ROOT)) for p in pathlib.Path(ROOT, "fixtures").glob("*/*.before.swift"))


@pytest.fixture
def workspace():
    """An empty folder (outside git) to run a server in."""
    with tempfile.TemporaryDirectory(prefix="swiftui-migrate-mcp-") as folder:
        yield pathlib.Path(folder).resolve()


async def test_lists_the_three_tools_with_schemas():
    async with session() as client:
        assert client.initialize_result.protocolVersion == "2025-11-25"
        assert client.initialize_result.serverInfo.name == "swiftui-migrate"
        assert client.initialize_result.capabilities.tools is not None
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    assert sorted(tools) == ["explain", "fix", "scan"]
    for tool in tools.values():
        assert tool.description
        jsonschema.Draft202012Validator.check_schema(tool.inputSchema)
        jsonschema.Draft202012Validator.check_schema(tool.outputSchema)
        assert tool.inputSchema["type"] == "object" and tool.outputSchema["type"] == "object"
    assert tools["scan"].inputSchema["required"] == ["path"]
    assert tools["fix"].inputSchema["properties"]["onlyPreserving"]["default"] is True
    assert tools["explain"].inputSchema["required"] == ["id"]
    # A finding is declared as fixtures/schemas/findings.schema.json declares it (draft-04 `definitions` there).
    documented = json.loads(pathlib.Path(ROOT, "fixtures", "schemas", "findings.schema.json").read_text())
    definitions = json.loads(json.dumps(documented["definitions"]).replace("#/definitions/", "#/$defs/"))
    del definitions["sarifResultProperties"]
    for name in ("scan", "fix"):
        assert tools[name].outputSchema["$defs"] == definitions


async def test_every_fixture_scans_and_fixes_as_the_cli_does():
    assert len(FIXTURES) > 100
    async with session() as client:
        for path in FIXTURES:
            text = pathlib.Path(ROOT, path).read_bytes()
            expected = cli_scan(path, text)
            # The file on disk, and the same text given as an unsaved buffer.
            for arguments in ({"path": path}, {"path": path, "text": text.decode()}):
                scanned = structured(await client.call_tool("scan", arguments))
                assert scanned["findings"] == expected, path
                assert scanned["warnings"] == []
            for only_preserving, flags in ((None, ["--only", "preserving"]), (False, [])):
                arguments = {"path": path, "text": text.decode()}
                if only_preserving is not None:
                    arguments["onlyPreserving"] = only_preserving
                fixed = structured(await client.call_tool("fix", arguments))
                migrated = cli_apply(path, text, *flags)
                assert fixed["text"].encode() == migrated, (path, flags)
                assert fixed["changed"] == (migrated != text), path
                findings = cli_scan(path, text, *flags) if flags else expected
                assert fixed["fixed"] == [f for f in findings if f["action"] == "rewrite"], path
                assert fixed["left"] == [f for f in findings if f["action"] in ("report", "skip")
                                         or f["reasonID"].endswith("/not-preserving")], path
                assert not any(f["safety"] == "behavior-change" for f in fixed["fixed"]) or not flags, path


async def test_fix_writes_no_file():
    path = pathlib.Path(ROOT, "fixtures", "onappear-task")
    before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in path.iterdir()}
    async with session() as client:
        for file in sorted(path.glob("*.before.swift")):
            result = structured(await client.call_tool("fix", {"path": str(file), "onlyPreserving": False}))
            assert result["text"].encode() == cli_apply(str(file), file.read_bytes())
    assert {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in path.iterdir()} == before


async def test_explain_matches_the_cli_catalog():
    rules = [line.split()[0] for line in subprocess.run([BIN, "rules"], capture_output=True, text=True, check=True).stdout.splitlines()]
    async with session() as client:
        for rule in rules:
            printed = subprocess.run(
                [BIN, "explain", rule], capture_output=True, text=True, check=True, env={**os.environ, "COLUMNS": "100000"}
            ).stdout
            explained = structured(await client.call_tool("explain", {"id": rule}))
            assert (explained["kind"], explained["rule"]) == ("rule", rule)
            assert explained["text"] == printed
            reason_lines = [line for line in printed.splitlines() if line.startswith(f"- {rule}/")]
            # A rule that shares a reason family names it; `explain FAMILY` words its reasons once, and
            # the tool's catalog has them between the rule's own and the run's.
            family = re.search(r"explain ([a-z-]+)` \(the reasonID", printed.replace("\n", " "))
            if family:
                listed = subprocess.run([BIN, "explain", family.group(1)], capture_output=True, text=True, check=True,
                                        env={**os.environ, "COLUMNS": "100000"}).stdout
                shared = [f"- {rule}/" + line[2:] for line in listed.splitlines() if line.startswith("- ")]
                own = printed.split("Reasons the run gives")[0].splitlines()
                mine = [line for line in reason_lines if line in own]
                reason_lines = mine + shared + reason_lines[len(mine):]
            assert [r["id"] for r in explained["reasons"]] == [line[2:].split()[0] for line in reason_lines]
            for line, reason in zip(reason_lines, explained["reasons"]):
                one = structured(await client.call_tool("explain", {"id": reason["id"]}))
                assert (one["kind"], one["rule"], one["reasons"]) == ("reason", rule, [reason])
                assert one["text"] == line + "\n"
                assert line == f"- {reason['id']} ({reason['action']}): {reason['meaning']}. To do: {reason['whatToDo']}."


async def test_configuration_floor_and_suppression_comments_of_the_path(workspace):
    source = pathlib.Path(ROOT, "fixtures", "group-lifecycle")
    app = workspace / "App"
    app.mkdir()
    (workspace / ".swiftui-migrate.json").write_text(json.dumps({"strategy": "distribute", "deploymentTarget": {"iOS": "14.0"}}))
    (workspace / "Other").mkdir()
    (workspace / "Other" / ".swiftui-migrate.json").write_text(json.dumps({"rules": {"group-lifecycle": False}}))
    texts = {p.name: p.read_bytes() for p in sorted(source.glob("*.before.swift"))[:12]}
    texts["suppressed.swift"] = b"// swiftui-migrate:disable group-lifecycle\n" + next(iter(texts.values()))
    texts["unknown-directive.swift"] = b"// swiftui-migrate:disable no-such-rule\n" + next(iter(texts.values()))
    async with session(str(workspace)) as client:
        for folder in ("App", "Other"):
            for name, text in texts.items():
                path = f"{folder}/{name}"
                expected = cli_scan(path, text, cwd=str(workspace))
                scanned = structured(await client.call_tool("scan", {"path": path, "text": text.decode()}))
                assert scanned["findings"] == expected, path
                for only_preserving, flags in ((True, ["--only", "preserving"]), (False, [])):
                    arguments = {"path": path, "text": text.decode(), "onlyPreserving": only_preserving}
                    fixed = structured(await client.call_tool("fix", arguments))
                    assert fixed["text"].encode() == cli_apply(path, text, *flags, cwd=str(workspace)), path
                warnings = cli(str(workspace), "scan", "--stdin-filepath", path, text=text).stderr.decode()
                for line in scanned["warnings"]:
                    assert f"warning: {line}" in warnings, (line, warnings)
                assert bool(scanned["warnings"]) == (name == "unknown-directive.swift"), scanned["warnings"]
        text = next(iter(texts.values())).decode()
        other = structured(await client.call_tool("scan", {"path": "Other/x.swift", "text": text}))
        assert all(f["rule"] != "group-lifecycle" for f in other["findings"])
        # A configuration changed while the server runs applies to the next call.
        (workspace / "Other" / ".swiftui-migrate.json").write_text("{}")
        again = structured(await client.call_tool("scan", {"path": "Other/x.swift", "text": text}))
        assert any(f["rule"] == "group-lifecycle" for f in again["findings"])
        assert again["findings"] == cli_scan("Other/x.swift", text.encode(), cwd=str(workspace))


async def test_errors_are_tool_results_of_one_line(workspace):
    outside = workspace.parent / f"{workspace.name}-outside"
    outside.mkdir()
    try:
        (outside / "View.swift").write_text("import SwiftUI\n")
        (workspace / "Escape.swift").symlink_to(outside / "View.swift")
        (workspace / "Linked").symlink_to(outside, target_is_directory=True)
        (workspace / "Big.swift").write_bytes(b"// " + b"x" * 5000 + b"\n")
        (workspace / "Latin1.swift").write_bytes(b"let caf\xe9 = 1\n")
        (workspace / "Broken").mkdir()
        (workspace / "Broken" / ".swiftui-migrate.json").write_text("{ not json")
        broken_swift = "import SwiftUI\nstruct V: View { var body: some View { Group { Text(\"a\") }.onAppear { load( } }\n"
        async with session(str(workspace), "--max-file-size", "4096") as client:
            cases = [
                ("scan", {"path": str(outside / "View.swift")}, "outside the workspace"),
                ("scan", {"path": "../" + outside.name + "/View.swift", "text": "import SwiftUI\n"}, "outside the workspace"),
                ("fix", {"path": "Escape.swift"}, "outside the workspace"),
                ("scan", {"path": "Linked/New.swift", "text": "import SwiftUI\n"}, "outside the workspace"),
                ("scan", {"path": "README.md", "text": "# hi"}, "not a Swift file"),
                ("fix", {"path": "Big.swift"}, "larger than the 4096-byte limit"),
                ("scan", {"path": "New.swift", "text": "//" + "y" * 5000}, "larger than the 4096-byte limit"),
                ("scan", {"path": "Latin1.swift"}, "not UTF-8"),
                ("scan", {"path": "Missing.swift"}, "cannot be read"),
                ("scan", {"path": "V.swift", "text": broken_swift}, "syntax errors"),
                ("fix", {"path": "V.swift", "text": broken_swift}, "syntax errors"),
                ("scan", {"path": "Broken/V.swift", "text": "import SwiftUI\n"}, ".swiftui-migrate.json"),
                ("scan", {"text": "import SwiftUI\n"}, "missing argument 'path'"),
                ("scan", {"path": 3}, "'path' must be a string"),
                ("fix", {"path": "V.swift", "text": "", "onlyPreserving": "yes"}, "'onlyPreserving' must be true or false"),
                ("explain", {"id": "group-lifecycel"}, "did you mean 'group-lifecycle'"),
                ("explain", {"id": "onappear-task/no-owned-stat"}, "did you mean 'onappear-task/no-owned-state'"),
                ("explain", {}, "missing argument 'id'"),
            ]
            for tool, arguments, words in cases:
                line = error_line(await client.call_tool(tool, arguments))
                assert words in line, (tool, arguments, line)
            with pytest.raises(McpError) as unknown:
                await client.call_tool("migrate", {"path": "V.swift"})
            assert unknown.value.error.code == -32602 and "unknown tool: migrate" in unknown.value.error.message
            # Still serving.
            assert structured(await client.call_tool("scan", {"path": "V.swift", "text": "import SwiftUI\n"})) == {"findings": [], "warnings": []}
    finally:
        for file in outside.iterdir():
            file.unlink()
        outside.rmdir()


async def test_a_text_too_deep_or_too_slow_to_parse_is_a_tool_error_and_the_server_goes_on(workspace):
    """Issue 39: 5,000 nested `[` crashed the server (a stack overflow in the parser) and 24 took hours;
    now each is left unparsed with one line naming the depth. A text within the limits whose parse runs
    past --file-timeout (8 nested `[(a,`, 238 more `(a,`, 256 `A<`) is answered when the budget is spent, not when the parse ends."""
    view = 'import SwiftUI\nstruct V: View { var body: some View { Text("").onAppear { print(1) } } }\n'
    async with session(str(workspace), "--file-timeout", "100ms") as client:
        cases = [
            ("scan", "let t = " + "[" * 5000 + "]" * 5000, "V.swift was not checked: nests brackets 5000 deep, past the 256 levels the parser takes; not parsed"),
            ("fix", "let t = " + "[" * 24, "V.swift was not checked: nests '[' 24 deep, past the 8 levels the parser takes in time; not parsed"),
            ("scan", "let t: " + "[" * 24 + "Int" + "]" * 24, "V.swift was not checked: nests '[' 24 deep, past the 8 levels the parser takes in time; not parsed"),
            ("scan", "let t = " + "[(a," * 8 + "(a," * 238 + "A<" * 256, "V.swift was not checked: took longer than the 100ms limit per file (fileTimeout, --file-timeout)"),
        ]
        for tool, text, expected in cases:
            began = time.monotonic()
            line = error_line(await client.call_tool(tool, {"path": "V.swift", "text": view + text}))
            assert line == expected, (tool, line)
            assert time.monotonic() - began < 2, f"{tool} took {time.monotonic() - began:.1f} s"
        assert structured(await client.call_tool("scan", {"path": "V.swift", "text": "import SwiftUI\n"})) == {"findings": [], "warnings": []}


async def test_workspace_option_serves_another_folder(workspace):
    (workspace / "App").mkdir()
    text = pathlib.Path(ROOT, FIXTURES[0]).read_bytes()
    (workspace / "App" / "View.swift").write_bytes(text)
    async with session(ROOT, "--workspace", str(workspace)) as client:
        scanned = structured(await client.call_tool("scan", {"path": "App/View.swift"}))
        assert scanned["findings"] == cli_scan("App/View.swift", text, cwd=str(workspace))
        line = error_line(await client.call_tool("scan", {"path": str(pathlib.Path(ROOT, FIXTURES[0]))}))
        assert f"outside the workspace {workspace}" in line
    run = subprocess.run([BIN, "mcp", "--workspace", str(workspace / "missing")], input="", capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == f"error: --workspace {workspace / 'missing'}: no such folder\n"


async def test_every_set_up_in_the_docs_starts_a_server(workspace):
    page = pathlib.Path(ROOT, "docs", "editors.md").read_text()
    section = page[page.index("### Set-ups"):page.index("### The server or the hook?")]
    blocks = re.findall(r"```(json|toml)\n(.*?)```", section, re.S)
    assert [kind for kind, _ in blocks] == ["json", "json", "json", "toml"]
    for kind, text in blocks:
        config = json.loads(text) if kind == "json" else tomllib.loads(text)
        [server] = (config.get("mcpServers") or config.get("servers") or config.get("mcp_servers")).values()
        assert server["command"] == "swiftui-migrate"
        arguments = [a.replace("${workspaceFolder}", str(workspace)) for a in server["args"]]
        async with session(str(workspace) if "--workspace" not in arguments else ROOT, *arguments[1:]) as client:
            assert arguments[0] == "mcp"
            assert sorted(t.name for t in (await client.list_tools()).tools) == ["explain", "fix", "scan"]
            line = error_line(await client.call_tool("scan", {"path": str(pathlib.Path(ROOT, FIXTURES[0]))}))
            assert f"outside the workspace {workspace}" in line


def raw_exchange(lines: list[str]) -> list[dict]:
    """The server's answers to `lines` written as they are (one message per line), the input then closed."""
    run = subprocess.run([BIN, "mcp"], input="".join(line + "\n" for line in lines), capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.endswith("\n")
    return [json.loads(line) for line in run.stdout.splitlines()]


def initialize(version: str, id: int = 1) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": id, "method": "initialize",
                       "params": {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}})


def test_protocol_version_is_negotiated():
    answers = raw_exchange([initialize("2025-06-18", 1), initialize("2025-03-26", 2), initialize("2024-11-05", 3), initialize("2099-01-01", 4)])
    assert [a["result"]["protocolVersion"] for a in answers] == ["2025-06-18", "2025-03-26", "2024-11-05", "2025-11-25"]


def test_protocol_errors_are_json_rpc_errors_and_the_server_goes_on():
    answers = raw_exchange([
        initialize("2025-06-18"),
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        "{ not json",
        "",
        json.dumps({"jsonrpc": "2.0", "id": "a", "method": "resources/list"}),
        json.dumps({"jsonrpc": "2.0", "id": "b", "method": "tools/call", "params": {}}),
        json.dumps({"jsonrpc": "2.0", "id": 7, "method": "ping"}),
        json.dumps({"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"name": "explain", "arguments": {"id": "onappear-task"}}}),
    ])
    assert [a.get("id") for a in answers] == [1, None, "a", "b", 7, 8]
    assert answers[1]["error"]["code"] == -32700
    assert answers[2]["error"]["code"] == -32601
    assert answers[3]["error"]["code"] == -32602
    assert answers[4]["result"] == {}
    assert answers[5]["result"]["structuredContent"]["rule"] == "onappear-task"


def test_the_server_ends_when_its_output_reader_is_gone():
    """Issue 39: with its input still open and nobody reading its output, the server idled on for ever."""
    read_end, write_end = os.pipe()
    process = subprocess.Popen([BIN, "mcp"], stdin=subprocess.PIPE, stdout=write_end, stderr=subprocess.DEVNULL)
    os.close(write_end)
    os.close(read_end)
    try:
        process.stdin.write((initialize("2025-06-18") + "\n").encode())
        process.stdin.flush()
        assert process.wait(timeout=20) != 0
    finally:
        process.kill()
        process.stdin.close()
