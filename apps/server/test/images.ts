import sharp from 'sharp';

/**
 * A JPEG as a phone camera writes it: stored sideways with EXIF orientation 6 (turn 90° clockwise to
 * view) and the camera's make, model and GPS position, so tests can see all of that handled.
 */
export function cameraJpeg({ width = 60, height = 40 }: { width?: number; height?: number } = {}) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'X1', Orientation: '6' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 1/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '113/1 8/1 0/1' },
    })
    .toBuffer();
}

export function plainImage(format: 'png' | 'webp' | 'jpeg', { width = 32, height = 24 } = {}) {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 80, b: 160 } } })
    .toFormat(format)
    .toBuffer();
}
