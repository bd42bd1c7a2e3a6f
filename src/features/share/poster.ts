/**
 * The invitation poster of "Save image": site name, a line of invitation, the QR code of the invite link on a white
 * card, the invitation code and the link, drawn on a 720 × 1080 canvas (2× a 360 px phone) and exported as PNG. The
 * QR stays dark on white in both themes, so any scanner reads it.
 */
import QRCode from 'qrcode'
import { wrapText } from './wrap-text'

/** What the poster says; every text already translated. */
export interface PosterContent {
  siteName: string
  headline: string
  codeLabel: string
  code: string
  scanHint: string
  link: string
}

const W = 720
const H = 1080
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif'

/** Draws the poster; resolves with a PNG blob. */
export async function drawPoster(c: PosterContent): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = W
  canvas.height = H
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('canvas 2d context unavailable')
  const bg = ctx.createLinearGradient(0, 0, W, H)
  bg.addColorStop(0, '#0b6efd')
  bg.addColorStop(1, '#063f94')
  ctx.fillStyle = bg
  ctx.fillRect(0, 0, W, H)

  ctx.textAlign = 'center'
  ctx.textBaseline = 'alphabetic'
  ctx.fillStyle = '#ffffff'
  ctx.font = `700 48px ${FONT}`
  ctx.fillText(fit(ctx, c.siteName, W - 96), W / 2, 120)
  ctx.font = `400 30px ${FONT}`
  ctx.fillStyle = 'rgba(255,255,255,0.9)'
  wrapText(c.headline, W - 120, (s) => ctx.measureText(s).width, 2).forEach((l, i) =>
    ctx.fillText(l, W / 2, 178 + i * 42),
  )

  // White card with the QR code, the code and the link.
  const card = { x: 90, y: 270, w: W - 180, h: 680 }
  ctx.fillStyle = '#ffffff'
  roundRect(ctx, card.x, card.y, card.w, card.h, 28)
  ctx.fill()
  const qr = document.createElement('canvas')
  await QRCode.toCanvas(qr, c.link, {
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 400,
    color: { dark: '#111111', light: '#ffffff' },
  })
  ctx.drawImage(qr, (W - 400) / 2, card.y + 40, 400, 400)
  ctx.fillStyle = '#5c6370'
  ctx.font = `400 26px ${FONT}`
  ctx.fillText(fit(ctx, c.codeLabel, card.w - 48), W / 2, card.y + 500)
  ctx.fillStyle = '#14171c'
  ctx.font = `700 56px ${FONT}`
  ctx.fillText(c.code.split('').join('\u2009'), W / 2, card.y + 568)
  ctx.fillStyle = '#5c6370'
  // The link on one line when a smaller size allows it, else on two.
  const linkWidth = card.w - 48
  const size =
    [22, 20, 18, 16].find((px) => ((ctx.font = `400 ${px}px ${FONT}`), ctx.measureText(c.link).width <= linkWidth)) ??
    18
  ctx.font = `400 ${size}px ${FONT}`
  wrapText(c.link, linkWidth, (s) => ctx.measureText(s).width, 2).forEach((l, i) =>
    ctx.fillText(l, W / 2, card.y + 618 + i * 28),
  )

  ctx.fillStyle = '#ffffff'
  ctx.font = `500 28px ${FONT}`
  ctx.fillText(fit(ctx, c.scanHint, W - 96), W / 2, 1020)

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('poster could not be encoded'))), 'image/png'),
  )
}

/** `text` shortened with "…" to fit `max` px in the current font. */
function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  return wrapText(text, max, (s) => ctx.measureText(s).width, 1)[0] ?? ''
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath()
  ctx.moveTo(x + r, y)
  ctx.arcTo(x + w, y, x + w, y + h, r)
  ctx.arcTo(x + w, y + h, x, y + h, r)
  ctx.arcTo(x, y + h, x, y, r)
  ctx.arcTo(x, y, x + w, y, r)
  ctx.closePath()
}
