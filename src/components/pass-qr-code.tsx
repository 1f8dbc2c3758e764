import { lazy, Suspense } from 'react';

/** qrcode.react loads when a QR code is first shown, not with the screen. */
const QRCodeSVG = lazy(() =>
  import('qrcode.react').then(({ QRCodeSVG }) => ({ default: QRCodeSVG })),
);

/** QR version ("type") 4 at least, as the spec asks (part 2, Visitor details). */
const QR_TYPE = 4;

const QR_SIZE_PX = 192;

/** The pass's code as the QR the visitor shows at the gate, with the code in words beneath. */
export function PassQrCode({ code, name }: { code: string; name: string }) {
  return (
    <figure className="mb-0">
      <Suspense fallback={<div className="visitor-qr placeholder-photo" aria-hidden="true" />}>
        <QRCodeSVG
          value={code}
          level="L"
          minVersion={QR_TYPE}
          // Keeps level L: the library would otherwise raise it where the version has room.
          boostLevel={false}
          marginSize={2}
          size={QR_SIZE_PX}
          role="img"
          aria-label={`QR code of the pass of ${name}`}
        />
      </Suspense>
      <figcaption className="mt-2">
        <span className="font-monospace">{code}</span>
      </figcaption>
    </figure>
  );
}
