"""`swiftui-migrate lsp` driven end to end by pytest-lsp's client (a real LSP client over stdio):
initialize, open, change, diagnostics, code actions, applying their edits, configuration
changes, and half-typed text. Fixes applied by the client equal `apply --stdin-filepath`."""

import asyncio
import json
import pathlib
import shutil
import subprocess
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import BIN, ROOT, apply_edits, cli_apply, diagnostics

GOLDEN = pathlib.Path(ROOT, "fixtures", "golden-project", "App")


@pytest.fixture
def project():
    """A project folder (outside git) holding a copy of the golden project's files."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="swiftui-migrate-lsp-"))
    shutil.copytree(GOLDEN, folder / "App")
    yield folder
    shutil.rmtree(folder)


def snapshot(folder: pathlib.Path):
    return {str(p): (p.stat().st_mtime_ns, p.read_bytes()) for p in folder.rglob("*") if p.is_file()}


def make_fixture(encodings):
    @pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "lsp"]))
    async def client(lsp_client: LanguageClient):
        lsp_client.registrations = []

        # VS Code's capabilities promise dynamic registration of file watchers: answer it as VS Code does.
        @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
        def register(params: types.RegistrationParams):
            lsp_client.registrations.extend(params.registrations)
            return None

        capabilities = client_capabilities("visual-studio-code")
        capabilities.general = types.GeneralClientCapabilities(position_encodings=encodings)
        result = await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities))
        lsp_client.server_result = result
        yield
        await lsp_client.shutdown_session()

    return client


client = make_fixture([types.PositionEncodingKind.Utf16])
utf8_client = make_fixture([types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16])


def open_document(client, path: pathlib.Path, text: bytes, version: int = 1) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="swift", version=version, text=text.decode("utf-8"))
        )
    )
    return uri


def change_document(client, uri: str, text: bytes, version: int):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text.decode("utf-8"))],
        )
    )


async def code_actions(client, uri: str, only=None):
    whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=10_000, character=0))
    return await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=whole,
            context=types.CodeActionContext(diagnostics=[], only=only),
        )
    )


async def open_shelf(client, project):
    """Opens the golden ShelfView.swift; its path, text, URI and first diagnostics."""
    path = project / "App" / "ShelfView.swift"
    text = path.read_bytes()
    uri = open_document(client, path, text)
    return path, text, uri, await diagnostics(client, uri, 1)


@pytest.mark.asyncio
async def test_diagnostics_carry_rule_safety_and_range_and_skip_keeps(client: LanguageClient, project):
    assert client.server_result.capabilities.position_encoding == types.PositionEncodingKind.Utf16
    path, text, uri, found = await open_shelf(client, project)
    scan = json.loads(
        subprocess.run(
            [BIN, "scan", "--format", "json", "--stdin-filepath", str(path)], input=text, capture_output=True
        ).stdout
    )
    expected = [r for r in scan if r["action"] != "keep"]
    assert [d.code for d in found] == [r["rule"] for r in expected]
    assert [d.range.start.line + 1 for d in found] == [r["line"] for r in expected]
    assert all(d.source == "swiftui-migrate" for d in found)
    assert [d.data.get("safety") for d in found] == [r.get("safety") for r in expected]
    assert [d.data["reasonID"] for d in found] == [r["reasonID"] for r in expected]
    assert all(d.data["reasonID"].startswith(d.code + "/") for d in found)
    assert found[0].severity == types.DiagnosticSeverity.Warning
    # Line 30 has "Café – Menü" before its Group: UTF-16 columns count é and – as one unit each (UTF-8: two and three).
    line30 = [d for d in found if d.range.start.line == 29][0]
    source_line = text.split(b"\n")[29].decode("utf-8")
    assert line30.range.start.character == source_line.index("Group {")
    assert line30.range.end.character - line30.range.start.character == len("Group")

    reader = project / "App" / "ReaderView.swift"
    reader_uri = open_document(client, reader, reader.read_bytes())
    kept = await diagnostics(client, reader_uri, 1)
    reader_scan = json.loads(
        subprocess.run([BIN, "scan", "--format", "json", str(reader)], capture_output=True).stdout
    )
    assert any(r["action"] == "keep" for r in reader_scan), "the fixture has a keep"
    assert len(kept) == len([r for r in reader_scan if r["action"] != "keep"])


@pytest.mark.asyncio
async def test_utf8_is_used_when_the_client_offers_it(utf8_client: LanguageClient, project):
    assert utf8_client.server_result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    path, text, uri, found = await open_shelf(utf8_client, project)
    line30 = [d for d in found if d.range.start.line == 29][0]
    assert line30.range.start.character == text.split(b"\n")[29].index(b"Group {")
    actions = await code_actions(utf8_client, uri)
    everything = [a for a in actions if a.title == "swiftui-migrate: apply all fixes in this file"][0]
    assert apply_edits(text, everything.edit.changes[uri], "utf-8") == cli_apply(str(path), text)


@pytest.mark.asyncio
async def test_code_actions_applied_by_the_client_equal_apply_stdin_filepath(client: LanguageClient, project):
    before = snapshot(project)
    path, text, uri, _ = await open_shelf(client, project)

    # An edit in the buffer, not saved: the server works from it.
    edited = text.replace(b"struct ShelfView", b"struct ShelfScreen")
    change_document(client, uri, edited, 2)
    found = await diagnostics(client, uri, 2)
    assert found

    actions = await code_actions(client, uri)
    titles = [a.title for a in actions]
    quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix and "apply all" not in a.title]
    assert quick and all(a.title.endswith("(behavior-change)") or a.title.endswith("(preserving)") for a in quick), titles
    assert "swiftui-migrate: apply all fixes in this file" in titles
    everything = [a for a in actions if a.title == "swiftui-migrate: apply all fixes in this file"][0]
    migrated = apply_edits(edited, everything.edit.changes[uri], "utf-16")
    assert migrated == cli_apply(str(path), edited)
    assert migrated != edited

    # One quick fix alone changes only its own site.
    single = apply_edits(edited, quick[0].edit.changes[uri], "utf-16")
    assert single != edited and single != migrated

    # The client applies the edit, sends the new text: nothing is left to fix.
    change_document(client, uri, migrated, 3)
    after = await diagnostics(client, uri, 3)
    assert not [d for d in after if d.data.get("action") == "rewrite"]
    assert snapshot(project) == before, "the server wrote nothing"


@pytest.mark.asyncio
async def test_fix_all_applies_only_preserving_fixes(client: LanguageClient, project):
    path = project / "App" / "Redundant.swift"
    text = b"""import SwiftUI

struct Redundant: View {
    var body: some View {
        VStack {
            Group {
                Text("a")
                Text("b")
            }
            Group { Text("c") }.onAppear { print("c") }
        }
    }
}
"""
    (project / ".swiftui-migrate.json").write_text('{"rules": {"group-redundant": true}}')
    uri = open_document(client, path, text)
    await diagnostics(client, uri, 1)
    fix_all = await code_actions(client, uri, only=[types.CodeActionKind.SourceFixAll])
    assert [a.kind for a in fix_all] == ["source.fixAll.swiftui-migrate"]
    assert fix_all[0].title == "swiftui-migrate: apply all preserving fixes in this file"
    preserved = apply_edits(text, fix_all[0].edit.changes[uri], "utf-16")
    assert preserved == cli_apply(str(path), text, "--only", "preserving")
    assert b"Group { Text(\"c\") }" in preserved, "the behaviour-changing hoist is not applied"
    assert preserved != text


@pytest.mark.asyncio
async def test_a_configuration_change_rechecks_open_documents(client: LanguageClient, project):
    _, _, uri, found = await open_shelf(client, project)
    assert found
    watched = [w["globPattern"] for r in client.registrations for w in r.register_options["watchers"]]
    assert "**/.swiftui-migrate.json" in watched
    config = project / ".swiftui-migrate.json"
    config.write_text('{"rules": {"group-lifecycle": false}}')
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Created)])
    )
    assert list(await diagnostics(client, uri, 1)) == []


@pytest.mark.asyncio
async def test_half_typed_text_never_stops_the_server(client: LanguageClient, project):
    """Every fuzz regression and fixture, cut at many places, as didChange input."""
    path = project / "App" / "Typing.swift"
    uri = open_document(client, path, b"")
    await diagnostics(client, uri, 1)
    sources = sorted(pathlib.Path(ROOT, "fixtures", "fuzz-regressions").glob("*.swift"))
    sources += sorted(pathlib.Path(ROOT, "fixtures", "group-lifecycle").glob("*.before.swift"))[:12]
    version = 1
    for source in sources:
        data = source.read_bytes()
        text = data.decode("utf-8", errors="replace").encode("utf-8")
        for cut in range(0, len(text) + 1, max(1, len(text) // 25)):
            version += 1
            piece = text[:cut].decode("utf-8", errors="ignore").encode("utf-8")
            change_document(client, uri, piece, version)
        await asyncio.sleep(0.05)
    version += 1
    change_document(client, uri, (GOLDEN / "ShelfView.swift").read_bytes(), version)
    found = await diagnostics(client, uri, version, timeout=60)
    assert [d.code for d in found].count("group-lifecycle") == 3
    assert client.error is None
