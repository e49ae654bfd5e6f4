import { taskCategories, taskTimeUnits } from '@domain/schedule';
import type { ComponentProps } from 'react';
import { get, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { invalidProps } from '@/components/form-field-props';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { companyToday } from '@/lib/auth';
import { useMessage } from '@/lib/use-message';
import { fieldErrorsOf } from '@/lib/translate-message';
import { toastFailure } from '@/components/toast-failure';

/**
 * The schedule dialogs' fields (a task's category, interval, last done and estimated cost), the same
 * controls in the task, program and apply-program dialogs. Each takes the props of its control, so
 * `field(...)` (below) registers it and the dialog adds its labels.
 */

/**
 * A form's translated error at a path (also a nested one, `tasks.0.name`), a field's props (its id,
 * registered, marked invalid with its error's id: the one `FormField` writes, `<id>-error`), and what a
 * refused save does: each of the server's field errors under its field (those `keep` keeps), and a
 * toast titled `title` with the reason.
 */
export function useTaskFormFields<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>) {
  const msg = useMessage();
  const { t } = useTranslation('schedule');
  const errorOf = (path: string) =>
    msg((get(form.formState.errors, path) as { message?: string } | undefined)?.message);
  const field = (path: FieldPath<T>, id: string) => ({
    id,
    ...invalidProps(errorOf(path), id),
    ...form.register(path),
  });
  const refused =
    (title: string, keep: (path: string) => boolean = () => true) =>
    (err: unknown) => {
      for (const [path, message] of fieldErrorsOf(err, t))
        if (keep(path)) form.setError(path as FieldPath<T>, { type: 'server', message });
      toastFailure(t, title, err);
    };
  return { errorOf, field, refused };
}

type SelectProps = ComponentProps<typeof NativeSelect>;

/** A select of `values`, each shown as its word `<words>.<value>` in the schedule's strings. */
function WordSelect({
  values,
  words,
  ...props
}: SelectProps & { values: readonly string[]; words: 'categories' | 'unitNames' }) {
  const { t } = useTranslation('schedule');
  return (
    <NativeSelect {...props}>
      {values.map((v) => (
        <option key={v} value={v}>
          {t(`${words}.${v}`)}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The task's category: service, inspection, renewal... */
export const CategorySelect = (props: SelectProps) => (
  <WordSelect values={taskCategories} words="categories" {...props} />
);

/** The unit of the task's time interval: days to years. */
export const TimeUnitSelect = (props: SelectProps) => (
  <WordSelect values={taskTimeUnits} words="unitNames" {...props} />
);

type InputProps = ComponentProps<typeof Input>;

/** A machine's usage (hours, miles...): any number from 0. */
export const UsageInput = (props: InputProps) => (
  <Input type="number" inputMode="decimal" min="0" step="any" {...props} />
);

/** The count of the time interval: a whole number from 1. */
export const TimeCountInput = (props: InputProps) => (
  <Input type="number" inputMode="numeric" min="1" step="1" {...props} />
);

/** An amount of money, to the cent. */
export const CostInput = (props: InputProps) => (
  <Input type="number" inputMode="decimal" min="0" step="0.01" {...props} />
);

/** The day the task was last done: today at the latest (the company's today). */
export const LastDoneDateInput = (props: InputProps) => (
  <Input type="date" max={companyToday()} {...props} />
);
