import { PageTitleOnly } from '@/components/page-title-only';

/** Placeholder until its issue builds the page. */
export default function Page() {
  return <PageTitleOnly titleKey="titles.signup" />;
}
