/**
 * Getting a picked photo ready to upload. The type is read from the file's first bytes (JPEG or PNG, what the
 * server accepts), not from its name. Phone cameras easily make 8–15 MB or 50 MP pictures, over the server's caps, and
 * the server keeps at most UPLOAD_MAX_SIDE px anyway: such a picture is scaled down and re-encoded as JPEG here, so it
 * uploads quickly instead of being refused. Anything small enough goes up untouched.
 */
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, UPLOAD_MAX_SIDE } from '../../common/api/identity'

/** Why a file cannot be uploaded. */
export type ImageProblem = 'empty' | 'type' | 'size' | 'decode'

export class ImagePrepareError extends Error {
  override name = 'ImagePrepareError'
  constructor(readonly problem: ImageProblem) {
    super(problem)
  }
}

/** Caps a prepared image must respect (defaults: the server's). */
export interface ImageLimits {
  maxBytes: number
  maxPixels: number
  maxSide: number
}

export const UPLOAD_LIMITS: ImageLimits = {
  maxBytes: UPLOAD_MAX_BYTES,
  maxPixels: UPLOAD_MAX_PIXELS,
  maxSide: UPLOAD_MAX_SIDE,
}

/** The image type of a file's first bytes: JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A), else null. */
export function sniffImage(head: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg'
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png'
  return null
}

/**
 * The size to scale a `width × height` picture to, or null when it may go up as it is (bytes, pixels and longest
 * side all within `limits`).
 */
export function targetSize(
  width: number,
  height: number,
  bytes: number,
  limits: ImageLimits,
): { width: number; height: number } | null {
  const fits =
    bytes <= limits.maxBytes && width * height <= limits.maxPixels && Math.max(width, height) <= limits.maxSide
  if (fits) return null
  const scale = Math.min(1, limits.maxSide / Math.max(width, height), Math.sqrt(limits.maxPixels / (width * height)))
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) }
}

/**
 * The file to upload for `file`: itself, or a scaled JPEG.
 * @throws ImagePrepareError empty, type (not JPEG/PNG by its bytes), decode (the browser cannot read it), size (still
 *   over the byte cap after scaling).
 */
export async function prepareImage(file: Blob, limits: ImageLimits = UPLOAD_LIMITS): Promise<Blob> {
  if (file.size === 0) throw new ImagePrepareError('empty')
  if (!sniffImage(new Uint8Array(await file.slice(0, 8).arrayBuffer()))) throw new ImagePrepareError('type')
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    throw new ImagePrepareError('decode')
  }
  try {
    const target = targetSize(bitmap.width, bitmap.height, file.size, limits)
    if (!target) return file
    for (const quality of [0.9, 0.8, 0.7]) {
      const blob = await encodeJpeg(bitmap, target, quality)
      if (blob.size <= limits.maxBytes) return blob
    }
    throw new ImagePrepareError('size')
  } finally {
    bitmap.close()
  }
}

async function encodeJpeg(
  bitmap: ImageBitmap,
  size: { width: number; height: number },
  quality: number,
): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new ImagePrepareError('decode')
  // Transparent PNG areas would turn black in a JPEG.
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, size.width, size.height)
  ctx.imageSmoothingQuality = 'high'
  ctx.drawImage(bitmap, 0, 0, size.width, size.height)
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new ImagePrepareError('decode'))), 'image/jpeg', quality),
  )
}
