// Generates the app icons (PNG + favicon.ico) into client/public/ with no dependencies:
// a white truck on the brand blue. Run: node scripts/generate-icons.mjs (the output is committed).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'client/public');
const BLUE = [0x1d, 0x4e, 0xd8];
const WHITE = [0xff, 0xff, 0xff];

// --- PNG encoding -------------------------------------------------------------------------
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// --- Drawing (unit square coordinates, 4x4 supersampling) ---------------------------------
const inRect = (x, y, x0, y0, x1, y1) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
function inRoundRect(x, y, x0, y0, x1, y1, r) {
  if (!inRect(x, y, x0, y0, x1, y1)) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return inCircle(x, y, cx, cy, r);
}
function inPolygon(x, y, pts) {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Colour at a point of the truck drawing (null = transparent), in a unit square. */
function truck(x, y) {
  const wheel = (cx) => inCircle(x, y, cx, 0.66, 0.085);
  const hub = (cx) => inCircle(x, y, cx, 0.66, 0.035);
  if (hub(0.33) || hub(0.71)) return BLUE;
  if (wheel(0.33) || wheel(0.71)) return WHITE;
  // clear ring around the wheels so they read against the body
  if (inCircle(x, y, 0.33, 0.66, 0.11) || inCircle(x, y, 0.71, 0.66, 0.11)) return null;
  if (
    inPolygon(x, y, [
      [0.63, 0.44],
      [0.72, 0.44],
      [0.78, 0.51],
      [0.63, 0.51],
    ])
  )
    return BLUE; // window
  if (inRoundRect(x, y, 0.16, 0.3, 0.58, 0.64, 0.02)) return WHITE; // cargo box
  if (
    inPolygon(x, y, [
      [0.6, 0.39],
      [0.74, 0.39],
      [0.85, 0.5],
      [0.85, 0.64],
      [0.6, 0.64],
    ])
  )
    return WHITE; // cab
  return null;
}

function render(size, { maskable = false, rounded = true } = {}) {
  const px = Buffer.alloc(size * size * 4);
  const S = 4;
  // Maskable icons keep the drawing inside the 80% safe zone and fill the whole square.
  const scale = maskable ? 0.72 : 0.92;
  const radius = maskable ? 0 : rounded ? 0.2 : 0;
  for (let py = 0; py < size; py++) {
    for (let pxi = 0; pxi < size; pxi++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const x = (pxi + (sx + 0.5) / S) / size;
          const y = (py + (sy + 0.5) / S) / size;
          if (!inRoundRect(x, y, 0, 0, 1, 1, radius)) continue;
          const tx = (x - 0.5) / scale + 0.5;
          const ty = (y - 0.5) / scale + 0.5 + 0.02;
          const c = truck(tx, ty) ?? BLUE;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 255;
        }
      }
      const n = S * S;
      const i = (py * size + pxi) * 4;
      const cov = a / 255;
      px[i] = cov ? Math.round(r / cov) : 0;
      px[i + 1] = cov ? Math.round(g / cov) : 0;
      px[i + 2] = cov ? Math.round(b / cov) : 0;
      px[i + 3] = Math.round(a / n);
    }
  }
  return encodePng(size, px);
}

function ico(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  const entries = [];
  let offset = 6 + 16 * pngs.length;
  for (const { size, data } of pngs) {
    const e = Buffer.alloc(16);
    e[0] = size >= 256 ? 0 : size;
    e[1] = size >= 256 ? 0 : size;
    e.writeUInt16LE(1, 4); // planes
    e.writeUInt16LE(32, 6); // bpp
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...pngs.map((p) => p.data)]);
}

mkdirSync(path.join(out, 'icons'), { recursive: true });
const files = {
  'icons/icon-192.png': render(192),
  'icons/icon-512.png': render(512),
  'icons/icon-maskable-192.png': render(192, { maskable: true }),
  'icons/icon-maskable-512.png': render(512, { maskable: true }),
  'icons/apple-touch-icon-180.png': render(180, { rounded: false }),
  'icons/favicon-32.png': render(32),
};
for (const [name, data] of Object.entries(files)) writeFileSync(path.join(out, name), data);
writeFileSync(
  path.join(out, 'favicon.ico'),
  ico([16, 32, 48].map((size) => ({ size, data: render(size) }))),
);
console.log(`icons written to ${path.relative(root, out)}`);
