#!/usr/bin/env bash
# The hostile command lines of issue 28, typed as a user would at a shell: each must end with its exit
# code and exactly one line on stderr (never a backtrace, never a signal: an exit below 128), and
# change nothing. Cases that need more than a command line have their own tests, named here so the
# list is whole:
#   - the language server's bad frames, a 3.9 MB document, a half-typed configuration in the editor:
#     Tests/lsp/test_robustness.py, Tests/lsp/test_large_documents.py (pytest-lsp)
#   - --file-timeout on a multi-megabyte file: FileTimeoutTests, OverdueParseTests
#   - --resume/--abort after an edit following a kill: KillRecoveryTests (it kills a real apply)
#   - apply from a superproject on a submodule's folder, in every mode: SubmoduleTests
# Here: standard input closed or a folder (stdin mode and both servers), a half-typed configuration,
# a configuration that leaves out every file, a bare repository, a hostContainer that would not
# compile, a damaged journal, and JSON on a file dense with sites costing the order of the text format.
#   Tests/shell/hostile-cli.sh <swiftui-migrate binary>
set -euo pipefail
bin=$(readlink -f "${1:?usage: hostile-cli.sh <swiftui-migrate binary>}")
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
cases=0
fail() { echo "hostile-cli: FAIL: $*" >&2; failures=$((failures + 1)); }
runner=""
export GIT_CONFIG_GLOBAL="$work/gitconfig" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1
git config --global user.name "Test" && git config --global user.email "test@example.com"
git config --global init.defaultBranch main

# What a run could change in the repository at $1: files, index, branches and HEAD.
repository_state() {
    git -C "$1" status --porcelain --ignored 2>/dev/null || true
    git -C "$1" for-each-ref --format='%(refname) %(objectname)' 2>/dev/null || true
    git -C "$1" rev-parse HEAD 2>/dev/null || true
}

# expect STATUS STDERR-LINE DIRECTORY REDIRECTION COMMAND…: runs the binary (as $runner says: a user's) with COMMAND in DIRECTORY,
# standard input as REDIRECTION says (`<&-` closes it), and checks the status, that stderr is exactly
# STDERR-LINE (a glob pattern), and that nothing in DIRECTORY's repository changed.
expect() {
    local status=$1 line=$2 directory=$3 redirection=$4
    shift 4
    cases=$((cases + 1))
    local before after actual
    before=$(repository_state "$directory")
    set +e
    (cd "$directory" && eval "exec $runner \"\$bin\" \"\$@\" >\"\$work/out\" 2>\"\$work/err\" $redirection")
    actual=$?
    set -e
    after=$(repository_state "$directory")
    local shown="swiftui-migrate $* $redirection (in ${directory#"$work"/})"
    if [ "$actual" -ge 128 ]; then fail "$shown: killed by a signal (exit $actual): $(head -c 2000 "$work/err")"; return; fi
    [ "$actual" -eq "$status" ] || fail "$shown: exit $actual, expected $status: $(cat "$work/err")"
    [ "$(wc -l < "$work/err")" -eq 1 ] || fail "$shown: stderr is not one line: $(head -c 2000 "$work/err")"
    # shellcheck disable=SC2053 # the expected line is a pattern
    [[ "$(cat "$work/err")" == $line ]] || fail "$shown: stderr: $(cat "$work/err")
  expected: $line"
    [ "$before" = "$after" ] || fail "$shown: changed the repository: $after"
}

# An app: one file with a site to rewrite.
app="$work/app"
mkdir -p "$app/App"
cat > "$app/App/FeedView.swift" <<'SWIFT'
import SwiftUI

struct FeedView: View {
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
            print("shown")
        }
    }
}
SWIFT
git -C "$app" init -q && git -C "$app" add . && git -C "$app" commit -qm app

# Standard input that is not there: closed (`<&-`) or a folder (`< /`).
for command in scan diff apply; do
    expect 2 "error: cannot read standard input: it is closed; pipe the file's text into the command" "$app" "<&-" \
        "$command" --stdin-filepath App/FeedView.swift
    expect 2 "error: cannot read standard input: it is a folder, not a file's text" "$app" "< /" \
        "$command" --stdin-filepath App/FeedView.swift
done
for server in lsp mcp; do
    expect 2 "error: cannot read standard input: it is closed; the server reads its client's messages there (an editor or agent starts it with a pipe)" \
        "$app" "<&-" "$server"
    expect 2 "error: cannot read standard input: it is a folder, not a file's text" "$app" "< /" "$server"
done

# A half-typed configuration (saved mid-edit): one line naming where, for every command that reads it.
printf '{"exclude": ["App/"' > "$app/.swiftui-migrate.json"
for command in "scan" "diff" "apply" "apply --in-place"; do
    # shellcheck disable=SC2086 # the command's words
    expect 2 "error: $app/.swiftui-migrate.json:1:20: not valid JSON: expected ',' or ']' after a value in an array, found the end of the file" \
        "$app" "" $command
done
expect 2 "error: $app/.swiftui-migrate.json:1:20: not valid JSON: *" "$app" "< App/FeedView.swift" scan --stdin-filepath App/FeedView.swift

# A configuration that leaves out every file: nothing checked is not a pass.
printf '{"exclude": ["App/", "Other/"]}\n' > "$app/.swiftui-migrate.json"
for command in "scan" "diff" "apply --in-place ."; do
    # shellcheck disable=SC2086
    expect 2 "error: . holds 1 .swift file but the configuration's include/exclude leave it out; nothing was checked — change the globs, or name a file to check it" \
        "$app" "" $command
done

# A hostContainer that would not compile with the Group's members.
for host in Text if; do
    printf '{"hostContainer": "%s"}\n' "$host" > "$app/.swiftui-migrate.json"
    expect 2 "error: $app/.swiftui-migrate.json: 'hostContainer' must be one of ZStack, VStack, HStack, LazyVStack, LazyHStack (a container that takes the Group's views as they are), not '$host'" \
        "$app" "" apply --in-place App/FeedView.swift
done
rm "$app/.swiftui-migrate.json"

# Issue 39: a configuration that is there but is no file to read (it was silently ignored; a link to
# /dev/zero would be read for ever), and standard input past the size limit (`< /dev/zero` was read
# for ever): one line each, exit 2.
for kind in folder pipe dangling device; do
    case $kind in
        folder) mkdir "$app/.swiftui-migrate.json"; why="it is a folder" ;;
        pipe) mkfifo "$app/.swiftui-migrate.json"; why="it is a pipe (FIFO)" ;;
        dangling) ln -s nowhere.json "$app/.swiftui-migrate.json"; why="it is a symbolic link that leads nowhere" ;;
        device) ln -s /dev/zero "$app/.swiftui-migrate.json"; why="it is a device" ;;
    esac
    for command in "scan" "apply --in-place"; do
        # shellcheck disable=SC2086
        expect 2 "error: $app/.swiftui-migrate.json: $why; a configuration must be a regular file" "$app" "" $command
    done
    rm -rf "$app/.swiftui-migrate.json"
done
for command in scan apply; do
    expect 2 "error: standard input holds more than the 4096-byte limit (maxFileSize, --max-file-size); nothing was migrated" \
        "$app" "< /dev/zero" "$command" --max-file-size 4096 --stdin-filepath App/FeedView.swift
done

# A bare repository: no work tree to check.
git clone -q --bare "$app" "$work/App.git"
expect 2 "error: . is a bare git repository, with no work tree to check; run 'swiftui-migrate batch --mode scan .' (it reads HEAD), or 'apply --no-checkout', which commits HEAD's files, migrated, onto a new branch" \
    "$work/App.git" "" scan

# A damaged journal: set aside with a message, not a dead end.
for recovery in --abort --resume; do
    printf '{"version": 1, "cut' > "$app/.git/swiftui-migrate-journal"
    expect 2 "error: the journal $app/.git/swiftui-migrate-journal is damaged: *; it is set aside as $app/.git/swiftui-migrate-journal.damaged. *then run apply again" \
        "$app" "" apply "$recovery"
    [ -e "$app/.git/swiftui-migrate-journal.damaged" ] && [ ! -e "$app/.git/swiftui-migrate-journal" ] \
        || fail "apply $recovery: the damaged journal was not set aside"
    rm -f "$app/.git/swiftui-migrate-journal.damaged"
done

# Issue 39: a repository libgit2 cannot open stops the run with its reason, exit 2, never a walk that
# would take the untracked file (nor a write: `apply --in-place .` rewrote it); --no-git walks.
broken_repository() {
    rm -rf "$work/$1"
    mkdir -p "$work/$1/App"
    cp "$app/App/FeedView.swift" "$work/$1/App/FeedView.swift"
    git -C "$work/$1" init -q && git -C "$work/$1" add . && git -C "$work/$1" commit -qm app
    cp "$app/App/FeedView.swift" "$work/$1/App/Untracked.swift"
}
broken_repository gitfile
rm -rf "$work/gitfile/.git" && echo "gitdir: $work/nowhere" > "$work/gitfile/.git"
broken_repository noobjects
mv "$work/noobjects/.git/objects" "$work/noobjects/.git/objects.moved"
broken_repository norefs
mv "$work/norefs/.git/refs" "$work/norefs/.git/refs.moved"
reason_gitfile="failed to resolve path '$work/nowhere': No such file or directory"
reason_noobjects="could not find repository from '$work/noobjects'"
reason_norefs="could not find repository from '$work/norefs'"
for name in gitfile noobjects norefs; do
    reason_variable="reason_$name"
    reason=${!reason_variable}
    for command in "scan" "diff"; do
        expect 2 "error: cannot list the files git tracks in $work/$name: git: cannot open the repository at $work/$name: $reason" \
            "$work/$name" "" "$command" .
    done
    expect 2 "error: git: cannot open the repository at $work/$name: $reason" "$work/$name" "" apply .
    expect 2 "error: git: cannot open the repository at $work/$name: $reason" "$work/$name" "" apply --in-place .
    expect 2 "error: git: cannot open the repository at $work/$name: $reason" "$work/$name" "" apply --in-place App/FeedView.swift
    expect 2 "error: git: cannot open the repository at $work/$name: $reason" "$work/$name" "" scan App/FeedView.swift
    cases=$((cases + 1))
    (cd "$work/$name" && "$bin" scan --no-git . >"$work/out" 2>/dev/null) && fail "$name: scan --no-git found nothing"
    [ "$(cut -d: -f1 "$work/out" | sort -u | tr '\n' ' ')" = "App/FeedView.swift App/Untracked.swift " ] \
        || fail "$name: scan --no-git did not walk the folder: $(cat "$work/out")"
done
# A repository of another user (root's, the tool run as nobody, as in a CI container): libgit2's
# ownership check. The repository is writable by nobody, so only the tool keeps it unchanged.
if [ "$(id -u)" -eq 0 ] && command -v runuser >/dev/null; then
    chmod 755 "$work"
    broken_repository owned
    chmod -R a+rwX "$work/owned"
    runner="runuser -u nobody --"
    owner="git: cannot open the repository at $work/owned: not owned by current user (git's safe.directory lists the repositories to trust)"
    for command in "scan" "diff"; do
        expect 2 "error: cannot list the files git tracks in $work/owned: $owner" "$work/owned" "" "$command" .
    done
    expect 2 "error: $owner" "$work/owned" "" apply .
    expect 2 "error: $owner" "$work/owned" "" apply --in-place .
    expect 2 "error: $owner" "$work/owned" "" apply --in-place App/FeedView.swift
    expect 2 "error: $owner" "$work/owned" "" scan App/FeedView.swift
    runner=""

    # A folder nobody can search (mode 000) in nobody's repository: never silently clean. Each file not
    # read is named (from the index when git tracks it), and the exit status is 2; a named file in it
    # is "permission denied", not "no such file".
    broken_repository locked
    rm "$work/locked/App/Untracked.swift"
    chown -R nobody "$work/locked"
    chmod 000 "$work/locked/App"
    runner="runuser -u nobody --"
    expect 2 "error: cannot read App/FeedView.swift: Permission denied" "$work/locked" "" scan App/FeedView.swift
    expect 2 "warning: cannot list App: Permission denied; any Swift files in it were not checked" "$work/locked" "" scan --no-git .
    for command in "scan" "diff" "apply --in-place" "apply"; do
        cases=$((cases + 1))
        set +e
        # shellcheck disable=SC2086
        (cd "$work/locked" && runuser -u nobody -- "$bin" $command . >"$work/out" 2>"$work/err")
        status=$?
        set -e
        [ "$status" -eq 2 ] || fail "$command . over a folder of mode 000: exit $status"
        grep -qx "warning: skipped App/FeedView.swift: cannot be read: Permission denied" "$work/err" \
            || fail "$command . over a folder of mode 000: stderr: $(head -c 500 "$work/err")"
    done
    runner=""
    chmod 755 "$work/locked/App"
else
    echo "hostile-cli: not root: the repository of another user and the folder of mode 000 are not tried" >&2
fi

# Issue 39: nesting the parser cannot take (5,000 `[` overflowed its stack; 24 `[` took hours, here
# with no time limit): every command skips the file with one warning naming the depth, in well under
# the 60 s the test allows, exits 0, and changes nothing; `batch` still writes its report.
deep="$work/deep"
mkdir -p "$deep"
python3 - "$deep" <<'PYTHON'
import sys
view = "import SwiftUI\n\nstruct V: View {\n    var body: some View {\n        Text(\"\").onAppear { print(\"x\") }\n    }\n}\n"
open(sys.argv[1] + "/Deep.swift", "w").write(view + "let t = " + "[" * 5000 + "]" * 5000 + "\n")
open(sys.argv[1] + "/Square.swift", "w").write(view + "let t: " + "[" * 24 + "Int" + "]" * 24 + "\n")
open(sys.argv[1] + "/Open.swift", "w").write(view + "let t = " + "[" * 24 + "\n")
# 300 nested Groups: past the parser's limit it gave no finding and said nothing.
groups = "Text(\"a\")"
for _ in range(300):
    groups = "Group { " + groups + " }"
open(sys.argv[1] + "/Conditionals.swift", "w").write(view + "#if a\n" * 5000)
open(sys.argv[1] + "/Groups.swift", "w").write("import SwiftUI\n\nstruct G: View {\n    var body: some View {\n        " + groups + ".onAppear { }\n    }\n}\n")
PYTHON
git -C "$deep" init -q && git -C "$deep" add . && git -C "$deep" commit -qm deep
for command in "scan" "diff" "apply --in-place" "apply" "apply --commit" "scan --format json" "scan --file-timeout none"; do
    for file in Deep Square Open; do
        case $file in
            Deep) depth="brackets 5000 deep, past the 256 levels the parser takes" ;;
            *) depth="'[' 24 deep, past the 8 levels the parser takes in time" ;;
        esac
        cases=$((cases + 1))
        before=$(repository_state "$deep")
        set +e
        # shellcheck disable=SC2086 # the command's words
        (cd "$deep" && timeout 60 "$bin" $command "$file.swift" >"$work/out" 2>"$work/err")
        status=$?
        set -e
        [ "$status" -eq 0 ] || fail "$command $file.swift: exit $status: $(head -c 500 "$work/err")"
        [ "$(head -n 1 "$work/err")" = "warning: skipped $file.swift: nests $depth; not parsed" ] \
            || fail "$command $file.swift: stderr: $(head -c 500 "$work/err")"
        [ "$before" = "$(repository_state "$deep")" ] || fail "$command $file.swift: changed the repository"
    done
done
expect 0 "warning: skipped Conditionals.swift: nests #if 5000 deep, past the 256 levels the parser takes; not parsed" "$deep" "" scan Conditionals.swift
expect 0 "warning: skipped Groups.swift: nests brackets 303 deep, past the 256 levels the parser takes; not parsed" "$deep" "" scan Groups.swift
cases=$((cases + 1))
set +e
(cd "$work" && timeout 60 "$bin" batch --mode scan --report "$work/deep-report.json" deep >"$work/out" 2>"$work/err")
status=$?
set -e
[ "$status" -eq 0 ] && python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); assert r["repositories"][0]["status"] == "clean", r' \
    "$work/deep-report.json" || fail "batch over deep nesting: exit $status, $(head -c 500 "$work/err")"

# Issue 39: `batch --timeout` runs each repository in a process group of its own; a SIGKILL of the batch
# left that process running on, unwatched. Twelve files nested just within the limits (8 `[(a,`,
# 238 more `(a,`, 256 `A<`: seconds each to parse, no time limit) keep the job busy; it must end within 5 s of the batch's death.
slow="$work/slow"
mkdir -p "$slow"
for index in $(seq 12); do
    python3 -c 'import sys; sys.stdout.write("import SwiftUI\nstruct V: View { var body: some View { Text(\"\").onAppear { } } }\n" + "let t = " + "[(a," * 8 + "(a," * 238 + "A<" * 256)' \
        > "$slow/S$index.swift"
done
git -C "$slow" init -q && git -C "$slow" add . && git -C "$slow" commit -qm slow
cases=$((cases + 1))
"$bin" batch --timeout 10m --file-timeout none --mode scan "$slow" >/dev/null 2>&1 &
batch=$!
children=""
for _ in $(seq 50); do
    children=$(pgrep -P "$batch" || true)
    [ -n "$children" ] && break
    sleep 0.1
done
[ -n "$children" ] || fail "batch --timeout started no child process"
kill -9 "$batch"
wait "$batch" 2>/dev/null || true
for _ in $(seq 50); do
    alive=""
    for child in $children; do kill -0 "$child" 2>/dev/null && alive="$alive $child"; done
    [ -z "$alive" ] && break
    sleep 0.1
done
if [ -n "$alive" ]; then
    fail "batch --timeout: its job process outlived a SIGKILL of the batch by 5 s:$alive"
    for child in $alive; do kill -9 "$child"; done
fi

# JSON on a file dense with sites: the order of the text format (it was quadratic: 72 s against 5.9 s
# on 4,000 views). 40 dense views after 50,000 comment lines: each finding's hunk once cost the
# whole file.
python3 - "$root/scripts/lib/bench-dense.py" "$work/Dense.swift" <<'PYTHON'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("bench_dense", sys.argv[1])
dense = importlib.util.module_from_spec(spec)
spec.loader.exec_module(dense)
text = "import SwiftUI\n\n" + "\n".join(dense.VIEW.format(index=index) for index in range(40))
with open(sys.argv[2], "w") as handle:
    handle.write(text + "".join(f"// note {index}\n" for index in range(50000)))
PYTHON
# Processor seconds (user + system) of one run, the findings on stdout to $work/out.
cpu_seconds() {
    local TIMEFORMAT='%3U %3S' times
    times=$( { time "$bin" scan --file-timeout none "$@" "$work/Dense.swift" >"$work/out" 2>/dev/null; } 2>&1 ) || true
    awk '{ print $1 + $2 }' <<<"$times"
}
cases=$((cases + 1))
text=$(cpu_seconds)
findings=$(wc -l < "$work/out")
json=$(cpu_seconds --format json)
# JSON lists the keeps too (the app-wide refresh each view awaits for its effect), which text leaves out.
json_findings=$(python3 -c 'import json, sys; print(sum(f["action"] != "keep" for f in json.load(open(sys.argv[1]))))' "$work/out")
[ "$findings" -gt 100 ] && [ "$json_findings" -eq "$findings" ] || fail "dense file: $findings text findings, $json_findings in JSON"
awk -v json="$json" -v text="$text" 'BEGIN { exit !(json <= 1.5 * text + 0.3) }' \
    || fail "dense file: scan --format json took ${json}s of CPU against ${text}s for the text format"
echo "hostile-cli: dense file ($findings findings): text ${text}s, json ${json}s of CPU" >&2

if [ "$failures" -gt 0 ]; then
    echo "hostile-cli: $failures failed checks in $cases cases" >&2
    exit 1
fi
echo "hostile-cli: $cases cases passed" >&2
