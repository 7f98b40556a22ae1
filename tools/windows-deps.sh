#!/usr/bin/env bash
# Fetches the one dependency of the Windows build that Debian does not ship for mingw-w64:
# the source of Boost, from Debian's own source package for the Boost version installed here
# (so the .exe parses its options with the same code as the Linux build). CMake then compiles
# only libs/program_options/src/*.cpp from it. fmt and nlohmann-json need nothing: the
# Windows build uses their Debian headers in header-only mode.
#
# Usage: tools/windows-deps.sh [DIR]   (default build-windows/deps; the windows preset's place)
# Needs root (or sudo) only to add a deb-src entry when the machine has none.
set -euo pipefail
cd "$(dirname "$0")/.."
dest="${1:-build-windows/deps}"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# The installed Boost.Program_options decides which source package to fetch.
read -r source_package source_version < <(
  dpkg-query -W -f='${db:Status-Abbrev} ${source:Package} ${source:Version}\n' 'libboost-program-options1.*-dev' \
    2>/dev/null | awk '$1 == "ii" { print $2, $3 }' | sort -V | tail -n 1)
if [ -z "${source_package:-}" ]; then
  echo "windows-deps: libboost-program-options-dev is not installed (see the README's setup command)" >&2
  exit 1
fi

stamp="$dest/boost-source.txt"
if [ -f "$stamp" ] && [ "$(head -n 1 "$stamp")" = "$source_package $source_version" ]; then
  echo "windows-deps: $source_package $source_version already in $dest"
  exit 0
fi

# Source entries for the same Debian archive the machine installs from: each of its Debian
# binary entries ("deb"), as deb-src (other vendors' repositories may publish no sources, and
# apt-get update would fail on them). Written only when apt knows no source for the package.
if ! apt-cache showsrc "$source_package" 2>/dev/null | grep -q '^Package:'; then
  list=/etc/apt/sources.list.d/tengen-deb-src.sources
  tmp="$(mktemp)"
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    [ "$f" = "$list" ] && continue
    # deb822 stanzas: keep those whose Types has "deb", with Types set to deb-src only.
    awk 'BEGIN { RS = ""; ORS = "\n\n" }
         /(^|\n)Types:[^\n]*[ \t]deb([ \t]|\n|$)/ && /(^|\n)URIs:[^\n]*debian/ && $0 !~ /(^|\n)Enabled:[ \t]*no/ {
           sub(/(^|\n)Types:[^\n]*/, "\nTypes: deb-src"); sub(/^\n/, ""); print }' "$f" >>"$tmp"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    [ "$f" = "${list%.sources}.list" ] && continue
    grep -E '^[[:space:]]*deb[[:space:]].*debian' "$f" | sed -E 's/^[[:space:]]*deb[[:space:]]/deb-src /' >>"$tmp.list" || true
  done
  if [ -s "$tmp" ]; then $SUDO install -m 644 "$tmp" "$list"; fi
  if [ -s "$tmp.list" ]; then $SUDO install -m 644 "$tmp.list" "${list%.sources}.list"; fi
  if [ ! -s "$tmp" ] && [ ! -s "$tmp.list" ]; then
    echo "windows-deps: no Debian archive among apt's sources to take source packages from" >&2
    exit 1
  fi
  rm -f "$tmp" "$tmp.list"
  $SUDO apt-get update -qq
fi

# Download the exact version and unpack it (dpkg-source applies Debian's patches).
mkdir -p "$dest"
rm -rf "$dest"/boost-src "$dest"/"$source_package"-*
(cd "$dest" && apt-get source -qq "$source_package=$source_version")
unpacked="$(find "$dest" -maxdepth 1 -mindepth 1 -type d -name "$source_package-*" | head -n 1)"
if [ ! -d "$unpacked/libs/program_options/src" ]; then
  echo "windows-deps: $unpacked has no libs/program_options/src" >&2
  exit 1
fi
mv "$unpacked" "$dest/boost-src"
rm -f "$dest"/"${source_package}"_*  # the downloaded archives: the unpacked tree is all CMake reads
# Boost's sources keep each library's headers in libs/NAME/include; its own build merges them
# into one boost/ tree, and so does this (hard links: no copies of the files).
mkdir -p "$dest/boost-src/include"
for headers in "$dest"/boost-src/libs/*/include "$dest"/boost-src/libs/numeric/*/include; do
  [ -d "$headers/boost" ] && cp -rl "$headers/." "$dest/boost-src/include/"
done
[ -f "$dest/boost-src/include/boost/program_options.hpp" ] || { echo "windows-deps: no program_options.hpp" >&2; exit 1; }
echo "$source_package $source_version" >"$stamp"
echo "windows-deps: Boost source ($source_package $source_version) in $dest/boost-src"
