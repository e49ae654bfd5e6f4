import { BookOpen, Clock, LifeBuoy, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePublicConfig } from '../api/get-config';
import { ContactForm } from '../components/contact-form';

const TOPICS = ['account', 'billing', 'equipment', 'operators', 'bugs', 'feedback'] as const;

export default function ContactPage() {
  const { t } = useTranslation('pages');
  const { supportEmail } = usePublicConfig();
  return (
    <main className="mx-auto grid max-w-6xl gap-6 p-4 md:p-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{t('contact.title')}</h1>
        <p className="text-muted-foreground">{t('contact.intro')}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Mail className="h-5 w-5 text-primary" aria-hidden />
              {t('contact.formTitle')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ContactForm supportEmail={supportEmail} />
          </CardContent>
        </Card>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Clock className="h-5 w-5 text-primary" aria-hidden />
                {t('contact.responseTitle')}
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <p>{t('contact.responseBody')}</p>
              {supportEmail && (
                <p>
                  {t('contact.writeTo')}{' '}
                  <a
                    className="font-medium text-primary underline underline-offset-2"
                    href={`mailto:${supportEmail}`}
                  >
                    {supportEmail}
                  </a>
                </p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <LifeBuoy className="h-5 w-5 text-primary" aria-hidden />
                {t('contact.topicsTitle')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid list-disc gap-1.5 pl-5 text-sm">
                {TOPICS.map((k) => (
                  <li key={k}>{t(`contact.topics.${k}`)}</li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <BookOpen className="h-5 w-5 text-primary" aria-hidden />
                {t('contact.guideTitle')}
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <p>{t('contact.guideBody')}</p>
              <Link
                to="/instructions"
                className="font-medium text-primary underline underline-offset-2"
              >
                {t('contact.guideLink')}
              </Link>
            </CardContent>
          </Card>
        </div>
      </div>
    </main>
  );
}
