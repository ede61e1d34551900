#!/usr/bin/env bash
# What a scan starts besides its own work, watched with strace (Debian): in a plain git work tree and
# outside git it must not start libgit2 (whose start-up reads the system's TLS certificates, ~9 ms of
# every run), because the index file answers (GitStage's IndexFile); where the index file cannot
# answer (a linked worktree, a split index), libgit2 does, as before. And a Swift file is opened at most
# twice, by its worker and by its module's index, and only when a decision reads the module's other files
# (SharedFileBytes: what an index read, the worker takes; what a worker read is not kept for an index).
#   Tests/shell/startup-cost.sh <swiftui-migrate binary>
set -euo pipefail
bin=$(readlink -f "${1:?usage: startup-cost.sh <swiftui-migrate binary>}")
source "$(dirname "$0")/lib/debian-package.sh"
need_debian_package strace strace startup-cost
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_GLOBAL="$work/gitconfig" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1
git config --global user.name "Test" && git config --global user.email "test@example.com"
git config --global init.defaultBranch main
failures=0
fail() { echo "startup-cost: FAIL: $*" >&2; failures=$((failures + 1)); }

# A small app: a Group with a lifecycle modifier, and a clean file. The Group stands in a VStack of the body,
# so its decision needs nothing of the module (a Group that is the body itself is judged where the view is
# used, which reads the module).
app="$work/app"
mkdir -p "$app/Sources/App" "$app/Sources/App/Untracked"
cat >"$app/Sources/App/ShelfView.swift" <<'EOF'
import SwiftUI

struct ShelfView: View {
    @State private var books: [String] = []
    var body: some View {
        VStack {
            Text("Shelf")
            Group {
                if books.isEmpty { ProgressView() } else { List(books, id: \.self) { Text($0) } }
            }
            .onAppear { books = ["A"] }
        }
    }
}
EOF
printf 'let answer = 42\n' >"$app/Sources/App/Model.swift"
printf 'let scratch = 1\n' >"$app/Sources/App/Untracked/Scratch.swift"
git -C "$app" init -q
git -C "$app" add Sources/App/ShelfView.swift Sources/App/Model.swift
git -C "$app" commit -qm base

# The files a scan of $1 opens, and whether it started libgit2 (opened the certificates).
opened() { (cd "$1" && strace -f -e trace=openat -o "$work/trace" "$bin" scan . >/dev/null 2>&1 || true); grep -o '"[^"]*"' "$work/trace" | tr -d '"'; }
# grep reads to the end: `grep -q` would stop at the first match, and with pipefail the writer's SIGPIPE
# would turn a match into a failure (seen: a linked worktree judged read without libgit2, now and then).
starts_libgit2() { opened "$1" | grep '^/etc/ssl/' >/dev/null; }
swift_files() { opened "$1" | grep '\.swift$' | sed "s|^$1/||; s|^\./||" | sort -u; }

if starts_libgit2 "$app"; then fail "a scan of a plain work tree started libgit2"; fi
plain=$(swift_files "$app")
[ "$plain" = "$(printf 'Sources/App/Model.swift\nSources/App/ShelfView.swift')" ] || fail "a plain work tree: read $plain"

outside="$work/outside"
mkdir -p "$outside" && cp "$app/Sources/App/ShelfView.swift" "$outside/"
if starts_libgit2 "$outside"; then fail "a scan outside git started libgit2"; fi
# A folder with no Swift file at all, outside git: nothing to explain with libgit2 (not a bare repository).
mkdir -p "$work/empty"
if starts_libgit2 "$work/empty"; then fail "a scan of an empty folder outside git started libgit2"; fi

# A scan that reads no other file: every Swift file is opened once.
twice=$(opened "$app" | grep '\.swift$' | sort | uniq -d)
[ -z "$twice" ] || fail "a scan that looks into no module opened these files twice: $twice"

# A decision that reads another file of the module (whether the model's load changes the state that shows
# the view starting it): the index reads the module's files, some of them a second time (those a worker
# read before), none a third.
mkdir -p "$app/Sources/App/Feed"
cat >"$app/Sources/App/Feed/FeedModel.swift" <<'EOF'
import Foundation

@MainActor final class FeedModel: ObservableObject {
    @Published var items: [String] = []
    func load() async { items = ["A"] }
}
EOF
cat >"$app/Sources/App/Feed/FeedView.swift" <<'EOF'
import SwiftUI

struct FeedView: View {
    @StateObject private var model = FeedModel()
    var body: some View {
        if model.items.isEmpty {
            ProgressView()
                .onAppear { Task { await model.load() } }
        } else {
            List(model.items, id: \.self) { Text($0) }
        }
    }
}
EOF
git -C "$app" add Sources/App/Feed && git -C "$app" commit -qm feed
thrice=$(opened "$app" | grep '\.swift$' | sort | uniq -c | awk '$1 > 2 {print $2}')
[ -z "$thrice" ] || fail "a scan that looks into the module opened these files more than twice: $thrice"
plain=$(swift_files "$app")

# A linked worktree's .git is a file the reader does not follow: libgit2 reads it, and finds the same files.
git -C "$app" worktree add -q "$work/linked"
if ! starts_libgit2 "$work/linked"; then fail "a linked worktree was read without libgit2 (the reader does not follow one)"; fi
[ "$(swift_files "$work/linked")" = "$plain" ] || fail "a linked worktree: read $(swift_files "$work/linked")"

# A split index keeps its entries in another file: the reader declines it, and libgit2's answer stands
# (libgit2 1.5 refuses one, in one line).
git -C "$app" update-index --split-index
set +e
message=$(cd "$app" && "$bin" scan . 2>&1 >/dev/null); status=$?
set -e
[ "$status" = 2 ] && [ "$(printf '%s\n' "$message" | wc -l)" = 1 ] && printf '%s' "$message" | grep -q "cannot list the files git tracks" \
    || fail "a split index: exit $status, $message"

if [ "$failures" -gt 0 ]; then
    echo "startup-cost: $failures failure(s)" >&2
    exit 1
fi
echo "startup-cost: libgit2 started only where the index file cannot answer"
