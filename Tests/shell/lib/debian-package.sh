# Sourced by the shell tests that drive a real tool from Debian.
#   need_debian_package COMMAND PACKAGE WHO   installs PACKAGE (sudo when not root) unless COMMAND is on
#                                             PATH, saying so on stderr as WHO
need_debian_package() {
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "$3: installing $2 (Debian package)" >&2
    local sudo_cmd=""; [ "$(id -u)" != 0 ] && sudo_cmd="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "$2" >/dev/null \
        || { $sudo_cmd apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "$2" >/dev/null; }
}
