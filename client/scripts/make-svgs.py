#!/usr/bin/env python3
"""Writes the hand-made SVG art under public/: logo, favicon, flags, people, team, blog images.

Run from client/: python3 scripts/make-svgs.py
"""
from __future__ import annotations

import math
from pathlib import Path

PUBLIC = Path(__file__).resolve().parent.parent / "public"
NAVY, NAVY7, TEAL, TEAL5, GOLD, GOLD4 = "#0b2545", "#13375f", "#0f766e", "#14a098", "#f2b705", "#f7c948"


def write(rel: str, svg: str) -> None:
    path = PUBLIC / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(svg.strip() + "\n", encoding="utf-8")


def star(cx: float, cy: float, r: float, fill: str, points: int = 5, inner: float = 0.4, rot: float = -90) -> str:
    pts = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * inner
        a = math.radians(rot + i * 180 / points)
        pts.append(f"{cx + rad * math.cos(a):.2f},{cy + rad * math.sin(a):.2f}")
    return f'<polygon points="{" ".join(pts)}" fill="{fill}"/>'


# --- Logo & favicon -------------------------------------------------------------
LOGO = f"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{NAVY}"/><stop offset="1" stop-color="{TEAL}"/></linearGradient>
    <linearGradient id="au" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{GOLD4}"/><stop offset="1" stop-color="#e09a00"/></linearGradient>
  </defs>
  <circle cx="32" cy="32" r="31" fill="url(#g)"/>
  <ellipse cx="32" cy="32" rx="22" ry="22" fill="none" stroke="#ffffff" stroke-opacity=".22" stroke-width="1.5"/>
  <ellipse cx="32" cy="32" rx="10" ry="22" fill="none" stroke="#ffffff" stroke-opacity=".22" stroke-width="1.5"/>
  <path d="M10 32h44" stroke="#ffffff" stroke-opacity=".22" stroke-width="1.5"/>
  <path d="M19 19l13 28 13-28" fill="none" stroke="url(#au)" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M12 44c10 8 30 8 42-6" fill="none" stroke="url(#au)" stroke-width="2.5" stroke-linecap="round"/>
  <path d="M51 34l5 2-2 5z" fill="{GOLD4}"/>
</svg>"""
write("images/brand/logo.svg", LOGO)
write("favicon.svg", LOGO)

# --- Flags (3:2) ------------------------------------------------------------------
def flag(body: str) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20" width="30" height="20">{body}</svg>'

def hstripes(*colors: str) -> str:
    h = 20 / len(colors)
    return "".join(f'<rect y="{i * h:.3f}" width="30" height="{h + 0.05:.3f}" fill="{c}"/>' for i, c in enumerate(colors))

def vstripes(*colors: str) -> str:
    w = 30 / len(colors)
    return "".join(f'<rect x="{i * w:.3f}" width="{w + 0.05:.3f}" height="20" fill="{c}"/>' for i, c in enumerate(colors))

def serrated(x0: float, teeth: int, depth: float) -> str:
    pts = [f"0,0", f"{x0},0"]
    h = 20 / teeth
    for i in range(teeth):
        pts.append(f"{x0 + depth},{i * h + h / 2:.3f}")
        pts.append(f"{x0},{(i + 1) * h:.3f}")
    pts.append("0,20")
    return f'<polygon points="{" ".join(pts)}" fill="#fff"/>'

UNION = (
    '<rect width="30" height="20" fill="#012169"/>'
    '<path d="M0 0L30 20M30 0L0 20" stroke="#fff" stroke-width="4"/>'
    '<path d="M0 0L30 20M30 0L0 20" stroke="#C8102E" stroke-width="1.4"/>'
    '<path d="M15 0v20M0 10h30" stroke="#fff" stroke-width="6"/>'
    '<path d="M15 0v20M0 10h30" stroke="#C8102E" stroke-width="3.4"/>'
)
us_stripes = "".join(f'<rect y="{i * 20 / 13:.3f}" width="30" height="{20 / 13 + 0.02:.3f}" fill="{"#B22234" if i % 2 == 0 else "#fff"}"/>' for i in range(13))
us_stars = "".join(f'<circle cx="{1.2 + c * 2.1 + (r % 2) * 1.05:.2f}" cy="{1.1 + r * 1.2:.2f}" r=".38" fill="#fff"/>' for r in range(9) for c in range(6 if r % 2 == 0 else 5))
MAPLE = "15,3.2 16,5.6 17.4,5 16.9,8.6 18.8,6.9 19.4,8 21.3,7.6 20.7,9.6 21.8,10.2 18.3,12.9 18.8,14.2 15.4,13.7 15.5,16.6 14.5,16.6 14.6,13.7 11.2,14.2 11.7,12.9 8.2,10.2 9.3,9.6 8.7,7.6 10.6,8 11.2,6.9 13.1,8.6 12.6,5 14,5.6"
FLAGS = {
    "ae": '<rect width="30" height="20" fill="#fff"/>' + '<rect width="30" height="6.67" fill="#00732F"/><rect y="13.33" width="30" height="6.67" fill="#000"/><rect width="8" height="20" fill="#FF0000"/>',
    "sa": '<rect width="30" height="20" fill="#006C35"/><path d="M8 7.5q3-2 5 0t5 0 4 0" fill="none" stroke="#fff" stroke-width="1.1" stroke-linecap="round"/><path d="M9.5 10q2.5-1.6 4.5 0t4.5 0" fill="none" stroke="#fff" stroke-width=".9" stroke-linecap="round"/><path d="M8 14h13l1.5-.8" fill="none" stroke="#fff" stroke-width="1" stroke-linecap="round"/><rect x="9" y="13.3" width="1" height="1.5" fill="#fff"/>',
    "qa": '<rect width="30" height="20" fill="#8A1538"/>' + serrated(7.5, 9, 2.2),
    "kw": hstripes("#007A3D", "#fff", "#CE1126") + '<polygon points="0,0 7.5,6.67 7.5,13.33 0,20" fill="#000"/>',
    "bh": '<rect width="30" height="20" fill="#CE1126"/>' + serrated(7.5, 5, 3),
    "om": '<rect width="30" height="20" fill="#DB161B"/><rect x="8" width="22" height="6.67" fill="#fff"/><rect x="8" y="13.33" width="22" height="6.67" fill="#008000"/><path d="M2.5 2.5l3 3M5.5 2.5l-3 3M4 2.2v3.6" stroke="#fff" stroke-width=".7"/>',
    "gb": UNION,
    "us": us_stripes + '<rect width="13" height="10.77" fill="#3C3B6E"/>' + us_stars,
    "ca": vstripes("#D80621", "#fff", "#fff", "#D80621") + f'<polygon points="{MAPLE}" fill="#D80621"/>',
    "de": hstripes("#000", "#DD0000", "#FFCE00"),
    "au": '<rect width="30" height="20" fill="#012169"/><svg width="15" height="10" viewBox="0 0 30 20">' + UNION + "</svg>"
    + star(7.5, 15, 2.2, "#fff", 7, 0.45) + star(22.5, 16.5, 1.2, "#fff", 7, 0.45) + star(19.5, 8.5, 1.2, "#fff", 7, 0.45)
    + star(22.5, 3.5, 1.2, "#fff", 7, 0.45) + star(25.5, 7.5, 1.2, "#fff", 7, 0.45) + star(24, 11, 0.7, "#fff", 5, 0.45),
    "tr": '<rect width="30" height="20" fill="#E30A17"/><circle cx="11" cy="10" r="5" fill="#fff"/><circle cx="12.3" cy="10" r="4" fill="#E30A17"/>' + star(17.3, 10, 2.1, "#fff", 5, 0.4, 180),
    "be": vstripes("#000", "#FAE042", "#ED2939"),
    "cn": '<rect width="30" height="20" fill="#EE1C25"/>' + star(5, 5, 3, "#FFFF00") + star(10, 2, 1, "#FFFF00", rot=-60) + star(12, 4, 1, "#FFFF00", rot=-75) + star(12, 7, 1, "#FFFF00", rot=-100) + star(10, 9, 1, "#FFFF00", rot=-120),
    "jp": '<rect width="30" height="20" fill="#fff"/><circle cx="15" cy="10" r="6" fill="#BC002D"/>',
    "gh": hstripes("#CE1126", "#FCD116", "#006B3F") + star(15, 10.3, 3.2, "#000"),
}
for code, body in FLAGS.items():
    write(f"images/flags/{code}.svg", flag(body))

# --- People (testimonials & team) ------------------------------------------------------
def person(bg: tuple[str, str], skin: str, hair: str, shirt: str, style: str, accent: str = GOLD) -> str:
    hair_shapes = {
        "short": f'<path d="M38 50c0-16 10-24 22-24s22 8 22 24c-4-8-10-11-22-11s-18 3-22 11z" fill="{hair}"/>',
        "puff": f'<circle cx="60" cy="36" r="21" fill="{hair}"/><circle cx="42" cy="46" r="10" fill="{hair}"/><circle cx="78" cy="46" r="10" fill="{hair}"/>',
        "wrap": f'<path d="M36 52c0-22 12-30 24-30s24 8 24 30c-6-10-14-12-24-12s-18 2-24 12z" fill="{accent}"/><path d="M44 30c8-6 24-6 32 0" stroke="{hair}" stroke-width="3" fill="none"/>',
        "bald": f'<path d="M40 48c2-12 10-18 20-18s18 6 20 18c-6-6-12-8-20-8s-14 2-20 8z" fill="{hair}" opacity=".35"/>',
        "long": f'<path d="M34 80c-4-30 6-52 26-52s30 22 26 52c-6-2-8-20-8-30-6 4-30 4-36 0 0 10-2 28-8 30z" fill="{hair}"/>',
    }
    return f"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{bg[0]}"/><stop offset="1" stop-color="{bg[1]}"/></linearGradient></defs>
  <rect width="120" height="120" rx="60" fill="url(#bg)"/>
  <path d="M18 120c2-26 20-38 42-38s40 12 42 38z" fill="{shirt}"/>
  <path d="M50 84l10 12 10-12" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="3"/>
  <rect x="52" y="66" width="16" height="18" rx="6" fill="{skin}"/>
  <ellipse cx="60" cy="52" rx="20" ry="23" fill="{skin}"/>
  {hair_shapes[style]}
  <circle cx="52" cy="54" r="2.2" fill="#1d1d1d"/><circle cx="68" cy="54" r="2.2" fill="#1d1d1d"/>
  <path d="M53 64q7 5 14 0" fill="none" stroke="#5a2d1a" stroke-width="2.2" stroke-linecap="round"/>
</svg>"""

PEOPLE = {
    "people/ama.svg": person((TEAL5, NAVY7), "#8d5524", "#1b1b1b", "#ffffff", "wrap", "#0f766e"),
    "people/kofi.svg": person((GOLD4, "#e09a00"), "#6b3e1f", "#141414", NAVY, "short"),
    "people/efua.svg": person(("#7fb7e6", NAVY7), "#a0673a", "#1b1b1b", "#b0413e", "puff"),
    "team/vincent.svg": person((NAVY7, TEAL), "#6b3e1f", "#1a1a1a", "#1f2f4f", "bald"),
    "team/grace.svg": person((TEAL5, "#0c6663"), "#8d5524", "#1b1b1b", "#7b2d5b", "long"),
    "team/ibrahim.svg": person((GOLD4, "#c98f00"), "#c68a56", "#2b2118", "#ffffff", "short"),
    "team/nana.svg": person(("#9fd3c7", TEAL), "#7a4523", "#1b1b1b", NAVY7, "wrap", GOLD),
}
for rel, svg in PEOPLE.items():
    write(f"images/{rel}", svg)

# --- Blog images (16:9) ----------------------------------------------------------------
def blog(c0: str, c1: str, art: str) -> str:
    return f"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" width="800" height="450">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{c0}"/><stop offset="1" stop-color="{c1}"/></linearGradient>
    <radialGradient id="sun" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="{GOLD4}"/><stop offset="1" stop-color="{GOLD}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="800" height="450" fill="url(#bg)"/>
  <circle cx="690" cy="60" r="170" fill="#fff" opacity=".05"/>
  <circle cx="80" cy="420" r="140" fill="#fff" opacity=".05"/>
  {art}
</svg>"""

skyline = "".join(
    f'<rect x="{x}" y="{450 - h}" width="{w}" height="{h}" fill="{NAVY}" opacity="{o}"/>'
    for x, w, h, o in [(40, 60, 170, .8), (110, 45, 230, .9), (165, 70, 150, .8), (250, 40, 200, .85), (300, 90, 130, .8),
                       (470, 60, 190, .85), (540, 50, 140, .8), (600, 80, 210, .9), (690, 60, 160, .8), (750, 50, 120, .8)]
)
burj = f'<path d="M400 40l8 70 10 20 6 60 12 30 4 230h-80l4-230 12-30 6-60 10-20z" fill="{NAVY}"/>'
windows = "".join(f'<rect x="{x}" y="{y}" width="6" height="8" fill="{GOLD4}" opacity=".7"/>' for x in (60, 80, 125, 140, 180, 200, 320, 350, 490, 510, 620, 650) for y in (320, 350, 380))
BLOG = {
    "uae-jobs.svg": blog(TEAL, "#0c3b5e", f'<circle cx="560" cy="150" r="90" fill="url(#sun)"/>{skyline}{burj}{windows}'
                         f'<rect x="275" y="40" width="250" height="70" rx="35" fill="#fff" opacity=".95"/><text x="400" y="86" font-family="Arial, sans-serif" font-size="30" font-weight="700" fill="{NAVY}" text-anchor="middle">UAE JOBS</text>'),
    "interview.svg": blog(NAVY7, TEAL,
        f'<rect x="120" y="300" width="560" height="20" rx="6" fill="{NAVY}"/><rect x="150" y="320" width="14" height="100" fill="{NAVY}"/><rect x="636" y="320" width="14" height="100" fill="{NAVY}"/>'
        f'<circle cx="250" cy="170" r="44" fill="#6b3e1f"/><path d="M180 300c0-60 30-90 70-90s70 30 70 90z" fill="{GOLD}"/>'
        f'<circle cx="550" cy="170" r="44" fill="#c68a56"/><path d="M480 300c0-60 30-90 70-90s70 30 70 90z" fill="#fff"/><path d="M540 215l10 30 10-30" fill="{TEAL}"/>'
        f'<rect x="300" y="60" width="200" height="70" rx="20" fill="#fff"/><path d="M340 130l-10 26 34-26z" fill="#fff"/>'
        f'<circle cx="360" cy="95" r="8" fill="{TEAL}"/><circle cx="400" cy="95" r="8" fill="{TEAL}"/><circle cx="440" cy="95" r="8" fill="{TEAL}"/>'),
    "documents.svg": blog("#0c3b5e", NAVY7,
        f'<rect x="250" y="90" width="220" height="290" rx="14" fill="#fff" transform="rotate(-8 360 235)"/>'
        + "".join(f'<rect x="285" y="{150 + i * 34}" width="150" height="12" rx="6" fill="#d6e0ea" transform="rotate(-8 360 235)"/>' for i in range(6))
        + f'<rect x="400" y="110" width="190" height="260" rx="18" fill="#1f4e3d"/><circle cx="495" cy="210" r="44" fill="none" stroke="{GOLD4}" stroke-width="6"/>'
        f'<path d="M451 210h88M495 166c-18 26-18 62 0 88M495 166c18 26 18 62 0 88" stroke="{GOLD4}" stroke-width="4" fill="none"/>'
        f'<text x="495" y="310" font-family="Arial, sans-serif" font-size="24" font-weight="700" fill="{GOLD4}" text-anchor="middle">PASSPORT</text>'
        f'<circle cx="590" cy="340" r="46" fill="{TEAL5}"/><path d="M568 340l16 16 30-32" stroke="#fff" stroke-width="9" fill="none" stroke-linecap="round" stroke-linejoin="round"/>'),
    "salary.svg": blog(TEAL, NAVY,
        "".join(f'<rect x="{150 + i * 90}" y="{380 - h}" width="60" height="{h}" rx="8" fill="#fff" opacity="{.55 + i * .08}"/>' for i, h in enumerate((80, 130, 170, 220, 280)))
        + f'<path d="M150 270l90-50 90 20 90-70 90-40 60-40" fill="none" stroke="{GOLD4}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/><path d="M650 50l22 0-6 22" fill="none" stroke="{GOLD4}" stroke-width="8" stroke-linecap="round"/>'
        + "".join(f'<ellipse cx="640" cy="{390 - i * 16}" rx="60" ry="16" fill="{GOLD}" stroke="#c98f00" stroke-width="3"/>' for i in range(6))
        + f'<text x="640" y="318" font-family="Arial, sans-serif" font-size="34" font-weight="800" fill="#7a5600" text-anchor="middle">$</text>'),
    "culture.svg": blog("#c98f00", "#7a3b1a",
        f'<circle cx="400" cy="170" r="80" fill="url(#sun)"/><path d="M0 360q200-70 400-10t400-20v120H0z" fill="#e6b062"/><path d="M0 400q220-50 420 0t380-10v60H0z" fill="#d39a45"/>'
        f'<path d="M300 360v-110q0-60 50-90 50 30 50 90v110z" fill="{NAVY}"/><rect x="420" y="150" width="24" height="210" fill="{NAVY}"/><path d="M420 150l12-30 12 30z" fill="{NAVY}"/>'
        f'<path d="M344 150v-14" stroke="{NAVY}" stroke-width="4"/><circle cx="350" cy="132" r="6" fill="none" stroke="{NAVY}" stroke-width="3"/>'
        f'<path d="M600 360c0-80 10-140 14-170" stroke="#5a3412" stroke-width="12" fill="none"/><path d="M614 190c-40-10-70 10-80 30M614 190c40-10 70 10 80 30M614 190c-20-30-50-40-70-30M614 190c20-30 50-40 70-30" stroke="#1f6b3a" stroke-width="12" fill="none" stroke-linecap="round"/>'
        + "".join(f'<g transform="translate({x} 60)"><path d="M0 0v30" stroke="#fff" stroke-width="2"/><path d="M-14 30h28l-4 40h-20z" fill="{GOLD4}"/><rect x="-8" y="70" width="16" height="8" fill="#7a3b1a"/></g>' for x in (110, 180, 690))),
    "career.svg": blog(NAVY, TEAL,
        "".join(f'<rect x="{140 + i * 100}" y="{360 - i * 55}" width="100" height="{90 + i * 55}" fill="#fff" opacity="{.25 + i * .12}"/>' for i in range(5))
        + f'<circle cx="600" cy="90" r="26" fill="#6b3e1f"/><path d="M574 180v-50q26-20 52 0v50z" fill="{GOLD}"/><path d="M585 180l-8 50M615 180l8 50" stroke="{NAVY}" stroke-width="10" stroke-linecap="round"/>'
        f'<path d="M640 70l60-30" stroke="{GOLD4}" stroke-width="6"/><path d="M690 28l20 8-10 18" fill="none" stroke="{GOLD4}" stroke-width="6" stroke-linecap="round"/>'
        + star(120, 100, 26, GOLD4) + star(240, 160, 14, "#fff")),
    "safety.svg": blog(NAVY7, "#0c6663",
        f'<path d="M400 60l150 55v110c0 90-70 140-150 170-80-30-150-80-150-170V115z" fill="#fff"/>'
        f'<path d="M400 90l120 44v92c0 72-56 112-120 138-64-26-120-66-120-138v-92z" fill="{TEAL}"/>'
        f'<path d="M345 235l40 40 75-85" stroke="#fff" stroke-width="22" fill="none" stroke-linecap="round" stroke-linejoin="round"/>'
        f'<circle cx="170" cy="330" r="46" fill="none" stroke="{GOLD4}" stroke-width="10"/><path d="M204 364l44 44" stroke="{GOLD4}" stroke-width="14" stroke-linecap="round"/>'
        f'<rect x="600" y="280" width="120" height="90" rx="12" fill="{GOLD}"/><path d="M625 280v-26a35 35 0 0 1 70 0v26" fill="none" stroke="{GOLD}" stroke-width="12"/><circle cx="660" cy="322" r="10" fill="{NAVY}"/>'),
}
for name, svg in BLOG.items():
    write(f"images/blog/{name}", svg)

print("svgs written")


# --- Card art: one image per study destination and per country package (spec section 3) -------
def slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")


def card_art(name: str, top: str, bottom: str, accent: str) -> str:
    """A 480x240 dusk skyline in the country's colours; the heights come from the name (stable)."""
    seed = sum(ord(c) * (i + 1) for i, c in enumerate(name))
    towers = []
    x = 0
    i = 0
    while x < 480:
        w = 26 + (seed >> (i % 7)) % 30
        h = 50 + (seed * (i + 3)) % 110
        towers.append(f'<rect x="{x}" y="{240 - h}" width="{w - 4}" height="{h}" fill="{NAVY}" opacity="{.55 + (i % 3) * .15:.2f}"/>')
        x += w
        i += 1
    sun_x = 60 + seed % 360
    return f"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 240" width="480" height="240">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/></linearGradient></defs>
  <rect width="480" height="240" fill="url(#s)"/>
  <circle cx="{sun_x}" cy="80" r="34" fill="{accent}" opacity=".9"/>
  {"".join(towers)}
</svg>"""


CARD_ART = {
    "destinations": {
        "United Kingdom": ("#012169", "#c8102e", "#ffffff"),
        "United States": ("#3c3b6e", "#b22234", "#ffffff"),
        "Canada": ("#d52b1e", "#7a1911", "#ffffff"),
        "Germany": ("#222222", "#dd0000", GOLD),
        "Australia": ("#012169", "#0b5cab", GOLD4),
        "Turkey": ("#e30a17", "#7d0610", "#ffffff"),
        "Belgium": ("#2d2926", "#c8102e", "#fdda24"),
        "Qatar": ("#8a1538", "#4a0b1e", "#ffffff"),
        "China": ("#de2910", "#8a1a0a", "#ffde00"),
        "Japan": ("#bc002d", "#4a0a1a", "#ffffff"),
    },
    "packages": {
        "UAE": ("#00732f", TEAL, GOLD4),
        "Saudi Arabia": ("#006c35", "#0b3d22", "#ffffff"),
        "Qatar": ("#8a1538", "#4a0b1e", GOLD4),
        "Kuwait": ("#007a3d", "#ce1126", "#ffffff"),
        "Bahrain": ("#ce1126", "#6b0a14", "#ffffff"),
        "Oman": ("#db161b", "#008000", "#ffffff"),
    },
}
for folder, countries in CARD_ART.items():
    for country, colours in countries.items():
        write(f"images/{folder}/{slug(country)}.svg", card_art(country, *colours))
print("card art written")
