// Silhouettes of load-bearing equipment and camping gear, in a 1000x1000 box (see image-draw.ts).
import {
  buckle,
  circle,
  clipped,
  ellipse,
  LENS,
  line,
  METAL,
  METAL_DARK,
  mirror,
  molle,
  type Paint,
  RUBBER,
  rect,
  seam,
  shading,
  shape,
  symPath,
  tint,
  velcro,
  zipper,
} from './image-draw.ts';

const groundShadow = (y: number, rx: number) => `<g opacity="0.12">${ellipse(500, y, rx, 36, '#000')}</g>`;

export function backpack(p: Paint): string {
  let out = '';
  const strap = 'M305 235 Q235 265 240 430 L255 700 L298 700 Z';
  out += shape(strap, p.fill, p) + mirror(shape(strap, p.fill, p));
  out += line('M450 168 Q500 100 550 168', p.line, 26) + line('M450 168 Q500 100 550 168', p.dark, 16);
  const body =
    'M300 260 Q300 195 362 188 L638 188 Q700 195 700 260 L716 840 Q716 892 660 892 L340 892 Q284 892 284 840 Z';
  if (p.back) {
    out += clipped(
      body,
      p.fill,
      p,
      shading(284, 188, 716, 892) + tint('M340 250 L660 250 L670 850 L330 850 Z', '#000', 0.28),
    );
    for (const y of [330, 480, 630]) out += rect(350, y, 300, 110, 30, p.dark, p.line, 3);
    for (const x of [400, 600])
      out +=
        line(`M${x} 215 Q${x + (x < 500 ? -30 : 30)} 480 ${x} 780`, p.line, 78) +
        line(`M${x} 215 Q${x + (x < 500 ? -30 : 30)} 480 ${x} 780`, p.fill, 66);
    out += line('M380 450 L620 450', RUBBER, 16) + buckle(500, 450) + rect(290, 790, 420, 80, 26, p.fill, p.line, 5);
    return out;
  }
  out += clipped(body, p.fill, p, shading(284, 188, 716, 892));
  const lid = 'M305 262 Q308 175 500 166 Q692 175 695 262 L698 335 Q500 362 302 335 Z';
  out += shape(lid, p.fill, p) + tint(lid, '#000', 0.12) + velcro(430, 250, 140, 64, p);
  out += molle(335, 400, 330, 5, p);
  const pocket = 'M350 655 L650 655 L660 840 Q660 866 630 866 L370 866 Q340 866 340 840 Z';
  out += shape(pocket, p.fill, p) + seam('M360 690 Q500 675 640 690', p);
  for (const y of [380, 700])
    out +=
      line(`M286 ${y} L330 ${y} M714 ${y} L670 ${y}`, RUBBER, 14) + buckle(300, y, 40, 30) + buckle(700, y, 40, 30);
  return out;
}

export function bag(p: Paint): string {
  let out =
    line('M290 400 Q300 95 500 88 Q700 95 710 400', p.line, 46) +
    line('M290 400 Q300 95 500 88 Q700 95 710 400', p.fill, 36);
  out += buckle(318, 250, 36, 54);
  const body =
    'M262 420 Q262 362 322 360 L678 360 Q738 362 738 420 L758 800 Q758 850 700 850 L300 850 Q242 850 242 800 Z';
  out += clipped(body, p.fill, p, shading(242, 360, 758, 850));
  if (p.back) return out + molle(300, 480, 400, 6, p);
  const flap = 'M258 372 L742 372 L748 604 Q500 645 252 604 Z';
  out += shape(flap, p.fill, p) + tint(flap, '#000', 0.1) + velcro(410, 425, 180, 100, p);
  for (const x of [370, 630]) out += line(`M${x} 590 L${x} 690`, RUBBER, 24) + buckle(x, 650, 56, 40);
  out += seam('M270 780 L730 780', p);
  return out;
}

export function vest(p: Paint): string {
  let out = '';
  for (const x of [200, 740])
    out +=
      rect(x, 520, 62, 300, 14, p.fill, p.line) +
      tint(`M${x} 520 L${x + 62} 520 L${x + 62} 820 L${x} 820 Z`, '#000', 0.2);
  const body = symPath(
    [500, 345],
    [
      [572, 334, 590, 232],
      [596, 150],
      [690, 150],
      [702, 300],
      [740, 366],
      [744, 842],
      [500, 842],
    ],
  );
  out += clipped(
    body,
    p.fill,
    p,
    shading(256, 150, 744, 842) +
      tint('M590 150 L700 150 L706 300 L596 300 Z M410 150 L300 150 L294 300 L404 300 Z', '#000', 0.2),
  );
  if (p.back) {
    out += line('M440 210 Q500 150 560 210', p.line, 30) + line('M440 210 Q500 150 560 210', p.dark, 20);
    return out + molle(300, 400, 400, 8, p);
  }
  out += velcro(355, 380, 290, 110, p) + molle(300, 520, 400, 2, p);
  for (const x of [320, 440, 560]) {
    out +=
      rect(x, 630, 120, 200, 12, p.fill, p.line, 5) +
      tint(`M${x} 630 L${x + 120} 630 L${x + 120} 680 L${x} 680 Z`, '#000', 0.25);
    out += line(`M${x + 60} 600 L${x + 60} 660`, RUBBER, 10) + rect(x + 42, 585, 36, 26, 8, RUBBER);
  }
  return out;
}

export function pouch(p: Paint): string {
  let out = '';
  if (p.back) {
    out += clipped(
      'M330 260 L670 260 L670 860 L330 860 Z',
      p.fill,
      p,
      tint('M330 260 L670 260 L670 860 L330 860 Z', '#000', 0.1),
    );
    for (const x of [390, 560])
      out += rect(x, 300, 50, 520, 6, p.dark, p.line, 3) + circle(x + 25, 790, 12, METAL_DARK);
    return out;
  }
  out += rect(385, 175, 100, 140, 14, '#2f2f2f') + rect(515, 175, 100, 140, 14, '#2f2f2f');
  const body = 'M332 300 L668 300 L672 828 Q672 866 630 866 L370 866 Q328 866 328 828 Z';
  out += clipped(
    body,
    p.fill,
    p,
    shading(328, 300, 672, 866) + tint('M330 300 L670 300 L670 420 L330 420 Z', '#000', 0.15),
  );
  out += line('M345 310 Q500 250 655 310', RUBBER, 12) + rect(470, 232, 60, 90, 14, RUBBER);
  out += line('M328 520 L672 520 M328 660 L672 660', p.dark, 30) + seam('M345 800 L655 800', p);
  return out;
}

export function tent(p: Paint): string {
  let out = line('M60 860 L470 380 M940 860 L530 380', '#555', 3) + groundShadow(820, 440);
  const body = 'M120 810 Q190 430 500 335 Q810 430 880 810 Z';
  out += clipped(
    body,
    p.fill,
    p,
    shading(120, 335, 880, 810) + tint('M500 335 Q810 430 880 810 L620 810 Q600 500 500 335 Z', '#000', 0.15),
  );
  out += line('M150 810 Q500 150 850 810', METAL_DARK, 7) + line('M250 810 Q520 260 820 760', METAL_DARK, 5);
  const door = 'M380 810 Q388 560 500 515 Q612 560 620 810 Z';
  out += shape(door, p.fill, p) + tint(door, '#000', p.back ? 0.12 : 0.35);
  if (!p.back)
    out +=
      line('M500 520 L500 810', METAL_DARK, 5, 'stroke-dasharray="6 5"') +
      tint('M420 810 Q430 640 500 600 Q570 640 580 810 Z', '#000', 0.25);
  out += shape('M440 400 Q500 370 560 400 L550 430 Q500 410 450 430 Z', p.dark, p, 3);
  return out;
}

export function tarp(p: Paint): string {
  let out = groundShadow(860, 430);
  out +=
    line('M180 370 L180 860 M820 370 L820 860', METAL_DARK, 12) + line('M180 370 L60 860 M820 370 L940 860', '#555', 3);
  const sheet = 'M180 380 L820 380 L930 790 L70 790 Z';
  out += clipped(
    sheet,
    p.fill,
    p,
    shading(70, 380, 930, 790) + tint('M500 380 L820 380 L930 790 L500 790 Z', '#000', 0.12),
  );
  out += line('M180 380 L820 380', '#444', 6) + seam('M95 770 L905 770', p);
  for (const x of [70, 500, 930]) out += circle(x, 790, 10, METAL, METAL_DARK, 3);
  out += line('M70 790 L40 880 M930 790 L960 880', '#555', 3);
  return out;
}

export function sleepingBag(p: Paint): string {
  const body =
    'M500 95 Q655 95 684 260 Q704 420 674 600 Q654 800 604 910 L396 910 Q346 800 326 600 Q296 420 316 260 Q345 95 500 95 Z';
  let inner = shading(296, 95, 704, 910);
  for (let y = 360; y < 900; y += 72) inner += line(`M280 ${y} Q500 ${y + 26} 720 ${y}`, p.line, 3, 'opacity="0.5"');
  let out = clipped(body, p.fill, p, inner);
  if (p.back) return out + seam('M500 110 L500 900', p);
  out += ellipse(500, 235, 118, 88, '#2a2a2a', p.line, 8) + ellipse(500, 250, 90, 62, '#3b3b3b');
  out += zipper(640, 320, 860, p) + line('M430 160 Q500 140 570 160', p.line, 5) + rect(560, 150, 22, 36, 8, RUBBER);
  return out;
}

export function mat(p: Paint): string {
  const flat = 'M300 600 L700 600 L720 900 L280 900 Z';
  let ribs = shading(280, 600, 720, 900);
  for (let y = 630; y < 900; y += 34) ribs += line(`M280 ${y} L720 ${y}`, p.line, 3, 'opacity="0.45"');
  let out = clipped(flat, p.fill, p, ribs);
  const roll = 'M240 380 L760 380 A55 120 0 0 1 760 620 L240 620 A55 120 0 0 1 240 380 Z';
  out += clipped(
    roll,
    p.fill,
    p,
    shading(185, 380, 815, 620) + tint('M185 560 L815 560 L815 620 L185 620 Z', '#000', 0.18),
  );
  out += ellipse(760, 500, 55, 120, p.fill, p.line, 6);
  for (const r of [0.75, 0.5, 0.25]) out += ellipse(760, 500, 55 * r, 120 * r, 'none', p.line, 3);
  if (!p.back)
    for (const x of [360, 620]) out += rect(x, 368, 34, 264, 6, RUBBER) + rect(x - 8, 470, 50, 34, 6, '#3a3a3a');
  return out;
}

export function pot(p: Paint): string {
  let out = line('M305 450 Q500 110 695 450', METAL_DARK, 7);
  for (const s of [-1, 1]) out += line(`M${500 + s * 200} 500 Q${500 + s * 310} 500 ${500 + s * 310} 580`, RUBBER, 22);
  const body = 'M300 440 L700 440 L690 790 Q690 848 630 848 L370 848 Q310 848 310 790 Z';
  out += clipped(
    body,
    p.fill,
    p,
    shading(300, 440, 700, 848) +
      tint('M350 440 L380 440 L380 848 L350 848 Z M400 440 L412 440 L412 848 L400 848 Z', '#fff', 0.35),
  );
  out +=
    shape('M285 442 Q500 365 715 442 L715 466 L285 466 Z', p.fill, p) +
    tint('M285 442 Q500 365 715 442 L715 466 L285 466 Z', '#000', 0.18);
  out += rect(470, 368, 60, 26, 10, RUBBER);
  if (!p.back) for (let y = 560; y <= 760; y += 50) out += line(`M440 ${y} L470 ${y}`, p.line, 3);
  return out;
}

export function stove(p: Paint): string {
  const can =
    'M350 620 Q350 578 400 572 L600 572 Q650 578 650 620 L660 860 Q660 884 628 884 L372 884 Q340 884 340 860 Z';
  let out = clipped(
    can,
    p.fill,
    p,
    shading(340, 572, 660, 884) + tint('M330 690 L670 690 L670 800 L330 800 Z', '#fff', 0.3),
  );
  out += ellipse(500, 574, 148, 30, p.dark, p.line, 5);
  out += rect(462, 450, 76, 130, 10, METAL, METAL_DARK, 4) + line('M538 520 L600 520 L620 545 L660 530', METAL_DARK, 8);
  out += shape('M420 470 L580 470 L562 428 L438 428 Z', METAL, METAL_DARK, 4);
  out += line('M440 450 L300 412 L300 390 M560 450 L700 412 L700 390 M500 440 L500 392', METAL_DARK, 10);
  if (!p.back) {
    out +=
      shape('M500 270 Q556 360 500 428 Q444 360 500 270 Z', '#5aa9ff', '#3b82d6', 3) +
      shape('M500 330 Q526 380 500 424 Q474 380 500 330 Z', '#bfe0ff', '#bfe0ff', 1);
  }
  return out;
}

export function flask(p: Paint): string {
  let out = rect(438, 200, 124, 110, 10, METAL, METAL_DARK, 4) + rect(415, 146, 170, 70, 14, RUBBER, '#111', 4);
  out += line('M585 180 Q660 200 640 300', METAL_DARK, 5);
  const cover =
    'M340 300 Q258 320 250 432 L250 800 Q250 884 332 886 L668 886 Q750 884 750 800 L750 432 Q742 320 660 300 Z';
  out += clipped(
    cover,
    p.fill,
    p,
    shading(250, 300, 750, 886) + tint('M250 300 L750 300 L750 385 Q500 420 250 385 Z', '#000', 0.18),
  );
  out += seam('M275 440 L275 840 M725 440 L725 840', p);
  if (p.back) return out + molle(330, 480, 340, 6, p);
  out += circle(400, 372, 13, METAL_DARK) + circle(600, 372, 13, METAL_DARK) + seam('M290 860 L710 860', p);
  return out;
}

export function lantern(p: Paint): string {
  let out = `<defs><radialGradient id="glow"><stop offset="0" stop-color="#fff8d0"/><stop offset="1" stop-color="#fff8d0" stop-opacity="0"/></radialGradient></defs>`;
  out += circle(500, 600, 330, 'url(#glow)');
  out +=
    line('M420 352 Q420 220 500 220 Q580 220 580 352', p.line, 24) +
    line('M420 352 Q420 220 500 220 Q580 220 580 352', METAL, 14);
  out += rect(400, 420, 200, 360, 30, LENS, '#d9c98a', 5) + rect(440, 470, 120, 260, 40, '#ffffff');
  for (const x of [430, 500, 570]) out += line(`M${x} 420 L${x} 780`, p.fill, 14);
  out +=
    shape('M368 428 L632 428 L602 344 L398 344 Z', p.fill, p) +
    tint('M368 428 L632 428 L602 344 L398 344 Z', '#000', 0.1);
  out += shape('M376 776 L624 776 L640 866 Q640 880 620 880 L380 880 Q360 880 360 866 Z', p.fill, p);
  out += rect(470, 810, 60, 30, 10, p.dark, p.line, 3);
  return out;
}
