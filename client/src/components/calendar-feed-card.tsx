import type { CalendarFeed } from '@domain/schemas/maintenance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Copy, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api';
import { translateError } from '@/lib/translate-message';
import { toastFailure } from '@/components/toast-failure';

const calendarKey = ['company', 'calendar'] as const;

/**
 * The company's maintenance calendar (Company Settings and Due soon): the secret iCalendar address to
 * subscribe to, copy, and regenerate (the old address stops working).
 */
export function CalendarFeedCard() {
  const { t } = useTranslation('maintenance');
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: calendarKey,
    queryFn: () => api.get<CalendarFeed>('/api/company/calendar'),
  });
  const regenerate = useMutation({
    mutationFn: () => api.post<CalendarFeed>('/api/company/calendar/regenerate'),
    onSuccess: (feed) => {
      qc.setQueryData(calendarKey, feed);
      toast({ title: t('regenerated'), description: t('regeneratedBody') });
    },
    onError: (err) => toastFailure(t, t('calendarFailed'), err),
  });
  const url = q.data?.url ?? '';
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    toast({ title: t('copied'), description: url });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays className="h-5 w-5" aria-hidden /> {t('calendarTitle')}
        </CardTitle>
        <CardDescription>{t('calendarBody')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor="calendar-url">{t('calendarUrl')}</Label>
        <Input id="calendar-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        {q.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {translateError(t, q.error)}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void copy()} disabled={!url}>
            <Copy aria-hidden /> {t('copy')}
          </Button>
          <Button
            variant="outline"
            onClick={() => regenerate.mutate()}
            disabled={!url || regenerate.isPending}
          >
            <RefreshCw aria-hidden /> {t('regenerate')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
