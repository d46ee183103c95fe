import { encode } from 'uqr';

/**
 * The authenticator's otpauth URL as a QR code (SVG, one path): loaded only when a set-up starts.
 * Drawn dark on white whatever the theme, with a quiet zone, so a phone's camera reads it.
 */
export default function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { data, size: modules } = encode(value, { border: 2, ecc: 'M' });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff' }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
