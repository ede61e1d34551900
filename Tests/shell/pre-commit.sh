#!/usr/bin/env bash
# The .pre-commit-hooks.yaml of this checkout, run by the real pre-commit (from PyPI) as a user's
# project would run it: a temporary app repository whose .pre-commit-config.yaml names a hooks
# repository (a git copy of this checkout's hooks file, at its commit) and the built binary on PATH.
#   - `swiftui-migrate`: a commit adding a Group+onAppear file is blocked, the file untouched;
#     a clean file commits.
#   - `swiftui-migrate-fix` added: the same commit is blocked and the file rewritten; staged again,
#     it commits.
#   - A staged file the project's .swiftui-migrate.json excludes (`**/Generated/**`) commits through
#     both hooks untouched (they pass --force-exclude), though naming it without the flag reports it.
#   Tests/shell/pre-commit.sh <swiftui-migrate binary>
set -euo pipefail
bin=$(readlink -f "${1:?usage: pre-commit.sh <swiftui-migrate binary>}")
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "pre-commit: FAIL: $*" >&2; failures=$((failures + 1)); }

if ! command -v pre-commit >/dev/null 2>&1 && ! python3 -m pre_commit --version >/dev/null 2>&1; then
    echo "pre-commit: installing pre-commit (PyPI)" >&2
    python3 -m pip install --quiet --disable-pip-version-check pre-commit >&2
fi
pre_commit() { python3 -m pre_commit "$@"; }

mkdir -p "$work/bin"
ln -s "$bin" "$work/bin/swiftui-migrate"
export PATH="$work/bin:$PATH"
export PRE_COMMIT_HOME="$work/cache"
export GIT_CONFIG_GLOBAL="$work/gitconfig" GIT_CONFIG_NOSYSTEM=1
git config --global user.name "Test" && git config --global user.email "test@example.com"
git config --global init.defaultBranch main

# The hooks repository: this checkout's hooks file, committed (pre-commit clones it at that commit).
mkdir "$work/hooks" && cp "$root/.pre-commit-hooks.yaml" "$work/hooks/"
git -C "$work/hooks" init -q && git -C "$work/hooks" add . && git -C "$work/hooks" commit -qm hooks
rev=$(git -C "$work/hooks" rev-parse HEAD)

app="$work/app"
mkdir -p "$app/App"
git -C "$app" init -q
config() { # hook ids → .pre-commit-config.yaml
    {
        echo "repos:"
        echo "  - repo: $work/hooks"
        echo "    rev: $rev"
        echo "    hooks:"
        for id in "$@"; do echo "      - id: $id"; done
    } >"$app/.pre-commit-config.yaml"
}
config swiftui-migrate
cat >"$app/App/PlainView.swift" <<'SWIFT'
import SwiftUI

struct PlainView: View {
    var body: some View {
        Text("Hello")
    }
}
SWIFT
git -C "$app" add . && git -C "$app" commit -qm "start" --no-verify
(cd "$app" && pre_commit install >/dev/null)

group_view='import SwiftUI

struct ContentView: View {
    @State private var isLoading = true

    var body: some View {
        Group {
            if isLoading {
                ProgressView()
            } else {
                Text("Loaded")
            }
        }
        .onAppear {
            print("appeared")
        }
    }
}'
printf '%s\n' "$group_view" >"$app/App/ContentView.swift"
git -C "$app" add App/ContentView.swift
head_before=$(git -C "$app" rev-parse HEAD)

# 1. The scan hook blocks the commit and says why; the file is untouched.
status=0
(cd "$app" && git commit -qm "add ContentView") >"$work/out" 2>&1 || status=$?
[ "$status" != 0 ] || fail "the commit with a Group+onAppear file went through"
[ "$(git -C "$app" rev-parse HEAD)" = "$head_before" ] || fail "HEAD moved"
grep -q "App/ContentView.swift:[0-9]*:[0-9]*: warning: .*\[group-lifecycle\]" "$work/out" \
    || fail "the hook output has no Xcode-format group-lifecycle finding: $(cat "$work/out")"
[ "$(cat "$app/App/ContentView.swift")" = "$group_view" ] || fail "the scan hook changed the file"

# 2. A commit of clean Swift passes the scan hook.
git -C "$app" reset -q
printf '%s\n' 'import SwiftUI' '' 'struct Other: View { var body: some View { Text("x") } }' >"$app/App/Other.swift"
git -C "$app" add App/Other.swift
(cd "$app" && git commit -qm "add Other") >"$work/out" 2>&1 || fail "a clean commit was blocked: $(cat "$work/out")"

# 3. With the fix hook too: blocked, and the file rewritten (Group → ZStack); staged again, it commits.
config swiftui-migrate-fix swiftui-migrate
git -C "$app" add .pre-commit-config.yaml App/ContentView.swift
head_before=$(git -C "$app" rev-parse HEAD)
status=0
(cd "$app" && git commit -qm "add ContentView") >"$work/out" 2>&1 || status=$?
[ "$status" != 0 ] || fail "the fix hook let the first commit through"
[ "$(git -C "$app" rev-parse HEAD)" = "$head_before" ] || fail "HEAD moved with the fix hook"
grep -q "files were modified by this hook" "$work/out" || fail "pre-commit did not report the rewrite: $(cat "$work/out")"
grep -q "ZStack {" "$app/App/ContentView.swift" && ! grep -q "Group {" "$app/App/ContentView.swift" \
    || fail "the fix hook did not hoist the Group: $(cat "$app/App/ContentView.swift")"
git -C "$app" add App/ContentView.swift
(cd "$app" && git commit -qm "add ContentView, migrated") >"$work/out" 2>&1 || fail "the migrated file was blocked: $(cat "$work/out")"
git -C "$app" show HEAD:App/ContentView.swift | grep -q "ZStack {" || fail "the commit does not hold the migrated file"

# 4. A file the configuration excludes does not block the commit, and the fix hook leaves it alone.
printf '%s\n' '{ "exclude": ["**/Generated/**"] }' >"$app/.swiftui-migrate.json"
mkdir -p "$app/App/Generated"
printf '%s\n' "$group_view" >"$app/App/Generated/GeneratedView.swift"
git -C "$app" add .swiftui-migrate.json App/Generated/GeneratedView.swift
status=0
(cd "$app" && swiftui-migrate scan --format xcode App/Generated/GeneratedView.swift) >"$work/out" 2>&1 || status=$?
[ "$status" = 1 ] || fail "without --force-exclude the named excluded file was not checked (status $status): $(cat "$work/out")"
(cd "$app" && git commit -qm "add generated code") >"$work/out" 2>&1 \
    || fail "a file the configuration excludes blocked the commit: $(cat "$work/out")"
git -C "$app" show HEAD:App/Generated/GeneratedView.swift | grep -q "Group {" \
    || fail "the excluded file was committed rewritten"
[ "$(cat "$app/App/Generated/GeneratedView.swift")" = "$group_view" ] || fail "the fix hook changed an excluded file"

if [ "$failures" -gt 0 ]; then exit 1; fi
echo "pre-commit: blocked a Group+onAppear commit, let a clean one through, the fix hook rewrote the file, and an excluded file committed ($(python3 -m pre_commit --version))"
