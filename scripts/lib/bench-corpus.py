#!/usr/bin/env python3
"""Writes a synthetic SwiftUI code base for scripts/bench.

    bench-corpus.py --out DIR [--megabytes 10] [--files N] [--fraction 0.15] [--seed 1]

The files look like an app's: views (stacks, lists, forms, modifiers, @State, Group,
DisclosureGroup, helper views, previews) and non-view code (models, stores, services with
`Task` and `task` variables). `--fraction` of the files hold lifecycle modifiers
(`.onAppear`, `.onDisappear`, `.task`), some in the patterns the rules rewrite
(`.onAppear { Task { … } }`, a lifecycle modifier on a `Group`, a run-once `@State` flag),
some not. The other files hold no lifecycle modifier. With --files the corpus has exactly
that many files; otherwise files are added until it reaches --megabytes. The same
arguments always write the same bytes. Prints one summary line.
"""
import argparse
import os
import random

NOUNS = ["Account", "Album", "Article", "Basket", "Booking", "Brew", "Card", "Channel", "Comment", "Contact",
         "Device", "Draft", "Episode", "Event", "Feed", "Folder", "Invoice", "Issue", "Item", "Journey",
         "Label", "Lesson", "Memo", "Message", "Note", "Order", "Photo", "Place", "Playlist", "Post",
         "Profile", "Project", "Receipt", "Recipe", "Report", "Review", "Route", "Session", "Status", "Story",
         "Tag", "Ticket", "Timeline", "Track", "Trip", "User", "Video", "Wallet", "Workout", "Zone"]
ROLES = ["Detail", "List", "Row", "Editor", "Settings", "Summary", "Picker", "Header", "Grid", "Card"]
PROPS = ["title", "subtitle", "count", "isEnabled", "isExpanded", "query", "selection", "progress", "name",
         "summary", "author", "createdAt", "score", "note", "items", "filter", "page", "errorMessage"]
SYSTEM_IMAGES = ["star", "heart", "trash", "square.and.arrow.up", "person", "gear", "bell", "bookmark"]


class Writer:
    def __init__(self):
        self.lines = []
        self.depth = 0

    def line(self, text=""):
        self.lines.append(("    " * self.depth + text) if text else "")

    def open(self, text):
        self.line(text if text.endswith(" in") else text + " {")
        self.depth += 1

    def close(self, suffix=""):
        self.depth -= 1
        self.line("}" + suffix)

    def text(self):
        return "\n".join(self.lines) + "\n"


def leaf_view(rng, noun):
    prop = rng.choice(PROPS)
    return rng.choice([
        f'Text("{noun} {prop}")',
        f'Text({noun.lower()}.{prop}.description)',
        f'Image(systemName: "{rng.choice(SYSTEM_IMAGES)}")',
        f'Label("{prop.capitalize()}", systemImage: "{rng.choice(SYSTEM_IMAGES)}")',
        'Spacer()',
        'Divider()',
        f'ProgressView(value: {rng.random():.2f})',
    ])


def plain_modifiers(rng):
    pool = [".padding()", ".font(.headline)", ".foregroundStyle(.secondary)", ".frame(maxWidth: .infinity)",
            ".lineLimit(2)", ".padding(.horizontal, 12)", ".background(Color.gray.opacity(0.1))",
            ".clipShape(RoundedRectangle(cornerRadius: 8))", ".accessibilityLabel(\"detail\")",
            ".contentShape(Rectangle())", ".opacity(isEnabled ? 1 : 0.5)"]
    return rng.sample(pool, rng.randint(0, 3))


def view_block(w, rng, noun, depth=0):
    """A container with children; nested up to a few levels."""
    container = rng.choice(["VStack(alignment: .leading, spacing: 8)", "HStack", "ZStack", "VStack", "Section"])
    w.open(container)
    for _ in range(rng.randint(1, 4)):
        choice = rng.random()
        if depth < 2 and choice < 0.25:
            view_block(w, rng, noun, depth + 1)
        elif choice < 0.35:
            w.open(f"if {rng.choice(['isEnabled', 'isExpanded', 'items.isEmpty', '!query.isEmpty'])}")
            w.line(leaf_view(rng, noun))
            w.close()
            continue
        elif choice < 0.45:
            w.open(f"ForEach(items) {{ item in")
            w.line(f'Text(item.{rng.choice(PROPS)})')
            w.close()
        elif choice < 0.5:
            w.open(f'Button("{rng.choice(PROPS).capitalize()}")')
            w.line(f"{rng.choice(['isExpanded.toggle()', 'count += 1', 'selection = nil'])}")
            w.close()
        else:
            w.line(leaf_view(rng, noun))
        for modifier in plain_modifiers(rng):
            w.line("    " + modifier)
    w.close()
    for modifier in plain_modifiers(rng):
        w.line(modifier)


def lifecycle_modifier(w, rng, noun, flag):
    """One lifecycle modifier on the view just written, in one of the shapes real apps use."""
    kind = rng.choice(["onAppearTask", "onAppearTask", "onAppearSync", "task", "taskID", "onDisappear", "guardFlag"])
    if kind == "onAppearTask":
        w.open(".onAppear")
        w.open("Task")
        w.line(f"await store.load{noun}s()")
        w.close()
        w.close()
    elif kind == "onAppearSync":
        w.open(".onAppear")
        w.line("count += 1")
        w.close()
    elif kind == "task":
        w.open(".task")
        w.line(f"await store.refresh()")
        w.close()
    elif kind == "taskID":
        w.open(".task(id: selection)")
        w.line(f"await store.select(selection)")
        w.close()
    elif kind == "onDisappear":
        w.open(".onDisappear")
        w.line("store.cancel()")
        w.close()
    else:
        w.open(".onAppear")
        w.line(f"guard !{flag} else {{ return }}")
        w.line(f"{flag} = true")
        w.open("Task")
        w.line(f"await store.fetch({noun.lower()}ID)")
        w.close()
        w.close()


def view_file(rng, noun, lifecycle):
    role = rng.choice(ROLES)
    name = f"{noun}{role}View"
    w = Writer()
    w.line("import SwiftUI")
    if rng.random() < 0.3:
        w.line("import Observation")
    w.line("")
    w.line(f"/// Shows a {noun.lower()} {role.lower()}.")
    w.open(f"struct {name}: View")
    w.line(f"let {noun.lower()}ID: String")
    w.line(f"@Environment({noun}Store.self) private var store")
    w.line("@State private var isExpanded = false")
    w.line("@State private var isEnabled = true")
    w.line("@State private var query = \"\"")
    w.line("@State private var count = 0")
    w.line("@State private var selection: String?")
    w.line(f"@State private var items: [{noun}Row] = []")
    flag = "hasLoaded"
    if lifecycle:
        w.line(f"@State private var {flag} = false")
    w.line("")
    w.open("var body: some View")
    shape = rng.random()
    if shape < 0.3 and (lifecycle or shape < 0.05):
        w.open("Group")
        w.open("if items.isEmpty")
        w.line("ProgressView()")
        w.close(" else {")
        w.depth += 1
        view_block(w, rng, noun)
        w.close()
        w.close()
        if lifecycle:
            lifecycle_modifier(w, rng, noun, flag)
    else:
        w.open("NavigationStack")
        w.open("List")
        view_block(w, rng, noun)
        if rng.random() < 0.3:
            w.open('DisclosureGroup("More")')
            w.line(leaf_view(rng, noun))
            w.close()
        w.close()
        w.line(f'.navigationTitle("{noun}s")')
        if rng.random() < 0.4:
            w.line(".searchable(text: $query)")
        w.close()
        if lifecycle:
            for _ in range(rng.randint(1, 2)):
                lifecycle_modifier(w, rng, noun, flag)
    w.close()
    for index in range(rng.randint(1, 5)):
        w.line("")
        w.line(f"/// Part {index} of the {noun.lower()} screen.")
        w.open(f"private var section{index}: some View")
        view_block(w, rng, noun)
        w.close()
    if rng.random() < 0.5:
        w.line("")
        w.open(f"private func format(_ value: Double) -> String")
        w.line('value.formatted(.number.precision(.fractionLength(2)))')
        w.close()
    w.close()
    if rng.random() < 0.5:
        w.line("")
        w.open("#Preview")
        w.line(f'{name}({noun.lower()}ID: "preview")')
        w.line(f"    .environment({noun}Store())")
        w.close()
    return w.text()


def model_file(rng, noun):
    w = Writer()
    w.line("import Foundation")
    w.line("")
    w.line(f"/// A {noun.lower()} as the server sends it.")
    w.open(f"struct {noun}Payload: Codable, Hashable, Identifiable")
    props = rng.sample(PROPS, rng.randint(3, 8))
    w.line("let id: String")
    for prop in props:
        w.line(f"var {prop}: {rng.choice(['String', 'Int', 'Double', 'Bool', 'Date?', '[String]'])}")
    w.close()
    w.line("")
    w.line(f"/// Loads and caches {noun.lower()}s.")
    w.line("@MainActor")
    w.open(f"final class {noun}Service")
    w.line(f"private var cache: [String: {noun}Payload] = [:]")
    w.line("private var task: Task<Void, Never>?")
    w.line("private let session: URLSession")
    w.line("")
    w.open("init(session: URLSession = .shared)")
    w.line("self.session = session")
    w.close()
    for index in range(rng.randint(2, 7)):
        w.line("")
        w.line(f"/// Step {index} of loading.")
        w.open(f"func load{index}(id: String) async throws -> {noun}Payload")
        w.open("if let cached = cache[id]")
        w.line("return cached")
        w.close()
        w.line(f'let url = URL(string: "https://example.com/{noun.lower()}s/\\(id)")!')
        w.line("let (data, _) = try await session.data(from: url)")
        w.line(f"let value = try JSONDecoder().decode({noun}Payload.self, from: data)")
        w.line("cache[id] = value")
        w.line("return value")
        w.close()
    w.line("")
    w.open("func prefetch(ids: [String])")
    w.line("task?.cancel()")
    w.open("task = Task { [weak self] in")
    w.open("for id in ids")
    w.line("_ = try? await self?.load0(id: id)")
    w.close()
    w.close()
    w.close()
    w.close()
    w.line("")
    w.open(f"extension {noun}Payload")
    w.open("var isRecent: Bool")
    w.line("id.hasPrefix(\"recent-\")")
    w.close()
    w.close()
    return w.text()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--megabytes", type=float, default=10.0)
    parser.add_argument("--files", type=int, default=0)
    parser.add_argument("--fraction", type=float, default=0.15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    target = int(args.megabytes * 1_000_000)
    total = files = lifecycle_files = 0
    while (files < args.files) if args.files else (total < target):
        noun = rng.choice(NOUNS)
        folder = os.path.join(args.out, f"Feature{files // 200:03d}")
        os.makedirs(folder, exist_ok=True)
        lifecycle = rng.random() < args.fraction
        if lifecycle or rng.random() < 0.6:
            text = view_file(rng, noun, lifecycle)
            # Real view files run from a few lines to a few thousand: repeat sections for the long tail.
            while rng.random() < 0.35:
                text += "\n" + view_file(rng, noun + "Extra" + str(len(text)), False).split("\n", 2)[2]
        else:
            text = model_file(rng, noun)
        lifecycle_files += lifecycle
        data = text.encode()
        with open(os.path.join(folder, f"{noun}{files:05d}.swift"), "wb") as handle:
            handle.write(data)
        total += len(data)
        files += 1
    print(f"corpus: {files} files, {total / 1e6:.1f} MB, {lifecycle_files} with lifecycle modifiers "
          f"({100 * lifecycle_files / max(files, 1):.0f}%) in {args.out}")


if __name__ == "__main__":
    main()
