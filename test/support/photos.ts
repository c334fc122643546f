/** Photos for route and page tests: a camera-sized JPEG made with sharp, and its pixel size read back. */
import sharp from 'sharp';

/** A JPEG of `width`×`height` with a gradient (so it compresses like a photo, not like a flat colour). */
export async function cameraJpeg(width = 2000, height = 1500): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set([(x * 255) / width, (y * 255) / height, 120], (y * width + x) * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

export async function pixelSize(bytes: Buffer): Promise<{ width: number; height: number; format: string; exif: boolean }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, exif: meta.exif !== undefined };
}
