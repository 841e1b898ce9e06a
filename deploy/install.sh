#!/usr/bin/env bash
# Install blackjack-kiosk on a table PC (Debian 12), or into a staging root.
#
#   sudo deploy/install.sh              # the live system
#   deploy/install.sh --root DIR        # a staging root: files only; what it would have run on a
#                                       # live system (apt, venv, useradd, systemctl) goes to
#                                       # DIR/var/lib/blackjack-kiosk-install/plan.txt
#
# Idempotent: a file is written only where its content differs, the configuration and the udev
# rule only where none is there, and the journal is never touched, so a second run changes
# nothing and an upgrade keeps the journal and the configuration. docs/deploy.md lists every
# file it lays down.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
ROOT=""
while [ $# -gt 0 ]; do
    case "$1" in
        --root) [ $# -ge 2 ] || { echo "install.sh: --root needs a folder" >&2; exit 2; }
                ROOT=$(realpath -m "$2"); shift 2 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done

USER_NAME=blackjack-kiosk
OPT=/opt/blackjack-kiosk
ETC=/etc/blackjack-kiosk
STATE=/var/lib/blackjack-kiosk
BACKUPS=/var/backups/blackjack-kiosk
UNITS=/etc/systemd/system
RULES=/etc/udev/rules.d
# Qt's screen plugins: cage (wayland) on the table PC; the X11 (xcb) plugin's libraries too, so
# `start` also opens on a desktop (kiosk/system/qt_platform.py names the same packages)
PACKAGES="python3 python3-venv cage libegl1 libgl1 libgl1-mesa-dri libglx0 libopengl0 \
libxkbcommon0 libxkbcommon-x11-0 libwayland-client0 libwayland-cursor0 libwayland-egl1 \
libfontconfig1 libfreetype6 libglib2.0-0 libdbus-1-3 libdrm2 libgbm1 libxcb1 libx11-6 \
libx11-xcb1 libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0 libxcb-util1 libxcb-image0 \
libxcb-randr0 libxcb-render0 libxcb-render-util0 libxcb-shm0 libxcb-sync1 libxcb-xfixes0 \
libxcb-shape0 libxcb-xkb1 libxcb-xinput0 fonts-dejavu-core"

if [ -z "$ROOT" ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run it as root for the live system, or with --root DIR to stage" >&2
    exit 2
fi

changed=0
plan_lines=()

# run a command on the live system; in a staging root, note it in the plan instead
act() {
    if [ -n "$ROOT" ]; then
        plan_lines+=("$*")
    else
        "$@"
    fi
}

# install FILE at PATH (under the root) with MODE, only where the content differs
put() {
    local from=$1 to=$ROOT$2 mode=$3
    mkdir -p "$(dirname "$to")"
    if [ -f "$to" ] && cmp -s "$from" "$to"; then
        [ "$(stat -c %a "$to")" = "$mode" ] || { chmod "$mode" "$to"; changed=1; }
        return
    fi
    install -m "$mode" "$from" "$to"
    echo "  wrote $2"
    changed=1
}

# install FILE at PATH only where no file is there (a site's own configuration)
put_once() {
    local to=$ROOT$2
    if [ -e "$to" ]; then
        echo "  kept $2 (already there)"
        return
    fi
    put "$@"
}

# a folder with its mode (the journal's: not world-readable)
folder() {
    local path=$ROOT$1 mode=$2
    if [ ! -d "$path" ]; then
        mkdir -p "$path"
        changed=1
    fi
    [ "$(stat -c %a "$path")" = "$mode" ] || { chmod "$mode" "$path"; changed=1; }
    act chown "$USER_NAME:$USER_NAME" "$1"
}

echo "blackjack-kiosk: installing from $SRC${ROOT:+ into the staging root $ROOT}"

# 1. what Qt needs on a screen without a desktop, and the cage kiosk compositor
act apt-get install -y --no-install-recommends $PACKAGES

# 2. the kiosk's own user, in the groups of the shoe (dialout), camera and screen (video,
#    render) and touch panel (input)
if [ -n "$ROOT" ] || ! id "$USER_NAME" >/dev/null 2>&1; then
    act useradd --system --user-group --home-dir "$STATE" --shell /usr/sbin/nologin "$USER_NAME"
fi
act usermod -a -G dialout,video,input,render "$USER_NAME"

# 3. the program in its own virtual environment
act python3 -m venv "$OPT/venv"
act "$OPT/venv/bin/pip" install --quiet --upgrade "$SRC"

# 4. folders: the journal and its backups readable by the kiosk's user alone
folder "$STATE" 750
folder "$BACKUPS" 750

# 5. the configuration (only where none is there: an upgrade keeps the table's own)
put_once "$SRC/docs/config.example.toml" "$ETC/config.toml" 640
act chown "root:$USER_NAME" "$ETC/config.toml"

# 6. the units, the shoe's udev rule (kept where the site has set its adapter's values)
put "$SRC/deploy/systemd/blackjack-kiosk.service" "$UNITS/blackjack-kiosk.service" 644
put "$SRC/deploy/systemd/blackjack-kiosk-backup.service" "$UNITS/blackjack-kiosk-backup.service" 644
put "$SRC/deploy/systemd/blackjack-kiosk-backup.timer" "$UNITS/blackjack-kiosk-backup.timer" 644
put "$SRC/deploy/systemd/blackjack-kiosk-ship.service" "$UNITS/blackjack-kiosk-ship.service" 644
put_once "$SRC/deploy/udev/70-card-shoe.rules" "$RULES/70-card-shoe.rules" 644

# 7. on at every boot: the table screen instead of a login prompt, the nightly backup
act systemctl daemon-reload
act udevadm control --reload
act systemctl set-default graphical.target
act systemctl enable blackjack-kiosk.service blackjack-kiosk-backup.timer
act systemctl disable getty@tty1.service

if [ -n "$ROOT" ]; then
    plan=$(mktemp)
    printf '%s\n' "# what install.sh would have run on a live system" "${plan_lines[@]}" > "$plan"
    put "$plan" /var/lib/blackjack-kiosk-install/plan.txt 644
    rm -f "$plan"
fi

if [ "$changed" = 0 ]; then
    echo "blackjack-kiosk: nothing to change"
else
    echo "blackjack-kiosk: installed. Next: set the supervisors' PINs and the shoe's port in"
    echo "  $ETC/config.toml (blackjack-kiosk set-pin), then: systemctl start blackjack-kiosk"
fi
