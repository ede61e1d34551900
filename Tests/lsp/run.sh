#!/usr/bin/env bash
# `swiftui-migrate lsp` end to end with pytest-lsp (PyPI), a real LSP client: installs pytest-lsp
# into a virtual environment under the build folder the first time, then runs Tests/lsp.
#   Tests/lsp/run.sh <swiftui-migrate binary> [venv folder]
set -euo pipefail
bin=$(readlink -f "${1:?usage: run.sh <swiftui-migrate binary> [venv folder]}")
here=$(cd "$(dirname "$0")" && pwd)
venv=${2:-"$here/../../.build/lsp-venv"}
if ! "$venv/bin/python" -c 'import pytest_lsp' >/dev/null 2>&1; then
    echo "lsp: installing pytest-lsp (PyPI) into $venv" >&2
    python3 -m venv "$venv" >&2 || { apt-get install -y -qq python3-venv >/dev/null && python3 -m venv "$venv"; }
    "$venv/bin/pip" install --quiet --disable-pip-version-check "pytest-lsp>=1.0,<2" >&2
fi
cd "$here"
SWIFTUI_MIGRATE_BIN="$bin" timeout 600 "$venv/bin/python" -m pytest -q -p no:cacheprovider --asyncio-mode=auto -o asyncio_default_fixture_loop_scope=function "$here"
