import { dateTimeFormat, intlLocale, numberFormat } from '@domain/intl-formats';
import i18next, { type TFunction } from 'i18next';
import type { ServiceStatus } from '@domain/status';
import { pastDueWord } from '@domain/status-words';
import type { ForecastDto } from '@domain/schemas/equipment';
import type { HistoryEntry } from '@domain/history';
import { historyText, taskName } from '@domain/history-text';
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import { fuelFlagLine, type FuelFlag } from './fuel-flag-text';

export const mailLanguages = ['en', 'es'] as const;
export type MailLanguage = (typeof mailLanguages)[number];
export const mailLanguageOf = (v: string | null | undefined): MailLanguage =>
  v === 'es' ? 'es' : 'en';

/** The mail's words in both languages (locales/*.json), read through i18next as the client does. */
const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { mail: en }, es: { mail: es } },
  defaultNS: 'mail',
  fallbackLng: 'en',
  initAsync: false,
  // Text mail: values go in as they are; the HTML part escapes every value itself.
  interpolation: { escapeValue: false },
});

export const mailT = (lang: MailLanguage): TFunction => i18n.getFixedT(lang, 'mail');

/** One service task in the digest (issue 40): "Excavator 3 · Hydraulic filter · 1,000 h · about Dec 4". */
export type DigestTask = {
  /** The task's id (the digest state's key). */
  id: string;
  machine: string;
  task: string;
  /** The machine's primary task: its default name "Service" is written in the reader's language. */
  primary: boolean;
  category: string;
  unit: string;
  status: ServiceStatus;
  /** What makes it news: its status, or a renewal inside its own window while still good. */
  attention: ServiceStatus | 'renewal_soon';
  /** Usage past the task's due usage (domain/status.ts overdueUsage), null when not past it. */
  overdueUsage: number | null;
  usageStatus: ServiceStatus | null;
  /** The usage the task is due at (null without a usage interval). */
  dueUsage: number | null;
  forecast: Pick<ForecastDto, 'dueDate' | 'basis' | 'daysUntil' | 'perDay'>;
};

export type DigestReview = {
  machine: string;
  /** The entry the reading would write, told by the one renderer (domain/history-text.ts). */
  entry: HistoryEntry;
  operator: string;
  createdAt: Date;
};

/** A part at or below its reorder point (issue 27). */
export type DigestPart = {
  name: string;
  partNumber: string | null;
  unit: string;
  onHand: number;
  reorderPoint: number;
};

export type DigestContent = {
  language: MailLanguage;
  name: string;
  company: string;
  /** The company's today (YYYY-MM-DD). */
  today: string;
  timeZone: string;
  /** The first digest of this user (no earlier state to compare with). */
  first: boolean;
  frequency: 'daily' | 'weekly';
  tasks: DigestTask[];
  /** Waiting for review: the total and the first few. */
  reviewCount: number;
  reviews: DigestReview[];
  /** Parts at or below their reorder point: how many, and the first few (issue 27). */
  lowStockCount: number;
  lowStock: DigestPart[];
  /** Machines whose fuel-rate flag started since the reader's last digest (issue 45). */
  fuelFlags: FuelFlag[];
  appUrl: string;
  unsubscribeUrl: string;
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function formatters(lang: MailLanguage, timeZone: string) {
  const locale = intlLocale(lang); // as the app writes them (client/src/lib/format.ts)
  const num = numberFormat(locale, { maximumFractionDigits: 1 });
  // Stock quantities keep what was entered (the column's scale: 3 decimals), as the parts page shows them.
  const qty = numberFormat(locale, { maximumFractionDigits: 3 });
  const day = dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const stamp = dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
  const rel = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  return {
    num: (n: number) => num.format(n),
    qty: (n: number) => qty.format(n),
    date: (ymd: string) => day.format(new Date(`${ymd}T00:00:00Z`)),
    stamp: (d: Date) => stamp.format(d),
    inDays: (n: number) => rel.format(n, 'day'),
  };
}

/** Subject, plain text and HTML of one digest, all in the user's language. */
export function renderDigest(c: DigestContent): {
  subject: string;
  text: string;
  html: string;
} {
  const t = mailT(c.language);
  let tz = c.timeZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    tz = 'UTC';
  }
  const f = formatters(c.language, tz);
  const reading = (usage: number | null, unit: string) => {
    if (usage === null) return '-';
    const word = t(`units.${unit}`, { defaultValue: unit });
    return word ? `${f.num(usage)} ${word}` : f.num(usage);
  };
  const short = (usage: number, unit: string) => {
    const word = t(`unitShort.${unit}`, { defaultValue: unit });
    return word ? `${f.num(usage)} ${word}` : f.num(usage);
  };
  /** When the task is due, in the app's words (decisions/status-words.md). */
  const whenText = (m: DigestTask) => {
    const fc = m.forecast;
    const past = pastDueWord({ ...m, serviceStatus: m.status });
    if (past && m.overdueUsage !== null && m.dueUsage !== null && fc.basis !== 'calendar')
      return t(past === 'overdue' ? 'forecast.overdueUsage' : 'forecast.pastDueUsage', {
        value: reading(m.overdueUsage, m.unit),
        due: reading(m.dueUsage, m.unit),
      });
    if (!fc.dueDate || fc.daysUntil === null) return t('forecast.none');
    const when = f.inDays(fc.daysUntil);
    const date = f.date(fc.dueDate);
    if (fc.basis === 'usage' && fc.perDay !== null)
      return t('forecast.aroundAt', {
        date,
        when,
        rate: t('forecast.rate', {
          value: f.num(fc.perDay),
          unit: t(`unitShort.${m.unit}`, { defaultValue: m.unit }),
        }),
      });
    if (fc.basis === 'usage') return t('forecast.around', { date, when });
    return t('forecast.onDate', { date, when });
  };
  const taskText = (m: DigestTask) => {
    const name = taskName(c.language, { task: m.task, primary: m.primary });
    return m.category === 'renewal' || m.category === 'inspection'
      ? t(`category.${m.category}`, { name })
      : name;
  };

  const subject =
    c.tasks.length > 0
      ? t('subject', { count: c.tasks.length })
      : c.reviewCount > 0
        ? t('subjectReviewOnly', { count: c.reviewCount })
        : c.lowStockCount > 0
          ? t('subjectLowStockOnly', { count: c.lowStockCount })
          : t('subjectFuelOnly', { count: c.fuelFlags.length });
  const intro = t(c.first ? 'introFirst' : 'intro', {
    company: c.company,
    date: f.date(c.today),
  });
  const rows = c.tasks.map((m) => {
    const status = m.attention === 'renewal_soon' ? t('renewalSoon') : t(`status.${m.status}`);
    const parts = {
      machine: m.machine,
      task: taskText(m),
      dueAt:
        m.dueUsage !== null && m.forecast.basis !== 'calendar' ? short(m.dueUsage, m.unit) : '',
      when: whenText(m),
      status,
    };
    return {
      ...parts,
      line: [parts.machine, parts.task, parts.dueAt, parts.when].filter(Boolean).join(' · '),
    };
  });
  const reviewLines = c.reviews.map((r) =>
    t('reviewLine', {
      machine: r.machine,
      reading: historyText(c.language, r.entry, { brief: true }),
      operator: r.operator,
      when: f.stamp(r.createdAt),
    }),
  );
  const more = c.reviewCount - c.reviews.length;
  const partRows = c.lowStock.map((p) => ({
    name: p.partNumber ? `${p.name} (${p.partNumber})` : p.name,
    onHand: `${f.qty(p.onHand)} ${p.unit}`,
    reorder: `${f.qty(p.reorderPoint)} ${p.unit}`,
    line: t('lowStockLine', {
      name: p.partNumber ? `${p.name} (${p.partNumber})` : p.name,
      onHand: f.qty(p.onHand),
      unit: p.unit,
      reorder: f.qty(p.reorderPoint),
    }),
  }));
  const morePartsCount = c.lowStockCount - c.lowStock.length;
  const partsUrl = `${c.appUrl}/parts`;
  const why = t('why', { frequency: t(`frequency.${c.frequency}`) });
  const fuelLines = c.fuelFlags.map((f) => fuelFlagLine(t, c.language, f));
  const fuelUrl = `${c.appUrl}/reports?tab=fuel`;

  const greeting = c.name.trim() ? t('greeting', { name: c.name.trim() }) : t('greetingNoName');
  const text = [
    greeting,
    '',
    intro,
    ...(rows.length > 0
      ? ['', t('machinesHeading'), ...rows.map((r) => `- ${r.line}: ${r.status}`)]
      : []),
    ...(c.reviewCount > 0
      ? [
          '',
          t('reviewHeading', { count: c.reviewCount }),
          ...reviewLines.map((l) => `- ${l}`),
          ...(more > 0 ? [`  ${t('reviewMore', { count: more })}`] : []),
        ]
      : []),
    ...(c.lowStockCount > 0
      ? [
          '',
          t('lowStockHeading', { count: c.lowStockCount }),
          ...partRows.map((r) => `- ${r.line}`),
          ...(morePartsCount > 0 ? [`  ${t('lowStockMore', { count: morePartsCount })}`] : []),
          `${t('openParts')}: ${partsUrl}`,
        ]
      : []),
    ...(fuelLines.length > 0
      ? ['', t('fuelHeading'), ...fuelLines.map((l) => `- ${l}`), `${t('openFuel')}: ${fuelUrl}`]
      : []),
    '',
    `${t('open')}: ${c.appUrl}`,
    '',
    '--',
    why,
    `${t('unsubscribe')}: ${c.unsubscribeUrl}`,
    '',
  ].join('\n');

  const cell = 'style="padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:left"';
  const html = `<!doctype html>
<html lang="${c.language}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5">
<p>${esc(greeting)}</p>
<p>${esc(intro)}</p>
${
  rows.length > 0
    ? `<h2 style="font-size:16px">${esc(t('machinesHeading'))}</h2>
<table style="border-collapse:collapse;font-size:14px">
<thead><tr><th ${cell}>${esc(t('columns.machine'))}</th><th ${cell}>${esc(t('columns.task'))}</th><th ${cell}>${esc(t('columns.dueAt'))}</th><th ${cell}>${esc(t('columns.forecast'))}</th><th ${cell}>${esc(t('columns.status'))}</th></tr></thead>
<tbody>
${rows.map((r) => `<tr><td ${cell}>${esc(r.machine)}</td><td ${cell}>${esc(r.task)}</td><td ${cell}>${esc(r.dueAt)}</td><td ${cell}>${esc(r.when)}</td><td ${cell}>${esc(r.status)}</td></tr>`).join('\n')}
</tbody></table>`
    : ''
}
${
  c.reviewCount > 0
    ? `<h2 style="font-size:16px">${esc(t('reviewHeading', { count: c.reviewCount }))}</h2>
<ul>${reviewLines.map((l) => `<li>${esc(l)}</li>`).join('')}${more > 0 ? `<li>${esc(t('reviewMore', { count: more }))}</li>` : ''}</ul>`
    : ''
}
${
  c.lowStockCount > 0
    ? `<h2 style="font-size:16px">${esc(t('lowStockHeading', { count: c.lowStockCount }))}</h2>
<table style="border-collapse:collapse;font-size:14px">
<thead><tr><th ${cell}>${esc(t('columnsParts.part'))}</th><th ${cell}>${esc(t('columnsParts.onHand'))}</th><th ${cell}>${esc(t('columnsParts.reorder'))}</th></tr></thead>
<tbody>
${partRows.map((r) => `<tr><td ${cell}>${esc(r.name)}</td><td ${cell}>${esc(r.onHand)}</td><td ${cell}>${esc(r.reorder)}</td></tr>`).join('\n')}
</tbody></table>
${morePartsCount > 0 ? `<p>${esc(t('lowStockMore', { count: morePartsCount }))}</p>` : ''}
<p><a href="${esc(partsUrl)}">${esc(t('openParts'))}</a></p>`
    : ''
}
${
  fuelLines.length > 0
    ? `<h2 style="font-size:16px">${esc(t('fuelHeading'))}</h2>
<ul>${fuelLines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>
<p><a href="${esc(fuelUrl)}">${esc(t('openFuel'))}</a></p>`
    : ''
}
<p><a href="${esc(c.appUrl)}">${esc(t('open'))}</a></p>
<hr style="border:none;border-top:1px solid #e5e7eb">
<p style="font-size:12px;color:#6b7280">${esc(why)}<br><a href="${esc(c.unsubscribeUrl)}">${esc(t('unsubscribe'))}</a></p>
</body></html>`;
  return { subject, text, html };
}

/** The small page behind the unsubscribe link (no sign-in, works without the app's script). */
export function unsubscribePage(
  lang: MailLanguage,
  state:
    | { kind: 'confirm'; email: string; action: string }
    | { kind: 'done'; email: string }
    | { kind: 'invalid' },
  list: 'digest' | 'monthly' = 'digest',
): string {
  const base = mailT(lang);
  // The monthly summary's page has its own words (monthly.unsubscribePage.*).
  const t = (key: string, opts?: Record<string, string>) =>
    base(list === 'monthly' ? `monthly.${key}` : key, opts ?? {});
  const body =
    state.kind === 'confirm'
      ? `<p>${esc(t('unsubscribePage.confirm', { email: state.email }))}</p>
<form method="post" action="${esc(state.action)}"><button type="submit">${esc(t('unsubscribePage.button'))}</button></form>`
      : state.kind === 'done'
        ? `<p role="status">${esc(t('unsubscribePage.done', { email: state.email }))}</p>`
        : `<p role="alert">${esc(t('unsubscribePage.invalid'))}</p>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(t('unsubscribePage.title'))}</title>
<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111827;line-height:1.5}button{font:inherit;padding:.75rem 1.25rem;min-height:48px;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}</style>
</head><body><h1>${esc(t('unsubscribePage.title'))}</h1>
${body}
</body></html>`;
}
