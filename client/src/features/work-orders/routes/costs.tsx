import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { Card } from '@/components/ui/card';
import { ChoiceButtons } from '@/components/choice-buttons';
import { useCosts } from '../api/get-lookups';
import { CostsPanel } from '../components/costs-panel';
import { LoadError } from '@/components/query-states';

/** The Costs report (issue 27): maintenance cost per month, cost per unit of usage, top machines. */
export default function CostsPage() {
  const { t } = useTranslation('workOrders');
  const [months, setMonths] = useState(12);
  const q = useCosts(months);
  return (
    <main className="mx-auto grid max-w-5xl grid-cols-1 gap-4 p-4 md:p-6">
      <h1 className="text-2xl font-bold">{t('cost.title')}</h1>
      <p className="text-sm text-muted-foreground">{t('cost.intro')}</p>
      <ChoiceButtons
        label={t('cost.window')}
        options={[3, 6, 12, 24]}
        value={months}
        onChange={setMonths}
        text={(m) => t('cost.months', { count: m })}
      />
      <Card className="p-4">
        {q.isLoading ? (
          <PageSpinner />
        ) : q.isError || !q.data ? (
          <LoadError t={t} error={q.error} />
        ) : (
          <CostsPanel data={q.data} fleet />
        )}
      </Card>
    </main>
  );
}
