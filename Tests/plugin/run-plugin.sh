#!/usr/bin/env bash
# Runs the SwiftPM command plugins the way a package user does: a package that depends on this
# one by local path, with fixtures/demo's app as its target, then
#   swift package plugin swiftui-migrate scan|diff            (read-only: no permission asked)
#   swift package plugin swiftui-migrate apply --in-place     (refused: apply is the other plugin)
#   swift package plugin swiftui-migrate-apply --in-place     (refused without write permission)
#   swift package plugin --allow-writing-to-package-directory swiftui-migrate-apply --in-place
#
#   Tests/plugin/run-plugin.sh [consumer-folder]
# The consumer package lives in a folder that is kept (default .build/plugin-consumer), so only
# the first run builds the tool from scratch. SWIFTUI_MIGRATE_SYNTAX (set by scripts/test) is
# passed on: in toolchain mode this package's manifest uses unsafeFlags, which SwiftPM accepts
# from a dependency referenced by local path (it refuses them from remote dependencies).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
consumer="${1:-$root/.build/plugin-consumer}"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

mkdir -p "$consumer"
rm -rf "$consumer/Sources"
mkdir -p "$consumer/Sources/BrewJournal"
cp -R "$root/fixtures/demo/BrewJournal/." "$consumer/Sources/BrewJournal/"
cat > "$consumer/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BrewJournal",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(path: "$root")],
    targets: [.target(name: "BrewJournal")]
)
SWIFT
# A package is normally its own git repository, and the tool reads only tracked files inside
# one: make the consumer a repository, so the run does not depend on where it lives (inside
# this project's checkout its files would otherwise be untracked files of this repository).
rm -rf "$consumer/.git"
printf '.build/\nstderr.log\n' > "$consumer/.gitignore"
git -C "$consumer" init -q
git -C "$consumer" add .gitignore Package.swift Sources
git -C "$consumer" -c user.name=Plugin -c user.email=plugin@example.com -c commit.gpgsign=false commit -q -m "consumer package"
cd "$consumer"
snapshot() { find Sources -type f -exec cksum {} + | sort; }
before=$(snapshot)

# Runs `swift package …` in the consumer; sets status, out (stdout) and err (stderr minus build lines).
package() {
    set +e
    out=$(swift package --scratch-path "$consumer/.build" "$@" 2>"$consumer/stderr.log" </dev/null)
    status=$?
    set -e
    err=$(grep -v -E '^\[[0-9]+/[0-9]+\]|^Build|^Building|warning:|^ *[0-9]* \||^ *\|' "$consumer/stderr.log" || true)
}

package plugin swiftui-migrate scan
if [ "$status" = 1 ] && [ "$(grep -c ': warning: ' <<<"$out")" = 4 ] \
    && grep -q '^Sources/BrewJournal/Views/StartView.swift:11:13: warning: .*\[group-lifecycle\]$' <<<"$out" \
    && grep -q '\[guard-flag-load\]$' <<<"$out" && grep -q '\[onappear-task\]$' <<<"$out" \
    && grep -q '\[appear-change-load\]$' <<<"$out"; then
    pass "scan lists the demo's four findings in the target's folder and exits 1"
else
    fail "scan: status $status"; echo "$out" >&2; echo "$err" >&2
fi

package plugin swiftui-migrate diff
if [ "$status" = 0 ] && grep -q '^+++ b/Sources/BrewJournal/Views/StartView.swift$' <<<"$out" && grep -q '^+ *ZStack {' <<<"$out"; then
    pass "diff prints the migration as a patch"
else
    fail "diff: status $status"; echo "$out" >&2; echo "$err" >&2
fi
[ "$(snapshot)" = "$before" ] && pass "scan and diff changed no file" || fail "scan or diff changed a source file"

package plugin swiftui-migrate apply --in-place
[ "$status" != 0 ] && grep -q "apply writes files: run 'swift package plugin --allow-writing-to-package-directory swiftui-migrate-apply --in-place'" <<<"$err" \
    && pass "the read-only plugin refuses apply and names the apply plugin" || { fail "read-only plugin ran apply (status $status)"; echo "$err" >&2; }

package plugin swiftui-migrate-apply --in-place
[ "$status" != 0 ] && grep -qi 'permission to write to the package directory' <<<"$err" \
    && pass "the apply plugin asks for write permission" || { fail "apply plugin ran without permission (status $status)"; echo "$err" >&2; }
[ "$(snapshot)" = "$before" ] && pass "the refused runs changed no file" || fail "a refused run changed a source file"

package plugin --allow-writing-to-package-directory swiftui-migrate-apply --in-place
if [ "$status" = 0 ] && grep -q '^ *ZStack {' Sources/BrewJournal/Views/StartView.swift \
    && grep -q 'task(id: brewID)' Sources/BrewJournal/Views/BrewDetailView.swift; then
    pass "with --allow-writing-to-package-directory apply --in-place rewrites the target's files"
else
    fail "apply plugin: status $status"; echo "$err" >&2
fi
package plugin swiftui-migrate scan
[ "$status" = 0 ] && pass "after apply, scan finds nothing to migrate" || { fail "after apply, scan: status $status"; echo "$out" >&2; }

if [ "$failures" -gt 0 ]; then echo "run-plugin: $failures check(s) failed" >&2; exit 1; fi
echo "run-plugin: all checks passed"
