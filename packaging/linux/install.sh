#!/bin/sh
# Installs the packaged Mappa from this folder (the one holding the `mappa` program) for the
# current user, with its menu entry, icon and the *.mappa.json file association:
#
#   ./install.sh              program in ~/.local/lib/mappa, command ~/.local/bin/mappa,
#                             desktop entry, icons and file type under ~/.local/share
#   sudo ./install.sh --system    the same for every user: /opt/mappa, /usr/local/bin, /usr/local/share
#   ./install.sh --uninstall  (or --system --uninstall) removes what the install put there
#
# XDG_DATA_HOME and XDG_CONFIG_HOME are honoured. The caches (update-mime-database,
# update-desktop-database, gtk-update-icon-cache) and the default handler (xdg-mime) are refreshed
# when those tools exist; without xdg-mime the user's mimeapps.list gets the default line itself.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
mode=user
action=install
for arg in "$@"; do
    case "$arg" in
        --system) mode=system ;;
        --uninstall) action=uninstall ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown argument $arg (try --help)" >&2; exit 2 ;;
    esac
done

if [ "$mode" = system ]; then
    lib=/opt/mappa
    bin=/usr/local/bin
    data=/usr/local/share
    config=""
else
    lib="$HOME/.local/lib/mappa"
    bin="$HOME/.local/bin"
    data="${XDG_DATA_HOME:-$HOME/.local/share}"
    config="${XDG_CONFIG_HOME:-$HOME/.config}"
fi
mime_type=application/x-mappa-scenario
mime_icon=application-x-mappa-scenario  # the icon name of the type: "/" becomes "-"
sizes="16 32 48 64 128"

refresh() {
    if command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$data/mime" >/dev/null 2>&1 || echo "update-mime-database failed" >&2
    fi
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database "$data/applications" >/dev/null 2>&1 || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$data/icons/hicolor/index.theme" ]; then
        gtk-update-icon-cache -q -t "$data/icons/hicolor" >/dev/null 2>&1 || true
    fi
}

if [ "$action" = uninstall ]; then
    rm -rf "$lib"
    rm -f "$bin/mappa" "$data/applications/mappa.desktop" "$data/mime/packages/mappa.xml"
    for size in $sizes 256; do
        rm -f "$data/icons/hicolor/${size}x${size}/apps/mappa.png" \
            "$data/icons/hicolor/${size}x${size}/mimetypes/$mime_icon.png"
    done
    rm -f "$data/icons/hicolor/scalable/apps/mappa.svg" "$data/icons/hicolor/scalable/mimetypes/$mime_icon.svg"
    refresh
    echo "Mappa removed ($lib, $bin/mappa, its desktop entry, icons and file type)."
    exit 0
fi

if [ ! -x "$here/mappa" ] || [ ! -d "$here/_internal/resources/icons" ]; then
    echo "install.sh: run it from the packaged Mappa folder (it holds mappa and _internal/)" >&2
    exit 2
fi
icons="$here/_internal/resources/icons"

# The program: a copy of this folder (unless it is run from the installed copy itself).
if [ "$here" != "$lib" ]; then
    rm -rf "$lib"
    mkdir -p "$(dirname "$lib")"
    cp -a "$here" "$lib"
fi
mkdir -p "$bin"
ln -sf "$lib/mappa" "$bin/mappa"

# The menu entry, pointing at the installed program by its absolute path: quoted only when it
# holds a space (older xdg-open, 1.1.x, takes the quotes for part of the name).
mkdir -p "$data/applications"
case "$lib" in
    *" "*) program="\"$lib/mappa\"" ;;
    *) program="$lib/mappa" ;;
esac
sed -e "s|^Exec=mappa |Exec=$program |" -e "s|^TryExec=mappa\$|TryExec=$lib/mappa|" \
    "$here/mappa.desktop" > "$data/applications/mappa.desktop"
chmod 644 "$data/applications/mappa.desktop"

# The icons: the application's, and the same picture for scenario files.
for size in $sizes; do
    for kind in apps mimetypes; do
        mkdir -p "$data/icons/hicolor/${size}x${size}/$kind"
    done
    cp "$icons/mappa-$size.png" "$data/icons/hicolor/${size}x${size}/apps/mappa.png"
    cp "$icons/mappa-$size.png" "$data/icons/hicolor/${size}x${size}/mimetypes/$mime_icon.png"
done
mkdir -p "$data/icons/hicolor/256x256/apps" "$data/icons/hicolor/256x256/mimetypes" \
    "$data/icons/hicolor/scalable/apps" "$data/icons/hicolor/scalable/mimetypes"
cp "$icons/mappa.png" "$data/icons/hicolor/256x256/apps/mappa.png"
cp "$icons/mappa.png" "$data/icons/hicolor/256x256/mimetypes/$mime_icon.png"
cp "$icons/mappa.svg" "$data/icons/hicolor/scalable/apps/mappa.svg"
cp "$icons/mappa.svg" "$data/icons/hicolor/scalable/mimetypes/$mime_icon.svg"

# The file type, then Mappa as the program that opens it.
mkdir -p "$data/mime/packages"
cp "$here/mappa-mime.xml" "$data/mime/packages/mappa.xml"
refresh
if [ "$mode" = user ]; then
    if command -v xdg-mime >/dev/null 2>&1; then
        XDG_DATA_HOME="$data" XDG_CONFIG_HOME="$config" xdg-mime default mappa.desktop "$mime_type"
    else
        # What xdg-mime would write: the default handler in the user's mimeapps.list.
        list="$config/mimeapps.list"
        mkdir -p "$config"
        touch "$list"
        awk -v line="$mime_type=mappa.desktop" -v key="$mime_type=" '
            BEGIN { done = 0 }
            /^\[/ { if (section == "[Default Applications]" && !done) { print line; done = 1 } section = $0 }
            index($0, key) == 1 && section == "[Default Applications]" { if (!done) { print line; done = 1 } next }
            { print }
            END {
                if (!done && section == "[Default Applications]") { print line; done = 1 }
                if (!done) { print ""; print "[Default Applications]"; print line }
            }' "$list" > "$list.tmp"
        mv "$list.tmp" "$list"
    fi
fi

echo "Mappa installed: $lib (command $bin/mappa), menu entry $data/applications/mappa.desktop,"
echo "file type $mime_type for *.mappa.json, opened by Mappa."
case ":$PATH:" in
    *":$bin:"*) ;;
    *) echo "Note: $bin is not on your PATH; add it to run mappa from a terminal." ;;
esac
