#!/usr/bin/env bash
# Installs what Papers needs on a fresh Debian machine: the Debian packages listed in
# scripts/apt-packages.txt and the PyPI packages listed in scripts/pip-requirements.txt that are
# missing. Safe to run again; does nothing when all is there.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if ! command -v swift >/dev/null 2>&1; then
  for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    [ -x "$dir/swift" ] && export PATH="$dir:$PATH"
  done
fi
command -v swift >/dev/null 2>&1 || { echo "bootstrap: the Swift 6 toolchain is required (swift.org/install)" >&2; exit 1; }

missing=()
while read -r pkg; do
  pkg="${pkg%%#*}"; pkg="$(echo "$pkg" | xargs)"
  [ -z "$pkg" ] && continue
  # A command of the same name (e.g. a pyenv python3) counts as installed.
  if command -v "$pkg" >/dev/null 2>&1 || dpkg -s "$pkg" >/dev/null 2>&1; then continue; fi
  missing+=("$pkg")
done < "$here/apt-packages.txt"

if [ "${#missing[@]}" -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi

pip_missing=()
while read -r req; do
  req="${req%%#*}"; req="$(echo "$req" | xargs)"
  [ -z "$req" ] && continue
  python3 -m pip show "${req%%[=<>]*}" >/dev/null 2>&1 || pip_missing+=("$req")
done < "$here/pip-requirements.txt"
if [ "${#pip_missing[@]}" -gt 0 ]; then
  echo "bootstrap: installing ${pip_missing[*]} (PyPI)" >&2
  python3 -m pip install --quiet --disable-pip-version-check "${pip_missing[@]}"
fi

# Commit messages: scripts/hooks/commit-msg keeps subjects to 72 characters (see CONTRIBUTING.md).
# Only inside a git work tree; a CI checkout gets the same setting and never uses it.
if command -v git >/dev/null 2>&1 && git -C "$here/.." rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git -C "$here/.." config core.hooksPath scripts/hooks
fi
