import { Camera, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { onFilePicked } from '@/components/file-picked';

const LONGEST_SIDE = 1600;

/** The photo resized in the browser (longest side 1600 px) and re-encoded as JPEG: base64, no prefix. */
async function resize(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const url = canvas.toDataURL('image/jpeg', 0.82);
  return url.slice(url.indexOf(',') + 1);
}

/** An optional photo with the update (the hour meter, a leak): taken or chosen on the phone. */
export function PhotoInput({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (photo: string | null) => void;
}) {
  const { t } = useTranslation('field');
  const id = useId();
  const [problem, setProblem] = useState(false);
  return (
    <div className="grid gap-2">
      <label
        htmlFor={id}
        className="flex h-12 cursor-pointer items-center justify-center gap-2 rounded-md border border-input text-base font-medium"
      >
        <Camera className="h-5 w-5" aria-hidden />
        {value ? t('photo.replace') : t('photo.add')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        onChange={onFilePicked((file) => {
          setProblem(false);
          resize(file)
            .then(onChange)
            .catch(() => setProblem(true));
        })}
      />
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {t('photo.unreadable')}
        </p>
      ) : null}
      {value ? (
        <div className="flex items-center gap-3">
          <img
            src={`data:image/jpeg;base64,${value}`}
            alt={t('photo.preview')}
            className="h-20 w-20 rounded-md object-cover"
          />
          <Button type="button" variant="outline" className="h-12" onClick={() => onChange(null)}>
            <X aria-hidden />
            {t('photo.remove')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
