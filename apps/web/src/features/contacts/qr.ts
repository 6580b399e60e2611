import { Paths } from '../../lib/navigation';

/** The link a user's QR code carries: add_friend for their account, in this app wherever it is served. */
export function addFriendLink(account: string, location: Pick<Location, 'origin' | 'pathname'> = window.location) {
  return `${location.origin}${location.pathname}#${Paths.addFriend}?keyword=${encodeURIComponent(account)}`;
}

/**
 * Where a scanned text leads: our add_friend link (from any host, as the app may be served from
 * several) becomes that route with its account; anything else is not ours (null).
 */
export function addFriendTarget(text: string): string | null {
  const hash = text.indexOf(`#${Paths.addFriend}?`);
  if (hash < 0) return null;
  const query = new URLSearchParams(text.slice(hash + Paths.addFriend.length + 2));
  const keyword = query.get('keyword')?.trim();
  return keyword ? `${Paths.addFriend}?keyword=${encodeURIComponent(keyword)}` : null;
}

/** The dark modules of a QR code for `text` as one SVG path (one unit per module), and its size. */
export async function qrPath(text: string): Promise<{ size: number; path: string }> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
  }
  return { size, path };
}

interface DetectedBarcode {
  rawValue: string;
}
type BarcodeDetectorConstructor = new (options: {
  formats: string[];
}) => {
  detect(source: ImageBitmap): Promise<DetectedBarcode[]>;
};

/** Larger photos are scaled down before decoding: a QR code needs far fewer pixels, and phones' photos are huge. */
const DECODE_MAX_SIDE = 1024;

/**
 * The text of a QR code in a picture: the browser's BarcodeDetector where it has one, else jsQR
 * (loaded only now) over the picture's pixels. Null when there is none.
 */
export async function decodeQrImage(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
    if (Detector) {
      try {
        const [found] = await new Detector({ formats: ['qr_code'] }).detect(bitmap);
        if (found) return found.rawValue;
      } catch {
        // Some browsers name the API but cannot run it (no QR support on the platform): fall back.
      }
    }
    const scale = Math.min(1, DECODE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    const { default: jsQR } = await import('jsqr');
    return jsQR(data, width, height)?.data ?? null;
  } finally {
    bitmap.close();
  }
}
