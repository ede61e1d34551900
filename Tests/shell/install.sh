#!/usr/bin/env bash
# scripts/install: into a temporary prefix, the installed binary runs (scan finds a Group+onAppear),
# the bash completion it installed loads; --uninstall leaves the prefix as it was (nothing in a new
# one; a shared folder's other files untouched).
#   Tests/shell/install.sh <swiftui-migrate binary>   installs that binary (--binary), then lets the script
#                                                      build in release itself and installs that
#   SWIFTUI_MIGRATE_INSTALL_BUILD=0 …                  skips the release build (a few minutes in package mode)
set -euo pipefail
bin=$(readlink -f "${1:?usage: install.sh <swiftui-migrate binary>}")
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "install: FAIL: $*" >&2; failures=$((failures + 1)); }
files=(bin/swiftui-migrate share/bash-completion/completions/swiftui-migrate share/zsh/site-functions/_swiftui-migrate
    share/fish/vendor_completions.d/swiftui-migrate.fish)

cat >"$work/ContentView.swift" <<'SWIFT'
import SwiftUI

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
}
SWIFT

# check_installed PREFIX: the files are there and work.
check_installed() {
    local prefix=$1 file status
    for file in "${files[@]}" share/swiftui-migrate/install-manifest; do
        [ -f "$prefix/$file" ] || fail "$prefix/$file is missing"
    done
    [ -x "$prefix/bin/swiftui-migrate" ] || fail "the binary is not executable"
    "$prefix/bin/swiftui-migrate" --version | grep -q "^swiftui-migrate " || fail "the installed binary does not run"
    status=0
    (cd "$work" && env -i PATH="$prefix/bin:/usr/bin:/bin" swiftui-migrate scan ContentView.swift) >"$work/scan" 2>&1 || status=$?
    [ "$status" = 1 ] && grep -q "\[group-lifecycle\]" "$work/scan" || fail "the installed binary's scan: exit $status, $(cat "$work/scan")"
    bash --norc -c "source '$prefix/share/bash-completion/completions/swiftui-migrate' && complete -p swiftui-migrate" >/dev/null 2>&1 \
        || fail "the installed bash completion does not register"
    grep -q "^#compdef swiftui-migrate" "$prefix/share/zsh/site-functions/_swiftui-migrate" || fail "the zsh completion is not a #compdef function"
    grep -q "^complete -c swiftui-migrate" "$prefix/share/fish/vendor_completions.d/swiftui-migrate.fish" || fail "the fish completion is empty"
}

# 1. A new prefix: install, use, uninstall leaves it empty.
prefix="$work/new prefix"
"$root/scripts/install" --prefix "$prefix" --binary "$bin" 2>"$work/log" || fail "install failed: $(cat "$work/log")"
grep -q "installed swiftui-migrate" "$work/log" || fail "install did not say what it installed: $(cat "$work/log")"
if "$bin" --version | grep -q "SwiftSyntax: toolchain"; then
    grep -q "toolchain mode" "$work/log" || fail "install did not mention toolchain mode's libraries: $(cat "$work/log")"
fi
check_installed "$prefix"
# Reinstalling over an install is fine, and still uninstalls cleanly.
"$root/scripts/install" --prefix "$prefix" --binary "$bin" 2>"$work/log" || fail "reinstall failed: $(cat "$work/log")"
check_installed "$prefix"
"$root/scripts/install" --prefix "$prefix" --uninstall 2>"$work/log" || fail "uninstall failed: $(cat "$work/log")"
left=$(cd "$prefix" && find . -mindepth 1)
[ -z "$left" ] || fail "uninstall left: $left"

# 2. A shared prefix (like /usr/local): other files and their folders stay.
shared="$work/shared"
mkdir -p "$shared/bin" "$shared/share/zsh/site-functions"
echo other >"$shared/bin/other-tool"
echo other >"$shared/share/zsh/site-functions/_other"
before=$(cd "$shared" && find . | sort)
"$root/scripts/install" --prefix "$shared" --binary "$bin" 2>"$work/log" || fail "install (shared) failed: $(cat "$work/log")"
check_installed "$shared"
"$root/scripts/install" --prefix "$shared" --uninstall 2>"$work/log" || fail "uninstall (shared) failed: $(cat "$work/log")"
after=$(cd "$shared" && find . | sort)
[ "$before" = "$after" ] || fail "uninstall (shared) did not restore the prefix: $(diff <(echo "$before") <(echo "$after") || true)"

# 3. Usage errors.
status=0
"$root/scripts/install" --bogus >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "an unknown argument: exit $status, expected 2"

# 4. As a user runs it: the script builds in release itself.
if [ "${SWIFTUI_MIGRATE_INSTALL_BUILD:-1}" != 0 ]; then
    prefix="$work/built"
    "$root/scripts/install" --prefix "$prefix" 2>"$work/log" || fail "install with a release build failed: $(tail -5 "$work/log")"
    check_installed "$prefix"
    release=$("$root/scripts/build" -c release 2>/dev/null)
    cmp -s "$prefix/bin/swiftui-migrate" "$release" || fail "the installed binary is not the release build ($release)"
    "$root/scripts/install" --prefix "$prefix" --uninstall 2>/dev/null
    [ -z "$(cd "$prefix" && find . -mindepth 1)" ] || fail "uninstall after a release build left files"
fi

if [ "$failures" -gt 0 ]; then exit 1; fi
echo "install: installed into a new and a shared prefix$([ "${SWIFTUI_MIGRATE_INSTALL_BUILD:-1}" != 0 ] && echo ", and a release build"), ran the installed binary, uninstalled cleanly"
