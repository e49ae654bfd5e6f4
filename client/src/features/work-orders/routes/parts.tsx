import { zodResolver } from '@hookform/resolvers/zod';
import {
  partInputSchema,
  stockInputSchema,
  type PartDto,
  type PartInput,
  type StockInput,
} from '@domain/schemas/work-orders';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { invalidProps } from '@/components/form-field-props';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { formatNumber, formatUsd } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import { useMessage } from '@/lib/use-message';
import { cn } from '@/lib/utils';
import { useParts } from '../api/get-lookups';
import { useCreatePart, useStockChange } from '../api/mutations';
import { ListStates } from '../components/list-states';
import { FormAlert, SubmitCancel } from '../components/work-order-bits';

/** Parts inventory (issue 27): the catalogue, low stock first; stock changes only by stock moves. */
export default function PartsPage() {
  const { t } = useTranslation('workOrders');
  const q = useParts();
  const [adding, setAdding] = useState(false);
  const parts = [...(q.data ?? [])].sort((a, b) => Number(b.low) - Number(a.low));
  return (
    <main className="mx-auto grid max-w-5xl grid-cols-1 gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('parts.title')}</h1>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden /> {t('parts.add')}
        </Button>
      </div>
      {adding && <PartForm onDone={() => setAdding(false)} />}
      <ListStates query={q} isEmpty={parts.length === 0} empty={t('parts.empty')}>
        <ul className="grid gap-2" aria-label={t('parts.title')}>
          {parts.map((p) => (
            <PartRow key={p.id} p={p} />
          ))}
        </ul>
      </ListStates>
    </main>
  );
}

function PartRow({ p }: { p: PartDto }) {
  const { t } = useTranslation('workOrders');
  const [open, setOpen] = useState(false);
  return (
    <li>
      <Card className="grid gap-1 p-3" data-testid="part-row">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold">
            {p.name}
            {p.partNumber ? <span className="text-muted-foreground"> · {p.partNumber}</span> : null}
          </p>
          <p className={cn('text-sm', p.low && 'font-semibold text-red-700')} data-testid="on-hand">
            {t('parts.onHand', { count: p.onHand, qty: formatNumber(p.onHand, 3), unit: p.unit })}
            {p.low ? ` · ${t('parts.low')}` : ''}
          </p>
        </div>
        <p className="text-sm text-muted-foreground">
          {formatUsd(p.unitCost)} / {p.unit} ·{' '}
          {t('parts.reorderAt', { qty: formatNumber(p.reorderPoint, 3) })}
          {p.location ? ` · ${p.location}` : ''}
          {p.vendor ? ` · ${p.vendor}` : ''}
        </p>
        {open ? (
          <StockForm p={p} onDone={() => setOpen(false)} />
        ) : (
          <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
            {t('parts.changeStock')}
          </Button>
        )}
      </Card>
    </li>
  );
}

type StockValues = { reason: 'received' | 'adjusted'; change: string; note: string };

/** Receive or adjust a part's stock (react-hook-form with the domain schema). */
function StockForm({ p, onDone }: { p: PartDto; onDone: () => void }) {
  const { t } = useTranslation('workOrders');
  const msg = useMessage();
  const move = useStockChange();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<StockValues, unknown, StockInput>({
    resolver: zodResolver(stockInputSchema) as unknown as Resolver<
      StockValues,
      unknown,
      StockInput
    >,
    defaultValues: { reason: 'received', change: '', note: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await move.mutateAsync({ id: p.id, change: v.change, reason: v.reason, note: v.note ?? '' });
      toast({ title: t('parts.stockSaved') });
      onDone();
    } catch (err) {
      setError(translateError(t, err));
    }
  });
  const aria = (name: keyof StockValues, id: string) => ({
    id,
    ...invalidProps(errors[name], id),
  });
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      className="grid grid-cols-1 gap-2 sm:grid-cols-4 sm:items-start"
      aria-label={t('parts.changeStock')}
      noValidate
    >
      <div className="grid gap-1">
        <Label htmlFor={`reason-${p.id}`}>{t('parts.reason')}</Label>
        <NativeSelect {...aria('reason', `reason-${p.id}`)} {...form.register('reason')}>
          <option value="received">{t('parts.received')}</option>
          <option value="adjusted">{t('parts.adjusted')}</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`change-${p.id}`}>{t('parts.change')}</Label>
        <Input
          type="number"
          step="any"
          {...aria('change', `change-${p.id}`)}
          {...form.register('change')}
        />
        <FieldError id={`change-${p.id}-error`} message={msg(errors.change?.message)} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`note-${p.id}`}>{t('parts.note')}</Label>
        <Input {...aria('note', `note-${p.id}`)} {...form.register('note')} />
        <FieldError id={`note-${p.id}-error`} message={msg(errors.note?.message)} />
      </div>
      <SubmitCancel
        label={t('save')}
        pending={move.isPending}
        onCancel={onDone}
        className="sm:mt-6"
      />
      <FormAlert error={error} className="sm:col-span-4" />
    </form>
  );
}

type PartValues = {
  name: string;
  partNumber: string;
  unit: string;
  unitCost: string;
  onHand: string;
  reorderPoint: string;
  location: string;
  vendor: string;
};

/** Add a part to the shelf (react-hook-form with the domain schema). */
function PartForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('workOrders');
  const msg = useMessage();
  const create = useCreatePart();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PartValues, unknown, PartInput>({
    resolver: zodResolver(partInputSchema) as unknown as Resolver<PartValues, unknown, PartInput>,
    defaultValues: {
      name: '',
      partNumber: '',
      unit: '',
      unitCost: '',
      onHand: '',
      reorderPoint: '',
      location: '',
      vendor: '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await create.mutateAsync(v);
      toast({ title: t('parts.added') });
      onDone();
    } catch (err) {
      setError(translateError(t, err));
    }
  });
  const field = (k: keyof PartValues, type = 'text') => (
    <div className="grid gap-1">
      <Label htmlFor={`part-${k}`}>{t(`parts.fields.${k}`)}</Label>
      <Input
        id={`part-${k}`}
        type={type}
        step={type === 'number' ? 'any' : undefined}
        {...invalidProps(errors[k], `part-${k}`)}
        {...form.register(k)}
      />
      <FieldError id={`part-${k}-error`} message={msg(errors[k]?.message)} />
    </div>
  );
  return (
    <Card className="p-4">
      <form
        onSubmit={(e) => void onSubmit(e)}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
        aria-label={t('parts.add')}
        noValidate
      >
        {field('name')}
        {field('partNumber')}
        {field('unit')}
        {field('unitCost', 'number')}
        {field('onHand', 'number')}
        {field('reorderPoint', 'number')}
        {field('location')}
        {field('vendor')}
        <FormAlert error={error} className="sm:col-span-2" />
        <SubmitCancel
          label={t('save')}
          pending={create.isPending}
          onCancel={onDone}
          className="sm:col-span-2"
        />
      </form>
    </Card>
  );
}
