import {
  Copy,
  Download,
  Eye,
  EyeOff,
  Info,
  Pencil,
  Printer,
  Settings,
  Trash2,
  UserPlus,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportFileName, operatorColumns, toCsv } from '@domain/csv';
import type { EmployeeDto } from '@domain/schemas/operators';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable } from '@/components/data-table';
import { toast } from '@/components/ui/use-toast';
import { companyToday, useCurrentUser } from '@/lib/auth';
import { downloadText } from '@/lib/download';
import { formatDate } from '@/lib/format';
import { useCompanySettings } from '../api/company-settings';
import { useDeleteEmployee, useEmployees } from '../api/employees';
import { AccessCardsView } from '../components/access-cards';
import { CompanySettingsDialog } from '../components/company-settings-dialog';
import { ManagersSection } from '../components/managers-section';
import { OperatorDialog } from '../components/operator-dialog';
import { toastFailure } from '@/components/toast-failure';

const fullName = (e: EmployeeDto) => [e.firstName, e.lastName].filter(Boolean).join(' ');

/** /employees: operators, the shared operator password, access cards and (for the owner) managers. */
export default function EmployeesPage() {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation('common');
  const { user } = useCurrentUser();
  const settings = useCompanySettings();
  const employees = useEmployees();
  const remove = useDeleteEmployee();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; editing: EmployeeDto | null }>({
    open: false,
    editing: null,
  });
  const [removing, setRemoving] = useState<EmployeeDto | null>(null);
  const [reveal, setReveal] = useState(false);
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    document.title = `${tc('titles.operators')} | ${tc('appName')}`;
  }, [tc]);

  const operators = employees.data ?? [];
  const companyName = settings.data?.companyName ?? user?.businessName ?? '';
  const password = settings.data?.masterPassword ?? null;
  const timeZone = settings.data?.timeZone ?? user?.timeZone ?? 'UTC';

  const copy = async (username: string) => {
    try {
      await navigator.clipboard.writeText(username);
    } catch {
      // Clipboard refused (e.g. insecure context): the username is still on screen to copy by hand.
    }
    toast({ title: t('toast.copied'), description: t('toast.copiedBody', { username }) });
  };

  const onPrint = () => {
    if (operators.length === 0 || !password) {
      toast({
        title: t('toast.cannotPrint'),
        description: t('toast.cannotPrintBody'),
        variant: 'destructive',
      });
      return;
    }
    setPrinting(true);
  };

  const onExport = () => {
    if (operators.length === 0) {
      toast({
        title: t('toast.noExport'),
        description: t('toast.noExportBody'),
        variant: 'destructive',
      });
      return;
    }
    const rows = operators.map((o) => ({
      company: companyName,
      firstName: o.firstName,
      lastName: o.lastName,
      username: o.operatorUsername,
      role: tc('roles.operator'),
      createdAt: o.createdAt,
    }));
    downloadText(exportFileName('operators', companyToday()), toCsv(operatorColumns, rows));
    toast({
      title: t('toast.exported'),
      description: t('toast.exportedBody', { count: rows.length }),
    });
  };

  const confirmRemove = () => {
    if (!removing) return;
    const name = fullName(removing);
    remove.mutate(removing.id, {
      onSuccess: () =>
        toast({ title: t('toast.removed'), description: t('toast.removedBody', { name }) }),
      onError: (err) => toastFailure(t, t('toast.removeFailed'), err),
    });
    setRemoving(null);
  };

  const rowActions = (op: EmployeeDto) => (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('table.edit', { name: fullName(op) })}
        onClick={() => setDialog({ open: true, editing: op })}
      >
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('table.delete', { name: fullName(op) })}
        onClick={() => setRemoving(op)}
      >
        <Trash2 className="text-destructive" aria-hidden />
      </Button>
    </div>
  );

  const usernameCell = (op: EmployeeDto) => (
    <span className="inline-flex items-center gap-1">
      <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm">
        {op.operatorUsername}
      </code>
      <Button
        variant="ghost"
        size="icon"
        className="h-8 w-8"
        aria-label={t('table.copy', { username: op.operatorUsername ?? '' })}
        onClick={() => void copy(op.operatorUsername ?? '')}
      >
        <Copy aria-hidden />
      </Button>
    </span>
  );

  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-4 p-3 sm:p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('page.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('page.subtitle')}</p>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <Button
            variant="outline"
            onClick={() => setSettingsOpen(true)}
            className="flex-1 sm:flex-none"
          >
            <Settings aria-hidden />
            {t('page.companySettings')}
          </Button>
          <Button variant="outline" onClick={onPrint} className="flex-1 sm:flex-none">
            <Printer aria-hidden />
            {t('page.printCards')}
          </Button>
          <Button
            onClick={() => setDialog({ open: true, editing: null })}
            className="flex-1 sm:flex-none"
          >
            <UserPlus aria-hidden />
            {t('page.addOperator')}
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Card>
          <CardHeader className="pb-3">
            <CardTitle>{t('current.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="text-muted-foreground">{t('current.companyName')}</dt>
                <dd className="font-medium">{companyName}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('current.timeZone')}</dt>
                <dd className="font-medium" data-testid="company-time-zone">
                  {timeZone}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('current.operatorPassword')}</dt>
                <dd className="flex items-center gap-2 font-medium">
                  {password ? (
                    <>
                      <span className="font-mono" data-testid="operator-password">
                        {reveal ? password : '•'.repeat(Math.min(12, Math.max(8, password.length)))}
                      </span>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="h-8 w-8"
                        aria-pressed={reveal}
                        aria-label={reveal ? t('current.hide') : t('current.reveal')}
                        onClick={() => setReveal((r) => !r)}
                      >
                        {reveal ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
                      </Button>
                    </>
                  ) : (
                    <span className="text-amber-700">{t('current.notSet')}</span>
                  )}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <Card className="border-blue-200 bg-blue-50/60">
          <CardHeader className="pb-3">
            <CardTitle className="flex items-center gap-2">
              <Info className="h-5 w-5 text-blue-700" aria-hidden />
              {t('explain.title')}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <p>{t('explain.usernames')}</p>
            <p>{t('explain.password')}</p>
            <p>{t('explain.where', { url: `${window.location.origin}/employee-login` })}</p>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-3">
          <CardTitle>
            {t('table.title')} ({operators.length})
          </CardTitle>
          <Button variant="outline" size="sm" onClick={onExport}>
            <Download aria-hidden />
            {t('page.export')}
          </Button>
        </CardHeader>
        <CardContent>
          {employees.isSuccess && operators.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">{t('table.empty')}</p>
          ) : null}
          {operators.length > 0 ? (
            <>
              <div className="hidden lg:block">
                <DataTable
                  rows={operators}
                  rowKey={(op) => op.id}
                  columns={[
                    {
                      key: 'name',
                      head: t('table.name'),
                      cellClassName: 'font-medium',
                      cell: fullName,
                    },
                    { key: 'username', head: t('table.username'), cell: usernameCell },
                    {
                      key: 'created',
                      head: t('table.created'),
                      cell: (op) => formatDate(op.createdAt),
                    },
                    {
                      key: 'actions',
                      head: t('table.actions'),
                      headClassName: 'w-28',
                      cell: rowActions,
                    },
                  ]}
                />
              </div>
              <ul className="grid gap-3 lg:hidden">
                {operators.map((op) => (
                  <li key={op.id} className="rounded-md border p-3">
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="font-medium">{fullName(op)}</p>
                        <p className="text-xs text-muted-foreground">
                          {t('table.created')}: {formatDate(op.createdAt)}
                        </p>
                      </div>
                      {rowActions(op)}
                    </div>
                    <div className="mt-2 flex items-center gap-2 text-sm">
                      <span className="text-muted-foreground">{t('table.username')}:</span>
                      {usernameCell(op)}
                    </div>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </CardContent>
      </Card>

      {user?.role === 'owner' ? <ManagersSection /> : null}
      <ManagersSection kind="technicians" />

      <CompanySettingsDialog
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        companyName={companyName}
        timeZone={timeZone}
      />
      <OperatorDialog
        open={dialog.open}
        editing={dialog.editing}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        passwordSet={settings.data?.hasMasterPassword ?? true}
        onSetPassword={() => setSettingsOpen(true)}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t('deleteDialog.title')}
        description={t('deleteDialog.description', {
          name: removing ? fullName(removing) : '',
          username: removing?.operatorUsername ?? '',
        })}
        cancelLabel={tc('actions.cancel')}
        confirmLabel={t('deleteDialog.confirm')}
        onConfirm={confirmRemove}
      />
      {printing && password ? (
        <AccessCardsView
          operators={operators}
          companyName={companyName}
          password={password}
          onClose={() => setPrinting(false)}
        />
      ) : null}
    </main>
  );
}
