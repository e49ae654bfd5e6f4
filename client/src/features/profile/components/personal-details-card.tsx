import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@domain/schemas/auth';
import {
  updateProfileFormSchema,
  updateProfileSchema,
  type UpdateProfileFormValues,
} from '@domain/schemas/profile';
import { FormField } from '@/components/form-field';
import { fieldProps } from '@/components/form-field-props';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { roleLabelKey } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useUpdateProfile } from '../api/update-profile';
import { useMessage } from '@/lib/use-message';
import { DetailRow } from './detail-row';
import { EditableCardHeader } from './editable-card-header';
import { EditFormActions } from './edit-form-actions';
import { useCardSave } from './use-card-save';

type Values = { firstName: string; lastName: string; email: string; secondaryEmail: string };

/** Personal details for everyone: view mode, Edit, then Save or Cancel. */
export function PersonalDetailsCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const msg = useMessage();
  const save = useCardSave();
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const isOperator = user.role === 'operator';
  const initial: Values = {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    secondaryEmail: user.secondaryEmail ?? '',
  };
  const form = useForm<UpdateProfileFormValues, unknown, Values>({
    resolver: zodResolver(isOperator ? updateProfileSchema : updateProfileFormSchema),
    defaultValues: initial,
  });
  const { errors } = form.formState;

  const startEdit = () => {
    form.reset(initial);
    setEditing(true);
  };

  const onSubmit = form.handleSubmit((values) =>
    save(
      () => update.mutateAsync(values),
      { title: t('personal.successTitle'), description: t('personal.successBody') },
      () => setEditing(false),
    ),
  );

  const field = (name: keyof Values) => fieldProps(form, name);
  const orNotSet = (v: string | null) => v || t('notSet');

  return (
    <Card>
      <EditableCardHeader title={t('personal.title')} onEdit={editing ? undefined : startEdit} />
      <CardContent>
        {!editing ? (
          <dl className="grid gap-3">
            <DetailRow
              label={t('personal.firstName')}
              value={orNotSet(user.firstName)}
              muted={!user.firstName}
            />
            <DetailRow
              label={t('personal.lastName')}
              value={orNotSet(user.lastName)}
              muted={!user.lastName}
            />
            {isOperator && user.operatorUsername ? (
              <DetailRow label={t('personal.username')} value={user.operatorUsername} />
            ) : null}
            <DetailRow
              label={t('personal.email')}
              value={orNotSet(user.email)}
              muted={!user.email}
            />
            <DetailRow
              label={t('personal.secondaryEmail')}
              value={orNotSet(user.secondaryEmail)}
              muted={!user.secondaryEmail}
            />
            <DetailRow label={t('personal.role')} value={t(`common:${roleLabelKey(user.role)}`)} />
            <DetailRow label={t('personal.memberSince')} value={formatDate(user.createdAt)} />
          </dl>
        ) : (
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <FormField
                id="firstName"
                label={t('personal.firstName')}
                error={msg(errors.firstName?.message)}
              >
                <Input id="firstName" autoComplete="given-name" {...field('firstName')} />
              </FormField>
              <FormField
                id="lastName"
                label={t('personal.lastName')}
                error={msg(errors.lastName?.message)}
              >
                <Input id="lastName" autoComplete="family-name" {...field('lastName')} />
              </FormField>
            </div>
            <FormField id="email" label={t('personal.email')} error={msg(errors.email?.message)}>
              <Input id="email" type="email" autoComplete="email" {...field('email')} />
            </FormField>
            <FormField
              id="secondaryEmail"
              label={t('personal.secondaryEmail')}
              error={msg(errors.secondaryEmail?.message)}
              hint={t('personal.secondaryHint')}
            >
              <Input id="secondaryEmail" type="email" {...field('secondaryEmail')} />
            </FormField>
            <EditFormActions onCancel={() => setEditing(false)} saving={update.isPending} />
          </form>
        )}
      </CardContent>
    </Card>
  );
}
