#!/usr/bin/env python3
"""Times swiftui-migrate on single files dense with sites, for scripts/bench's dense-file case.

    bench-dense.py --bin PATH --dir DIR [--views 50,100,200,400,800,1600,3200] [--runs 3]

For each N, writes (once, under DIR) a Swift file of N views, each with one site of every rule:
a Group of two branches with `onAppear` (group-lifecycle), `.onAppear { Task { … } }`
(onappear-task), an `onAppear` guarded by a run-once `@State` flag (guard-flag-load), an
`onAppear` + `onChange` pair doing the same load (appear-change-load), a Group sharing a modifier
(group-modifiers), a Group that only groups (group-redundant), and a Group whose `onAppear` starts
a Task, which two rules rewrite in turn (a second fixpoint pass). Then times `scan` (text, and each of --format json, sarif and
markdown) and `diff` of the file with every rule on (no size or time limit), once to warm up and then --runs times, and
prints per N the median wall and CPU time, the findings and the CPU time per finding. A file's
cost is linear in its sites when the time per finding stays flat: the last line gives the
largest over the smallest, which should stay within 2x.
"""
import argparse
import os
import statistics
import subprocess
import time

# The report formats timed besides the text one: each must cost the same order as it (linear in the findings).
FORMATS = ["json", "sarif", "markdown"]
RULES = "group-lifecycle,onappear-task,guard-flag-load,appear-change-load,group-modifiers,group-redundant"

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


def dense_file(folder, views):
    """The path of the file of `views` views under `folder`, written if missing; always the same bytes."""
    path = os.path.join(folder, f"Dense{views}.swift")
    if not os.path.exists(path):
        text = "import SwiftUI\n\n" + "\n".join(VIEW.format(index=index) for index in range(views))
        with open(path + ".tmp", "wb") as handle:
            handle.write(text.encode())
        os.replace(path + ".tmp", path)
    return path


def run_once(command):
    """Wall seconds, CPU seconds (user + system), exit status, stdout and peak RSS in bytes of one run."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    return (time.perf_counter() - start, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status), output,
            usage.ru_maxrss * 1024)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--views", default="50,100,200,400,800,1600,3200")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    counts = [int(views) for views in args.views.split(",") if views]

    tools = ["scan", *(f"scan --format {name}" for name in FORMATS), "diff"]
    print(f"\n== dense files: N views in one file, a site of every rule in each ({RULES})")
    print(f"  {'views':>6} {'MB':>6} {'findings':>8}  "
          + "  ".join(f"{tool + ' wall / CPU / per finding / peak RSS':>49}" for tool in tools))
    per_finding = {tool: [] for tool in tools}
    for views in counts:
        path = dense_file(args.dir, views)
        limits = ["--rules", RULES, "--max-file-size", str(1 << 30), "--file-timeout", "none"]
        commands = {
            "scan": [args.bin, "scan", *limits, path],
            **{f"scan --format {name}": [args.bin, "scan", "--format", name, *limits, path] for name in FORMATS},
            "diff": [args.bin, "diff", "--color", "never", *limits, path],
        }
        row = []
        findings = 0
        for tool, command in commands.items():
            _, _, status, output, _ = run_once(command)
            if status not in (0, 1):
                row.append(f"exit {status}")
                continue
            if tool == "scan":
                findings = len(output.splitlines())
            samples = [run_once(command) for _ in range(args.runs)]
            wall = statistics.median(sample[0] for sample in samples)
            cpu = statistics.median(sample[1] for sample in samples)
            rss = max(sample[4] for sample in samples)
            per = cpu / max(findings, 1)
            per_finding[tool].append(per)
            row.append(f"{wall:11.3f}s {cpu:11.3f}s {per * 1000:9.3f} ms {rss / 1e6:7.1f} MB")
        print(f"  {views:>6} {os.path.getsize(path) / 1e6:6.2f} {findings:>8}  " + "  ".join(row), flush=True)
    for tool, values in per_finding.items():
        if len(values) > 1:
            spread = max(values) / min(values)
            verdict = "flat within 2x" if spread <= 2 else "NOT flat within 2x"
            print(f"  {tool}: CPU time per finding, largest / smallest = {spread:.2f} ({verdict})")


if __name__ == "__main__":
    main()
