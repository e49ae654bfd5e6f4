import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { EquipmentDto } from '@domain/schemas/equipment';
import { machineLinkPath } from '@domain/schemas/field';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { LoadError } from '@/components/query-states';

/**
 * Print labels (issue 13): a sheet of QR stickers, one per machine, each linking to `/m/<id>` with the
 * machine's name, short id and the company's name. Two common label sheets: A4 (3 x 7, 63.5 x 38.1 mm,
 * like Avery L7160) and US Letter (2 x 5, 4 x 2 in, like Avery 5163). `?ids=a,b` prints those
 * machines, none prints all. This page is its own chunk: the QR library never loads elsewhere.
 */
type Paper = 'a4' | 'letter';
const SHEETS: Record<
  Paper,
  { page: string; cols: number; w: string; h: string; gap: string; margin: string }
> = {
  a4: { page: 'A4', cols: 3, w: '63.5mm', h: '38.1mm', gap: '2.5mm', margin: '15.1mm 7.2mm' },
  letter: { page: 'letter', cols: 2, w: '4in', h: '2in', gap: '0.19in', margin: '0.5in 0.16in' },
};

/** The printed page's size and margins (the sheet's), and no toolbar on paper. */
const pageCss = (sheet: (typeof SHEETS)[Paper]) =>
  `@page { size: ${sheet.page}; margin: ${sheet.margin}; } @media print { .labels-toolbar { display: none !important; } body { background: #fff; } }` +
  // On a phone the labels are shown one under the other, at their real size when it fits (nothing cut off, no
  // sideways scrolling); on paper and on wider screens, the sheet's own columns.
  ` @media screen and (max-width: 639px) { .labels-sheet { grid-template-columns: minmax(0, ${sheet.w}) !important; } }`;

export default function PrintLabels() {
  const { t } = useTranslation('field');
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const ids = useMemo(
    () =>
      new Set(
        (params.get('ids') ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    [params],
  );
  const [paper, setPaper] = useState<Paper>(() =>
    navigator.language.toLowerCase().endsWith('-us') ? 'letter' : 'a4',
  );
  const list = useQuery({
    queryKey: ['equipment', 'labels'],
    queryFn: () => api.get<EquipmentDto[]>('/api/equipment'),
  });
  const machines = (list.data ?? []).filter((e) => ids.size === 0 || ids.has(e.id));
  const [codes, setCodes] = useState<Record<string, string>>({});
  const origin = window.location.origin;
  useEffect(() => {
    let live = true;
    void Promise.all(
      machines.map(
        async (m) =>
          [
            m.id,
            await QRCode.toDataURL(`${origin}${machineLinkPath(m.id)}`, {
              errorCorrectionLevel: 'M',
              margin: 2,
              width: 240,
            }),
          ] as const,
      ),
    ).then((pairs) => {
      if (live) setCodes(Object.fromEntries(pairs));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids of the machines are the input
  }, [machines.map((m) => m.id).join(','), origin]);
  const sheet = SHEETS[paper];

  return (
    <main className="mx-auto grid max-w-5xl grid-cols-1 gap-4 p-4">
      <style>{pageCss(sheet)}</style>
      <div
        className="labels-toolbar no-print flex flex-wrap items-center gap-3"
        role="toolbar"
        aria-label={t('labels.title')}
      >
        <h1 className="mr-auto text-2xl font-bold">{t('labels.title')}</h1>
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">{t('labels.paper')}</legend>
          {(['a4', 'letter'] as const).map((p) => (
            <label
              key={p}
              className="flex h-12 cursor-pointer items-center gap-2 rounded-md border px-3"
            >
              <input type="radio" name="paper" checked={paper === p} onChange={() => setPaper(p)} />
              {t(`labels.${p}`)}
            </label>
          ))}
        </fieldset>
        <Button className="h-12" onClick={() => window.print()} disabled={machines.length === 0}>
          <Printer aria-hidden /> {t('labels.print')}
        </Button>
      </div>
      {list.isError ? <LoadError t={t} error={list.error} /> : null}
      {list.isSuccess && machines.length === 0 ? <p>{t('labels.none')}</p> : null}
      <p className="no-print text-sm text-muted-foreground">
        {t('labels.count', { count: machines.length })}
      </p>
      {/* The sheet at its real size: on a narrow screen it scrolls sideways inside its box, the page does not. */}
      <div className="max-w-full overflow-x-auto print:overflow-visible">
        <section
          aria-label={t('labels.sheet')}
          className="labels-sheet grid justify-start"
          style={{
            gridTemplateColumns: `repeat(${sheet.cols}, ${sheet.w})`,
            gridAutoRows: sheet.h,
            gap: sheet.gap,
          }}
        >
          {machines.map((m) => (
            <article
              key={m.id}
              aria-label={m.name}
              className="flex items-center gap-2 overflow-hidden rounded border border-dashed border-slate-300 bg-white p-1 text-black print:border-transparent"
              style={{ breakInside: 'avoid' }}
            >
              {codes[m.id] ? (
                <img
                  src={codes[m.id]}
                  alt={t('labels.qrAlt', { name: m.name })}
                  className="h-full max-h-full w-auto shrink-0"
                  style={{ aspectRatio: '1 / 1' }}
                />
              ) : null}
              <div className="min-w-0 text-xs leading-tight">
                {/* A long name in smaller type on up to four lines (long words hyphenated); the id and company always fit. */}
                <p
                  className={`hyphens-auto wrap-anywhere font-bold ${m.name.length > 24 ? 'line-clamp-4 text-[11px]' : 'line-clamp-3 text-sm'}`}
                  title={m.name}
                >
                  {m.name}
                </p>
                <p className="font-mono">{m.id.slice(0, 8)}</p>
                <p className="truncate">{user?.businessName ?? ''}</p>
                <p className="mt-1 text-[10px]">{t('labels.scanHint')}</p>
              </div>
            </article>
          ))}
        </section>
      </div>
    </main>
  );
}
