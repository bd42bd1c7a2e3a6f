/** The share screen's pieces: invitation QR code, copy rows, subordinate counts and the poster to save. */
export { QrCode } from './QrCode'
export { CopyRow } from './CopyRow'
export { SubordinateStats } from './SubordinateStats'
export { SavePoster } from './SavePoster'
export { drawPoster, type PosterContent } from './poster'
export { wrapText } from './wrap-text'
