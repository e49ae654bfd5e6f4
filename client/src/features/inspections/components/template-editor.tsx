import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { equipmentTypes } from '@domain/kinds';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import {
  itemKinds,
  templateInputSchema,
  type ItemKind,
  type TemplateDto,
} from '@domain/schemas/inspections';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { translateError, translateMessage } from '@/lib/translate-message';
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
 * the server's own schema (domain/schemas/inspections.ts) and shows its messages translated.
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
  const save = useSaveTemplate();
  const [name, setName] = useState(template?.name ?? '');
  const [types, setTypes] = useState<EquipmentType[]>(
    (template?.equipmentTypes ?? []).filter((x): x is EquipmentType =>
      (equipmentTypes as readonly string[]).includes(x),
    ),
  );
  const [machineIds, setMachineIds] = useState<string[]>(template?.equipmentIds ?? []);
  const [machineSearch, setMachineSearch] = useState('');
  const machines = useMachineSearch(machineSearch);
  const [daily, setDaily] = useState(template?.daily ?? true);
  const [items, setItems] = useState<Item[]>(template?.items ?? [blankItem()]);
  const [error, setError] = useState<string | null>(null);

  const setItem = (i: number, patch: Partial<Item>) =>
    setItems((all) => all.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const move = (i: number, by: -1 | 1) =>
    setItems((all) => {
      const next = [...all];
      const [it] = next.splice(i, 1);
      if (it) next.splice(i + by, 0, it);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name,
      equipmentTypes: types,
      equipmentIds: machineIds,
      daily,
      items,
    };
    const parsed = templateInputSchema.safeParse(body);
    if (!parsed.success) {
      const msg = parsed.error.issues[0]?.message ?? '';
      setError(translateMessage(t, msg) ?? msg);
      return;
    }
    setError(null);
    save.mutate(
      { id: template?.id ?? null, body },
      {
        onSuccess: () => {
          toast({ title: t('templates.saved') });
          onClose();
        },
        onError: (err) => setError(translateError(t, err)),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(o) => (o ? null : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{template ? t('templates.edit') : t('templates.new')}</DialogTitle>
            <DialogDescription>{t('templates.editorHint')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="template-name">{t('templates.name')}</Label>
            <Input
              id="template-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('templates.appliesTo')}</legend>
            <div className="flex flex-wrap gap-4">
              {equipmentTypes.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={types.includes(type)}
                    onCheckedChange={(c) =>
                      setTypes((all) =>
                        c === true ? [...all, type] : all.filter((x) => x !== type),
                      )
                    }
                  />
                  {t(`equipment:types.${type}`)}
                </label>
              ))}
            </div>
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
            <div className="grid max-h-40 gap-1 overflow-y-auto rounded-md border p-2">
              {(machines.data?.items ?? []).map((m) => (
                <label key={m.id} className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={machineIds.includes(m.id)}
                    onCheckedChange={(c) =>
                      setMachineIds((all) =>
                        c === true ? [...all, m.id] : all.filter((x) => x !== m.id),
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
              {t('templates.alsoMachines', { count: machineIds.length })}
              {machineIds.length > 0 ? (
                <Button type="button" variant="link" size="sm" onClick={() => setMachineIds([])}>
                  {t('templates.clearMachines')}
                </Button>
              ) : null}
            </div>
          </fieldset>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={daily} onCheckedChange={(c) => setDaily(c === true)} />
            {t('templates.daily')}
          </label>

          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">{t('templates.items')}</legend>
            {items.map((item, i) => (
              <div
                key={item.id}
                className="grid gap-2 rounded-md border p-3"
                role="group"
                aria-label={t('templates.itemN', { n: i + 1 })}
              >
                <div className="grid gap-2 sm:grid-cols-[1fr_10rem]">
                  <div className="grid gap-1">
                    <Label htmlFor={`label-${item.id}`}>{t('templates.label')}</Label>
                    <Input
                      id={`label-${item.id}`}
                      value={item.label}
                      onChange={(e) => setItem(i, { label: e.target.value })}
                      maxLength={120}
                    />
                  </div>
                  <div className="grid gap-1">
                    <Label htmlFor={`kind-${item.id}`}>{t('templates.kind')}</Label>
                    <NativeSelect
                      id={`kind-${item.id}`}
                      value={item.kind}
                      onChange={(e) => setItem(i, { kind: e.target.value as ItemKind })}
                    >
                      {itemKinds.map((k) => (
                        <option key={k} value={k}>
                          {t(`kinds.${k}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                </div>
                <div className="grid gap-2 sm:grid-cols-[1fr_10rem]">
                  <div className="grid gap-1">
                    <Label htmlFor={`help-${item.id}`}>{t('templates.help')}</Label>
                    <Input
                      id={`help-${item.id}`}
                      value={item.help}
                      onChange={(e) => setItem(i, { help: e.target.value })}
                      maxLength={300}
                    />
                  </div>
                  {item.kind === 'number' ? (
                    <div className="grid gap-1">
                      <Label htmlFor={`unit-${item.id}`}>{t('templates.unit')}</Label>
                      <Input
                        id={`unit-${item.id}`}
                        value={item.unit}
                        onChange={(e) => setItem(i, { unit: e.target.value })}
                        maxLength={20}
                      />
                    </div>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-4">
                  <label className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={item.required}
                      onCheckedChange={(c) => setItem(i, { required: c === true })}
                    />
                    {t('templates.required')}
                  </label>
                  {item.kind === 'passFail' ? (
                    <label className="flex items-center gap-2 text-sm">
                      <Checkbox
                        checked={item.critical}
                        onCheckedChange={(c) => setItem(i, { critical: c === true })}
                      />
                      {t('templates.critical')}
                    </label>
                  ) : null}
                  <div className="ml-auto flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={t('templates.moveUp')}
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      disabled={i === items.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={t('templates.moveDown')}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      onClick={() => setItems((all) => all.filter((_, j) => j !== i))}
                      aria-label={t('templates.removeItem')}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </div>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              onClick={() => setItems((all) => [...all, blankItem()])}
            >
              <Plus aria-hidden />
              {t('templates.addItem')}
            </Button>
          </fieldset>
          <FormDialogFooter
            error={error}
            className="gap-2"
            cancelLabel={t('actions.cancel')}
            onCancel={onClose}
            submitLabel={t('actions.save')}
            pending={save.isPending}
            pendingLabel={t('actions.saving')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
