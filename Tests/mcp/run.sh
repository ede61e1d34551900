#!/usr/bin/env bash
# `swiftui-migrate mcp` end to end with the `mcp` package (PyPI), the protocol's own Python SDK and a
# real MCP client (its stdio client and ClientSession): installs it with pytest into a virtual
# environment under the build folder the first time, then runs Tests/mcp. `mcp` needs Python 3.10+.
#   Tests/mcp/run.sh <swiftui-migrate binary> [venv folder]
set -euo pipefail
bin=$(readlink -f "${1:?usage: run.sh <swiftui-migrate binary> [venv folder]}")
here=$(cd "$(dirname "$0")" && pwd)
venv=$(readlink -m "${2:-"$here/../../.build/mcp-venv"}")
if ! "$venv/bin/python" -c 'import mcp.client.stdio, pytest, jsonschema' >/dev/null 2>&1; then
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
        || { echo "mcp: the mcp package needs Python 3.10 or later; python3 is $(python3 --version 2>&1)" >&2; exit 1; }
    echo "mcp: installing mcp and pytest (PyPI) into $venv" >&2
    python3 -m venv "$venv" >&2 || { apt-get install -y -qq python3-venv >/dev/null && python3 -m venv "$venv"; }
    "$venv/bin/pip" install --quiet --disable-pip-version-check "mcp>=1.10,<2" "pytest>=8,<9" "pytest-asyncio>=0.23,<2" jsonschema >&2
fi
cd "$here"
SWIFTUI_MIGRATE_BIN="$bin" timeout 900 "$venv/bin/python" -m pytest -q -p no:cacheprovider --asyncio-mode=auto \
    -o asyncio_default_fixture_loop_scope=function "$here"
