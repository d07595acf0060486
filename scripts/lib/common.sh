# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash disable=SC2034 # the package lists are read by the sourcing scripts
# Shared by scripts/run and scripts/test: the Debian package lists, the
# installer and the configure+build step. Sourced; it only sets variables and functions.

SCOPE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# What building and running the viewer needs (libqcustomplot-dev provides
# QCustomPlotQt6; hdf5-plugin-lzf lets HDF5 read LZF-compressed columns, but
# Debian's plugin is not linked to liblzf1 and does not depend on it: core
# loads liblzf.so.1 itself, so it is listed here; libseccomp-dev is the read
# helper's sandbox; libre2-dev matches user patterns; Open MPI builds
# scope-index's parallel mode and the OpenSSH client opens runs on other
# hosts; the tests start an OpenSSH server on 127.0.0.1).
SCOPE_BUILD_PACKAGES=(
    build-essential cmake pkg-config git lld
    qt6-base-dev qt6-base-dev-tools qt6-svg-dev libgl1-mesa-dev
    libhdf5-dev hdf5-plugin-lzf liblzf1 libzstd-dev zlib1g-dev libqcustomplot-dev
    libseccomp-dev libre2-dev libopenmpi-dev openmpi-bin openssh-client
)
# What the test suite and the checks need on top.
SCOPE_TEST_PACKAGES=(
    xvfb xauth imagemagick desktop-file-utils appstream clang-format hdf5-tools python3 strace
    openssh-server
)

scope_log() {
    if [[ -t 2 ]]; then
        printf '\033[1m==> %s\033[0m\n' "$*" >&2
    else
        printf '==> %s\n' "$*" >&2
    fi
}
scope_die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# scope_install_packages PKG...: installs those of PKG that are not installed,
# with one apt-get update, through sudo when not root.
# SCOPE_SKIP_INSTALL=1 skips this step (for machines managed by hand).
scope_install_packages() {
    if [[ ${SCOPE_SKIP_INSTALL:-0} == 1 ]]; then
        return 0
    fi
    if ! command -v dpkg-query >/dev/null 2>&1; then
        scope_log "not a Debian system: install the equivalents of these yourself: $*"
        return 0
    fi
    local missing=() pkg
    for pkg in "$@"; do
        if [[ $(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null) != "install ok installed" ]]; then
            missing+=("$pkg")
        fi
    done
    if ((${#missing[@]} == 0)); then
        return 0
    fi
    local sudo=()
    if ((EUID != 0)); then
        command -v sudo >/dev/null 2>&1 ||
            scope_die "missing packages (${missing[*]}); run as root or install sudo"
        sudo=(sudo)
    fi
    scope_log "installing ${missing[*]}"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"
}

# scope_build PRESET: configures and builds with a preset of CMakePresets.json.
scope_build() {
    local preset=$1
    scope_log "configuring and building (preset $preset)"
    (
        cd "$SCOPE_ROOT" || exit
        cmake --preset "$preset"
        cmake --build --preset "$preset" --parallel "$(nproc)"
    )
}
