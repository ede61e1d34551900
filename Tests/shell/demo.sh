#!/usr/bin/env bash
# scripts/demo while it builds: one progress line, not the compiler's output (a pipe gets one line,
# a terminal one line rewritten in place), and the whole build log when the build fails. `swift build`
# is a stand-in that prints 300 compile lines (and fails on request); everything else runs for real,
# with the binary scripts/test built.
#   Tests/shell/demo.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "demo: FAIL: $*" >&2; failures=$((failures + 1)); }

real_swift=$(command -v swift)
mkdir -p "$work/bin"
cat >"$work/bin/swift" <<STUB
#!/usr/bin/env bash
if [ "\${1:-}" = build ]; then
    for i in \$(seq 1 300); do echo "[\$i/300] Compiling SwiftUIMigrate File\$i.swift"; done
    [ -n "\${DEMO_TEST_BUILD_FAILS:-}" ] && { echo "error: the stand-in build failed"; exit 1; }
    exit 0
fi
exec "$real_swift" "\$@"
STUB
chmod +x "$work/bin/swift"
export PATH="$work/bin:$PATH"

# Through a pipe: one line before the demo's first command.
"$root/scripts/demo" >"$work/out" 2>"$work/err" || fail "the demo failed: $(tail -5 "$work/err")"
grep -q '^\$ swiftui-migrate scan fixtures/demo' "$work/out" || fail "no scan in the demo's output"
grep -q 'Compiling' "$work/err" && fail "the compiler's lines reached the terminal"
[ "$(grep -c '^demo: ' "$work/err")" = 1 ] || fail "not one progress line: $(grep '^demo: ' "$work/err")"
grep -q '^bootstrap: ' "$work/err" && fail "bootstrap's line was shown"

# On a terminal (script(1) gives the demo one): the build's lines share one line, rewritten with \r.
script -qec "$root/scripts/demo" /dev/null >"$work/tty" 2>&1 || fail "the demo failed on a terminal"
before=$(sed -n '1,/swiftui-migrate scan fixtures\/demo/p' "$work/tty" | tr -d '\r' )
[ "$(printf '%s\n' "$before" | grep -c 'demo: buil')" = 1 ] || fail "not one progress line on a terminal: $before"
grep -q 'Compiling' "$work/tty" && fail "the compiler's lines reached the terminal"

# A failed build: the whole log, then one line saying so; the demo fails.
if DEMO_TEST_BUILD_FAILS=1 "$root/scripts/demo" >"$work/out" 2>"$work/err"; then fail "a failed build did not fail the demo"; fi
[ "$(grep -c 'Compiling' "$work/err")" = 300 ] || fail "the log was not shown whole: $(grep -c Compiling "$work/err") lines"
grep -q 'error: the stand-in build failed' "$work/err" || fail "the build's error is not shown"
grep -q '^demo: the build failed' "$work/err" || fail "no line saying the build failed"
[ -s "$work/out" ] && fail "the demo went on after a failed build: $(head -3 "$work/out")"

if [ "$failures" -gt 0 ]; then
    echo "demo: $failures check(s) failed" >&2
    exit 1
fi
echo "demo: one progress line while building, the whole log on failure (3 runs)"
