#!/usr/bin/env bash
# `swiftui-migrate completion bash|zsh|fish`, driven in the real shells: each script is loaded the
# way a user installs it and asked for the completions of a few command lines.
#   bash: sourced in `bash -i`, its registered function (complete -p) called as bash calls it;
#   zsh:  put on $fpath, compinit, and TAB pressed in an interactive zsh under zpty;
#   fish: sourced, then `complete -C`.
# zsh and fish are installed from Debian (apt-get) when missing; a shell that cannot be installed
# is skipped with a message.
#   Tests/shell/completion.sh <swiftui-migrate binary>
set -euo pipefail
bin=$(readlink -f "${1:?usage: completion.sh <swiftui-migrate binary>}")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
checked=0
fail() { echo "completion: FAIL: $*" >&2; failures=$((failures + 1)); }

# A folder to complete paths in.
mkdir -p "$work/project/Sources/App" "$work/project/Reports"
touch "$work/project/Sources/App/ContentView.swift" "$work/project/report.json"
mkdir -p "$work/bin"
ln -s "$bin" "$work/bin/swiftui-migrate"

# line → a candidate that must be offered (and, after '!', one that must not).
cases=(
    "swiftui-migrate sc|scan"
    "swiftui-migrate |completion"
    "swiftui-migrate ex|explain"
    "swiftui-migrate scan --fo|--format"
    "swiftui-migrate scan --format j|json|sarif"
    "swiftui-migrate scan --format=s|sarif"
    "swiftui-migrate diff --color a|always"
    "swiftui-migrate apply --strategy h|hoist"
    "swiftui-migrate apply --only n|no-runtime-change"
    "swiftui-migrate batch --mode a|apply|scan"
    "swiftui-migrate batch --sh|--shard"
    "swiftui-migrate batch --pu|--push"
    "swiftui-migrate batch --tim|--timeout"
    "swiftui-migrate apply --res|--resume"
    "swiftui-migrate apply --ab|--abort"
    "swiftui-migrate ba|batch|batch-job"
    "swiftui-migrate batch --pr-body-dir Rep|Reports"
    "swiftui-migrate explain guard|guard-flag-load"
    "swiftui-migrate explain group-r|group-redundant|group-lifecycle"
    "swiftui-migrate diff --rules group-lifecycle,on|group-lifecycle,onappear-task"
    "swiftui-migrate scan --rules gu|guard-flag-load"
    "swiftui-migrate scan Sou|Sources"
    "swiftui-migrate scan --baseline rep|report.json"
    "swiftui-migrate batch --root Rep|Reports"
    "swiftui-migrate completion f|fish|bash"
    "swiftui-migrate scan --force|--force-exclude"
    "swiftui-migrate apply --no-g|--no-git"
    "swiftui-migrate diff --no|--no-git"
    "swiftui-migrate batch --|--root|--force-exclude"
    "swiftui-migrate batch --|--jobs|--no-git"
    "swiftui-migrate l|lsp"
    "swiftui-migrate scan --stdin|--stdin-filepath"
    "swiftui-migrate apply --stdin-filepath Sou|Sources"
    "swiftui-migrate lsp --bas|--baseline"
    "swiftui-migrate scan --qu|--quiet"
    "swiftui-migrate batch --qu|--quiet"
    "swiftui-migrate report --qu|--quiet"
    "swiftui-migrate lsp --|--baseline|--quiet"
    "swiftui-migrate mc|mcp"
    "swiftui-migrate mcp --|--config|--quiet"
    "swiftui-migrate mcp --wo|--workspace"
    "swiftui-migrate scan --file-t|--file-timeout"
    "swiftui-migrate apply --file|--file-timeout"
)

# check SHELL: runs candidates_SHELL for every case and compares.
check() {
    local shell=$1 entry line rest expected unexpected got
    for entry in "${cases[@]}"; do
        line=${entry%%|*}
        rest=${entry#*|}
        expected=${rest%%|*}
        unexpected=""
        [[ $rest == *"|"* ]] && unexpected=${rest#*|}
        got=$(cd "$work/project" && "candidates_$shell" "$line" 2>/dev/null | sed -e 's/\t.*//' -e 's#/$##' -e 's/^--format=//' | grep -v '^$' || true)
        checked=$((checked + 1))
        if ! grep -qxF -- "$expected" <<<"$got"; then
            fail "$shell: '$line' does not offer '$expected'; offered: $(tr '\n' ' ' <<<"$got")"
        elif [ -n "$unexpected" ] && grep -qxF -- "$unexpected" <<<"$got"; then
            fail "$shell: '$line' offers '$unexpected'"
        fi
    done
    echo "completion: $shell: ${#cases[@]} command lines checked"
}

candidates_bash() {
    bash --norc --noprofile -i -c '
        source "$1"
        spec=$(complete -p swiftui-migrate) || { echo "not registered" >&2; exit 1; }
        function=${spec#*-F }; function=${function%% *}
        line=$2
        # bash splits words at "=" (COMP_WORDBREAKS) and a trailing space starts an empty word.
        read -ra COMP_WORDS <<<"${line//=/ = }"
        [[ $line == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE=$line; COMP_POINT=${#line}
        "$function" swiftui-migrate "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf "%s\n" "${COMPREPLY[@]}"
    ' bash "$work/completion.bash" "$1"
}

candidates_zsh() {
    PATH="$work/bin:$PATH" timeout 30 zsh -f "$here/zsh-complete.zsh" "$work/zsh" "$1"
}

candidates_fish() {
    PATH="$work/bin:$PATH" timeout 30 fish --no-config -c "source '$work/completion.fish'; complete -C '$1'"
}

# ensure SHELL: true when it is there or could be installed.
ensure() {
    command -v "$1" >/dev/null 2>&1 && return 0
    command -v apt-get >/dev/null 2>&1 || return 1
    echo "completion: installing $1 (Debian package)" >&2
    local sudo_cmd=""
    [ "$(id -u)" != 0 ] && sudo_cmd="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "$1" >/dev/null 2>&1 \
        || { $sudo_cmd apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "$1" >/dev/null 2>&1; } \
        || return 1
    command -v "$1" >/dev/null 2>&1
}

"$bin" completion bash >"$work/completion.bash"
bash -n "$work/completion.bash" || fail "bash: the script does not parse"
check bash

if ensure zsh; then
    mkdir -p "$work/zsh"
    "$bin" completion zsh >"$work/zsh/_swiftui-migrate"
    zsh -n "$work/zsh/_swiftui-migrate" || fail "zsh: the script does not parse"
    check zsh
else
    echo "completion: zsh skipped: not installed and apt-get could not install it"
fi

if ensure fish; then
    "$bin" completion fish >"$work/completion.fish"
    fish --no-config -n "$work/completion.fish" || fail "fish: the script does not parse"
    check fish
else
    echo "completion: fish skipped: not installed and apt-get could not install it"
fi

# An unknown shell is a usage error.
status=0
"$bin" completion tcsh >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "completion tcsh: exit $status, expected 2"

if [ "$failures" -gt 0 ]; then echo "completion: $failures of $checked checks failed" >&2; exit 1; fi
echo "completion: $checked checks passed"
