#!/usr/bin/env bash
# `swiftui-migrate lsp` in Neovim's built-in LSP client, headless, configured by the Lua block of
# docs/editors.md (the one the docs tell users to install): open a fixture, wait for the
# diagnostic, run the code action, write the buffer, compare it with the fixture's after.
# Installs Debian's neovim when missing.
#   Tests/lsp/neovim.sh <swiftui-migrate binary>
set -euo pipefail
bin=$(readlink -f "${1:?usage: neovim.sh <swiftui-migrate binary>}")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/Tests/shell/lib/debian-package.sh"
need_debian_package nvim neovim neovim
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/config" "$work/project"
ln -s "$bin" "$work/bin/swiftui-migrate"
# The user's configuration: the Lua block under the neovim-config marker of docs/editors.md.
awk '/<!-- neovim-config/ { found = 1; next } found && /^```lua/ { inside = 1; next } inside && /^```/ { exit } inside { print }' \
    "$root/docs/editors.md" > "$work/config/swiftui-migrate.lua"
grep -q 'swiftui-migrate' "$work/config/swiftui-migrate.lua" || { echo "neovim: FAIL: no Lua block in docs/editors.md" >&2; exit 1; }

failures=0
# Fixtures of fixtures/group-lifecycle with one rewrite each (the default configuration).
for fixture in apple-logged-in-hoist axiom-is-loading-hoist; do
    cp "$root/fixtures/group-lifecycle/$fixture.before.swift" "$work/project/$fixture.swift"
    if ! PATH="$work/bin:$PATH" HOME="$work" XDG_CONFIG_HOME="$work/xdg" XDG_DATA_HOME="$work/xdg" XDG_STATE_HOME="$work/xdg" \
        timeout 120 nvim --headless -n -i NONE -u "$work/config/swiftui-migrate.lua" \
        -c "luafile $here/neovim-run-code-action.lua" "$work/project/$fixture.swift" >"$work/nvim.log" 2>&1; then
        echo "neovim: FAIL: $fixture: $(tail -5 "$work/nvim.log")" >&2
        failures=$((failures + 1))
        continue
    fi
    if ! cmp -s "$work/project/$fixture.swift" "$root/fixtures/group-lifecycle/$fixture.after.swift"; then
        echo "neovim: FAIL: $fixture: the written buffer is not the fixture's after:" >&2
        diff "$root/fixtures/group-lifecycle/$fixture.after.swift" "$work/project/$fixture.swift" >&2 || true
        failures=$((failures + 1))
        continue
    fi
    echo "neovim: $fixture: $(tail -1 "$work/nvim.log")"
done
[ "$failures" -eq 0 ] || exit 1
echo "neovim: $(nvim --version | head -1): the code action wrote each fixture's after"
