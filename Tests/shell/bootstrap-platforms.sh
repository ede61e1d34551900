#!/usr/bin/env bash
# scripts/bootstrap's platform branch, with `uname`, `brew`, `apt-get`, `pkg-config` and `swift` stubbed
# on PATH (no macOS machine is needed): on Darwin it installs libgit2 with Homebrew, or without Homebrew
# prints one line and exits 2; elsewhere it uses apt-get.
#   Tests/shell/bootstrap-platforms.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "bootstrap-platforms: FAIL: $*" >&2; failures=$((failures + 1)); }

# stubs SYSTEM [brew]: a bin folder whose uname prints SYSTEM; pkg-config finds libgit2 only after
# a package manager stub "installed" it; every stub call is logged to $stubs/calls.
stubs() {
    local bin
    bin=$(mktemp -d "$work/stubs.XXXXXX")
    printf '#!/bin/sh\necho %s\n' "$1" >"$bin/uname"
    printf '#!/bin/sh\necho "swift $*" >>"%s/calls"\n' "$bin" >"$bin/swift"
    printf '#!/bin/sh\n[ -e "%s/installed" ]\n' "$bin" >"$bin/pkg-config"
    printf '#!/bin/sh\necho "apt-get $*" >>"%s/calls"; [ "$1" = install ] && touch "%s/installed"; exit 0\n' "$bin" "$bin" >"$bin/apt-get"
    printf '#!/bin/sh\nexec "$@"\n' >"$bin/sudo"
    if [ "${2:-}" = brew ]; then
        printf '#!/bin/sh\necho "brew $*" >>"%s/calls"; touch "%s/installed"\n' "$bin" "$bin" >"$bin/brew"
    fi
    chmod +x "$bin"/*
    echo "$bin"
}

run_bootstrap() { # bin → stdout in $work/out, stderr in $work/err, status echoed
    local status=0
    PATH="$1:/usr/bin:/bin" SWIFTUI_MIGRATE_SYNTAX=package "$root/scripts/bootstrap" >"$work/out" 2>"$work/err" || status=$?
    echo "$status"
}

# macOS with Homebrew: brew install libgit2 pkg-config, then the mode.
bin=$(stubs Darwin brew)
status=$(run_bootstrap "$bin")
[ "$status" = 0 ] || fail "Darwin with brew: exit $status ($(cat "$work/err"))"
grep -qx "brew install libgit2 pkg-config" "$bin/calls" 2>/dev/null || fail "Darwin with brew: brew not called as expected: $(cat "$bin/calls" 2>/dev/null)"
grep -q "apt-get" "$bin/calls" 2>/dev/null && fail "Darwin with brew: apt-get was called"
[ "$(cat "$work/out")" = package ] || fail "Darwin with brew: printed '$(cat "$work/out")', not the mode"

# macOS without Homebrew: one line saying what to do, exit 2, nothing installed.
bin=$(stubs Darwin)
status=$(run_bootstrap "$bin")
[ "$status" = 2 ] || fail "Darwin without brew: exit $status, expected 2"
[ "$(wc -l <"$work/err")" = 1 ] || fail "Darwin without brew: expected one line, got: $(cat "$work/err")"
grep -q "brew install libgit2 pkg-config" "$work/err" || fail "Darwin without brew: the line does not say what to install: $(cat "$work/err")"
[ -e "$bin/calls" ] && grep -q "apt-get" "$bin/calls" && fail "Darwin without brew: apt-get was called"
[ -s "$work/out" ] && fail "Darwin without brew: printed a mode"

# Linux: apt-get, never brew (even when one is on PATH).
bin=$(stubs Linux brew)
status=$(run_bootstrap "$bin")
[ "$status" = 0 ] || fail "Linux: exit $status ($(cat "$work/err"))"
grep -q "apt-get install -y -qq libgit2-dev pkg-config" "$bin/calls" || fail "Linux: apt-get not called: $(cat "$bin/calls" 2>/dev/null)"
grep -q "^brew" "$bin/calls" && fail "Linux: brew was called"

# libgit2 already present: no package manager at all.
bin=$(stubs Darwin brew)
touch "$bin/installed"
status=$(run_bootstrap "$bin")
[ "$status" = 0 ] || fail "present: exit $status"
[ -e "$bin/calls" ] && grep -qE "^(brew|apt-get)" "$bin/calls" && fail "present: a package manager was called"

if [ "$failures" -gt 0 ]; then exit 1; fi
echo "bootstrap-platforms: 4 cases passed (Darwin with and without Homebrew, Linux, already installed)"
