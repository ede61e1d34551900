#!/usr/bin/env bash
# scripts/xcode-run-script (the Run Script build phase of docs/xcode.md), run by /bin/sh with the
# environment Xcode gives a phase — SRCROOT, SCRIPT_INPUT_FILE_COUNT and SCRIPT_INPUT_FILE_n,
# SCRIPT_INPUT_FILE_LIST_COUNT and SCRIPT_INPUT_FILE_LIST_n, ENABLE_USER_SCRIPT_SANDBOXING — and
# nothing else of this shell's (env -i), on a git copy of fixtures/demo as the project. It checks the
# lines Xcode reads (file:line:col: warning: … [rule]) and the exit status:
#   - the input files only, not the rest of SRCROOT; no inputs: SRCROOT's tracked files;
#   - sandboxing on: without declared inputs one warning line and nothing checked; with an input
#     file list, its Swift files;
#   - a kept site prints nothing; the nearest baseline hides what it records; "failBuild": true exits 1 with an error line;
#     a broken configuration exits 2; the binary missing: one warning line, exit 0.
#   Tests/shell/xcode-run-script.sh <swiftui-migrate binary>
set -euo pipefail
bin=$(readlink -f "${1:?usage: xcode-run-script.sh <swiftui-migrate binary>}")
root=$(cd "$(dirname "$0")/../.." && pwd)
script="$root/scripts/xcode-run-script"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "xcode-run-script: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

mkdir -p "$work/bin" "$work/empty-bin"
ln -s "$bin" "$work/bin/swiftui-migrate"
# The project: fixtures/demo's app in a repository of its own (a folder contributes its tracked files).
project="$work/BrewJournal"
mkdir -p "$project"
cp -R "$root/fixtures/demo/BrewJournal" "$project/"
git -C "$project" init -q
git -C "$project" add .
git -C "$project" -c user.name=Test -c user.email=test@example.com -c commit.gpgsign=false commit -qm app
views="$project/BrewJournal/Views"

# phase VAR=VALUE…: runs the script as Xcode runs a phase (/bin/sh, only Xcode's variables, a PATH
# like Xcode's with the binary's folder first); sets status, out (stdout) and err (stderr).
phase() {
    set +e
    out=$(cd "$project" && env -i HOME="$HOME" PATH="$work/bin:/usr/bin:/bin" SRCROOT="$project" "$@" \
        /bin/sh "$script" 2>"$work/stderr")
    status=$?
    set -e
    err=$(cat "$work/stderr")
}
# findings: the finding lines of the output, as "file:line:col rule" (the file relative to the project).
findings() {
    sed -n "s|^$project/\(.*\):\([0-9]*\):\([0-9]*\): warning: .* \[\([a-z-]*\)\]\$|\1:\2:\3 \4|p" <<<"$out"
}
report() { echo "status $status; stdout:"; echo "$out"; echo "stderr:"; echo "$err"; } >&2

# Two input files (a target of two files): their findings only, one Xcode line each, exit 0.
phase SCRIPT_INPUT_FILE_COUNT=2 SCRIPT_INPUT_FILE_0="$views/StartView.swift" SCRIPT_INPUT_FILE_1="$views/BrewListView.swift" \
    ENABLE_USER_SCRIPT_SANDBOXING=NO
expected=$'BrewJournal/Views/BrewListView.swift:23:10 onappear-task\nBrewJournal/Views/StartView.swift:11:13 group-lifecycle'
if [ "$status" = 0 ] && [ "$(findings | sort)" = "$expected" ] && [ "$(wc -l <<<"$out")" = 2 ] && [ -z "$err" ]; then
    pass "the input files' findings only, as file:line:col: warning: lines, exit 0"
else
    fail "input files"; report
fi

# macOS's /bin/sh is bash in POSIX mode (this machine's is dash): the same phase there.
set +e
bash_out=$(cd "$project" && env -i HOME="$HOME" PATH="$work/bin:/usr/bin:/bin" SRCROOT="$project" SCRIPT_INPUT_FILE_COUNT=2 \
    SCRIPT_INPUT_FILE_0="$views/StartView.swift" SCRIPT_INPUT_FILE_1="$views/BrewListView.swift" bash --posix "$script" 2>&1)
bash_status=$?
set -e
[ "$bash_status" = 0 ] && [ "$bash_out" = "$out" ] && pass "bash --posix (macOS's /bin/sh) prints the same lines" \
    || fail "bash --posix: status $bash_status: $bash_out"

# A site checked and kept (onappear-task's sentinel host): nothing at all, not even the line counting it.
cp "$root/fixtures/onappear-task/hidden-sentinel.before.swift" "$work/Sentinel.swift"
phase SCRIPT_INPUT_FILE_COUNT=1 SCRIPT_INPUT_FILE_0="$work/Sentinel.swift"
[ "$status" = 0 ] && [ -z "$out$err" ] && pass "a kept site stays hidden, with no count line" || { fail "kept site"; report; }

# No input files: the project's tracked Swift files under SRCROOT.
phase ENABLE_USER_SCRIPT_SANDBOXING=NO
if [ "$status" = 0 ] && [ "$(findings | wc -l)" = 4 ] && grep -q '^BrewJournal/Views/RoasterPickerView.swift:13:14 appear-change-load$' <<<"$(findings)" \
    && grep -q 'BrewDetailView.swift:11:14 guard-flag-load$' <<<"$(findings)"; then
    pass "without input files, SRCROOT's four findings, exit 0"
else
    fail "SRCROOT"; report
fi

# Sandboxing on and no inputs declared: nothing can be read, so one warning saying what to do.
phase ENABLE_USER_SCRIPT_SANDBOXING=YES
if [ "$status" = 0 ] && [ -z "$(findings)" ] && [ "$(wc -l <<<"$out")" = 1 ] \
    && grep -q '^warning: swiftui-migrate checked nothing: with ENABLE_USER_SCRIPT_SANDBOXING = YES .*input file list' <<<"$out"; then
    pass "sandboxing without declared inputs: one warning line, nothing checked, exit 0"
else
    fail "sandboxing without inputs"; report
fi

# Sandboxing on, the inputs in an input file list (as Xcode resolves it: one absolute path a line,
# the configuration beside the Swift files, the last line without a line break).
printf '%s\n%s\n%s' "$views/RoasterPickerView.swift" "$project/.swiftui-migrate.json" "$views/BrewDetailView.swift" >"$work/inputs.xcfilelist"
echo '{ "rules": { "guard-flag-load": false } }' >"$project/.swiftui-migrate.json"
phase ENABLE_USER_SCRIPT_SANDBOXING=YES SCRIPT_INPUT_FILE_LIST_COUNT=1 SCRIPT_INPUT_FILE_LIST_0="$work/inputs.xcfilelist"
if [ "$status" = 0 ] && [ "$(findings)" = "BrewJournal/Views/RoasterPickerView.swift:13:14 appear-change-load" ]; then
    pass "sandboxing with an input file list: its Swift files, under the nearest .swiftui-migrate.json (guard-flag-load off)"
else
    fail "input file list"; report
fi
rm "$project/.swiftui-migrate.json"

# The nearest baseline (at the repository's root, SRCROOT a folder below it) hides what it records.
(cd "$project" && "$bin" scan --quiet --write-baseline .swiftui-migrate-baseline.json BrewJournal/Views/StartView.swift >/dev/null 2>&1)
phase SRCROOT="$project/BrewJournal" ENABLE_USER_SCRIPT_SANDBOXING=NO
if [ "$status" = 0 ] && [ "$(findings | wc -l)" = 3 ] && ! grep -q 'StartView' <<<"$out"; then
    pass "the baseline above SRCROOT hides the finding it records (3 of 4 left)"
else
    fail "baseline"; report
fi
rm "$project/.swiftui-migrate-baseline.json"

# "failBuild": true: the findings still print, and the phase fails with one error line saying why.
echo '{ "failBuild": true }' >"$project/.swiftui-migrate.json"
phase SCRIPT_INPUT_FILE_COUNT=1 SCRIPT_INPUT_FILE_0="$views/StartView.swift"
if [ "$status" = 1 ] && [ "$(findings)" = "BrewJournal/Views/StartView.swift:11:13 group-lifecycle" ] \
    && [ "$err" = 'error: 1 file with findings that ask for action, and their configuration sets "failBuild": true' ]; then
    pass "failBuild: true fails the phase (exit 1) with one error line"
else
    fail "failBuild"; report
fi
# A file without findings under the same configuration passes.
phase SCRIPT_INPUT_FILE_COUNT=1 SCRIPT_INPUT_FILE_0="$project/BrewJournal/Models/JournalModels.swift"
[ "$status" = 0 ] && [ -z "$out$err" ] && pass "failBuild: true with nothing to migrate: exit 0, silent" || { fail "failBuild, clean file"; report; }

# A broken configuration is the tool's one-line error and exit 2: the build stops on it.
echo '{ "failBuild": "yes" }' >"$project/.swiftui-migrate.json"
phase SCRIPT_INPUT_FILE_COUNT=1 SCRIPT_INPUT_FILE_0="$views/StartView.swift"
if [ "$status" = 2 ] && [ "$err" = "error: $project/.swiftui-migrate.json: 'failBuild' must be true or false" ]; then
    pass "a broken configuration: one error line, exit 2"
else
    fail "broken configuration"; report
fi
rm "$project/.swiftui-migrate.json"

# The binary missing (not on PATH; the Homebrew and install prefixes checked on this machine first).
installed=""
for prefix in /opt/homebrew/bin /usr/local/bin; do [ -x "$prefix/swiftui-migrate" ] && installed="$prefix/swiftui-migrate"; done
set +e
out=$(env -i HOME="$HOME" PATH="$work/empty-bin:/usr/bin:/bin" SRCROOT="$project" SCRIPT_INPUT_FILE_COUNT=1 \
    SCRIPT_INPUT_FILE_0="$views/StartView.swift" /bin/sh "$script" 2>&1)
status=$?
set -e
err=""
if [ -n "$installed" ]; then
    echo "xcode-run-script: note: $installed is installed, so the missing-binary case is checked as finding it there" >&2
    [ "$status" = 0 ] && grep -q "^$project/BrewJournal/Views/StartView.swift:11:13: warning:" <<<"$out" \
        && pass "not on PATH: found at $installed" || { fail "binary at $installed"; report; }
elif [ "$status" = 0 ] && [ "$(wc -l <<<"$out")" = 1 ] \
    && grep -q '^warning: swiftui-migrate not found (not on PATH, nor in /opt/homebrew/bin or /usr/local/bin); install it' <<<"$out"; then
    pass "binary missing: one warning line, exit 0"
else
    fail "binary missing"; report
fi
# SWIFTUI_MIGRATE_BINARY names the binary (a custom prefix); a wrong one is the same warning, naming it.
phase PATH="$work/empty-bin:/usr/bin:/bin" SWIFTUI_MIGRATE_BINARY="$bin" SCRIPT_INPUT_FILE_COUNT=1 SCRIPT_INPUT_FILE_0="$views/StartView.swift"
[ "$status" = 0 ] && [ "$(findings)" = "BrewJournal/Views/StartView.swift:11:13 group-lifecycle" ] \
    && pass "SWIFTUI_MIGRATE_BINARY names the binary" || { fail "SWIFTUI_MIGRATE_BINARY"; report; }
phase SWIFTUI_MIGRATE_BINARY="$work/nowhere/swiftui-migrate" SCRIPT_INPUT_FILE_COUNT=1 SCRIPT_INPUT_FILE_0="$views/StartView.swift"
[ "$status" = 0 ] && [ "$out" = "warning: swiftui-migrate not found ($work/nowhere/swiftui-migrate); install it (scripts/install puts it in /usr/local/bin) or set SWIFTUI_MIGRATE_BINARY to its path" ] \
    && pass "a wrong SWIFTUI_MIGRATE_BINARY: the warning names it" || { fail "wrong SWIFTUI_MIGRATE_BINARY"; report; }

# docs/xcode.md shows the script to paste: the fenced block starting "#!/bin/sh" is the file.
documented=$(awk '/^```sh$/ { inside = 1; block = ""; next } /^```$/ { if (inside && block ~ /^#!\/bin\/sh\n/) printf "%s", block; inside = 0; next } inside { block = block $0 "\n" }' "$root/docs/xcode.md")
[ "$documented" = "$(cat "$script")" ] && pass "docs/xcode.md shows scripts/xcode-run-script as it is" \
    || fail "docs/xcode.md's Run Script differs from scripts/xcode-run-script: $(diff <(echo "$documented") "$script" | head -5)"

[ -z "$(git -C "$project" status --porcelain)" ] && pass "the project is unchanged" || fail "the phase changed the project: $(git -C "$project" status --porcelain)"
if [ "$failures" -gt 0 ]; then echo "xcode-run-script: $failures check(s) failed" >&2; exit 1; fi
echo "xcode-run-script: all checks passed"
