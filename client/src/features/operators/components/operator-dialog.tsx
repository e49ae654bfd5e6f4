import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeDto } from '@domain/schemas/operators';
import { Button } from '@/components/ui/button';
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
import { toast } from '@/components/ui/use-toast';
import { useCreateEmployee, useUpdateEmployee } from '../api/employees';
import { translateError } from '@/lib/translate-message';

/**
 * Add (editing = null) or edit an operator: first and last name. The username never changes. Added
 * while the company has no operator password: the toast says so and leads to setting it.
 */
export function OperatorDialog({
  open,
  onOpenChange,
  editing,
  passwordSet,
  onSetPassword,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  editing: EmployeeDto | null;
  passwordSet: boolean;
  onSetPassword: () => void;
}) {
  const { t } = useTranslation('operators');
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');

  useEffect(() => {
    if (open) {
      setFirstName(editing?.firstName ?? '');
      setLastName(editing?.lastName ?? '');
    }
  }, [open, editing]);

  const pending = create.isPending || update.isPending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = { firstName: firstName.trim(), lastName: lastName.trim() };
    if (!body.firstName || !body.lastName) {
      toast({
        title: t('toast.missingTitle'),
        description: t('toast.missingBody'),
        variant: 'destructive',
      });
      return;
    }
    const name = `${body.firstName} ${body.lastName}`;
    if (editing) {
      update.mutate(
        { id: editing.id, ...body },
        {
          onSuccess: () => {
            toast({ title: t('toast.updated'), description: t('toast.updatedBody', { name }) });
            onOpenChange(false);
          },
          onError: (err) =>
            toast({
              title: t('toast.updateFailed'),
              description: translateError(t, err),
              variant: 'destructive',
            }),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (op) => {
          const username = op.operatorUsername ?? '';
          toast(
            passwordSet
              ? { title: t('toast.added'), description: t('toast.addedBody', { name, username }) }
              : {
                  title: t('toast.added'),
                  description: t('toast.addedNoPassword', { name, username }),
                  action: { label: t('toast.setPassword'), onClick: onSetPassword },
                },
          );
          onOpenChange(false);
        },
        onError: (err) =>
          toast({
            title: t('toast.addFailed'),
            description: translateError(t, err),
            variant: 'destructive',
          }),
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {editing ? t('operatorDialog.editTitle') : t('operatorDialog.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('operatorDialog.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor="opFirstName">{t('operatorDialog.firstName')}</Label>
            <Input
              id="opFirstName"
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
              maxLength={60}
              autoComplete="off"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="opLastName">{t('operatorDialog.lastName')}</Label>
            <Input
              id="opLastName"
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
              maxLength={60}
              autoComplete="off"
            />
          </div>
          {editing ? (
            <div className="grid gap-2">
              <Label htmlFor="opUsername">{t('operatorDialog.username')}</Label>
              <Input id="opUsername" value={editing.operatorUsername ?? ''} readOnly disabled />
            </div>
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              {pending
                ? t('operatorDialog.saving')
                : editing
                  ? t('operatorDialog.save')
                  : t('operatorDialog.add')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
