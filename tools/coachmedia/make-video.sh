#!/usr/bin/env bash
# make-video.sh renders Maya's demo intro video from her portrait: six silent seconds, 640x360 at
# 24 fps, of the drawing zooming in slowly over a gently turning gradient in its colours, written
# as maya-intro.mp4 (H.264 main, faststart: every browser and iOS plays it, and it starts playing
# before it has all arrived) next to the portraits. Run from the repository root; it needs Chromium
# (to draw the SVG) and ffmpeg, for example `apt-get install chromium ffmpeg`.
set -euo pipefail

out=web/public/media/coaches
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Chromium draws the portrait at twice the video's height, with its background square hidden and a
# transparent page behind it, so the gradient shows around her.
{
  printf '<!doctype html><html><head><style>'
  printf 'html,body{margin:0;background:transparent}svg{display:block;width:720px;height:720px}'
  printf 'svg>rect:first-child{display:none}</style></head><body>'
  cat "$out/maya.svg"
  printf '</body></html>'
} > "$work/page.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --default-background-color=00000000 \
  --window-size=720,720 --screenshot="$work/maya.png" "file://$work/page.html" 2>/dev/null

# A slowly turning three-colour gradient from her background (at twice the size), the portrait
# standing at the bottom centre, then a slow 8% zoom towards her face (at y=336 of 720) scaled down
# to 640x360.
ffmpeg -y -loglevel error \
  -f lavfi -i "gradients=s=1280x720:r=24:d=6:n=3:c0=0xfbe9dc:c1=0xf6d7c3:c2=0xeec0a6:speed=0.006:x0=200:y0=0:x1=1080:y1=720" \
  -loop 1 -framerate 24 -t 6 -i "$work/maya.png" -filter_complex "\
[0][1]overlay=x=(W-w)/2:y=H-h:shortest=1,format=yuv444p,\
zoompan=z='1+0.08*on/143':x='iw/2-iw/zoom/2':y='336-336/zoom':d=1:s=640x360:fps=24,\
format=yuv420p[v]" -map '[v]' -an -c:v libx264 -profile:v main -preset slow -crf 27 -g 48 \
  -movflags +faststart "$out/maya-intro.mp4"
