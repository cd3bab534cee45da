import { useEffect, useState } from 'react';

const SIZE = 192;

/** Renders a status `qr` string as an SVG image; the `qrcode` library loads only when a QR is pending. */
export function QrImage({
  value,
  alt = 'QR code para conectar o WhatsApp',
  testId = 'whatsapp-qr',
}: {
  value: string;
  alt?: string;
  testId?: string;
}) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    import('qrcode')
      .then((qrcode) => qrcode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch((error: unknown) => {
        console.error('Falha ao gerar o QR code', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [value]);

  return (
    <div
      className="grid shrink-0 place-items-center rounded-lg border border-slate-200 bg-white p-2"
      style={{ width: SIZE + 18, height: SIZE + 18 }}
    >
      {src ? (
        <img src={src} width={SIZE} height={SIZE} alt={alt} data-testid={testId} />
      ) : failed ? (
        <p className="px-4 text-center text-xs text-red-700">Não foi possível gerar o QR code</p>
      ) : (
        <span aria-hidden="true" className="size-full animate-pulse rounded bg-slate-100" />
      )}
    </div>
  );
}
