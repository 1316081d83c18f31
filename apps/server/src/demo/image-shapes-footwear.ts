// Silhouettes of footwear, in a 1000x1000 box (see image-draw.ts).
import {
  circle,
  clipped,
  ellipse,
  line,
  METAL,
  METAL_DARK,
  type Paint,
  RUBBER,
  rect,
  seam,
  shading,
  shape,
  tint,
  velcro,
} from './image-draw.ts';

function sole(y: number, x1: number, x2: number): string {
  let out = shape(
    `M${x1 - 10} ${y} L${x2 + 12} ${y} L${x2 + 10} ${y + 38} Q${x2} ${y + 70} ${x2 - 45} ${y + 70} L${x1 + 10} ${y + 70} Q${x1 - 14} ${y + 70} ${x1 - 12} ${y + 36} Z`,
    RUBBER,
    '#111111',
  );
  for (let x = x1 + 20; x < x2 - 20; x += 48) out += rect(x, y + 52, 30, 18, 3, '#444444');
  return out;
}

export function boots(p: Paint): string {
  const d =
    'M340 130 L600 120 L612 500 Q630 590 720 620 L860 660 Q910 685 910 760 L910 800 L295 800 L295 560 Q305 420 340 130 Z';
  let inner =
    shading(295, 120, 910, 800) +
    tint('M760 640 L860 660 Q910 685 910 760 L910 800 L740 800 Q720 700 760 640 Z', '#000', 0.25);
  inner +=
    tint('M295 560 Q310 660 300 800 L430 800 Q440 680 380 590 Z', '#000', 0.2) +
    tint('M330 128 L605 118 L606 170 L326 182 Z', '#000', 0.25);
  inner += tint('M290 770 L920 770 L920 800 L290 800 Z', '#000', 0.3);
  inner += tint('M540 124 L606 121 L618 500 Q626 560 668 600 L610 612 Q560 560 556 500 Z', '#000', 0.22);
  let out = clipped(d, p.fill, p, inner) + sole(800, 290, 910);
  for (let k = 0; k < 8; k++) {
    const y = 165 + k * 52;
    const x = 592 + k * 3;
    out += line(`M${x - 40} ${y} L${x + 4} ${y + 40} M${x - 40} ${y + 40} L${x + 4} ${y}`, p.light, 8);
    out += circle(x - 40, y, 8, METAL, METAL_DARK, 2) + circle(x + 4, y, 6, METAL_DARK);
  }
  out += shape('M350 132 Q330 60 380 58 Q410 60 400 128', 'none', p, 12) + seam('M320 560 Q520 600 700 640', p);
  return out;
}

export function sneakers(p: Paint): string {
  const d = 'M230 610 Q238 505 330 470 L470 452 Q560 448 612 505 L800 575 Q882 598 886 660 L886 700 L224 700 Z';
  let inner =
    shading(224, 450, 886, 700) +
    tint('M700 545 L800 575 Q882 598 886 660 L886 700 L690 700 Q660 620 700 545 Z', '#000', 0.22);
  inner +=
    tint('M224 560 L330 560 Q360 640 340 700 L224 700 Z', '#000', 0.2) +
    tint('M380 640 Q540 560 700 640 L690 670 Q540 600 390 670 Z', '#fff', 0.25);
  let out = clipped(d, p.fill, p, inner);
  out += shape('M214 700 L896 700 L900 742 Q896 772 860 772 L244 772 Q212 772 212 742 Z', '#ebe8e1', '#9a968c', 5);
  out += rect(226, 760, 662, 24, 10, RUBBER) + ellipse(330, 468, 70, 18, '#2b2b2b');
  for (let k = 0; k < 5; k++) {
    const x = 480 + k * 34;
    const y = 462 + k * 15;
    out += line(`M${x - 14} ${y - 4} L${x + 18} ${y + 14} M${x - 14} ${y + 14} L${x + 18} ${y - 4}`, p.line, 6);
  }
  return out;
}

export function sandals(p: Paint): string {
  let out = shape(
    'M200 710 Q200 670 260 665 L820 655 Q900 655 905 700 L905 740 Q900 780 840 780 L260 790 Q200 790 200 750 Z',
    RUBBER,
    '#111111',
  );
  out += rect(215, 662, 680, 24, 10, '#5a5a58');
  const straps = [
    'M245 672 Q240 470 380 438 L420 470 Q300 505 300 672 Z',
    'M360 670 Q380 430 500 412 Q580 425 590 668 L535 668 Q525 482 500 472 Q425 490 412 670 Z',
    'M620 662 Q650 535 760 535 Q828 552 842 660 L790 660 Q772 590 740 590 Q684 595 672 662 Z',
  ];
  for (const s of straps) out += shape(s, p.fill, p, 5) + tint(s, '#000', 0.1);
  out += rect(470, 440, 70, 40, 8, METAL_DARK, RUBBER, 3) + velcro(690, 560, 90, 40, p);
  return out;
}

const insoleShape =
  'M0 -330 Q110 -330 120 -200 Q130 -80 90 40 Q70 120 85 230 Q90 330 0 340 Q-90 330 -85 230 Q-75 120 -100 20 Q-130 -90 -110 -200 Q-100 -330 0 -330 Z';

export function insole(p: Paint): string {
  let holes = '';
  for (let y = -280; y < -40; y += 40) for (let x = -90; x <= 90; x += 40) holes += circle(x, y, 7, '#000', 'none');
  const inner =
    `<g opacity="0.25">${holes}</g><g opacity="0.2">${ellipse(0, 250, 75, 85, '#000')}</g>` +
    tint('M-100 0 Q-60 80 -85 200 L-20 200 Q-30 80 -60 0 Z', p.light, 0.5);
  const one = clipped(insoleShape, p.fill, p, inner);
  return `<g transform="translate(370 500) scale(-1 1)">${one}</g><g transform="translate(630 500)">${one}</g>`;
}
