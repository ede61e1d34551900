"""`swiftui-migrate lsp` over a long session, through pytest-lsp's real client: 200 documents of two
workspaces opened and closed one after another, each with a decision that reads its module's other
files. What the server kept for a document goes when it is closed, so its resident size after the 200
stays within 10% of what it was after the first ten."""

import pathlib
import shutil
import tempfile

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import diagnostics
from test_large_documents import client, open_text, resident_mb  # noqa: F401 (client: the same session)

DOCUMENTS = 200
FIRST = 10
# Files of each module no decision needs (the index reads them when it looks up the views' methods).
MODULE_FILES = 60

MANIFEST = """// swift-tools-version: 5.9
import PackageDescription

let package = Package(name: "Pantry", platforms: [.iOS(.v16)], targets: [.target(name: "Pantry")])
"""

def loader(index: int) -> str:
    """The view's method, in an extension in a file of its own: what it sets is read from there."""
    return f"""import Foundation

extension ShelfView{index} {{
    func restock() async {{
        jars = await JarStore.shared.jars()
    }}
}}
"""


def filler(index: int) -> str:
    """A file of the module no decision needs, about 4 KB: read by the index, never parsed."""
    lines = [f"let pantryConstant{index}_{line} = \"{'jar ' * 12}{line}\"" for line in range(60)]
    return "import Foundation\n\n" + "\n".join(lines) + "\n"


def view(index: int) -> str:
    """A view whose `.onAppear { Task { … } }` awaits its own method, declared in another file: the decision
    looks it up in the module (what it sets decides whether the work is the view's load)."""
    return f"""import SwiftUI

struct ShelfView{index}: View {{
    @State var jars: [String] = []

    var body: some View {{
        Text("\\(jars.count)")
            .onAppear {{
                Task {{
                    await restock()
                }}
            }}
    }}
}}
"""


def workspace(root: pathlib.Path, name: str, views: range) -> list:
    """A package in `root/name` with the model, the filler files and the views; the views' paths."""
    folder = root / name / "Sources" / "Pantry"
    folder.mkdir(parents=True)
    (root / name / "Package.swift").write_text(MANIFEST)
    for index in range(MODULE_FILES):
        (folder / f"Constants{index}.swift").write_text(filler(index))
    paths = []
    for index in views:
        path = folder / f"ShelfView{index}.swift"
        path.write_text(view(index))
        (folder / f"ShelfView{index}+Load.swift").write_text(loader(index))
        paths.append(path)
    return paths


@pytest.fixture
def workspaces():
    root = pathlib.Path(tempfile.mkdtemp(prefix="swiftui-migrate-lsp-memory-"))
    half = DOCUMENTS // 2
    first = workspace(root, "Kitchen", range(half))
    second = workspace(root, "Cellar", range(half, DOCUMENTS))
    # One document of each in turn, so both workspaces stay in use the whole session.
    paths = [path for pair in zip(first, second) for path in pair]
    yield root, paths
    shutil.rmtree(root)


@pytest.mark.asyncio
async def test_closing_documents_gives_their_memory_back(client: LanguageClient, workspaces):
    root, paths = workspaces
    client.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(
            event=types.WorkspaceFoldersChangeEvent(
                added=[types.WorkspaceFolder(uri=(root / name).as_uri(), name=name) for name in ("Kitchen", "Cellar")],
                removed=[],
            )
        )
    )
    pid = client._server.pid
    after_first = None
    for count, path in enumerate(paths, start=1):
        uri = path.as_uri()
        open_text(client, uri, path.read_text())
        found = await diagnostics(client, uri, 1, timeout=60)
        # The decision read the module: the view's method was found in its extension, and the Task moved into .task.
        assert any(d.code == "onappear-task" for d in found), f"{path.name}: {[(d.code, d.message) for d in found]}"
        client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
        cleared = await diagnostics(client, uri, None, timeout=60)
        assert len(cleared) == 0
        if count == FIRST:
            after_first = resident_mb(pid)
    after_all = resident_mb(pid)
    print(f"resident: {after_first:.1f} MB after {FIRST} documents, {after_all:.1f} MB after {len(paths)}")
    assert after_all <= after_first * 1.10, (
        f"resident {after_all:.1f} MB after {len(paths)} documents opened and closed, {after_first:.1f} MB after {FIRST}"
    )
