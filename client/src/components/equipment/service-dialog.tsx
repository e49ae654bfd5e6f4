import { serviceInputSchema, type ServiceInputRaw } from '@domain/schemas/equipment';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { companyToday } from '@/lib/auth';
import { translateError, translateKey, translateMessage } from '@/lib/translate-message';
import { useEquipment, useRecordService } from './equipment-queries';
import { formatUsage } from './format';

type Props = {
  /** The machine to service (its current usage and service parts are read when the dialog opens). */
  equipmentId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type PartRow = { key: number; used: boolean; part: string; partNumber: string; qty: string };
type Fields = 'serviceDate' | 'usage' | 'cost' | 'performedBy' | 'notes' | 'parts';

/**
 * Mark as Serviced: a service entry with its date (today in the company's time zone, may be back-dated),
 * the usage at service (the current usage), the parts used (the machine's service parts, quantities
 * editable, more can be added), the cost and who did it.
 */
export function ServiceDialog({ equipmentId, open, onOpenChange }: Props) {
  const q = useEquipment(open ? equipmentId : null);
  const equipment = q.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] max-w-xl overflow-y-auto">
        {equipment ? (
          // A cached copy may be older than the machine: the form starts again from the fresh one.
          <ServiceForm
            key={`${equipment.id}:${equipment.lastUpdated}`}
            equipment={equipment}
            close={() => onOpenChange(false)}
          />
        ) : (
          <DialogHeader>
            <DialogTitle>…</DialogTitle>
            <DialogDescription />
          </DialogHeader>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ServiceForm({
  equipment,
  close,
}: {
  equipment: NonNullable<ReturnType<typeof useEquipment>['data']>;
  close: () => void;
}) {
  const { t } = useTranslation('equipment');
  const today = companyToday();
  const [serviceDate, setServiceDate] = useState(today);
  const [usage, setUsage] = useState(String(equipment.currentUsage));
  const [cost, setCost] = useState('');
  const [performedBy, setPerformedBy] = useState('');
  const [notes, setNotes] = useState('');
  const [parts, setParts] = useState<PartRow[]>(() =>
    equipment.serviceParts.map((p, i) => ({
      key: i,
      used: true,
      part: p.part,
      partNumber: p.partNumber ?? '',
      qty: String(p.qty ?? 1),
    })),
  );
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const mutation = useRecordService();
  const unit = equipment.unit === 'n/a' ? '' : t(`units.${equipment.unit}`);

  const setPart = (key: number, patch: Partial<PartRow>) =>
    setParts((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input: ServiceInputRaw = {
      serviceDate,
      usage: usage.trim() === '' ? null : Number(usage),
      cost: cost.trim() === '' ? null : Number(cost),
      performedBy,
      notes,
      parts: parts
        .filter((p) => p.used && p.part.trim())
        .map((p) => ({
          part: p.part,
          partNumber: p.partNumber,
          qty: p.qty.trim() === '' ? null : Number(p.qty),
        })),
    };
    // The same schema the server parses (messages translated by the catalogue).
    const parsed = serviceInputSchema.safeParse(input);
    const local: Partial<Record<Fields, string>> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Fields;
        local[field] ??= translateMessage(t, issue.message);
      }
    if (serviceDate > today) local.serviceDate = translateKey(t, 'equipment.serviceDateFuture');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    mutation.mutate(
      { id: equipment.id, input },
      {
        onSuccess: (updated) => {
          toast({
            title: t('toast.serviceReset'),
            description: t('toast.serviceResetBody', { name: updated.name }),
          });
          close();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fieldErrors)
            setErrors(
              Object.fromEntries(
                Object.entries(err.fieldErrors).map(([f, m]) => [f, translateMessage(t, m)]),
              ),
            );
          toast({
            title: t('toast.error'),
            description: translateError(t, err, t('toast.serviceFailed')),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const fieldError = (f: Fields) =>
    errors[f] ? (
      <p id={`service-${f}-error`} className="text-sm text-destructive" role="alert">
        {errors[f]}
      </p>
    ) : null;
  const described = (f: Fields) => (errors[f] ? `service-${f}-error` : undefined);

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{t('service.title')}</DialogTitle>
        <DialogDescription>
          {t('service.description', {
            name: equipment.name,
            usage: formatUsage(t, equipment.currentUsage, equipment.unit),
          })}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="service-date">{t('service.date')}</Label>
          <Input
            id="service-date"
            type="date"
            max={today}
            value={serviceDate}
            onChange={(e) => setServiceDate(e.target.value)}
            aria-invalid={Boolean(errors.serviceDate)}
            aria-describedby={described('serviceDate')}
            required
          />
          {fieldError('serviceDate')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="service-usage">
            {t('service.usage')}
            {unit ? ` (${unit})` : ''}
          </Label>
          <Input
            id="service-usage"
            type="number"
            inputMode="decimal"
            step="0.1"
            min="0"
            max={equipment.currentUsage}
            value={usage}
            onChange={(e) => setUsage(e.target.value)}
            aria-invalid={Boolean(errors.usage)}
            aria-describedby={described('usage')}
          />
          {fieldError('usage')}
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('service.parts')}</legend>
        {parts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('service.noParts')}</p>
        ) : (
          <ul className="grid gap-2">
            {parts.map((p, i) => (
              <li key={p.key} className="grid grid-cols-[auto_1fr_5rem_auto] items-center gap-2">
                <Checkbox
                  checked={p.used}
                  onCheckedChange={(v) => setPart(p.key, { used: v === true })}
                  aria-label={t('service.usePart', { part: p.part || i + 1 })}
                  className="h-6 w-6"
                />
                <Input
                  value={p.part}
                  onChange={(e) => setPart(p.key, { part: e.target.value })}
                  aria-label={t('service.partName', { n: i + 1 })}
                  placeholder={t('form.partName')}
                />
                <Input
                  type="number"
                  inputMode="numeric"
                  min="1"
                  step="1"
                  value={p.qty}
                  onChange={(e) => setPart(p.key, { qty: e.target.value })}
                  aria-label={t('service.partQty', { n: i + 1 })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  onClick={() => setParts((rows) => rows.filter((r) => r.key !== p.key))}
                  aria-label={t('form.removePart', { n: i + 1 })}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {fieldError('parts')}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              setParts((rows) => [
                ...rows,
                {
                  key: Math.max(-1, ...rows.map((r) => r.key)) + 1,
                  used: true,
                  part: '',
                  partNumber: '',
                  qty: '1',
                },
              ])
            }
          >
            <Plus aria-hidden /> {t('form.addPart')}
          </Button>
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="service-cost">{t('service.cost')}</Label>
          <Input
            id="service-cost"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            value={cost}
            onChange={(e) => setCost(e.target.value)}
            aria-invalid={Boolean(errors.cost)}
            aria-describedby={described('cost')}
          />
          {fieldError('cost')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="service-by">{t('service.performedBy')}</Label>
          <Input
            id="service-by"
            value={performedBy}
            maxLength={200}
            onChange={(e) => setPerformedBy(e.target.value)}
            placeholder={t('service.performedByPlaceholder')}
          />
          {fieldError('performedBy')}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="service-notes">{t('service.notes')}</Label>
        <Textarea
          id="service-notes"
          rows={2}
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
        {fieldError('notes')}
      </div>
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={close}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t('actions.saving') : t('service.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
