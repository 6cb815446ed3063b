#!/usr/bin/env bash
# make-video.sh renders Maya's demo intro video from her portrait: six silent seconds of a slow zoom
# on the drawing, as an MP4 (H.264, which every browser and iOS plays). Run from the repository
# root; it needs Chromium (to draw the SVG) and ffmpeg.
set -euo pipefail

out=web/public/media/coaches
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Chromium draws the portrait at the video's height; its headless screenshot needs a page around it.
printf '<html><body style="margin:0"><img src="%s" width="720" height="720"></body></html>' \
  "file://$PWD/$out/maya.svg" > "$work/page.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=720,720 \
  --screenshot="$work/maya.png" "file://$work/page.html" 2>/dev/null

# The portrait zooms in slowly over the background colour of the drawing, centred in a 16:9 frame.
ffmpeg -y -loglevel error -loop 1 -framerate 24 -t 6 -i "$work/maya.png" -filter_complex "\
color=c=0xf6d7c3:s=640x360:r=24:d=6[bg];\
[0]zoompan=z='1+0.12*on/144':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=360x360:fps=24[face];\
[bg][face]overlay=(W-w)/2:0:shortest=1,format=yuv420p[v]" \
  -map '[v]' -an -c:v libx264 -profile:v main -preset slow -crf 30 -movflags +faststart "$out/maya-intro.mp4"
