import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  employeeInputSchema,
  type EmployeeDto,
  type EmployeeInput,
} from '@domain/schemas/operators';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog } from '@/components/form-dialog';
import { invalidProps } from '@/components/form-field-props';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { toast } from '@/components/ui/use-toast';
import { useCreateEmployee, useUpdateEmployee } from '../api/employees';
import { useMessage } from '@/lib/use-message';
import { toastFailure } from '@/components/toast-failure';

const NAME_FIELDS = [
  ['firstName', 'opFirstName'],
  ['lastName', 'opLastName'],
] as const;

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
  const msg = useMessage();
  // The API's schema: both names required, trimmed, 60 characters at most.
  const form = useForm<EmployeeInput>({
    resolver: zodResolver(employeeInputSchema),
    defaultValues: { firstName: '', lastName: '' },
  });
  const { errors } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ firstName: editing?.firstName ?? '', lastName: editing?.lastName ?? '' });
  }, [open, editing, reset]);

  const pending = create.isPending || update.isPending;

  // The spec's notice when a name is missing; each field also says its rule.
  const onInvalid = () =>
    toast({
      title: t('toast.missingTitle'),
      description: t('toast.missingBody'),
      variant: 'destructive',
    });

  const onValid = (body: EmployeeInput) => {
    const name = `${body.firstName} ${body.lastName}`;
    if (editing) {
      update.mutate(
        { id: editing.id, ...body },
        {
          onSuccess: () => {
            toast({ title: t('toast.updated'), description: t('toast.updatedBody', { name }) });
            onOpenChange(false);
          },
          onError: (err) => toastFailure(t, t('toast.updateFailed'), err),
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
        onError: (err) => toastFailure(t, t('toast.addFailed'), err),
      });
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t('operatorDialog.editTitle') : t('operatorDialog.addTitle')}
      description={t('operatorDialog.description')}
      onSubmit={form.handleSubmit(onValid, onInvalid)}
    >
      {NAME_FIELDS.map(([name, id]) => (
        <FormField
          key={name}
          id={id}
          label={t(`operatorDialog.${name}`)}
          error={msg(errors[name]?.message)}
          className="gap-2"
        >
          <Input
            id={id}
            maxLength={60}
            autoComplete="off"
            {...invalidProps(errors[name], id)}
            {...form.register(name)}
          />
        </FormField>
      ))}
      {editing ? (
        <FormField id="opUsername" label={t('operatorDialog.username')} className="gap-2">
          <Input id="opUsername" value={editing.operatorUsername ?? ''} readOnly disabled />
        </FormField>
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
    </FormDialog>
  );
}
