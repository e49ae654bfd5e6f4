import { dateTimeFormat, intlLocale, numberFormat } from '@domain/intl-formats';
import { fuelFlagLine } from './fuel-flag-text';
import { mailT, type MailLanguage } from './digest-text';

/**
 * The monthly fleet summary (issue 45): the month's cost, the five machines that cost most, the machines
 * flagged for fuel against their peers, the idle ones and the fleet's availability, in the reader's
 * language. Every figure comes from the report that shows it in the app (reports/*.service.ts): this
 * file only writes them out.
 */
export type MonthlyContent = {
  language: MailLanguage;
  name: string;
  company: string;
  /** The month summed up, YYYY-MM. */
  month: string;
  /** Maintenance (services and work orders) and fuel, in dollars; null when the costs report is absent. */
  costs: { maintenance: number; fuel: number; total: number } | null;
  /** The machines that cost most (at most five, most first), with cost per hour, mile or km. */
  top: { machine: string; total: number; costPerUnit: number | null; unit: string }[];
  /** Machines more than 25 % above the median fuel rate of their type. */
  fuelFlags: { machine: string; type: string; unit: string; percentAbovePeers: number }[];
  /** Machines with no usage for 30 days or more (not retired), longest first. */
  idle: { machine: string; idleDays: number }[];
  /** The fleet's share of the month in service (0-1), and the defects opened in it. */
  availability: number | null;
  defects: number;
  appUrl: string;
  unsubscribeUrl: string;
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMonthly(c: MonthlyContent): { subject: string; text: string; html: string } {
  const t = mailT(c.language);
  const locale = intlLocale(c.language);
  const money = numberFormat(locale, { style: 'currency', currency: 'USD' });
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const monthName = dateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${c.month}-01T00:00:00Z`));
  const unitShort = (unit: string) => t(`unitShort.${unit}`, { defaultValue: unit });

  const subject = t('monthly.subject', { company: c.company, month: monthName });
  const greeting = c.name.trim() ? t('greeting', { name: c.name.trim() }) : t('greetingNoName');
  const intro = t('monthly.intro', { company: c.company, month: monthName });
  const sections: { heading: string; lines: string[] }[] = [];
  if (c.costs)
    sections.push({
      heading: t('monthly.costHeading'),
      lines: [
        c.costs.total > 0
          ? t('monthly.costLine', {
              total: money.format(c.costs.total),
              maintenance: money.format(c.costs.maintenance),
              fuel: money.format(c.costs.fuel),
            })
          : t('monthly.costNone'),
      ],
    });
  if (c.top.length > 0)
    sections.push({
      heading: t('monthly.topHeading'),
      lines: c.top.map((m) =>
        m.costPerUnit !== null && unitShort(m.unit)
          ? t('monthly.topLinePerUnit', {
              machine: m.machine,
              total: money.format(m.total),
              perUnit: `${money.format(m.costPerUnit)}/${unitShort(m.unit)}`,
            })
          : t('monthly.topLine', { machine: m.machine, total: money.format(m.total) }),
      ),
    });
  if (c.fuelFlags.length > 0)
    sections.push({
      heading: t('monthly.fuelHeading'),
      lines: c.fuelFlags.map((f) => fuelFlagLine(t, c.language, f)),
    });
  if (c.idle.length > 0)
    sections.push({
      heading: t('monthly.idleHeading', { count: c.idle.length }),
      lines: c.idle.map((m) => t('monthly.idleLine', { machine: m.machine, count: m.idleDays })),
    });
  if (c.availability !== null)
    sections.push({
      heading: t('monthly.availabilityHeading'),
      lines: [
        `${t('monthly.availabilityLine', { availability: percent.format(c.availability) })} ${t('monthly.defects', { count: c.defects })}`,
      ],
    });
  const reports = `${c.appUrl}/reports`;
  const why = t('monthly.why');

  const text = [
    greeting,
    '',
    intro,
    ...sections.flatMap((s) => ['', s.heading, ...s.lines.map((l) => `- ${l}`)]),
    '',
    `${t('monthly.open')}: ${reports}`,
    '',
    '--',
    why,
    `${t('monthly.unsubscribe')}: ${c.unsubscribeUrl}`,
    '',
  ].join('\n');

  const html = `<!doctype html>
<html lang="${c.language}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5">
<p>${esc(greeting)}</p>
<p>${esc(intro)}</p>
${sections
  .map(
    (s) =>
      `<h2 style="font-size:16px">${esc(s.heading)}</h2>\n<ul>${s.lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`,
  )
  .join('\n')}
<p><a href="${esc(reports)}">${esc(t('monthly.open'))}</a></p>
<hr style="border:none;border-top:1px solid #e5e7eb">
<p style="font-size:12px;color:#6b7280">${esc(why)}<br><a href="${esc(c.unsubscribeUrl)}">${esc(t('monthly.unsubscribe'))}</a></p>
</body></html>`;
  return { subject, text, html };
}
