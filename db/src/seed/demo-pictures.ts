/**
 * The demo's pictures: covers and screenshots drawn as SVG from a project's title (its initials in a
 * 5x7 pixel font, so no font has to be installed), which the caller rasterizes and stores as an
 * upload's picture is stored (seedDemo's `storePicture`). Nothing is fetched: every picture is made here.
 */

/** Size of every demo picture: 16:9, the cards' cover ratio, wide enough for the 800 px variant. */
export const DEMO_PICTURE_WIDTH = 800;
export const DEMO_PICTURE_HEIGHT = 450;

/** The 5x7 glyphs of the initials, a row of five pixels per string. */
const GLYPHS: Record<string, string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01110', '10001', '10000', '10111', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['01110', '00100', '00100', '00100', '00100', '00100', '01110'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '10001', '11001', '10101', '10011', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
};

/** Pairs of gradient colours, one per picture in turn. */
const PALETTES: Array<[string, string]> = [
  ['#4f46e5', '#db2777'],
  ['#0891b2', '#4f46e5'],
  ['#059669', '#0891b2'],
  ['#d97706', '#dc2626'],
  ['#7c3aed', '#2563eb'],
  ['#be123c', '#f59e0b'],
  ['#0f766e', '#65a30d'],
  ['#1d4ed8', '#9333ea'],
];

/** The first letters of a title's first two words ("Pixel Garden" -> "PG"), letters only. */
export function initials(title: string): string {
  const letters = title
    .split(/\s+/)
    .map((word) =>
      word
        .replace(/[^A-Za-z]/g, '')
        .charAt(0)
        .toUpperCase(),
    )
    .filter((c) => c in GLYPHS);
  return letters.slice(0, 2).join('') || 'V';
}

/** `text` in the pixel font as SVG rects, `cell` px per pixel, its top-left corner at (x, y). */
function pixelText(text: string, x: number, y: number, cell: number, fill: string): string {
  const rects: string[] = [];
  [...text].forEach((letter, i) => {
    const glyph = GLYPHS[letter] ?? [];
    glyph.forEach((row, r) => {
      [...row].forEach((bit, c) => {
        if (bit === '1')
          rects.push(`<rect x="${x + (i * 6 + c) * cell}" y="${y + r * cell}" width="${cell}" height="${cell}"/>`);
      });
    });
  });
  return `<g fill="${fill}">${rects.join('')}</g>`;
}

/** The shared frame of a picture: its gradient background and a few soft shapes. */
function frame(n: number, content: string): string {
  const [from, to] = PALETTES[n % PALETTES.length]!;
  const w = DEMO_PICTURE_WIDTH;
  const h = DEMO_PICTURE_HEIGHT;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${640 - (n % 3) * 90}" cy="${80 + (n % 4) * 30}" r="${150 + (n % 5) * 12}" fill="#fff" fill-opacity="0.12"/>
<circle cx="${90 + (n % 4) * 40}" cy="${400 - (n % 3) * 20}" r="110" fill="#000" fill-opacity="0.10"/>
${content}</svg>`;
}

/** A cover: the project's initials large and centred on its gradient. */
export function coverSvg(title: string, n: number): Buffer {
  const text = initials(title);
  const cell = 22;
  const width = (text.length * 6 - 1) * cell;
  const x = Math.round((DEMO_PICTURE_WIDTH - width) / 2);
  const y = Math.round((DEMO_PICTURE_HEIGHT - 7 * cell) / 2);
  return Buffer.from(frame(n, pixelText(text, x, y, cell, '#ffffff')));
}

/**
 * A screenshot: a window with a title bar, the initials small in its corner and a few panels, a
 * different layout for each `shot`.
 */
export function screenshotSvg(title: string, n: number, shot: number): Buffer {
  const panels =
    shot % 2 === 0
      ? '<rect x="90" y="140" width="200" height="230" rx="10" fill="#e4e4e7"/><rect x="310" y="140" width="400" height="100" rx="10" fill="#c7d2fe"/><rect x="310" y="260" width="400" height="110" rx="10" fill="#e4e4e7"/>'
      : '<rect x="90" y="140" width="620" height="60" rx="10" fill="#c7d2fe"/><rect x="90" y="215" width="300" height="155" rx="10" fill="#e4e4e7"/><rect x="410" y="215" width="300" height="155" rx="10" fill="#fbcfe8"/>';
  const content = `<rect x="60" y="50" width="680" height="350" rx="16" fill="#fafafa"/>
<rect x="60" y="50" width="680" height="56" rx="16" fill="#18181b"/><rect x="60" y="90" width="680" height="16" fill="#18181b"/>
<circle cx="92" cy="78" r="7" fill="#f87171"/><circle cx="116" cy="78" r="7" fill="#fbbf24"/><circle cx="140" cy="78" r="7" fill="#34d399"/>
${pixelText(initials(title), 650, 64, 4, '#fafafa')}${panels}`;
  return Buffer.from(frame(n + shot + 1, content));
}
