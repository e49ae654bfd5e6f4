import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { buildMailto } from './mailto';

type Fields = { name: string; email: string; subject: string; message: string };
const EMPTY: Fields = { name: '', email: '', subject: '', message: '' };

/** Opens the user's mail client through a real link click (works in every browser, nothing goes to our server). */
function openMailClient(href: string) {
  const a = document.createElement('a');
  a.href = href;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * The contact form (landing page and /contact): name, email, subject and message are all required;
 * sending opens the mail client with a pre-filled message to the support address.
 */
export function ContactForm({ supportEmail }: { supportEmail: string | null }) {
  const { t } = useTranslation('pages');
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));
  const missing = (key: keyof Fields) => tried && fields[key].trim() === '';

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTried(true);
    const values = {
      name: fields.name.trim(),
      email: fields.email.trim(),
      subject: fields.subject.trim(),
      message: fields.message.trim(),
    };
    if (!values.name || !values.email || !values.subject || !values.message) {
      setError(t('contact.required'));
      return;
    }
    setError(null);
    const to = supportEmail ?? '';
    const body = t('contact.bodyTemplate', {
      name: values.name,
      email: values.email,
      message: values.message,
    });
    openMailClient(buildMailto(to, values.subject, body));
    toast({ title: t('contact.opening'), description: t('contact.openingBody', { email: to }) });
    setFields(EMPTY);
    setTried(false);
  };

  const field = (
    key: 'name' | 'email' | 'subject',
    type: 'text' | 'email',
    autoComplete: string,
  ) => (
    <FormField id={`${id}-${key}`} label={t(`contact.${key}`)}>
      <Input
        id={`${id}-${key}`}
        name={key}
        type={type}
        autoComplete={autoComplete}
        value={fields[key]}
        onChange={set(key)}
        placeholder={t(`contact.${key}Placeholder`)}
        aria-invalid={missing(key) || undefined}
        aria-required
        {...(missing(key) ? { 'aria-describedby': `${id}-error` } : {})}
      />
    </FormField>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {field('name', 'text', 'name')}
        {field('email', 'email', 'email')}
      </div>
      {field('subject', 'text', 'off')}
      <FormField id={`${id}-message`} label={t('contact.message')}>
        <Textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          value={fields.message}
          onChange={set('message')}
          placeholder={t('contact.messagePlaceholder')}
          aria-invalid={missing('message') || undefined}
          aria-required
          {...(missing('message') ? { 'aria-describedby': `${id}-error` } : {})}
        />
      </FormField>
      <FieldError id={`${id}-error`} message={error ?? undefined} />
      <div>
        <Button type="submit">
          <Send aria-hidden />
          {t('contact.send')}
        </Button>
      </div>
    </form>
  );
}
