#!/usr/bin/env bash
# Runs the SwiftPM command plugins the way a package user does: a package that depends on this
# one by local path, with fixtures/demo's app as its target, then
#   swift package plugin swiftui-migrate scan|diff            (read-only: no permission asked)
#   swift package plugin swiftui-migrate apply --in-place     (refused: apply is the other plugin)
#   swift package plugin swiftui-migrate-apply --in-place     (refused without write permission)
#   swift package plugin --allow-writing-to-package-directory swiftui-migrate-apply --in-place
# then the build-tool plugin: two more targets with the same files (fixtures/demo's roaster views,
# which compile against fixtures/SwiftUIStub, a `SwiftUI` target here on Linux), one of them using
# SwiftUIMigrateBuildPlugin:
#   swift build --target Roasters        its file's finding as a warning line, nobody else's; exit 0
#   swift build --target RoastersCopy    no plugin, no finding
#   and for Roasters: "failBuild": true fails the build; the nearest baseline hides the finding.
# and last the plugins' Xcode half, type-checked against a stand-in XcodeProjectPlugin module.
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
# manifest TARGETS: writes the consumer's Package.swift with these targets (Swift, one per line).
manifest() {
    cat > "$consumer/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BrewJournal",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(path: "$root")],
    targets: [
$1
    ]
)
SWIFT
}
manifest '        .target(name: "BrewJournal"),'
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

# The build-tool plugin. The roaster views compile against the SwiftUI stand-in (no SwiftUI on
# Linux; on macOS the real one is used); BrewJournal itself does not compile, so each build names its target.
rm -rf Sources/Roasters Sources/RoastersCopy Sources/SwiftUI
git checkout -q -- Sources/BrewJournal  # as committed: its four findings back, for the build plugin to leave alone
for target in Roasters RoastersCopy; do
    mkdir -p "Sources/$target"
    cp "$root/fixtures/demo/BrewJournal/Models/JournalModels.swift" "$root/fixtures/demo/BrewJournal/Views/RoasterPickerView.swift" \
        "$root/fixtures/demo/BrewJournal/Views/RoasterView.swift" "Sources/$target/"
done
swiftui_target="" swiftui_dependency=""
if [ "$(uname)" != Darwin ]; then
    mkdir -p Sources/SwiftUI && cp "$root"/fixtures/SwiftUIStub/*.swift Sources/SwiftUI/
    swiftui_target='.target(name: "SwiftUI"),' swiftui_dependency='"SwiftUI"'
fi
# A package dependency by path is known by its folder's name.
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
manifest "        .target(name: \"BrewJournal\"),
        $swiftui_target
        .target(
            name: \"Roasters\", dependencies: [$swiftui_dependency],
            plugins: [.plugin(name: \"SwiftUIMigrateBuildPlugin\", package: \"$identity\")]),
        .target(name: \"RoastersCopy\", dependencies: [$swiftui_dependency]),"
# Runs `swift build --target NAME`; sets status and log (stdout and stderr).
build() {
    set +e
    log=$(swift build --scratch-path "$consumer/.build" --target "$1" 2>&1 </dev/null)
    status=$?
    set -e
}
finding="$consumer/Sources/Roasters/RoasterPickerView.swift:13:14: warning: load with one task(id:) instead of a start and onChange doing the same work"
build Roasters
if [ "$status" = 0 ] && [ "$(grep -c -F "$finding" <<<"$log")" = 1 ] && [ "$(grep -c '\[[a-z-]*\]$' <<<"$log")" = 1 ] \
    && grep -q '\[appear-change-load\]$' <<<"$log"; then
    pass "swift build of the target using the build plugin: its one finding as a warning at its line, exit 0"
else
    fail "build plugin: status $status"; echo "$log" >&2
fi
if grep -q 'Sources/BrewJournal/\|Sources/RoastersCopy/' <<<"$log"; then
    fail "the build plugin looked past its target's files"; echo "$log" >&2
else
    pass "the build plugin names only its target's files (not BrewJournal's or RoastersCopy's, which have findings too)"
fi
build RoastersCopy
if [ "$status" = 0 ] && ! grep -q ': warning: .*\[[a-z-]*\]$\|swiftui-migrate scan' <<<"$log"; then
    pass "a target without the plugin: no finding in its build"
else
    fail "RoastersCopy build: status $status"; echo "$log" >&2
fi
# The command declares no outputs, so it runs on every build: a configuration change counts at once.
echo '{ "failBuild": true }' > Sources/Roasters/.swiftui-migrate.json
build Roasters
if [ "$status" != 0 ] && grep -q -F "$finding" <<<"$log" \
    && grep -q -F 'error: 1 file with findings that ask for action, and their configuration sets "failBuild": true' <<<"$log"; then
    pass "\"failBuild\": true in the target's .swiftui-migrate.json fails the build, with the finding and one error line"
else
    fail "failBuild: status $status"; echo "$log" >&2
fi
rm Sources/Roasters/.swiftui-migrate.json
# The tool as the build built it for the plugin (SwiftPM names a plugin's host tool NAME-tool).
for tool in "$consumer/.build/debug/swiftui-migrate-tool" "$consumer/.build/debug/swiftui-migrate"; do [ -x "$tool" ] && break; done
"$tool" scan --quiet --write-baseline .swiftui-migrate-baseline.json Sources/Roasters >/dev/null 2>&1
build Roasters
if [ "$status" = 0 ] && ! grep -q '\[appear-change-load\]' <<<"$log"; then
    pass "the nearest .swiftui-migrate-baseline.json (the package's root) hides the finding it records"
else
    fail "baseline: status $status"; echo "$log" >&2
fi
rm .swiftui-migrate-baseline.json

# The Xcode half (XcodeBuildToolPlugin, XcodeCommandPlugin) compiles only in Xcode: type-check each
# plugin with it switched on, against a stand-in module declaring what that code uses.
plugin_api="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/pm/PluginAPI"
stand_in="$consumer/.build/xcode-stand-in"
mkdir -p "$stand_in"
if swiftc -parse-as-library -swift-version 6 -package-description-version 6.0.0 -I "$plugin_api" -emit-module -module-name XcodeProjectPlugin \
    -emit-module-path "$stand_in/XcodeProjectPlugin.swiftmodule" "$root/Tests/plugin/XcodeProjectPluginStandIn.swift" 2>"$consumer/stderr.log" \
    && printf '#if !canImport(XcodeProjectPlugin)\n#error("the stand-in is not seen")\n#endif\n' >"$stand_in/probe.swift" \
    && swiftc -typecheck -I "$stand_in" "$stand_in/probe.swift" 2>>"$consumer/stderr.log"; then
    for plugin in SwiftUIMigratePlugin SwiftUIMigrateApplyPlugin SwiftUIMigrateBuildPlugin; do
        if log=$(swiftc -typecheck -parse-as-library -swift-version 6 -package-description-version 6.0.0 -I "$plugin_api" -I "$stand_in" \
            "$root/Plugins/$plugin/"*.swift 2>&1) && [ -z "$log" ]; then
            pass "$plugin's Xcode conformance type-checks (against the stand-in XcodeProjectPlugin)"
        else
            fail "$plugin's Xcode conformance does not type-check"; echo "$log" >&2
        fi
    done
else
    fail "the stand-in XcodeProjectPlugin does not build"; cat "$consumer/stderr.log" >&2
fi

if [ "$failures" -gt 0 ]; then echo "run-plugin: $failures check(s) failed" >&2; exit 1; fi
echo "run-plugin: all checks passed"
