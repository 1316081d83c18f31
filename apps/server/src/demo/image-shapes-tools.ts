// Silhouettes of knives, lights, medical kit and other small survival gear, in a 1000x1000 box.
import {
  circle,
  clipped,
  ellipse,
  LENS,
  line,
  METAL,
  METAL_DARK,
  molle,
  type Paint,
  RED,
  RUBBER,
  rect,
  seam,
  shading,
  shape,
  tint,
  velcro,
  WHITE,
} from './image-draw.ts';

const steel = (d: string) => shape(d, METAL, METAL_DARK, 5);

export function knife(p: Paint): string {
  let out = steel('M482 70 Q448 140 440 232 L440 520 L566 520 L566 330 Q560 175 482 70 Z');
  out += tint('M482 70 Q530 150 548 330 L548 520 L566 520 L566 330 Q560 175 482 70 Z', '#fff', 0.45);
  out += line('M482 90 Q525 180 532 330 L532 515', METAL_DARK, 3);
  for (let y = 440; y < 510; y += 14) out += line(`M440 ${y} L452 ${y}`, METAL_DARK, 3);
  out += rect(412, 518, 182, 34, 10, '#3a3a3a', '#1f1f1f', 4);
  const handle = 'M440 552 L566 552 Q584 700 562 882 Q503 910 444 882 Q422 700 440 552 Z';
  out += clipped(
    handle,
    p.fill,
    p,
    shading(422, 552, 584, 905) + tint('M470 560 L490 560 L486 880 L466 880 Z', '#fff', 0.12),
  );
  for (const y of [620, 720, 820]) out += circle(503, y, 14, METAL, METAL_DARK, 3);
  out += circle(503, 866, 12, '#1a1a1a');
  return out;
}

export function multitool(p: Paint): string {
  let out = `<g transform="rotate(28 590 860)">${steel('M570 860 L570 540 Q600 520 622 560 L612 860 Z')}</g>`;
  out += `<g transform="rotate(48 590 860)">${steel('M582 860 L582 600 L598 585 L604 600 L604 860 Z')}</g>`;
  out +=
    steel('M412 410 L468 170 Q480 140 496 162 L500 410 Z') + steel('M588 410 L532 170 Q520 140 504 162 L500 410 Z');
  for (let y = 200; y < 300; y += 16) out += line(`M476 ${y} L496 ${y} M504 ${y} L524 ${y}`, METAL_DARK, 3);
  for (const x of [396, 504]) {
    const d = `M${x} 400 L${x + 100} 400 L${x + 96} 900 Q${x + 50} 916 ${x + 4} 900 Z`;
    out += clipped(d, p.fill, p, shading(x, 400, x + 100, 916));
    out += rect(x + 30, 480, 40, 150, 20, '#000000') + rect(x + 30, 680, 40, 150, 20, '#000000');
  }
  out += circle(500, 410, 22, METAL, METAL_DARK, 4);
  return out;
}

export function flashlight(p: Paint): string {
  let out = `<defs><radialGradient id="beam"><stop offset="0" stop-color="#fff6c8"/><stop offset="1" stop-color="#fff6c8" stop-opacity="0"/></radialGradient></defs>`;
  if (!p.back) out += ellipse(500, 110, 260, 160, 'url(#beam)');
  const head = 'M404 120 L596 120 L576 310 L424 310 Z';
  out += clipped(head, p.fill, p, shading(404, 120, 596, 310));
  for (let x = 420; x <= 580; x += 32)
    out += line(`M${x} 140 L${x + (500 - x) * 0.12} 290`, p.line, 3, 'opacity="0.5"');
  out += ellipse(500, 118, 100, 26, LENS, p.line, 6) + rect(400, 96, 200, 30, 10, 'none', p.line, 4);
  let grip = shading(440, 310, 560, 800);
  for (let y = 420; y < 700; y += 14) grip += line(`M440 ${y} L560 ${y + 10}`, p.line, 2, 'opacity="0.45"');
  out += clipped('M440 310 L560 310 L560 800 L440 800 Z', p.fill, p, grip);
  out += rect(428, 796, 144, 86, 14, p.fill, p.line, 5) + ellipse(500, 886, 42, 14, RUBBER);
  out += line('M562 330 L598 342 L598 560 Q598 584 580 584', METAL, 10);
  return out;
}

export function headlamp(p: Paint): string {
  let out = ellipse(500, 500, 340, 200, 'none', '#1f1f1f', 66) + ellipse(500, 500, 340, 200, 'none', '#2f3a33', 54);
  out += `<path d="M160 500 A340 200 0 0 1 840 500" fill="none" stroke="#000" stroke-width="54" opacity="0.3"/>`;
  out += `<g stroke-dasharray="30 22">${ellipse(500, 500, 340, 200, 'none', '#c8c8c8', 4)}</g>`;
  if (p.back) return out + rect(455, 270, 90, 60, 12, '#2f2f2f', '#111', 4);
  const body =
    'M386 618 Q386 596 410 596 L590 596 Q614 596 614 618 L614 770 Q614 792 590 792 L410 792 Q386 792 386 770 Z';
  out += clipped(body, p.fill, p, shading(386, 596, 614, 792));
  out += circle(470, 694, 60, LENS, p.line, 8) + circle(470, 694, 28, '#ffffff') + circle(572, 660, 18, RED, p.line, 3);
  out += rect(548, 720, 48, 30, 8, RUBBER);
  return out;
}

export function firstAid(p: Paint): string {
  const body =
    'M330 300 L670 300 Q722 300 722 352 L722 800 Q722 852 670 852 L330 852 Q278 852 278 800 L278 352 Q278 300 330 300 Z';
  let out = rect(440, 250, 120, 70, 14, RED, '#7f1d1d', 4);
  out += clipped(body, p.fill, p, shading(278, 300, 722, 852));
  out += `<g stroke-dasharray="8 6">${rect(302, 324, 396, 504, 38, 'none', p.line, 4)}</g>`;
  if (p.back) return out + velcro(330, 380, 340, 120, p) + molle(320, 560, 360, 5, p);
  out += circle(500, 576, 118, WHITE, p.line, 5);
  out += rect(464, 496, 72, 160, 6, RED) + rect(420, 540, 160, 72, 6, RED);
  for (const x of [300, 700]) out += rect(x - 20, 300, 40, 60, 10, RED, '#7f1d1d', 3);
  return out;
}

export function tourniquet(p: Paint): string {
  let out = ellipse(500, 600, 220, 270, 'none', p.line, 82) + ellipse(500, 600, 220, 270, 'none', p.fill, 70);
  out += `<path d="M280 600 A220 270 0 0 1 720 600" fill="none" stroke="#000" stroke-width="70" opacity="0.2"/>`;
  out += seam('M305 610 A195 245 0 0 0 695 610', p);
  out += shape('M610 820 Q700 880 660 950 L600 940 Q630 890 570 850 Z', p.fill, p) + rect(620, 930, 60, 34, 6, RED);
  out += `<g transform="rotate(-18 500 360)">${rect(320, 338, 360, 46, 22, RUBBER, '#111', 4)}${rect(640, 338, 40, 46, 12, RED)}</g>`;
  out += shape('M410 250 L590 250 L548 340 L452 340 Z', p.dark, p, 5) + rect(460, 262, 80, 34, 6, WHITE);
  if (!p.back) out += line('M470 279 L530 279', '#999', 3);
  return out;
}

export function compass(p: Paint): string {
  let out =
    rect(380, 110, 240, 230, 24, p.fill, p.line, 6) + tint('M380 110 L620 110 L620 340 L380 340 Z', '#000', 0.12);
  out += rect(420, 150, 160, 150, 10, '#dfe6e8', p.line, 4) + line('M500 150 L500 300', RUBBER, 4);
  out += rect(455, 330, 90, 40, 10, p.dark, p.line, 4);
  out += circle(500, 820, 56, 'none', p.line, 22) + circle(500, 820, 56, 'none', p.fill, 14);
  out += circle(500, 580, 215, p.fill, p.line, 6) + circle(500, 580, 188, p.dark, p.line, 4);
  out += circle(500, 580, 160, '#f1efe6', p.line, 4);
  for (let a = 0; a < 360; a += 10) {
    const r = (a * Math.PI) / 180;
    const r1 = a % 90 === 0 ? 118 : 138;
    const x1 = 500 + Math.sin(r) * r1;
    const y1 = 580 - Math.cos(r) * r1;
    out += line(
      `M${x1.toFixed(1)} ${y1.toFixed(1)} L${(500 + Math.sin(r) * 154).toFixed(1)} ${(580 - Math.cos(r) * 154).toFixed(1)}`,
      '#333',
      a % 90 === 0 ? 6 : 3,
    );
  }
  const tilt = p.back ? 24 : -14;
  out += `<g transform="rotate(${tilt} 500 580)">${shape('M500 460 L526 580 L474 580 Z', RED, '#7f1d1d', 3)}${shape('M500 700 L526 580 L474 580 Z', '#e8e8e8', '#555', 3)}</g>`;
  out += circle(500, 580, 14, METAL_DARK);
  return out;
}

export function radio(p: Paint): string {
  let out = rect(408, 60, 44, 260, 22, '#1c1c1c', '#000', 4);
  out += rect(500, 238, 44, 70, 8, '#2b2b2b', '#000', 3) + rect(562, 258, 40, 50, 8, '#2b2b2b', '#000', 3);
  out += rect(348, 420, 26, 150, 10, RUBBER);
  const body =
    'M410 300 L590 300 Q632 300 632 342 L632 860 Q632 902 590 902 L410 902 Q368 902 368 860 L368 342 Q368 300 410 300 Z';
  let inner = shading(368, 300, 632, 902);
  if (!p.back) for (let y = 350; y < 490; y += 20) inner += line(`M410 ${y} L590 ${y}`, '#000', 7, 'opacity="0.45"');
  out += clipped(body, p.fill, p, inner);
  if (p.back) return out + rect(430, 380, 140, 380, 20, p.dark, p.line, 4) + rect(440, 790, 120, 80, 12, '#111');
  out += rect(410, 510, 180, 96, 10, '#b9caa6', '#111', 5);
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 3; c++) out += rect(420 + c * 58, 632 + r * 60, 44, 42, 10, p.dark, p.line, 3);
  return out;
}

export function firestarter(p: Paint): string {
  let out = '<g transform="rotate(-24 500 520)">';
  out += rect(470, 170, 60, 400, 28, '#5d6064', '#2f3133', 5) + rect(480, 190, 14, 360, 7, '#8a8e92');
  out += clipped(
    'M446 560 L554 560 Q566 700 550 860 Q500 880 450 860 Q434 700 446 560 Z',
    p.fill,
    p,
    shading(434, 560, 566, 880),
  );
  out += circle(500, 826, 16, '#1a1a1a') + line('M500 826 Q420 960 520 968 Q610 960 500 826', '#b23a2a', 8);
  out += `<g transform="rotate(-30 520 300)">${rect(500, 276, 260, 50, 10, METAL, METAL_DARK, 5)}${circle(735, 301, 11, '#1a1a1a')}</g>`;
  if (!p.back) {
    for (const [dx, dy] of [
      [-70, -60],
      [-110, -10],
      [-50, -110],
      [-120, 45],
      [-20, -80],
    ] as const) {
      out += line(`M468 330 L${468 + dx} ${330 + dy}`, '#ffb300', 6) + circle(468 + dx, 330 + dy, 6, '#ffd54f');
    }
  }
  return `${out}</g>`;
}
