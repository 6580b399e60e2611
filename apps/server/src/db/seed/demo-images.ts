import sharp from 'sharp';

/** What a demo picture shows: its caption (ASCII, so it renders without CJK fonts) and its colour. */
export interface DemoPicture {
  caption: string;
  background: string;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * A small labelled JPEG drawn at start (nothing is downloaded or shipped as binary): a coloured card
 * with a stack of ingots, the caption and a large DEMO mark, so nobody takes it for a real photo. The
 * text stays in the middle square, which is what square thumbnails keep.
 * Latin text only: servers often have no CJK font, and missing glyphs would draw as boxes.
 */
export function demoPicture({ caption, background }: DemoPicture): Promise<Buffer> {
  const ingot = (x: number, y: number) =>
    `<polygon points="${x},${y} ${x + 90},${y} ${x + 80},${y + 26} ${x + 10},${y + 26}" fill="#d9dee5" stroke="#8a96a3" stroke-width="2"/>`;
  const ingots = [ingot(150, 210), ingot(240, 210), ingot(195, 184)].join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
<rect width="480" height="360" fill="${background}"/>
<rect x="12" y="12" width="456" height="336" fill="none" stroke="#ffffff" stroke-width="4" stroke-dasharray="14 8"/>
<text x="240" y="110" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="64" font-weight="bold" fill="#ffffff" text-anchor="middle">DEMO</text>
<text x="240" y="160" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="26" fill="#ffffff" text-anchor="middle">${escapeXml(caption)}</text>
${ingots}
<text x="240" y="290" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="20" fill="#ffffff" text-anchor="middle">not a real photo</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}
