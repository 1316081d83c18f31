// Silhouettes of clothing, in a 1000x1000 box (see image-draw.ts).
import {
  circle,
  clipped,
  ellipse,
  line,
  METAL,
  METAL_DARK,
  mirror,
  type Paint,
  rect,
  type Seg,
  seam,
  shading,
  shape,
  symPath,
  tint,
  velcro,
  zipper,
} from './image-draw.ts';

interface TopOptions {
  long: boolean;
  zip: 'full' | 'half' | 'none';
  hood: boolean;
  collar: 'stand' | 'crew' | 'none';
  pockets: 'chest' | 'kangaroo' | 'none';
  patches: boolean;
  elbows: boolean;
  /** Solid torso panel (combat shirt). */
  torso: boolean;
}

const longSleeves: Seg[] = [
  [700, 180],
  [790, 210, 822, 330],
  [885, 790],
  [782, 808],
  [745, 430],
  [745, 900],
  [500, 900],
];
const shortSleeves: Seg[] = [
  [700, 180],
  [785, 200, 828, 285],
  [885, 405],
  [772, 448],
  [745, 405],
  [745, 900],
  [500, 900],
];

/** Jackets, fleeces, hoodies, shirts and t-shirts share one upper-body silhouette. */
function top(p: Paint, o: TopOptions): string {
  const neck: Seg = p.back ? [555, 168, 580, 150] : [560, 205, 580, 150];
  const body = symPath([500, p.back ? 168 : 212], [neck, ...(o.long ? longSleeves : shortSleeves)]);
  let out = '';
  if (o.hood)
    out +=
      shape('M385 200 Q360 45 500 38 Q640 45 615 200 Z', p.fill, p) +
      tint('M385 200 Q360 45 500 38 Q640 45 615 200 Z', '#000', 0.15);
  let inner = shading(120, 150, 880, 900);
  if (o.torso)
    inner += tint('M330 215 L670 215 L700 900 L300 900 Z', p.base, 1) + seam('M330 215 L300 900 M670 215 L700 900', p);
  inner += tint('M255 862 L745 862 L745 900 L255 900 Z', '#000', o.long && !o.torso ? 0.18 : 0.1);
  if (o.long) inner += tint('M120 760 L225 770 L215 812 L110 800 Z M880 760 L775 770 L785 812 L890 800 Z', '#000', 0.2);
  if (o.elbows)
    inner += tint('M140 520 L230 535 L215 680 L120 665 Z M860 520 L770 535 L785 680 L880 665 Z', '#000', 0.22);
  out += clipped(body, p.fill, p, inner);
  out += seam(
    o.long
      ? 'M300 182 Q290 310 255 430 M700 182 Q710 310 745 430'
      : 'M300 182 Q285 300 262 405 M700 182 Q715 300 738 405',
    p,
  );
  if (o.hood && !p.back) out += tint('M425 185 Q425 95 500 88 Q575 95 575 185 Q500 222 425 185 Z', '#000', 0.35);
  if (o.hood && p.back) out += shape('M395 175 Q385 60 500 55 Q615 60 605 175 L575 340 Q500 372 425 340 Z', p.fill, p);
  if (o.collar === 'stand')
    out +=
      shape('M412 158 L420 100 Q500 122 580 100 L588 158 Q500 205 412 158 Z', p.fill, p) +
      tint('M412 158 L420 100 Q500 122 580 100 L588 158 Q500 205 412 158 Z', '#000', 0.12);
  if (o.collar === 'crew') out += line(p.back ? 'M422 152 Q500 172 578 152' : 'M422 152 Q500 222 578 152', p.dark, 16);
  if (p.back) {
    out += seam('M262 300 Q500 330 738 300', p);
    if (o.patches) out += velcro(400, 340, 200, 90, p);
    return out;
  }
  if (o.zip !== 'none') out += zipper(500, o.collar === 'stand' ? 112 : 200, o.zip === 'full' ? 896 : 430, p);
  if (o.pockets === 'chest') {
    for (const x of [325, 565]) {
      out += shape(`M${x} 330 L${x + 110} 330 L${x + 110} 470 Q${x + 55} 482 ${x} 470 Z`, p.fill, p, 4);
      out += shape(`M${x - 6} 318 L${x + 116} 318 L${x + 116} 365 Q${x + 55} 380 ${x - 6} 365 Z`, p.fill, p, 4);
    }
  }
  if (o.pockets === 'kangaroo') {
    const d = 'M330 870 L330 720 Q360 655 425 650 L575 650 Q640 655 670 720 L670 870 Z';
    out += shape(d, p.fill, p, 4) + tint(d, '#000', 0.06) + seam('M350 860 L350 730 M650 860 L650 730', p);
  }
  if (o.hood)
    out +=
      line('M470 200 L462 330 M530 200 L538 330', p.light, 6) + circle(462, 335, 9, METAL) + circle(538, 335, 9, METAL);
  if (o.patches) out += velcro(160, 360, 90, 70, p) + velcro(750, 360, 90, 70, p);
  if (o.zip === 'none' && o.pockets === 'none' && !o.hood) out += seam('M300 820 L700 820', p);
  return out;
}

function bottoms(p: Paint, short: boolean): string {
  const y = short ? 260 : 120;
  const legs: Seg[] = short
    ? [
        [700, 260],
        [738, 560],
        [735, 740],
        [540, 740],
        [510, 470],
        [500, 462],
      ]
    : [
        [700, 120],
        [732, 480],
        [708, 940],
        [545, 940],
        [511, 338],
        [500, 330],
      ];
  const d = symPath([500, y], legs);
  let inner = shading(260, y, 740, 940) + tint(`M250 ${y} L750 ${y} L750 ${y + 52} L250 ${y + 52} Z`, '#000', 0.2);
  const hem = short ? 700 : 902;
  inner += tint(`M250 ${hem} L750 ${hem} L750 ${hem + 45} L250 ${hem + 45} Z`, '#000', 0.15);
  let out = clipped(d, p.fill, p, inner);
  for (const x of [330, 420, 580, 670]) out += rect(x - 9, y - 4, 18, 62, 4, p.fill, p.line, 3);
  const pocketY = short ? 520 : 470;
  const cargo = (x: number) =>
    shape(
      `M${x} ${pocketY} L${x + 105} ${pocketY} L${x + 110} ${pocketY + 150} L${x + 5} ${pocketY + 150} Z`,
      p.fill,
      p,
      4,
    ) +
    shape(
      `M${x - 5} ${pocketY - 8} L${x + 110} ${pocketY - 8} L${x + 110} ${pocketY + 42} L${x - 5} ${pocketY + 42} Z`,
      p.fill,
      p,
      4,
    );
  if (p.back) {
    out += seam(`M280 ${y + 110} Q500 ${y + 140} 720 ${y + 110}`, p);
    out += mirror(cargo(612)) + cargo(612);
    out += shape(`M340 ${y + 120} L460 ${y + 124} L455 ${y + 230} L345 ${y + 226} Z`, p.fill, p, 4);
    out += shape(`M540 ${y + 124} L660 ${y + 120} L655 ${y + 226} L545 ${y + 230} Z`, p.fill, p, 4);
    return out;
  }
  out +=
    circle(500, y + 26, 11, METAL, METAL_DARK, 3) +
    seam(`M522 ${y + 56} L522 ${y + 170} Q522 ${y + 200} 502 ${y + 205}`, p);
  out += seam(`M300 ${y + 60} Q380 ${y + 60} 400 ${y + 150} M700 ${y + 60} Q620 ${y + 60} 600 ${y + 150}`, p);
  out += cargo(612) + mirror(cargo(612));
  if (!short) {
    for (const x of [565, 295])
      out += rect(x, 655, 140, 110, 30, p.fill, p.line, 4) + seam(`M${x + 12} 710 L${x + 128} 710`, p);
  }
  return out;
}

export const jacket = (p: Paint) =>
  top(p, {
    long: true,
    zip: 'full',
    hood: false,
    collar: 'stand',
    pockets: 'chest',
    patches: true,
    elbows: false,
    torso: false,
  });
export const fleece = (p: Paint) =>
  top(p, {
    long: true,
    zip: 'half',
    hood: false,
    collar: 'stand',
    pockets: 'none',
    patches: false,
    elbows: true,
    torso: false,
  });
export const hoodie = (p: Paint) =>
  top(p, {
    long: true,
    zip: 'none',
    hood: true,
    collar: 'none',
    pockets: 'kangaroo',
    patches: true,
    elbows: false,
    torso: false,
  });
export const shirt = (p: Paint) =>
  top(p, {
    long: true,
    zip: 'half',
    hood: false,
    collar: 'stand',
    pockets: 'none',
    patches: true,
    elbows: true,
    torso: true,
  });
export const tshirt = (p: Paint) =>
  top(p, {
    long: false,
    zip: 'none',
    hood: false,
    collar: 'crew',
    pockets: 'none',
    patches: false,
    elbows: false,
    torso: false,
  });
export const pants = (p: Paint) => bottoms(p, false);
export const shorts = (p: Paint) => bottoms(p, true);

export function cap(p: Paint): string {
  const crown = 'M250 610 Q235 330 480 300 Q715 300 750 520 L758 610 Z';
  const visor = 'M610 575 Q790 520 915 600 Q880 668 750 660 Q655 652 596 615 Z';
  let out = shape(visor, p.fill, p) + tint(visor, '#000', 0.28);
  out += clipped(
    crown,
    p.fill,
    p,
    shading(235, 300, 760, 610) + seam('M485 305 L330 610 M485 305 L520 610 M485 305 L690 600', p),
  );
  out += line('M252 610 L756 610', p.line, 8) + circle(485, 303, 16, p.fill, p.line, 4);
  out += p.back
    ? rect(440, 520, 120, 60, 20, 'none', p.line, 6) + rect(470, 560, 60, 40, 6, METAL)
    : velcro(420, 400, 150, 95, p);
  return out;
}

export function boonie(p: Paint): string {
  let out = shape('M170 610 Q170 520 500 515 Q830 520 830 610 Q830 700 500 705 Q170 700 170 610 Z', p.fill, p);
  out += tint('M170 610 Q170 700 500 705 Q830 700 830 610 Q820 650 500 660 Q180 650 170 610 Z', '#000', 0.25);
  out += seam('M215 612 Q220 550 500 548 Q780 550 785 612 Q780 668 500 672 Q220 668 215 612', p);
  const crown = 'M330 600 Q315 330 500 318 Q685 330 670 600 Q500 632 330 600 Z';
  out += clipped(
    crown,
    p.fill,
    p,
    shading(315, 318, 685, 630) + tint('M300 490 L700 490 L700 560 L300 560 Z', '#000', 0.25),
  );
  for (const x of [360, 430, 500, 570, 640]) out += rect(x - 10, 484, 20, 82, 4, p.fill, p.line, 3);
  out += circle(410, 420, 9, METAL_DARK) + circle(590, 420, 9, METAL_DARK);
  if (!p.back) out += line('M360 680 Q500 860 640 680', p.dark, 8);
  return out;
}

export function beanie(p: Paint): string {
  const dome = 'M280 640 Q265 300 500 280 Q735 300 720 640 Z';
  let ribs = shading(265, 280, 735, 640);
  for (let x = 300; x <= 700; x += 40)
    ribs += line(`M${x} 640 Q${500 + (x - 500) * 0.5} 420 500 290`, p.line, 2, 'opacity="0.35"');
  let out = clipped(dome, p.fill, p, ribs);
  const cuff = 'M262 560 Q500 600 738 560 L742 720 Q500 760 258 720 Z';
  let cuffRibs = tint(cuff, '#000', 0.14);
  for (let x = 280; x <= 720; x += 22) cuffRibs += line(`M${x} 560 L${x} 760`, p.line, 3, 'opacity="0.35"');
  out += clipped(cuff, p.fill, p, cuffRibs);
  if (!p.back) out += velcro(430, 600, 140, 80, p);
  return out;
}

function glove(p: Paint): string {
  let out = '';
  const fingers: [number, number, number][] = [
    [-130, -330, 62],
    [-58, -385, 66],
    [18, -352, 64],
    [92, -272, 58],
  ];
  for (const [x, y, w] of fingers) out += rect(x, y, w, 330, 30, p.fill, p.line, 5);
  out += shape(
    'M-150 90 Q-255 10 -262 -118 Q-262 -165 -224 -166 Q-190 -165 -180 -112 Q-168 -40 -128 -10 Z',
    p.fill,
    p,
    5,
  );
  out += rect(-152, -70, 312, 330, 50, p.fill, p.line, 5);
  out += rect(-140, -90, 290, 72, 26, p.dark, p.line, 4);
  out +=
    rect(-145, 240, 300, 140, 18, p.fill, p.line, 5) + tint('M-145 240 L155 240 L155 380 L-145 380 Z', '#000', 0.18);
  out += velcro(-60, 265, 200, 80, p);
  for (const [x, y, w] of fingers) out += seam(`M${x + w / 2} ${y + 30} L${x + w / 2} ${y + 110}`, p);
  return out;
}

export const gloves = (p: Paint) =>
  `<g transform="translate(345 540) scale(-0.92 0.92) rotate(-8)">${glove(p)}</g>` +
  `<g transform="translate(650 500) scale(0.92) rotate(-8)">${glove(p)}</g>`;

export function belt(p: Paint): string {
  let out = ellipse(500, 520, 380, 190, 'none', p.line, 92) + ellipse(500, 520, 380, 190, 'none', p.fill, 80);
  out += `<path d="M120 520 A380 190 0 0 1 880 520" fill="none" stroke="#000" stroke-width="80" opacity="0.22"/>`;
  out += ellipse(500, 520, 380, 190, 'none', p.line, 3) + seam('M135 545 A365 175 0 0 0 865 545', p);
  if (p.back) return out + rect(640, 650, 60, 90, 8, p.fill, p.line, 4) + rect(300, 655, 60, 90, 8, p.fill, p.line, 4);
  out += rect(405, 650, 190, 100, 20, '#3b3d40', '#1d1e20', 5) + rect(430, 672, 140, 56, 12, METAL_DARK, '#2a2b2d', 3);
  out += rect(445, 690, 110, 20, 8, METAL) + rect(640, 655, 50, 84, 8, p.fill, p.line, 4);
  return out;
}
