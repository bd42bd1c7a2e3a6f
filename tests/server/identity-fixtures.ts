/**
 * Fixtures of the identity and upload suites: users and operators with live sessions (made directly in the
 * database, so these suites do not depend on the sign-up flow), multipart upload requests, and test images.
 */
import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'

export { makeUser, type TestUser } from '../helpers/server-users'

/** A multipart body with the fixed `user` field and one file part. */
export function multipart(file: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const boundary = `----vitest${randomBytes(8).toString('hex')}`
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="user"\r\n\r\nuser\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
  const body = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}

/** POST common/upload as `token`; returns status, headers and the envelope. */
export async function upload(
  app: FastifyInstance,
  token: string | null,
  file: Buffer,
  filename?: string,
  type?: string,
  lang = 'en',
) {
  const { body, contentType } = multipart(file, filename, type)
  const headers: Record<string, string> = { 'content-type': contentType, 'accept-language': lang }
  if (token) headers.token = token
  const res = await app.inject({ method: 'POST', url: '/api/common/upload', headers, payload: body })
  return { status: res.statusCode, headers: res.headers, body: res.json<Envelope<{ id: number; fullurl: string }>>() }
}

/** A JSON call as `token`. */
export async function call<T = unknown>(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
  lang = 'en',
) {
  const headers: Record<string, string> = { 'accept-language': lang }
  if (token) headers.token = token
  const url =
    method === 'GET' && payload
      ? `/api/${path}?${new URLSearchParams(payload as Record<string, string>)}`
      : `/api/${path}`
  const res = await app.inject({ method, url, headers, ...(method === 'POST' ? { payload: payload ?? {} } : {}) })
  return { status: res.statusCode, body: res.json<Envelope<T>>() }
}

/** A small real JPEG (solid colour), optionally with EXIF orientation and GPS position. */
export async function jpeg(
  opts: { width?: number; height?: number; color?: string; gps?: boolean; orientation?: number } = {},
) {
  const img = sharp({
    create: { width: opts.width ?? 64, height: opts.height ?? 48, channels: 3, background: opts.color ?? '#c03030' },
  }).jpeg()
  if (!opts.gps && !opts.orientation) return img.toBuffer()
  return (opts.orientation ? img.withMetadata({ orientation: opts.orientation }) : img)
    .withExifMerge({
      IFD0: { Make: 'VitestCam' },
      ...(opts.gps
        ? {
            IFD3: {
              GPSLatitudeRef: 'N',
              GPSLatitude: '48/1 51/1 24/1',
              GPSLongitudeRef: 'E',
              GPSLongitude: '2/1 21/1 3/1',
            },
          }
        : {}),
    })
    .toBuffer()
}

/** A small real PNG. */
export function png(width = 40, height = 30) {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer()
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td) >>> 0)
  return Buffer.concat([len, td, crc])
}

/** A tiny PNG whose header declares `width × height` (a pixel flood: decoding it would need gigabytes). */
export function pixelFloodPng(width = 50_000, height = 50_000): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, deflate, no filter, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  // A few kilobytes of zero rows, compressed: the file stays tiny whatever the header says.
  const idat = Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))])
}

/** Fetches an image URL (`/api/common/image?…`) without any token, as an `<img>` would. */
export async function fetchImage(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url })
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload }
}

/** True when an EXIF block (as sharp's metadata gives it) has a GPS IFD: tag 0x8825 in IFD0 of its TIFF header. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif
  const le = tiff.subarray(0, 2).toString('latin1') === 'II'
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o))
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o))
  const ifd0 = u32(4)
  const entries = u16(ifd0)
  for (let i = 0; i < entries; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true
  return false
}
