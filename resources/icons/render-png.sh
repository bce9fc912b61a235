#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Re-renders the committed PNG icons from the SVGs after an edit (needs rsvg-convert: apt-get install librsvg2-bin).
# 16 and 22 px come from the 16 px-grid drawing, which stays crisp where the full drawing would blur.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p png
for size in 16 22; do
  rsvg-convert -w "$size" -h "$size" io.gitcode.dvmlens-small.svg -o "png/dvmlens-$size.png"
done
for size in 32 48 64 128 256; do
  rsvg-convert -w "$size" -h "$size" io.gitcode.dvmlens.svg -o "png/dvmlens-$size.png"
done
