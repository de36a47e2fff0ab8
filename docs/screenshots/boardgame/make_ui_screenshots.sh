#!/bin/bash
# The board game's screens as a new player sees them, played with real key presses
# (xdotool) in the real app under Xvfb, grabbed with ImageMagick's `import`:
#
#   docs/screenshots/boardgame/make_ui_screenshots.sh WxH SCALE NAME "PLAYERS"
#   e.g. ... 1024x700 1 1024x700 "Ann,Bob,Cleo,Dan"
#        ... 1600x1000 2 1600x1000-scale2 "Ann,Robo:strong"
#
# Writes ui-NAME-*.png beside this script: the first screen (the draw for first play, or
# the table for one human), the hint list, a move chosen from it, the next screen (the
# hand-off's recap, or the computer's answer), the score history, the replay window, Help
# and the setup dialog.  Needs xvfb-run, xdotool and ImageMagick; a warm move-index cache
# (WORDBLER_CACHE_DIR) makes the hint list come at once.
set -u
size=$1; scale=$2; name=$3; players=$4
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
export WORDBLER_DATA_DIR=$(mktemp -d)
export XDG_CONFIG_HOME=$(mktemp -d)
export QT_SCALE_FACTOR=$scale
cd "$repo"
xvfb-run -a -s "-screen 0 ${size}x24" bash -c '
out="'"$here"'/ui-'"$name"'"
python -m wordbler.ui.app --players "'"$players"'" --seed 7 > /dev/null 2>&1 & pid=$!
sleep 8
win=$(xdotool search --name "Wordbler —" | head -1)
focus() { [ -n "$1" ] && xdotool windowfocus --sync "$1" 2>/dev/null; }
shot() { sleep "${2:-1.5}"; import -window root "$out-$1.png"; convert "$out-$1.png" -strip -colors 256 "$out-$1.png"; }
focus "$win"
shot 1-start
xdotool key Return; sleep 1.5           # the first player takes the seat (Enter)
xdotool key question; shot 2-hints 8    # ?: the hint list
xdotool key Down; shot 3-hint-chosen    # Down: the first move on the board, with its score
xdotool key Return; shot 4-next 4       # Enter: played; the next hand-off (or the reply)
xdotool key Return; sleep 1.5
xdotool key ctrl+h; sleep 2; focus "$(xdotool search --name "Score history" | head -1)"
shot 5-history
xdotool key Escape; sleep 0.5; focus "$win"
xdotool key alt+f; sleep 0.7; xdotool key Up Up Return; sleep 2   # File > Replay this game
focus "$(xdotool search --name "Replay —" | head -1)"; xdotool key End
shot 6-replay
xdotool key ctrl+w; sleep 0.5; focus "$win"
xdotool key F1; shot 7-help 1.5
xdotool key Escape; sleep 0.5; focus "$win"
xdotool key ctrl+n; sleep 1.5; focus "$(xdotool search --name "^New game$" | head -1)"
xdotool key Tab; sleep 0.3; xdotool key Return; sleep 2
focus "$(xdotool search --name "New game — Wordbler" | head -1)"
shot 8-setup
kill $pid
'
