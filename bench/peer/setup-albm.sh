#!/bin/sh
# Builds the peer albm (github.com/Kristian-Buriasco/albm, AGPL, never copied into this repository) in $ALBM_DIR
# from a git snapshot, offline apart from the npm registry and Debian's packages. See README.md here.
#   sh bench/peer/setup-albm.sh /path/to/albm.git   (a clone or the bare mirror)
set -eu
SRC=${1:?usage: setup-albm.sh <albm git dir>}
ALBM_DIR=${ALBM_DIR:-/tmp/albm}
HERE=$(cd "$(dirname "$0")" && pwd)
command -v pkg-config >/dev/null && pkg-config --exists vips-cpp || apt-get install -y libvips-dev
rm -rf "$ALBM_DIR" && mkdir -p "$ALBM_DIR"
git --git-dir="$SRC" archive HEAD | tar -x -C "$ALBM_DIR"
cd "$ALBM_DIR"
nice -n 10 npm ci --ignore-scripts --no-audit --no-fund
NG=$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js
# Native parts from source: prebuilt binaries come from GitHub, which this machine cannot reach.
(cd node_modules/better-sqlite3 && nice -n 10 node "$NG" rebuild --release --nodedir=/usr)
# sharp 0.32 asks for libvips ≥ 8.14.5; Debian 12 has 8.14.1 (the resize and WebP paths albm uses work with it).
sed -i 's/VIPS_MICRO_VERSION < 5)/VIPS_MICRO_VERSION < 1)/' node_modules/sharp/src/common.h
(cd node_modules/sharp && npm_package_config_libvips=8.14.1 nice -n 10 node "$NG" rebuild --nodedir=/usr)
# Its build downloads Google Fonts; Next's documented test hook serves Inter (its default theme's font) instead.
mkdir -p .fontmock && (cd .fontmock && npm pack @fontsource-variable/inter@5.3.0 >/dev/null && tar xzf fontsource-variable-inter-5.3.0.tgz)
cp "$HERE/albm-font-mock.cjs" .fontmock/mock.js
NEXT_TELEMETRY_DISABLED=1 ALBM_FONT_DIR="$ALBM_DIR/.fontmock" NEXT_FONT_GOOGLE_MOCKED_RESPONSES="$ALBM_DIR/.fontmock/mock.js" nice -n 10 npx next build
echo "albm built in $ALBM_DIR; start and seed it with: sh bench/peer/start-albm.sh"
