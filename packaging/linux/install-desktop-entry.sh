#!/bin/sh
# Add Rami to the applications menu of this user (run it from the unpacked Rami folder).
# It writes ~/.local/share/applications/rami.desktop pointing at this folder, and the icon.
# Undo: rm ~/.local/share/applications/rami.desktop ~/.local/share/icons/hicolor/512x512/apps/rami.png
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
icons="${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/512x512/apps"
mkdir -p "$apps" "$icons"
cp "$here/rami.png" "$icons/rami.png"
sed -e "s|^Exec=.*|Exec=\"$here/Rami\"|" -e "s|^Icon=.*|Icon=$icons/rami.png|" \
    "$here/rami.desktop" > "$apps/rami.desktop"
chmod +x "$apps/rami.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$apps" || true
echo "Rami added to the applications menu ($apps/rami.desktop)."
