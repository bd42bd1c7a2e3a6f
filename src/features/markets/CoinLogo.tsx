import { useState } from 'react'

/** Logo of a base currency (public/coins/<code>.svg), falling back to a letter disc when the image is missing. */
export function CoinLogo({ code, logo, size = 28 }: { code: string; logo?: string; size?: number }) {
  const [failed, setFailed] = useState(false)
  const src = logo || `/coins/${code.toLowerCase()}.svg`
  if (failed) {
    return (
      <span
        className="coin-logo coin-logo--letter"
        style={{ width: size, height: size, fontSize: size * 0.45 }}
        aria-hidden="true"
      >
        {code.slice(0, 1)}
      </span>
    )
  }
  return (
    <img
      className="coin-logo"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  )
}
