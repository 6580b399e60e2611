// Draws the home-screen icons of the web app manifest (public/manifest.webmanifest) and the
// apple-touch-icon from the favicon's logo: `node apps/web/scripts/make-icons.mjs`. The PNGs are
// committed (a few KB each), so a build needs no image library; run this again when the logo changes.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const logo = await readFile(`${publicDir}favicon.svg`, 'utf8');

/**
 * The logo drawn full-bleed: the rounded tile becomes a square of the same gradient and the ingots
 * shrink to 80% about the centre, inside the circle a maskable icon's mask always keeps (the
 * "safe zone", 40% of the size as radius). iOS rounds its touch icons itself, so it gets this one too.
 */
const fullBleed = logo
  .replace(
    '<rect width="64" height="64" rx="15" fill="url(#b)"/>',
    '<rect width="64" height="64" fill="url(#b)"/><g transform="translate(6.4 6.4) scale(0.8)">',
  )
  .replace('</svg>', '</g></svg>');
if (fullBleed === logo) throw new Error('favicon.svg changed shape: update the full-bleed variant here');

const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${publicDir}icons/${file}`);

await Promise.all([
  render(logo, 192, 'icon-192.png'),
  render(logo, 512, 'icon-512.png'),
  render(fullBleed, 512, 'maskable-512.png'),
  render(fullBleed, 180, 'apple-touch-icon.png'),
]);
console.log('icons written to apps/web/public/icons');
