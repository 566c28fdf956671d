#!/usr/bin/env bash
# Regenerates the hero and promo videos and their posters with ffmpeg (lavfi sources only,
# no stock media). Usage: bash scripts/make-media.sh  (from client/). Needs ffmpeg with
# libvpx-vp9, libx264 and libwebp.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=public/video
IMG=public/images
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mkdir -p "$OUT" "$IMG"

# Hero: a slow navy/teal/gold gradient drift with soft light sweeps, 6 s loop, 960x540.
HERO_SRC="gradients=s=960x540:d=6:r=24:n=4:c0=0x071a33:c1=0x14a098:c2=0x13375f:c3=0xb8860b:speed=0.015:type=linear"
HERO_FX="boxblur=8:2,eq=saturation=1.1,vignette=PI/5,format=yuv420p"
ffmpeg -y -loglevel error -f lavfi -i "$HERO_SRC" -vf "$HERO_FX" -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -an "$OUT/hero.webm"
ffmpeg -y -loglevel error -f lavfi -i "$HERO_SRC" -vf "$HERO_FX" -c:v libx264 -preset slow -crf 30 -profile:v high -movflags +faststart -an "$OUT/hero.mp4"
ffmpeg -y -loglevel error -ss 1 -i "$OUT/hero.mp4" -frames:v 1 -c:v libwebp -quality 70 "$IMG/hero-poster.webp"

# Promo: 8 s of titled steps over a moving gradient, 960x540.
PROMO_SRC="gradients=s=960x540:d=8:r=24:n=3:c0=0x0b2545:c1=0x0f766e:c2=0x13375f:speed=0.02"
step() { # text, start, end
  printf "drawtext=fontfile=%s:text='%s':fontsize=54:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2:alpha='if(lt(t,%s),0,if(lt(t,%s+0.3),(t-%s)/0.3,if(lt(t,%s-0.3),1,if(lt(t,%s),(%s-t)/0.3,0))))'" \
    "$FONT" "$1" "$2" "$2" "$2" "$3" "$3" "$3"
}
PROMO_FX="$(step 'Consultation' 0 1.6),$(step 'Interview' 1.6 3.2),$(step 'Visa and Documents' 3.2 4.8),$(step 'Flight' 4.8 6.4),$(step 'Your New Career' 6.4 8)"
PROMO_FX="$PROMO_FX,drawtext=fontfile=$FONT:text='VANDY TRAVEL':fontsize=22:fontcolor=0xf7c948:x=(w-text_w)/2:y=h-70,drawbox=x=0:y=ih-12:w=iw*t/8:h=12:color=0xf2b705@0.9:t=fill,format=yuv420p"
ffmpeg -y -loglevel error -f lavfi -i "$PROMO_SRC" -vf "$PROMO_FX" -c:v libvpx-vp9 -b:v 0 -crf 40 -row-mt 1 -an "$OUT/promo.webm"
ffmpeg -y -loglevel error -f lavfi -i "$PROMO_SRC" -vf "$PROMO_FX" -c:v libx264 -preset slow -crf 28 -profile:v high -movflags +faststart -an "$OUT/promo.mp4"
ffmpeg -y -loglevel error -ss 7.2 -i "$OUT/promo.mp4" -frames:v 1 -c:v libwebp -quality 75 "$IMG/promo-poster.webp"
ls -l "$OUT" "$IMG"/*.webp
