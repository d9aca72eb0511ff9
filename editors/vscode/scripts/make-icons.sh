#!/bin/sh
# Draws the extension's icons with ImageMagick: a workgroup of 4 × 4 invocations on a dark
# tile, two of them (orange) joined by a line, the race between two invocations that
# wgsl-lab finds. images/icon.png is the Marketplace icon (128 px), file-icon.png the
# language's file icon (32 px). Run from editors/vscode: sh scripts/make-icons.sh
# (CONVERT=/usr/bin/convert picks a particular ImageMagick).
set -eu
# The drawing as one string of MVG primitives (Debian's policy refuses -draw @file).
draw=$(
  echo "fill '#1b1f2a' roundrectangle 0,0 127,127 22,22"
  for r in 0 1 2 3; do
    for c in 0 1 2 3; do
      x=$((22 + c * 22))
      y=$((22 + r * 22))
      colour='#3d8bfd'
      if [ "$r$c" = "11" ] || [ "$r$c" = "22" ]; then colour='#ff8c1a'; fi
      echo "fill '$colour' roundrectangle $x,$y $((x + 16)),$((y + 16)) 3,3"
    done
  done
  echo "stroke '#ff8c1a' stroke-width 4 line 60,60 82,82"
)
"${CONVERT:-convert}" -size 128x128 xc:none -draw "$draw" -strip images/icon.png
"${CONVERT:-convert}" images/icon.png -resize 32x32 -strip images/file-icon.png
