/**
 * The pixel size of a stored image, read from the head of its object only: the header that says
 * it comes within the first few hundred kilobytes (after a JPEG's EXIF block at most), so a 20 MiB
 * photo is not fetched whole to answer a JSON request.
 */
import type { TenantContext } from '../../core/context.js';
import { imageDimensions, type ImageDimensions } from '../../core/image-dimensions.js';

const HEAD_BYTES = 512 * 1024;

/** The size its header declares, or undefined when the object is missing or its header unread within the head. */
export async function storedImageSize(ctx: Pick<TenantContext, 'objects'>, objectKey: string): Promise<ImageDimensions | undefined> {
  const stored = await ctx.objects.getStream(objectKey);
  if (!stored) return undefined;
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stored.body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      const size = imageDimensions(Buffer.concat(chunks, length));
      if (size || length >= HEAD_BYTES) return size;
    }
    return undefined;
  } finally {
    stored.body.destroy();
  }
}
