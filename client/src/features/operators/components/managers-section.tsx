import { Trash2, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeDto } from '@domain/schemas/operators';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/format';
import { useCreateManager, useDeleteManager, useManagers, type StaffKind } from '../api/managers';
import { translateError } from '@/lib/translate-message';

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
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [removing, setRemoving] = useState<EmployeeDto | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      email: form.email.trim(),
      password: form.password,
    };
    if (!body.firstName || !body.lastName || !body.email || !body.password) {
      toast({
        title: t('toast.missingTitle'),
        description: t('toast.missingBody'),
        variant: 'destructive',
      });
      return;
    }
    create.mutate(body, {
      onSuccess: (m) => {
        toast({
          title: t(kind === 'managers' ? 'toast.managerAdded' : 'toast.technicianAdded'),
          description: t(
            kind === 'managers' ? 'toast.managerAddedBody' : 'toast.technicianAddedBody',
            { name: fullName(m), email: m.email ?? '' },
          ),
        });
        setForm({ firstName: '', lastName: '', email: '', password: '' });
        setOpen(false);
      },
      onError: (err) =>
        toast({
          title: t(kind === 'managers' ? 'toast.managerAddFailed' : 'toast.technicianAddFailed'),
          description: translateError(t, err),
          variant: 'destructive',
        }),
    });
  };

  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setForm((f) => ({ ...f, [key]: e.target.value })),
  });

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

      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t(`${kind}.dialogTitle`)}</DialogTitle>
            <DialogDescription>{t(`${kind}.dialogDescription`)}</DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor="mgrFirstName">{t(`${kind}.firstName`)}</Label>
                <Input id="mgrFirstName" autoComplete="off" {...field('firstName')} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="mgrLastName">{t(`${kind}.lastName`)}</Label>
                <Input id="mgrLastName" autoComplete="off" {...field('lastName')} />
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="mgrEmail">{t(`${kind}.email`)}</Label>
              <Input id="mgrEmail" type="email" autoComplete="off" {...field('email')} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="mgrPassword">{t(`${kind}.password`)}</Label>
              <PasswordInput
                id="mgrPassword"
                autoComplete="new-password"
                aria-describedby="mgrPasswordHint"
                {...field('password')}
              />
              <p id="mgrPasswordHint" className="text-xs text-muted-foreground">
                {t(`${kind}.passwordHint`)}
              </p>
            </div>
            <DialogFooter>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? t(`${kind}.saving`) : t(`${kind}.add`)}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <AlertDialog open={removing !== null} onOpenChange={(o) => !o && setRemoving(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t(`${kind}.deleteTitle`)}</AlertDialogTitle>
            <AlertDialogDescription>
              {t(`${kind}.deleteDescription`, { name: removing ? fullName(removing) : '' })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{tc('actions.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              destructive
              onClick={() => {
                if (!removing) return;
                const name = fullName(removing);
                remove.mutate(removing.id, {
                  onSuccess: () =>
                    toast({
                      title: t(
                        kind === 'managers' ? 'toast.managerRemoved' : 'toast.technicianRemoved',
                      ),
                      description: name,
                    }),
                  onError: (err) =>
                    toast({
                      title: t(
                        kind === 'managers'
                          ? 'toast.managerRemoveFailed'
                          : 'toast.technicianRemoveFailed',
                      ),
                      description: translateError(t, err),
                      variant: 'destructive',
                    }),
                });
                setRemoving(null);
              }}
            >
              {t(`${kind}.confirm`)}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
