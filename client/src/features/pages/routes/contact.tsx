import { BookOpen, Clock, LifeBuoy, Mail, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { IconCardTitle } from '@/components/icon-card-title';
import { usePublicConfig } from '../api/get-config';
import { ContactForm } from '../components/contact-form';

const TOPICS = ['account', 'billing', 'equipment', 'operators', 'bugs', 'feedback'] as const;

/** A card whose title starts with an icon. */
function IconCard({
  icon: Icon,
  title,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <IconCardTitle icon={Icon} iconClassName="text-primary">
          {title}
        </IconCardTitle>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}

export default function ContactPage() {
  const { t } = useTranslation('pages');
  const { supportEmail } = usePublicConfig();
  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 p-4 md:p-6">
      <PageHeader title={t('contact.title')} intro={t('contact.intro')} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
        <IconCard icon={Mail} title={t('contact.formTitle')}>
          <ContactForm supportEmail={supportEmail} />
        </IconCard>
        <div className="grid content-start gap-6">
          <IconCard icon={Clock} title={t('contact.responseTitle')} className="grid gap-2 text-sm">
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
          </IconCard>
          <IconCard icon={LifeBuoy} title={t('contact.topicsTitle')}>
            <ul className="grid list-disc gap-1.5 pl-5 text-sm">
              {TOPICS.map((k) => (
                <li key={k}>{t(`contact.topics.${k}`)}</li>
              ))}
            </ul>
          </IconCard>
          <IconCard icon={BookOpen} title={t('contact.guideTitle')} className="grid gap-2 text-sm">
            <p>{t('contact.guideBody')}</p>
            <Link
              to="/instructions"
              className="font-medium text-primary underline underline-offset-2"
            >
              {t('contact.guideLink')}
            </Link>
          </IconCard>
        </div>
      </div>
    </main>
  );
}
