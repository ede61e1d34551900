#!/usr/bin/env python3
"""Counts the instructions `swiftui-migrate scan` executes on each corpus, for scripts/bench --tools instructions.

    bench-instructions.py --bin PATH [--against-bin PATH --against-name REV] --scratch DIR DIR...

valgrind's callgrind counts the instructions a run executes in user space: the same number on a busy machine
and an idle one, so two builds compare without the noise of timers (the kernel charges user and system time a
tick at a time, and CPU time grows with how much of a run is parallel). Each binary is first copied without its
debug information (`strip --strip-debug`: valgrind 3.19 cannot read DWARF 5). Prints the count per corpus and,
with --against-bin, REV's count and the ratio (this build / REV's), then the totals.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys


def stripped(binary, scratch, name):
    """A copy of `binary` without debug information, in `scratch`."""
    os.makedirs(scratch, exist_ok=True)
    copy = os.path.join(scratch, name)
    subprocess.run(["strip", "--strip-debug", "-o", copy, binary], check=True)
    return copy


def instructions(binary, corpus):
    """The instructions one `scan .` in `corpus` executes, from callgrind's summary."""
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, "scan", "."],
        cwd=corpus, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", result.stderr)
    if not found:
        sys.exit(f"bench: callgrind gave no count for {corpus}:\n{result.stderr[-2000:]}")
    return int(found.group(1))


def millions(count):
    return f"{count / 1e6:,.0f} M"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--against-bin")
    parser.add_argument("--against-name", default="the earlier build")
    parser.add_argument("--scratch", required=True)
    parser.add_argument("corpora", nargs="+")
    args = parser.parse_args()
    for tool in ("valgrind", "strip"):
        if shutil.which(tool) is None:
            sys.exit(f"bench: {tool} is not on PATH")
    ours = stripped(args.bin, args.scratch, "this-build")
    theirs = stripped(args.against_bin, args.scratch, "against-build") if args.against_bin else None
    print("\ninstructions of `scan` (callgrind, user space; the same on a busy machine and an idle one)")
    totals = [0, 0]
    for corpus in args.corpora:
        count = instructions(ours, corpus)
        totals[0] += count
        line = f"  {os.path.basename(os.path.normpath(corpus)):<24} {millions(count):>10}"
        if theirs:
            before = instructions(theirs, corpus)
            totals[1] += before
            line += f"   vs {args.against_name}: {millions(before):>10} ({count / before:.2f}x)"
        print(line, flush=True)
    line = f"  {'all':<24} {millions(totals[0]):>10}"
    if theirs:
        line += f"   vs {args.against_name}: {millions(totals[1]):>10} ({totals[0] / totals[1]:.2f}x)"
    print(line)


if __name__ == "__main__":
    main()
