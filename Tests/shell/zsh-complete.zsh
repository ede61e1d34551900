# zsh -f zsh-complete.zsh FPATH_DIR LINE
# Prints, one per line, what zsh's completion offers when TAB is pressed at the end of LINE:
# an interactive zsh runs under zpty with FPATH_DIR on $fpath and compinit loaded, and compadd is
# wrapped to print the matches it adds (the technique of zsh-capture-completion).
zmodload zsh/zpty || { print -u2 "zsh-complete: no zsh/zpty module"; exit 2 }
zpty z zsh -f -i
zpty -w z "PROMPT=''; fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z "zstyle ':completion:*' list-grouped false; zstyle ':completion:*' insert-tab false"
zpty -w z 'bindkey "^I" complete-word'
# The markers are split in the typed text, so the terminal's echo of it never matches them.
zpty -w z 'mark() { print -r -- "<<<""SEP>>>" }; compprefuncs=(mark); comppostfuncs=(mark exit)'
zpty -w z 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi; typeset -a __hits; builtin compadd -A __hits "$@"; (( $#__hits )) || return 1; local h; for h in $__hits; do print -r -- "<<<""HIT>>>$IPREFIX$h"; done; builtin compadd "$@" }'
zpty -w z "$2"$'\t'
local line
integer marks=0
while zpty -r z line; do
    if [[ $line == *'<<<SEP>>>'* ]]; then
        (( ++marks >= 2 )) && break
        continue
    fi
    [[ $line == *'<<<HIT>>>'* ]] && print -r -- "${${line#*<<<HIT>>>}%$'\r'*}"
done
zpty -d z
