# Sourced by scripts/build, scripts/test and scripts/bench: runs bootstrap and sets
#   SWIFTUI_MIGRATE_SYNTAX  the mode (exported; Package.swift reads it)
#   scratch                 the build folder for that mode (.build/<mode>)
#   swift_flags             extra `swift build`/`swift test` arguments (an array)
# In toolchain mode the toolchain's host modules are also passed with -Xswiftc -I, because the
# test runner module SwiftPM synthesises gets no target settings from Package.swift.
# SWIFTUI_MIGRATE_ROOT builds another checkout with these scripts (scripts/bench --against REV).
root=${SWIFTUI_MIGRATE_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
SWIFTUI_MIGRATE_SYNTAX="$("$root/scripts/bootstrap")"
export SWIFTUI_MIGRATE_SYNTAX
scratch="$root/.build/$SWIFTUI_MIGRATE_SYNTAX"
swift_flags=(--scratch-path "$scratch")
if [ "$SWIFTUI_MIGRATE_SYNTAX" = toolchain ]; then
    if [ -n "${SWIFTUI_MIGRATE_TOOLCHAIN:-}" ]; then
        host="$SWIFTUI_MIGRATE_TOOLCHAIN/usr/lib/swift/host"
    else
        host="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/host"
    fi
    swift_flags+=(-Xswiftc -I -Xswiftc "$host")
fi
