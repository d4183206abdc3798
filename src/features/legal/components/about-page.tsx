import { useTranslation } from 'react-i18next';
import { ArticlePage } from '../../../lib/components/article-page';
import { readSections } from '../sections';

/** /about: who we are, how we work, and join us (#join-us). */
export function AboutPage() {
  const { t } = useTranslation();
  return <ArticlePage title={t('about.title')} lead={t('about.lead')} tocLabel={t('legal.toc')} sections={readSections(t, 'about.sections')} />;
}
