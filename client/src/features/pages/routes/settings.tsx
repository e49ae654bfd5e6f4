import { PageTitleOnly } from '@/components/page-title-only';

/** /settings has a header title only (spec section 2). */
export default function SettingsPage() {
  return <PageTitleOnly titleKey="titles.settings" />;
}
