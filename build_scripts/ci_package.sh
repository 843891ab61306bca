#!/usr/bin/env bash
# CI, after the standalone build (.ci/run builds dist/Diloti): the build's size against its
# recorded manifest, then the Debian package made, installed with apt, run, checked where a
# launcher looks, removed, and checked to leave nothing behind. Runs as root on a Debian or
# Ubuntu machine; installs the validators it needs. Usage: build_scripts/ci_package.sh
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== the build's size against build_scripts/manifest-linux-x86_64.txt"
python3 build_scripts/manifest.py check dist/Diloti

echo "== the Debian package"
if dpkg-query -W -f='${Status}' diloti 2>/dev/null | grep -q "ok installed"; then
  echo "CI: a diloti package is already installed; this check needs a machine without it" >&2
  exit 1
fi
rm -f dist/diloti_*.deb
python3 build_scripts/deb.py
debs=(dist/diloti_*.deb)
deb="${debs[0]}"

# apt needs its package lists to install the validators, and the package's dependencies
# when the machine does not have them yet.
missing=()
command -v desktop-file-validate >/dev/null 2>&1 || missing+=(desktop-file-utils)
command -v appstreamcli >/dev/null 2>&1 || missing+=(appstream)
stale=0
for dependency in $(dpkg-deb --field "$deb" Depends | tr ',' '\n' | sed 's/[(|].*//'); do
  dpkg-query -W -f='${Status}' "$dependency" 2>/dev/null | grep -q "ok installed" || stale=1
done
if [ "${#missing[@]}" -gt 0 ] || [ "$stale" -eq 1 ]; then
  apt-get update -qq
fi
if [ "${#missing[@]}" -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
app_id="io.github.diloti_desktop.Diloti"
entry="/usr/share/applications/$app_id.desktop"
metainfo="/usr/share/metainfo/$app_id.metainfo.xml"

# Everything under the folders the package writes to, before it comes (caches that the
# system's triggers rebuild on their own are not the package's files).
watched=(/opt /usr/bin /usr/share/applications /usr/share/icons/hicolor /usr/share/metainfo
         /usr/share/doc)
snapshot() {
  find "${watched[@]}" 2>/dev/null | grep -v -e 'icon-theme\.cache$' -e 'mimeinfo\.cache$' \
    | sort
}
data_dir="$(mktemp -d)"
before="$data_dir/before.txt"
snapshot >"$before"

echo "== apt-get install ./$deb"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "./$deb"
echo "== run the installed game"
# By its full path: CI's virtual environment has a development `diloti` first on PATH.
exe=/usr/bin/diloti
test "$(env PATH=/usr/local/bin:/usr/bin:/bin sh -c 'command -v diloti')" = "$exe"
"$exe" --version | tee "$data_dir/version.txt"
grep -q "rules core: compiled (mypyc)" "$data_dir/version.txt"
shot="$data_dir/installed-smoke.png"
DILOTI_DATA_DIR="$data_dir" "$exe" --smoke-test "$shot" | tee "$shot.txt"
python3 build_scripts/check_screenshot.py "$shot"
grep -q "rules core: compiled (mypyc)" "$shot.txt"

echo "== where a launcher finds it"
test -f "$entry"
desktop-file-validate "$entry"
grep -q '^Name\[el\]=Δηλωτή$' "$entry"
grep -q '^Categories=Game;CardGame;$' "$entry"
grep -q '^Exec=diloti$' "$entry"
for size in 16 24 32 48 64 128 256 512; do
  test -f "/usr/share/icons/hicolor/${size}x${size}/apps/diloti.png"
done
appstreamcli validate --no-net "$metainfo"
test -f /usr/share/doc/diloti/copyright

echo "== apt-get remove diloti"
DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq diloti
status="$(dpkg-query -W -f='${Status}' diloti 2>/dev/null || true)"
case "$status" in
  "" | "unknown ok not-installed" | "deinstall ok not-installed") ;;
  *) echo "CI: after apt-get remove, dpkg still has diloti: $status" >&2; exit 1 ;;
esac
after="$data_dir/after.txt"
snapshot >"$after"
if ! diff -u "$before" "$after"; then
  echo "CI: removing the package left files behind (or removed others)" >&2
  exit 1
fi
left=0
while read -r path; do
  path="${path#.}"
  case "$path" in "" | / | */) continue ;; esac
  if [ -e "$path" ] || [ -L "$path" ]; then echo "left behind: $path" >&2; left=1; fi
done < <(dpkg-deb --contents "$deb" | awk '{print $6}')
if [ "$left" -ne 0 ]; then exit 1; fi
echo "the package installed, ran and was removed without a trace: $(basename "$deb")"
