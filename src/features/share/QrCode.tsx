import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import '../../styles/share.css'

/** The QR code of `text`, dark on white (scanners expect that, whatever the theme), drawn by the `qrcode` package. */
export function QrCode({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    QRCode.toDataURL(text, {
      errorCorrectionLevel: 'M',
      margin: 1,
      width: size * 2,
      color: { dark: '#111111', light: '#ffffff' },
    })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null))
    return () => {
      live = false
    }
  }, [text, size])
  return (
    <div className="share-qr" style={{ width: size, height: size }}>
      {src && <img src={src} width={size} height={size} alt={label} />}
    </div>
  )
}
