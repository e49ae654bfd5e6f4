import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefectDto } from '@domain/schemas/inspections';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { translateError, translateKey } from '@/lib/translate-message';
import { useOutOfService, useResolveDefect } from '../api/inspections-api';

/**
 * Resolve a defect with a note or a service entry (Mark as Serviced's fields). "Return to service" is
 * offered while the machine is out of service: checked when no other open critical defect is left.
 */
export function ResolveDialog({
  defect,
  otherOpenCritical,
  onClose,
}: {
  defect: DefectDto;
  /** Other open critical defects of the same machine. */
  otherOpenCritical: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(['inspections', 'messages']);
  const resolve = useResolveDefect();
  const [how, setHow] = useState<'note' | 'service'>('service');
  const [note, setNote] = useState('');
  const [cost, setCost] = useState('');
  const [performedBy, setPerformedBy] = useState('');
  const [back, setBack] = useState(otherOpenCritical === 0);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = note.trim();
    if (how === 'note' && !text) {
      setError(translateKey(t, 'inspections.resolutionRequired'));
      return;
    }
    const c = cost.trim() ? Number(cost.replace(',', '.')) : undefined;
    if (c !== undefined && (!Number.isFinite(c) || c < 0)) {
      setError(t('resolve.invalidCost'));
      return;
    }
    resolve.mutate(
      {
        id: defect.id,
        body: {
          ...(text ? { note: text } : {}),
          ...(how === 'service'
            ? {
                service: {
                  ...(c !== undefined ? { cost: c } : {}),
                  ...(performedBy.trim() ? { performedBy: performedBy.trim() } : {}),
                  ...(text ? { notes: text } : {}),
                },
              }
            : {}),
          ...(defect.outOfService ? { returnToService: back } : {}),
        },
      },
      {
        onSuccess: (d) => {
          toast({
            title: t('resolve.done'),
            description: d.outOfService ? t('resolve.stillOut') : t('resolve.inService'),
          });
          onClose();
        },
        onError: (err) => setError(translateError(t, err)),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(o) => (o ? null : onClose())}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('resolve.title')}</DialogTitle>
            <DialogDescription>
              {defect.equipmentName} · {defect.itemLabel}
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('resolve.how')}</legend>
            {(['service', 'note'] as const).map((h) => (
              <label key={h} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="resolve-how"
                  checked={how === h}
                  onChange={() => setHow(h)}
                  className="h-4 w-4"
                />
                {t(`resolve.${h}`)}
              </label>
            ))}
          </fieldset>
          {how === 'service' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1">
                <Label htmlFor="resolve-cost">{t('resolve.cost')}</Label>
                <Input
                  id="resolve-cost"
                  inputMode="decimal"
                  value={cost}
                  onChange={(e) => setCost(e.target.value)}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="resolve-by">{t('resolve.performedBy')}</Label>
                <Input
                  id="resolve-by"
                  value={performedBy}
                  onChange={(e) => setPerformedBy(e.target.value)}
                  maxLength={120}
                />
              </div>
            </div>
          ) : null}
          <div className="grid gap-1">
            <Label htmlFor="resolve-note">{t('resolve.noteLabel')}</Label>
            <Textarea
              id="resolve-note"
              rows={3}
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          {defect.outOfService ? (
            <label className="flex items-center gap-2 text-sm">
              <Checkbox checked={back} onCheckedChange={(c) => setBack(c === true)} />
              {t('resolve.returnToService')}
            </label>
          ) : null}
          {defect.outOfService && otherOpenCritical > 0 ? (
            <p className="text-xs text-muted-foreground">
              {t('resolve.otherCritical', { count: otherOpenCritical })}
            </p>
          ) : null}
          <FormDialogFooter
            error={error}
            className="gap-2"
            cancelLabel={t('actions.cancel')}
            onCancel={onClose}
            submitLabel={t('resolve.confirm')}
            pending={resolve.isPending}
            pendingLabel={t('actions.saving')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Take a machine out of service (a reason is required). */
export function OutOfServiceDialog({
  equipmentId,
  equipmentName,
  suggested,
  onClose,
}: {
  equipmentId: string;
  equipmentName: string;
  suggested: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['inspections', 'messages']);
  const mutation = useOutOfService();
  const [reason, setReason] = useState(suggested);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(translateKey(t, 'inspections.reasonRequired'));
      return;
    }
    mutation.mutate(
      { equipmentId, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: t('outOfService.done', { name: equipmentName }) });
          onClose();
        },
        onError: (err) => setError(translateError(t, err)),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(o) => (o ? null : onClose())}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('outOfService.title')}</DialogTitle>
            <DialogDescription>
              {t('outOfService.description', { name: equipmentName })}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1">
            <Label htmlFor="oos-reason">{t('outOfService.reason')}</Label>
            <Textarea
              id="oos-reason"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <FormDialogFooter
            error={error}
            className="gap-2"
            cancelLabel={t('actions.cancel')}
            onCancel={onClose}
            submitLabel={t('outOfService.confirm')}
            pending={mutation.isPending}
            destructive
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
