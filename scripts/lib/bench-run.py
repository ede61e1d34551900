#!/usr/bin/env python3
"""Times swiftui-migrate and its peers side by side over corpora, for scripts/bench.

    bench-run.py --bin PATH --ast-grep-config FILE [--runs 3] [--slow-runs 1] [--tools scan,diff,...]
                 [--against-bin PATH --against-name REV] DIR...

Every command runs once to warm the page cache, then --runs times (swift-format lint,
without the warm-up, --slow-runs times). Wall time comes from a monotonic clock around the child process, peak
RSS from wait4's rusage of that process. Prints one table per corpus: median wall time,
throughput, peak RSS, and how many times faster `scan` and `diff` are than each peer
(for `cat`, how many times its time they take).

With several corpora, one `scan` naming all of them at once is timed too (a monorepo's or a CI job's run
over many repositories: its peak RSS must not grow with their number).

With --against-bin (an earlier revision's build, made by scripts/bench --against REV), `scan` and `diff`
of both builds run alternately, --runs times each, and a row per tool gives the ratios of their median
user CPU time, system time and peak RSS (this build / REV's): CPU time, unlike wall time, is not blurred
much by whatever else the machine is doing. The sums at the end give the largest peak RSS of each build too.
"""
import argparse
import os
import platform
import statistics
import subprocess
import sys
import time

SKIPPED_FOLDERS = {".build", "DerivedData", "Pods", "Carthage", "node_modules"}
ALL_TOOLS = ["scan", "diff", "ast-grep", "swift-format", "cat"]


def swift_files(root):
    """The .swift files the tools look at: git's tracked files in a work tree, else a walk."""
    if os.path.isdir(os.path.join(root, ".git")):
        listed = subprocess.run(["git", "-C", root, "ls-files", "-z", "--", "*.swift"],
                                capture_output=True, check=True).stdout.decode().split("\0")
        return sorted(os.path.join(root, path) for path in listed if path)
    found = []
    for folder, folders, files in os.walk(root):
        folders[:] = [name for name in folders if not name.startswith(".") and name not in SKIPPED_FOLDERS]
        found += [os.path.join(folder, name) for name in files if name.endswith(".swift")]
    return sorted(found)


def run_once(command):
    """Wall seconds, peak RSS in bytes, exit status, CPU seconds (user + system), user and system seconds of one run,
    output discarded."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss * 1024, process.returncode, usage.ru_utime + usage.ru_stime, usage.ru_utime, usage.ru_stime


def compare(ours, theirs, name, runs):
    """Runs `ours` and `theirs` (two builds' commands) alternately, prints the ratios of their medians and returns
    the medians: ((user, user), (system, system), (peak RSS, peak RSS))."""
    for command in (ours, theirs):
        run_once(command)
    pairs = [(run_once(ours), run_once(theirs)) for _ in range(runs)]
    def median(side, field):
        return statistics.median(pair[side][field] for pair in pairs)
    user, system, rss = (median(0, 4), median(1, 4)), (median(0, 5), median(1, 5)), (median(0, 1), median(1, 1))
    def ratio(values):
        return f"{values[0] / values[1]:.2f}x" if values[1] > 0 else "n/a"
    print(f"  {ours[1]:<5} vs {name}: user CPU {user[0]:.3f} s vs {user[1]:.3f} s ({ratio(user)}), "
          f"system {system[0]:.3f} s vs {system[1]:.3f} s ({ratio(system)}), "
          f"peak RSS {rss[0] / 1e6:.1f} MB vs {rss[1] / 1e6:.1f} MB ({ratio(rss)})", flush=True)
    return user, system, rss


def print_totals(count, cpu, against, name):
    """The sums over every corpus: each tool's median CPU time, scan's ratios to its peers, and against the
    earlier build the summed medians of user and system time — the figures a goal for a whole corpus names."""
    print(f"\n== all {count} corpora (sums of the medians above)")
    if "scan" in cpu:
        line = f"  scan CPU {cpu['scan']:.3f} s"
        for peer in ("ast-grep", "swift-format"):
            if peer in cpu:
                line += f"; {peer} {cpu[peer]:.3f} s ({cpu[peer] / max(cpu['scan'], 1e-9):.1f}x scan's)"
        if "cat" in cpu:
            line += f"; cat {cpu['cat']:.3f} s (scan takes {cpu['scan'] / max(cpu['cat'], 1e-9):.1f}x its CPU)"
        print(line)
    for tool, (user, system, rss) in against.items():
        print(f"  {tool:<5} vs {name}: user CPU {user[0]:.3f} s vs {user[1]:.3f} s ({user[0] / max(user[1], 1e-9):.2f}x), "
              f"system {system[0]:.3f} s vs {system[1]:.3f} s ({system[0] / max(system[1], 1e-9):.2f}x), "
              f"largest peak RSS {rss[0] / 1e6:.1f} MB vs {rss[1] / 1e6:.1f} MB ({rss[0] / max(rss[1], 1e-9):.2f}x)")


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as handle:
            for line in handle:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{os.cpu_count()} cores, {model}, {platform.system()} {platform.release()}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--ast-grep-config", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--slow-runs", type=int, default=1)
    parser.add_argument("--tools", default=",".join(ALL_TOOLS))
    parser.add_argument("--against-bin", help="an earlier revision's build to compare scan and diff with")
    parser.add_argument("--against-name", default="the other build")
    parser.add_argument("corpora", nargs="+")
    args = parser.parse_args()
    tools = [tool for tool in args.tools.split(",") if tool]
    for tool in tools:
        if tool not in ALL_TOOLS:
            sys.exit(f"bench: unknown tool '{tool}' (one of {', '.join(ALL_TOOLS)})")

    version = subprocess.run([args.bin, "--version"], capture_output=True, text=True).stdout.strip()
    mode = version.split("SwiftSyntax: ", 1)[1].split(",")[0] if "SwiftSyntax: " in version else "unknown"
    print(f"machine: {machine()}")
    print(f"swiftui-migrate: {version}")
    print(f"SwiftSyntax mode: {mode}")
    print(f"runs: {args.runs} per command (swift-format lint: {args.slow_runs}), after one warm-up run (none for swift-format); "
          "median wall time, peak RSS of the process, median CPU time (user + system)")
    print(f"load average when starting: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          "(other processes on the machine slow the wall times down)")

    cpu_sums, against_sums = {}, {}
    for corpus in args.corpora:
        corpus = os.path.abspath(corpus)
        files = swift_files(corpus)
        size = sum(os.path.getsize(path) for path in files)
        print(f"\n== {corpus}: {len(files)} .swift files, {size / 1e6:.1f} MB")
        commands = {
            "scan": [args.bin, "scan", corpus],
            "diff": [args.bin, "diff", "--color", "never", corpus],
            "ast-grep": ["ast-grep", "scan", "-c", args.ast_grep_config, corpus],
            "swift-format": ["swift-format", "lint", "--recursive", "--parallel", corpus],
            "cat": ["cat"] + files,
        }
        results = {}
        for tool in tools:
            runs = args.slow_runs if tool == "swift-format" else args.runs
            if runs <= 0:
                continue
            # swift-format is too slow to run twice for nothing; the other tools have warmed the cache.
            status = 0 if tool == "swift-format" else run_once(commands[tool])[2]
            if tool in ("scan", "diff", "cat") and status not in (0, 1):
                print(f"  {tool}: exit status {status}, not timed")
                continue
            samples = [run_once(commands[tool]) for _ in range(runs)]
            wall = statistics.median(sample[0] for sample in samples)
            rss = max(sample[1] for sample in samples)
            cpu = statistics.median(sample[3] for sample in samples)
            results[tool] = (wall, rss, cpu)
            cpu_sums[tool] = cpu_sums.get(tool, 0) + cpu
            print(f"  {tool:<13} {wall:8.3f} s  {size / 1e6 / wall:8.1f} MB/s  {len(files) / wall:9.0f} files/s"
                  f"  {rss / 1e6:7.1f} MB peak RSS  {cpu:7.2f} s CPU   (runs: {', '.join(f'{s[0]:.3f}' for s in samples)})",
                  flush=True)
        if args.against_bin:
            for tool in ("scan", "diff"):
                if tool in tools:
                    theirs = [args.against_bin] + commands[tool][1:]
                    user, system, rss = compare(commands[tool], theirs, args.against_name, args.runs)
                    (summed_user, summed_system, most_rss) = against_sums.get(tool, ((0, 0), (0, 0), (0, 0)))
                    against_sums[tool] = ((summed_user[0] + user[0], summed_user[1] + user[1]),
                                          (summed_system[0] + system[0], summed_system[1] + system[1]),
                                          (max(most_rss[0], rss[0]), max(most_rss[1], rss[1])))
        for ours in ("scan", "diff"):
            if ours not in results:
                continue
            ratios = []
            for peer in ("ast-grep", "swift-format"):
                if peer in results:
                    ratios.append(f"{results[peer][0] / results[ours][0]:.1f}x as fast as {peer} "
                                  f"({results[peer][2] / max(results[ours][2], 1e-9):.1f}x in CPU)")
            if "cat" in results:
                ratios.append(f"takes {results[ours][0] / results['cat'][0]:.1f}x the time of cat "
                              f"({results[ours][2] / max(results['cat'][2], 1e-9):.1f}x its CPU)")
            if ratios:
                print(f"  {ours}: " + "; ".join(ratios))
    if len(args.corpora) > 1 and "scan" in tools:
        scan_together(args)
    if len(args.corpora) > 1:
        print_totals(len(args.corpora), cpu_sums, against_sums, args.against_name)


def scan_together(args):
    """One `scan` naming every corpus at once: its wall time, peak RSS and CPU time, and with --against-bin the
    ratios to REV's."""
    corpora = [os.path.abspath(corpus) for corpus in args.corpora]
    command = [args.bin, "scan", *corpora]
    print(f"\n== one scan naming all {len(corpora)} corpora")
    status = run_once(command)[2]
    if status not in (0, 1):
        print(f"  scan: exit status {status}, not timed")
        return
    samples = [run_once(command) for _ in range(args.runs)]
    wall = statistics.median(sample[0] for sample in samples)
    rss = max(sample[1] for sample in samples)
    cpu = statistics.median(sample[3] for sample in samples)
    print(f"  {'scan':<13} {wall:8.3f} s  {rss / 1e6:7.1f} MB peak RSS  {cpu:7.2f} s CPU   "
          f"(runs: {', '.join(f'{s[0]:.3f}' for s in samples)})", flush=True)
    if args.against_bin:
        compare(command, [args.against_bin] + command[1:], args.against_name, args.runs)


if __name__ == "__main__":
    main()
