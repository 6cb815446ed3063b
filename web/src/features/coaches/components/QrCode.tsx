import { encode } from 'uqr';

/**
 * QrCode draws a QR code of text as one SVG path of dark modules, with the standard four-module
 * quiet zone, always dark on white whatever the colour scheme, since phone cameras expect that.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const qr = encode(text, { ecc: 'M', border: 4 });
  let d = '';
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${qr.size} ${qr.size}`} shapeRendering="crispEdges">
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
