/**
 * A QR code drawn as inline SVG from the `qrcode` package's module matrix: no image URL, so the
 * Content Security Policy (no data: images) stays as it is, and it scales sharp on any screen.
 * The picture is labelled; the same text is always offered as text beside it.
 */
import { useMemo } from 'react';
import QRCode from 'qrcode';

/** The dark modules as one SVG path of 1×1 squares (a 4-module quiet zone around them). */
export function qrPath(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(y, x)) parts.push(`M${x + 4} ${y + 4}h1v1h-1z`);
    }
  }
  return { size: modules.size + 8, d: parts.join('') };
}

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className ?? 'h-48 w-48 bg-white'}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
