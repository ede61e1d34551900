#!/usr/bin/env python3
"""Writes one Swift file dense with sites, for scripts/bench's dense-file case.

    bench-dense.py --out FILE --views N

The file holds N views, each with one site of every rule: a Group of two branches with
`onAppear` (group-lifecycle), `.onAppear { Task { … } }` (onappear-task), an `onAppear` guarded
by a run-once `@State` flag (guard-flag-load), an `onAppear` + `onChange` pair doing the same
load (appear-change-load), a Group sharing a modifier (group-modifiers) and a Group that only
groups (group-redundant), and a Group whose `onAppear` starts a Task, which two rules rewrite
in turn (a second fixpoint pass). The same N always writes the same bytes. Prints the number
of views and bytes.
"""
import argparse

VIEW = """\
/// Dense view {index}.
struct DenseView{index}: View {{
    let itemID{index}: String
    @Binding var chefID: ChefID
    @State private var profile: ChefProfile?
    @State private var brew: Brew?
    @State private var brews: [Brew] = []
    @State private var hasLoaded = false
    @State private var isLoggedIn = false
    @State private var isOnline = true

    var body: some View {{
        VStack {{
            Group {{
                if isLoggedIn {{
                    Text("Welcome {index}")
                }} else {{
                    Text("Sign in {index}")
                }}
            }}
            .onAppear {{
                print("start {index} appeared")
            }}
            Text("\\(brews.count)")
                .onAppear {{
                    Task {{ brews = (try? await BrewStore.shared.fetchAll()) ?? [] }}
                }}
            Text(brew?.name ?? "")
                .onAppear {{
                    guard !hasLoaded else {{ return }}
                    hasLoaded = true
                    Task {{ brew = try? await BrewStore.shared.fetch(itemID{index}) }}
                }}
            Text(profile?.name ?? "")
                .onAppear {{
                    Task {{ profile = await RecipeStore.shared.profile(chefID) }}
                }}
                .onChange(of: chefID) {{ newID in
                    Task {{ profile = await RecipeStore.shared.profile(newID) }}
                }}
            Group {{
                if isOnline {{
                    Text("Online")
                }} else {{
                    Text("Offline")
                }}
            }}
            .onAppear {{
                Task {{ await BrewStore.shared.refresh() }}
            }}
            Group {{
                Text("Subtitle {index}")
                Text("Description {index}")
            }}
            .foregroundStyle(.secondary)
            Group {{ Image(systemName: "star"); Text("Favorites {index}") }}
        }}
    }}
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--views", type=int, required=True)
    args = parser.parse_args()
    text = "import SwiftUI\n\n" + "\n".join(VIEW.format(index=index) for index in range(args.views))
    data = text.encode()
    with open(args.out, "wb") as handle:
        handle.write(data)
    print(f"dense file: {args.views} views, {len(data)} bytes in {args.out}")


if __name__ == "__main__":
    main()
