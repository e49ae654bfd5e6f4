import { exportFileName, toCsv, type CsvColumn } from '@domain/csv';
import {
  workOrderStatuses,
  type WorkOrderDto,
  type WorkOrderListQuery,
} from '@domain/schemas/work-orders';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ExportButton } from '@/components/export-button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { ChoiceButtons } from '@/components/choice-buttons';
import { companyToday, useCurrentUser } from '@/lib/auth';
import { downloadText } from '@/lib/download';
import { useStickerName } from '@/lib/use-sticker-name';
import { formatDate, formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useWorkOrders } from '../api/get-work-orders';
import { ListStates } from '../components/list-states';
import { AssigneeOptions, StatusPill } from '../components/work-order-bits';
import { WorkOrderForm } from '../components/work-order-form';

type View = WorkOrderListQuery['view'];
const views: View[] = ['open', 'mine', 'overdue', 'done_this_month', 'all'];

const csvColumns: CsvColumn<WorkOrderDto>[] = [
  { header: 'Number', value: (w) => w.number },
  { header: 'Machine', value: (w) => w.equipmentName },
  { header: 'Title', value: (w) => w.title },
  { header: 'Kind', value: (w) => w.kind },
  { header: 'Priority', value: (w) => w.priority },
  { header: 'Status', value: (w) => w.status },
  { header: 'Due date', value: (w) => w.dueDate },
  { header: 'Assigned to', value: (w) => w.assigneeName ?? w.vendor },
  { header: 'Parts cost', value: (w) => w.partsCost },
  { header: 'Labour cost', value: (w) => w.laborCost },
  { header: 'Other cost', value: (w) => w.otherCost },
  { header: 'Total', value: (w) => w.total },
  { header: 'Completed', value: (w) => w.completedAt?.slice(0, 10) },
  { header: 'Completed by', value: (w) => w.completedBy },
];

/**
 * Work orders (issue 27): open, mine, overdue, done this month; filters; CSV; "New work order" (also
 * opened by ?equipmentId= / ?defectId= from Due soon, the machine page and a defect). A technician sees
 * this page as "My work orders".
 */
export default function WorkOrdersPage() {
  const { t } = useTranslation('workOrders');
  const { user } = useCurrentUser();
  const technician = user?.role === 'technician';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // A technician who scanned a machine's sticker (/m/:id): that machine's open orders.
  const sticker = useParams().id ?? null;
  const equipmentId = sticker ?? params.get('equipmentId');
  const defectId = params.get('defectId');
  const taskId = params.get('taskId');
  const [creating, setCreating] = useState(!sticker && Boolean(equipmentId || defectId));
  const [view, setView] = useState<View>(technician && !sticker ? 'mine' : 'open');
  const machineName = useStickerName(sticker);
  const [status, setStatus] = useState('');
  const [assigneeId, setAssigneeId] = useState('');
  const q = useWorkOrders({
    view,
    ...(status ? { status: status as WorkOrderDto['status'] } : {}),
    ...(assigneeId ? { assigneeId } : {}),
    ...(equipmentId && !creating ? { equipmentId } : {}),
  });
  const items = q.data ?? [];

  const onExport = () => {
    downloadText(exportFileName('work-orders', companyToday()), toCsv(csvColumns, items));
  };

  return (
    <main className="mx-auto grid max-w-5xl grid-cols-1 gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold">{technician ? t('myTitle') : t('title')}</h1>
          {machineName && (
            <p className="break-words text-sm text-muted-foreground" data-testid="machine-orders">
              {t('forMachine', { name: machineName })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {!technician && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> {t('new')}
            </Button>
          )}
          <ExportButton label={t('export')} count={items.length} onExport={onExport} />
        </div>
      </div>
      {creating && !technician && (
        <WorkOrderForm
          equipmentId={equipmentId}
          defectId={defectId}
          taskId={taskId}
          onCreated={(w) => void navigate(`/work-orders/${w.id}`)}
          onCancel={() => {
            setCreating(false);
            setParams({});
          }}
        />
      )}
      <ChoiceButtons
        label={t('show')}
        options={views}
        value={view}
        onChange={setView}
        text={(v) => t(`views.${v}`)}
        buttonClassName="h-11"
      />
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <NativeSelect
          aria-label={t('filterStatus')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="">{t('anyStatus')}</option>
          {workOrderStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </NativeSelect>
        {!technician && (
          <NativeSelect
            aria-label={t('filterAssignee')}
            value={assigneeId}
            onChange={(e) => setAssigneeId(e.target.value)}
          >
            <AssigneeOptions none={t('anyone')} />
          </NativeSelect>
        )}
      </div>
      <ListStates query={q} isEmpty={items.length === 0} empty={t('empty')}>
        <ul className="grid gap-2" aria-label={t('title')}>
          {items.map((w) => (
            <li key={w.id}>
              <Card className="grid gap-1 p-3" data-testid="work-order-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={`/work-orders/${w.id}`}
                    className="font-semibold underline-offset-2 hover:underline"
                  >
                    #{w.number} {w.title}
                  </Link>
                  <StatusPill status={w.status} />
                </div>
                <p className="text-sm text-muted-foreground">
                  {w.equipmentName} · {t(`kinds.${w.kind}`)} · {t(`priorities.${w.priority}`)}
                  {w.assigneeName || w.vendor ? ` · ${w.assigneeName ?? w.vendor}` : ''}
                </p>
                <p className={cn('text-sm', w.overdue && 'font-semibold text-red-700')}>
                  {w.dueDate ? t('due', { date: formatDate(w.dueDate) }) : t('noDue')}
                  {w.overdue ? ` · ${t('overdue')}` : ''}
                  {w.total > 0 ? ` · ${formatUsd(w.total)}` : ''}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      </ListStates>
    </main>
  );
}
