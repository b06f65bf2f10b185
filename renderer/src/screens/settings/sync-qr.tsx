import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The pairing code as a QR code, drawn here as an SVG path: the code is the sync key, so nothing is fetched or sent to draw it. */
export function SyncQr({ text }: { text: string }) {
  const { size, d } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    let path = '';
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) path += `M${c + 4} ${r + 4}h1v1h-1z`;
    return { size: n + 8, d: path };
  }, [text]);
  return (
    <svg data-testid="sync-qr" role="img" aria-label="Pairing code as a QR code" viewBox={`0 0 ${size} ${size}`} width={size * 4} height={size * 4} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
