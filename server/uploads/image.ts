/**
 * Turning an uploaded file into a safe stored image (reliability S2, OWASP File Upload cheat sheet): the type comes
 * from the magic bytes only (the filename and the declared type are ignored), the declared size is checked against
 * the pixel cap before anything is decoded, and the picture is decoded and re-encoded by sharp (libvips): EXIF
 * orientation applied, then written as a fresh JPEG, which drops every metadata block (EXIF with GPS, XMP, ICC
 * comments) and anything appended to or hidden in the original (HTML/JS polyglots).
 */
import type { Metadata } from 'sharp'
import { UPLOAD_MAX_PIXELS, UPLOAD_MAX_SIDE } from '../../common/api/identity'

/** Why a file is not accepted as an image. */
export type ImageProblem = 'empty' | 'notImage' | 'tooManyPixels'

export class ImageRejected extends Error {
  override name = 'ImageRejected'
  constructor(readonly problem: ImageProblem) {
    super(problem)
  }
}

/** JPEG quality of stored images (1–100). */
const JPEG_QUALITY = 85

/** The image type of `bytes` by its signature, or null. JPEG: FF D8 FF; PNG: 89 50 4E 47 0D 0A 1A 0A. */
export function sniffImageType(bytes: Uint8Array): 'jpeg' | 'png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png'
  return null
}

/** A re-encoded image ready to store. */
export interface CleanImage {
  data: Buffer
  mime: 'image/jpeg'
  width: number
  height: number
}

/**
 * Validates and re-encodes an uploaded file.
 * @throws ImageRejected `empty` (0 bytes), `notImage` (not JPEG/PNG by signature, or not decodable as one),
 *   `tooManyPixels` (declared width × height above UPLOAD_MAX_PIXELS).
 */
export async function cleanImage(bytes: Buffer): Promise<CleanImage> {
  if (bytes.length === 0) throw new ImageRejected('empty')
  const kind = sniffImageType(bytes)
  if (!kind) throw new ImageRejected('notImage')
  // libvips refuses anything over the cap at decode time too; this check reads only the header, so a pixel flood
  // (a tiny PNG declaring 50k × 50k) is answered before any memory is spent on it.
  // sharp (libvips) is loaded on the first upload, not at start: ~13 MB of idle RSS for a seldom-taken path.
  const { default: sharp } = await import('sharp')
  const input = () => sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })
  let meta: Metadata
  try {
    meta = await input().metadata()
  } catch (err) {
    throw new ImageRejected(isPixelLimit(err) ? 'tooManyPixels' : 'notImage')
  }
  if (meta.format !== kind) throw new ImageRejected('notImage')
  if (!meta.width || !meta.height) throw new ImageRejected('notImage')
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS) throw new ImageRejected('tooManyPixels')
  try {
    const { data, info } = await input()
      .rotate()
      .resize({ width: UPLOAD_MAX_SIDE, height: UPLOAD_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true })
    return { data, mime: 'image/jpeg', width: info.width, height: info.height }
  } catch (err) {
    throw new ImageRejected(isPixelLimit(err) ? 'tooManyPixels' : 'notImage')
  }
}

/** libvips' refusal of an input over `limitInputPixels`. */
function isPixelLimit(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message)
}
