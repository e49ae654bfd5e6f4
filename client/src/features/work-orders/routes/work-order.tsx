import { zodResolver } from '@hookform/resolvers/zod';
import {
  isClosedStatus,
  workOrderPartInputSchema,
  type WorkOrderDto,
  type WorkOrderPartInput,
} from '@domain/schemas/work-orders';
import { Printer } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormField } from '@/components/form-field';
import { PageSpinner } from '@/components/page-spinner';
import { onFilePicked } from '@/components/file-picked';
import { invalidProps } from '@/components/form-field-props';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { formatDate, formatDateTime, formatNumber, formatUsd } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import { useMessage } from '@/lib/use-message';
import { useParts } from '../api/get-lookups';
import { useWorkOrder } from '../api/get-work-order';
import { useAddPart, useAddPhoto, useUpdateWorkOrder } from '../api/mutations';
import { CompleteCard, CostsSummary } from '../components/complete-card';
import { StatusPill } from '../components/work-order-bits';
import { WorkOrderFiles } from '../components/work-order-files';
import { toastFailure } from '@/components/toast-failure';
import { LoadError } from '@/components/query-states';

/** A work order: status, tasks, notes, parts, photos, completion; printable (issue 27). */
export default function WorkOrderPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('workOrders');
  const q = useWorkOrder(id);
  if (q.isLoading) return <PageSpinner />;
  if (q.isError || !q.data)
    return (
      <main className="p-6">
        <LoadError t={t} error={q.error} />
      </main>
    );
  return <WorkOrderView w={q.data} />;
}

function WorkOrderView({ w }: { w: WorkOrderDto }) {
  const { t } = useTranslation('workOrders');
  const { user } = useCurrentUser();
  const manager = user?.role === 'owner' || user?.role === 'manager';
  const closed = isClosedStatus(w.status);
  const update = useUpdateWorkOrder(w.id);
  const fail = (err: unknown) => toastFailure(t, t('failed'), err);
  const setStatus = (status: 'open' | 'in_progress' | 'on_hold' | 'canceled') =>
    update.mutateAsync({ status }).catch(fail);
  const toggleTask = (taskId: string) =>
    update
      .mutateAsync({
        tasks: w.tasks.map((x) => (x.id === taskId ? { ...x, done: !x.done } : x)),
      })
      .catch(fail);

  return (
    <main className="mx-auto grid max-w-3xl grid-cols-1 gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold">
            #{w.number} {w.title}
          </h1>
          <p className="text-sm text-muted-foreground">
            {manager ? (
              <Link to={`/machines/${w.equipmentId}`} className="underline">
                {w.equipmentName}
              </Link>
            ) : (
              w.equipmentName
            )}{' '}
            · {t(`kinds.${w.kind}`)} · {t(`priorities.${w.priority}`)}
          </p>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <StatusPill status={w.status} />
            {w.dueDate && (
              <span className={w.overdue ? 'font-semibold text-red-700' : ''}>
                {t('due', { date: formatDate(w.dueDate) })}
              </span>
            )}
            {(w.assigneeName || w.vendor) && (
              <span>{t('assignedTo', { who: w.assigneeName ?? w.vendor })}</span>
            )}
          </div>
        </div>
        <Button variant="outline" className="no-print" onClick={() => window.print()}>
          <Printer aria-hidden /> {t('print')}
        </Button>
      </div>

      {!closed && (
        <div className="no-print flex flex-wrap gap-2" aria-label={t('changeStatus')} role="group">
          {w.status !== 'in_progress' && (
            <Button className="h-11" onClick={() => void setStatus('in_progress')}>
              {t('actions.start')}
            </Button>
          )}
          {w.status !== 'on_hold' && (
            <Button variant="outline" className="h-11" onClick={() => void setStatus('on_hold')}>
              {t('actions.hold')}
            </Button>
          )}
          {manager && (
            <Button variant="outline" className="h-11" onClick={() => void setStatus('canceled')}>
              {t('actions.cancel')}
            </Button>
          )}
        </div>
      )}

      <Card className="grid gap-2 p-4">
        <h2 className="font-semibold">{t('tasks')}</h2>
        {w.tasks.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('noTasks')}</p>
        ) : (
          <ul className="grid gap-1">
            {w.tasks.map((task) => (
              <li key={task.id}>
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    checked={task.done}
                    disabled={closed}
                    onChange={() => void toggleTask(task.id)}
                  />
                  <span className={task.done ? 'line-through' : ''}>{task.label}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <NotesCard w={w} closed={closed} />
      <PartsCard w={w} closed={closed} />
      <PhotosCard w={w} closed={w.status === 'canceled'} />
      {w.status === 'done' ? <CostsSummary w={w} /> : !closed && <CompleteCard w={w} />}
      <Suspense fallback={null}>
        <WorkOrderFiles id={w.id} />
      </Suspense>
    </main>
  );
}

function NotesCard({ w, closed }: { w: WorkOrderDto; closed: boolean }) {
  const { t } = useTranslation('workOrders');
  const [notes, setNotes] = useState(w.notes ?? '');
  const update = useUpdateWorkOrder(w.id);
  return (
    <Card className="grid gap-2 p-4">
      <Label htmlFor="wo-notes-edit" className="font-semibold">
        {t('notes')}
      </Label>
      <Textarea
        id="wo-notes-edit"
        rows={3}
        value={notes}
        disabled={closed}
        onChange={(e) => setNotes(e.target.value)}
      />
      {!closed && (
        <Button
          variant="outline"
          className="no-print justify-self-start"
          disabled={notes === (w.notes ?? '') || update.isPending}
          onClick={() =>
            void update
              .mutateAsync({ notes: notes || null })
              .then(() => toast({ title: t('saved') }))
              .catch((err: unknown) => toastFailure(t, t('failed'), err))
          }
        >
          {t('saveNotes')}
        </Button>
      )}
    </Card>
  );
}

function PartsCard({ w, closed }: { w: WorkOrderDto; closed: boolean }) {
  const { t } = useTranslation('workOrders');
  const parts = useParts();
  const add = useAddPart(w.id);
  const msg = useMessage();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ partId: string; quantity: string }, unknown, WorkOrderPartInput>({
    resolver: zodResolver(workOrderPartInputSchema) as unknown as Resolver<
      { partId: string; quantity: string },
      unknown,
      WorkOrderPartInput
    >,
    defaultValues: { partId: '', quantity: '1' },
  });
  const partId = useWatch({ control: form.control, name: 'partId' });
  const quantityError = msg(form.formState.errors.quantity?.message);
  const onAdd = form.handleSubmit(async (input) => {
    setError(null);
    try {
      await add.mutateAsync(input);
      form.reset();
    } catch (err) {
      setError(translateError(t, err));
    }
  });
  return (
    <Card className="grid gap-2 p-4">
      <h2 className="font-semibold">{t('partsUsed')}</h2>
      {w.parts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('noParts')}</p>
      ) : (
        <ul className="grid gap-1 text-sm" aria-label={t('partsUsed')}>
          {w.parts.map((p) => (
            <li key={p.id} className="flex justify-between gap-2">
              <span>
                {p.name} × {formatNumber(p.quantity, 3)} {p.unit}
              </span>
              <span>{formatUsd(p.cost)}</span>
            </li>
          ))}
        </ul>
      )}
      {!closed && (
        <form
          onSubmit={(e) => void onAdd(e)}
          className="no-print grid grid-cols-1 gap-2 sm:grid-cols-[1fr_6rem_auto] sm:items-end"
          noValidate
        >
          <FormField id="wo-part" label={t('part')} className="gap-1">
            <NativeSelect id="wo-part" {...form.register('partId')}>
              <option value="">{t('choosePart')}</option>
              {(parts.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {t('partOption', {
                    name: p.name,
                    onHand: formatNumber(p.onHand, 3),
                    unit: p.unit,
                  })}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="wo-qty" label={t('quantity')} className="gap-1">
            <Input
              id="wo-qty"
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              {...invalidProps(quantityError, 'wo-qty')}
              {...form.register('quantity')}
            />
          </FormField>
          <Button type="submit" className="h-11" disabled={!partId || add.isPending}>
            {t('addPart')}
          </Button>
          <div className="sm:col-span-3">
            <FieldError id="wo-qty-error" message={quantityError} />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive sm:col-span-3">
              {error}
            </p>
          )}
        </form>
      )}
    </Card>
  );
}

const toBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(file);
  });

function PhotosCard({ w, closed }: { w: WorkOrderDto; closed: boolean }) {
  const { t } = useTranslation('workOrders');
  const add = useAddPhoto(w.id);
  return (
    <Card className="grid gap-2 p-4">
      <h2 className="font-semibold">{t('photos')}</h2>
      {w.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {w.photos.map((p) => (
            <li key={p.id}>
              <img
                src={`/api/work-orders/${w.id}/photos/${p.id}`}
                alt={t('photoAlt', { date: formatDateTime(p.createdAt) })}
                className="h-24 w-24 rounded object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      {!closed && (
        <FormField id="wo-photo" label={t('addPhoto')} className="no-print gap-1">
          <Input
            id="wo-photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            capture="environment"
            onChange={onFilePicked(
              (file) =>
                void toBase64(file)
                  .then((data) => add.mutateAsync(data))
                  .then(() => toast({ title: t('photoAdded') }))
                  .catch((err: unknown) => toastFailure(t, t('failed'), err)),
            )}
          />
        </FormField>
      )}
    </Card>
  );
}
