import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { equipmentTypes } from '@domain/kinds';
import { FormDialog } from '@/components/form-dialog';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import {
  itemKinds,
  templateFormSchema,
  type ItemKind,
  type TemplateDto,
  type TemplateFormValues,
  type TemplateInput,
} from '@domain/schemas/inspections';
import { FormField } from '@/components/form-field';
import { FieldError } from '@/components/ui/label';
import { invalidProps } from '@/components/form-field-props';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CheckboxField } from '@/components/checkbox-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { translateError } from '@/lib/translate-message';
import { useMessage } from '@/lib/use-message';
import { useMachineSearch, useSaveTemplate } from '../api/inspections-api';

type EquipmentType = (typeof equipmentTypes)[number];

type Item = {
  id: string;
  label: string;
  help: string;
  kind: ItemKind;
  unit: string;
  required: boolean;
  critical: boolean;
};

const newId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID().slice(0, 8)
    : Math.random().toString(36).slice(2, 10);

const blankItem = (): Item => ({
  id: newId(),
  label: '',
  help: '',
  kind: 'passFail',
  unit: '',
  required: true,
  critical: false,
});

/**
 * Create or edit a checklist template: its name, the equipment types it applies to, whether it is a
 * daily checklist, and its items (label, help, kind, unit, required, critical). The form checks with
 * the server's own schema (`templateFormSchema`, piped into `templateInputSchema`, domain/schemas/inspections.ts) through
 * `zodResolver`: each rule is shown under its field (an item's under that item), translated.
 */
export function TemplateEditor({
  template,
  onClose,
}: {
  /** null: a new template. */
  template: TemplateDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['inspections', 'equipment', 'messages']);
  const msg = useMessage();
  const save = useSaveTemplate();
  const [machineSearch, setMachineSearch] = useState('');
  const machines = useMachineSearch(machineSearch);
  const form = useForm<TemplateFormValues, unknown, TemplateInput>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: {
      name: template?.name ?? '',
      equipmentTypes: (template?.equipmentTypes ?? []).filter((x): x is EquipmentType =>
        (equipmentTypes as readonly string[]).includes(x),
      ),
      equipmentIds: template?.equipmentIds ?? [],
      daily: template?.daily ?? true,
      items: template?.items ?? [blankItem()],
    },
  });
  const { errors } = form.formState;
  // keyName: an item's own `id` is part of its value (answers and defects name it).
  const items = useFieldArray({ control: form.control, name: 'items', keyName: 'key' });
  const kinds = form.watch('items').map((it) => it.kind);
  const nameError = msg(errors.name?.message);
  const typesError = msg(errors.equipmentTypes?.message);
  const itemsError = msg(errors.items?.message ?? errors.items?.root?.message);

  const onValid = (body: TemplateInput) =>
    save.mutate(
      { id: template?.id ?? null, body },
      {
        onSuccess: () => {
          toast({ title: t('templates.saved') });
          onClose();
        },
        onError: (err) => form.setError('root', { message: translateError(t, err) }),
      },
    );

  return (
    <FormDialog
      onOpenChange={(o) => (o ? null : onClose())}
      onSubmit={form.handleSubmit(onValid)}
      title={template ? t('templates.edit') : t('templates.new')}
      description={t('templates.editorHint')}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <FormField id="template-name" label={t('templates.name')} error={nameError} className="gap-2">
        <Input
          id="template-name"
          maxLength={100}
          {...form.register('name')}
          {...invalidProps(nameError, 'template-name')}
        />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('templates.appliesTo')}</legend>
        <Controller
          control={form.control}
          name="equipmentTypes"
          render={({ field }) => (
            <div
              className="flex flex-wrap gap-4"
              role="group"
              aria-label={t('templates.appliesTo')}
              {...invalidProps(typesError, 'template-types')}
            >
              {equipmentTypes.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={field.value.includes(type)}
                    onCheckedChange={(c) =>
                      field.onChange(
                        c === true ? [...field.value, type] : field.value.filter((x) => x !== type),
                      )
                    }
                  />
                  {t(`equipment:types.${type}`)}
                </label>
              ))}
            </div>
          )}
        />
        <FieldError id="template-types-error" message={typesError} />
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('templates.machines')}</legend>
        <Input
          type="search"
          aria-label={t('templates.machineSearch')}
          placeholder={t('templates.machineSearch')}
          value={machineSearch}
          onChange={(e) => setMachineSearch(e.target.value)}
          maxLength={200}
        />
        <Controller
          control={form.control}
          name="equipmentIds"
          render={({ field }) => (
            <>
              <div className="grid max-h-40 gap-1 overflow-y-auto rounded-md border p-2">
                {(machines.data?.items ?? []).map((m) => (
                  <label key={m.id} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={field.value.includes(m.id)}
                      onCheckedChange={(c) =>
                        field.onChange(
                          c === true
                            ? [...field.value, m.id]
                            : field.value.filter((x) => x !== m.id),
                        )
                      }
                    />
                    {m.name}
                    <span className="text-muted-foreground">
                      ({t(`equipment:types.${m.type}`, { defaultValue: m.type })})
                    </span>
                  </label>
                ))}
              </div>
              <div className="flex items-center gap-2 text-xs text-muted-foreground">
                {t('templates.alsoMachines', { count: field.value.length })}
                {field.value.length > 0 ? (
                  <Button type="button" variant="link" size="sm" onClick={() => field.onChange([])}>
                    {t('templates.clearMachines')}
                  </Button>
                ) : null}
              </div>
            </>
          )}
        />
      </fieldset>
      <CheckboxField control={form.control} name="daily">
        {t('templates.daily')}
      </CheckboxField>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">{t('templates.items')}</legend>
        {items.fields.map((item, i) => {
          const e = errors.items?.[i];
          const labelError = msg(e?.label?.message ?? e?.id?.message);
          const helpError = msg(e?.help?.message);
          const unitError = msg(e?.unit?.message);
          const kind = kinds[i] ?? item.kind;
          return (
            <div
              key={item.key}
              className="grid gap-2 rounded-md border p-3"
              role="group"
              aria-label={t('templates.itemN', { n: i + 1 })}
            >
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_10rem]">
                <FormField
                  id={`label-${item.id}`}
                  label={t('templates.label')}
                  error={labelError}
                  className="gap-1"
                >
                  <Input
                    id={`label-${item.id}`}
                    maxLength={120}
                    {...form.register(`items.${i}.label`)}
                    {...invalidProps(labelError, `label-${item.id}`)}
                  />
                </FormField>
                <FormField id={`kind-${item.id}`} label={t('templates.kind')} className="gap-1">
                  <NativeSelect id={`kind-${item.id}`} {...form.register(`items.${i}.kind`)}>
                    {itemKinds.map((k) => (
                      <option key={k} value={k}>
                        {t(`kinds.${k}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              </div>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_10rem]">
                <FormField
                  id={`help-${item.id}`}
                  label={t('templates.help')}
                  error={helpError}
                  className="gap-1"
                >
                  <Input
                    id={`help-${item.id}`}
                    maxLength={300}
                    {...form.register(`items.${i}.help`)}
                    {...invalidProps(helpError, `help-${item.id}`)}
                  />
                </FormField>
                {kind === 'number' ? (
                  <FormField
                    id={`unit-${item.id}`}
                    label={t('templates.unit')}
                    error={unitError}
                    className="gap-1"
                  >
                    <Input
                      id={`unit-${item.id}`}
                      maxLength={20}
                      {...form.register(`items.${i}.unit`)}
                      {...invalidProps(unitError, `unit-${item.id}`)}
                    />
                  </FormField>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center gap-4">
                <CheckboxField control={form.control} name={`items.${i}.required`}>
                  {t('templates.required')}
                </CheckboxField>
                {kind === 'passFail' ? (
                  <CheckboxField control={form.control} name={`items.${i}.critical`}>
                    {t('templates.critical')}
                  </CheckboxField>
                ) : null}
                <div className="ml-auto flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={i === 0}
                    onClick={() => items.move(i, i - 1)}
                    aria-label={t('templates.moveUp')}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={i === items.fields.length - 1}
                    onClick={() => items.move(i, i + 1)}
                    aria-label={t('templates.moveDown')}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => items.remove(i)}
                    aria-label={t('templates.removeItem')}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
            </div>
          );
        })}
        <FieldError id="template-items-error" message={itemsError} />
        <Button type="button" variant="outline" onClick={() => items.append(blankItem())}>
          <Plus aria-hidden />
          {t('templates.addItem')}
        </Button>
      </fieldset>
      <FormDialogFooter
        error={errors.root?.message}
        className="gap-2"
        cancelLabel={t('actions.cancel')}
        onCancel={onClose}
        submitLabel={t('actions.save')}
        pending={save.isPending}
        pendingLabel={t('actions.saving')}
      />
    </FormDialog>
  );
}
