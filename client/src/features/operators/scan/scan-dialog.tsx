import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { machineIdOfLink } from '@domain/machine-links';
import { Button } from '@/components/ui/button';

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorCtor = new (options: { formats: string[] }) => Detector;

/** The browser's own QR reader when it has one; else jsQR (loaded here, only once Scan is pressed). */
async function makeReader(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;
  if (Native) {
    try {
      const detector = new Native({ formats: ['qr_code'] });
      return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
    } catch {
      // no QR support in this browser's detector: fall through to jsQR
    }
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!ctx || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    ctx.drawImage(video, 0, 0);
    const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(img.data, img.width, img.height)?.data ?? null;
  };
}

/**
 * Scan a machine's sticker with the rear camera (issue 13). A QR that is not one of our machine links
 * gets a clear message and the camera keeps looking; camera denied or missing: a clear message (the
 * search still works).
 */
export default function ScanDialog({
  onFound,
  onClose,
}: {
  onFound: (machineId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('field');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [foreign, setForeign] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer = 0;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem(t('scan.noCamera'));
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (err) {
        const name = err instanceof DOMException ? err.name : '';
        setProblem(
          name === 'NotAllowedError' || name === 'SecurityError'
            ? t('scan.denied')
            : t('scan.noCamera'),
        );
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const read = await makeReader();
      const tick = async () => {
        if (stopped || !video.current) return;
        const text = await read(video.current).catch(() => null);
        if (text) {
          const id = machineIdOfLink(text);
          if (id) {
            onFound(id);
            return;
          }
          setForeign(true);
        }
        timer = window.setTimeout(() => void tick(), 200);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onFound, t]);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={t('scan.title')}
      className="fixed inset-0 z-50 grid grid-rows-[auto_auto_1fr] gap-3 bg-slate-950 p-4 text-white"
    >
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">{t('scan.title')}</h2>
        <Button
          type="button"
          variant="secondary"
          className="h-12 min-w-12"
          onClick={onClose}
          aria-label={t('scan.close')}
        >
          <X aria-hidden />
        </Button>
      </div>
      <div role="status" className="grid gap-2 text-base">
        {problem ? (
          <>
            <p role="alert" className="rounded-md bg-red-100 p-3 text-red-900">
              {problem}
            </p>
            <Button type="button" variant="secondary" className="h-12 text-base" onClick={onClose}>
              {t('scan.searchInstead')}
            </Button>
          </>
        ) : foreign ? (
          <p role="alert" className="rounded-md bg-amber-100 p-3 text-amber-900">
            {t('scan.foreign')}
          </p>
        ) : (
          <p>{t('scan.hint')}</p>
        )}
      </div>
      <video
        ref={video}
        muted
        playsInline
        className={`h-full max-h-[60vh] w-full rounded-md object-contain ${problem ? 'hidden' : ''}`}
      />
    </div>
  );
}
