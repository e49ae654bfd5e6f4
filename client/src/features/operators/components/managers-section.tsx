import { Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { operatorsMessages } from '@domain/messages/operators';
import { managerInputSchema, type EmployeeDto, type ManagerInput } from '@domain/schemas/operators';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog } from '@/components/form-dialog';
import { invalidProps } from '@/components/form-field-props';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/format';
import { useCreateManager, useDeleteManager, useManagers, type StaffKind } from '../api/managers';
import { useMessage } from '@/lib/use-message';
import { toastFailure } from '@/components/toast-failure';

const fullName = (m: EmployeeDto) =>
  [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email || '';

/**
 * The owner's managers, and (issue 27) the technicians owners and managers add the same way: add (name,
 * email, initial password), list, remove.
 */
export function ManagersSection({ kind = 'managers' }: { kind?: StaffKind }) {
  // The technicians' texts are in the workOrders namespace (the operator screen never loads them).
  const { t } = useTranslation(kind === 'managers' ? 'operators' : 'workOrders');
  const { t: tc } = useTranslation('common');
  const managers = useManagers(true, kind);
  const create = useCreateManager(kind);
  const remove = useDeleteManager(kind);
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState<EmployeeDto | null>(null);
  const msg = useMessage();
  // The API's schema: both names, a valid email, a password of the operator password's rules.
  const form = useForm<ManagerInput>({
    resolver: zodResolver(managerInputSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const onValid = (body: ManagerInput) =>
    create.mutate(body, {
      onSuccess: (m) => {
        toast({
          title: t(kind === 'managers' ? 'toast.managerAdded' : 'toast.technicianAdded'),
          description: t(
            kind === 'managers' ? 'toast.managerAddedBody' : 'toast.technicianAddedBody',
            { name: fullName(m), email: m.email ?? '' },
          ),
        });
        form.reset();
        setOpen(false);
      },
      onError: (err) =>
        toastFailure(
          t,
          t(kind === 'managers' ? 'toast.managerAddFailed' : 'toast.technicianAddFailed'),
          err,
        ),
    });
  // The spec's notice when a field is empty; every broken rule is also said under its field.
  const onInvalid = (e: FieldErrors<ManagerInput>) => {
    if (Object.values(e).some((x) => x?.message === operatorsMessages.missingInformation))
      toast({
        title: t('toast.missingTitle'),
        description: t('toast.missingBody'),
        variant: 'destructive',
      });
  };
  const field = (key: keyof ManagerInput) => ({
    ...invalidProps(errors[key], `mgr-${key}`),
    ...form.register(key),
  });
  const errorOf = (key: keyof ManagerInput) => msg(errors[key]?.message);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t(`${kind}.title`)}</CardTitle>
          <CardDescription>{t(`${kind}.description`)}</CardDescription>
        </div>
        <Button variant="outline" onClick={() => setOpen(true)}>
          <UserPlus aria-hidden />
          {t(`${kind}.add`)}
        </Button>
      </CardHeader>
      <CardContent>
        {managers.data && managers.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t(`${kind}.empty`)}</p>
        ) : null}
        <ul className="divide-y">
          {(managers.data ?? []).map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{fullName(m)}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {m.email} · {t(`${kind}.created`)} {formatDate(m.createdAt)}
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t(`${kind}.remove`, { name: fullName(m) })}
                onClick={() => setRemoving(m)}
              >
                <Trash2 className="text-destructive" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>

      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={t(`${kind}.dialogTitle`)}
        description={t(`${kind}.dialogDescription`)}
        onSubmit={form.handleSubmit(onValid, onInvalid)}
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            id="mgr-firstName"
            label={t(`${kind}.firstName`)}
            error={errorOf('firstName')}
            className="gap-2"
          >
            <Input id="mgr-firstName" autoComplete="off" {...field('firstName')} />
          </FormField>
          <FormField
            id="mgr-lastName"
            label={t(`${kind}.lastName`)}
            error={errorOf('lastName')}
            className="gap-2"
          >
            <Input id="mgr-lastName" autoComplete="off" {...field('lastName')} />
          </FormField>
        </div>
        <FormField
          id="mgr-email"
          label={t(`${kind}.email`)}
          error={errorOf('email')}
          className="gap-2"
        >
          <Input id="mgr-email" type="email" autoComplete="off" {...field('email')} />
        </FormField>
        <FormField
          id="mgr-password"
          label={t(`${kind}.password`)}
          error={errorOf('password')}
          hint={t(`${kind}.passwordHint`)}
          className="gap-2"
        >
          <PasswordInput id="mgr-password" autoComplete="new-password" {...field('password')} />
        </FormField>
        <DialogFooter>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t(`${kind}.saving`) : t(`${kind}.add`)}
          </Button>
        </DialogFooter>
      </FormDialog>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t(`${kind}.deleteTitle`)}
        description={t(`${kind}.deleteDescription`, {
          name: removing ? fullName(removing) : '',
        })}
        cancelLabel={tc('actions.cancel')}
        confirmLabel={t(`${kind}.confirm`)}
        onConfirm={() => {
          if (!removing) return;
          const name = fullName(removing);
          remove.mutate(removing.id, {
            onSuccess: () =>
              toast({
                title: t(kind === 'managers' ? 'toast.managerRemoved' : 'toast.technicianRemoved'),
                description: name,
              }),
            onError: (err) =>
              toastFailure(
                t,
                t(
                  kind === 'managers'
                    ? 'toast.managerRemoveFailed'
                    : 'toast.technicianRemoveFailed',
                ),
                err,
              ),
          });
          setRemoving(null);
        }}
      />
    </Card>
  );
}
