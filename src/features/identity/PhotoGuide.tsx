/** Outline drawings in the empty uploader boxes: which side of the document, or a face with the document. */
export function PhotoGuide({ kind }: { kind: 'front' | 'back' | 'selfie' }) {
  return (
    <svg className="id-guide" viewBox="0 0 120 76" aria-hidden="true">
      <rect x="6" y="6" width="108" height="64" rx="7" fill="none" stroke="currentColor" strokeWidth="2" />
      {kind === 'front' && (
        <>
          <circle cx="34" cy="32" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 56a14 12 0 0 1 28 0" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M60 26h40M60 38h32M60 50h36" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </>
      )}
      {kind === 'back' && (
        <>
          <path d="M6 22h108" stroke="currentColor" strokeWidth="6" />
          <path d="M18 40h60M18 52h44" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <rect x="86" y="36" width="18" height="20" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        </>
      )}
      {kind === 'selfie' && (
        <>
          <circle cx="46" cy="30" r="11" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M26 64a20 16 0 0 1 40 0" fill="none" stroke="currentColor" strokeWidth="2" />
          <rect x="70" y="38" width="30" height="20" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M75 46h12M75 51h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </>
      )}
    </svg>
  )
}
