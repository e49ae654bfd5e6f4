import { Check, ClipboardCheck, Loader2, Send, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateDto } from '@domain/schemas/inspections';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { EquipmentOption } from '../api/equipment-options';
import type { InspectionBody } from '../api/machine-checklists';
import { useOutboxSubmit } from '../hooks/use-outbox-submit';
import { parseAmount } from '../lib/entry';
import { AmountInput } from './amount-input';
import { PhotoInput } from './photo-input';

type Answer = { result?: 'pass' | 'fail'; number?: string; text?: string; note?: string };

/**
 * A checklist on the phone (issue 16): one large Pass / Fail per item, a note and an optional photo
 * for each failed item, the current reading, submit. Sent through the outbox like an update.
 */
export function InspectionForm({
  machine,
  template,
  onDone,
  onCancel,
}: {
  machine: EquipmentOption;
  template: TemplateDto;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['inspections', 'operators', 'field']);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [photos, setPhotos] = useState<Record<string, string>>({});
  const [reading, setReading] = useState('');
  const unitLabel = (unit: string) => t(`operators:screen.units.${unit}`, { defaultValue: unit });

  const set = (itemId: string, patch: Answer) =>
    setAnswers((a) => ({ ...a, [itemId]: { ...a[itemId], ...patch } }));
  const fail = (description: string) =>
    toast({ title: t('phone.failed'), description, variant: 'destructive' });
  const { submitting, submit } = useOutboxSubmit({ t, onDone, fail });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const body: InspectionBody = { equipmentId: machine.id, templateId: template.id, answers: [] };
    for (const item of template.items) {
      const a = answers[item.id] ?? {};
      if (item.kind === 'passFail') {
        if (!a.result) {
          if (item.required) return fail(t('phone.missing', { label: item.label }));
          continue;
        }
        body.answers.push({
          itemId: item.id,
          result: a.result,
          ...(a.result === 'fail' && a.note?.trim() ? { note: a.note.trim() } : {}),
        });
      } else if (item.kind === 'number') {
        const n = parseAmount(a.number ?? '');
        if (n === 'invalid') return fail(t('phone.invalidNumber', { label: item.label }));
        if (n === undefined) {
          if (item.required) return fail(t('phone.missing', { label: item.label }));
          continue;
        }
        body.answers.push({ itemId: item.id, number: n });
      } else {
        const text = a.text?.trim() ?? '';
        if (!text) {
          if (item.required) return fail(t('phone.missing', { label: item.label }));
          continue;
        }
        body.answers.push({ itemId: item.id, text });
      }
    }
    const r = parseAmount(reading);
    if (r === 'invalid' || (r !== undefined && r < 0))
      return fail(t('operators:screen.invalidUsageBody'));
    if (r !== undefined) body.reading = r;
    const failedPhotos = Object.fromEntries(
      Object.entries(photos).filter(([id]) => answers[id]?.result === 'fail'),
    );
    submit(
      {
        body: { equipmentId: machine.id, equipmentName: machine.name, notes: template.name },
        inspection: body,
        ...(Object.keys(failedPhotos).length ? { photos: failedPhotos } : {}),
      },
      {
        sent: (res) => {
          const defects = res.inspection?.defects ?? 0;
          return {
            title: t('phone.submitted'),
            description:
              defects > 0
                ? t('phone.submittedDefects', { count: defects }) +
                  (res.inspection?.outOfService ? ` ${t('phone.nowOutOfService')}` : '')
                : t('phone.submittedOk'),
          };
        },
        savedBody: t('field:outbox.savedBody'),
      },
    );
  };

  return (
    <Card>
      <CardHeader className="pb-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <ClipboardCheck className="h-5 w-5 text-primary" aria-hidden />
              {template.name}
            </h2>
            <CardDescription>{machine.name}</CardDescription>
          </div>
          <Button type="button" variant="outline" className="h-12" onClick={onCancel}>
            {t('phone.cancel')}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-5" noValidate>
          {template.items.map((item) => {
            const a = answers[item.id] ?? {};
            const inputId = `item-${item.id}`;
            return (
              <fieldset
                key={item.id}
                className={cn(
                  'grid gap-2 rounded-md border p-3',
                  a.result === 'fail' ? 'border-red-300 bg-red-50/50' : '',
                )}
              >
                <legend className="px-1 text-base font-medium">
                  {item.label}
                  {item.required ? null : (
                    <>
                      {' '}
                      <span className="text-sm font-normal text-muted-foreground">
                        {t('phone.optional')}
                      </span>
                    </>
                  )}
                </legend>
                {item.help ? <p className="text-sm text-muted-foreground">{item.help}</p> : null}
                {item.kind === 'passFail' ? (
                  <>
                    <div className="grid grid-cols-2 gap-2">
                      {(['pass', 'fail'] as const).map((r) => (
                        <button
                          key={r}
                          type="button"
                          aria-pressed={a.result === r}
                          onClick={() => set(item.id, { result: r })}
                          className={cn(
                            'flex h-14 items-center justify-center gap-2 rounded-md border-2 text-base font-semibold',
                            a.result === r
                              ? r === 'pass'
                                ? 'border-green-700 bg-green-700 text-white'
                                : 'border-red-700 bg-red-700 text-white'
                              : 'border-input bg-background',
                          )}
                        >
                          {r === 'pass' ? <Check aria-hidden /> : <X aria-hidden />}
                          {t(`phone.${r}`)}
                        </button>
                      ))}
                    </div>
                    {a.result === 'fail' ? (
                      <div className="grid gap-2">
                        <Label htmlFor={`${inputId}-note`}>{t('phone.whatIsWrong')}</Label>
                        <Textarea
                          id={`${inputId}-note`}
                          value={a.note ?? ''}
                          onChange={(e) => set(item.id, { note: e.target.value })}
                          rows={2}
                          maxLength={1000}
                          className="text-base"
                        />
                        <PhotoInput
                          value={photos[item.id] ?? null}
                          onChange={(p) =>
                            setPhotos((all) => {
                              const next = { ...all };
                              if (p) next[item.id] = p;
                              else delete next[item.id];
                              return next;
                            })
                          }
                        />
                      </div>
                    ) : null}
                  </>
                ) : item.kind === 'number' ? (
                  <div className="flex items-center gap-2">
                    <Input
                      id={inputId}
                      aria-label={item.label}
                      type="number"
                      inputMode="decimal"
                      value={a.number ?? ''}
                      onChange={(e) => set(item.id, { number: e.target.value })}
                      className="h-12 text-base"
                    />
                    <span className="text-sm text-muted-foreground">{item.unit}</span>
                  </div>
                ) : (
                  <Input
                    id={inputId}
                    aria-label={item.label}
                    value={a.text ?? ''}
                    onChange={(e) => set(item.id, { text: e.target.value })}
                    maxLength={1000}
                    className="h-12 text-base"
                  />
                )}
              </fieldset>
            );
          })}

          <div className="grid gap-2">
            <Label htmlFor="inspectionReading">
              {t('phone.reading', { unit: unitLabel(machine.unit) })}
            </Label>
            <AmountInput
              id="inspectionReading"
              value={reading}
              onChange={setReading}
              aria-describedby="inspectionReadingHint"
            />
            <p id="inspectionReadingHint" className="text-xs text-muted-foreground">
              {t('phone.readingHint', {
                value: `${formatNumber(machine.currentUsage, 2)} ${unitLabel(machine.unit)}`,
              })}
            </p>
          </div>

          <Button type="submit" size="lg" className="h-12 w-full text-base" disabled={submitting}>
            {submitting ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            {t('phone.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
