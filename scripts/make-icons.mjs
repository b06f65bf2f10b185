#!/usr/bin/env node
// Draws Engram's icons as SVG and renders the PNGs committed in resources/icons with sharp.
// Run again after changing a shape: `node scripts/make-icons.mjs`.
import sharp from 'sharp';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'resources', 'icons');
mkdirSync(out, { recursive: true });

// The app icon: a dark rounded square holding an "engram" — concentric memory rings around a bright core.
const appIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1d2233"/><stop offset="1" stop-color="#0d1017"/>
    </linearGradient>
    <radialGradient id="core" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffe9a8"/><stop offset="0.6" stop-color="#f5b942"/><stop offset="1" stop-color="#e0892b"/>
    </radialGradient>
  </defs>
  <rect x="64" y="64" width="896" height="896" rx="200" fill="url(#bg)"/>
  <circle cx="512" cy="512" r="300" fill="none" stroke="#5b8cff" stroke-width="44" stroke-linecap="round" stroke-dasharray="1500 385" transform="rotate(-70 512 512)"/>
  <circle cx="512" cy="512" r="200" fill="none" stroke="#8fb0ff" stroke-width="40" stroke-linecap="round" stroke-dasharray="900 357" transform="rotate(40 512 512)"/>
  <circle cx="512" cy="512" r="96" fill="url(#core)"/>
</svg>`;

// Tray: a ring (Engram) with the state in the middle. Simple shapes that survive 16 px.
const ring = (color) => `<circle cx="32" cy="32" r="24" fill="none" stroke="${color}" stroke-width="7"/>`;
const tray = {
  recording: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${ring('#5b8cff')}<circle cx="32" cy="32" r="12" fill="#ef4444"/></svg>`,
  paused: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${ring('#8a8f98')}<rect x="22" y="20" width="7" height="24" rx="2" fill="#8a8f98"/><rect x="35" y="20" width="7" height="24" rx="2" fill="#8a8f98"/></svg>`,
  error: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${ring('#f59e0b')}<rect x="28.5" y="16" width="7" height="21" rx="3" fill="#f59e0b"/><circle cx="32" cy="45" r="4.5" fill="#f59e0b"/></svg>`,
};

async function render(svg, size, file) {
  const viewBox = Number(/viewBox="0 0 (\d+)/.exec(svg)[1]);
  // Rasterise at twice the target size, then downscale: smoother edges than rendering at size.
  await sharp(Buffer.from(svg), { density: Math.max(1, (72 * size * 2) / viewBox) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
}

writeFileSync(path.join(out, 'icon.svg'), appIcon + '\n');
for (const size of [1024, 512, 256, 128, 64, 32, 16]) await render(appIcon, size, size === 1024 ? 'icon.png' : `icon-${size}.png`);
for (const [state, svg] of Object.entries(tray)) {
  writeFileSync(path.join(out, `tray-${state}.svg`), svg + '\n');
  // Electron picks name@2x.png on HiDPI screens automatically.
  await render(svg, 16, `tray-${state}.png`);
  await render(svg, 32, `tray-${state}@2x.png`);
  // Linux panels are often 22–24 px; a larger source scales down better there.
  await render(svg, 48, `tray-${state}-48.png`);
}
console.log(`icons written to ${path.relative(root, out)}`);
