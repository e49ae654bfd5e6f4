import { Printer, X } from 'lucide-react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { EmployeeDto } from '@domain/schemas/operators';
import { Button } from '@/components/ui/button';

const PRINT_CSS = `
@page { size: A4; margin: 0.25in; }
@media print {
  body > *:not(.access-cards-view) { display: none !important; }
  .access-cards-view { position: static !important; overflow: visible !important; padding: 0 !important; background: #fff !important; }
  .access-cards-view .cards-grid { gap: 0 !important; justify-content: start !important; }
  .access-card { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;

/**
 * The print view of operator access cards: 3.5in x 2.2in each, two columns and five rows on an A4 page
 * (10 per page), with English and Spanish instructions, company name, operator name, username and the
 * shared password. Shown on screen as a preview with Print and Close.
 */
export function AccessCardsView({
  operators,
  companyName,
  password,
  onClose,
}: {
  operators: EmployeeDto[];
  companyName: string;
  password: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('operators');
  const origin = window.location.origin;
  const loginUrl = `${origin}/employee-login`;
  return createPortal(
    <div
      className="access-cards-view fixed inset-0 z-50 overflow-auto bg-slate-100 p-4"
      role="dialog"
      aria-modal="true"
      aria-labelledby="accessCardsTitle"
    >
      <style>{PRINT_CSS}</style>
      <div
        className="no-print mx-auto mb-4 flex max-w-[7.2in] flex-wrap items-center gap-3"
        role="toolbar"
      >
        <div className="min-w-0 flex-1">
          <h1 id="accessCardsTitle" className="text-xl font-bold">
            {t('cards.title')}
          </h1>
          <p className="text-sm text-muted-foreground">
            {t('cards.description', { count: operators.length })}
          </p>
        </div>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden />
          {t('cards.print')}
        </Button>
        <Button variant="outline" onClick={onClose}>
          <X aria-hidden />
          {t('cards.close')}
        </Button>
      </div>
      <div className="cards-grid mx-auto flex max-w-[7.2in] flex-wrap justify-center gap-3">
        {operators.map((op) => {
          const username = op.operatorUsername ?? '';
          const fullName = [op.firstName, op.lastName].filter(Boolean).join(' ');
          return (
            <article
              key={op.id}
              className="access-card flex flex-col overflow-hidden border border-dashed border-slate-400 bg-white p-[0.12in] text-[8pt] leading-tight text-slate-900"
              style={{ width: '3.5in', height: '2.2in', breakInside: 'avoid' }}
              aria-label={fullName}
            >
              <div className="flex items-baseline justify-between gap-2 border-b border-slate-300 pb-[0.04in]">
                <span className="truncate text-[10pt] font-bold">{companyName}</span>
                <span className="shrink-0 text-[7pt] uppercase text-slate-500">
                  {t('cards.operator')}
                </span>
              </div>
              <div className="mt-[0.05in] truncate text-[9pt] font-semibold">{fullName}</div>
              <dl className="mt-[0.04in] grid grid-cols-[auto_1fr] gap-x-2 gap-y-[0.02in]">
                <dt className="text-slate-500">{t('cards.usernameBilingual')}</dt>
                <dd className="font-mono text-[10pt] font-bold">{username}</dd>
                <dt className="text-slate-500">{t('cards.passwordBilingual')}</dt>
                <dd className="break-all font-mono text-[10pt] font-bold">{password}</dd>
              </dl>
              <a
                href={`${loginUrl}?u=${encodeURIComponent(username)}`}
                className="mt-[0.04in] truncate text-[7pt] text-blue-700"
              >
                {loginUrl}
              </a>
              <p className="mt-auto text-[6.5pt]">
                <span className="font-semibold">{t('cards.enTag')}</span>{' '}
                {t('cards.instructionsEn')}
              </p>
              <p className="mt-[0.02in] text-[6.5pt]">
                <span className="font-semibold">{t('cards.esTag')}</span>{' '}
                {t('cards.instructionsEs')}
              </p>
            </article>
          );
        })}
      </div>
    </div>,
    document.body,
  );
}
