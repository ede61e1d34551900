#!/usr/bin/env bash
# Drives `swiftui-migrate apply --interactive` and `diff --interactive` in a real terminal (a
# private tmux server), answering y, n, q to a file with three fixes, and checks:
#   - the screen showed each fix's rule, safety label, a colored hunk and the prompt;
#   - apply --in-place wrote exactly the accepted fix, and the rejected one went to the baseline;
#   - the next review does not ask about the rejected fix again;
#   - diff --interactive printed only the accepted fix and wrote no file;
#   - without a terminal, --interactive is refused with exit status 2.
#
#   Tests/interactive/review-under-tmux.sh [path/to/swiftui-migrate]
# The binary defaults to $SWIFTUI_MIGRATE_BIN. TRANSCRIPT=FILE saves the first review's screen.
set -euo pipefail
bin="${1:-${SWIFTUI_MIGRATE_BIN:?set SWIFTUI_MIGRATE_BIN or pass the binary}}"
command -v tmux >/dev/null || { echo "review-under-tmux: tmux is not installed" >&2; exit 2; }

work=$(mktemp -d)
socket="swiftui-migrate-review-$$"
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

# Three independent fixes, one per view: onappear-task, group-lifecycle, guard-flag-load.
write_demo() {
    cat > "$work/Demo.swift" <<'SWIFT'
import SwiftUI

struct InboxView: View {
    let store: MailStore
    @State private var messages: [String] = []

    var body: some View {
        List(messages, id: \.self) { Text($0) }
            .onAppear {
                Task { messages = await store.inbox() }
            }
    }
}

struct ProfileView: View {
    let isSignedIn: Bool

    var body: some View {
        Group {
            if isSignedIn {
                Text("Profile")
            } else {
                Text("Sign in")
            }
        }
        .onAppear { print("profile appeared") }
    }
}

struct BrewView: View {
    let brewID: String
    @State private var loaded = false
    @State private var name = ""

    var body: some View {
        Text(name)
            .task {
                guard !loaded else { return }
                loaded = true
                name = await BrewStore.shared.name(of: brewID)
            }
    }
}
SWIFT
}

# Starts `command` (run in $work) in a fresh tmux window of 120x50 that stays after it ends.
# Each run gets its own session (review1, review2, …) on one private server.
runs=0
session=""
# A session that lives as long as the test: killing a run's session must not leave the server with none,
# or it exits and the next new-session can reach the exiting server ("server exited unexpectedly").
tmux -L "$socket" -f /dev/null new-session -d -s keeper "sleep 3600"
start() {
    [ -n "$session" ] && tmux -L "$socket" kill-session -t "$session" 2>/dev/null || true
    runs=$((runs + 1))
    session="review$runs"
    tmux -L "$socket" -f /dev/null new-session -d -s "$session" -x 120 -y 50 \
        "cd '$work' && $1; echo \"[exit \$?]\"; sleep 3600"
    tmux -L "$socket" set-option -t "$session" history-limit 5000 >/dev/null
}

screen() { tmux -L "$socket" capture-pane -p -J -S - -t "$session"; }

# Waits (up to 60 s) until the screen shows `count` lines matching `pattern`.
wait_for() {
    local pattern=$1 count=${2:-1}
    for _ in $(seq 600); do
        if [ "$(screen | grep -c -- "$pattern" || true)" -ge "$count" ]; then return 0; fi
        sleep 0.1
    done
    echo "--- screen ---" >&2; screen >&2
    echo "timed out waiting for: $pattern (x$count)" >&2
    exit 1
}

answer() { tmux -L "$socket" send-keys -t "$session" "$1" Enter; }

# Answers y, n, q to the three prompts.
review_y_n_q() {
    wait_for 'Apply this fix \[y,n,a,d,q,?\]?' 1
    answer y
    wait_for 'Apply this fix \[y,n,a,d,q,?\]?' 2
    answer n
    wait_for 'Apply this fix \[y,n,a,d,q,?\]?' 3
    answer q
    wait_for '^\[exit [0-9]*\]'
}

# --- apply --in-place --interactive -------------------------------------------------------
write_demo
start "'$bin' apply --in-place --interactive Demo.swift"
review_y_n_q
shown=$(screen)
colored=$(tmux -L "$socket" capture-pane -p -e -S - -t "$session")
[ -n "${TRANSCRIPT:-}" ] && printf '%s\n' "$shown" > "$TRANSCRIPT"

grep -q '^\[exit 0\]' <<<"$shown" && pass "apply --interactive exits 0" || fail "apply --interactive exit status: $(grep '^\[exit' <<<"$shown")"
grep -q '(1/3) Demo.swift:9:14 \[onappear-task\]' <<<"$shown" && pass "first fix names its place and rule" || fail "no '(1/3) Demo.swift:9:14 [onappear-task]' header"
grep -q '(2/3) Demo.swift:19:9 \[group-lifecycle\]' <<<"$shown" && pass "second fix names its place and rule" || fail "no '(2/3) Demo.swift:19:9 [group-lifecycle]' header"
grep -q '(3/3) Demo.swift:.*\[guard-flag-load\]' <<<"$shown" && pass "third fix names its rule" || fail "no '(3/3) … [guard-flag-load]' header"
[ "$(grep -c '^safety: behavior-change — ' <<<"$shown")" = 3 ] && pass "each fix shows its safety label and reason" || fail "expected 3 'safety: behavior-change — …' lines"
grep -q '^@@ ' <<<"$shown" && grep -q '^+            \.task {' <<<"$shown" && pass "the hunk is shown" || fail "no hunk with '+            .task {'"
grep -q $'\e\\[32m+' <<<"$colored" && pass "the hunk is colored" || fail "no green '+' line in the colored screen"
grep -q 'accepted 1 of 3 fixes; 1 rejected; 1 not reviewed' <<<"$shown" && pass "the tally counts y, n, q" || fail "no tally 'accepted 1 of 3 fixes; 1 rejected; 1 not reviewed'"

grep -q '\.task {' "$work/Demo.swift" && ! grep -q 'Task { messages' "$work/Demo.swift" \
    && pass "the accepted onappear-task fix was written" || fail "Demo.swift lacks the accepted fix"
grep -q '^        Group {' "$work/Demo.swift" && pass "the rejected group-lifecycle fix was not written" || fail "the rejected Group fix was written"
grep -q 'guard !loaded else { return }' "$work/Demo.swift" && pass "the fix left by q was not written" || fail "the guard-flag-load fix was written after q"
baseline="$work/.swiftui-migrate-baseline.json"
if [ -f "$baseline" ] && [ "$(grep -c '"rule" : ' "$baseline")" = 1 ] && grep -q '"rule" : "group-lifecycle"' "$baseline" \
    && grep -q '"file" : "Demo.swift"' "$baseline"; then
    pass "the rejected fix is recorded in .swiftui-migrate-baseline.json"
else
    fail "the baseline does not hold exactly the rejected group-lifecycle fix"; cat "$baseline" >&2 || true
fi

scanned=$(cd "$work" && "$bin" scan --baseline .swiftui-migrate-baseline.json Demo.swift || true)
grep -q 'guard-flag-load' <<<"$scanned" && ! grep -q 'group-lifecycle' <<<"$scanned" \
    && pass "scan --baseline hides the rejected fix" || fail "scan --baseline still reports the rejected fix: $scanned"

# --- the next review does not ask about the rejected fix again ----------------------------
start "'$bin' diff --interactive Demo.swift > again.patch"
wait_for 'Apply this fix \[y,n,a,d,q,?\]?' 1
second=$(screen)
grep -q '(1/1) Demo.swift:.*\[guard-flag-load\]' <<<"$second" && ! grep -q 'group-lifecycle' <<<"$second" \
    && pass "the next review skips the rejected fix" || fail "the next review asked again about the rejected fix"
answer n
wait_for '^\[exit [0-9]*\]'
grep -q 'rejections not recorded (this mode writes no file)' <<<"$(screen)" \
    && pass "diff --interactive records no rejection without --baseline" || fail "diff --interactive did not say its rejection is not recorded"
[ ! -s "$work/again.patch" ] && pass "nothing accepted: empty diff" || fail "again.patch is not empty"

# --- diff --interactive prints only the accepted fix and writes nothing --------------------
write_demo
rm -f "$baseline"
cp "$work/Demo.swift" "$work/Demo.before"
start "'$bin' diff --interactive --color never Demo.swift > accepted.patch"
review_y_n_q
cmp -s "$work/Demo.swift" "$work/Demo.before" && pass "diff --interactive wrote no source file" || fail "diff --interactive changed Demo.swift"
[ ! -e "$baseline" ] && pass "diff --interactive wrote no baseline" || fail "diff --interactive wrote a baseline without --baseline"
patch=$(cat "$work/accepted.patch")
grep -q '^+            \.task {' <<<"$patch" && ! grep -q 'ZStack' <<<"$patch" && ! grep -q 'task(id:' <<<"$patch" \
    && pass "the diff holds exactly the accepted fix" || { fail "accepted.patch is not exactly the accepted fix"; echo "$patch" >&2; }
! grep -q $'\e' "$work/accepted.patch" && pass "the redirected diff has no prompts or colors" || fail "escape codes in accepted.patch"

# --- apply --interactive --commit: the accepted fixes are what gets committed --------------
write_demo
rm -f "$baseline" "$work/accepted.patch" "$work/again.patch" "$work/Demo.before"
git_quiet() { git -C "$work" -c user.name=Test -c user.email=test@example.com -c commit.gpgsign=false "$@" >/dev/null; }
git_quiet init -q -b main
git_quiet add Demo.swift
git_quiet commit -q -m initial
start "'$bin' apply --interactive --commit --author 'Test <test@example.com>'"
wait_for 'Apply this fix \[y,n,a,d,q,?\]?' 1
answer '?'
wait_for '^d - do not apply this fix or any later fix in this file'
answer y
wait_for 'Apply this fix \[y,n,a,d,q,?\]?' 3
answer d
wait_for '^\[exit [0-9]*\]'
committed=$(git -C "$work" show --format= HEAD -- Demo.swift)
grep -q '^+            \.task {' <<<"$committed" && ! grep -q 'ZStack' <<<"$committed" && ! grep -q 'task(id:' <<<"$committed" \
    && pass "apply --interactive --commit committed exactly the accepted fix" || { fail "the commit is not exactly the accepted fix"; echo "$committed" >&2; }
[ "$(git -C "$work" rev-parse --abbrev-ref HEAD)" = swiftui-migrate/lifecycle ] && pass "on the migration branch" || fail "HEAD is not on swiftui-migrate/lifecycle"
[ "$(grep -c '"rule" : ' "$baseline" 2>/dev/null)" = 2 ] && pass "d recorded the rest of the file (2 fixes) in the baseline" || fail "the baseline does not hold the 2 fixes rejected with d"
[ -z "$(git -C "$work" status --porcelain --untracked-files=no)" ] && pass "nothing else staged or changed" || fail "git status is not clean: $(git -C "$work" status --porcelain)"
rm -rf "$work/.git" "$baseline"
cp "$work/Demo.swift" "$work/Demo.before"

# --- no terminal: refused ------------------------------------------------------------------
set +e
message=$(cd "$work" && setsid -w "$bin" apply --in-place --interactive Demo.swift </dev/null 2>&1 >/dev/null)
status=$?
set -e
[ "$status" = 2 ] && grep -q 'error: --interactive needs a terminal' <<<"$message" \
    && pass "without a terminal --interactive is refused (exit 2)" || fail "no-terminal run: status $status, '$message'"
cmp -s "$work/Demo.swift" "$work/Demo.before" && pass "the refused run changed nothing" || fail "the refused run changed Demo.swift"

if [ "$failures" -gt 0 ]; then echo "review-under-tmux: $failures check(s) failed" >&2; exit 1; fi
echo "review-under-tmux: all checks passed"
